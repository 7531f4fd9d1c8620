"""Bad input found by probing the CLI gives one clean error (exit 2, nothing on stdout, no file), never a
traceback or a figure for nothing."""
import json

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks


def run(*args):
    return CliRunner().invoke(tricks, list(args))


def assert_clean_error(result, needle):
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert needle in result.output
    assert "Traceback" not in result.output


def test_output_into_a_missing_folder_is_a_clean_error(tmp_path):
    target = tmp_path / "no such folder" / "deals.txt"
    assert_clean_error(run("deal", "--game", "bridge", "-o", str(target)), "cannot write here")
    assert not target.parent.exists()


@pytest.mark.parametrize("count", [str(10**22), str(2**63)])
def test_a_count_past_the_deal_numbers_is_a_clean_error(count):
    assert_clean_error(run("deal", "--game", "bridge", "--count", count), "count must be a whole number")


def test_a_count_beyond_memory_is_a_clean_error():
    assert_clean_error(run("deal", "--game", "bridge", "--count", str(10**12)), "do not fit in memory")


def test_play_count_zero_reports_no_mean_of_nothing():
    assert_clean_error(run("play", "--game", "bridge", "--count", "0"), "--count must be at least 1")


def test_an_empty_rubber_file_is_not_a_level_rubber(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert_clean_error(run("bridge", "rubber", str(empty)), "no deals to score")


@pytest.mark.parametrize("name", [["A"], {"A": 1}, 7])
def test_a_preferans_player_that_is_not_a_name_is_a_clean_error(tmp_path, name):
    protocol = tmp_path / "p.json"
    protocol.write_text(json.dumps({"format": "trickcore.preferans.protocol/1", "variant": "sochi",
                                    "players": [name, "B", "C"], "deals": []}))
    assert_clean_error(run("preferans", "score", str(protocol)), "field 'players'")


@pytest.mark.parametrize("system, row", [
    ("bridge-imps", {"open": 620, "closed": 170}),
    ("bridge-matchpoints", {"scores": [620, 170]}),
])
@pytest.mark.parametrize("board", [None, "one", 0, True])
def test_a_board_number_that_is_not_a_whole_number_is_a_clean_error(tmp_path, system, row, board):
    """Found by the reader fuzz test: ``"board": null`` in a team match reached the text table as None."""
    path = tmp_path / "boards.json"
    path.write_text(json.dumps({"boards": [{"board": board, **row}]}))
    assert_clean_error(run("score", "--system", system, str(path)), "field 'board'")
