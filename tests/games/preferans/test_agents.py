"""The heuristic agent's building blocks and the agents' determinism."""
import pytest

from trickcore.games.preferans import PREFERANS
from trickcore.games.preferans.agents import (HeuristicAgent, RandomAgent, defensive_tricks, evaluate, make_agents,
                                    max_bid, misere_danger, suit_winners)
from trickcore.cards import Suit, parse_hand


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
    a, b = RandomAgent(5, 1), RandomAgent(5, 1)
    assert [a.stream.below(100) for _ in range(5)] == [b.stream.below(100) for _ in range(5)]
    first = PREFERANS.play_match(["heuristic", "random", "random"], 8, {"variant": "sochi", "pool_target": 3,
                                                                        "hands": 5})
    again = PREFERANS.play_match(["heuristic", "random", "random"], 8, {"variant": "sochi", "pool_target": 3,
                                                                        "hands": 5})
    assert first.text == again.text


def test_make_agents_repeats_one_name():
    agents = make_agents(["Heuristic"], 4, 1)
    assert len(agents) == 4 and all(isinstance(a, HeuristicAgent) for a in agents)
