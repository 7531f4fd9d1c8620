"""The bridge double-dummy agent: from the middle of a board the tricks the dd agents take equal the solver's
value of the position, and on random endings every card it chooses is legal and optimal."""
from hypothesis import given, settings, strategies as st

from trickcore.games.base import Agent, play_deal
from trickcore.games.bridge.agents import DoubleDummyAgent, HeuristicAgent
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.vocab import Contract, Seat, Strain
from trickcore.play import PlayState
from trickcore.rng import Stream
from trickcore.solver import Position, solve, solve_cards


class Switch(Agent):
    """A test seat: plays with the heuristic agent until ``cards`` cards are on the table, then double dummy."""

    omniscient = True

    def __init__(self, seat, cards):
        super().__init__(seat)
        self.first, self.then, self.cards = HeuristicAgent(seat), DoubleDummyAgent(seat), cards

    def act(self, view):
        """The heuristic agent's action before the switch, the dd agent's after."""
        late = view.phase == "play" and len(view.played) >= self.cards
        return (self.then if late else self.first).act(view)


def _replay(rules, hands, leader, cards):
    state = PlayState(rules, hands, leader)
    for card in cards:
        state.play(card)
    return state


def test_bridge_dd_from_mid_trick_eight_takes_the_solved_tricks():
    played, checked = 30, 0           # 7 tricks and two cards of the 8th: 6 tricks to go
    for seed in range(1, 12):
        deal = BRIDGE.board_deal(seed, 1)
        board = play_deal(BRIDGE.new_state(deal), [Switch(s, played) for s in range(4)]).record()
        if board.passed_out:
            continue
        rules = BRIDGE.trick_rules(board.contract.trump)
        tricks = board.played_tricks()
        state = _replay(rules, deal.hands, tricks[0].leader, board.play[:played])
        position = Position(rules, state.hands, state.leader, state.current_trick, seat=int(board.declarer))
        late = sum(1 for t in tricks[played // 4:] if Seat(t.winner).side == board.declarer.side)
        assert late == solve(position)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), left=st.integers(1, 5), extra=st.integers(0, 3),
       strain=st.sampled_from(list(Strain)))
def test_bridge_dd_card_is_legal_and_optimal_on_endings(seed, left, extra, strain):
    state = BRIDGE.new_state(BRIDGE.deal(seed, 0), BridgeSetup(dealer=Seat.S))
    for call in ("3" + strain.name, "Pass", "Pass", "Pass"):
        state.apply(call)
    assert (state.contract, state.declarer) == (Contract(3, strain), Seat.S)
    stream = Stream(seed, 0, 0x454E44)
    for _ in range(4 * (13 - left) + extra):
        legal = state.legal_actions()
        state.apply(legal[stream.below(len(legal))])
    seat = state.current_seat
    view = state.open_view(seat)
    card = DoubleDummyAgent(seat).act(view)
    assert card in state.legal_actions()
    position = Position(state.rules, view.hands, int(view.current[0][0]) if view.current else int(view.seat),
                        tuple(c for _, c in view.current))
    values = solve_cards(position)
    assert values[card] == max(values.values()) == solve(position)
