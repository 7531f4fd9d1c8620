"""The whist double-dummy agent: from ``open_view`` it plays legal, optimal cards, and four of them from trick nine
take exactly the tricks the solver gives the position."""
from hypothesis import given, settings, strategies as st

from trickcore.games.base import play_deal
from trickcore.games.double_dummy import view_for
from trickcore.games.whist.agents import DoubleDummyAgent, HeuristicAgent
from trickcore.games.whist.game import WHIST
from trickcore.games.whist.setup import WhistSetup
from trickcore.rng import Stream
from trickcore.solver import Position, solve, solve_cards


def _hands(state):
    return state.open_view(0).hands


def test_dd_from_trick_nine_takes_the_solved_tricks():
    played = 32                        # 8 tricks played by the maxims: 5 tricks to go
    for index in range(3):
        dealer = index % 4
        batch = WHIST.deal_batch(7, 1, dealer, index)
        state = WHIST.new_state(batch[0], WhistSetup(dealer=dealer, turn_up=batch.last_card(0), number=index))
        heuristic = [HeuristicAgent(s) for s in range(4)]
        for _ in range(played):
            seat = state.current_seat
            state.apply(heuristic[seat].act(state.view(seat)))
        view = state.view(state.current_seat)
        value = solve(Position(view.rules, _hands(state), view.leader, view.trick, seat=view.seat))
        side = view.seat % 2
        play_deal(state, [DoubleDummyAgent(s) for s in range(4)])
        late = sum(1 for t in state.record().tricks[played // 4:] if t.winner % 2 == side)
        assert late == value


def test_dd_agent_is_shown_the_open_view_only():
    batch = WHIST.deal_batch(3, 1, 0, 0)
    state = WHIST.new_state(batch[0], WhistSetup(dealer=0, turn_up=batch.last_card(0)))
    assert view_for(DoubleDummyAgent(1), state, 1).hands == tuple(frozenset(h) for h in batch[0].hands)
    assert view_for(HeuristicAgent(1), state, 1).hands is None


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), left=st.integers(1, 5), extra=st.integers(0, 3))
def test_dd_card_is_legal_and_optimal_on_endings(seed, left, extra):
    deal, turn_up = WHIST.deal(seed, 0, 0), WHIST.turn_up(seed, 0, 0)
    state = WHIST.new_state(deal, WhistSetup(dealer=0, turn_up=turn_up))
    stream = Stream(seed, 0, 0x6464)
    for _ in range(4 * (13 - left) + extra):
        legal = state.legal_actions()
        state.apply(legal[stream.below(len(legal))])
    view = state.open_view(state.current_seat)
    card = DoubleDummyAgent(view.seat).act(view)
    assert card in view.legal
    position = Position(view.rules, view.hands, view.leader, view.trick)
    values = solve_cards(position)
    assert values[card] == max(values.values()) == solve(position)
