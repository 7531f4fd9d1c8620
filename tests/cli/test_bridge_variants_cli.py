"""`tricks bridge rubber` on session protocols, `tricks bridge rotation`, and `tricks play --game bridge --variant`
at tables of 2-6 players (variants-bridge.md)."""
import json
import os

from click.testing import CliRunner

from trickcore.cli.main import tricks

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "bridge_sessions")
W2, W3 = os.path.join(DATA, "w2.json"), os.path.join(DATA, "w3.json")


def run(*args):
    return CliRunner().invoke(tricks, [str(a) for a in args])


def test_rubber_scores_a_session_to_the_player_sheet(tmp_path):
    result = run("bridge", "rubber", W3)
    assert result.exit_code == 0, result.output
    assert "Rubber 1: N dummy (A), E C, S A, W B" in result.output
    assert "credit: A +1640, B -820, C -820" in result.output
    out = tmp_path / "sheet.json"
    assert run("bridge", "rubber", W3, "--format", "json", "-o", out).exit_code == 0
    data = json.loads(out.read_text())
    assert data["format"] == "trickcore.bridge.rubber_session_sheet/1" and data["cumulative"]["A"] == 1640


def test_rubber_scores_the_two_player_example_w2():
    result = run("bridge", "rubber", W2)
    assert result.exit_code == 0 and "credit: A +4240, B -4240" in result.output
    assert "NS win by 2120" in result.output


def test_rubber_session_with_settings_from_the_command_line():
    result = run("bridge", "rubber", W3, "--set", "settle_unit=100")
    assert result.exit_code == 0 and "credit units: A +16, B -8, C -8" in result.output


def test_bad_session_gives_one_line_and_writes_nothing(tmp_path):
    with open(W3) as f:
        data = json.load(f)
    data["rubbers"][0]["deals"][1]["dealer"] = "S"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    out = tmp_path / "sheet.json"
    result = run("bridge", "rubber", path, "-o", out)
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "bad.json rubber 1 deal 2, field 'dealer'" in result.output
    assert not out.exists()


def test_rotation_command_shows_the_cycle_and_its_counts():
    result = run("bridge", "rotation", "--players", "5")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[2].split() == ["1", "B", "E", "C", "D", "A"]
    assert "sat out: A 1, B 1, C 1, D 1, E 1" in result.output
    data = json.loads(run("bridge", "rotation", "--players", "6", "--format", "json").output)
    assert len(data["rubbers"]) == 15 and set(data["counts"]["partners"].values()) == {2}
    names = run("bridge", "rotation", "--names", "Ann,Bob,Cy,Di", "--rotation", "tour")
    assert names.exit_code == 0 and "Ann-Bob 1" in names.output


def test_rotation_command_bad_input():
    for args in (["--players", "2", "--rotation", "tour"], ["--names", "A,A,B"], []):
        result = run("bridge", "rotation", *args)
        assert result.exit_code == 2 and result.output.count("\n") == 1


def test_play_a_variant_and_score_its_protocol(tmp_path):
    protocol = tmp_path / "session.json"
    result = run("play", "--game", "bridge", "--variant", "three_player", "--agents", "heuristic,random,dd",
                 "--seed", "4", "--hands", "5", "--protocol", protocol)
    assert result.exit_code == 0, result.output
    assert "Cumulative:" in result.output
    data = json.loads(protocol.read_text())
    assert data["format"] == "trickcore.bridge.rubber_session/1" and data["players"] == ["A", "B", "C"]
    scored = run("bridge", "rubber", protocol)
    assert scored.exit_code == 0 and scored.output.splitlines()[-2] == result.output.splitlines()[-2]


def test_rotation_option_belongs_to_bridge_sessions():
    assert run("play", "--game", "preferans", "--agents", "random", "--rotation", "tour").exit_code == 2
    assert run("play", "--game", "bridge", "--agents", "random", "--rotation", "tour").exit_code == 2
    assert run("play", "--game", "bridge", "--rotation", "tour").exit_code == 2


def test_games_lists_the_table_sizes():
    data = json.loads(run("games", "--format", "json").output)
    bridge = next(g for g in data if g["name"] == "bridge")
    assert bridge["variants"] == ["standard", "two_player", "three_player", "four_player", "five_player",
                                  "six_player"]
