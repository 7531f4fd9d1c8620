"""``tricks preferans score`` and ``tricks score`` for Gusarik, the old game and protocols with overlays: the
bundled examples in every format, errors with exit status 2 and no output file."""
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "preferans"
EXAMPLE_FILES = ("gusarik_game.json", "old_game.json", "sochi_kotel_game.json")


def run(*args):
    """``tricks`` with ``args``."""
    return CliRunner().invoke(tricks, [str(a) for a in args])


@pytest.mark.parametrize("name", EXAMPLE_FILES)
@pytest.mark.parametrize("fmt", ["text", "json", "svg"])
def test_examples_score_in_every_format(name, fmt):
    result = run("preferans", "score", EXAMPLES / name, "--format", fmt)
    assert result.exit_code == 0, result.output
    if fmt == "json":
        sheet = json.loads(result.stdout)
        assert sum(sheet["settlement"]["display"].values()) == 0
    elif fmt == "svg":
        assert ET.fromstring(result.stdout).tag.endswith("svg")
    else:
        assert "Settlement" in result.stdout


def test_gusarik_example_figures():
    sheet = json.loads(run("preferans", "score", EXAMPLES / "gusarik_game.json", "--format", "json").stdout)
    assert sheet["settlement"]["result"] == {"Anna": 50, "Boris": -50}
    svg = run("preferans", "score", EXAMPLES / "gusarik_game.json", "--format", "svg").stdout
    assert "Anna: pool" in svg and "Boris: mountain" in svg and "Boris: whists on Anna" in svg
    # Two fields, one above the other: Boris's sector is Anna's turned half a circle, split by one line.
    assert 'rotate(180 ' in svg and 'rotate(90 ' not in svg and '<line x1="10" y1="360.0" x2="710"' in svg


def test_old_example_figures():
    sheet = json.loads(run("preferans", "score", EXAMPLES / "old_game.json", "--format", "json").stdout)
    assert sheet["totals"] == {"Anna": {"count": 8}, "Boris": {"count": 16}, "Vera": {"count": 15}}
    assert sheet["settlement"]["result"] == {"Anna": 5, "Boris": -3, "Vera": -2}
    svg = run("preferans", "score", EXAMPLES / "old_game.json", "--format", "svg").stdout
    assert 'text-decoration="line-through"' in svg  # a write-off is crossed out, never wiped (r.35)


def test_kotel_example_figures():
    sheet = json.loads(run("preferans", "score", EXAMPLES / "sochi_kotel_game.json", "--format", "json").stdout)
    assert sheet["overlays"] == ["kotel", "uvert"]
    assert sheet["deals"][4]["delta"]["transfer"]["stage"] == 2
    assert sheet["countdown"] == {"stage": 2, "queued_parts": [{"Anna": 3, "Boris": 2, "Vera": 2}]}
    assert sheet["settlement"]["result"] == {"Anna": -74, "Boris": 80, "Vera": -6}


@pytest.mark.parametrize("system, name, extra", [
    ("preferans-gusarik", "gusarik_game.json", ["--set", "gusarik_mountain=indivisible"]),
    ("preferans-gusarik", "gusarik_game.json", ["--preset", "gusarik"]),
    ("preferans-old", "old_game.json", ["--set", "codilles=false"]),
    ("preferans-sochi", "sochi_kotel_game.json", ["--set", "pot_parts=3"]),
])
def test_tricks_score_by_system_name(system, name, extra):
    result = run("score", "--system", system, EXAMPLES / name, "--format", "json", *extra)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["finished"] is False


def test_variant_option_accepts_the_new_variants():
    result = run("preferans", "score", EXAMPLES / "old_game.json", "--variant", "old")
    assert result.exit_code == 0, result.output
    result = run("preferans", "score", EXAMPLES / "old_game.json", "--variant", "gusarik")
    assert result.exit_code == 2 and "conflicts" in result.output


@pytest.mark.parametrize("change, words", [
    ({"overlays": ["kotel", "simple"]}, ["overlays", "exclude"]),
    ({"overlays": ["bogus"]}, ["overlays", "unknown overlay"]),
    ({"variant": "leningrad"}, ["overlays", "not allowed"]),
    ({"settings": {"pool_target": 6, "end_condition": "pool_sum"}}, ["end_condition"]),
])
def test_bad_overlays_exit_2_without_output(tmp_path, change, words):
    protocol = {**json.loads((EXAMPLES / "sochi_kotel_game.json").read_text()), **change}
    path, out = tmp_path / "protocol.json", tmp_path / "sheet.json"
    path.write_text(json.dumps(protocol))
    result = run("preferans", "score", path, "--format", "json", "-o", out)
    assert result.exit_code == 2 and not out.exists()
    assert all(word in result.output for word in words) and len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("args, words", [
    (["--set", "pool_target=5"], ["--set", "pool_target"]),
    (["--set", "stake=0"], ["--set", "stake"]),
])
def test_old_game_settings_errors(args, words):
    result = run("preferans", "score", EXAMPLES / "old_game.json", *args)
    assert result.exit_code == 2 and all(word in result.output for word in words)


def test_a_bad_old_deal_names_the_deal_and_the_field(tmp_path):
    protocol = json.loads((EXAMPLES / "old_game.json").read_text())
    protocol["deals"][2]["tricks"]["Vera"] = 5
    path = tmp_path / "protocol.json"
    path.write_text(json.dumps(protocol))
    result = run("preferans", "score", path)
    assert result.exit_code == 2 and "deal 3" in result.output and "tricks" in result.output


def test_tricks_games_lists_the_overlays_and_the_new_systems():
    listing = {row["name"]: row for row in json.loads(run("games", "--format", "json").stdout)}
    assert listing["preferans"]["overlays"] == ["simple", "kurochka", "kotel", "decimal", "misere_big_small", "uvert"]
    assert {"preferans-gusarik", "preferans-old"} <= set(listing["preferans"]["scorings"])
    assert "overlays" not in listing["bridge"]
    assert "  overlays: simple, kurochka, kotel" in run("games").stdout
