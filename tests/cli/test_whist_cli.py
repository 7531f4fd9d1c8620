"""The whist CLI: `tricks whist score` on the worked examples, `tricks play --game whist`, and bad input."""
import json
import os

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "whist")


def run(*args):
    return CliRunner().invoke(tricks, list(args), catch_exceptions=False)


def score_json(tmp_path, hands, *options):
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(hands), encoding="utf-8")
    result = run("whist", "score", str(path), "--format", "json", *options)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_w5_example_file_text():
    result = run("whist", "score", os.path.join(EXAMPLES, "rubber.json"))
    assert result.exit_code == 0
    assert "game 1 to N-S, single: 1" in result.output
    assert "game 2 to E-W, double: 2" in result.output
    assert "game 3 to N-S, treble: 3" in result.output
    assert "Rubber 1: N-S 4, E-W 2 game points + 2 rubber bonus; value 4 to N-S" in result.output


def test_w5_example_file_json():
    data = json.loads(run("whist", "score", os.path.join(EXAMPLES, "rubber.json"), "--format", "json").output)
    assert [(h["score"]["NS"], h["score"]["EW"]) for h in data["hands"]] == [
        (2, 0), (2, 4), (3, 4), (5, 4), (1, 0), (1, 5), (5, 0)]
    assert data["rubbers"][0]["value"] == 4 and data["totals"] == {"NS": 4, "EW": -4}


def test_w1_and_w3(tmp_path):
    assert score_json(tmp_path, [{"tricks_ns": 8, "honours_ns": 3}])["score"] == {"NS": 4, "EW": 0}
    w3 = score_json(tmp_path, [{"tricks_ns": 13, "honours_ns": 2}, {"tricks_ns": 7, "honours_ns": 2},
                               {"tricks_ns": 9, "honours_ns": 2}, {"tricks_ns": 6, "honours_ns": 4}])
    assert w3["score"] == {"NS": 4, "EW": 1} and w3["hands"][-1]["honours"]["barred"]


def test_w2_order_of_scoring(tmp_path):
    to_three = [{"tricks_ns": 9, "honours_ns": 2}]
    a = score_json(tmp_path, to_three + [{"tricks_ew": 9, "honours_ns": 3}])
    assert a["hands"][-1]["game_won"]["value"] == 1 and a["hands"][-1]["score"] == {"NS": 5, "EW": 3}
    b = score_json(tmp_path, to_three + [{"tricks_ns": 8, "honours_ew": 4}])
    assert b["hands"][-1]["game_won"]["value"] == 3 and b["hands"][-1]["honours"]["points"] == 0


def test_w4_calling_at_eight_long_and_without(tmp_path):
    eight_three = [{"tricks_ns": 10, "honours_ns": 2}, {"tricks_ns": 10, "honours_ns": 2},
                   {"tricks_ns": 4, "honours_ns": 2}]
    called = score_json(tmp_path, {"ruleset": "long", "hands": eight_three + [{"honours_ns": 3}]})
    assert called["hands"][2]["score"] == {"NS": 8, "EW": 3}
    last = called["hands"][-1]
    assert last["called_at_eight"] == "NS" and last["game_won"]["value"] == 2
    played = score_json(tmp_path, {"ruleset": "long", "hands": eight_three + [{"tricks_ns": 5, "honours_ns": 3}]},
                        "--set", "call_at_eight=off")
    assert played["hands"][-1]["game_won"] == {"rubber": 1, "game": 1, "winner": "NS",
                                               "score": {"NS": 10, "EW": 5}, "value": 1}


def test_ruleset_and_set_options(tmp_path):
    data = score_json(tmp_path, [{"tricks_ns": 8, "honours_ns": 4}], "--ruleset", "american")
    assert data["score"] == {"NS": 2, "EW": 0} and data["rules"]["game_target"] == 7
    data = score_json(tmp_path, [{"tricks_ns": 8, "honours_ns": 4}], "--set", "honours=off")
    assert data["score"] == {"NS": 2, "EW": 0} and data["rules"]["game_target"] == 5


def test_full_records_and_pbn_are_scored(tmp_path):
    records = os.path.join(EXAMPLES, "records.json")
    data = json.loads(run("whist", "score", records, "--format", "json").output)
    assert len(data["hands"]) == 3
    pbn = tmp_path / "match.pbn"
    play = run("play", "--game", "whist", "--agents", "heuristic,random,heuristic,random", "--seed", "4",
               "--protocol", str(pbn))
    assert play.exit_code == 0 and "Rubber 1" in play.output
    scored = run("whist", "score", str(pbn))
    assert scored.exit_code == 0
    assert scored.output.splitlines()[-2] in play.output


def test_play_match_until_the_rubber_ends_and_by_hands():
    data = json.loads(run("play", "--game", "whist", "--agents", "heuristic", "--seed", "8", "--format",
                          "json").output)
    assert data["ledger"]["rubbers"][0]["finished"]
    assert all(len(h["play"]) == 13 for h in data["hands"] if h["tricks_ns"] is not None)
    dealers = [h["dealer"] for h in data["hands"]]
    assert dealers == ["NESW"[k % 4] for k in range(len(dealers))]
    three = json.loads(run("play", "--game", "whist", "--agents", "random", "--seed", "8", "--hands", "3",
                           "--dealer", "W", "--trump", "S", "--format", "json").output)
    assert [h["dealer"] for h in three["hands"]] == ["W", "N", "E"]
    assert {h["trump"] for h in three["hands"]} == {"S"}
    again = run("play", "--game", "whist", "--agents", "random", "--seed", "8", "--hands", "3", "--dealer", "W",
                "--trump", "S", "--format", "json")
    assert json.loads(again.output) == three


BAD = [
    ([{"tricks_ns": 14, "honours_ns": 2}], "hand 1", "tricks_ns"),
    ([{"tricks_ns": 8, "honours_ns": 2}, {"tricks_ns": 8}], "hand 2", "honours_ns"),
    ([{"tricks_ns": 8, "tricks_ew": 6, "honours_ns": 2}], "hand 1", "tricks_ew"),
    ([{"tricks_ns": 8, "honours_ns": 2, "colour": 1}], "hand 1", "colour"),
    ([{"honours_ns": 2}], "hand 1", "tricks_ns"),
    ([{"deal": "N:AKQ", "dealer": "N", "turn_up": "C2"}], "hand 1", "deal"),
    ([{"deal": "N:J73.Q84.K95.AT62 AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73", "dealer": "E",
       "turn_up": "C2", "tricks_ns": 7}], "hand 1", "TurnUp"),
    ({"hands": 3}, "", "hands"),
    ({"hands": [], "settings": {"colour": "red"}}, "", "colour"),
]


@pytest.mark.parametrize("content, hand, field", BAD)
def test_bad_input_one_line_exit_2_no_output_file(tmp_path, content, hand, field):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    out = tmp_path / "out.txt"
    result = CliRunner().invoke(tricks, ["whist", "score", str(path), "-o", str(out)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "bad.json" in lines[0] and hand in lines[0] and repr(field) in lines[0]
    assert not out.exists() and os.listdir(tmp_path) == ["bad.json"]


def test_bad_json_unknown_setting_and_missing_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(tricks, ["whist", "score", str(path)])
    assert result.exit_code == 2 and "bad.json" in result.output and "line 1" in result.output
    good = os.path.join(EXAMPLES, "rubber.json")
    result = CliRunner().invoke(tricks, ["whist", "score", good, "--set", "colour=red"])
    assert result.exit_code == 2 and "--set" in result.output and "'colour'" in result.output
    result = CliRunner().invoke(tricks, ["whist", "score", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "missing.json" in result.output
    result = CliRunner().invoke(tricks, ["play", "--game", "whist", "--agents", "wizard"])
    assert result.exit_code == 2 and "unknown whist agent" in result.output


def test_dealing_example_record_through_the_cli(tmp_path):
    deal = "N:J73.Q84.K95.AT62 AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73"
    data = score_json(tmp_path, [{"dealer": "N", "deal": deal, "turn_up": "C2", "tricks_ns": 7}])
    hand = data["hands"][0]
    assert (hand["trump"], hand["honours_ns"]) == ("C", 2)
    assert hand["honours"] == {"side": None, "points": 0, "barred": False} and data["score"] == {"NS": 1, "EW": 0}


@pytest.mark.parametrize("ruleset", ["nonesuch", "", 1.5, True, [], {}])
@pytest.mark.parametrize("command", [["score", "--system", "whist-short"], ["whist", "score"]])
def test_a_results_file_naming_no_ruleset_is_refused_by_every_reader(tmp_path, ruleset, command):
    """`tricks score --system whist-short` scored a file whose "ruleset" was anything at all."""
    path = tmp_path / "rubber.json"
    path.write_text(json.dumps({"ruleset": ruleset, "hands": [{"tricks_ns": 8, "honours_ns": 2}]}))
    result = CliRunner().invoke(tricks, [*command, str(path)])
    assert result.exit_code == 2, result.output
    assert "field 'ruleset'" in result.output
