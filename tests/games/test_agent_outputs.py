"""The agents' decisions pinned: whole ``tricks play`` and ``tricks simulate`` outputs against golden files.

The heuristic agents are tuned for speed on the hot path of every deal; a speed-up must not change a single
call, card, discard or contract. The golden files in tests/data/golden/ are the outputs from before the agents
were made faster (``tricks ... --format json``, byte for byte); a change of behaviour fails with a diff of the
JSON. If an agent's play is changed on purpose, regenerate the files and say so in the commit:

    pytest tests/games/test_agent_outputs.py --update-golden
"""
import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks

CASES = {
    "bridge_heuristic_seed_0.json": "play --game bridge --agents heuristic --seed 0 --hands 4",
    "bridge_heuristic_seed_1.json": "play --game bridge --agents heuristic --seed 1 --hands 4",
    "bridge_heuristic_seed_2.json": "play --game bridge --agents heuristic --seed 2 --hands 4",
    "bridge_heuristic_and_random.json":
        "play --game bridge --agents heuristic,random,heuristic,random --seed 1 --hands 4",
    "bridge_dd_and_heuristic.json": "play --game bridge --agents dd,heuristic,heuristic,heuristic --seed 1 --hands 2",
    "bridge_simulate_heuristic.json": "simulate --game bridge --deals 64 --agents heuristic --seed 3",
    "bridge_simulate_random.json": "simulate --game bridge --deals 64 --agents random --seed 3",
    "preferans_heuristic_seed_0.json": "play --game preferans --agents heuristic --seed 0",
    "preferans_heuristic_seed_1.json": "play --game preferans --agents heuristic --seed 1",
    "preferans_heuristic_seed_2.json": "play --game preferans --agents heuristic --seed 2",
    "preferans_heuristic_and_random.json": "play --game preferans --agents heuristic,random,heuristic --seed 1",
    "preferans_dd_and_heuristic.json": "play --game preferans --agents dd,heuristic,heuristic --seed 1",
    "preferans_simulate_heuristic.json": "simulate --game preferans --deals 64 --agents heuristic --seed 3",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_agent_output_is_unchanged(case, golden):
    result = CliRunner().invoke(tricks, CASES[case].split() + ["--format", "json"])
    assert result.exit_code == 0, result.output
    golden(case, result.output)
