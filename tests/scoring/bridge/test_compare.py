"""IMPs (§8), matchpoints (§9), VPs (§11.3), Russian scoring (§14), display rounding (§15.3) and §17 E-E…E-L, E-P."""
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore.games.bridge.vocab import Seat, Vulnerability, parse_contract
from trickcore.scoring.bridge.contract.imps import imps
from trickcore.scoring.bridge.contract.vp import team_victory_points, victory_points
from trickcore.scoring.bridge.display import format_figure
from trickcore.scoring.bridge.duplicate.matchpoints import (AdjustedScore, matchpoints, neuberg, parse_adjusted,
                                                          score_board)
from trickcore.scoring.bridge.rubber.russian import russian_imps, target_score

# §8 as printed: (low, high, IMPs); high None = "and more".
IMP_TABLE = [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
             (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
             (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
             (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
             (3500, 3990, 23), (4000, 7600, 24)]


@pytest.mark.parametrize("low,high,value", IMP_TABLE)
def test_bridge_score_imp_table(low, high, value):
    for diff in range(low, high + 10, 10):
        assert imps(diff) == value
        assert imps(-diff) == -value


@pytest.mark.parametrize("diff,value", [(10, 0), (2990, 21), (3000, 22), (3990, 23), (4000, 24), (7600, 24),
                                        (580, 11), (-580, -11), (1520 - 940, 11)])
def test_bridge_score_imp_traps(diff, value):
    assert imps(diff) == value


@given(st.integers(-8000, 8000), st.integers(0, 8000))
def test_bridge_score_imps_monotone_and_odd(diff, step):
    assert imps(-diff) == -imps(diff)
    assert imps(diff + step) >= imps(diff)


def test_bridge_score_matchpoints_e_f():
    scores = [620, 620, 170, -100, 620, 650, -200]
    assert matchpoints(scores) == [8, 8, 4, 2, 8, 12, 0]
    assert [12 - x for x in matchpoints(scores)] == [4, 4, 8, 10, 4, 0, 12]
    assert matchpoints(scores, "acbl") == [4, 4, 2, 1, 4, 6, 0]


def test_bridge_score_matchpoints_e_g():
    board = score_board([430, 460, 450, 420, 400, -50])
    assert board.ns[0] == 6 and board.ew[0] == 4 and board.top == 10


def test_bridge_score_neuberg_e_h():
    european = score_board([140, 110, 110, -50, 170], expected=7)
    assert [format_figure(x) for x in european.ns] == ["8.80", "4.60", "4.60", "0.40", "11.60"]
    assert european.top == 12
    acbl = score_board([140, 110, 110, -50, 170], expected=7, mp_units="acbl")
    assert [format_figure(x) for x in acbl.ns] == ["4.40", "2.30", "2.30", "0.20", "5.80"]
    assert neuberg(0, 1, 7) == 6  # a single result gets exactly half the top
    assert score_board([140, 110, 110, -50, 170], expected=7, use_neuberg=False).ns[4] == 8


def test_bridge_score_artificial_e_i():
    board = score_board([parse_adjusted("A+/A-"), 500, -620])
    assert board.ns == (Fraction(12, 5), Fraction(7, 2), Fraction(1, 2))
    assert board.ew == (Fraction(8, 5), Fraction(1, 2), Fraction(7, 2))
    assert parse_adjusted("A60/40") == AdjustedScore(60, 40)
    assert parse_adjusted("A") == AdjustedScore(50, 50)
    assert parse_adjusted("A-") == AdjustedScore(40, 60)


def test_bridge_score_not_played_is_factored():
    board = score_board([None, 500, -620], expected=3)
    assert board.ns == (None, Fraction(7, 2), Fraction(1, 2))


@given(st.lists(st.integers(-50, 50).map(lambda x: 10 * x), min_size=1, max_size=12))
def test_bridge_score_matchpoints_sum_to_tops(scores):
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)
    board = score_board(scores, expected=n + 3)
    for ns, ew in zip(board.ns, board.ew):
        assert ns + ew == board.top


@pytest.mark.parametrize("margin,boards,winner", [(13, 24, "12.95"), (14, 16, "13.75"), (5, 24, "11.23"),
                                                  (23, 8, "17.11"), (0, 16, "10"), (200, 16, "20")])
def test_bridge_score_vp_examples(margin, boards, winner):
    win, lose = victory_points(margin, boards)
    assert format_figure(win) == winner and win + lose == 20


def test_bridge_score_vp_without_repair():
    assert format_figure(victory_points(14, 16, repair=False)[0]) == "13.74"
    assert team_victory_points(-13, 24) == (Fraction(705, 100), Fraction(1295, 100))


@pytest.mark.parametrize("boards", [8, 16, 24, 32, 64])
def test_bridge_score_vp_scale_is_concave_and_bounded(boards):
    values = [victory_points(m, boards)[0] for m in range(0, 130)]
    steps = [b - a for a, b in zip(values, values[1:])]
    assert all(s >= 0 for s in steps) and values[-1] == 20
    assert all(later <= earlier for earlier, later in zip(steps, steps[1:]))


def test_bridge_score_russian_e15_and_e_p():
    assert russian_imps(parse_contract("3H"), Seat.E, Vulnerability.EW, 10, ns_hcp=16) == 3
    assert russian_imps(parse_contract("3S"), Seat.E, Vulnerability.NONE, 9, ns_hcp=23) == -6
    assert russian_imps(None, None, Vulnerability.NONE, None, ns_hcp=20) == 0
    assert target_score(24, True) == 290 and target_score(39, False) == 1300


def test_bridge_score_display_rounding():
    assert format_figure(Fraction(425, 6)) == "70.83"
    assert format_figure(Fraction(125, 3)) == "41.67"
    assert format_figure(Fraction(-24, 5)) == "-4.80"
    assert format_figure(Fraction(1, 200)) == "0.01" and format_figure(Fraction(-1, 200)) == "-0.01"
    assert format_figure(7) == "7"
