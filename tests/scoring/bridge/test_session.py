"""A pairs session scored whole (bridge.md §9, §10, §13, §17): the spec's session examples through the session
model, ranking and ties, the checks of every line (with and without a movement), and the properties the issue
names (matchpoints sum, Neuberg on a full board, cross-IMPs antisymmetric)."""
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings as hsettings, strategies as st

from trickcore.errors import InvalidRecord
from trickcore.games.bridge.record import TravellerLine
from trickcore.games.bridge.vocab import parse_contract
from trickcore.scoring.bridge.duplicate.matchpoints import neuberg, score_board
from trickcore.scoring.bridge.duplicate.movement import Movement, TableRound
from trickcore.scoring.bridge.duplicate.session import Results, score_session
from trickcore.scoring.bridge.settings import BridgeScoringSettings


def assigned(board, ns, ew, score, **extra):
    return TravellerLine(board=board, ns_pair=ns, ew_pair=ew, kind="assigned", ns_score=score, **extra)


def played(board, ns, ew, contract, declarer, tricks, **extra):
    return TravellerLine(board=board, ns_pair=ns, ew_pair=ew, contract=parse_contract(contract),
                         declarer=declarer, tricks=tricks, **extra)


def results(lines, **extra):
    lines = list(lines)
    return Results("test.csv", lines, [f"test.csv, line {k + 2}" for k in range(len(lines))], **extra)


def one_board(scores, board=1):
    # Each score at its own table: N-S pairs 1..n, E-W pairs 101..100+n.
    return results(assigned(board, k + 1, 101 + k, s) for k, s in enumerate(scores))


def figures(session, side="ns"):
    return [getattr(s, side) for s in session.lines]


def test_bridge_session_e_f_ties_in_both_units():
    scores = [620, 620, 170, -100, 620, 650, -200]
    european = score_session(one_board(scores))
    assert figures(european) == [8, 8, 4, 2, 8, 12, 0]
    assert figures(european, "ew") == [4, 4, 8, 10, 4, 0, 12]
    acbl = score_session(one_board(scores), settings=BridgeScoringSettings(mp_units="acbl"))
    assert figures(acbl) == [4, 4, 2, 1, 4, 6, 0]


def test_bridge_session_e_g_pair_5_and_11():
    lines = [assigned(1, 5, 11, 430)] + [assigned(1, 20 + k, 40 + k, s) for k, s in
                                         enumerate([460, 450, 420, 400, -50])]
    session = score_session(results(lines))
    assert (session.lines[0].ns, session.lines[0].ew, session.lines[0].top) == (6, 4, 10)


def test_bridge_session_e_h_neuberg_with_seven_expected():
    # Board 2 sets N = 7; board 1 was played five times.
    lines = list(one_board([140, 110, 110, -50, 170]).lines) + list(one_board([0] * 7, board=2).lines)
    for units, expected in (("european", ["8.80", "4.60", "4.60", "0.40", "11.60"]),
                            ("acbl", ["4.40", "2.30", "2.30", "0.20", "5.80"])):
        session = score_session(results(lines), settings=BridgeScoringSettings(mp_units=units))
        board1 = session.travellers()[("A", 1)]
        assert [f"{float(s.ns):.2f}" for s in board1] == expected
        assert board1[0].top == (12 if units == "european" else 6)


def test_bridge_session_e_i_artificial_and_neuberg():
    lines = [TravellerLine(board=1, ns_pair=1, ew_pair=4, kind="artificial", adjustment="A+/A-"),
             assigned(1, 2, 5, 500), assigned(1, 3, 6, -620)]
    session = score_session(results(lines))
    assert [(s.ns, s.ew) for s in session.lines] == [(Fraction(12, 5), Fraction(8, 5)), (Fraction(7, 2),
                                                     Fraction(1, 2)), (Fraction(1, 2), Fraction(7, 2))]
    assert session.lines[0].artificial


def test_bridge_session_e_j_butler_datum_and_imps():
    session = score_session(one_board([620, 620, 650, 170, 140, -100, 620, 1430]), "butler")
    assert {s.datum for s in session.lines} == {470}
    assert figures(session) == [4, 4, 5, -7, -8, -11, 4, 14]
    assert figures(session, "ew") == [-4, -4, -5, 7, 8, 11, -4, -14]


def test_bridge_session_e_k_cross_imps_total_and_average():
    scores = [620, 170, 650, -100, 620, 200]
    average = score_session(one_board(scores), "cross_imps")
    assert figures(average) == [6, Fraction(-24, 5), 7, Fraction(-51, 5), 6, -4]
    total = score_session(one_board(scores), "cross_imps", BridgeScoringSettings(cross_imps="total"))
    assert figures(total) == [30, -24, 35, -51, 30, -20]


# A two-board, three-table session: N-S pairs 1-3, E-W pairs 4-6.
SESSION = [
    played(1, 1, 4, "4S", "N", 10), played(1, 2, 5, "4SX", "N", 9), TravellerLine(board=1, ns_pair=3, ew_pair=6,
                                                                                  kind="passed_out"),
    played(2, 1, 5, "3NT", "S", 10), TravellerLine(board=2, ns_pair=2, ew_pair=6, kind="artificial",
                                                   adjustment="A+/A-"),
    played(2, 3, 4, "2H", "E", 8),
]


def standings(session):
    return {(s.field, s.pair): s for s in session.standings}


def test_bridge_session_totals_available_percentage_and_fields():
    session = score_session(results(SESSION))
    table = standings(session)
    assert set(table) == {("NS", 1), ("NS", 2), ("NS", 3), ("EW", 4), ("EW", 5), ("EW", 6)}
    one = table[("NS", 1)]
    assert (one.total, one.available, one.boards, one.percentage) == (Fraction(15, 2), 8, 2, Fraction(375, 4))
    assert table[("NS", 2)].total == Fraction(12, 5)      # 0 on board 1, A+ (60 % of 4) on board 2
    assert [s.place for s in session.fields()[("A", "NS")]] == ["1", "2", "3"]
    assert table[("EW", 6)].total == Fraction(2) + Fraction(8, 5)


def test_bridge_session_not_played_counts_in_neither_total_nor_available():
    lines = SESSION + [TravellerLine(board=3, ns_pair=1, ew_pair=6, kind="not_played"),
                       played(3, 2, 4, "1NT", "N", 7), played(3, 3, 5, "1NT", "N", 8)]
    table = standings(score_session(results(lines)))
    assert (table[("NS", 1)].boards, table[("NS", 1)].available) == (2, 8)
    assert (table[("NS", 2)].boards, table[("NS", 2)].available) == (3, 12)
    # Board 3's two results are factored to the expected three (Neuberg): 2 → (2 + 1)·3/2 − 1 = 3.5.
    assert table[("NS", 3)].total - standings(score_session(results(SESSION)))[("NS", 3)].total == Fraction(7, 2)


def test_bridge_session_ties_share_the_place_and_skip_the_next():
    lines = [assigned(1, 1, 4, 100), assigned(1, 2, 5, 100), assigned(1, 3, 6, -100)]
    session = score_session(results(lines))
    assert [(s.place, s.pair) for s in session.fields()[("A", "NS")]] == [("1=", 1), ("1=", 2), ("3", 3)]
    assert [(s.place, s.pair) for s in session.fields()[("A", "EW")]] == [("1", 6), ("2=", 4), ("2=", 5)]


def test_bridge_session_imp_ranking_total_or_per_board():
    lines = [assigned(1, 1, 4, 620), assigned(1, 2, 5, 170), assigned(2, 1, 5, 0), assigned(2, 2, 4, 0),
             TravellerLine(board=3, ns_pair=1, ew_pair=4, kind="not_played"), assigned(3, 2, 5, 100),
             assigned(3, 3, 6, 100)]
    session = score_session(results(lines), "cross_imps")
    by_pair = standings(session)
    assert (by_pair[("NS", 1)].total, by_pair[("NS", 1)].boards) == (10, 2)
    per_board = score_session(results(lines), "cross_imps", BridgeScoringSettings(imp_ranking="per_board"))
    assert standings(per_board)[("NS", 1)].figure == 5


def test_bridge_session_each_result_compared_with_itself():
    # Five results, European units: with itself each result gets 1 more and the top is 10 (2 × 5), not 8.
    plain = score_session(one_board([140, 110, 110, -50, 170]))
    itself = score_session(one_board([140, 110, 110, -50, 170]),
                           settings=BridgeScoringSettings(compare_with_itself=True))
    assert figures(itself) == [x + 1 for x in figures(plain)]
    assert itself.lines[0].top == 10 and figures(itself) == [7, 4, 4, 1, 9]
    best = standings(itself)[("NS", 5)]
    assert best.percentage == 90          # 9 of 10: the best result gets 100 × (n − ½) / n


def test_bridge_session_with_itself_and_neuberg_is_the_factored_board_plus_a_tie():
    lines = list(one_board([140, 110, 110, -50, 170]).lines) + list(one_board([0] * 7, board=2).lines)
    plain = score_session(results(lines)).travellers()[("A", 1)]
    itself = score_session(results(lines), settings=BridgeScoringSettings(compare_with_itself=True))
    board = itself.travellers()[("A", 1)]
    assert [s.ns for s in board] == [s.ns + 1 for s in plain] and board[0].top == 14


def test_bridge_session_average_plus_from_the_pairs_session():
    # Pair 2 has A+ on board 2 and 0 of 4 on board 1: with session_if_better its A+ stays 60 % (2.40); pair 6,
    # A- on board 2 and 2 of 4 (50 %) on board 1, keeps the worse of 40 % and 50 %: 1.60.
    session = score_session(results(SESSION), settings=BridgeScoringSettings(average_plus_mode="session_if_better"))
    artificial = next(s for s in session.lines if s.artificial)
    assert (artificial.ns, artificial.ew) == (Fraction(12, 5), Fraction(8, 5))
    # Pair 1's A+ after a top would be worth its session percentage instead.
    lines = [assigned(1, 1, 4, 100), assigned(1, 2, 5, 50),
             TravellerLine(board=2, ns_pair=1, ew_pair=5, kind="artificial", adjustment="A+/A-"),
             assigned(2, 2, 4, 0)]
    session = score_session(results(lines), settings=BridgeScoringSettings(average_plus_mode="session_if_better"))
    assert next(s for s in session.lines if s.artificial).ns == 2       # 100 % of the top of 2


# --- checks ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad,field,line", [
    (assigned(1, 1, 7, 100), "ns_pair", 8),                                   # pair 1 twice on board 1
    (assigned(2, 7, 4, 100), "ew_pair", 8),                                   # pair 4 twice on board 2
    (assigned(3, 8, 8, 100), "ew_pair", 8),                                   # a pair against itself
    (played(3, 7, 8, "4S", "N", 10, ns_score=450), "ns_score", 8),            # 4S= is 420
    (TravellerLine(board=3, ns_pair=7, ew_pair=8, kind="passed_out", ns_score=50), "ns_score", 8),
    (assigned(3, 7, 8, 425), "ns_score", 8),                                  # not a multiple of 10
    (TravellerLine(board=3, ns_pair=7, ew_pair=8, kind="artificial", adjustment="A++"), "contract", 8),
])
def test_bridge_session_bad_line_names_file_line_and_field(bad, field, line):
    with pytest.raises(InvalidRecord) as info:
        score_session(results(SESSION + [bad]))
    assert info.value.field == field and f"test.csv, line {line}" in str(info.value)


def test_bridge_session_percentages_are_no_imp_code():
    lines = [TravellerLine(board=1, ns_pair=1, ew_pair=4, kind="artificial", adjustment="A60/40"),
             assigned(1, 2, 5, 100)]
    assert score_session(results(lines)).lines[0].ns == Fraction(6, 5)       # 60 % of the top of 2
    with pytest.raises(InvalidRecord, match="not an IMP adjusted score") as info:
        score_session(results(lines), "butler")
    assert info.value.field == "contract"


# A tiny two-table movement: round 1 boards 1-2, round 2 boards 3-4, E-W pairs 3 and 4 change tables; in round
# 2 pair 2 sits out at table 2 (0 = sit-out), so boards 3-4 are played once.
MOVEMENT = Movement((TableRound(1, 1, 1, 3, (1, 2)), TableRound(1, 2, 2, 4, (1, 2)),
                     TableRound(2, 1, 1, 4, (3, 4)), TableRound(2, 2, 2, 0, (3, 4))))
MOVED = [assigned(1, 1, 3, 100), assigned(1, 2, 4, 50), assigned(2, 1, 3, 0), assigned(2, 2, 4, 0),
         assigned(3, 1, 4, 100), assigned(4, 1, 4, -100)]


def test_bridge_session_movement_fixes_expected_results():
    session = score_session(results(MOVED), movement=MOVEMENT)
    assert session.expected == {"A": 2}
    # Boards 3 and 4 have one result each: Neuberg gives it half the top of 2.
    assert [s.ns for s in session.lines if s.line.board >= 3] == [1, 1]
    without = score_session(results(MOVED))
    assert without.expected == {"A": 2}


@pytest.mark.parametrize("bad,field,message", [
    (assigned(3, 2, 4, 100), "ns_pair", r"pairs 2 \(N-S\) and 4 \(E-W\) are not scheduled .* 1 v 4 \(round 2"),
    (assigned(1, 1, 4, 100), "ew_pair", r"played by 1 v 3 \(round 1, table 1\); 2 v 4 \(round 1, table 2\)"),
    (assigned(5, 1, 3, 100), "board", "board 5 is not in the movement"),
    (assigned(1, 3, 1, 100), "ns_pair", r"pairs 3 \(N-S\) and 1 \(E-W\)"),     # seats swapped, no arrow switch
    (assigned(3, 1, 4, 100, round=1), "round", "play it in round 2, not 1"),
])
def test_bridge_session_lines_against_the_movement(bad, field, message):
    lines = [line for line in MOVED if (line.board, line.ns_pair) != (bad.board, bad.ns_pair)] + [bad]
    lines = [line for line in lines if line is bad or not ({line.ns_pair, line.ew_pair} & {bad.ns_pair,
                                                                                         bad.ew_pair}
                                                           and line.board == bad.board)]
    with pytest.raises(InvalidRecord, match=message) as info:
        score_session(results(lines), movement=MOVEMENT)
    assert info.value.field == field


def test_bridge_session_arrow_switched_round_accepts_swapped_seats_and_ranks_one_field():
    switched = attrs.evolve(MOVEMENT, arrow_switch=frozenset({2}))
    lines = MOVED[:4] + [assigned(3, 4, 1, -100), assigned(4, 4, 1, 100)]
    session = score_session(results(lines), movement=switched)
    assert {s.field for s in session.standings} == {"all"}
    with pytest.raises(InvalidRecord):
        score_session(results(lines), movement=MOVEMENT)


# --- properties ---------------------------------------------------------------------------------------------------

scores = st.lists(st.integers(-200, 200).map(lambda x: 10 * x), min_size=1, max_size=12)


@given(scores, st.sampled_from(["european", "acbl"]))
@hsettings(max_examples=60, deadline=None)
def test_bridge_session_matchpoints_on_a_board_sum_to_top_times_n_over_2(values, units):
    session = score_session(one_board(values), settings=BridgeScoringSettings(mp_units=units))
    top = session.lines[0].top
    n = len(values)
    assert sum(figures(session)) == top * n / 2 and sum(figures(session, "ew")) == top * n / 2
    assert all(s.ns + s.ew == top for s in session.lines)


@given(scores, st.sampled_from(["european", "acbl"]))
@hsettings(max_examples=60, deadline=None)
def test_bridge_session_neuberg_is_exact_on_a_full_board(values, units):
    n = len(values)
    full = score_board(values, n, mp_units=units)
    plain = score_board(values, n, mp_units=units, use_neuberg=False)
    assert full == plain
    assert all(neuberg(x, n, n, units) == x for x in full.ns)


@given(scores)
@hsettings(max_examples=60, deadline=None)
def test_bridge_session_cross_imps_antisymmetric(values):
    for mode in ("total", "average"):
        session = score_session(one_board(values), "cross_imps", BridgeScoringSettings(cross_imps=mode))
        assert sum(figures(session)) == 0
        assert all(s.ns == -s.ew for s in session.lines)
    swapped = score_session(one_board([-v for v in values]), "cross_imps", BridgeScoringSettings(cross_imps="total"))
    assert figures(swapped) == [-x for x in figures(score_session(one_board(values), "cross_imps",
                                                                       BridgeScoringSettings(cross_imps="total")))]
