"""Boards played by agents: board numbers, views, 13-trick play records, claims, the play_match report."""
import pytest

from trickcore.games.bridge import BRIDGE
from trickcore.games.bridge.agents import HeuristicAgent, RandomAgent, make_agent
from trickcore.games.bridge.table import Claim, run_auction, run_play
from trickcore.games.bridge.game import board_score
from trickcore.games.bridge.vocab import Seat, Vulnerability, parse_contract
from trickcore.scoring.bridge.contract import duplicate_score
from trickcore.deal import parse_deal
from trickcore.errors import InputError

FIXED_DEAL = "N:K.A8763.4.AKJ963 AJT84.K4.AT76.T4 Q9.QJT2.K9852.87 76532.95.QJ3.Q52"


class Recorder(RandomAgent):
    """A random agent that checks each view shows only what its seat may see (§4.2)."""

    def choose_card(self, view):
        seen = set(view.visible)
        started = bool(view.tricks or view.current)
        expected = {view.player, view.seat} | ({view.dummy} if started else set())
        assert seen == expected
        assert set(view.legal_cards) <= view.hand
        return super().choose_card(view)


@pytest.mark.parametrize("number, dealer, vul", [
    (1, Seat.N, Vulnerability.NONE), (7, Seat.S, Vulnerability.BOTH), (23, Seat.S, Vulnerability.BOTH),
    (16, Seat.W, Vulnerability.EW), (100, Seat.W, Vulnerability.BOTH)])
def test_bridge_game_board_numbers(number, dealer, vul):
    board = BRIDGE.play_board(BRIDGE.board_deal(3, number), number, [HeuristicAgent()] * 4)
    assert (board.dealer, board.vulnerability) == (dealer, vul)
    assert BRIDGE.board_deal(3, number) == BRIDGE.deal(3, number - 1, int(dealer))


@pytest.mark.parametrize("seed", range(6))
def test_bridge_game_play_records_13_tricks(seed):
    agents = [Recorder(seed, s) for s in range(4)]
    board = BRIDGE.play_board(BRIDGE.board_deal(seed, 1), 1, agents)
    if board.passed_out:
        assert board.play == ()
        return
    tricks = board.tricks()
    assert len(tricks) == 13 and len(board.play) == 52
    assert tricks[0].leader == board.declarer.lho
    assert board.result == sum(1 for t in tricks if Seat(t.winner).side == board.declarer.side)


def test_bridge_game_claim():
    class Claimer(HeuristicAgent):
        def choose_card(self, view):
            return Claim(3) if len(view.tricks) == 10 and not view.current else super().choose_card(view)

    deal = parse_deal(FIXED_DEAL)
    agents = [Claimer()] * 4
    auction = run_auction(deal, Seat.N, Vulnerability.NONE, agents)
    played = run_play(deal, auction, agents)
    assert len(played.tricks) == 10
    won = sum(1 for t in played.tricks if Seat(t.winner).side == auction.outcome.declarer.side)
    assert played.result == played.claimed == won + 3


def test_bridge_game_fixed_deal_contract():
    board = BRIDGE.play_board(parse_deal(FIXED_DEAL), 1, [HeuristicAgent()] * 4)
    assert " ".join(str(c) for c in board.auction) == "1H 1S 2H 2S Pass Pass 3H 3S 4H X Pass Pass Pass"
    assert (str(board.contract), board.declarer, board.result) == ("4HX", Seat.N, 11)
    assert board_score(board) == (690, 690)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bridge_game_play_match_report(seed):
    report = BRIDGE.play_match(["heuristic"], seed, {"hands": None})
    assert f"Board 1 (seed {seed}), dealer N, vulnerable None" in report.text
    board = report.data["boards"][0]
    if board["contract"] == "Pass":
        assert "Passed out. Score 0." in report.text and board["ns_score"] == 0
    else:
        assert "Result: " in report.text and f"declarer scores {board['declarer_score']}" in report.text
        assert len(board["tricks"]) == 13
        contract = parse_contract(board["contract"])
        vulnerable = False                                # board 1: nobody vulnerable
        assert board["declarer_score"] == duplicate_score(contract, vulnerable, board["result"])
        assert board["ns_score"] == board["declarer_score"] * (1 if board["declarer"] in "NS" else -1)
    assert BRIDGE.play_match(["heuristic"], seed, {}).data == report.data


def test_bridge_game_play_match_options(tmp_path):
    protocol = tmp_path / "boards.pbn"
    report = BRIDGE.play_match(["random", "heuristic", "random", "heuristic"], 2,
                               {"hands": 2, "protocol": str(protocol)})
    assert len(report.data["boards"]) == 2
    assert protocol.read_text().startswith("% PBN 2.1")
    with pytest.raises(InputError, match="trump"):
        BRIDGE.play_match(["heuristic"], 1, {"trump": "S"})
    with pytest.raises(InputError):
        make_agent("oracle")
