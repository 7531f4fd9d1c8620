"""Double-dummy agents on endings: the tricks they take together equal the solver's value of the position, and
every card they choose is legal and optimal (whist, preferans contract, misère and all-pass; bridge's are in
tests/games/bridge/test_dd_agent.py)."""
from hypothesis import given, settings, strategies as st

from trickcore.games.double_dummy import show_deal
from trickcore.games.preferans.agents import DDAgent
from trickcore.games.preferans.cardplay import TALON, TrickRecord
from trickcore.games.preferans.cardplay import trick_rules as pref_rules
from trickcore.games.preferans.engine import View, play_deal
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.settings import play_settings
from trickcore.games.whist.agents import DoubleDummyAgent as WhistDD, HeuristicAgent as WhistHeuristic, WhistView
from trickcore.games.whist.game import WHIST
from trickcore.games.whist.play import play_tricks
from trickcore.cards import Suit
from trickcore.play import PlayState
from trickcore.rng import Stream
from trickcore.rules import TrickRules
from trickcore.solver import Position, solve, solve_cards


class Switch:
    """A test seat: plays with ``first`` until ``cards`` cards are on the table, then with ``then`` (dd)."""

    omniscient = True

    def __init__(self, first, then, cards, played):
        self.first, self.then, self.cards, self.played = first, then, cards, played

    def see_deal(self, hands, talon=()):
        """Forward the deal to the double-dummy agent."""
        self.then.see_deal(hands, talon)

    def choose_call(self, view):
        """Bid with the first agent."""
        return self.first.choose_call(view)

    def choose_card(self, view):
        """The first agent's card before the switch, the dd agent's after."""
        agent = self.then if len(self.played(view)) >= self.cards else self.first
        return agent.choose_card(view)


def _replay(rules, hands, leader, cards):
    """The PlayState after ``cards`` have been played from the start."""
    state = PlayState(rules, hands, leader)
    for card in cards:
        state.play(card)
    return state


def test_whist_dd_from_trick_nine_takes_the_solved_tricks():
    played = 32                        # 8 tricks played by the maxims: 5 tricks to go
    for index in range(3):
        dealer = index % 4
        deal, turn_up = WHIST.deal(7, index, dealer), WHIST.turn_up(7, index, dealer)
        agents = [Switch(WhistHeuristic(s), WhistDD(s), played, lambda v: v.played()) for s in range(4)]
        show_deal(agents, deal.hands)
        tricks = play_tricks(deal, dealer, turn_up.suit, turn_up, agents)
        rules = TrickRules(4, turn_up.suit)
        cards = [c for t in tricks for c in t.cards]
        state = _replay(rules, deal.hands, tricks[0].leader, cards[:played])
        late = sum(1 for t in tricks[played // 4:] if t.winner % 2 == state.leader % 2)
        assert late == solve(Position(rules, state.hands, state.leader))


def _play_hands(result):
    hands = list(result.hands)
    if result.declarer is not None:
        twelve = set(hands[result.declarer]) | set(result.talon)
        hands[result.declarer] = tuple(twelve - set(result.discard))
    return hands


def test_preferans_dd_agents_reach_the_solved_result_of_every_kind_of_deal():
    kinds, settings_ = set(), play_settings("sochi")
    for k in range(8, 20):               # seed 11: deal 9 is an all-pass, 15 and 16 misères
        agents = [DDAgent(0, p) for p in range(3)]
        result = play_deal(PREFERANS.deal(11, k), agents, ("A", "B", "C"), k % 3, settings_)
        if not result.tricks:
            continue
        kinds.add(result.kind)
        hands = _play_hands(result)
        if result.kind == "game":
            rules = pref_rules(Suit[result.contract[-1]] if not result.contract.endswith("NT") else None)
            value = solve(Position(rules, hands, 0, (), "tricks", result.declarer, result.declarer))
            assert result.won[result.declarer] == value
        elif result.kind == "misere":
            value = solve(Position(pref_rules(None), hands, 0, (), "misere", result.declarer))
            assert result.won[result.declarer] == value
        else:
            # From trick 3 (after the talon leads) each seat holds itself to at most its guaranteed tricks.
            gone = {c for t in result.tricks[:2] for who, c in t.plays if who != TALON}
            late = [tuple(c for c in h if c not in gone) for h in hands]
            for seat in range(3):
                value = solve(Position(pref_rules(None), late, 0, (), "all_pass", seat))
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


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), left=st.integers(1, 5), extra=st.integers(0, 3))
def test_whist_dd_card_is_legal_and_optimal_on_endings(seed, left, extra):
    deal, trump = WHIST.deal(seed, 0, 0), Suit(seed % 4)
    rules = TrickRules(4, trump)
    state = _random_prefix(rules, deal.hands, 1, 4 * (13 - left) + extra, seed)
    agent = WhistDD(state.turn)
    agent.see_deal(deal.hands)
    view = WhistView(state.turn, 0, trump, None, frozenset(state.hands[state.turn]), tuple(state.legal_cards()),
                     tuple(state.current_trick), state.leader, tuple(state.completed_tricks()))
    card = agent.choose_card(view)
    assert card in view.legal
    _check_optimal(Position(rules, state.hands, state.leader, state.current_trick), card)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), count=st.integers(0, 27), kind=st.sampled_from(["game", "misere", "all_pass"]),
       declarer=st.integers(0, 2), trump=st.sampled_from([None, Suit.S, Suit.H]))
def test_preferans_dd_card_is_legal_and_optimal(seed, count, kind, declarer, trump):
    deal = PREFERANS.deal(seed, 0)
    trump = trump if kind == "game" else None
    rules = pref_rules(trump)
    state = _random_prefix(rules, deal.hands, 0, count, seed)
    seat = state.turn
    agent = DDAgent(seed, seat)
    agent.see_deal(deal.hands, tuple(deal.talon))
    done = tuple(TrickRecord(tuple(((t.leader + i) % 3, c) for i, c in enumerate(t.cards)), t.winner)
                 for t in state.completed_tricks())
    trick = tuple(((state.leader + i) % 3, c) for i, c in enumerate(state.current_trick))
    view = View("play", seat, seat, 3, tuple(state.hands[seat]), tuple(state.legal_cards()),
                declarer=None if kind == "all_pass" else declarer, trick=trick, done=done, trump=trump, kind=kind)
    card = agent.choose_card(view)
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
