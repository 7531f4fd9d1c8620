"""``tricks bridge movement``: Mitchell and Howell guide cards in text, CSV and JSON, a pair's card, the movement
file written with -o and checked back, and bad input (exit 2, no file written)."""
import json

import pytest
from click.testing import CliRunner

from trickcore.cli.bridge import bridge
from trickcore.scoring.bridge.duplicate.movement import mitchell, parse_movement


def run(*args):
    return CliRunner().invoke(bridge, ["movement", *[str(a) for a in args]])


def test_mitchell_cards_as_text():
    result = run("mitchell", "--tables", 4, "--boards", 8)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "4 tables, 4 rounds, 8 pairs, boards 1-8"
    table_2 = lines[lines.index("Table 2") + 2:lines.index("Table 2") + 6]
    assert [line.split() for line in table_2] == [["1", "2", "6", "3-4"], ["2", "2", "5", "5-6"],
                                                  ["3", "2", "7", "7-8"], ["4", "2", "6", "1-2"]]


def test_mitchell_7_tables_27_boards_csv_is_the_movement_file():
    result = run("mitchell", "--tables", 7, "--boards", 27, "--format", "csv")
    assert result.exit_code == 0, result.output
    movement = parse_movement(result.output)
    assert movement.boards == tuple(range(1, 28)) and len(movement.entries) == 49


def test_pair_cards_in_every_format():
    text = run("howell", "--tables", 3, "--boards", 10, "--pairs", 3).output
    assert [line.split()[3] for line in text.splitlines()[4:]] == ["4", "1", "6", "5", "2"]
    data = json.loads(run("howell", "--tables", 3, "--boards", 10, "--pairs", 3, "--format", "json").output)
    assert [r["opponent"] for r in data["cards"][0]["rounds"]] == [4, 1, 6, 5, 2]
    assert data["expected_results"] == 3 and data["fields"] == [[1, 2, 3, 4, 5, 6]]
    csv_text = run("mitchell", "--tables", 4, "--boards", 8, "--pairs", 5, "--format", "csv").output
    assert csv_text.splitlines()[:2] == ["pair,round,table,direction,opponent,boards", "5,1,1,EW,1,1-2"]


def test_output_writes_the_movement_file_and_check_reads_it(tmp_path):
    path = tmp_path / "mitchell.csv"
    result = run("mitchell", "--tables", 5, "--boards", 10, "--arrow-switch", "last_round", "--half-table", "ew",
                 "-o", path)
    assert result.exit_code == 0, result.output
    assert parse_movement(path.read_text()) == mitchell(5, 2, arrow_switch="last_round", half_table="EW")
    checked = run("check", path, "--format", "json")
    assert checked.exit_code == 0, checked.output
    data = json.loads(checked.output)
    assert data["arrow_switch"] == [5] and data["pairs"] == list(range(1, 10)) and len(data["fields"]) == 1


@pytest.mark.parametrize("args,words", [
    (["mitchell", "--tables", 4, "--boards", 5], "boards"),
    (["mitchell", "--tables", 4, "--boards", 8, "--rounds", 5], "rounds"),
    (["mitchell", "--tables", 4, "--boards", 8, "--arrow-switch", "last"], "arrow_switch"),
    (["mitchell", "--tables", 4, "--boards", 8, "--pairs", 9], "pair 9"),
    (["howell", "--tables", 0, "--boards", 8], "tables"),
])
def test_bad_arguments_exit_2_and_write_nothing(tmp_path, args, words):
    path = tmp_path / "out.csv"
    result = run(*args, "-o", path)
    assert result.exit_code == 2 and words in result.output
    assert not path.exists()


def test_check_names_the_file_line_and_field(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("round,table,ns_pair,ew_pair,boards\n1,1,1,2,1-2\n2,1,1,3,2-3\n")
    result = run("check", path)
    assert result.exit_code == 2
    assert f"{path}, line 3, field 'boards': round 2, table 1: pair 1 plays board 2 again" in result.output


@pytest.mark.parametrize("kind", ["mitchell", "howell"])
@pytest.mark.parametrize("tables, boards, field", [(3, 10**20, "boards"), (10**5, 10**20, "tables"),
                                                   (10**20, 10**20, "tables"), (1001, 2002, "tables"),
                                                   (3, 10001, "boards")])
def test_huge_tables_or_boards_are_a_clean_error(kind, tables, boards, field):
    """Found by probing: 10**20 boards was an OverflowError traceback, 10**5 tables a MemoryError, 10**20 of both
    hung."""
    result = run(kind, "--tables", tables, "--boards", boards)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"field '{field}'" in result.output
