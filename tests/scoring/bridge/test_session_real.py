"""A whole real pairs session, as its scorer exported it, scored again: every board's figures and the final
ranking must come out exactly as the scorer printed them.

``ruter_klubbkveld_butler.pbn`` is the complete 2012-01-24 club evening of Rekrutteringsklubben Ruter 7
(Norway) written by "Ruter i Norge" 4.4: 16 pairs, 8 tables, 21 boards, scored by Butler ("IMP;Butler-2;Mean":
the datum is the mean of the NS scores with the best and the worst left out, rounded to 10). Every board
carries a ScoreTable with the scorer's ``IMP_NS``/``IMP_EW`` and ``ButlerDatum``; board 1 carries the
TotalScoreTable with the ranking (``Rank``, ``RankTie`` for a shared place, ``TotalScoreIMP``, ``NrBoards``).
Source and licence: tests/data/session/SOURCES.md.
"""
import json
import os
from fractions import Fraction

import pytest
from click.testing import CliRunner

from trickcore.cli.bridge import bridge
from trickcore.games.bridge.formats.score_table import table_cells, total_score_rows
from trickcore.scoring.bridge.duplicate.formats.session_files import read_results
from trickcore.scoring.bridge.duplicate.session import score_session
from trickcore.scoring.bridge.settings import BridgeScoringSettings

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "data", "session")
RUTER = os.path.join(DATA, "ruter_klubbkveld_butler.pbn")


def printed_place(row):
    """The scorer's place as trickcore writes it: ``RankTie`` (the last place of a tie) marks a shared place."""
    return row["rank"] + ("=" if row["ranktie"] else "")


@pytest.fixture(scope="module")
def ruter():
    results = read_results(RUTER)
    return results, score_session(results, "butler")


def test_real_session_reads_whole(ruter):
    results, session = ruter
    assert results.event.name == "Klubbkveld" and results.event.date == "2012.01.24"
    assert sorted({board.number for board in results.boards}) == list(range(1, 22))
    assert len(results.lines) == 21 * 8
    assert session.expected == {"A": 8}
    assert len({line.ns_pair for line in results.lines} | {line.ew_pair for line in results.lines}) == 16


def test_real_session_every_line_and_datum_as_printed(ruter):
    results, session = ruter
    printed = [cells for board in results.boards for _, cells in table_cells(board, "ScoreTable")]
    assert len(session.lines) == len(printed) == 168
    for scored, cells in zip(session.lines, printed):
        where = (scored.line.board, scored.line.ns_pair, scored.line.ew_pair)
        assert (scored.line.ns_pair, scored.line.ew_pair) == (int(cells["pairid_ns"]), int(cells["pairid_ew"]))
        assert scored.datum == int(cells["butlerdatum"]), where
        assert scored.ns == Fraction(cells["imp_ns"]), where
        assert scored.ew == Fraction(cells["imp_ew"]), where


def test_real_session_ranking_as_printed(ruter):
    results, session = ruter
    printed = total_score_rows(results.boards[0])
    assert len(printed) == len(session.standings) == 16
    assert {(s.section, s.field) for s in session.standings} == {("A", "all")}
    got = [(s.pair, s.place, s.total, s.boards) for s in session.standings]
    want = [(int(row["pairid"]), printed_place(row), Fraction(row["totalscoreimp"]), int(row["nrboards"]))
            for row in printed]
    assert got == want
    # The two ties of the printed ranking: 4-5 and 14-15.
    assert [s.place for s in session.standings if s.place.endswith("=")] == ["4=", "4=", "14=", "14="]
    for standing, row in zip(session.standings, printed):
        assert " - ".join(standing.names) == row["names"]


def test_real_session_trim_is_one_score_at_each_end():
    """"Butler-2" leaves out two of the eight scores, one at each end: butler_trim=1, what "auto" gives for 8."""
    results = read_results(RUTER)
    explicit = score_session(results, "butler", BridgeScoringSettings().with_values(butler_trim=1))
    auto = score_session(results, "butler")
    assert [(s.ns, s.datum) for s in explicit.lines] == [(s.ns, s.datum) for s in auto.lines]
    median = score_session(results, "butler", BridgeScoringSettings().with_values(butler_trim="median"))
    assert [s.datum for s in median.lines] != [s.datum for s in auto.lines]


def test_real_session_cli_json_ranking():
    result = CliRunner().invoke(bridge, ["session", "score", RUTER, "--method", "butler", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["method"] == "butler"
    pairs = data["ranking"][0]["pairs"]
    printed = total_score_rows(read_results(RUTER).boards[0])
    assert [(p["pair"], p["place"], p["total"]) for p in pairs] == [
        (int(row["pairid"]), printed_place(row), int(row["totalscoreimp"])) for row in printed]
