"""The plug-in registries: every game, its agents and its scoring systems are found by name."""
import pytest

from trickcore.errors import PluginError
from trickcore.games.base import Agent
from trickcore.games.registry import agent_names, game_names, get_agent, get_game, scorings_for


def test_the_three_games_are_installed():
    assert {"bridge", "preferans", "whist"} <= set(game_names())


@pytest.mark.parametrize("game", ["bridge", "preferans", "whist"])
def test_every_game_has_random_heuristic_and_dd_agents_of_one_signature(game):
    assert agent_names(game) == ["dd", "heuristic", "pimc", "random"]
    for name in agent_names(game):
        cls = get_agent(game, name)
        agent = cls(1, 7)
        assert isinstance(agent, Agent) and agent.seat == 1 and agent.seed == 7
        assert callable(agent.act)
        assert get_game(game).name == game


def test_an_unknown_agent_names_the_installed_ones():
    with pytest.raises(PluginError, match="installed: dd, heuristic, pimc, random"):
        get_agent("whist", "oracle")


@pytest.mark.parametrize("game", ["bridge", "preferans", "whist"])
def test_every_game_has_scoring_systems(game):
    assert scorings_for(game)
