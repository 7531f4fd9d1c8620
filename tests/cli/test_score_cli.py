"""``tricks score --system NAME FILE`` on the bundled examples: the same figures as the per-game commands, the
installed systems in its help, and bad input as one line with exit status 2 and no output file."""
import json
import os

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.games import registry

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def example(path):
    return os.path.join(EXAMPLES, path)


def run(*args):
    result = CliRunner().invoke(tricks, [str(a) for a in args])
    return result


def output(*args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("system, command", [
    (["bridge-rubber", example("bridge/rubber_2_1.txt")], ["bridge", "rubber", example("bridge/rubber_2_1.txt")]),
    (["bridge-rubber", example("bridge/rubber_unfinished.json"), "--preset", "seed"],
     ["bridge", "rubber", example("bridge/rubber_unfinished.json"), "--preset", "seed"]),
    (["bridge-chicago", example("bridge/chicago.txt"), "--set", "scoring=chicago_duplicate"],
     ["bridge", "chicago", example("bridge/chicago.txt"), "--set", "scoring=chicago_duplicate"]),
    (["whist-short", example("whist/rubber.json"), "--set", "honours=off"],
     ["whist", "score", example("whist/rubber.json"), "--set", "honours=off"]),
    (["whist-american", example("whist/records.json")],
     ["whist", "score", example("whist/records.json"), "--ruleset", "american"]),
    (["preferans-sochi", example("preferans/sochi_game.json"), "--set", "pool_target=30"],
     ["preferans", "score", example("preferans/sochi_game.json"), "--set", "pool_target=30"]),
])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_score_gives_the_per_game_commands_sheet(system, command, fmt):
    assert output("score", "--system", *system, "--format", fmt) == output(*command, "--format", fmt)


def test_preferans_svg_is_the_same_drawing():
    path = example("preferans/sochi_game.json")
    assert output("score", "--system", "preferans-sochi", path, "--format", "svg") == \
        output("preferans", "score", path, "--format", "svg")


def _figures(rows):
    return [(row["ns"], row["ew"]) for row in rows]


@pytest.mark.parametrize("system, command", [("bridge-matchpoints", "matchpoints"), ("bridge-butler", "butler"),
                                             ("bridge-cross-imps", "cross-imps")])
def test_pairs_boards_give_the_one_board_figures(system, command):
    path = example("bridge/pairs_boards.json")
    boards = json.loads(output("score", "--system", system, path, "--format", "json"))["boards"]
    with open(path, encoding="utf-8") as fh:
        records = json.load(fh)["boards"]
    assert len(boards) == len(records) == 2
    for board, record in zip(boards, records):
        one = json.loads(output("bridge", command, *record["scores"], "--format", "json"))
        assert _figures(board["results"]) == _figures(one["results"]) and board["board"] == record["board"]


def test_team_match_imps_and_vps_are_the_per_board_and_margin_figures():
    path = example("bridge/team_match.json")
    data = json.loads(output("score", "--system", "bridge-vp", path, "--format", "json"))
    for board in data["boards"]:
        assert board["imps"] == int(output("bridge", "imps", board["open"] - board["closed"]))
    margin = sum(board["imps"] for board in data["boards"])
    assert data["total"]["imps"] == margin == 23
    assert data["total"]["vp"] == output("bridge", "vp", margin, "--boards", len(data["boards"])).split()
    imps = json.loads(output("score", "--system", "bridge-imps", path, "--format", "json"))
    assert imps["boards"] == data["boards"] and "vp" not in imps["total"]


def test_duplicate_scores_each_deal_as_a_board():
    data = json.loads(output("score", "--system", "bridge-duplicate", example("bridge/chicago.txt"),
                             "--format", "json"))
    played = [b for b in data["boards"] if b["contract"] is not None]
    assert [b["board"] for b in played] == [1, 3, 4, 5]
    for board in played:
        side = "NS" if board["declarer"] in "NS" else "EW"
        vulnerable = board["vulnerability"] in ("All", side)
        points = int(output("bridge", "score", board["contract"], board["tricks"],
                            "--vul" if vulnerable else "--nonvul"))
        assert board["ns_score"] == (points if board["declarer"] in "NS" else -points)
    assert data["total"]["NS"] == sum(b["ns_score"] for b in data["boards"]) == -data["total"]["EW"]


def test_russian_scores_the_e15_deal():
    data = json.loads(output("score", "--system", "bridge-russian", example("bridge/russian.json"),
                             "--format", "json"))
    second = data["boards"][1]
    # bridge.md §14 [SEED E15]: E-W vulnerable with 24 HCP, 3H by E making 10 tricks: E-W -3 IMPs, N-S +3.
    assert (second["vulnerability"], second["ns_hcp"], second["ns_imps"]) == ("EW", 16, 3)


def test_help_lists_every_installed_system():
    text = output("score", "--help")
    assert registry.scoring_names() and all(name in text for name in registry.scoring_names())


def test_bad_record_names_file_and_field_and_writes_no_output(tmp_path):
    records = tmp_path / "deals.txt"
    records.write_text("3NT+1 S\n4S W 14\n", encoding="utf-8")
    out = tmp_path / "sheet.txt"
    result = run("score", "--system", "bridge-rubber", records, "-o", out)
    assert result.exit_code == 2 and not out.exists()
    assert "deals.txt" in result.output and "line 2" in result.output and "'result'" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_bad_ledger_record_names_the_record(tmp_path):
    out = tmp_path / "sheet.json"
    result = run("score", "--system", "bridge-duplicate", example("bridge/rubber_2_1.txt"), "-o", out)
    assert result.exit_code == 2 and not out.exists()
    assert "rubber_2_1.txt deal 5" in result.output and "'honours'" in result.output


@pytest.mark.parametrize("args, words", [
    (["--system", "bridge-rubber", example("bridge/rubber_2_1.txt"), "--set", "colour=red"], ["--set", "'colour'"]),
    (["--system", "whist-short", example("whist/rubber.json"), "--set", "honours=maybe"], ["--set", "'honours'"]),
    (["--system", "preferans-sochi", example("preferans/sochi_game.json"), "--set", "nonsense"], ["--set"]),
    (["--system", "preferans-leningrad", example("preferans/sochi_game.json")], ["sochi_game.json", "'variant'"]),
    (["--system", "bridge-rubber", example("bridge/rubber_2_1.txt"), "--preset", "club"], ["'preset'", "club"]),
    (["--system", "bridge-rubber", example("bridge/rubber_2_1.txt"), "--format", "svg"], ["'format'", "svg"]),
    (["--system", "no-such-system", example("bridge/rubber_2_1.txt")], ["no-such-system", "bridge-rubber"]),
    (["--system", "bridge-imps", example("bridge/no_such_file.json")], ["no_such_file.json", "cannot read"]),
])
def test_bad_input_is_one_line_with_exit_status_2(tmp_path, args, words):
    out = tmp_path / "out"
    result = run("score", *args, "-o", out)
    assert result.exit_code == 2 and not out.exists()
    assert all(word in result.output for word in words), result.output
    assert len(result.output.strip().splitlines()) == 1
