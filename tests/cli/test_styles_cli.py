"""Playing styles from the command line and the Python route: `tricks play` and `tricks simulate` take
``heuristic style=...``, and a style the agent has not exits with status 2 listing its styles."""
import json

import pytest
from click.testing import CliRunner

import trickcore
from trickcore.cli.main import tricks


def run(*args):
    return CliRunner().invoke(tricks, list(args))


@pytest.mark.parametrize("game, agents", [("bridge", "heuristic style=aggressive"),
                                          ("preferans", "heuristic style=careful,heuristic,heuristic style=greedy")])
def test_play_a_match_with_styled_agents(game, agents):
    result = run("play", "--game", game, "--agents", agents, "--seed", "2", "--hands", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    names = json.loads(result.output)["agents"]
    assert set(agents.split(",")) == set(names.values() if isinstance(names, dict) else names)


def test_the_python_route_simulates_a_style():
    aggressive = trickcore.simulate("bridge", 40, seed=3, agents="heuristic style=aggressive").to_dict()
    normal = trickcore.simulate("bridge", 40, seed=3, agents="heuristic").to_dict()
    assert aggressive != normal


@pytest.mark.parametrize("game, styles", [("bridge", "normal or cautious or aggressive"),
                                          ("preferans", "normal or cautious or aggressive or greedy or careful")])
@pytest.mark.parametrize("command", [["play", "--hands", "1"], ["simulate", "--deals", "2"]])
def test_a_style_the_agent_has_not_exits_2_listing_the_styles(game, styles, command):
    result = run(command[0], "--game", game, "--agents", "heuristic style=wild", *command[1:])
    assert result.exit_code == 2 and "agents" in result.output and styles in result.output
