"""PBN tables and encodings (bridge.md §16.2): ScoreTable rows as TravellerLine records and back, the DD table
from OptimumResultTable / DoubleDummyTricks and back, and the pbn_encoding export bytes."""
import os

import pytest

from trickcore.games.bridge.formats.pbn_read import read_pbn
from trickcore.games.bridge.formats.pbn_tables import read_dd_table, with_dd_table
from trickcore.games.bridge.formats.pbn_write import encode_pbn, write_pbn
from trickcore.games.bridge.formats.score_table import traveller_lines
from trickcore.games.bridge.record import Board, TravellerLine
from trickcore.games.bridge.vocab import Seat, parse_contract
from trickcore.scoring.bridge.duplicate.matchpoint_pairs import score_lines
from trickcore.scoring.bridge.duplicate.traveller import line_ns_score, score_table
from trickcore.scoring.bridge.settings import BridgeScoringSettings
from trickcore.cards import parse_card
from trickcore.dealing import parse_deal
from trickcore.errors import InvalidRecord, NotationError, SettingsError

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "bridge_pbn")
DEAL = "N:AKQJT.AK.AKQ.AK2 98765.QJ.JT9.QJT 432.T9876.876.98 .5432.5432.76543"


def game(*lines):
    return "\n".join(['[Event "Club"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]'] + list(lines)) + "\n"


SCORE_TABLE = game(
    '[ScoreTable "Section\\1L;Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\6L;Declarer\\1R;'
    'Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\6R;MP_EW\\6R"]',
    "A  1  1  1  4 4S     N 10 HK     420      -      4      0",
    "A  2  1  2  5 4SX    ^N 9 -        -    100      0      4",
    'A  3  1  3  6 "Pass" -  - -        0      -      2      2',
    "A  4  1  7  8 A+/A-  -  - -        -      -   3.60   2.40",
    "A  5  1  9 10 NP     -  - -        -      -      -      -",
    "A  6  1 11 12 -      -  - -        -    130      -      -",
    "A  7  1 13 14 3nt    s  = D10      400    -      -      -",
)


def test_bridge_more_score_table_rows_become_traveller_lines():
    board = read_pbn(SCORE_TABLE, "club.pbn")[0]
    lines = traveller_lines(board, "club.pbn")
    assert [line.kind for line in lines] == ["played", "played", "passed_out", "artificial", "not_played",
                                             "assigned", "played"]
    first = lines[0]
    assert (first.section, first.board, first.round, first.table, first.ns_pair, first.ew_pair) == \
        ("A", 1, 1, 1, 1, 4)
    assert (str(first.contract), first.declarer, first.tricks, first.lead, first.ns_score) == \
        ("4S", Seat.N, 10, parse_card("HK"), 420)
    assert lines[1].ns_score == -100 and lines[1].declarer is Seat.N
    assert lines[3].adjustment == "A+/A-" and lines[5].ns_score == -130
    assert (str(lines[6].contract), lines[6].tricks, lines[6].lead) == ("3NT", 9, parse_card("DT"))
    # The lines feed the session scorers directly.
    assert len(score_lines(lines)) == 7


def test_bridge_more_score_table_corpus_and_absent():
    with open(os.path.join(EXAMPLES, "scorer_style.pbn"), encoding="utf-8") as fh:
        boards = read_pbn(fh.read())
    lines = traveller_lines(boards[0])
    assert [(line.kind, line.ns_pair, line.ew_pair, line.ns_score) for line in lines] == \
        [("passed_out", 1, 2, 0), ("passed_out", 3, 4, 0)]
    assert traveller_lines(boards[1]) == []


def test_bridge_more_score_table_row_whose_score_does_not_match():
    # The reader keeps the stated score (the record is the game's); the scorer rejects it: 4S= is 420, not 450.
    text = game('[ScoreTable "Section;Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS;'
                'Score_EW"]', "A 1 1 1 4 4S N 10 HK 450 -")
    line, = traveller_lines(read_pbn(text, "bad.pbn")[0], "bad.pbn")
    assert (line.kind, line.ns_score) == ("played", 450)
    with pytest.raises(InvalidRecord, match="board 1: ns_score 450 does not match the result .420.") as info:
        line_ns_score(line)
    assert info.value.field == "ns_score"
    with pytest.raises(InvalidRecord):
        score_lines([line])


@pytest.mark.parametrize("row,field", [
    ("A 1 1 1 4 8S N 10 HK 420 -", "contract"),
    ("A 1 1 1 4 4S N 14 HK - -", "result"),
    ("A 1 1 1 4 4S N 10", "ScoreTable"),           # too few values
    ("A 1 1 1 4 4S N 10 HK 4x0 -", "ScoreTable"),
])
def test_bridge_more_score_table_bad_rows(row, field):
    text = game('[ScoreTable "Section;Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS;'
                'Score_EW"]', row)
    board = read_pbn(text, "bad.pbn")[0]
    with pytest.raises((NotationError, InvalidRecord)) as info:
        traveller_lines(board, "bad.pbn")
    assert info.value.field == field and "bad.pbn" in str(info.value)


def test_bridge_more_score_table_export_round_trip():
    lines = [
        TravellerLine(board=1, table=1, round=1, ns_pair=1, ew_pair=4, contract=parse_contract("4S"),
                      declarer="N", tricks=10, lead=parse_card("HK")),
        TravellerLine(board=1, table=2, round=1, ns_pair=2, ew_pair=5, contract=parse_contract("4SX"),
                      declarer="N", tricks=9),
        TravellerLine(board=1, table=3, round=1, ns_pair=3, ew_pair=6, kind="passed_out"),
        TravellerLine(board=1, table=4, round=1, ns_pair=7, ew_pair=8, kind="artificial", adjustment="A+/A-"),
        TravellerLine(board=1, table=5, round=1, ns_pair=9, ew_pair=10, kind="not_played"),
        TravellerLine(board=1, table=6, round=1, ns_pair=11, ew_pair=12, kind="assigned", ns_score=-130),
    ]
    name, spec, rows = score_table(lines, [("4", "0"), ("0", "4"), ("2", "2"), ("3.60", "2.40"), (None, None),
                                           ("1", "3")])
    assert name == "ScoreTable" and spec.startswith("Section\\1L;Table\\2R;Round\\2R;PairId_NS\\2R")
    assert "Contract\\8L" in spec and spec.endswith("MP_NS\\6R;MP_EW\\6R")  # widened for ASSIGNED
    assert rows[0] == "A  1  1  1  4 4S       N 10 HK     420      -      4      0"
    assert rows[1].split()[5:11] == ["4SX", "N", "9", "-", "-", "100"]
    assert rows[2].split()[5:10] == ["Pass", "-", "-", "-", "0"]
    assert rows[3].split()[5:] == ["A+/A-", "-", "-", "-", "-", "-", "3.60", "2.40"]
    assert rows[4].split()[5:] == ["NP"] + ["-"] * 7
    again = read_pbn(write_pbn([Board(number=1, tables=((name, spec, rows),))]))[0]
    read_back = traveller_lines(again)
    assert [(line.kind, line_ns_score(line)) for line in read_back] == [(line.kind, line_ns_score(line))
                                                                        for line in lines]
    assert [line.adjustment for line in read_back] == [line.adjustment for line in lines]
    assert score_table(lines, imps=True)[1].endswith("IMP_NS\\6R;IMP_EW\\6R")


def test_bridge_more_dd_table_from_both_forms_and_back():
    table = {"N": {"C": 13, "D": 13, "H": 0, "S": 13, "NT": 13}, "E": {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0},
             "S": {"C": 13, "D": 13, "H": 0, "S": 13, "NT": 13}, "W": {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0}}
    digits = game(f'[Deal "{DEAL}"]', '[DoubleDummyTricks "dd0ddDD0DD0D0D00D0D0"]')
    board = read_pbn(digits)[0]
    assert read_dd_table(board) == table
    written = with_dd_table(board, table)
    assert written.tag("DoubleDummyTricks") == "dd0dd" "dd0dd" "0d0d0" "0d0d0"
    name, spec, rows = written.tables[-1]
    assert (name, spec) == ("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R")
    assert rows[:6] == ("N NT 13", "N S 13", "N H 0", "N D 13", "N C 13", "S NT 13") and len(rows) == 20
    text = write_pbn([written])
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 13\n' in text
    again = read_pbn(text)[0]
    assert read_dd_table(again) == table
    assert read_dd_table(with_dd_table(Board(number=1), table)) == table
    assert read_dd_table(Board(number=1)) is None


def test_bridge_more_dd_table_solver_output_written_back():
    from trickcore.games.bridge.analysis import dd_table as solve
    table = solve(parse_deal(DEAL))
    board = with_dd_table(Board(number=1, deal=parse_deal(DEAL)), table)
    assert read_dd_table(read_pbn(write_pbn([board]))[0]) == table


@pytest.mark.parametrize("tags", [
    ['[DoubleDummyTricks "dd0dd"]'],
    ['[DoubleDummyTricks "ee0ddDD0DD0D0D00D0D0"]'],
    ['[DoubleDummyTricks "dd0ddDD0DD0D0D00D0D1"]', '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
     "W C 0"],
    ['[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]', "N NT 14"],
    ['[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]', "X NT 9"],
])
def test_bridge_more_dd_table_bad(tags):
    with pytest.raises(NotationError):
        read_dd_table(read_pbn(game(*tags), "dd.pbn")[0], "dd.pbn")


def test_bridge_more_dd_table_incomplete_write():
    with pytest.raises(NotationError):
        with_dd_table(Board(number=1), {"N": {"NT": 9}})


def test_bridge_more_pbn_encoding_bytes():
    board = Board(number=1, tags=(("Event", "Coupe de Sévigné"),))
    latin = encode_pbn([board])
    assert latin.startswith(b"% PBN 2.1\n% EXPORT\n\n[Event ")
    assert b"Content-type" not in latin and b"\r" not in latin
    assert "Sévigné".encode("latin-1") in latin
    utf8 = encode_pbn([board], "utf-8")
    assert utf8.startswith(b"% PBN 2.1\n% EXPORT\n% Content-type: text/x-pbn; charset=UTF-8\n\n")
    assert "Sévigné".encode("utf-8") in utf8
    assert read_pbn(latin.decode("latin-1"))[0].tag("Event") == read_pbn(utf8.decode("utf-8"))[0].tag("Event")
    with pytest.raises(NotationError) as info:
        encode_pbn([Board(number=1, tags=(("Event", "Кубок"),))])
    assert info.value.field == "pbn_encoding" and info.value.line == 4
    assert encode_pbn([Board(number=1, tags=(("Event", "Кубок"),))], "utf-8").count(b"Content-type") == 1
    with pytest.raises(NotationError):
        encode_pbn([board], "cp1252")


def test_bridge_more_pbn_encoding_setting():
    assert BridgeScoringSettings().pbn_encoding == "latin-1"
    assert BridgeScoringSettings(pbn_encoding="utf-8").pbn_encoding == "utf-8"
    with pytest.raises(SettingsError):
        BridgeScoringSettings(pbn_encoding="ascii")
