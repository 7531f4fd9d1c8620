"""`tricks bridge analyse`: the play of every board of a PBN or LIN file analysed, as text (trick by trick, costly
cards flagged), JSON (a list of boards, skipped ones with the reason) and HTML; bad input is refused with exit
status 2 naming the file, line and field, and no partial output file."""
import json
import os

from click.testing import CliRunner

import trickcore
from trickcore.cli.main import tricks

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
LIN = os.path.join(ROOT, "tests", "data", "lin", "endplay_example1.lin")
PBN = os.path.join(ROOT, "examples", "bridge_pbn", "dealer4_style.pbn")
CLAIM = os.path.join(ROOT, "tests", "data", "corpus", "bbo_tourney_claim_midtrick.lin")


def run(*args):
    return CliRunner().invoke(tricks, ["bridge", "analyse", *args])


def test_text_shows_the_play_trick_by_trick_with_the_costly_cards_flagged():
    result = run(LIN)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("Board 1: 3NT by N, E leads: N-S take 9 tricks double dummy before the lead, 11 after the "
                        "play (result 11)")
    assert lines[1].split() == ["1", "E", "S2?", "S", "S3", "W", "SQ", "N", "SA", "9", "->", "11"]
    assert len(lines) == 15 and lines[-1] == "  costly trick 1: E S2 cost E-W 2 tricks (9 -> 11)"


def test_json_is_a_list_of_boards_with_the_skipped_ones():
    result = run(PBN, "--format", "json")
    assert result.exit_code == 0, result.output
    boards = json.loads(result.stdout)
    assert [board["board"] for board in boards] == [1, 2]
    first = boards[0]
    assert (first["contract"], first["declarer"], len(first["tricks"])) == ("4H", "N", 53)
    assert first["tricks"][0] == 10 and first["tricks"][-1] == 11 == first["result"]
    assert [(card["trick"], card["seat"], card["card"], card["cost"]) for card in first["costly"]] == \
        [(1, "E", "S4", 1), (4, "E", "S8", 1), (4, "N", "C3", 1)]
    assert boards[1] == {"board": 2, "skipped": "the record gives no play"}
    assert boards == trickcore.analyse(PBN).to_dict()["boards"]


def test_a_claim_is_analysed_to_where_the_play_stops():
    result = run(CLAIM, "--format", "json")
    board = json.loads(result.stdout)[0]
    assert board["claimed"] and len(board["play"]) == 45 and len(board["tricks"]) == 46


def test_html_is_one_page_written_to_the_output_file(tmp_path):
    out = tmp_path / "play.html"
    result = run(PBN, "--format", "html", "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count('class="l costly"') == 3
    assert 'id="board-1"' in page and "Board 2: skipped (the record gives no play)" in page


def _revoke(tmp_path):
    """The PBN file with a play that does not fit its deal (W plays a card N holds, in trick 4)."""
    bad = tmp_path / "revoke.pbn"
    bad.write_text(open(PBN, encoding="utf-8").read().replace("S8 SQ S3 C3", "S8 SQ C3 S3"), encoding="utf-8")
    return bad


def test_bad_input_is_refused_naming_file_line_and_field_with_no_output(tmp_path):
    out = tmp_path / "report.json"
    result = run(str(_revoke(tmp_path)), "--strict", "--format", "json", "-o", str(out))
    assert result.exit_code == 2 and not out.exists()
    assert "revoke.pbn, line 25, field 'Play'" in result.stderr and "W does not hold C3" in result.stderr
    missing = run(str(tmp_path / "missing.pbn"))
    assert missing.exit_code == 2 and "missing.pbn" in missing.stderr
    garbage = tmp_path / "garbage.lin"
    garbage.write_text("no boards here\n", encoding="utf-8")
    assert run(str(garbage)).exit_code == 2


def test_a_play_that_does_not_fit_is_kept_out_with_a_warning(tmp_path):
    result = run(str(_revoke(tmp_path)), "--format", "json")
    assert result.exit_code == 0 and "Warning: " in result.stderr
    data = json.loads(result.stdout)
    assert data["boards"][0] == {"board": 1, "skipped": "the record gives no play"}
    assert data["warnings"][0]["field"] == "Play" and "W does not hold C3" in data["warnings"][0]["message"]


def test_a_simulation_s_output_is_analysed_and_a_whist_one_refused(tmp_path):
    out = tmp_path / "field.jsonl"
    played = CliRunner().invoke(tricks, ["simulate", "--game", "bridge", "--deals", "2", "--seed", "1", "--agents",
                                         "heuristic", "--agents", "dd", "--out", str(out)])
    assert played.exit_code == 0, played.output
    result = run(str(out), "--format", "json")
    assert result.exit_code == 0, result.output
    assert [(board["board"], board["table"]) for board in json.loads(result.stdout)] == [(1, 1), (1, 2), (2, 1),
                                                                                          (2, 2)]
    # dd plays every card double dummy: its table has no costly card of the declaring side or the defence.
    assert all(not board["costly"] for board in json.loads(result.stdout) if board["table"] == 2)
    whist = tmp_path / "whist.jsonl"
    CliRunner().invoke(tricks, ["simulate", "--game", "whist", "--deals", "1", "--agents", "random", "--out",
                                str(whist)])
    refused = run(str(whist), "-o", str(tmp_path / "report.txt"))
    assert refused.exit_code == 2 and "whist.jsonl: a whist simulation" in refused.output
    assert not (tmp_path / "report.txt").exists()
