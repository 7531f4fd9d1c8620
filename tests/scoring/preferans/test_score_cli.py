"""``tricks preferans score``: formats, options, the example protocol, SVG rendered to PNG, and bad input
(one-line error naming deal and field, exit 2, no output file)."""
import json
from pathlib import Path

import pytest
import resvg_py

from trickcore.scoring.preferans import PulyaLedger, parse_protocol, render_svg, score_protocol

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "preferans" / "sochi_game.json"


def example():
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def test_entry_points_registered():
    from trickcore.games import registry
    assert {"preferans-sochi", "preferans-leningrad", "preferans-rostov", "preferans-classic"} <= set(
        registry.scorings_for("preferans"))


def test_example_text(cli):
    result = cli("--format", "text", protocol=example())
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Anna" in text and "Settlement" in text and "misere: made" in text
    for display in score_protocol(example()).settlement.display.values():
        assert f" {display} " in text or text.rstrip().endswith(str(display))


def test_example_json_to_file_equals_api(cli, tmp_path):
    out = tmp_path / "sheet.json"
    result = cli("--format", "json", "-o", str(out), protocol=example())
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8")) == score_protocol(example()).to_dict()


def test_set_overrides_and_variant(cli):
    result = cli("--format", "json", "--variant", "sochi", "--set", "pool_target=30", "--set",
                 "whist_price=0.5", protocol=example())
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.stdout)
    assert sheet["settings"]["pool_target"] == 30
    assert sheet["settings"]["whist_price"] == 0.5


def test_protocol_variant_used_unless_given(cli, protocol):
    p = protocol("rostov", [{"dealer": "C", "type": "all_pass", "tricks": {"A": 0, "B": 4, "C": 6}}])
    sheet = json.loads(cli("--format", "json", protocol=p).stdout)
    assert sheet["variant"] == "rostov"
    assert sheet["deals"][0]["delta"]["whists"] == {"A": {"B": 20, "C": 30}}


def test_svg_renders_to_png(cli, tmp_path):
    out = tmp_path / "sheet.svg"
    result = cli("--format", "svg", "-o", str(out), protocol=example())
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Anna: whists on Boris" in svg
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) > 10_000  # lines and written entries, not a blank page


def test_svg_four_players_and_long_running_entries(protocol):
    deals = [{"dealer": d, "type": "all_pass", "tricks": {p: t for p, t in zip(
        [x for x in "ABCD" if x != d] + [d], (3, 3, 4, 0))}} for d in "ABCD" * 15]
    sheet = score_protocol(protocol("sochi", deals, players=("A", "B", "C", "D"), settings={"pool_target": 5000}))
    svg = render_svg(sheet)
    assert svg.count("rotate(") == 4
    assert "…" in svg  # the mountain band shows the latest running values
    assert len(bytes(resvg_py.svg_to_bytes(svg_string=svg))) > 10_000


def test_sheet_running_entries_match_history(protocol):
    parsed = parse_protocol(example())
    ledger = PulyaLedger.for_protocol(parsed)
    for deal in parsed.deals:
        ledger.add(deal)
    running = ledger.sheet().running()
    assert running[("pool", "Anna")] == [(1, 2), (7, 8)]
    assert running[("whists", "Anna", "Vera")] == [(2, 28)]


BAD = [
    ("unknown player", {"dealer": "Z", "type": "all_pass", "tricks": {"A": 3, "B": 3, "C": 4}}, 1, "dealer"),
    ("tricks sum", {"dealer": "C", "type": "all_pass", "tricks": {"A": 3, "B": 3, "C": 3}}, 1, "tricks"),
    ("unknown contract", {"dealer": "C", "type": "game", "declarer": "A", "contract": "11S"}, 1, "contract"),
    ("half-whist on 8", {"dealer": "C", "type": "game", "declarer": "A", "contract": "8S",
                         "calls": {"B": "pass", "C": "half_whist"}}, 1, "calls"),
    ("both half-whist", {"dealer": "C", "type": "game", "declarer": "A", "contract": "6S",
                         "calls": {"B": "half_whist", "C": "half_whist"}}, 1, "calls"),
    ("half-whist after whist", {"dealer": "C", "type": "game", "declarer": "A", "contract": "6S",
                                "calls": {"B": "whist", "C": "half_whist"}}, 1, "calls"),
    ("dealer whist with 3", {"dealer": "C", "type": "game", "declarer": "A", "contract": "6S",
                             "dealer_call": "whist"}, 1, "dealer_call"),
    ("returned without half", {"dealer": "C", "type": "game", "declarer": "A", "contract": "6S",
                               "calls": {"B": "whist"}, "returned_by": "C",
                               "tricks": {"A": 6, "B": 2, "C": 2}}, 1, "returned_by"),
    ("call by declarer", {"dealer": "C", "type": "game", "declarer": "A", "contract": "6S",
                          "calls": {"A": "whist"}}, 1, "calls"),
    ("calls on misere", {"dealer": "C", "type": "misere", "declarer": "A", "calls": {"B": "whist"},
                         "tricks": {"A": 0, "B": 5, "C": 5}}, 1, "calls"),
    ("unknown field", {"dealer": "C", "type": "all_pass", "tricks": {"A": 3, "B": 3, "C": 4}, "x": 1}, 1, "x"),
    ("totus", {"dealer": "C", "type": "totus", "declarer": "A"}, 1, "type"),
    ("negative tricks", {"dealer": "C", "type": "all_pass", "tricks": {"A": -1, "B": 5, "C": 6}}, 1, "tricks"),
    ("tricks not played", {"dealer": "C", "type": "game", "declarer": "A", "contract": "7S",
                           "tricks": {"A": 7, "B": 2, "C": 1}}, 1, "tricks"),
    ("dark off", {"dealer": "C", "type": "all_pass", "dark": True, "tricks": {"A": 3, "B": 3, "C": 4}}, 1, "dark"),
]


@pytest.mark.parametrize("name, bad, index, field", BAD, ids=[b[0] for b in BAD])
def test_bad_input(cli, protocol, tmp_path, name, bad, index, field):
    good = {"dealer": "B", "type": "all_pass", "tricks": {"A": 3, "B": 3, "C": 4}}
    p = protocol("sochi", [good, bad] if index == 2 else [bad])
    out = tmp_path / "out.json"
    result = cli("--format", "json", "-o", str(out), protocol=p)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert not out.exists()
    message = result.stderr.strip()
    assert "\n" not in message
    assert f"deal {index}" in message and f"field '{field}'" in message and "protocol.json" in message


def test_bad_deal_index_is_one_based_later_deal(cli, protocol):
    p = protocol("sochi", [{"dealer": "B", "type": "all_pass", "tricks": {"A": 3, "B": 3, "C": 4}},
                           {"dealer": "C", "type": "all_pass", "tricks": {"A": 3, "B": 3, "C": 5}}])
    result = cli(protocol=p)
    assert result.exit_code == 2 and "deal 2" in result.stderr and "'tricks'" in result.stderr


@pytest.mark.parametrize("args, expect", [
    (["--set", "no_such=1"], "no_such"), (["--set", "pool_target=zero"], "pool_target"),
    (["--set", "nonsense"], "--set"), (["--variant", "leningrad"], "variant")])
def test_bad_settings_and_variant_conflict(cli, args, expect, tmp_path):
    out = tmp_path / "out.txt"
    result = cli(*args, "-o", str(out), protocol=example())
    assert result.exit_code == 2
    assert expect in result.stderr
    assert not out.exists()


def test_unknown_setting_in_protocol(cli, protocol):
    result = cli(protocol=protocol("sochi", [], settings={"bogus": 1}))
    assert result.exit_code == 2 and "bogus" in result.stderr


def test_not_json(cli, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    result = cli("preferans", "score", str(path))
    assert result.exit_code == 2 and "broken.json" in result.stderr
