"""Play analysis speed (run with `pytest benchmarks/bench_play_analysis.py --benchmark-enable -s`): a whole board's
play analysed (the value after each of its 52 cards) against one solve of its opening lead, the baseline, and
against DDS AnalysePlay through endplay (one thread), the same boards timed in turn.

The ratio to one solve shows what the transposition table kept from card to card saves: a board should cost little
more than its first search. Set TRICKCORE_BENCH_BOARDS to change the number of boards (default 12).
"""
import os
import statistics
import time

from endplay import _dds as dds_library
from endplay.dds import analyse_play as dds_analyse_play
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player

from trickcore.cards import parse_card
from trickcore.games.base import play_deal
from trickcore.games.bridge.agents import HeuristicAgent
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.play_analysis import analyse_play
from trickcore.games.bridge.record import contract_rules
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.rules import TrickRules
from trickcore.solver import Position, solve

N_BOARDS = int(os.environ.get("TRICKCORE_BENCH_BOARDS", "12"))


def _played_boards(seed, count):
    """Boards played by the heuristic agents, those with a contract."""
    boards = []
    number = 1
    while len(boards) < count:
        state = BRIDGE.new_state(BRIDGE.board_deal(seed, number), BridgeSetup(board=number))
        board = play_deal(state, [HeuristicAgent(seat, seed) for seat in range(4)]).record()
        if board.play:
            boards.append(board)
        number += 1
    return boards


def _opening_solve(board):
    solve(Position(contract_rules(board.contract), board.deal.hands, int(board.declarer.lho),
                   seat=int(board.declarer)))


def _dds(board):
    deal = EndplayDeal(board.deal.to_pbn(), first=Player.find(board.declarer.lho.name),
                       trump=Denom.find(str(board.contract.strain)))
    dds_analyse_play(deal, [str(card) for card in board.play])


def _fresh_table():
    """Start a new generation of the thread's transposition table: a search under another objective does, so that
    each measurement starts from an empty table, as a first search does."""
    hands = [[parse_card(card)] for card in ("S2", "S3", "S4", "S5")]
    solve(Position(TrickRules(4, None), hands, 0, objective="misere"))


def _seconds(func, board):
    _fresh_table()
    start = time.perf_counter()
    func(board)
    return time.perf_counter() - start


def test_bench_play_analysis(benchmark):
    dds_library.SetMaxThreads(1)
    boards = _played_boards(2026, N_BOARDS)
    times = {"analyse": [], "one solve": [], "dds": []}
    for board in boards:
        # In turn, board by board, so that all three see the same machine load.
        times["one solve"].append(_seconds(_opening_solve, board))
        times["analyse"].append(_seconds(analyse_play, board))
        times["dds"].append(_seconds(_dds, board))
    for name, found in times.items():
        print(f"{name}: median {statistics.median(found) * 1000:.1f} ms, total {sum(found):.2f} s "
              f"over {len(found)} boards")
    print(f"ratio analyse / one solve: total {sum(times['analyse']) / sum(times['one solve']):.2f}, median of the "
          f"per-board ratios {statistics.median(a / b for a, b in zip(times['analyse'], times['one solve'])):.2f}")
    print(f"ratio analyse / DDS AnalysePlay: total {sum(times['analyse']) / sum(times['dds']):.2f}")
    benchmark.pedantic(analyse_play, args=(boards[0],), rounds=1, iterations=1)
