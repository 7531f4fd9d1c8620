"""``tricks bridge teams score``: the example round-robin in text, JSON and CSV, -o, and bad input (exit 2, no
file written)."""
import json
import os

from click.testing import CliRunner

from trickcore.cli.bridge import bridge

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "bridge", "teams.csv")


def run(*args):
    return CliRunner().invoke(bridge, ["teams", "score", *[str(a) for a in args]])


def test_teams_score_example_text_json_csv(tmp_path):
    text = run(EXAMPLE)
    assert text.exit_code == 0, text.output
    assert "Round 3: Tigers v Bears  23-0 IMPs, 20.00-0.00 VPs (2 boards)" in text.output
    data = json.loads(run(EXAMPLE, "--format", "json").output)
    assert [s["team"] for s in data["standings"]] == ["Lions", "Wolves", "Tigers", "Bears"]
    assert data["standings"][0]["vp"] == "44.50"
    path = tmp_path / "standings.csv"
    assert run(EXAMPLE, "--format", "csv", "-o", path).exit_code == 0
    assert path.read_text().splitlines()[1] == "1,Lions,3,25,3,44.50"


def test_teams_score_without_repair_changes_only_the_vps():
    repaired = json.loads(run(EXAMPLE, "--format", "json").output)
    plain = json.loads(run(EXAMPLE, "--format", "json", "--no-repair").output)
    assert [m["margin"] for m in repaired["matches"]] == [m["margin"] for m in plain["matches"]]


def test_teams_score_bad_file_exit_2_no_output(tmp_path):
    source = tmp_path / "bad.csv"
    source.write_text("home,away,board,open_ns_score,closed_ns_score\nA,B,1,420,450\nA,B,1,420,450\n")
    out = tmp_path / "out.txt"
    result = run(source, "-o", out)
    assert result.exit_code == 2 and "line 3, field 'board'" in result.output
    assert not out.exists()
