"""Whist dealing (whist.md §2, the dealing example), the hand record and its JSON/PBN forms (§7)."""
import json

import attrs
import pytest

from trickcore import reference
from trickcore.games.base import make_agents, play_deal
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.whist.game import WHIST
from trickcore.games.whist.pbn import hand_to_pbn, hands_to_pbn, parse_pbn
from trickcore.games.whist.record import WhistHand
from trickcore.games.whist.setup import WhistSetup
from trickcore.games.whist.vocab import honours_ns
from trickcore.scoring.whist import WhistRules, score_hand
from trickcore.cards import DECK52, Card, Suit
from trickcore.dealing import Deal
from trickcore.errors import InvalidRecord
from trickcore.rules import TrickRules

EXAMPLE = "N:J73.Q84.K95.AT62 AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73"


def test_dealing_example():
    hands = [set(), set(), set(), set()]
    for card, owner in zip(DECK52.cards, WHIST.pattern(0)):
        hands[owner].add(card)
    deal = Deal(hands)
    assert deal.to_pbn() == EXAMPLE
    turn_up = DECK52.cards[51]
    assert str(turn_up) == "C2" and turn_up in deal.hands[0]
    assert [next(s for s in range(4) if Card(Suit.C, r) in deal.hands[s]) for r in (14, 13, 12, 11)] == [0, 1, 2, 3]
    assert honours_ns(deal, Suit.C) == 2
    hand = WhistHand(deal, 0, Suit.C, turn_up)
    score = score_hand(WhistRules.SHORT, attrs.evolve(hand.result(), tricks_ns=7))
    assert score.honours_side is None and score.honours_points == 0


@pytest.mark.parametrize("dealer", range(4))
def test_seeded_turn_up_is_last_card_in_dealers_hand_and_hands_match_bridge(dealer):
    for index in range(5):
        batch = WHIST.deal_batch(11, 1, dealer, index)
        turn_up = batch.last_card(0)
        assert turn_up in batch[0].hands[dealer]
        assert WHIST.turn_up(11, index, dealer) == turn_up
        assert batch[0] == BRIDGE.deal(11, index, dealer)


def _play(deal, dealer, turn_up, names, seed):
    """The WhistHand of the agents ``names`` playing ``deal``."""
    agents, _ = make_agents("whist", names, 4, seed)
    return play_deal(WHIST.new_state(deal, WhistSetup(dealer=dealer, turn_up=turn_up)), agents).record()


def test_eldest_hand_leads_and_no_forced_trumping():
    deal = WHIST.deal(3, 0, 2)
    turn_up = WHIST.turn_up(3, 0, 2)
    hand = _play(deal, 2, turn_up, ["random"], 9)
    assert hand.tricks[0].leader == 3 and len(hand.tricks) == 13 and hand.trump == turn_up.suit
    rules = TrickRules(4, turn_up.suit)
    assert hand.tricks_ns == sum(1 for t in hand.tricks if reference.trick_winner(rules, t.cards, t.leader) in (0, 2))
    assert not WHIST.trick_rules(Suit.S).must_trump


def _played(seed=5, dealer=1):
    batch = WHIST.deal_batch(seed, 1, dealer, 0)
    hand = _play(batch[0], dealer, batch.last_card(0), ["heuristic", "random"] * 2, seed)
    return attrs.evolve(hand, score=(2, 0))


def test_json_round_trip():
    hand = _played()
    data = json.loads(json.dumps(hand.to_dict()))
    assert data["turn_up"] == str(hand.turn_up) and data["trump"] == hand.turn_up.suit.name
    assert WhistHand.from_dict(data) == hand


def test_pbn_export_tags_and_round_trip():
    hand = _played()
    text = hand_to_pbn(hand)
    for tag in ("Game", "Ruleset", "Dealer", "Deal", "TurnUp", "Trump", "TricksNS", "WhistScore", "Play"):
        assert f"[{tag} " in text
    assert '[WhistScore "NS 2 EW 0"]' in text and '[Play "S"]' in text and '[Dealer "E"]' in text
    assert parse_pbn(hands_to_pbn([hand, hand])) == [hand, hand]


def test_importer_rejects_turn_up_outside_dealers_hand():
    hand = _played()
    elsewhere = min(c for c in hand.deal.hands[0] if c.suit == hand.trump) if any(
        c.suit == hand.trump for c in hand.deal.hands[0]) else min(hand.deal.hands[0])
    with pytest.raises(InvalidRecord) as info:
        WhistHand.from_dict({**hand.to_dict(), "turn_up": str(elsewhere), "trump": elsewhere.suit.name})
    assert info.value.field == "TurnUp"
    text = hand_to_pbn(hand).replace(f'[TurnUp "{hand.turn_up}"]', f'[TurnUp "{elsewhere}"]')
    with pytest.raises(InvalidRecord) as info:
        parse_pbn(text.replace(f'[Trump "{hand.trump.name}"]', f'[Trump "{elsewhere.suit.name}"]'), "x.pbn")
    assert info.value.field == "TurnUp" and info.value.source == "x.pbn"


def test_importer_checks_trump_against_turn_up_unless_fixed():
    hand = _played()
    wrong = next(s for s in Suit if s != hand.trump)
    with pytest.raises(InvalidRecord) as info:
        parse_pbn(hand_to_pbn(hand).replace(f'[Trump "{hand.trump.name}"]', f'[Trump "{wrong.name}"]'), "x.pbn")
    assert info.value.field == "Trump" and info.value.source == "x.pbn" and info.value.line is not None
    fixed = WhistHand(hand.deal, hand.dealer, wrong, hand.turn_up, trump_selection="fixed")
    assert parse_pbn(hand_to_pbn(fixed)) == [fixed]
    no_turn_up = WhistHand(hand.deal, hand.dealer, wrong, None, trump_selection="fixed", tricks_ns=7)
    assert WhistHand.from_dict(no_turn_up.to_dict()) == no_turn_up
    with pytest.raises(InvalidRecord):
        WhistHand(hand.deal, hand.dealer, wrong, None)


def test_importer_rejects_an_illegal_play_and_wrong_trick_count():
    hand = _played()
    data = hand.to_dict()
    play = [list(t["cards"]) for t in data["play"]]
    play[0][1], play[1][1] = play[1][1], play[0][1]
    with pytest.raises(InvalidRecord) as info:
        WhistHand.from_dict({**data, "play": play})
    assert info.value.field == "play"
    with pytest.raises(InvalidRecord):
        WhistHand.from_dict({**data, "tricks_ns": (hand.tricks_ns + 1) % 14})
