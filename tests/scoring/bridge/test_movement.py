"""Movements (bridge.md §12, §16.5, §17 E-Q): the spec's Mitchell and Howell tables and properties, the movement
file read back to the same movement, the director's checks, and traveller lines checked against a movement."""
import itertools

import pytest
from hypothesis import given, settings, strategies as st

from trickcore.errors import InputError, InvalidRecord, NotationError
from trickcore.games.bridge.record import TravellerLine
from trickcore.scoring.bridge.duplicate.movement import (Movement, TableRound, board_sets, boards_per_set, cards_dict,
                                                         cards_text, check_lines, check_movement, format_boards, howell,
                                                         mitchell, movement_problems, movement_text, parse_boards,
                                                         parse_movement, read_movement, shared_note, unmarked_shared)


def table_rows(movement):
    return {r: [(e.ns_pair, e.ew_pair, format_boards(e.boards)) for e in movement.round_entries(r)]
            for r in movement.rounds}


def test_mitchell_4_table_skip_table_of_12_2():
    assert table_rows(mitchell(4, 2)) == {
        1: [(1, 5, "1-2"), (2, 6, "3-4"), (3, 7, "5-6"), (4, 8, "7-8")],
        2: [(1, 8, "3-4"), (2, 5, "5-6"), (3, 6, "7-8"), (4, 7, "1-2")],
        3: [(1, 6, "5-6"), (2, 7, "7-8"), (3, 8, "1-2"), (4, 5, "3-4")],
        4: [(1, 5, "7-8"), (2, 6, "1-2"), (3, 7, "3-4"), (4, 8, "5-6")],
    }


def test_howell_3_table_table_of_12_3():
    assert table_rows(howell(3, 2)) == {
        1: [(6, 1, "1-2"), (2, 5, "1-2"), (4, 3, "1-2")],
        2: [(6, 2, "3-4"), (3, 1, "3-4"), (5, 4, "3-4")],
        3: [(6, 3, "5-6"), (4, 2, "5-6"), (1, 5, "5-6")],
        4: [(6, 4, "7-8"), (5, 3, "7-8"), (2, 1, "7-8")],
        5: [(6, 5, "9-10"), (1, 4, "9-10"), (3, 2, "9-10")],
    }


def test_e_q_howell_pair_3_and_mitchell_pair_5():
    card = howell(3, 2).card(3)
    assert [c.direction for c in card] == ["EW", "NS", "EW", "EW", "NS"]
    assert [c.opponent for c in card] == [4, 1, 6, 5, 2]
    card = mitchell(4, 2).card(5)
    assert [c.table for c in card] == [1, 2, 4, 1]
    assert 3 not in [c.opponent for c in card]


def sets_played(movement, pair):
    return [e.boards for e in movement.entries if pair in e.pairs and not e.sit_out]


@pytest.mark.parametrize("n", range(1, 13))
def test_mitchell_properties_of_12_2(n):
    for rounds in range(1, n + 1):
        movement = mitchell(n, 2, rounds)
        assert not movement_problems(movement)
        for pair in movement.pairs:
            played = sets_played(movement, pair)
            assert len(set(played)) == len(played) == rounds  # each set at most once; exactly once when R = N
        for boards in {e.boards for e in movement.entries}:
            tables = [e.table for e in movement.entries if e.boards == boards]
            assert len(set(tables)) == len(tables) == rounds
        meetings = [(e.ns_pair, e.ew_pair) for e in movement.entries]
        if n % 2 or rounds <= n - 1:
            assert len(set(meetings)) == len(meetings)  # nobody meets twice
        assert movement.fields() == (frozenset(range(1, n + 1)), frozenset(range(n + 1, 2 * n + 1)))
    if n % 2 == 0:
        full = mitchell(n, 2)
        for start in range(1, n + 1):
            card = full.card(n + start)
            opponents = [c.opponent for c in card]
            assert card[0].opponent == card[-1].opponent == start  # the revenge round
            assert (start - 1 + n // 2) % n + 1 not in opponents


@pytest.mark.parametrize("n", range(1, 10))
def test_howell_properties_of_12_3(n):
    movement = howell(n, 3)
    assert not movement_problems(movement)
    pairs = range(1, 2 * n + 1)
    meetings = [frozenset(e.pairs) for e in movement.entries]
    assert sorted(meetings, key=sorted) == sorted((frozenset(p) for p in itertools.combinations(pairs, 2)),
                                                  key=sorted)
    for pair in pairs:
        played = sets_played(movement, pair)
        assert len(set(played)) == len(played) == 2 * n - 1
        directions = [c.direction for c in movement.card(pair)]
        if pair == 2 * n:
            assert set(directions) == {"NS"}
        else:
            assert directions.count("NS") == n - 1 and directions.count("EW") == n
    assert {len(movement.plays(b)) for b in movement.boards} == {n}
    assert movement.expected_results() == n
    # One table cannot show that pairs change direction; from two tables on, a Howell is one field.
    assert len(movement.fields()) == (1 if n > 1 else 2)


def test_howell_half_table_leaves_every_board_one_result_short():
    movement = howell(4, 2, half_table=True)
    assert movement.pairs == tuple(range(1, 8))
    assert movement.expected_results() == 3 and {len(movement.plays(b)) for b in movement.boards} == {3}
    assert all(e.ns_pair == 0 for e in movement.entries if e.table == 1)


@pytest.mark.parametrize("short,phantom", [("EW", 14), ("NS", 7)])
def test_mitchell_half_table_phantom_is_the_highest_pair_of_the_short_field(short, phantom):
    movement = mitchell(7, 3, half_table=short)
    assert phantom not in movement.pairs and len(movement.pairs) == 13
    assert not movement_problems(movement)
    # Odd tables: the sit-out table moves, so every board loses exactly one result.
    assert {len(movement.plays(b)) for b in movement.boards} == {6}
    assert all(sum(1 for e in movement.round_entries(r) if e.sit_out) == 1 for r in movement.rounds)


def test_mitchell_arrow_switch_makes_one_field_and_swaps_the_seats():
    movement = mitchell(5, 2, arrow_switch="last_round")
    assert movement.arrow_switch == {5}
    assert all(e.ns_pair > 5 and e.ew_pair <= 5 for e in movement.round_entries(5))
    assert len(movement.fields()) == 1 and not movement_problems(movement)
    assert mitchell(5, 2, arrow_switch=[2, 4]).arrow_switch == {2, 4}


@pytest.mark.parametrize("n", range(2, 17, 2))
def test_relay_bye_mitchell_plays_every_board_n_times_without_a_skip(n):
    movement = mitchell(n, 2, relay_bye=True)
    assert not movement_problems(movement)
    assert {len(movement.plays(b)) for b in movement.boards} == {n}
    meetings = [(e.ns_pair, e.ew_pair) for e in movement.entries]
    assert len(set(meetings)) == len(meetings) == n * n  # every E-W pair meets every N-S pair once
    for r in movement.rounds:
        relay = [e for e in movement.round_entries(r) if e.shared == "relay"]
        assert [e.table for e in relay] == [1, n] and relay[0].boards == relay[1].boards
        at_tables = {e.boards for e in movement.round_entries(r)}
        assert len(at_tables) == n - 1  # one set is at the relay twice, one on the bye stand
    with pytest.raises(InputError):
        mitchell(n + 1, 2, relay_bye=True)


def test_mitchell_27_boards_on_7_tables_last_set_short():
    movement = mitchell(7, boards_per_set(7, 27), boards=27)
    assert movement.boards == tuple(range(1, 28))
    assert {len(e.boards) for e in movement.entries} == {3, 4}
    assert board_sets(7, 4, 27)[-1] == (25, 26, 27)


@pytest.mark.parametrize("call", [
    lambda: mitchell(0, 2), lambda: mitchell(4, 2, rounds=5), lambda: mitchell(4, 0),
    lambda: mitchell(4, 2, arrow_switch=[5]), lambda: mitchell(4, 2, arrow_switch="first"),
    lambda: mitchell(4, 2, half_table="N"), lambda: howell(3, 2, rounds=6), lambda: board_sets(7, 4, 24),
    lambda: board_sets(7, 4, 29), lambda: boards_per_set(7, 6), lambda: boards_per_set(0, 6),
])
def test_generators_refuse_impossible_movements(call):
    with pytest.raises(InputError):
        call()


movements = st.one_of(
    st.builds(lambda n, b, r, switch, half, relay: mitchell(n, b, min(r, n), [s for s in switch if s <= min(r, n)],
                                                            half_table=half if n > 1 else None,
                                                            relay_bye=relay and n % 2 == 0),
              st.integers(1, 14), st.integers(1, 4), st.integers(1, 14), st.sets(st.integers(1, 14), max_size=3),
              st.sampled_from([None, "NS", "EW"]), st.booleans()),
    st.builds(lambda n, b, r, half: howell(n, b, min(r, 2 * n - 1), half_table=half),
              st.integers(1, 9), st.integers(1, 4), st.integers(1, 17), st.booleans()),
)


@settings(max_examples=150, deadline=None)
@given(movements)
def test_generated_movements_pass_the_checker_and_read_back_the_same(movement):
    assert movement_problems(movement) == []
    assert parse_movement(movement_text(movement)) == movement


@settings(max_examples=100, deadline=None)
@given(movements, st.data())
def test_a_full_traveller_matches_its_movement_and_a_repeated_line_does_not(movement, data):
    lines = [line(board, e.ns_pair, e.ew_pair, round=e.round, table=e.table)
             for e in movement.entries if not e.sit_out for board in e.boards]
    assert check_lines(movement, lines) == [e for e in movement.entries if not e.sit_out for _ in e.boards]
    if lines:
        repeated = data.draw(st.sampled_from(lines))
        with pytest.raises(InvalidRecord, match="already has a result"):
            check_lines(movement, lines + [repeated])


@settings(max_examples=100, deadline=None)
@given(movements, st.data())
def test_checker_catches_a_pair_moved_onto_a_board_it_played(movement, data):
    # Give one table's E-W pair to another table of a later round: a pair twice in a round or twice on a board.
    playing = [e for e in movement.entries if not e.sit_out]
    if len(movement.rounds) < 2 or len(playing) < 2:
        return
    victim = data.draw(st.sampled_from(playing))
    others = [e for e in playing if e.round == victim.round and e is not victim]
    if not others:
        return
    other = data.draw(st.sampled_from(others))
    broken = [TableRound(e.round, e.table, e.ns_pair, victim.ns_pair, e.boards, e.shared) if e is other else e
              for e in movement.entries]
    assert movement_problems(Movement(broken, movement.arrow_switch))


def entry(r, t, ns, ew, boards, shared=None, line=None):
    return TableRound(r, t, ns, ew, parse_boards(boards), shared, line=line)


@pytest.mark.parametrize("entries,field,words", [
    ([entry(1, 1, 1, 1, "1-2")], "ew_pair", "against itself"),
    ([entry(1, 1, 0, 0, "1-2")], "ew_pair", "no pair"),
    ([entry(1, 1, 1, 2, "1-2"), entry(1, 1, 3, 4, "3-4")], "table", "two entries"),
    ([entry(1, 1, 1, 2, "1-2"), entry(1, 2, 3, 1, "3-4")], "ew_pair", "pair 1 is also at table 1"),
    ([entry(1, 1, 1, 2, "1-2"), entry(2, 1, 1, 3, "2;5")], "boards", "pair 1 plays board 2 again"),
    ([entry(1, 1, 1, 2, "1-2"), entry(1, 2, 3, 4, "1-2")], "shared", "mark the entries relay or copy"),
    ([entry(1, t, 2 * t - 1, 2 * t, "1-2", "relay") for t in (1, 2, 3)], "shared", "between two tables only"),
])
def test_checker_catches_broken_movements(entries, field, words):
    problems = movement_problems(Movement(entries))
    assert problems and problems[0].field == field and words in problems[0].message
    with pytest.raises(InvalidRecord):
        check_movement(Movement(entries))


def test_checker_accepts_a_relay_and_sit_outs_and_catches_a_stray_arrow_switch():
    relay = [entry(1, 1, 1, 2, "1-2", "relay"), entry(1, 2, 3, 4, "1-2", "relay"), entry(1, 3, 5, 0, "3-4")]
    assert movement_problems(Movement(relay)) == []
    problems = movement_problems(Movement(relay, arrow_switch={2}))
    assert [p.field for p in problems] == ["arrow_switch"]


FILE = """# a relay Mitchell fragment
ROUND, Table, NS_pair, ew_pair, boards, shared

1,1,1,4,1-2,relay
1,2,2,5,1-2,relay
1,3,3,6,3;5,
2,1,1,5,3;5,
"""


def test_movement_file_reads_case_insensitive_headers_comments_and_board_lists():
    movement = parse_movement(FILE, source="m.csv")
    assert parse_movement("\ufeff" + FILE) == movement
    assert [e.line for e in movement.entries] == [4, 5, 6, 7]
    assert movement.plays(3) == (movement.entries[2], movement.entries[3])
    assert parse_movement(movement_text(movement)) == movement
    assert format_boards((1, 2, 3, 4, 9)) == "1-4;9" and parse_boards("1-4;9") == (1, 2, 3, 4, 9)


@pytest.mark.parametrize("text,line,field", [
    ("round,table,ns_pair,ew_pair,boards,venue\n", 1, "venue"),
    ("round,table,ns_pair,boards\n", 1, "ew_pair"),
    ("round,table,ns_pair,ew_pair,boards\n1,1,1,2,1-\n", 2, "boards"),
    ("round,table,ns_pair,ew_pair,boards\n1,1,1,2,0-2\n", 2, "boards"),
    ("round,table,ns_pair,ew_pair,boards\n1,x,1,2,1-2\n", 2, "table"),
    ("round,table,ns_pair,ew_pair,boards\n0,1,1,2,1-2\n", 2, "round"),
    ("round,table,ns_pair,ew_pair,boards\n1,1,1,2\n", 2, None),
    ("round,table,ns_pair,ew_pair,boards\n1,1,1,2,1-2\n\n2,1,1,3,2\n", 4, "boards"),
    ("round,table,ns_pair,ew_pair,boards,shared\n1,1,1,2,1-2,bye\n", 2, "shared"),
    ("round,table,ns_pair,ew_pair,boards,arrow_switch\n1,1,1,2,1-2,yes\n1,2,3,4,3-4,\n", None, "arrow_switch"),
])
def test_movement_file_errors_name_the_line_and_field(text, line, field):
    with pytest.raises((InvalidRecord, NotationError)) as info:
        parse_movement(text, source="m.csv")
    assert info.value.source == "m.csv" and info.value.line == line and info.value.field == field


# The 3-table Howell of §12.3 (B = 2) written out as §16.5 writes a movement file: no ``shared`` column, every
# table of a round playing the same (duplicated) boards.
SPEC_HOWELL = "round,table,ns_pair,ew_pair,boards\n" + "".join(
    f"{r},{t},{ns},{ew},{2 * r - 1}-{2 * r}\n" for r, row in enumerate(
        [[(6, 1), (2, 5), (4, 3)], [(6, 2), (3, 1), (5, 4)], [(6, 3), (4, 2), (1, 5)], [(6, 4), (5, 3), (2, 1)],
         [(6, 5), (1, 4), (3, 2)]], 1) for t, (ns, ew) in enumerate(row, 1))


def test_movement_file_of_the_specification_shares_boards_without_a_shared_column():
    movement = parse_movement(SPEC_HOWELL, source="howell.csv")
    assert table_rows(movement) == table_rows(howell(3, 2))
    assert movement.expected_results() == 3 and len(movement.fields()) == 1
    assert unmarked_shared(movement)[0] == (1, (1, 2), (1, 2, 3)) and len(unmarked_shared(movement)) == 5
    assert shared_note(movement).startswith("boards shared between tables without a shared column")
    assert "round 5 boards 9-10 at tables 1, 2, 3" in cards_text(movement)
    assert cards_dict(movement)["unmarked_shared"][0] == {"round": 1, "boards": [1, 2], "tables": [1, 2, 3]}
    # The written movement reads back the same, and a marked movement has no note.
    assert table_rows(parse_movement(movement_text(movement))) == table_rows(movement)
    assert shared_note(howell(3, 2)) is None and "unmarked_shared" not in cards_dict(howell(3, 2))


def test_movement_file_without_a_shared_column_is_still_checked():
    # Shared boards are accepted, not a pair twice in a round nor a board played twice by one pair.
    twice = SPEC_HOWELL.replace("1,2,2,5,1-2", "1,2,2,6,1-2")
    with pytest.raises(InvalidRecord) as info:
        parse_movement(twice, source="howell.csv")
    assert info.value.field == "ew_pair" and info.value.line == 3
    # With the column, the project's rule holds: every shared entry says relay or copy.
    header, *rows = SPEC_HOWELL.splitlines()
    marked = "\n".join([header + ",shared"] + [row + "," for row in rows])
    with pytest.raises(InvalidRecord, match="mark the entries relay or copy"):
        parse_movement(marked)


@pytest.mark.parametrize("text", ["", "# nothing\n", "round,table,ns_pair,ew_pair,boards\n"])
def test_movement_file_without_entries_is_an_error(text):
    with pytest.raises(InvalidRecord):
        parse_movement(text)


def test_read_movement_names_a_missing_file(tmp_path):
    with pytest.raises(InputError) as info:
        read_movement(tmp_path / "none.csv")
    assert "none.csv" in str(info.value)


def line(board, ns, ew, **more):
    return TravellerLine(board=board, ns_pair=ns, ew_pair=ew, kind="passed_out", **more)


def test_check_results_matches_each_line_to_its_scheduled_play():
    movement = mitchell(4, 2)
    entries = check_lines(movement, [line(1, 1, 5, round=1, table=1), line(3, 1, 8), line(1, "2", "6")])
    assert [(e.round, e.table) for e in entries] == [(1, 1), (2, 1), (4, 2)]


@pytest.mark.parametrize("lines,field,words", [
    ([line(9, 1, 5)], "board", "not in the movement"),
    ([line(1, 3, 5)], "ew_pair", "not scheduled"),
    ([line(1, 6, 5)], "ns_pair", "not scheduled"),
    ([line(1, 1, 6)], "ew_pair", "not scheduled"),
    ([line(1, 5, 1)], "ns_pair", "not scheduled"),  # swapped seats outside an arrow-switched round
    ([line(1, 1, 5), line(1, 1, 5)], "ns_pair", "already has a result"),
    ([line(1, 1, 5, round=2)], "round", "round 1"),
    ([line(1, 1, 5, table=3)], "table", "table 1"),
])
def test_check_results_errors_name_line_and_field(lines, field, words):
    with pytest.raises(InvalidRecord) as info:
        check_lines(mitchell(4, 2), lines, source="t.csv", line_numbers=range(2, 2 + len(lines)))
    error = info.value
    assert error.source == "t.csv" and error.line == 1 + len(lines) and error.field == field
    assert words in error.message


def test_check_results_swapped_seats_only_in_arrow_switched_rounds_and_no_sit_outs():
    movement = mitchell(3, 2, arrow_switch="last_round", half_table="EW")
    last = [e for e in movement.round_entries(3) if not e.sit_out][0]
    check_lines(movement, [line(last.boards[0], last.ns_pair, last.ew_pair)])
    check_lines(movement, [line(last.boards[0], last.ew_pair, last.ns_pair)])
    sit_out = [e for e in movement.entries if e.sit_out][0]
    with pytest.raises(InvalidRecord):
        check_lines(movement, [line(sit_out.boards[0], sit_out.ns_pair or 6, sit_out.ew_pair or 6)])
