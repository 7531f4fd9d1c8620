"""The compiled batch of heuristic boards (games/bridge/compiled/_heuristic.pxi) plays every board exactly as
HeuristicAgent (games/bridge/agents.py) does through the protocol, call for call and card for card, and a
simulation with heuristic agents gives the same lines with or without the batch."""
import pytest
from hypothesis import given, settings, strategies as st

from trickcore.games.base import play_deal
from trickcore.games.bridge.agents import HeuristicAgent
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.compiled.played_boards import heuristic_boards
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.simulate import Simulation, choose_deals, run_chunk


def protocol_board(deal, dealer, number):
    state = BRIDGE.new_state(deal, BridgeSetup(dealer=dealer, board=number))
    return play_deal(state, [HeuristicAgent(seat, 0) for seat in range(4)]).record()


@pytest.mark.parametrize("seed", [0, 17])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_consecutive_boards_are_played_as_through_the_protocol(seed, dealer):
    batch = BRIDGE.deal_batch(seed, 100)
    numbers = list(range(1, 101))
    played = heuristic_boards(batch, [dealer] * 100, numbers)
    for i, deal in enumerate(batch):
        expected = protocol_board(deal, dealer, numbers[i])
        assert BRIDGE.simulation.record_dict(played.record(i)) == BRIDGE.simulation.record_dict(expected)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), first=st.integers(0, 10**9), dealer=st.integers(0, 3))
def test_any_seeded_boards_are_played_as_through_the_protocol(seed, first, dealer):
    # Deals ``first`` onwards of ``seed``: whole Deal objects, as a simulation's chunk gives them.
    deals = [BRIDGE.deal(seed, first + k) for k in range(4)]
    dealers = [(dealer + k) % 4 for k in range(4)]
    numbers = [first + k + 1 for k in range(4)]
    played = heuristic_boards(deals, dealers, numbers)
    for i, deal in enumerate(deals):
        assert played.record(i) == protocol_board(deal, dealers[i], numbers[i])


def test_the_boards_reach_every_kind_of_ending():
    # The comparisons above mean something only if the boards go through the bidder's and the player's branches:
    # part-scores, games and slams, doubled contracts, no-trump and suit contracts, passed-out boards.
    played = heuristic_boards(BRIDGE.deal_batch(0, 400), [0] * 400, list(range(1, 401)))
    records = [played.record(i) for i in range(400)]
    contracts = [r.contract for r in records if not r.passed_out]
    assert any(r.passed_out for r in records)
    assert {c.level for c in contracts} >= {1, 2, 3, 4, 5, 6}
    assert {int(c.strain) for c in contracts} == {0, 1, 2, 3, 4}
    assert any(c.doubled for c in contracts)


@pytest.mark.parametrize("dealer", [None, "E"])
def test_a_heuristic_simulation_gives_the_same_lines_with_or_without_the_batch(monkeypatch, dealer):
    simulation = Simulation("bridge", 40, 5, agents=("heuristic",), dealer=dealer)
    items = list(enumerate(choose_deals(simulation)))
    batched = run_chunk(simulation, items)
    monkeypatch.setattr(type(BRIDGE.simulation), "batch_records", lambda self, *args: None)
    assert run_chunk(simulation, items) == batched


@pytest.mark.parametrize("variant, names", [
    (None, ["heuristic", "random", "heuristic", "random"]),
    (None, ["dd"] * 4),
    ("two_player", ["heuristic"] * 4),
])
def test_other_agents_and_tables_are_left_to_the_protocol(variant, names):
    dealt = [BRIDGE.deal_batch(1, 1, 0, n) for n in range(2)]
    assert BRIDGE.simulation.batch_records(dealt, [0, 1], [0, 1], variant, names, [0, 0]) is None
