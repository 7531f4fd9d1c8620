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
