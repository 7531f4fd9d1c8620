"""The compiled batch of random boards plays every board exactly as random agents do through the protocol,
and a simulation with random agents gives the same lines by either path."""
import pytest
from hypothesis import given, settings, strategies as st

from trickcore.errors import InputError
from trickcore.games.base import play_deal
from trickcore.games.bridge.agents import RandomAgent
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.compiled.played_boards import random_boards
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.simulate import Simulation, agent_seed, choose_deals, run_chunk


def protocol_board(deal, dealer, seed, number):
    state = BRIDGE.new_state(deal, BridgeSetup(dealer=dealer, board=number))
    return play_deal(state, [RandomAgent(seat, seed) for seat in range(4)]).record()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), agents=st.integers(0, 2**64 - 1), first=st.integers(1, 10**6),
       dealer=st.integers(0, 3))
def test_the_batch_plays_as_the_random_agents_through_the_protocol(seed, agents, first, dealer):
    batch = BRIDGE.deal_batch(seed, 8)
    dealers = [(dealer + k) % 4 for k in range(8)]
    numbers = [first + k for k in range(8)]
    played = random_boards(batch, dealers, [agents] * 8, numbers)
    for i, deal in enumerate(batch):
        assert played.record(i) == protocol_board(deal, dealers[i], agents, numbers[i])


def test_a_list_of_deals_plays_as_the_batch():
    batch = BRIDGE.deal_batch(3, 20)
    args = ([1] * 20, [5] * 20, list(range(1, 21)))
    assert [r for r in map(random_boards(list(batch), *args).record, range(20))] == \
        [r for r in map(random_boards(batch, *args).record, range(20))]


def test_every_board_is_played_to_the_end():
    # Four opening passes come once in 36**4 random auctions: every board here is played.
    played = random_boards(BRIDGE.deal_batch(9, 400), [0] * 400, [2] * 400, list(range(1, 401)))
    for record in map(played.record, range(400)):
        assert len(record.play) == 52 and 0 <= record.result <= 13
        assert record.auction[-3:] == tuple(record.auction[-1:]) * 3


def test_a_random_simulation_gives_the_same_lines_by_either_path():
    simulation = Simulation("bridge", 24, 4, agents=("random",))
    items = list(enumerate(choose_deals(simulation)))
    lines = run_chunk(simulation, items)
    for line, (index, number) in zip(lines, items):
        dealer = index % 4          # board index + 1's dealer
        deal = BRIDGE.deal(4, number, dealer)
        record = protocol_board(deal, dealer, agent_seed(4, number), index + 1)
        assert line["record"] == BRIDGE.simulation.record_dict(record)


@pytest.mark.parametrize("dealers, numbers, message", [
    ([0, 5], [1, 2], "seat index"),
    ([0, 0], [0, 2], "board number"),
    ([0], [1], "one dealer"),
])
def test_bad_batches_are_refused(dealers, numbers, message):
    with pytest.raises(InputError, match=message):
        random_boards(BRIDGE.deal_batch(1, 2), dealers, [0] * len(dealers), numbers)
