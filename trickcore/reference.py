"""A small, obviously correct pure-Python implementation of the play rules: the test oracle of the kernel.

It works on sets of Card objects, not bitmasks, and draws random numbers from ``trickcore.rng`` exactly as
the kernel does (the ``r``-th legal card in ascending bit order), so a seeded playout must agree card for card.
"""

from trickcore.rng import DEAL_SALT, PLAY_SALT, Stream


def legal_cards(rules, hand, trick):
    """Legal cards of ``hand`` given the cards already in the trick."""
    hand = set(hand)
    if not trick or not rules.follow_suit:
        return hand
    led = trick[0].suit
    follow = {c for c in hand if c.suit == led}
    if follow:
        return follow
    if rules.must_trump and rules.trump is not None:
        trumps = {c for c in hand if c.suit == rules.trump}
        if trumps:
            return trumps
    return hand


def trick_winner(rules, cards, leader):
    """Seat winning the trick ``cards`` (in playing order, led by ``leader``), or winning it so far."""
    trumps = [c for c in cards if rules.trump is not None and c.suit == rules.trump]
    candidates = trumps or [c for c in cards if c.suit == cards[0].suit]
    best = max(candidates, key=lambda c: c.rank)
    return (leader + cards.index(best)) % rules.n_seats


def random_playout(rules, hands, leader, seed, index=0):
    """Tricks per seat and cards in playing order of one seeded random playout."""
    stream = Stream(seed, index, PLAY_SALT)
    hands = [set(h) for h in hands]
    won = [0] * rules.n_seats
    order = []
    while any(hands):
        trick = []
        for k in range(rules.n_seats):
            seat = (leader + k) % rules.n_seats
            options = sorted(legal_cards(rules, hands[seat], trick), key=lambda c: c.index)
            card = options[stream.below(len(options))]
            hands[seat].remove(card)
            trick.append(card)
        leader = trick_winner(rules, trick, leader)
        won[leader] += 1
        order.extend(trick)
    return won, order


def dealing_order(deck, seed, index=0):
    """The cards of seeded deal ``index`` in dealing order: the inside-out Fisher-Yates shuffle of the deck."""
    stream = Stream(seed, index, DEAL_SALT)
    order = []
    for i, card in enumerate(deck.cards):
        j = stream.below(i + 1)
        order.append(card)
        order[i], order[j] = order[j], card
    return order


def deal(deck, pattern, n_owners, seed, index=0):
    """The owners' card sets of seeded deal ``index``: position i of the dealing order goes to pattern[i]."""
    owners = [set() for _ in range(n_owners)]
    for position, card in enumerate(dealing_order(deck, seed, index)):
        owners[pattern[position]].add(card)
    return owners


__all__ = ["legal_cards", "trick_winner", "random_playout", "deal"]
