"""``tricks bridge session score``: a session's results file scored and written in every format; bad input is
one line naming the file, line and field, exit status 2, and no output file."""
import json
import os

import pytest
from click.testing import CliRunner

from trickcore.cli.bridge import bridge

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "bridge")
SESSION = os.path.join(EXAMPLES, "pairs_session.csv")
DATA = os.path.join(os.path.dirname(__file__), "..", "data", "session")


def run(*args):
    return CliRunner().invoke(bridge, ["session", "score"] + [str(a) for a in args])


def test_session_cli_text_ranking_travellers_and_cards():
    result = run(SESSION)
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Section A, N-S" in text and "Section A, E-W" in text
    assert "1         3       6  17.40  24  72.50" in text
    assert "Board 4 (section A, top 4)" in text and "A+/A-" in text
    assert "Pair 6 (section A)" in text


def test_session_cli_imp_ranking_per_board_is_shown():
    result = run(SESSION, "--method", "butler", "--set", "imp_ranking=per_board")
    assert "place  pair  boards  total  per board  names" in result.output
    assert "1         3       6     18          3" in result.output


def test_session_cli_json_methods_and_settings():
    data = json.loads(run(SESSION, "--format", "json").output)
    assert data["method"] == "matchpoints" and data["expected"] == {"A": 3}
    assert [p["pair"] for p in data["ranking"][0]["pairs"]] == [3, 2, 1]
    acbl = json.loads(run(SESSION, "--format", "json", "--set", "mp_units=acbl").output)
    assert acbl["boards"][0]["top"] == 2
    butler = json.loads(run(SESSION, "--method", "butler", "--format", "json").output)
    assert butler["method"] == "butler" and "datum" in butler["boards"][0]
    cross = json.loads(run(SESSION, "--method", "cross-imps", "--format", "json").output)
    # Averaged cross-IMPs are shown with two decimals (bridge.md §15.3): JSON numbers rounded to them.
    figures = [line["ns"] for board in cross["boards"] for line in board["lines"] if line["ns"] is not None]
    assert figures and all(isinstance(f, float) and round(f, 2) == f for f in figures)
    ranking = data["ranking"][0]["pairs"][0]
    assert isinstance(ranking["total"], (int, float)) and isinstance(ranking["percentage"], float)


@pytest.mark.parametrize("fmt,ext", [("csv", "csv"), ("pbn", "pbn"), ("usebio", "xml")])
def test_session_cli_formats_read_back_to_the_same_ranking(tmp_path, fmt, ext):
    out = tmp_path / f"session.{ext}"
    assert run(SESSION, "--format", fmt, "-o", out).exit_code == 0
    first = json.loads(run(SESSION, "--format", "json").output)["ranking"]
    again = json.loads(run(out, "--format", "json").output)["ranking"]
    assert again == first


def test_session_cli_hands_go_into_the_pbn(tmp_path):
    hands = os.path.join(DATA, "ruter_hallstahammar_board1.pbn")
    out = tmp_path / "session.pbn"
    assert run(SESSION, "--hands", hands, "--format", "pbn", "-o", out).exit_code == 0
    text = out.read_bytes().decode("iso-8859-1")
    assert '[Deal "N:J76.AK.AQJ954.J3' in text and '[ScoreTable "Section' in text


def test_session_cli_real_pbn_file():
    result = run(os.path.join(DATA, "ffb_magic_contest_board28.pbn"), "--format", "json")
    assert result.exit_code == 0, result.output
    lines = json.loads(result.output)["boards"][0]["lines"]
    assert [(line["ns"], line["ew"]) for line in lines[:2]] == [(42, 0), (40, 2)]


@pytest.mark.parametrize("text,message", [
    ("board,ns_pair,ew_pair,contract,declarer,result\n1,1,4,4S,N,14\n",
     "bad.csv, line 2, field 'result': result '14' is not a number of tricks 0-13"),
    ("board,ns_pair,ew_pair,contract,declarer,result\n0,1,4,4S,N,10\n", "bad.csv, line 2, field 'board'"),
    ("board,ns_pair,ew_pair,contract,declarer,result,ns_score\n1,1,4,4S,N,10,450\n",
     "bad.csv, line 2, field 'ns_score'"),
    ("board,ns_pair,ew_pair,contract,declarer,result\n1,1,4,4S,N,10\n1,1,5,4S,N,10\n",
     "bad.csv, line 3, field 'ns_pair': pair 1 has a second result on board 1"),
    ("board,ns_pair,ew_pair,contract\n1,1,4,A++\n", "bad.csv, line 2, field 'contract'"),
    ("board,ns_pair,ew_pair,contract,declarer,reslt\n1,1,4,4S,N,10\n", "bad.csv, line 1, field 'reslt'"),
])
def test_session_cli_bad_input_one_line_exit_2_nothing_written(tmp_path, text, message):
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "out.txt"
    result = CliRunner().invoke(bridge, ["session", "score", str(path), "-o", str(out)])
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    assert not out.exists()


def test_session_cli_check_reports_and_refuses_what_it_cannot_check(tmp_path):
    usebio = tmp_path / "session.xml"
    assert run(SESSION, "--format", "usebio", "-o", usebio).exit_code == 0
    result = run(usebio, "--check")
    assert result.exit_code == 0, result.output
    assert "lines: every figure agrees" in result.output and "pairs: every figure agrees" in result.output
    assert json.loads(run(usebio, "--check", "--format", "json").output)["differences"] == []
    nothing = run(SESSION, "--check")
    assert nothing.exit_code == 2 and "none of the scorer's own figures" in nothing.output
    wrong = run(usebio, "--check", "--format", "csv")
    assert wrong.exit_code == 2 and "field 'format': check writes text or json" in wrong.output
