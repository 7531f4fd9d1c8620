"""IMP pairs (bridge.md §10): Butler datum and trim, cross-IMPs, totals and ranking, worked examples E-J and
E-K, registration, and the ``tricks bridge butler`` / ``cross-imps`` commands."""
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from trickcore.cli.bridge import bridge
from trickcore.games.bridge.vocab import parse_contract
from trickcore.games.registry import get_scoring, scorings_for
from trickcore.scoring.bridge.duplicate.butler import (AdjustedImps, butler, cross_imps, datum, parse_adjusted_imps,
                                                      round_to_ten, score_board_imps, trim_count)
from trickcore.scoring.bridge.duplicate.imp_pairs import pair_fields, pair_totals, rank_pairs, score_lines
from trickcore.scoring.bridge.settings import BridgeScoringSettings
from trickcore.games.bridge.record import TravellerLine
from trickcore.scoring.bridge.duplicate.traveller import line_ns_score
from trickcore.errors import InputError, InvalidRecord, SettingsError

E_J = [620, 620, 650, 170, 140, -100, 620, 1430]
E_K = [620, 170, 650, -100, 620, 200]


def run(*args):
    return CliRunner().invoke(bridge, [str(a) for a in args])


def test_bridge_more_example_e_j_butler():
    reference, figures = butler(E_J)
    assert reference == 470
    assert dict(zip(E_J, figures)) == {620: 4, 650: 5, 170: -7, 140: -8, -100: -11, 1430: 14}


@pytest.mark.parametrize("mean,rounded", [(425, 430), (-425, -430), (424, 420), (-424, -420), (470, 470),
                                          (Fraction(2825, 6), 470), (5, 10), (-5, -10), (4, 0), (0, 0)])
def test_bridge_more_datum_rounding(mean, rounded):
    assert round_to_ten(mean) == rounded


def test_bridge_more_datum_half_examples_of_e_j():
    # Four scores, k = 1: the middle two average exactly 425 (and -425).
    assert datum([0, 400, 450, 2000]) == 430
    assert datum([-2000, -450, -400, 0]) == -430


@pytest.mark.parametrize("n,k", [(1, 0), (3, 0), (4, 1), (10, 1), (11, 2), (25, 2), (26, 3), (40, 3), (41, 4),
                                 (55, 4), (56, 5)])
def test_bridge_more_auto_trim(n, k):
    assert trim_count(n) == k


def test_bridge_more_trim_settings():
    scores = [100, 200, 300, 400, 5000]
    assert datum(scores, 0) == 1200
    assert datum(scores, 2) == 300
    assert datum(scores, "median") == 300
    assert datum([100, 200, 300, 5000], "median") == 250
    with pytest.raises(InputError):
        datum(scores, 3)
    with pytest.raises(SettingsError):
        BridgeScoringSettings(butler_trim=-1)
    settings = BridgeScoringSettings(butler_trim="median")
    assert score_board_imps(scores, "butler", settings).datum == 300


def test_bridge_more_example_e_k_cross_imps():
    averages = cross_imps(E_K)
    totals = cross_imps(E_K, "total")
    assert totals == [30, -24, 35, -51, 30, -20]
    assert averages == [6, Fraction(-24, 5), 7, Fraction(-51, 5), 6, -4]
    result = run("cross-imps", *E_K)
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.output.splitlines()[2:]]
    assert rows[0] == ["620", "6.00", "-6.00"] and rows[1] == ["170", "-4.80", "4.80"]
    assert rows[3] == ["-100", "-10.20", "10.20"] and rows[5] == ["200", "-4.00", "4.00"]


def test_bridge_more_cross_imps_single_result():
    assert cross_imps([420]) == [0]
    assert cross_imps([420], "total") == [0]


def test_bridge_more_adjusted_imps():
    assert parse_adjusted_imps("A+") == AdjustedImps(3, -3)
    assert parse_adjusted_imps("A") == AdjustedImps(0, 0)
    assert parse_adjusted_imps("a-/a+") == AdjustedImps(-3, 3)
    assert parse_adjusted_imps("A+", BridgeScoringSettings(imp_average_plus=2)) == AdjustedImps(2, -3)
    with pytest.raises(InvalidRecord):
        parse_adjusted_imps("A60/40")
    board = score_board_imps([620, "A+/A", None, 170, 650], "butler")
    assert board.datum == 480  # three real scores: no trim, mean 480
    assert board.ns == (4, 3, None, -7, 5) and board.ew == (-4, 0, None, 7, -5)


@given(st.lists(st.integers(-760, 760).map(lambda x: 10 * x), min_size=1, max_size=30),
       st.sampled_from(["butler", "cross_imps"]))
def test_bridge_more_imp_pairs_zero_sum_per_line(scores, method):
    board = score_board_imps(scores, method)
    assert all(ns == -ew for ns, ew in zip(board.ns, board.ew))
    if method == "cross_imps":
        assert sum(board.ns) == 0  # every comparison is counted once each way
    else:
        assert board.datum % 10 == 0 and min(scores) - 10 <= board.datum <= max(scores) + 10


def _line(board, ns, ew, contract, declarer, tricks, **extra):
    return TravellerLine(board=board, ns_pair=ns, ew_pair=ew, kind="played", contract=parse_contract(contract),
                         declarer=declarer, tricks=tricks, **extra)


def test_bridge_more_session_totals_and_ranking():
    lines = [
        _line(1, 1, 4, "4S", "N", 10), _line(1, 2, 5, "4S", "N", 11), _line(1, 3, 6, "2S", "N", 9),
        _line(2, 1, 5, "3NT", "E", 8), _line(2, 2, 6, "3NT", "E", 9),
        TravellerLine(board=2, ns_pair=3, ew_pair=4, kind="artificial", adjustment="A+/A-"),
        TravellerLine(board=3, ns_pair=1, ew_pair=6, kind="not_played"),
        TravellerLine(board=3, ns_pair=2, ew_pair=4, kind="passed_out"),
    ]
    scored = score_lines(lines, "butler")
    # Board 1 (none vul): 420, 450, 140 -> datum 340; board 2 (NS vul): +50, -400 -> datum -180.
    assert [s.ns for s in scored[:3]] == [2, 3, -5] and scored[0].datum == 340
    assert scored[3].datum == -180
    assert [s.ns for s in scored[3:6]] == [6, -6, 3]
    totals = {p.pair: p for p in pair_totals(lines, "butler")}
    assert totals[1].total == 8 and totals[1].boards == 2 and totals[1].field == "NS"
    assert totals[4].total == -2 - 3 + 0 and totals[4].boards == 3
    assert totals[6].boards == 2  # board 3 was not played
    ranked = rank_pairs(totals.values())
    ns = [(p.place, p.pair.pair) for p in ranked if p.pair.field == "NS"]
    assert ns == [("1", 1), ("2", 3), ("3", 2)]
    per_board = {p.pair.pair: p.figure for p in rank_pairs(totals.values(), "per_board")}
    assert per_board[1] == 4 and per_board[3] == -1


def test_bridge_more_ranking_ties_and_one_field():
    lines = [_line(1, 1, 2, "4S", "N", 10), _line(1, 3, 4, "4S", "N", 10),
             _line(2, 2, 1, "4H", "E", 10), _line(2, 4, 3, "4H", "E", 10)]
    assert set(pair_fields(lines).values()) == {"all"}
    ranked = rank_pairs(pair_totals(lines, "cross_imps"))
    assert sorted(p.place for p in ranked) == ["1=", "1=", "1=", "1="]


def test_bridge_more_traveller_line_checks():
    with pytest.raises(InvalidRecord):               # the scorer checks a stated score against the result
        line_ns_score(_line(1, 1, 2, "4S", "N", 10, ns_score=450))
    with pytest.raises(InvalidRecord):
        score_lines([_line(1, 1, 2, "4S", "N", 10, ns_score=450), _line(1, 3, 4, "4S", "N", 10)])
    assert line_ns_score(_line(1, 1, 2, "4S", "N", 10, ns_score=420)) == 420
    with pytest.raises(InvalidRecord):
        TravellerLine(board=1, kind="assigned")
    with pytest.raises(InvalidRecord):
        TravellerLine(board=1, kind="played")
    with pytest.raises(InvalidRecord):
        TravellerLine(board=1, kind="artificial")
    with pytest.raises(InvalidRecord):
        TravellerLine(board=0, kind="not_played")


def test_bridge_more_registered_scorings():
    assert get_scoring("bridge-butler").game == "bridge"
    assert get_scoring("bridge-cross-imps").presets == ("standard", "seed")
    assert {"bridge-butler", "bridge-cross-imps"} <= set(scorings_for("bridge"))


def test_bridge_more_cli_butler_e_j():
    result = run("butler", *E_J)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "datum 470"
    assert [line.split()[1] for line in lines[2:]] == ["4", "4", "5", "-7", "-8", "-11", "4", "14"]
    data = json.loads(run("butler", 620, "A+", "NP", 170, "--format", "json").output)
    assert data["datum"] == 400 and data["results"][1] == {"score": "A+", "ns": "3", "ew": "-3"}
    assert data["results"][2]["ns"] is None


@pytest.mark.parametrize("args", [["butler", "62x"], ["butler", "620", "A60/40"],
                                  ["butler", "1", "2", "--set", "butler_trim=1"],
                                  ["cross-imps", "1", "--set", "cross_imps=median"]])
def test_bridge_more_cli_butler_bad_input(args):
    result = run(*args)
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
