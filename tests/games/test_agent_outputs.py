"""The agents' decisions pinned: the sha256 of whole ``tricks play`` and ``tricks simulate`` outputs.

The heuristic agents are tuned for speed on the hot path of every deal; a speed-up must not change a single
call, card, discard or contract. The digests were taken from the outputs before the agents were made faster
(``tricks ... --format json``, byte for byte); a change of behaviour changes the digest. If an agent's play
is changed on purpose, take the new digests from the CLI and say so in the commit.
"""
import hashlib

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks

CASES = {
    "bridge heuristic seed 0": (
        "play --game bridge --agents heuristic --seed 0 --hands 4",
        "86e28a3a6d67250fdc9b2877d782f4f8c41323b4102a2aa295e8693cd4f7389d"),
    "bridge heuristic seed 1": (
        "play --game bridge --agents heuristic --seed 1 --hands 4",
        "a8ec088df66d1c5854723c6815d2c91b5abd71b59b9048ec5ad2db67176efd83"),
    "bridge heuristic seed 2": (
        "play --game bridge --agents heuristic --seed 2 --hands 4",
        "8e979bb085ac34138d14845088550c8a7edc12d3304111fa29884c8e92ab713e"),
    "bridge heuristic and random": (
        "play --game bridge --agents heuristic,random,heuristic,random --seed 1 --hands 4",
        "3f812f07ae6425c56e2c1fc242d04284317efd778f4ba37be356e473da468b26"),
    "bridge dd and heuristic": (
        "play --game bridge --agents dd,heuristic,heuristic,heuristic --seed 1 --hands 2",
        "1cbbc397b2123a474e8c6662c7e543be4cfc9c333026a92ab9a5a9098d55b6a6"),
    "bridge simulate heuristic": (
        "simulate --game bridge --deals 64 --agents heuristic --seed 3",
        "c282605e027c5b0d7187bee55fe770f891d974b3608dd38385eaec6d5b4e1e8a"),
    "bridge simulate random": (
        "simulate --game bridge --deals 64 --agents random --seed 3",
        "fc7a70876683834b8e390f7eceac102ae1f6510cf5a1aa58a19fed9cf3bfbc16"),
    "preferans heuristic seed 0": (
        "play --game preferans --agents heuristic --seed 0",
        "251999ab7a80d24332523b6705001a4b83555e67e71e575fe5c1f23b2b891d27"),
    "preferans heuristic seed 1": (
        "play --game preferans --agents heuristic --seed 1",
        "6be5ce70167ad772316dd061a32d77200f2c74877ef23674797a2ac474ea695a"),
    "preferans heuristic seed 2": (
        "play --game preferans --agents heuristic --seed 2",
        "7a1c0d7f12d2848fe0b7e410c49b6651644236996d6058cda77a66569daca387"),
    "preferans heuristic and random": (
        "play --game preferans --agents heuristic,random,heuristic --seed 1",
        "667b5f420c83e5b357037465fe5dde4982342995465c91d33d6f5abfb5069e78"),
    "preferans dd and heuristic": (
        "play --game preferans --agents dd,heuristic,heuristic --seed 1",
        "298b4bd3e0fefd666a4b3ba3d292329bf4ff8168857b91d5f2d229225d88f636"),
    "preferans simulate heuristic": (
        "simulate --game preferans --deals 64 --agents heuristic --seed 3",
        "4b148f16bb4f152abcc6d0bac01446d6255cff45a23c62b68de9302498cb5203"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_agent_output_is_unchanged(case):
    command, digest = CASES[case]
    result = CliRunner().invoke(tricks, command.split() + ["--format", "json"])
    assert result.exit_code == 0, result.output
    assert hashlib.sha256(result.output.encode()).hexdigest() == digest
