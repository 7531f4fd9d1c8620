"""A matchpoint session from traveller lines (bridge.md §9, §13.3) and ``average_plus_mode`` (§9.3)."""
from fractions import Fraction

import pytest

from trickcore.scoring.bridge.duplicate.matchpoint_pairs import expected_from_lines, pair_totals, score_lines
from trickcore.scoring.bridge.duplicate.traveller import adjustment_codes
from trickcore.scoring.bridge.settings import BridgeScoringSettings
from trickcore.games.bridge.record import TravellerLine
from trickcore.errors import SettingsError


def assigned(board, ns, ew, score):
    return TravellerLine(board=board, ns_pair=ns, ew_pair=ew, kind="assigned", ns_score=score)


def artificial(board, ns, ew, code):
    return TravellerLine(board=board, ns_pair=ns, ew_pair=ew, kind="artificial", adjustment=code)


# Board 1 is example E-I (A+/A- at one of three tables); boards 2 and 3 are the pairs' other boards.
SESSION = [
    artificial(1, 1, 4, "A+/A-"), assigned(1, 2, 5, 500), assigned(1, 3, 6, -620),
    assigned(2, 1, 5, 800), assigned(2, 2, 6, 170), assigned(2, 3, 4, 420),
    assigned(3, 1, 6, 100), assigned(3, 2, 4, 1000), assigned(3, 3, 5, 50),
]


def by_pair(settings=None):
    return {p.pair: p for p in pair_totals(SESSION, settings)}


def test_bridge_more_session_e_i_fixed():
    board1 = score_lines(SESSION)[:3]
    assert [(b.ns, b.ew) for b in board1] == [(Fraction(12, 5), Fraction(8, 5)), (Fraction(7, 2), Fraction(1, 2)),
                                               (Fraction(1, 2), Fraction(7, 2))]
    pairs = by_pair()
    assert pairs[1].total == Fraction(42, 5) and pairs[1].available == 12 and pairs[1].percentage == 70
    assert pairs[4].total == Fraction(18, 5) and pairs[4].percentage == 30


def test_bridge_more_session_if_better():
    settings = BridgeScoringSettings(average_plus_mode="session_if_better")
    first = score_lines(SESSION, settings)[0]
    # Pair 1 scored 6 of 8 on its other boards (75 % > 60 %); pair 4 scored 2 of 8 (25 % < 40 %).
    assert (first.ns, first.ew) == (3, 1)
    pairs = by_pair(settings)
    assert pairs[1].percentage == 75 and pairs[4].percentage == 25
    # The other results of the board are not touched.
    assert score_lines(SESSION, settings)[1:] == score_lines(SESSION)[1:]


def test_bridge_more_session_if_better_keeps_fixed_share_when_worse_or_alone():
    settings = BridgeScoringSettings(average_plus_mode="session_if_better")
    lines = [artificial(1, 1, 4, "A-/A+"), assigned(1, 2, 5, 500), assigned(1, 3, 6, -620)] + SESSION[3:]
    first = score_lines(lines, settings)[0]
    # Pair 1 (75 %) keeps A- = 40 %; pair 4 (25 %) keeps A+ = 60 %.
    assert (first.ns, first.ew) == (Fraction(8, 5), Fraction(12, 5))
    alone = [artificial(1, 1, 2, "A+"), assigned(1, 3, 4, 100)]
    assert (score_lines(alone, settings)[0].ns, score_lines(alone, settings)[0].ew) == \
        (Fraction(6, 5), Fraction(4, 5))  # top 2, no other boards: fixed shares
    explicit = [artificial(1, 1, 4, "A70/30")] + SESSION[1:]
    assert score_lines(explicit, settings)[0].ns == Fraction(14, 5)


def test_bridge_more_session_not_played_and_expected():
    lines = SESSION + [TravellerLine(board=4, ns_pair=1, ew_pair=4, kind="not_played"), assigned(4, 2, 5, 420)]
    assert expected_from_lines(lines) == {"A": 3}
    pairs = {p.pair: p for p in pair_totals(lines)}
    assert pairs[1].boards == 3 and pairs[2].boards == 4
    # One result of an expected three: Neuberg gives exactly half the top.
    assert pairs[2].total - by_pair()[2].total == 2


def test_bridge_more_adjustment_codes_and_setting():
    assert adjustment_codes("A+") == ("A+", "A-")
    assert adjustment_codes("a/a-") == ("A", "A-")
    assert adjustment_codes("A60/40") == (None, None)
    with pytest.raises(SettingsError):
        BridgeScoringSettings(average_plus_mode="best")
