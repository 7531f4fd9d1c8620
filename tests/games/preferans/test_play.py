"""Play of a deal: all-pass talon leads (§6.3), must-trump play, views, and property tests that random legal
play completes every kind of deal with 10 tricks and a record the scorer accepts (§11.2)."""
import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickcore.games.preferans import PREFERANS
from trickcore.games.preferans.cardplay import TALON, play_all_pass, play_tricks, tricks_won
from trickcore.games.preferans.contract import MISERE, TRICK_BIDS
from trickcore.games.preferans.engine import play_deal
from trickcore.games.preferans.match import PROTOCOL_FORMAT
from trickcore.games.preferans.settings import VARIANTS, play_settings
from trickcore.scoring.preferans import validate_protocol
from trickcore.cards import Card, Suit, parse_hand
from trickcore.errors import IllegalCall

# hand1, hand2, hand3 (PBN order S.H.D.C), talon ♠A ♥A
DEAL = "KQJT.KQ.J7.87 987.JT9.AK.K9 .87.QT98.AQJT"
TALON_CARDS = [Card.parse("SA"), Card.parse("HA")]


def hands():
    return [parse_hand(h) for h in DEAL.split()]


def lowest(seat, legal, trick, done):
    return min(legal, key=lambda c: (c.rank, c.suit))


def test_suit_only_talon_leads_and_never_wins():
    tricks = play_all_pass(hands(), TALON_CARDS, "suit_only", lowest)
    first, second, third = tricks[:3]
    assert first.plays[0] == (TALON, Card.parse("SA"))
    assert [c.suit for _, c in first.plays[1:3]] == [Suit.S, Suit.S]   # hand3 is void in spades
    assert first.winner == 0                                              # ♠T, the highest spade played
    assert second.plays[0] == (TALON, Card.parse("HA")) and second.winner != TALON
    assert third.leader == 0
    won = tricks_won(tricks)
    assert sum(won) == 10 and won[TALON] == 0 and len(tricks) == 10


def test_dealer_owns_the_talon_tricks_when_the_talon_card_wins():
    tricks = play_all_pass(hands(), TALON_CARDS, "dealer_owns", lowest)
    assert tricks[0].winner == TALON and tricks[1].winner == TALON
    assert tricks_won(tricks)[TALON] == 2 and sum(tricks_won(tricks)) == 10


def test_no_talon_mode_hand1_leads():
    tricks = play_all_pass(hands(), TALON_CARDS, "none", lowest)
    assert tricks[0].leader == 0 and all(len(t.plays) == 3 for t in tricks)


def test_must_trump_when_void():
    seen = []

    def spy(seat, legal, trick, done):
        seen.append((seat, tuple(trick), tuple(legal)))
        return Card.parse("ST") if not trick and not done else lowest(seat, legal, trick, done)

    play_tricks(hands(), Suit.H, 0, spy)
    seat, trick, legal = seen[2]         # hand3 (void in spades) on hand1's spade lead must trump
    assert seat == 2 and trick[0][1].suit == Suit.S and {c.suit for c in legal} == {Suit.H}


# ---- property tests: random legal play, driven by hypothesis ------------------------------------------------

@attrs.define
class DrawAgent:
    """Draws every decision from hypothesis; ``first_call`` forces hand1's first auction call."""

    data: object
    script: object = None
    views: list = attrs.Factory(list)

    def choose_call(self, view):
        self.views.append(view)
        if view.phase == "auction" and self.script is not None:
            call = self.script(view)
            if call is not None:
                return call
        return self.data.draw(st.sampled_from(view.legal))

    def choose_discard(self, view):
        self.views.append(view)
        pair = self.data.draw(st.lists(st.sampled_from(view.hand), min_size=2, max_size=2, unique=True))
        return tuple(pair), self.data.draw(st.sampled_from(view.legal))

    def choose_card(self, view):
        self.views.append(view)
        return self.data.draw(st.sampled_from(sorted(view.legal)))


def scripts(kind, bid):
    """Auction scripts that force the kind of deal: all-pass, misère by hand1, or a trick bid by hand1."""
    def script(view):
        if kind == "all_pass":
            return "pass"
        if not view.auction:
            return MISERE if kind == "misere" else bid
        return "pass"
    return script


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), variant=st.sampled_from(VARIANTS), n=st.sampled_from([3, 4]),
       kind=st.sampled_from(["game", "misere", "all_pass", "free"]), bid=st.sampled_from(TRICK_BIDS),
       seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_random_legal_play_completes_every_kind_of_deal(data, variant, n, kind, bid, seed, dealer):
    dealer %= n
    s = play_settings(variant)
    ids = ["A", "B", "C", "D"][:n]
    script = None if kind == "free" else scripts(kind, bid)
    agents = [DrawAgent(data, script) for _ in ids]
    result = play_deal(PREFERANS.deal(seed, 0), agents, ids, dealer, s)
    if kind != "free":
        assert result.kind == kind
    rec = result.record
    if "tricks" in rec:
        assert sum(rec["tricks"].values()) == 10 and len(result.tricks) == 10
        for t in result.tricks:
            assert len(t.plays) in (3, 4)
    else:
        assert result.kind == "game" and result.defence_kind in ("half_whist", "passed_out")
    protocol = {"format": PROTOCOL_FORMAT, "variant": variant, "players": ids, "deals": [rec]}
    validate_protocol(protocol)
    # Views: only the declarer sees the discard; the declarer's hand is never shown to anybody else.
    for agent, player in zip(agents, range(n)):
        for v in agent.views:
            if v.phase == "play":
                assert not v.discard or v.player == v.declarer
                if result.declarer is not None and v.player != result.declarer:
                    assert result.declarer not in v.visible


def test_illegal_contract_announcement_is_rejected():
    class Cheat(DrawAgent):
        def choose_discard(self, view):
            return view.hand[:2], "6S"

    agents = [Cheat(None, lambda view: "7D"), DrawAgent(None, lambda view: "pass"),
              DrawAgent(None, lambda view: "pass")]
    with pytest.raises(IllegalCall, match="7D"):
        play_deal(PREFERANS.deal(1, 0), agents, ["A", "B", "C"], 2, play_settings("sochi"))
