"""Play of a deal through the State: all-pass talon leads (§6.3), must-trump play, and property tests that
random legal play completes every kind of deal with 10 tricks, every card played once and a record the scorer
accepts (§11.2)."""
import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickcore.cards import Card, Suit
from trickcore.errors import IllegalCall, IllegalPlay
from trickcore.games.base import play_deal
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.record import PROTOCOL_FORMAT
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.variants import VARIANTS, play_settings
from trickcore.games.preferans.vocab import MISERE, TALON, TRICK_BIDS, TalonChoice
from trickcore.scoring.preferans import validate_protocol

# hand1, hand2, hand3 (PBN order S.H.D.C), talon ♠A ♥A
DEAL = PREFERANS.formats.parse_deal("KQJT.KQ.J7.87 987.JT9.AK.K9 .87.QT98.AQJT | SA HA")


def lowest(cards):
    return min(cards, key=lambda c: (c.rank, c.suit))


def new_state(n=3, **overrides):
    """A state of DEAL whose dealer is the last player, so hand k is player k."""
    return PREFERANS.new_state(DEAL, PreferansSetup(dealer=n - 1, variant=play_settings("sochi", **overrides),
                                                    players=n))


def all_pass(mode, n=3):
    state = new_state(n, all_pass_talon=mode)
    for _ in range(3):
        state.apply("pass")
    while not state.is_terminal:
        state.apply(lowest(state.legal_actions()))
    return state.record()


def test_suit_only_talon_leads_and_never_wins():
    deal = all_pass("suit_only")
    first, second, third = deal.tricks[:3]
    assert first.plays[0] == (TALON, Card.parse("SA"))
    assert [c.suit for _, c in first.plays[1:3]] == [Suit.S, Suit.S]   # hand3 is void in spades
    assert first.winner == 0                                              # ♠T, the highest spade played
    assert second.plays[0] == (TALON, Card.parse("HA")) and second.winner != TALON
    assert third.leader == 0
    assert sum(deal.won) == 10 and deal.won[TALON] == 0 and len(deal.tricks) == 10


def test_dealer_owns_the_talon_tricks_when_the_talon_card_wins():
    deal = all_pass("dealer_owns", n=4)
    assert deal.tricks[0].winner == TALON and deal.tricks[1].winner == TALON
    assert deal.won[TALON] == 2 and sum(deal.won) == 10
    assert deal.protocol["tricks"]["D"] == 2                # the sitting-out dealer's talon tricks


def test_dealer_owns_with_three_players_is_suit_only():
    assert all_pass("dealer_owns").tricks == all_pass("suit_only").tricks


def test_no_talon_mode_hand1_leads():
    deal = all_pass("none")
    assert deal.tricks[0].leader == 0 and all(len(t.plays) == 3 for t in deal.tricks)


def _hearts_contract():
    """hand1 declares 6H, discards the talon he took (his ten are unchanged), both defenders whist."""
    state = new_state()
    for call in ("6H", "pass", "pass"):
        state.apply(call)
    state.apply(TalonChoice((Card.parse("SA"), Card.parse("HA")), "6H"))
    state.apply("whist")
    state.apply("whist")
    return state


def test_must_trump_when_void():
    state = _hearts_contract()
    assert state.phase == "play"
    state.apply(Card.parse("ST"))
    state.apply(lowest(state.legal_actions()))
    assert state.current_seat == 2                       # hand3, void in spades, must trump
    assert {c.suit for c in state.legal_actions()} == {Suit.H}
    with pytest.raises(IllegalPlay, match="hand3 .* void in ♠ and must trump"):
        state.apply(Card.parse("DQ"))
    with pytest.raises(IllegalPlay, match="hand3 does not hold it"):
        state.apply(Card.parse("SK"))


def test_must_follow_suit():
    state = _hearts_contract()
    state.apply(Card.parse("ST"))
    with pytest.raises(IllegalPlay, match="hand2 must follow suit"):
        state.apply(Card.parse("HJ"))


# ---- property tests: random legal play, driven by hypothesis ------------------------------------------------

@attrs.define
class DrawAgent:
    """Draws every decision from hypothesis; ``script`` may force auction calls."""

    data: object
    script: object = None
    views: list = attrs.Factory(list)

    def act(self, view):
        self.views.append(view)
        if view.phase == "auction" and self.script is not None:
            call = self.script(view)
            if call is not None:
                return call
        if view.phase == "talon":
            pair = self.data.draw(st.lists(st.sampled_from(view.hand), min_size=2, max_size=2, unique=True))
            return TalonChoice(pair, self.data.draw(st.sampled_from(view.legal)))
        if view.phase == "play":
            return self.data.draw(st.sampled_from(sorted(view.legal)))
        return self.data.draw(st.sampled_from(view.legal))


def scripts(kind, bid):
    """Auction scripts that force the kind of deal: all-pass, misère by hand1, or a trick bid by hand1."""
    def script(view):
        if kind == "all_pass":
            return "pass"
        if not view.auction:
            return MISERE if kind == "misere" else bid
        return "pass"
    return script


def play_hands(deal):
    """The hands as played: the declarer's twelve less his discard."""
    hands = [set(h) for h in deal.hands]
    if deal.declarer is not None:
        hands[deal.declarer] = (hands[deal.declarer] | set(deal.talon)) - set(deal.discard)
    return hands


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), variant=st.sampled_from(VARIANTS), n=st.sampled_from([3, 4]),
       kind=st.sampled_from(["game", "misere", "all_pass", "free"]), bid=st.sampled_from(TRICK_BIDS),
       seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_random_legal_play_completes_every_kind_of_deal(data, variant, n, kind, bid, seed, dealer):
    dealer %= n
    ids = ["A", "B", "C", "D"][:n]
    script = None if kind == "free" else scripts(kind, bid)
    agents = [DrawAgent(data, script) for _ in ids]
    state = PREFERANS.new_state(PREFERANS.deal(seed, 0), PreferansSetup(dealer=dealer,
                                                                        variant=play_settings(variant), players=ids))
    result = play_deal(state, agents).record()
    if kind != "free":
        assert result.kind == kind
    rec = result.protocol
    if "tricks" in rec:
        assert sum(rec["tricks"].values()) == 10 and len(result.tricks) == 10
        assert all(len(t.plays) == (4 if t.leader == TALON else 3) for t in result.tricks)
        # Every card of the hands as played is played once; only the talon leads a trick for nobody.
        played = [c for t in result.tricks for who, c in t.plays if who != TALON]
        assert len(played) == 30 and set(played) == set().union(*play_hands(result))
        assert [c for t in result.tricks for who, c in t.plays if who == TALON] == \
            (list(result.talon) if result.tricks[0].leader == TALON else [])
    else:
        assert result.kind == "game" and result.defence_kind in ("half_whist", "passed_out")
    protocol = {"format": PROTOCOL_FORMAT, "variant": variant, "players": ids, "deals": [rec]}
    validate_protocol(protocol)
    # Views: only the declarer sees the discard; the declarer's hand is never shown to anybody else.
    for agent in agents:
        for v in agent.views:
            if v.phase == "play":
                assert not v.discard or v.player == v.declarer
                if result.declarer is not None and v.player != result.declarer:
                    assert result.declarer not in v.visible


def test_illegal_contract_announcement_is_rejected():
    state = PREFERANS.new_state(PREFERANS.deal(1, 0), PreferansSetup(dealer=2, variant="sochi", players=3))
    for call in ("7D", "pass", "pass"):
        state.apply(call)
    twelve = state.view(state.current_seat).hand
    with pytest.raises(IllegalCall, match="6S may not be announced after winning the auction with 7D"):
        state.apply(TalonChoice(twelve[:2], "6S"))
    with pytest.raises(IllegalPlay, match="two cards of the declarer's twelve"):
        state.apply(TalonChoice((twelve[0], twelve[0]), "7D"))
    with pytest.raises(IllegalCall, match="TalonChoice"):
        state.apply("7D")
    state.apply(TalonChoice(twelve[:2], "7D"))
    assert state.phase == "defence"
