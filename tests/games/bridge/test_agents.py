"""The heuristic bidder's natural system and the card player's basic rules."""
import pytest

from trickcore.games.base import play_deal
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.agents import HeuristicAgent, HandShape, hcp
from trickcore.games.bridge.auction import DOUBLE, PASS, Auction, Bid
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.table import AuctionView
from trickcore.games.bridge.vocab import Seat, Strain, Vulnerability
from trickcore.cards import parse_hand


def call_for(hand, calls="", dealer=Seat.N):
    auction = Auction(dealer, calls.split())
    view = AuctionView(auction.turn, parse_hand(hand), dealer, Vulnerability.NONE, tuple(auction.calls),
                       tuple(auction.legal_calls()))
    return HeuristicAgent(view.seat).act(view)


@pytest.mark.parametrize("hand, calls, expected", [
    ("AQ4.KJ3.Q984.A52", "", Bid(1, Strain.NT)),          # 16 balanced
    ("AQ4.KJ3.AQ84.KJ2", "", Bid(2, Strain.NT)),          # 21 balanced
    ("AKJ84.K3.Q98.J52", "", Bid(1, Strain.S)),           # 5-card major
    ("AK4.K3.Q9842.J52", "", Bid(1, Strain.D)),           # longer minor
    ("AK4.K32.Q98.J532", "", Bid(1, Strain.C)),           # 13 balanced, 4 clubs 3 diamonds
    ("KQJ984.83.982.52", "", Bid(2, Strain.S)),           # weak two
    ("84.83.982.KQJ9852", "", Bid(3, Strain.C)),          # preempt
    ("Q84.832.9832.J52", "", PASS),
    ("Q84.K832.Q832.52", "1S Pass", Bid(2, Strain.S)),   # simple raise of a major
    ("Q8.KJ832.9832.52", "1C Pass", Bid(1, Strain.H)),   # new major at the one level
    ("Q8.K832.983.QJ52", "1NT Pass", Bid(2, Strain.NT)),  # 8 points: invite
    ("K8.K832.983.A952", "1NT Pass", Bid(3, Strain.NT)),  # 10 points: game
    ("AQ8.K83.Q3.AJ952", "1H", Bid(1, Strain.NT)),        # 1NT overcall, 15-18 balanced
    ("A8.KQ832.54.9532", "1C", Bid(1, Strain.H)),         # overcall a 5-card suit
])
def test_bridge_game_bidding_system(hand, calls, expected):
    assert call_for(hand, calls) == expected


def test_bridge_game_takeout_double():
    assert call_for("AQ84.8.KJ93.A952", "1H") == DOUBLE


def test_bridge_game_advancer_of_a_double_passes_when_they_have_bid_every_suit():
    # Found by a simulation with random partners: the advancer looked for an unbid suit in an empty list.
    calls = "Pass 1H X 2NT Pass 3S Pass 5S Pass 6NT Pass 7C Pass 7D Pass 7S Pass 7NT Pass Pass"
    assert call_for("Q84.K832.Q832.52", calls) == PASS


def test_bridge_game_opens_1nt_on_every_15_17_balanced_hand():
    # North's hands of deals 11/0-199 hold 15 balanced hands of 15-17 HCP and 32 hands under 6 HCP: both
    # rules are checked on every one of them, and the counts show the sample reaches them.
    notrump = weak = 0
    for index in range(200):
        hand = BRIDGE.deal(11, index).hands[0]
        shape = HandShape.of(hand)
        auction = Auction(Seat.N)
        view = AuctionView(Seat.N, hand, Seat.N, Vulnerability.NONE, (), tuple(auction.legal_calls()))
        call = HeuristicAgent(Seat.N).act(view)
        if shape.balanced and 15 <= shape.hcp <= 17:
            assert call == Bid(1, Strain.NT)
            notrump += 1
        elif call == Bid(1, Strain.NT):
            raise AssertionError(f"1NT opened on {shape}")
        if hcp(hand) < 6:
            assert call == PASS
            weak += 1
    assert (notrump, weak) == (15, 32)


def test_bridge_game_heuristic_contracts_are_sensible():
    """Over many boards the heuristic pairs reach game with 26+ combined HCP and stay low with under 20."""
    checked = 0
    for number in range(1, 41):
        deal = BRIDGE.board_deal(5, number)
        board = play_deal(BRIDGE.new_state(deal, BridgeSetup(board=number)),
                                                             [HeuristicAgent(s) for s in range(4)]).record()
        if board.passed_out:
            assert max(hcp(deal.hands[0]) + hcp(deal.hands[2]), hcp(deal.hands[1]) + hcp(deal.hands[3])) <= 26
            continue
        side = board.declarer.side
        points = hcp(deal.hands[side]) + hcp(deal.hands[side + 2])
        if points < 18:
            assert board.contract.level <= 4 or board.contract.doubled
        checked += 1
    assert checked >= 30
