"""The core `tricks` commands: games, deal, play; help and version; bad input; third-party plug-ins."""
import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.registry import get_game

HERE = os.path.dirname(os.path.abspath(__file__))


def run(*args):
    return CliRunner().invoke(tricks, list(args), catch_exceptions=False)


def test_version_and_help_on_every_command():
    assert "tricks, version" in run("--version").output
    ctx = tricks.make_context("tricks", ["games"])
    for name in tricks.list_commands(ctx):
        command = tricks.get_command(ctx, name)
        assert run(name, "--help").exit_code == 0, name
        for sub in getattr(command, "commands", {}):
            assert run(name, sub, "--help").exit_code == 0, (name, sub)


def test_games_lists_the_built_in_games():
    result = run("games", "--format", "json")
    rows = {row["name"]: row for row in json.loads(result.output)}
    assert {"bridge", "whist", "preferans"} <= set(rows)
    assert rows["preferans"]["variants"] == ["sochi", "leningrad", "rostov", "classic", "gusarik", "old"]
    assert rows["preferans"]["cards"] == 32 and rows["bridge"]["seats"] == 4


def test_deal_formats():
    pbn = run("deal", "--game", "bridge", "--count", "3", "--seed", "7", "--format", "pbn").output
    assert pbn.startswith("% PBN 2.1") and pbn.count("[Deal ") == 3
    assert f'[Deal "{BRIDGE.deal(7, 1).to_pbn()}"]' in pbn
    rows = json.loads(run("deal", "--game", "preferans", "--count", "2", "--seed", "7", "--format", "json").output)
    assert len(rows) == 2 and len(rows[1]["talon"]) == 2 and set(rows[0]["hands"]) == {"hand1", "hand2", "hand3"}
    text = run("deal", "--game", "bridge", "--seed", "7").output
    assert "♠" in text and "N" in text.splitlines()[1]


def test_deal_to_a_file(tmp_path):
    out = tmp_path / "deals.pbn"
    assert run("deal", "--game", "whist", "--count", "2", "--format", "pbn", "-o", str(out)).exit_code == 0
    assert out.read_text().count("[Deal ") == 2 and '[TurnUp' not in out.read_text()


def test_play_one_deal_shows_every_trick():
    result = run("play", "--game", "bridge", "--seed", "5", "--trump", "S", "--format", "json")
    data = json.loads(result.output)
    assert len(data["tricks"]) == 13 and sum(data["tricks_won"].values()) == 13 and data["trump"] == "S"
    text = run("play", "--game", "preferans", "--seed", "5", "--trump", "h").output
    assert text.count("won by") == 10 and "trump ♥" in text


def test_play_a_given_deal():
    text = "N:AKQ.JT9.8765.432 JT9.8765.432.AKQ 8765.432.AKQ.JT9 -"
    data = json.loads(run("play", "--game", "bridge", "--deal", text, "--trump", "NT", "--format", "json").output)
    assert data["deal"] == "N:AKQ.JT9.8765.432 JT9.8765.432.AKQ 8765.432.AKQ.JT9 432.AKQ.JT9.8765"
    assert data["leader"] == "E" and len(data["tricks"]) == 13
    deal = "AKQJ.AKQ.AK.A AKQJ.AKQ.AK.A AKQJ.AKQ.AK.A | SA SK"
    result = CliRunner().invoke(tricks, ["play", "--game", "preferans", "--deal", deal])
    assert result.exit_code == 2 and "dealt twice" in result.output


def test_play_batch_summary():
    data = json.loads(run("play", "--game", "bridge", "--count", "2000", "--seed", "1", "--format", "json").output)
    assert data["deals"] == 2000 and set(data["mean_tricks"]) == {"N", "E", "S", "W"}
    assert abs(sum(data["mean_tricks"].values()) - 13) < 1e-6 and data["seconds"] >= 0
    again = json.loads(run("play", "--game", "bridge", "--count", "2000", "--seed", "1", "--format", "json").output)
    assert again["mean_tricks"] == data["mean_tricks"]


@pytest.mark.parametrize("args,needle", [
    (["deal", "--game", "chess"], "unknown game 'chess'"),
    (["deal", "--game", "bridge", "--count", "-1"], "--count must be at least 0"),
    (["play", "--game", "bridge", "--count", "-4"], "--count must be at least 1"),
    (["play", "--game", "bridge", "--trump", "X"], "Invalid value"),
    (["deal", "--game", "bridge", "--dealer", "Q"], "not a seat"),
    (["play", "--game", "bridge", "--hands", "3"], "goes with --agents"),
    (["play", "--game", "preferans", "--pool-target", "10"], "--pool-target goes with --agents"),   # was --pool_target
    (["deal", "--game", "bridge", "--seed", "-1"], "Invalid value"),
    (["play", "--game", "bridge", "--deal", "N:AKQ.JT9.8765.43x - - -"], "'x' stands for an unknown small card"),
    (["play", "--game", "bridge", "--deal", "N:AKQ.JT9.8765.432 A.8765.432.AKQJ - -"], "only one hand"),
    (["play", "--game", "bridge", "--deal", "N:AKQ.JT9.8765.432 AKQ.8765.432.JT9 8765.432.AKQ.JT9 -"],
     "dealt twice"),
    (["play", "--game", "bridge", "--deal", "N:AKQ.JT9.8765.432 JT9.8765.432.AKQ Z765.432.AKQ.JT9 -"],
     "'Z' is not a rank"),
    (["play", "--game", "preferans", "--deal", "AKQ.JT9.87.7 - -"], "a deal has four hands"),
    (["play", "--game", "bridge", "--count", "3", "--deal", "N:- - - -"], "does not go with --count"),
])
def test_bad_input_exits_2_with_one_line(args, needle):
    result = CliRunner().invoke(tricks, args)
    assert result.exit_code == 2
    assert needle in result.output
    assert "Traceback" not in result.output


def test_failed_command_leaves_no_output_file(tmp_path):
    out = tmp_path / "x.json"
    result = CliRunner().invoke(tricks, ["deal", "--game", "nope", "-o", str(out)])
    assert result.exit_code == 2 and not out.exists() and os.listdir(tmp_path) == []


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory):
    """The environment of a ``tricks`` process that sees the test plug-in game (tests/plugin_pkg) installed."""
    target = tmp_path_factory.mktemp("plugin") / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), os.path.join(HERE, "..", "plugin_pkg")], check=True)
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(target), os.environ.get("PYTHONPATH", "")]))


def test_third_party_plugin_is_listed_and_playable(plugin_env):
    env = plugin_env
    code = "from cli.main import main; main()"
    listed = subprocess.run([sys.executable, "-c", code, "games"], env=env, capture_output=True, text=True)
    assert listed.returncode == 0 and "tiny: Tiny (a third-party plug-in) (3 seats, 24 cards)" in listed.stdout
    played = subprocess.run([sys.executable, "-c", code, "play", "--game", "tiny", "--seed", "3", "--format", "json"],
                            env=env, capture_output=True, text=True)
    assert played.returncode == 0, played.stderr
    data = json.loads(played.stdout)
    assert len(data["tricks"]) == 8 and sum(data["tricks_won"].values()) == 8
    batch = subprocess.run([sys.executable, "-c", code, "play", "--game", "tiny", "--count", "500"],
                           env=env, capture_output=True, text=True)
    assert batch.returncode == 0 and "500 deals" in batch.stdout


def test_third_party_plugin_is_solved_without_code_of_its_own(plugin_env):
    """``tricks solve`` finds the plug-in through the registry and analyses it by the Game defaults: each
    of its three seats alone against the two others, for every trump and no trump."""
    code = "from cli.main import main; main()"
    deal = "AKQJT9.AK.. .QJT9.AKQJ. ..T9.AKQJT9 |"
    solved = subprocess.run([sys.executable, "-c", code, "solve", "--game", "tiny", "--deal", deal, "--dealer", "Z",
                             "--format", "json"], env=plugin_env, capture_output=True, text=True)
    assert solved.returncode == 0, solved.stderr
    data = json.loads(solved.stdout)
    assert data["dealer"] == "Z" and data["leader"] == "X"
    assert list(data["tricks"]) == ["S", "H", "D", "C", "NT"]
    # X holds every spade and the top hearts and leads: at spades he takes all eight tricks. Z holds every
    # club: at clubs each of them wins the trick it falls in, six tricks at least.
    assert data["tricks"]["S"]["X"] == 8 and data["tricks"]["C"]["Z"] >= 6
    for row in data["tricks"].values():
        assert list(row) == ["X", "Y", "Z"] and all(0 <= n <= 8 for n in row.values())
    wrong = subprocess.run([sys.executable, "-c", code, "solve", "--game", "tiny", "--deal", deal, "--vul", "NS"],
                           env=plugin_env, capture_output=True, text=True)
    assert wrong.returncode == 2 and "no option 'vul'" in wrong.stderr and len(wrong.stderr.splitlines()) == 1


@pytest.mark.parametrize("extra", [["--count", "1000000"], ["--deal", "N:AKQJT98765432... .AKQJT98765432.. "
                                                                      "..AKQJT98765432. ...AKQJT98765432"]])
def test_a_match_refuses_count_and_deal_before_playing(extra, monkeypatch):
    monkeypatch.setattr(type(get_game("whist")), "play_match", lambda *args: pytest.fail("the match started"))
    result = CliRunner().invoke(tricks, ["play", "--game", "whist", "--agents", "random", *extra])
    assert result.exit_code == 2 and f"{extra[0]} does not go with --agents" in result.output, result.output
