"""The heuristic agent's building blocks, the agents' determinism and their registry."""
import pytest

from trickcore.cards import Suit, parse_hand
from trickcore.errors import PluginError
from trickcore.games.base import Agent, make_agents
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.agents import (DDAgent, HeuristicAgent, RandomAgent, defensive_tricks, evaluate,
                                              max_bid, misere_danger)
from trickcore.games.preferans.heuristic_figures import suit_winners
from trickcore.games.registry import agent_names, get_agent


@pytest.mark.parametrize("ours,expected", [
    ((14, 13, 12), (3, 3, 2)),            # A K Q: three sure tricks, the third ruffable on a 3-2 split
    ((14, 13, 12, 11, 10), (5, 5, 1)),    # five from the top; the others run out after round one or two
    ((13, 12, 11), (0, 2, 1)),            # K Q J: two tricks once the ace is out
    ((7, 8), (0, 0, 0)),
    ((), (0, 0, 0)),
])
def test_suit_winners(ours, expected):
    assert suit_winners(ours) == expected


def test_misere_danger_of_ladders():
    assert misere_danger(parse_hand("97.J97..7")) == 0         # 7 9 J and clean short suits
    assert misere_danger(parse_hand("..K.")) == 6               # a bare king is caught
    assert misere_danger(parse_hand("A..7.")) == 7              # a bare ace will be caught
    assert misere_danger(parse_hand("8...")) == 1


def test_strong_hands_bid_and_evaluate_higher_in_their_long_suit():
    hand = parse_hand("AKQJT..AK.AK")   # PBN order S.H.D.C
    assert evaluate(hand, "S") >= 9 > evaluate(hand, "H")
    assert max_bid({"S": 9.5, "C": 3, "D": 3, "H": 3, "NT": 8.9}) == "8NT"
    assert max_bid({"S": 7.0, "C": 3, "D": 3, "H": 3, "NT": 3}) == "6S"
    assert max_bid({"S": 6.5, "C": 3, "D": 3, "H": 3, "NT": 3}) is None


def test_defensive_tricks_count_aces_and_trump_length():
    assert defensive_tricks(parse_hand("A.A.A.A"), Suit.S) >= 3
    assert defensive_tricks(parse_hand("987.987.98.87"), None) == 0


def test_agents_are_seeded():
    a, b = RandomAgent(1, 5), RandomAgent(1, 5)
    assert [a.stream.below(100) for _ in range(5)] == [b.stream.below(100) for _ in range(5)]
    first = PREFERANS.play_match(["heuristic", "random", "random"], 8, {"variant": "sochi", "pool_target": 3,
                                                                        "hands": 5})
    again = PREFERANS.play_match(["heuristic", "random", "random"], 8, {"variant": "sochi", "pool_target": 3,
                                                                        "hands": 5})
    assert first.text == again.text


def test_make_agents_repeats_one_name():
    agents, names = make_agents("preferans", ["Heuristic"], 4, 1)
    assert names == ("heuristic",) * 4
    assert len(agents) == 4 and all(isinstance(a, HeuristicAgent) for a in agents)
    assert [a.seat for a in agents] == [0, 1, 2, 3]


@pytest.mark.parametrize("name,cls", [("random", RandomAgent), ("heuristic", HeuristicAgent), ("dd", DDAgent)])
def test_agents_are_registered_under_their_names(name, cls):
    agent = get_agent("preferans", name)(2, 9)
    assert type(agent) is cls and isinstance(agent, Agent)
    assert (agent.seat, agent.seed, agent.name, agent.game) == (2, 9, name, "preferans")
    assert agent.omniscient == (name == "dd")


def test_registry_lists_the_agents_and_names_the_installed_ones_for_an_unknown_one():
    assert agent_names("preferans") == ["dd", "heuristic", "pimc", "random"]
    with pytest.raises(PluginError, match="unknown preferans agent 'wizard' .*dd, heuristic, pimc, random"):
        get_agent("preferans", "wizard")
