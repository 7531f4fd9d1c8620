"""Whole games with agents: play_match, the protocol it writes, the CLI, bad input, and heuristic vs random."""
import json
import subprocess
from fractions import Fraction

import pytest
from click.testing import CliRunner

from trickcore.cli import api
from trickcore.cli.main import tricks
from trickcore.errors import InputError, PluginError
from trickcore.games.base import run_match
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.record import PROTOCOL_FORMAT
from trickcore.scoring.preferans import render_text, score_protocol


def options(**kw):
    base = {"variant": "sochi", "players": 3, "pool_target": 6, "protocol": None, "dealer": None}
    base.update(kw)
    return base


@pytest.mark.parametrize("variant,players,agents", [("sochi", 3, ["heuristic"]),
                                                    ("leningrad", 3, ["heuristic", "random", "heuristic"]),
                                                    ("rostov", 4, ["heuristic"]),
                                                    ("classic", 4, ["random", "heuristic", "heuristic", "random"])])
def test_protocol_scores_to_the_sheet_the_match_showed(tmp_path, variant, players, agents):
    path = tmp_path / "game.json"
    report = PREFERANS.play_match(agents, 5, options(variant=variant, players=players, protocol=str(path)))
    protocol = json.loads(path.read_text())
    assert protocol == report.data["protocol"] and protocol["format"] == PROTOCOL_FORMAT
    sheet = score_protocol(protocol)
    assert sheet.to_dict() == report.data["sheet"]
    assert render_text(sheet) in report.text
    assert "Deal 1: dealer A" in report.text and "auction:" in report.text and "talon:" in report.text
    assert not list(tmp_path.glob(".protocol-*"))        # the temp file was renamed


def test_match_runs_until_the_variant_ends_the_game():
    report = PREFERANS.play_match(["heuristic"], 11, options(pool_target=4))
    assert report.data["sheet"]["finished"] is True
    deals = report.data["protocol"]["deals"]
    assert [d["dealer"] for d in deals[:4]] == ["A", "B", "C", "A"]     # the deal passes clockwise


def test_deal_cap_stops_early_and_the_dealer_option_chooses_the_first_dealer():
    report = PREFERANS.play_match(["random"], 2, options(hands=3, pool_target=50, dealer="b"))
    deals = report.data["protocol"]["deals"]
    assert [d["dealer"] for d in deals] == ["B", "C", "A"]
    assert report.data["sheet"]["finished"] is False and "Stopped after 3 deals" in report.text


def test_classic_same_dealer_after_all_pass_at_most_three_times():
    match = PREFERANS.new_match(3, variant="classic", pool_target=10**6, hands=60)
    results = run_match(match, ["heuristic"], 3).records
    assert len(results) == 60
    run, repeats = 1, 0
    for prev, cur in zip(results, results[1:]):
        caught = prev.kind == "misere" and prev.won[prev.declarer] > 0
        if (prev.kind == "all_pass" or caught) and run < 3:
            assert cur.dealer == prev.dealer
            run += 1
            repeats += 1
        else:
            assert cur.dealer == (prev.dealer + 1) % 4
            run = 1
    assert repeats > 0                                    # the rule was exercised


@pytest.mark.parametrize("opts,agents,words", [
    (options(variant="nonsense"), ["heuristic"], "unknown preferans variant"),
    (options(players=5), ["heuristic"], "3 or 4 players"),
    (options(), ["heuristic", "random"], "preferans needs 3 agents here, got 2"),
    (options(dealer="Z"), ["random"], "dealer"),
    (options(trump="S"), ["random"], "does not apply"),
    (options(hands=0), ["random"], "at least 1"),
])
def test_bad_input_is_an_input_error(opts, agents, words):
    with pytest.raises(InputError, match=words):
        PREFERANS.play_match(agents, 1, opts)


@pytest.mark.parametrize("agents", [["ddd"], ["wizard"], ["heuristic", "random", "wizard"]])
def test_unknown_agent_is_a_plugin_error_naming_the_installed_ones(agents):
    with pytest.raises(PluginError, match="unknown preferans agent .* dd, heuristic, pimc, random"):
        PREFERANS.play_match(agents, 1, options())


@pytest.mark.parametrize("args,words", [(["--variant", "bogus"], "variant"), (["--players", "5"], "players"),
                                        (["--agents", "ddd"], "ddd")])
def test_cli_bad_input_exits_2(tmp_path, args, words):
    path = tmp_path / "p.json"
    base = ["play", "--game", "preferans", "--agents", "heuristic", "--seed", "1", "--pool-target", "5",
            "--protocol", str(path)]
    result = CliRunner().invoke(tricks, base + args)
    assert result.exit_code == 2 and words in result.output
    assert not path.exists()


def test_cli_protocol_scores_to_the_same_sheet(tmp_path):
    path = tmp_path / "p.json"
    play = subprocess.run(["tricks", "play", "--game", "preferans", "--variant", "sochi", "--players", "3",
                           "--agents", "heuristic", "--seed", "9", "--pool-target", "5",
                           "--protocol", str(path), "--format", "json"], capture_output=True, text=True)
    assert play.returncode == 0, play.stderr
    shown = json.loads(play.stdout)["sheet"]
    score = subprocess.run(["tricks", "preferans", "score", str(path), "--format", "json"],
                           capture_output=True, text=True)
    assert score.returncode == 0, score.stderr
    assert json.loads(score.stdout) == shown


@pytest.mark.slow
def test_play_settings_change_every_deal_and_the_protocol_scores_with_them(tmp_path):
    """`--set` changes the variant's play settings for the whole match (raising the exit level of all-pass series
    changes the auctions that follow them); the protocol records the changes, so its scorer reads them."""
    path = tmp_path / "p.json"
    args = ["play", "--game", "preferans", "--agents", "heuristic", "--seed", "0", "--pool-target", "10",
            "--set", "all_pass_exit_levels=[6,7,7]", "--set", "allow_walkaway=true"]
    result = CliRunner().invoke(tricks, args + ["--protocol", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    shown, protocol = json.loads(result.output), json.loads(path.read_text())
    assert protocol == shown["protocol"]
    assert protocol["settings"] == {"pool_target": 10, "all_pass_exit_levels": [6, 7, 7], "allow_walkaway": True}
    assert api.preferans_score(path).to_dict() == shown["sheet"]
    preset = api.play("preferans", seed=0, agents="heuristic", pool_target=10).to_dict()
    assert preset["protocol"]["deals"] != protocol["deals"]
    assert CliRunner().invoke(tricks, args + ["--format", "json"]).output == result.output      # deterministic
    text = CliRunner().invoke(tricks, args).output
    assert text.startswith("Preferans sochi, all_pass_exit_levels=[6,7,7], allow_walkaway=true, 3 players")


def test_without_settings_the_match_is_the_preset_s():
    """No --set leaves the output as it was: the protocol records the pool target only, the header no setting."""
    args = ["play", "--game", "preferans", "--agents", "heuristic", "--seed", "4", "--pool-target", "6"]
    shown = json.loads(CliRunner().invoke(tricks, args + ["--format", "json"]).output)
    assert shown == api.play("preferans", seed=4, agents="heuristic", pool_target=6).to_dict()
    assert shown["protocol"]["settings"] == {"pool_target": 6}
    assert CliRunner().invoke(tricks, args).output.startswith("Preferans sochi, 3 players, pool target 6, seed 4;")
    # The preset's own values, set by name, play the same deals (only the protocol's settings say so).
    same = api.play("preferans", seed=4, agents="heuristic", pool_target=6, allow_hold=True).to_dict()
    assert same["protocol"]["deals"] == shown["protocol"]["deals"] and same["sheet"] == shown["sheet"]


def test_gusarik_play_settings_of_its_own_are_recorded_and_scored(tmp_path):
    path = tmp_path / "g.json"
    found = api.play("preferans", seed=1, agents="heuristic", variant="gusarik", razboinik_all_pass_deals=2,
                     protocol=path)
    protocol = json.loads(path.read_text())
    assert protocol["settings"] == {"gusarik_stage": "razboinik", "razboinik_all_pass_deals": 2}
    assert sum(d["type"] == "all_pass" for d in protocol["deals"]) >= 2
    assert api.preferans_score(path).to_dict() == found.to_dict()["sheet"]


def test_heuristic_beats_random_over_2000_seeded_deals():
    ids = ("A", "B", "C")
    totals = {"heuristic": Fraction(0), "random": Fraction(0)}
    for rotation in range(3):
        names = ["random"] * 3
        names[rotation] = "heuristic"
        count = 667 if rotation < 2 else 666
        match = PREFERANS.new_match(100 + rotation, variant="sochi", pool_target=10**6, hands=count)
        records = [r.protocol for r in run_match(match, names, 100 + rotation).records]
        protocol = {"format": PROTOCOL_FORMAT, "variant": "sochi", "players": list(ids),
                    "settings": {"pool_target": 10**6}, "deals": records}
        result = score_protocol(protocol).to_dict()["settlement"]["result"]
        for p, name in zip(ids, names):
            totals[name] += Fraction(result[p])
    assert totals["heuristic"] > 0 > totals["random"]
    assert totals["heuristic"] > -totals["random"] / 2      # better than the random seats' average
