"""PBN, LIN and JSON: forgiving reading, strict writing, round trips on the example corpus (bridge.md §16)."""
import glob
import json
import os

import pytest

from trickcore.games.base import play_deal
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.agents import HeuristicAgent
from trickcore.games.bridge.formats.lin import read_lin, read_lin_board, write_lin
from trickcore.games.bridge.formats.notation import read_boards
from trickcore.games.bridge.formats.pbn_read import read_pbn
from trickcore.games.bridge.formats.pbn_tags import MANDATORY
from trickcore.games.bridge.formats.pbn_write import write_pbn
from trickcore.games.bridge.record import board_from_dict, board_to_dict
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.vocab import Contract, Seat, Strain, Vulnerability
from trickcore.cards import Card
from trickcore.errors import IllegalCall, InputError, InvalidRecord, NotationError, ReadLog

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "bridge_pbn")
CORPUS = sorted(glob.glob(os.path.join(ROOT, "*.pbn")))


def essentials(board):
    return (board.number, board.dealer, board.vulnerability, board.deal, board.auction, board.play,
            board.contract, board.passed_out, board.declarer, board.result)


def read(path):
    with open(path, encoding="utf-8") as fh:
        return read_pbn(fh.read(), path)


def test_bridge_game_corpus_present():
    assert len(CORPUS) >= 3


@pytest.mark.parametrize("path", CORPUS)
def test_bridge_game_pbn_round_trip(path):
    boards = read(path)
    text = write_pbn(boards)
    again = read_pbn(text)
    assert [essentials(b) for b in again] == [essentials(b) for b in boards]
    assert write_pbn(again) == text                       # the export is a fixed point
    assert [t for b in again for t in b.tables] == [t for b in boards for t in b.tables]


@pytest.mark.parametrize("path", CORPUS)
def test_bridge_game_json_round_trip(path):
    boards = read(path)
    rows = json.loads(json.dumps([board_to_dict(b) for b in boards]))
    assert [board_from_dict(r) for r in rows] == boards


@pytest.mark.parametrize("path", CORPUS)
def test_bridge_game_lin_round_trip(path):
    boards = [b for b in read(path) if b.deal is not None and b.dealer is not None]
    again = read_lin(write_lin(boards))
    for a, b in zip(again, boards):
        assert (a.number, a.dealer, a.vulnerability, a.deal, a.auction, a.play) == \
               (b.number, b.dealer, b.vulnerability, b.deal, b.auction or None, b.play)
        assert (a.contract, a.declarer, a.passed_out) == (b.contract, b.declarer, b.passed_out)


def test_bridge_game_pbn_forgiving_details():
    boards = {b.number: b for path in CORPUS for b in read(path)}
    b1, b2, b3, b4, b5 = (boards[n] for n in range(1, 6))
    assert b1.commentary == ("The heuristic bidders reach the heart game.",) and len(b1.play) == 52
    assert b1.tag("Event") == "Club pairs" and b2.tag("Event") == "Club pairs"     # '#' copies
    assert b2.contract is None and b2.declarer is None and b2.result is None         # '?' unknown
    assert b2.vulnerability == Vulnerability.NS and b2.dealer == Seat.E
    assert b3.tag("North") == "nick" and b3.notes == (("1", "to play"),)             # several tags per line
    assert b3.claimed and b3.result == 9 and len(b3.play) == 8 and b3.tag("OptimumScore") == "NS 400"
    assert b3.tables[0][0] == "OptimumResultTable" and b3.tables[0][2][0] == "N NT 9"
    assert b4.passed_out and b4.dealer == Seat.W and b4.vulnerability == Vulnerability.BOTH
    assert len(b4.deal.hands[Seat.W]) == 13                                          # '-' hand completed
    assert b5.contract == Contract(7, Strain.S, 1) and b5.result == 13 and b5.tag("IrregularDeclarer") == "yes"


def test_bridge_game_pbn_strict_export():
    text = write_pbn(read(CORPUS[0]))
    lines = text.split("\n")
    assert lines[:3] == ["% PBN 2.1", "% EXPORT", ""]
    names = [line.split()[0][1:] for line in lines[3:18]]
    assert names == list(MANDATORY)
    assert "\n\n[Event" in text
    for board in read(CORPUS[0]):     # rules/bridge.md §16.2: the deal always starts with North
        assert '[Deal "N:' in write_pbn([board])
    passed = write_pbn([b for b in read(CORPUS[2]) if b.passed_out])
    assert '[Declarer ""]\n[Contract "Pass"]\n[Result ""]' in passed


def test_bridge_game_pbn_errors_have_location():
    with pytest.raises(NotationError) as err:
        read_pbn('[Event "x"]\n[Board "1"\n', "bad.pbn")
    assert (err.value.source, err.value.line) == ("bad.pbn", 2)
    with pytest.raises(IllegalCall) as err:
        read_pbn('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1H 1S\n1C Pass\n', "bid.pbn")
    assert (err.value.source, err.value.line, err.value.field) == ("bid.pbn", 5, "Auction")
    assert "insufficient bid" in str(err.value)
    with pytest.raises(NotationError) as err:
        read_pbn('[Board "1"]\n[Vulnerable "sometimes"]\n', "v.pbn")
    assert (err.value.line, err.value.field) == (2, "Vulnerable")


def test_bridge_game_pbn_contract_must_match_auction():
    text = '[Dealer "N"]\n[Contract "2S"]\n[Declarer "N"]\n[Auction "N"]\n1H AP\n'
    with pytest.raises(InvalidRecord):               # --strict: the contradiction is an error
        read_pbn(text, log=ReadLog(strict=True))
    log = ReadLog()                                  # by default the file's tags are kept, with a warning
    board, = read_pbn(text, "x.pbn", log)
    assert (str(board.contract), board.declarer) == ("2S", Seat.N)
    assert [(w.source, w.field) for w in log.warnings] == [("x.pbn", "Declarer")]


LIN = ("pn|sue,wanda,nick,ed|st||md|3SAKQ2HKJ3DQ94CA75,S5HT76DT865CQJT98,ST9643HA85DJ72C43,|"
       "sv|e|ah|Board 3|mb|p|mb|p|mb|1N|mb|p|mb|3N!|an|to play|mb|p|mb|p|mb|p|pg||"
       "pc|S5|pc|S3|pc|S7|pc|S2|pg||mc|9|")


def test_bridge_game_lin_seat_order_and_dealer_digit():
    board = read_lin_board(LIN)
    assert board.dealer == Seat.N                     # digit 3 = North
    assert Card.parse("SA") in board.deal.hands[Seat.S]       # first hand listed is South
    assert Card.parse("CQ") in board.deal.hands[Seat.W]
    assert Card.parse("SJ") in board.deal.hands[Seat.E]       # the missing East hand is completed
    assert board.contract == Contract(3, Strain.NT, 0) and board.declarer == Seat.S
    assert board.claimed and board.result == 9 and board.tag("South") == "sue"
    line = write_lin([board]).strip()
    assert line.startswith("pn|sue,wanda,nick,ed|st||md|3S2QKAH3JKD49QC57A,")
    assert "|sv|e|" in line and line.endswith("pg||mc|9|")
    assert read_lin_board(line).deal == board.deal


def test_bridge_game_lin_errors():
    with pytest.raises(NotationError) as err:
        read_lin("md|5S|\n", "x.lin")
    assert (err.value.source, err.value.line) == ("x.lin", 1)


def test_bridge_game_played_boards_round_trip():
    agents = [HeuristicAgent(seat) for seat in range(4)]
    boards = [play_deal(BRIDGE.new_state(BRIDGE.board_deal(9, n), BridgeSetup(board=n)),
                                                                              agents).record() for n in range(1, 5)]
    assert [essentials(b) for b in read_pbn(write_pbn(boards))] == [essentials(b) for b in boards]
    for a, b in zip(read_lin(write_lin(boards)), boards):
        assert (a.deal, a.auction, a.play, a.contract, a.declarer, a.result) == \
               (b.deal, b.auction, b.play, b.contract, b.declarer, b.result)


def test_a_json_board_with_a_negative_annotation_position_is_refused():
    # Found by the readers' fuzz test: a huge negative position reached the writers as an index.
    data = {"board": 1, "auction": ["1NT", "Pass", "Pass", "Pass"],
            "annotations": [["auction", -10**30, "!"]]}
    with pytest.raises(InvalidRecord, match="annotation's position"):
        board_from_dict(data)
    data["annotations"] = [["auction", 1, "!"]]
    assert board_from_dict(data).annotations == (("auction", 1, "!"),)


@pytest.mark.parametrize("annotation", [["auction", 3, ""], ["auction", 1, "! x"], ["bidding", 1, "!"]])
def test_a_json_board_with_an_annotation_that_is_not_a_token_is_refused(annotation):
    # Found by the readers' fuzz test: an empty annotation crashed the PBN writer.
    data = {"board": 1, "auction": ["1NT", "Pass", "Pass", "Pass"], "annotations": [annotation]}
    with pytest.raises(InvalidRecord, match="annotation is one of auction, play"):
        board_from_dict(data)


@pytest.mark.parametrize("data", [{}, {"foo": 1}, {"format": "trickcore.preferans.protocol/1", "deals": []},
                                  [{"board": 1, "deal": None}, {"hands": []}]])
def test_a_json_object_with_no_board_field_is_not_read_as_an_empty_board(tmp_path, data):
    """A preferans protocol or a whist file given to `tricks bridge convert` or `analyse` read as one board of "?"
    everywhere (exit 0)."""
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError, match="not a board record"):
        read_boards(str(path))
