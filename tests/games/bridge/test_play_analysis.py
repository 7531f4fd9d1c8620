"""A bridge board's play analysed double dummy (games.bridge.play_analysis, trickcore.analyse_play and
trickcore.analyse): the values agree with DDS AnalysePlay (through endplay) on boards played by the random and
heuristic agents and on every played board of the repository's data files; the costly cards are exactly the
cards after which the value moved against their side; boards without play are skipped with the reason."""
import glob
import os

import pytest

import trickcore
from trickcore.errors import InputError, InvalidRecord, ReadLog
from trickcore.games.base import play_deal
from trickcore.games.bridge.agents import HeuristicAgent
from trickcore.games.bridge.compiled.played_boards import random_boards
from trickcore.games.bridge.formats.notation import read_boards
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.play_analysis import SkippedBoard, analyse_file, analyse_play, unplayable
from trickcore.games.bridge.record import Board, board_from_dict
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.vocab import Seat

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "..")
DATA = sorted(glob.glob(os.path.join(ROOT, "tests", "data", "*", "*.pbn"))
              + glob.glob(os.path.join(ROOT, "tests", "data", "*", "*.lin"))
              + glob.glob(os.path.join(ROOT, "examples", "bridge_pbn", "*.pbn")))


def played_boards_of_files():
    """Every board with its play, a whole deal, contract and declarer in the data files."""
    found = []
    for path in DATA:
        for board in read_boards(path, ReadLog(on_error="skip")):
            if unplayable(board) is None:
                found.append(board)
    return found


def heuristic_board(seed, number):
    deal = BRIDGE.board_deal(seed, number)
    state = BRIDGE.new_state(deal, BridgeSetup(board=number))
    return play_deal(state, [HeuristicAgent(seat, seed) for seat in range(4)]).record()


def dds_values(board):
    """DDS AnalysePlay's values for ``board`` (the declaring side's tricks; DDS stops before the last trick)."""
    dds = pytest.importorskip("endplay.dds")
    types = pytest.importorskip("endplay.types")
    deal = types.Deal(board.deal.to_pbn(), first=types.Player.find(board.declarer.lho.name),
                      trump=types.Denom.find(str(board.contract.strain)))
    return list(dds.analyse_play(deal, [str(card) for card in board.play]))


def check_board(board):
    found = analyse_play(board)
    assert len(found.tricks) == len(board.play) + 1
    theirs = dds_values(board)
    assert list(found.tricks[:len(theirs)]) == theirs, board
    # A card never moves the value in its own side's favour; the costly ones are those that move it at all.
    declaring = board.declarer.side
    moved = []
    for k, seat in enumerate(found.seats):
        change = found.tricks[k + 1] - found.tricks[k]
        assert change * (1 if Seat[seat].side == declaring else -1) <= 0, (board, k)
        if change:
            moved.append((k, abs(change)))
    assert [(card.index, card.cost) for card in found.costly] == moved
    return found


def test_random_agents_boards_agree_with_dds():
    played = random_boards(BRIDGE.deal_batch(27, 8), [0] * 8, [5] * 8, list(range(1, 9)))
    for k in range(8):
        check_board(played.record(k))


def test_heuristic_agents_boards_agree_with_dds():
    for number in range(1, 5):
        board = heuristic_board(11, number)
        if board.play:
            check_board(board)


def test_every_played_board_of_the_data_files_agrees_with_dds():
    boards = played_boards_of_files()
    assert len(boards) >= 25
    claimed = [board for board in boards if board.claimed and len(board.play) % 4]
    assert claimed, "a claim in the middle of a trick is among them"
    for board in boards:
        check_board(board)


def test_a_known_board_its_values_and_costly_card():
    board = read_boards(os.path.join(ROOT, "tests", "data", "lin", "endplay_example1.lin"))[0]
    found = trickcore.analyse_play(board)
    data = found.to_dict()
    assert (data["contract"], data["declarer"], data["leader"]) == ("3NT", "N", "E")
    assert data["tricks"] == [9] + [11] * 52
    assert data["costly"] == [{"index": 0, "trick": 1, "seat": "E", "card": "S2", "before": 9, "after": 11,
                               "cost": 2}]
    rows = found.rows()
    assert len(rows) == 52 and rows[0] == {"board": 1, "trick": 1, "seat": "E", "card": "S2", "before": 9,
                                           "after": 11, "cost": 2}
    assert rows[-1]["trick"] == 13 and rows[4]["seat"] == "N"      # N won the first trick and leads the second
    pandas = pytest.importorskip("pandas")
    frame = found.to_pandas()
    assert isinstance(frame, pandas.DataFrame) and len(frame) == 52 and frame["cost"].sum() == 2


def test_boards_without_play_are_skipped_with_the_reason():
    path = os.path.join(ROOT, "tests", "data", "corpus", "correct_10.pbn")
    items = analyse_file(path)
    skipped = [item for item in items if isinstance(item, SkippedBoard)]
    assert len(items) == len(read_boards(path)) and len(items) - len(skipped) == 1
    assert {item.reason for item in skipped} == {"the record gives no play", "passed out",
                                                 "the record gives no whole deal to play from"}
    with pytest.raises(InvalidRecord, match="board 3: the record gives no play"):
        analyse_play(Board(number=3, deal=BRIDGE.deal(1, 0)))
    with pytest.raises(InputError, match="expected a bridge Board"):
        trickcore.analyse_play({"board": 3})


def test_the_python_route_analyses_a_file_and_writes_its_report(tmp_path):
    path = os.path.join(ROOT, "tests", "data", "corpus", "eytc1998_teams.pbn")
    out = tmp_path / "report.html"
    found = trickcore.analyse(path, format="html", output=out)
    assert out.read_text(encoding="utf-8") == found.render("html") and "<h2" in found.render("html")
    data = found.to_dict()
    assert data["source"] == "eytc1998_teams.pbn" and len(data["boards"]) == 6
    assert len(found.rows()) == sum(len(board["play"]) for board in data["boards"])
    with pytest.raises(trickcore.TrickcoreError, match="format must be one of"):
        trickcore.analyse(path, format="csv")


def simulated(tmp_path, name, deals, agents, seed=1, where=None):
    """The path of a bridge simulation's output: its lines, or a Parquet table for a name ending .parquet."""
    path = tmp_path / name
    trickcore.simulate("bridge", deals, seed=seed, agents=agents, where=where, out=path)
    return path


def test_a_simulation_field_is_analysed_table_by_table(tmp_path):
    field = [["heuristic"], ["random"]]
    lines = simulated(tmp_path, "field.jsonl", 4, field)
    items = analyse_file(str(lines))
    assert [(item.board, item.table) for item in items] == [(n, t) for n in range(1, 5) for t in (1, 2)]
    records = [trickcore.load(lines).records[k]["tables"][t]["record"] for k in range(4) for t in range(2)]
    for item, record in zip(items, records):
        assert item.play == tuple(record["play"]) and item.contract == record["contract"]
        board = board_from_dict(record)
        assert item == analyse_play(board, item.table)
        check_board(board)
    # The same deals from the simulation's Parquet table: the same analyses.
    pytest.importorskip("pyarrow")
    assert analyse_file(str(simulated(tmp_path, "field.parquet", 4, field))) == items


def test_a_simulation_of_one_table_names_boards_only_and_skips_passed_out_ones(tmp_path):
    # No hand with an opening bid: the heuristic bidders pass out boards 2, 4 and 6 of these.
    weak = " and ".join(f"hcp({seat}) <= 11" for seat in ("north", "east", "south", "west"))
    found = trickcore.analyse(simulated(tmp_path, "one.jsonl", 6, "heuristic", seed=5, where=weak))
    boards = found.to_dict()["boards"]
    assert [board["board"] for board in boards] == list(range(1, 7))
    assert all("table" not in board for board in boards) and "table" not in found.rows()[0]
    assert [board.get("skipped") for board in boards] == [None, "passed out"] * 3
    assert "Board 2: skipped (passed out)" in found.render("text")


def test_a_fields_report_names_each_table(tmp_path):
    found = trickcore.analyse(simulated(tmp_path, "field.jsonl", 2, [["heuristic"], ["dd"]]))
    text = found.render("text")
    assert "\nBoard 2, table 2: " in text and text.startswith("Board 1, table 1: ")
    page = found.render("html")
    assert 'id="board-1-table-1"' in page and 'id="board-2-table-2"' in page and "Board 1, table 2" in page
    assert found.rows()[0]["table"] == 1 and found.to_dict()["boards"][1]["table"] == 2


def test_simulations_that_hold_no_bridge_play_are_refused(tmp_path):
    whist = tmp_path / "whist.jsonl"
    trickcore.simulate("whist", 2, seed=1, agents="heuristic", out=whist)
    with pytest.raises(InputError, match="whist.jsonl: a whist simulation: the play analysis reads bridge boards"):
        analyse_file(str(whist))
    pytest.importorskip("pyarrow")
    solved = tmp_path / "solved.parquet"
    trickcore.simulate("bridge", 2, seed=1, solve=True, out=solved)
    with pytest.raises(InvalidRecord, match="without played deals' records"):
        analyse_file(str(solved))
