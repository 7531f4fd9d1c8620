"""The preferans double-dummy agents on endings: the tricks they take together equal the solver's value of the
position, and every card they choose is legal and optimal (preferans contract, misère and all-pass; bridge's and
whist's are in tests/games/bridge/test_dd_agent.py and tests/games/whist/test_dd_agent.py)."""
from hypothesis import given, settings, strategies as st

from trickcore.games.base import play_deal
from trickcore.games.preferans.agents import DDAgent
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.record import TrickRecord
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.table import View
from trickcore.games.preferans.vocab import TALON
from trickcore.cards import Suit
from trickcore.play import PlayState
from trickcore.rng import Stream
from trickcore.solver import Position, solve, solve_cards


def _play_hands(result):
    hands = list(result.hands)
    if result.declarer is not None:
        twelve = set(hands[result.declarer]) | set(result.talon)
        hands[result.declarer] = tuple(twelve - set(result.discard))
    return hands


def test_preferans_dd_agents_reach_the_solved_result_of_every_kind_of_deal():
    kinds = set()
    for k in range(8, 20):               # seed 11: deal 9 is an all-pass, 15 and 16 misères
        agents = [DDAgent(p, 0) for p in range(3)]
        result = play_deal(PREFERANS.new_state(PREFERANS.deal(11, k), PreferansSetup(dealer=k % 3, variant="sochi",
                                                                                     players=3)), agents).record()
        if not result.tricks:
            continue
        kinds.add(result.kind)
        hands = _play_hands(result)
        if result.kind == "game":
            rules = PREFERANS.trick_rules(Suit[result.contract[-1]] if not result.contract.endswith("NT") else None)
            value = solve(Position(rules, hands, 0, (), "tricks", result.declarer, result.declarer))
            assert result.won[result.declarer] == value
        elif result.kind == "misere":
            value = solve(Position(PREFERANS.trick_rules(None), hands, 0, (), "misere", result.declarer))
            assert result.won[result.declarer] == value
        else:
            # From trick 3 (after the talon leads) each seat holds itself to at most its guaranteed tricks.
            gone = {c for t in result.tricks[:2] for who, c in t.plays if who != TALON}
            late = [tuple(c for c in h if c not in gone) for h in hands]
            for seat in range(3):
                value = solve(Position(PREFERANS.trick_rules(None), late, 0, (), "all_pass", seat))
                assert sum(1 for t in result.tricks[2:] if t.winner == seat) <= value
    assert kinds == {"game", "misere", "all_pass"}


# ---- single choices on random endings ---------------------------------------------------------------------

def _random_prefix(rules, hands, leader, count, seed):
    """PlayState after ``count`` seeded random legal cards."""
    state, stream = PlayState(rules, hands, leader), Stream(seed, count, 0x6464)
    for _ in range(count):
        legal = state.legal_cards()
        state.play(legal[stream.below(len(legal))])
    return state


def _check_optimal(position, card, minimise=False):
    values = solve_cards(position)
    assert card in values
    assert values[card] == (min if minimise else max)(values.values()) == solve(position)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), count=st.integers(0, 27), kind=st.sampled_from(["game", "misere", "all_pass"]),
       declarer=st.integers(0, 2), trump=st.sampled_from([None, Suit.S, Suit.H]))
def test_preferans_dd_card_is_legal_and_optimal(seed, count, kind, declarer, trump):
    deal = PREFERANS.deal(seed, 0)
    trump = trump if kind == "game" else None
    rules = PREFERANS.trick_rules(trump)
    state = _random_prefix(rules, deal.hands, 0, count, seed)
    seat = state.turn
    agent = DDAgent(seat, seed)
    done = tuple(TrickRecord(tuple(((t.leader + i) % 3, c) for i, c in enumerate(t.cards)), t.winner)
                 for t in state.completed_tricks())
    trick = tuple(((state.leader + i) % 3, c) for i, c in enumerate(state.current_trick))
    view = View("play", seat, seat, 3, tuple(state.hands[seat]), tuple(state.legal_cards()),
                declarer=None if kind == "all_pass" else declarer, trick=trick, done=done, trump=trump, kind=kind,
                hands=tuple(tuple(h) for h in state.hands), deal=deal)
    card = agent.act(view)
    assert card in view.legal
    if kind == "game":
        position = Position(rules, state.hands, state.leader, state.current_trick, "tricks", None, declarer)
        _check_optimal(position, card)
    elif kind == "misere":
        position = Position(rules, state.hands, state.leader, state.current_trick, "misere", declarer)
        _check_optimal(position, card, minimise=seat == declarer)
    else:
        position = Position(rules, state.hands, state.leader, state.current_trick, "all_pass", seat)
        _check_optimal(position, card, minimise=True)
