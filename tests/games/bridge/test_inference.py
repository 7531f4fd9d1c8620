"""The auction's hand ranges (games.bridge.inference): on random deals bid by the heuristic bidder, every seat's
actual hand lies within what its calls are read to promise, and the readings narrow what they should."""
from hypothesis import given, settings, strategies as st

from trickcore.games.base import play_deal
from trickcore.games.bridge.agents import HeuristicAgent
from trickcore.games.bridge.auction import PASS, Bid
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.inference import ONE_NT, HandRange, hand_ranges
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.vocab import Seat, Strain



def _auction(seed, index, dealer):
    state = BRIDGE.new_state(BRIDGE.deal(seed, index), BridgeSetup(dealer=dealer))
    agents = [HeuristicAgent(seat) for seat in range(4)]
    while state.phase == "auction":
        state.apply(agents[state.current_seat].act(state.view(state.current_seat)))
    return state


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32), index=st.integers(0, 1000), dealer=st.sampled_from(list(Seat)))
def test_every_heuristic_call_fits_the_range_read_from_it(seed, index, dealer):
    state = _auction(seed, index, dealer)
    ranges = hand_ranges(dealer, state.auction.calls)
    for seat in Seat:
        assert ranges[seat].fits(state.deal.hands[seat]), (seat, ranges[seat], state.auction.calls)


def test_a_whole_board_played_keeps_the_auction_ranges():
    board = play_deal(BRIDGE.new_state(BRIDGE.deal(3, 0)), [HeuristicAgent(s) for s in range(4)]).record()
    ranges = hand_ranges(board.dealer, board.auction)
    assert all(ranges[seat].fits(board.deal.hands[seat]) for seat in Seat)


def test_the_readings_narrow_what_the_bidder_promises():
    opened = hand_ranges(Seat.N, [PASS, Bid(1, Strain.NT), PASS, Bid(2, Strain.NT)])
    assert opened[Seat.N].hcp == (0, 11)
    assert opened[Seat.E].hcp == ONE_NT and opened[Seat.E].lengths[Strain.S] == (2, 5)
    assert opened[Seat.W].hcp == (8, 9)
    assert opened[Seat.S].is_open
    weak = hand_ranges(Seat.N, [Bid(2, Strain.S), PASS, PASS])
    assert weak[Seat.N].lengths[Strain.S] == (6, 6) and weak[Seat.N].hcp == (6, 10)
    assert weak[Seat.S].is_open          # a response to a preempt is judgement: it says nothing here
    heart = hand_ranges(Seat.N, [Bid(1, Strain.H), PASS, PASS, Bid(1, Strain.S)])
    assert heart[Seat.N].lengths[Strain.H] == (5, 13) and heart[Seat.S].hcp == (0, 5)
    assert heart[Seat.W].is_open
    assert HandRange().is_open
