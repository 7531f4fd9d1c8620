"""The State protocol of a preferans deal (games.preferans.table): phases, legal actions, illegal actions with the
rule's reason, undo, what each view shows and hides, the open view, and whole deals played by random agents."""
import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trickcore.errors import IllegalCall, IllegalPlay, InputError
from trickcore.games.base import PHASES, State, make_agents, play_deal, run_match
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.table import PreferansState
from trickcore.games.preferans.variants import VARIANTS
from trickcore.games.preferans.vocab import DEALER, TALON, TalonChoice


def snapshot(state):
    """Everything a State shows: phase, who acts, the legal actions and every player's view and open view."""
    return (state.phase, state.current_seat, list(state.legal_actions()),
            [state.view(p) for p in range(state.n)], [state.open_view(p) for p in range(state.n)])


def random_states(seed, variant="sochi", n=3, dealer=0):
    """Every state of one deal played by the registered random agents (the state is copied by replay)."""
    agents, _ = make_agents("preferans", ["random"], n, seed)
    state = PREFERANS.new_state(PREFERANS.deal(seed, 0), PreferansSetup(dealer=dealer, variant=variant, players=n))
    while not state.is_terminal:
        yield state
        state.apply(agents[state.current_seat].act(state.view(state.current_seat)))
    yield state


def test_the_state_is_the_base_protocol_and_starts_with_the_auction():
    state = PREFERANS.new_state(PREFERANS.deal(1, 0), PreferansSetup(dealer=0, variant="sochi", players=3))
    assert isinstance(state, State) and isinstance(state, PreferansState)
    assert state.phase == "auction" and state.current_seat == 1      # hand1 is the dealer's left
    assert state.legal_actions()[:3] == ["pass", "6S", "6C"]           # nothing to hold yet
    with pytest.raises(InputError, match="not over"):
        state.record()
    for players, dealer, words in ((5, 0, "3 or 4 players"), (("A", "B"), 0, "3 or 4 players"),
                                   (3, 3, "player index from 0 to 2"), (4, True, "player index")):
        with pytest.raises(InputError, match=words):
            PREFERANS.new_state(PREFERANS.deal(1, 0), PreferansSetup(dealer=dealer, variant="sochi", players=players))
    with pytest.raises(InputError, match="no player 3"):
        state.view(3)
    with pytest.raises(InputError, match="unknown preferans variant 'bogus'"):
        PREFERANS.new_state(PREFERANS.deal(1, 0), PreferansSetup(dealer=0, variant="bogus", players=3))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("n", [3, 4])
def test_legal_actions_are_never_empty_before_the_end(variant, n):
    phases = set()
    for seed in range(12):
        for state in random_states(seed, variant, n, seed % n):
            assert state.phase in PHASES
            phases.add(state.phase)
            if state.is_terminal:
                assert state.legal_actions() == [] and state.current_seat is None
            else:
                assert state.legal_actions() and 0 <= state.current_seat < n
    assert {"auction", "play", "done"} <= phases


def test_illegal_actions_raise_with_the_rule():
    state = PREFERANS.new_state(PREFERANS.deal(1, 0), PreferansSetup(dealer=2, variant="sochi", players=3))
    state.apply("7D")
    with pytest.raises(IllegalCall, match="6S is not higher than the current bid 7D"):
        state.apply("6S")
    with pytest.raises(IllegalCall, match="not a call"):
        state.apply("7Z")
    state.apply("pass")
    state.apply("pass")
    twelve = state.view(0).hand
    assert state.phase == "talon" and len(twelve) == 12 and state.view(0).legal == ("7D", "7H", "7NT") + tuple(
        f"{lv}{st}" for lv in (8, 9, 10) for st in ("S", "C", "D", "H", "NT"))
    assert len(state.legal_actions()) == 66 * 18 and TalonChoice(twelve[-2:], "7D") in state.legal_actions()
    assert state.view(1).legal == () and state.view(1).talon == state.talon      # the talon is shown to all
    state.apply(TalonChoice(twelve[-2:], "7D"))
    with pytest.raises(IllegalCall, match="half-whist is allowed only"):
        state.apply("half_whist")
    state.apply("pass")
    state.apply("whist")
    assert state.legal_actions() == ["open", "closed"]
    with pytest.raises(IllegalCall, match="open or closed"):
        state.apply("whist")
    state.apply("closed")
    card = next(c for c in PREFERANS.deal(1, 0).hands[1])   # hand2 may not lead: hand1 leads trick 1
    with pytest.raises(IllegalPlay, match="hand1 may not play"):
        state.apply(card)


def test_undo_takes_back_cards_across_tricks_and_talon_leads():
    for seed in range(6):
        states = []
        for state in random_states(seed, "sochi", 3):
            if state.phase in ("play", "done") and state.left is not None:
                states.append(snapshot(state))
        if len(states) < 2:
            continue
        final = state
        for before in reversed(states[:-1]):
            final.undo()
            assert snapshot(final) == before
        with pytest.raises(InputError, match="none has been played"):
            final.undo()


def test_an_all_pass_undo_goes_back_into_the_talon_tricks():
    state = PREFERANS.new_state(PREFERANS.deal(4, 0), PreferansSetup(dealer=2, variant="sochi", players=3))
    for _ in range(3):
        state.apply("pass")
    start = snapshot(state)
    for _ in range(8):                                     # two talon tricks and two cards of trick 3
        state.apply(state.legal_actions()[0])
    assert len(state.done) == 2 and state.done[0].leader == TALON and len(state.trick) == 2
    for _ in range(8):
        state.undo()
    assert snapshot(state) == start


def _cards_in(view):
    cards = set(view.hand) | set(view.discard) | {c for h in view.visible.values() for c in h}
    return cards


@pytest.mark.parametrize("n", [3, 4])
def test_views_show_only_what_the_rules_expose_and_the_open_view_shows_every_hand(n):
    for seed in range(10):
        deal = PREFERANS.deal(seed, 0)
        for state in random_states(seed, "sochi", n, seed % n):
            for p in range(n):
                view, full = state.view(p), state.open_view(p)
                assert view.hands is None and view.deal is None
                assert full.deal == deal and attrs_without_open(full) == view
                me = state.slot_of(p)
                own = set() if me == DEALER else set(deal.hands[me])
                if me == state.declarer:
                    own |= set(deal.talon)
                exposed = set()
                if state.exposed is not None or (me == DEALER and state.phase == "defence"):
                    exposed = {c for h in range(3) if h != state.declarer for c in state.play_hands[h]}
                if state.phase == "auction":
                    assert not view.talon and not view.visible
                # Another hand's cards appear only when the rules expose them (open defence, misère, §5.2).
                assert _cards_in(view) <= own | exposed
                if state.phase in ("play", "done") and state.left is not None:
                    assert {c for h in full.hands for c in h} == {c for h in state.left for c in h}
                    assert sum(len(h) for h in full.hands) == 30 - 3 * len(state.done) - sum(
                        1 for who, _ in state.trick if who != TALON)


def attrs_without_open(view):
    return attrs.evolve(view, hands=None, deal=None)


def test_the_four_player_dealer_acts_as_current_seat_when_he_whists():
    # Dealer D (player 3) sits out: hand1 = A, hand2 = B, hand3 = C.
    state = PREFERANS.new_state(PREFERANS.deal(2, 0), PreferansSetup(dealer=3, variant="sochi", players=4))
    for call in ("6S", "pass", "pass"):
        state.apply(call)
    state.apply(TalonChoice(state.view(0).hand[-2:], "6S"))
    state.apply("pass")
    state.apply("pass")
    assert state.current_seat == 3 and state.legal_actions() == ["pass", "whist"]
    assert state.view(3).player == DEALER and state.view(3).hand == ()
    state.apply("whist")
    assert state.phase == "play" and state.is_open
    seats = set()
    while not state.is_terminal:
        hand = state.view(state.current_seat).seat
        seats.add((hand, state.current_seat))
        state.apply(state.legal_actions()[0])
    assert {p for h, p in seats if h != 0} == {3}           # the dealer plays both defenders' cards
    assert state.record().protocol["dealer_call"] == "whist"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS), n=st.sampled_from([3, 4]),
       dealer=st.integers(0, 3))
def test_random_agents_through_play_deal_play_every_card_once(seed, variant, n, dealer):
    agents, _ = make_agents("preferans", ["random"], n, seed)
    state = play_deal(PREFERANS.new_state(PREFERANS.deal(seed, 0), PreferansSetup(dealer=dealer % n, variant=variant,
                                                                                  players=n)), agents)
    deal = state.record()
    if not deal.tricks:
        assert deal.defence_kind in ("half_whist", "passed_out")
        return
    assert len(deal.tricks) == 10 and sum(deal.won) == 10
    played = [c for t in deal.tricks for who, c in t.plays if who != TALON]
    assert len(set(played)) == 30
    dealt = set().union(*map(set, deal.hands), deal.talon)
    assert set(played) == dealt - set(deal.talon if deal.kind == "all_pass" else deal.discard)


# Figures of matches played before the State existed (the old engine, with the talon sorted): run_match must
# give the same games.
MATCHES = [
    (["heuristic"], 1, {}, 29, {"A": "-116/3", "B": "-410/3", "C": "526/3"}),
    (["heuristic"], 4, {"variant": "leningrad"}, 20, {"A": "724/3", "B": "688/3", "C": "-1412/3"}),
    (["random", "heuristic", "random"], 5, {"variant": "leningrad", "pool_target": 8}, 21,
     {"A": "-23174/3", "B": "36964/3", "C": "-13790/3"}),
    (["random"], 7, {"players": 4, "hands": 40}, 31, {"A": 470, "B": -790, "C": 1970, "D": -1650}),
    (["dd", "heuristic", "heuristic"], 5, {"pool_target": 10, "hands": 10}, 10,
     {"A": "298/3", "B": "-206/3", "C": "-92/3"}),
]


@pytest.mark.parametrize("agents,seed,opts,deals,result", MATCHES)
def test_matches_are_the_games_the_old_engine_played(agents, seed, opts, deals, result):
    report = PREFERANS.play_match(agents, seed, opts)
    assert len(report.data["deals"]) == deals
    assert report.data["sheet"]["settlement"]["result"] == result


def test_the_match_text_shows_each_deal_as_before():
    text = PREFERANS.play_match(["heuristic"], 1, {"hands": 2}).text
    assert """Deal 2: dealer B
  hand1 C: ♠A98 ♣A ♦T97 ♥KT9
  hand2 A: ♠KQ ♣J987 ♦AQ ♥QJ
  hand3 B: ♠J7 ♣KT ♦KJ8 ♥A87
  talon: ♠T ♣Q
  auction: C pass, A pass, B pass
  all-pass (raspasy)
   1. talon ♠T  C ♠9  A ♠Q  B ♠J  -> A
   2. talon ♣Q  C ♣A  A ♣J  B ♣K  -> C
   3. C ♦7  A ♦Q  B ♦J  -> A
""" in text
    assert "  C wins the auction with 6S, takes the talon, discards ♣K ♦7, plays 7S\n  defence: A whist, B whist\n" \
        in text


def test_run_match_records_are_played_deals_the_ledger_scores():
    match = PREFERANS.new_match(3, pool_target=3, hands=6)
    result = run_match(match, ["heuristic"], 3)
    assert result.agent_names == ("heuristic",) * 3
    assert [r.protocol for r in result.records] == match.protocol(result.records)["deals"]
    assert len(result.ledger.results) == len(result.records)


def test_the_four_player_dealer_asked_to_return_a_half_whist_sees_the_passer_only():
    state = PREFERANS.new_state(PREFERANS.deal(2, 0), PreferansSetup(dealer=3, variant="sochi",
                                                                     players=4))      # dealer D: hand k is player k
    for action in ("6S", "pass", "pass"):
        state.apply(action)
    state.apply(TalonChoice(state.view(0).hand[-2:], "6S"))
    for call in ("pass", "half_whist"):                                   # hand2 passes, hand3 half-whists
        assert state.view(state.current_seat).visible == {}
        state.apply(call)
    assert state.current_seat == 1 and state.legal_actions() == ["pass", "return"]
    state.apply("pass")
    view = state.view(3)
    assert state.current_seat == 3 and view.legal == ("pass", "return")
    assert view.visible == {1: state.play_hands[1]}                       # §5.2: one defender's cards
    assert all(not state.view(p).visible for p in range(3))
    state.apply("pass")
    assert state.is_terminal and state.record().defence_kind == "half_whist"
