"""The ``tricks bridge`` commands: score, imps, vp, matchpoints, rubber, chicago, and bad input (exit 2)."""
import json
import os

import pytest
from click.testing import CliRunner

from trickcore.cli.bridge import bridge

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "bridge")


def run(*args):
    return CliRunner().invoke(bridge, [str(a) for a in args])


@pytest.mark.parametrize("args,out", [
    (["score", "3NT+1", "--vul"], "630"), (["score", "4SX-2", "--nonvul"], "-300"), (["score", "4S", "="], "420"),
    (["score", "3N", "--tricks", "9"], "400"), (["score", "4SXX", "-1", "--vul"], "-400"),
    (["score", "4HX", "-2", "--set", "undertrick_scale=pre1987"], "-300"),
    (["imps", "580"], "11"), (["imps", "-580"], "-11"), (["imps", "3000"], "22"),
    (["vp", "13", "--boards", "24"], "12.95 7.05"), (["vp", "-13", "--boards", "24"], "12.95 7.05"),
])
def test_bridge_score_cli_outputs(args, out):
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == out


def test_bridge_score_cli_json():
    data = json.loads(run("score", "3NT+1", "--vul", "--format", "json").output)
    assert data["contract"] == "3NT" and data["tricks"] == 10 and data["vulnerable"] is True
    assert data["score"] == 630


def test_bridge_score_cli_matchpoints():
    result = run("matchpoints", "A+/A-", "500", "-620")
    assert result.exit_code == 0 and "2.40" in result.output and "3.50" in result.output


@pytest.mark.parametrize("args,word", [(["score", "8S="], "8S"), (["score", "4S+4"], "14 tricks"),
                                       (["score", "4S"], "result"), (["imps", "lots"], "difference"),
                                       (["score", "4S=", "--set", "colour=red"], "colour")])
def test_bridge_score_cli_bad_input(args, word):
    result = run(*args)
    assert result.exit_code == 2 and word in result.output and result.output.count("\n") == 1


def test_bridge_score_cli_rubber_and_chicago_examples():
    rubber = run("rubber", os.path.join(EXAMPLES, "rubber_2_1.txt"))
    assert rubber.exit_code == 0 and "NS win by 2120" in rubber.output
    data = json.loads(run("rubber", os.path.join(EXAMPLES, "rubber_unfinished.json"), "--format", "json").output)
    assert data["totals"]["NS"]["total"] == 420 and data["totals"]["EW"]["total"] == 260
    assert data["winner"] == "NS" and data["complete"] is False
    chicago = json.loads(run("chicago", os.path.join(EXAMPLES, "chicago.txt"), "--format", "json").output)
    assert (chicago["totals"]["NS"]["total"], chicago["totals"]["EW"]["total"]) == (160, 220)
    seed = run("chicago", os.path.join(EXAMPLES, "chicago.txt"), "--preset", "seed")
    assert "EW win by" not in seed.output and "NS win by 40" in seed.output


def test_bridge_score_cli_bad_file_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("4H= E\n# comment\n4S N +4\n")
    out = tmp_path / "sheet.txt"
    result = run("rubber", path, "-o", out)
    assert result.exit_code == 2 and "bad.txt, line 3, field 'result'" in result.output
    assert not out.exists()
    path.write_text('[{"contract": "4H", "declarer": "Q", "result": "="}]')
    result = run("chicago", path)
    assert result.exit_code == 2 and "deal 1" in result.output and "declarer" in result.output


def test_bridge_score_registered_scorings():
    from trickcore.games import registry
    assert {"bridge-duplicate", "bridge-rubber", "bridge-chicago", "bridge-imps", "bridge-matchpoints",
            "bridge-vp", "bridge-russian"} <= set(registry.scorings_for("bridge"))
