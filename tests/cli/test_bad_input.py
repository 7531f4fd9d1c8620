"""Bad input found by probing the CLI gives one clean error (exit 2, nothing on stdout, no file), never a
traceback or a figure for nothing."""
import json
import os

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


@pytest.mark.parametrize("args", [
    ["deal", "--game", "bridge", "-o", ""],
    ["simulate", "--game", "bridge", "--deals", "1", "--agents", "heuristic", "--out", ""],
    ["play", "--game", "bridge", "--agents", "heuristic", "--hands", "1", "--protocol", ""],
    ["bridge", "movement", "mitchell", "--tables", "3", "--boards", "6", "-o", ""],
])
def test_an_empty_output_name_is_refused_with_the_options(args):
    """`--out ""` and `--protocol ""` were taken for no file at all (the run succeeded writing nothing); `-o ""` was
    refused only after the work."""
    assert_clean_error(run(*args), "an output file needs a name")


def test_a_protocol_into_a_missing_folder_is_refused_before_the_match(tmp_path):
    target = tmp_path / "no such folder" / "match.json"
    result = run("play", "--game", "bridge", "--agents", "heuristic", "--hands", "1", "--protocol", str(target))
    assert_clean_error(result, "no such folder")
    assert "Deal 1" not in result.output


def test_a_protocol_and_a_report_into_one_file_are_refused_before_the_match(tmp_path):
    """`--protocol same.json -o same.json` played the match, wrote the protocol and then the report over it."""
    same = tmp_path / "same.json"
    result = run("play", "--game", "preferans", "--agents", "heuristic", "--hands", "1", "--protocol", str(same),
                 "-o", str(same))
    assert_clean_error(result, "name the same file")
    assert not os.listdir(tmp_path)


def test_simulate_out_naming_a_folder_is_a_clean_error_leaving_no_part_file(tmp_path):
    """`--out DIR` (no trailing slash) ran the whole simulation, then stopped with an IsADirectoryError traceback,
    leaving DIR.part behind."""
    folder = tmp_path / "runs"
    folder.mkdir()
    result = run("simulate", "--game", "bridge", "--deals", "2", "--agents", "heuristic", "--out", str(folder))
    assert_clean_error(result, "is a folder")
    assert sorted(os.listdir(tmp_path)) == ["runs"] and not os.listdir(folder)


@pytest.mark.parametrize("first", ["[1]", "7", '"x"'])
def test_resuming_a_part_file_whose_lines_are_not_objects_is_a_clean_error(tmp_path, first):
    out = tmp_path / "deals.jsonl"
    (tmp_path / "deals.jsonl.part").write_text(first + "\n")
    result = run("simulate", "--game", "bridge", "--deals", "2", "--agents", "heuristic", "--out", str(out),
                 "--resume")
    assert_clean_error(result, "different simulation")


@pytest.mark.parametrize("extra, needle", [
    (["--agents", "heuristic", "--compare", ""], "compare at least two systems"),
    (["--agents", "heuristic", "--compare", ","], "compare at least two systems"),
    (["--agents", "heuristic", "--dask", ""], "field 'dask'"),
    (["--agents", "heuristic", "--dask", "local:100000000000"], "N from 1 to 256"),
    (["--solve", "--variant", "nonesuch"], "unknown bridge variant"),
])
def test_simulate_options_given_are_checked_not_ignored(extra, needle):
    """An empty --compare or --dask was ignored, a --variant of a solving simulation taken whatever it named, and
    --dask local:N started N workers for any N."""
    assert_clean_error(run("simulate", "--game", "bridge", "--deals", "2", *extra), needle)


def test_solve_names_the_option_of_a_bad_value():
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    assert_clean_error(run("solve", "--game", "bridge", "--deal", deal, "--contract", "3NT", "--declarer", "X"),
                       "field 'declarer': not a seat")


@pytest.mark.parametrize("args, needle", [
    (["bridge", "score", "4S", "--tricks", "-1"], "tricks is the tricks taken, from 0 to 13"),
    (["bridge", "matchpoints", "420", "450", "--expected", "0"], "expected must be at least 2"),
    (["bridge", "matchpoints", "420", "450", "-50", "--expected", "-1"], "expected must be at least 3"),
    (["bridge", "auction", "--dealer", "zzz", "examples/bridge_pbn/bbo_style.pbn"], "not a seat: 'zzz'"),
])
def test_a_value_out_of_range_is_a_clean_error_not_a_figure(args, needle):
    """--tricks -1 scored one down, --expected below the results played gave a negative top, and a PBN file's
    auctions took any --dealer."""
    result = run(*args)
    assert_clean_error(result, needle)
    assert result.stdout == ""


@pytest.mark.parametrize("args, needle", [
    (["simulate", "--game", "bridge", "--deals", "2", "--solve", "--vul", ""], "field 'vul': not a vulnerability: ''"),
    (["solve", "--game", "bridge", "--deal", "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
      "--vul", ""], "field 'vul': not a vulnerability: ''"),
    (["play", "--game", "whist", "--trump", ""], "Invalid value for '--trump'"),
    (["simulate", "--game", "preferans", "--deals", "2", "--solve", "--declarer", "hand1", "--talon-mode", ""],
     "field 'talon_mode': talon mode must be one of"),
])
def test_empty_text_is_refused_not_taken_for_the_default(args, needle):
    """`--vul ""` solved the deals with no one vulnerable, as if --vul had not been given."""
    result = run(*args)
    assert_clean_error(result, needle)
    assert result.stdout == ""


@pytest.mark.parametrize("args", [
    ["score", "--system", "duplicate", "examples/bridge/chicago.txt", "--set", "format=csv"],
    ["bridge", "session", "score", "examples/bridge/pairs_session.csv", "--set", "check=true"],
    ["bridge", "rubber", "examples/bridge/rubber_2_1.txt", "--set", "preset=seed"],
    ["whist", "score", "examples/whist/rubber.json", "--set", "file=x"],
])
def test_a_setting_named_like_a_parameter_of_the_python_route_is_an_unknown_setting(args):
    """The --set keywords go to the command's function of the Python route: one named like its own parameters
    (--set preset=seed) broke the call with a traceback."""
    assert_clean_error(run(*args), "field '--set': unknown setting")


@pytest.mark.parametrize("args, needle", [
    (["--game", "preferans", "--set", "allow_walkaway=true"], "--set goes with --agents"),
    (["--game", "bridge", "--agents", "heuristic", "--set", "allow_walkaway=true"],
     "bridge has no play settings to change: cannot set 'allow_walkaway'"),
    (["--game", "whist", "--agents", "heuristic", "--set", "allow_walkaway=true"], "whist has no play settings"),
    (["--game", "preferans", "--agents", "heuristic", "--set", "allow_walkaway=maybe"],
     "field 'allow_walkaway': bad value 'maybe'"),
    (["--game", "preferans", "--agents", "heuristic", "--set", "walkaway=true"], "unknown play setting 'walkaway'"),
    (["--game", "preferans", "--agents", "heuristic", "--set", "all_pass_exit_levels=[5]"],
     "field 'all_pass_exit_levels'"),
    # An empty or a nested item was dropped or unwrapped: the match was played under [6,7] or [6].
    (["--game", "preferans", "--agents", "heuristic", "--set", "all_pass_exit_levels=[6,,7]"],
     "field 'all_pass_exit_levels': bad value '[6,,7]'"),
    (["--game", "preferans", "--agents", "heuristic", "--set", "all_pass_exit_levels=[[6]]"],
     "field 'all_pass_exit_levels': bad value '[[6]]'"),
    (["--game", "preferans", "--agents", "heuristic", "--set", "hands=3"], "field '--set': unknown setting 'hands'"),
    (["--game", "preferans", "--agents", "heuristic", "--variant", "old", "--set", "allow_hold=false"],
     "the old game has no play setting 'allow_hold'"),
    (["--game", "preferans", "--agents", "heuristic", "--variant", "gusarik", "--set", "half_whist=true"],
     "Gusarik takes only half_whist=false"),        # as --set spells it (was "half_whist = False")
    (["--game", "preferans", "--agents", "heuristic", "--variant", "gusarik", "--set", "gusarik_stage=pool"],
     "field 'gusarik_stage'"),
    (["--game", "preferans", "--agents", "heuristic", "--players", "4", "--set", "num_players=3"],
     "num_players is set to 3"),
])
def test_a_play_setting_that_cannot_be_set_is_refused_before_the_match(tmp_path, args, needle):
    """`tricks play --set`: one line naming the setting, exit 2, no deal played and no protocol written."""
    path = tmp_path / "match.json"
    result = run("play", *args, "--protocol", str(path)) if "--agents" in args else run("play", *args)
    assert_clean_error(result, needle)
    assert "Deal 1" not in result.output and not path.exists()
