"""The PBN standard's own 155-result traveller (PBN 2.1 §5.4, game 45 of its reference file correct_20.pbn, kept
in tests/data/corpus): every percentage it prints is reproduced, with the convention it uses, in which each
result is also compared with itself (``compare_with_itself``)."""
import os

import attrs
import pytest

from trickcore.files import read_text
from trickcore.scoring.bridge.duplicate.formats.pbn_session import read_pbn_results
from trickcore.scoring.bridge.duplicate.session import score_session
from trickcore.scoring.bridge.duplicate.traveller import line_ns_score
from trickcore.scoring.bridge.settings import BridgeScoringSettings

FILE = os.path.join(os.path.dirname(__file__), "..", "..", "data", "corpus", "correct_20.pbn")


def traveller():
    """Game 45 of the file, and its ScoreTable rows as printed: (score, multiplicity, %NS, %EW)."""
    text = read_text(FILE, "latin-1")
    game = text[text.index("% ==================== game 45"):]
    game = game[:game.index("[TotalScoreTable")]
    rows = []
    for line in game[game.index("[ScoreTable"):].splitlines()[1:]:
        rank, ns, ew, score, times = line.split()
        rows.append((int(score), int(times), float(ns), float(ew)))
    return game, rows


def test_the_standard_traveller_holds_155_results():
    game, rows = traveller()
    assert sum(times for _, times, _, _ in rows) == 155
    assert len(read_pbn_results(game, "correct_20.pbn").lines) == 155


@pytest.mark.parametrize("itself, matches", [(True, True), (False, False)])
def test_every_printed_percentage_is_reproduced(itself, matches):
    game, rows = traveller()
    settings = attrs.evolve(BridgeScoringSettings(), compare_with_itself=itself)
    session = score_session(read_pbn_results(game, "correct_20.pbn"), "matchpoints", settings)
    found = {}
    for scored in session.lines:
        found[line_ns_score(scored.line)] = (round(float(scored.ns / scored.top * 100), 1),
                                             round(float(scored.ew / scored.top * 100), 1))
    printed = {score: (ns, ew) for score, _, ns, ew in rows}
    # Only the convention the standard uses gives its figures; the usual one differs on every row but ties.
    assert (found == printed) is matches
