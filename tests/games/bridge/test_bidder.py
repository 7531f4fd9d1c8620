"""The heuristic bidder over seeded boards: few missed games with 26+ combined HCP, few light games (under 22)
in competitive auctions, and the documented rules (forcing new suit, invitations, advances, preempt replies); its
compiled replay of an auction (bids_alike) agrees with it call by call."""
import pytest
from hypothesis import given, settings, strategies as st

from trickcore.cards import hand_mask
from trickcore.games.bridge.compiled._boards import STYLES, bids_alike
from trickcore.games.bridge.compiled.constants import call_code
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.agents import HeuristicAgent, hcp
from trickcore.games.bridge.auction import Auction, Bid, parse_call
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.table import AuctionView
from trickcore.games.bridge.vocab import Seat, Strain, Vulnerability
from trickcore.cards import parse_hand


def is_game(contract):
    return contract.level >= {Strain.NT: 3, Strain.H: 4, Strain.S: 4}.get(contract.strain, 5)


def survey(seed, boards):
    """(missed games, sides with 26+, light competitive games) over ``boards`` seeded boards."""
    missed = strong = light = 0
    agents = [HeuristicAgent(seat) for seat in range(4)]
    for number in range(1, boards + 1):
        deal = BRIDGE.board_deal(seed, number)
        state = BRIDGE.new_state(deal, BridgeSetup(board=number))
        while state.phase == "auction":
            state.apply(agents[state.current_seat].act(state.view(state.current_seat)))
        auction = state.auction
        outcome = auction.outcome
        points = [hcp(deal.hands[0]) + hcp(deal.hands[2]), hcp(deal.hands[1]) + hcp(deal.hands[3])]
        for side in (0, 1):
            if points[side] >= 26:
                strong += 1
                ours = not outcome.passed_out and outcome.declarer.side == side
                # Reaching game, or doubling the opponents' contract, uses the strength; anything else misses it.
                if not ((ours and is_game(outcome.contract)) or (not outcome.passed_out and not ours
                                                                 and outcome.contract.doubled)):
                    missed += 1
        competitive = len({(auction.dealer + k) % 2 for k, c in enumerate(auction.calls) if c.is_bid}) == 2
        if competitive and not outcome.passed_out and is_game(outcome.contract) \
                and points[outcome.declarer.side] < 22:
            light += 1
    return missed, strong, light


def test_bridge_more_bidder_over_1000_seeded_boards():
    # Over seeds 1-5 x 200 boards the revised system missed 22-24 games with 26+ and bid 22-26 light
    # competitive games; the system before the revision: 44 and 54. A large sample keeps the bound from
    # depending on which deals one seed happens to give.
    missed = strong = light = 0
    for seed in range(1, 6):
        m, s, li = survey(seed, 200)
        missed, strong, light = missed + m, strong + s, light + li
    assert strong >= 250
    assert missed <= 35
    assert light <= 35


def call_for(hand, calls, dealer=Seat.N):
    auction = Auction(dealer, [parse_call(c) for c in calls.split()])
    view = AuctionView(auction.turn, parse_hand(hand), dealer, Vulnerability.NONE, tuple(auction.calls),
                       tuple(auction.legal_calls()))
    return HeuristicAgent(view.seat).act(view)


@pytest.mark.parametrize("hand, calls, expected", [
    # A new suit by an unpassed responder is forcing: a minimum opener does not pass 1S.
    ("A4.K32.QJ984.K52", "1D Pass 1S Pass", Bid(1, Strain.NT)),
    ("A4.K32.QJ984.K52", "1D Pass 2C Pass", Bid(3, Strain.NT)),   # a two-level new suit shows 10-12+
    # Opener with 15 (suit points) accepts partner's invitation 1H 2H 3H... responder's maximum goes on.
    ("Q84.K832.K832.52", "1H Pass 2H Pass 3H Pass", Bid(4, Strain.H)),
    # Advances of a takeout double: cheapest with 0-8, a jump with 9-11, game with 12+.
    ("Q842.J83.9832.52", "1H X Pass", Bid(1, Strain.S)),
    ("KJ84.Q83.K832.52", "1H X Pass", Bid(2, Strain.S)),
    ("AJ84.Q83.K832.K2", "1H X Pass", Bid(4, Strain.S)),
    # Partner's weak two in a major: two cards make the fit.
    ("AK.A832.AK32.Q52", "2S Pass", Bid(4, Strain.S)),
    # Opposite a three-level minor preempt, 16+ tries 3NT.
    ("AK32.AQ32.K32.52", "3C Pass", Bid(3, Strain.NT)),
    # 2NT opener does not pass partner's 3H (a game try), it bids game.
    ("AQ92.AQ.K752.AJT", "2NT Pass 3H Pass", Bid(3, Strain.NT)),
])
def test_bridge_more_bidder_rules(hand, calls, expected):
    assert call_for(hand, calls) == expected


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), number=st.integers(1, 32), style=st.sampled_from(STYLES))
def test_bids_alike_replays_the_bidder_call_by_call(seed, number, style):
    # The compiled replay (pimc's auction test) against the bidder's own route, for the seat's real hand (always
    # alike) and for another deal's hand (alike or not, as the bidder says).
    state = BRIDGE.new_state(BRIDGE.board_deal(seed, number), BridgeSetup(board=number))
    agents = [HeuristicAgent(seat, style=style) for seat in range(4)]
    while state.phase == "auction":
        state.apply(agents[state.current_seat].act(state.view(state.current_seat)))
    calls, dealer = tuple(state.auction.calls), state.dealer
    codes = bytes(map(call_code, calls))
    other = BRIDGE.board_deal(seed + 1, number)
    for seat in Seat:
        for hand in (state.deal.hands[seat], other.hands[seat]):
            alike = all(agents[seat].act(AuctionView(seat, hand, dealer, None, calls[:k], (), visible={seat: hand}))
                        == call for k, call in enumerate(calls) if state.auction.seat_of(k) == seat)
            assert bids_alike(hand_mask(hand), seat, dealer, codes, STYLES.index(style)) == alike
        assert bids_alike(hand_mask(state.deal.hands[seat]), seat, dealer, codes, STYLES.index(style))
