"""Kernel == reference on thousands of seeded random positions (a fixed, repeatable sweep beside hypothesis)."""
import random

from trickcore import reference
from trickcore.cards import DECK32, DECK52, Suit
from trickcore.dealing import Deal
from trickcore.play import PlayState, legal_cards, random_playout, trick_winner
from trickcore.rules import TrickRules


def random_rules(rng):
    return TrickRules(rng.choice([3, 4]), rng.choice([None, *Suit]), True, rng.random() < 0.5)


def test_legal_cards_and_winners_on_20000_positions():
    rng = random.Random(20261123)
    for _ in range(20000):
        r = random_rules(rng)
        deck = list(rng.choice([DECK52, DECK32]).cards)
        rng.shuffle(deck)
        in_trick = rng.randrange(r.n_seats)
        trick, hand = deck[:in_trick], deck[r.n_seats:r.n_seats + rng.randint(1, 13)]
        assert set(legal_cards(r, hand, trick)) == reference.legal_cards(r, hand, trick)
        full, leader = deck[:r.n_seats], rng.randrange(r.n_seats)
        assert trick_winner(r, full, leader) == reference.trick_winner(r, full, leader)


def test_whole_random_deals_card_for_card():
    rng = random.Random(7)
    for index in range(1000):
        r = random_rules(rng)
        deck = list(DECK52.cards if r.n_seats == 4 else DECK32.cards)
        rng.shuffle(deck)
        size = len(deck) // r.n_seats
        hands = [deck[k * size:(k + 1) * size] for k in range(r.n_seats)]
        deal = Deal(hands, deck[r.n_seats * size:], DECK52 if r.n_seats == 4 else DECK32)
        leader = rng.randrange(r.n_seats)
        record = random_playout(r, deal, leader, seed=99, index=index)
        won, order = reference.random_playout(r, hands, leader, 99, index)
        assert list(record.tricks_won) == won and sum(won) == size
        assert [c for t in record.tricks for c in t.cards] == order
        state = PlayState.from_deal(r, deal, leader)
        for card in order:
            assert card in state.legal_cards()
            state.play(card)
        assert state.tricks_won == record.tricks_won and state.is_over
        assert [t.winner for t in state.completed_tricks()] == [t.winner for t in record.tricks]
