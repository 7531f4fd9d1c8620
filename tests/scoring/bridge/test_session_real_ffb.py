"""Two whole real pairs sessions of the French federation, as its scorer exported them, scored again: every line's
matchpoints and percentages, every pair's total, percentage and place, figure for figure; where a figure differs
the rule that explains it is named, and ``--check`` shows the same.

``ffb_dn1_seance1.pbn`` and ``ffb_dn1_seance5.pbn`` are sessions 1 and 5 of the 2021-22 "Open /2 DN1 National
Finale directe" (Fédération Française de Bridge), exported by Magic Contest France 4.13: 44 pairs at 22 tables,
30 and 28 boards, one field (a barometer), European units (top 42), every line's ``MP_NS``/``MP_EW`` rounded to
one decimal and ``Percentage_NS``/``Percentage_EW`` to whole numbers. Session 1's ``TotalScoreTable`` ranks the
session (``TotalScoreMP``, ``TotalPercentage``); session 5's ranks the event so far (144 boards) and gives the
session's own figures beside it (``SessionScoreMP``, ``SessionPercentage``, ``SessionRank``). The scorer adds each
line's rounded figures: its totals are those sums, its percentages those sums over the 1,260 (1,176) available,
so a total may differ from our exact one by the rounding. Source and licence: tests/data/session/SOURCES.md.
"""
import json
import os
from decimal import Decimal
from fractions import Fraction

import pytest
from click.testing import CliRunner

from trickcore.cli.bridge import bridge
from trickcore.scoring.bridge.display import round_half_away
from trickcore.scoring.bridge.duplicate.formats.session_files import read_results
from trickcore.scoring.bridge.duplicate.scorer_check import check_session
from trickcore.scoring.bridge.duplicate.session import score_session

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "data", "session")
SESSIONS = {"ffb_dn1_seance1.pbn": (30, 660), "ffb_dn1_seance5.pbn": (28, 616)}
ROUNDING = "the scorer's rounding"


def printed(text):
    return Fraction(Decimal(text))


@pytest.fixture(scope="module", params=sorted(SESSIONS))
def ffb(request):
    results = read_results(os.path.join(DATA, request.param))
    return request.param, results, score_session(results)


def test_real_ffb_sessions_read_whole(ffb):
    name, results, session = ffb
    boards, lines = SESSIONS[name]
    assert sorted({board.number for board in results.boards}) == list(range(1, boards + 1))
    assert len(results.lines) == len(results.printed) == lines
    assert session.expected == {"A": 22} and {s.field for s in session.standings} == {"all"}
    assert len(session.standings) == len(results.ranking) == 44
    assert results.event.site == "Fédération Française de Bridge"


def test_real_ffb_every_line_as_printed(ffb):
    _, results, session = ffb
    for scored, figures, where in zip(session.lines, results.printed, results.where):
        assert scored.top == 42, where
        assert round_half_away(scored.ns, 1) == printed(figures.ns), where
        assert round_half_away(scored.ew, 1) == printed(figures.ew), where
        assert round_half_away(100 * scored.ns / 42, 0) == printed(figures.ns_percent), where
        assert round_half_away(100 * scored.ew / 42, 0) == printed(figures.ew_percent), where


def test_real_ffb_average_plus_to_both_pairs():
    # Session 1 has three lines where neither pair was at fault: A+ in both score columns, 25.2 of 42 to each
    # (Law 12C2: 60 %), and one A-/A+ line (16.8 and 25.2).
    results = read_results(os.path.join(DATA, "ffb_dn1_seance1.pbn"))
    session = score_session(results)
    adjusted = [(s.line.board, s.line.adjustment, s.ns, s.ew) for s in session.lines if s.artificial]
    plus = Fraction(126, 5)
    assert adjusted == [(1, "A+/A+", plus, plus), (2, "A+/A+", plus, plus), (9, "A-/A+", Fraction(84, 5), plus),
                        (14, "A+/A+", plus, plus)]


def test_real_ffb_every_total_percentage_and_place_as_printed(ffb):
    """Places as printed; totals and percentages as printed once the scorer's rounding is applied: it adds each
    line's matchpoints rounded to one decimal, and its percentage is of that rounded total."""
    _, results, session = ffb
    ours = {s.pair: s for s in session.standings}
    lines = {pair: Fraction(0) for pair in ours}
    for scored in session.lines:
        lines[scored.line.ns_pair] += round_half_away(scored.ns, 1)
        lines[scored.line.ew_pair] += round_half_away(scored.ew, 1)
    for row in results.ranking:
        standing = ours[row.pair]
        assert standing.place.rstrip("=") == row.place.rstrip("="), row
        assert standing.boards == int(row.boards)
        assert lines[row.pair] == printed(row.total), row
        assert round_half_away(100 * lines[row.pair] / standing.available, 2) == printed(row.percentage), row
        # Our exact total is within the rounding of the 30 (28) lines the scorer added.
        assert abs(standing.total - printed(row.total)) <= Fraction(standing.boards, 20)


def test_real_ffb_check_names_the_rounding_for_every_difference(ffb):
    name, results, session = ffb
    report = check_session(results)
    assert report.lines == SESSIONS[name][1] and report.pairs == 44
    assert [d for d in report.differences if d.kind == "line"] == []
    assert report.differences and all(d.reason.startswith(ROUNDING) for d in report.differences)
    assert {d.figure for d in report.differences} <= {"total", "percentage"}
    exact = {s.pair: s for s in session.standings}
    for difference in report.differences:
        row = next(r for r in results.ranking if r.pair == difference.pair)
        assert difference.file == (row.total if difference.figure == "total" else row.percentage)
        assert exact[difference.pair].place.rstrip("=") == row.place.rstrip("=")


def test_real_ffb_check_from_the_command_line():
    path = os.path.join(DATA, "ffb_dn1_seance1.pbn")
    result = CliRunner().invoke(bridge, ["session", "score", path, "--check", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["lines"], data["pairs"]) == (660, 44)
    pair7 = [d for d in data["differences"] if d.get("pair") == 7]
    assert [(d["figure"], d["ours"], d["file"]) for d in pair7] == [("total", "771.10", "771.2"),
                                                                    ("percentage", "61.20", "61.21")]
    text = CliRunner().invoke(bridge, ["session", "score", path, "--check"]).output
    assert "lines: every figure agrees" in text
    assert "pair 7 total: ours 771.10, file 771.2: the scorer's rounding: it adds each line's figures rounded " \
           "to 1 decimal(s) (771.2)" in text
