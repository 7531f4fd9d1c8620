"""Two-hand play under the duck rule (rules/preferans-variants.md §1.10): the legal cards, who takes a
trick, and an exact search of the fewest tricks a hand can hold itself to.

The rule: no trump; the leader leads any card; the follower must follow suit and, if he holds cards of the
led suit lower than the card led, must play one of them (he gives the trick away whenever he can); a
follower who is void plays any card and the leader takes the trick. The kernel's tricks have three or four
seats, so this two-hand game is searched here, in Python: with at most ten cards a hand the search is small
once cards that no card of the other hand separates are treated as one (they are interchangeable).
"""
import functools
from collections.abc import Sequence

from trickcore.cards import Card, hand_mask
from trickcore.errors import InputError, InvalidDeal


def duck_legal(hand: Sequence[Card], led: Card | None = None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played: any card to lead (``led`` None); following ``led``, the
    cards of its suit lower than it, else the cards of its suit, else any card."""
    if led is None:
        return tuple(hand)
    suit = [c for c in hand if c.suit == led.suit]
    return tuple([c for c in suit if c.rank < led.rank] or suit or hand)


def follower_wins(led: Card, card: Card) -> bool:
    """True if ``card``, played by the follower to the trick ``led`` opened, takes the trick."""
    return card.suit == led.suit and card.rank > led.rank


def _cards(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(Card.from_index(low.bit_length() - 1))
        mask ^= low
    return out


def _representatives(cards: Sequence[Card], other: Sequence[Card]) -> list[Card]:
    """One card of each run of ``cards`` (sorted) that no card of ``other`` separates: the same choice."""
    reps: list[Card] = []
    for card in sorted(cards, key=lambda c: (c.suit, c.rank)):
        if reps and reps[-1].suit == card.suit and not any(
                o.suit == card.suit and reps[-1].rank < o.rank < card.rank for o in other):
            continue
        reps.append(card)
    return reps


@functools.lru_cache(maxsize=1 << 16)     # a whole deal needs at most a few 10,000 positions
def _first_hand_tricks(mask0: int, mask1: int, leader: int) -> int:
    """Tricks hand 0 takes from a trick's start when hand 0 keeps his own tricks down and hand 1 his."""
    if not mask0:
        return 0
    hands = (_cards(mask0), _cards(mask1))
    best: int | None = None
    for lead in _representatives(hands[leader], hands[1 - leader]):
        value = _after_lead(mask0, mask1, leader, lead)
        if best is None or (value < best if leader == 0 else value > best):
            best = value
    assert best is not None   # a hand that holds cards has a lead
    return best


def _after_lead(mask0: int, mask1: int, leader: int, lead: Card) -> int:
    """Tricks hand 0 takes from the moment ``leader`` led ``lead`` (still in his mask)."""
    masks = [mask0, mask1]
    masks[leader] &= ~lead.bit
    follower = 1 - leader
    own, other = _cards(masks[follower]), _cards(masks[leader])
    best: int | None = None
    for card in _representatives(duck_legal(own, lead), other):
        rest = list(masks)
        rest[follower] &= ~card.bit
        winner = follower if follower_wins(lead, card) else leader
        value = (winner == 0) + _first_hand_tricks(rest[0], rest[1], winner)
        if best is None or (value < best if follower == 0 else value > best):
            best = value
    assert best is not None   # the follower holds a card
    return best


def duck_fewest_tricks(hands: Sequence[Sequence[Card]], seat: int, leader: int, led: Card | None = None) -> int:
    """The fewest tricks hand ``seat`` (0 or 1) can hold himself to from the position, against the other hand
    playing to do the same, under the duck rule; ``leader`` has led ``led`` (None: he is about to lead).

    ``hands`` are the two hands as they stand (the leader's card already out of his hand); both hold the same
    number of cards, the follower one more once a card is led. The two results of a position sum to its
    tricks: a two-hand game with nothing but tricks to share is zero-sum.
    """
    if len(hands) != 2 or seat not in (0, 1) or leader not in (0, 1):
        raise InputError("the duck rule is played by two hands, seats 0 and 1")
    cards = [c for h in hands for c in h] + ([led] if led is not None else [])
    if len(set(cards)) != len(cards):
        raise InvalidDeal("a card is in two places")
    masks = [hand_mask(h) for h in hands]
    sizes = [len(h) for h in hands]
    if led is None and sizes[0] != sizes[1] or led is not None and sizes[1 - leader] != sizes[leader] + 1:
        raise InvalidDeal(f"the two hands hold {sizes[0]} and {sizes[1]} cards: they cannot be at one trick")
    if led is None:
        first = _first_hand_tricks(masks[0], masks[1], leader)
        total = sizes[0]
    else:
        masks[leader] |= led.bit
        first = _after_lead(masks[0], masks[1], leader, led)
        total = sizes[1 - leader]
    return first if seat == 0 else total - first
