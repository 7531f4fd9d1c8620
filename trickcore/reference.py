"""A small, obviously correct pure-Python implementation of the play rules: the test oracle of the kernel.

It works on sets of Card objects, not bitmasks, and draws random numbers from ``trickcore.rng`` exactly as
the kernel does (the ``r``-th legal card in ascending bit order), so a seeded playout must agree card for card.
"""
from collections.abc import Iterable, Sequence

from trickcore.cards import Card, Deck
from trickcore.rng import DEAL_SALT, PLAY_SALT, Stream
from trickcore.rules import TrickRules


def legal_cards(rules: TrickRules, hand: Iterable[Card], trick: Sequence[Card]) -> set[Card]:
    """Legal cards of ``hand`` given the cards already in the trick."""
    held = set(hand)
    if not trick or not rules.follow_suit:
        return held
    led = trick[0].suit
    follow = {c for c in held if c.suit == led}
    if follow:
        return follow
    if rules.must_trump and rules.trump is not None:
        trumps = {c for c in held if c.suit == rules.trump}
        if trumps:
            return trumps
    return held


def trick_winner(rules: TrickRules, cards: Sequence[Card], leader: int) -> int:
    """Seat winning the trick ``cards`` (in playing order, led by ``leader``), or winning it so far."""
    trumps = [c for c in cards if rules.trump is not None and c.suit == rules.trump]
    candidates = trumps or [c for c in cards if c.suit == cards[0].suit]
    best = max(candidates, key=lambda c: c.rank)
    return (leader + cards.index(best)) % rules.n_seats


def random_playout(rules: TrickRules, hands: Iterable[Iterable[Card]], leader: int, seed: int,
                   index: int = 0) -> tuple[list[int], list[Card]]:
    """Tricks per seat and cards in playing order of one seeded random playout."""
    stream = Stream(seed, index, PLAY_SALT)
    held = [set(h) for h in hands]
    won = [0] * rules.n_seats
    order: list[Card] = []
    while any(held):
        trick: list[Card] = []
        for k in range(rules.n_seats):
            seat = (leader + k) % rules.n_seats
            options = sorted(legal_cards(rules, held[seat], trick), key=lambda c: c.index)
            card = options[stream.below(len(options))]
            held[seat].remove(card)
            trick.append(card)
        leader = trick_winner(rules, trick, leader)
        won[leader] += 1
        order.extend(trick)
    return won, order


def dealing_order(deck: Deck, seed: int, index: int = 0) -> list[Card]:
    """The cards of seeded deal ``index`` in dealing order: the inside-out Fisher-Yates shuffle of the deck."""
    stream = Stream(seed, index, DEAL_SALT)
    order: list[Card] = []
    for i, card in enumerate(deck.cards):
        j = stream.below(i + 1)
        order.append(card)
        order[i], order[j] = order[j], card
    return order


def deal(deck: Deck, pattern: Sequence[int], n_owners: int, seed: int, index: int = 0) -> list[set[Card]]:
    """The owners' card sets of seeded deal ``index``: position i of the dealing order goes to pattern[i]."""
    owners: list[set[Card]] = [set() for _ in range(n_owners)]
    for position, card in enumerate(dealing_order(deck, seed, index)):
        owners[pattern[position]].add(card)
    return owners


__all__ = ["legal_cards", "trick_winner", "random_playout", "deal"]
