"""``check_session``: the scorer's own figures in a results file compared with ours, each difference with the
rule that explains it when one is known (the project's own outputs read back agree with themselves)."""
import os

import pytest

from trickcore.errors import InputError
from trickcore.scoring.bridge.duplicate.formats.pbn_session import read_pbn_results
from trickcore.scoring.bridge.duplicate.formats.session_files import read_results, render_session
from trickcore.scoring.bridge.duplicate.formats.usebio import read_usebio
from trickcore.scoring.bridge.duplicate.scorer_check import check_session
from trickcore.scoring.bridge.duplicate.session import score_session
from trickcore.scoring.bridge.settings import BridgeScoringSettings

SESSION = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "bridge", "pairs_session.csv")


@pytest.mark.parametrize("method", ["matchpoints", "butler", "cross_imps"])
def test_our_own_usebio_and_pbn_outputs_agree_with_themselves(method):
    session = score_session(read_results(SESSION), method)
    for results in (read_usebio(render_session(session, "usebio"), "out.xml"),
                    read_pbn_results(render_session(session, "pbn").decode("utf-8"), "out.pbn")):
        report = check_session(results, method)
        assert report.differences == () and report.lines == len(session.lines) > 0
        assert report.pairs == len(session.standings)


def test_a_setting_of_the_scorer_is_named_as_the_reason():
    # Scored with each result compared with itself, read back and checked with the default settings.
    itself = BridgeScoringSettings().with_values(compare_with_itself=True)
    written = render_session(score_session(read_results(SESSION), "matchpoints", itself), "usebio")
    report = check_session(read_usebio(written, "itself.xml"))
    assert report.differences
    assert {d.reason for d in report.differences if d.kind == "line"} == {
        "the scorer compares each result with itself (--set compare_with_itself=true reproduces it)"}
    assert check_session(read_usebio(written, "itself.xml"), settings=itself).differences == ()


def test_an_adjusted_award_of_the_scorer_is_named():
    text = ('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]\n'
            '1 2 4S N 10 420 - 3.5 0.5\n3 4 4S N 9 - 50 0.5 3.5\n5 6 - - - A+ A+ 1.0 1.0\n')
    report = check_session(read_pbn_results(text, "club.pbn"))
    assert [(d.board, d.ns_pair, d.figure, d.ours, d.file) for d in report.differences] == [
        (1, 5, "NS", "2.40", "1.0"), (1, 5, "EW", "2.40", "1.0")]
    assert all(d.reason.startswith("an adjusted score (A+/A+)") for d in report.differences)


def test_a_file_without_the_scorer_figures_cannot_be_checked():
    with pytest.raises(InputError) as info:
        check_session(read_results(SESSION))
    assert info.value.field == "check" and "none of the scorer's own figures" in info.value.message
