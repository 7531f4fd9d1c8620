"""Fixtures for the preferans scoring tests: protocol builder and the two ways to score (API, CLI)."""
import json

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.scoring.preferans import score_protocol


def build_protocol(variant, deals, players=("A", "B", "C"), settings=None, start=None):
    """A §11.2 protocol dict."""
    protocol = {"format": "trickcore.preferans.protocol/1", "variant": variant, "players": list(players),
                "deals": list(deals)}
    if settings:
        protocol["settings"] = settings
    if start:
        protocol["start"] = start
    return protocol


@pytest.fixture
def protocol():
    """The protocol builder."""
    return build_protocol


def game_deal(dealer, declarer, contract, calls=None, tricks=None, **extra):
    """A trick-contract deal of a protocol (§11.2): its dealer, declarer, contract, calls, tricks and the rest."""
    deal = {"dealer": dealer, "type": "game", "declarer": declarer, "contract": contract, "calls": calls or {}}
    if tricks:
        deal["tricks"] = tricks
    deal.update(extra)
    return deal


def all_pass_deal(dealer, **tricks):
    """An all-pass deal of a protocol (§11.2): its dealer and each player's tricks."""
    return {"dealer": dealer, "type": "all_pass", "tricks": tricks}


@pytest.fixture
def g():
    """The trick-contract deal builder (game_deal)."""
    return game_deal


@pytest.fixture
def ap():
    """The all-pass deal builder (all_pass_deal)."""
    return all_pass_deal


@pytest.fixture
def sheet(protocol):
    """Score deals under a variant and return the §11.3 dict."""
    def run(variant, *deals, players=("A", "B", "C"), settings=None, start=None):
        return score_protocol(protocol(variant, deals, players, settings, start)).to_dict()
    return run


@pytest.fixture
def delta(sheet):
    """The delta of the last deal."""
    return lambda *args, **kwargs: sheet(*args, **kwargs)["deals"][-1]["delta"]


def _score_api(protocol_dict, tmp_path):
    return score_protocol(protocol_dict).to_dict()


def _score_cli(protocol_dict, tmp_path):
    path = tmp_path / "protocol.json"
    path.write_text(json.dumps(protocol_dict), encoding="utf-8")
    result = CliRunner().invoke(tricks, ["preferans", "score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(params=["api", "cli"])
def scored(request, tmp_path):
    """Score a protocol dict to the §11.3 sheet dict, through the public API or through the CLI."""
    run = _score_api if request.param == "api" else _score_cli
    return lambda protocol_dict: run(protocol_dict, tmp_path)


@pytest.fixture
def cli(tmp_path):
    """Run ``tricks`` with arguments; a protocol dict is first written to a file whose path replaces it."""
    def run(*args, protocol=None):
        argv = list(args)
        if protocol is not None:
            path = tmp_path / "protocol.json"
            path.write_text(json.dumps(protocol), encoding="utf-8")
            argv = ["preferans", "score", str(path), *argv]
        return CliRunner().invoke(tricks, argv)
    return run
