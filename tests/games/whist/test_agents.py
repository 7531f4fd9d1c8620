"""Whist agents: seeded random play, the heuristic maxims, the registry, and heuristic beating random over 2,000
hands."""
import pytest

from trickcore.cards import Card, Suit, hand_mask, parse_hand
from trickcore.errors import InputError, PluginError
from trickcore.games.base import make_agents, play_deal
from trickcore.games.registry import agent_names, get_agent
from trickcore.games.whist.game import WHIST
from trickcore.games.whist.agents import DoubleDummyAgent, HeuristicAgent, RandomAgent
from trickcore.games.whist.setup import WhistSetup
from trickcore.games.whist.table import WhistView
from trickcore.play import Trick


def view(hand, trick=(), seat=0, trump=Suit.C, tricks=(), legal=None):
    """A view for ``seat`` holding ``hand`` (PBN), with ``trick`` (card codes) led by the right seat."""
    cards = parse_hand(hand)
    trick = tuple(Card.parse(c) for c in trick)
    if legal is None:
        follow = [c for c in cards if trick and c.suit == trick[0].suit]
        legal = tuple(sorted(follow or cards))
    played = hand_mask(c for t in tricks for c in t.cards) | hand_mask(trick)
    return WhistView(seat, 3, trump, None, frozenset(cards), legal, trick, (seat - len(trick)) % 4,
                     tuple(tricks), played, WHIST.trick_rules(trump))


def choose(*args, **kwargs):
    return HeuristicAgent(0).act(view(*args, **kwargs))


def test_second_hand_low():
    assert choose("A.K2.JT9.2", trick=["S5"], legal=(Card.parse("SA"),)) == Card.parse("SA")
    assert choose("AQ5.K2.JT9.2", trick=["S4"]) == Card.parse("S5")


def test_second_hand_covers_an_honour():
    assert choose("AK5.K2.JT9.2", trick=["SQ"]) == Card.parse("SK")


def test_third_hand_high_with_the_bottom_of_a_sequence():
    assert choose("KQ5.K2.JT9.2", trick=["S4", "S6"]) == Card.parse("SQ")


def test_third_hand_low_when_partner_holds_the_master():
    assert choose("KQ5.K2.JT9.2", trick=["SA", "S6"]) == Card.parse("S5")


def test_fourth_hand_wins_cheaply_or_plays_low():
    assert choose("KQ5.K2.JT9.2", trick=["SJ", "S4", "S6"]) == Card.parse("SQ")
    assert choose("KQ5.K2.JT9.2", trick=["S4", "SJ", "S6"]) == Card.parse("S5")
    assert choose("KQ5.K2.JT9.2", trick=["S4", "SJ", "SA"]) == Card.parse("S5")
    assert choose("KQ5.K2.JT9.2", trick=["SA", "S4", "S6"]) == Card.parse("S5")


def test_trump_when_void_with_a_winner_but_not_over_partner():
    assert choose("AQ5.KJT92..52", trick=["D3", "D4", "DA"]) == Card.parse("C2")
    assert choose("AQ5.KJT92..52", trick=["DK", "DA", "D4"]) == Card.parse("H2")
    assert choose("AQ5.KJT92..52", trick=["D3", "C9", "DA"]) == Card.parse("H2")


def test_lead_from_the_longest_suit_and_return_partners_lead():
    assert choose("A2.Q9762.K9.J42") == Card.parse("H6")
    partner_led = Trick(2, (Card.parse("DQ"), Card.parse("D3"), Card.parse("D4"), Card.parse("D5")), 2)
    assert choose("A2.Q9762.K9.J42", tricks=(partner_led,)) == Card.parse("DK")


def test_lead_trumps_with_five():
    assert choose("A2.Q97.K9.J7542") == Card.parse("C4")


def test_random_agent_is_seeded_and_legal():
    v = view("AQ5.K2.JT9.2", trick=["S4"])
    picks = [RandomAgent(0, 7).act(v) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in v.legal


def test_agents_are_registered_and_built_with_one_signature():
    assert agent_names("whist") == ["dd", "heuristic", "pimc", "random"]
    for name, cls in (("random", RandomAgent), ("heuristic", HeuristicAgent), ("dd", DoubleDummyAgent)):
        agent = get_agent("whist", name)(2, 9)
        assert type(agent) is cls and agent.seat == 2 and agent.seed == 9
    assert DoubleDummyAgent.omniscient and not HeuristicAgent.omniscient and not RandomAgent.omniscient


def test_make_agents_names():
    agents, names = make_agents("whist", ["Heuristic"], 4, 0)
    assert names == ("heuristic",) * 4 and all(type(a) is HeuristicAgent for a in agents)
    assert [a.seat for a in agents] == [0, 1, 2, 3]
    with pytest.raises(PluginError, match="unknown whist agent 'ddd'"):
        make_agents("whist", ["ddd"], 4, 0)
    with pytest.raises(InputError):
        make_agents("whist", ["random", "random"], 4, 0)


def _ns_tricks(agents, hands, seed):
    total = 0
    for index in range(hands):
        dealer = index % 4
        batch = WHIST.deal_batch(seed, 1, dealer, index)
        state = play_deal(WHIST.new_state(batch[0], WhistSetup(dealer=dealer, turn_up=batch.last_card(0),
                                                               number=index)), agents)
        hand = state.record()
        assert len(hand.tricks) == 13
        total += hand.tricks_ns
    return total


def test_heuristic_beats_random_over_2000_hands():
    hands = 2000
    agents, _ = make_agents("whist", ["heuristic", "random", "heuristic", "random"], 4, 2024)
    total = _ns_tricks(agents, hands, 2024)
    assert total / hands > 7.5
