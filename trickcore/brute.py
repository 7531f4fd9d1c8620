"""A brute-force minimax reference for the double-dummy solver (tests only): every card of every seat is
tried, with no pruning, no bounds and no equivalence; only identical positions are remembered.

Legality and trick winners come from the kernel (``trickcore.play``); the game tree is walked here in
plain Python, so keep positions small (a few cards per hand).
"""
import functools
import itertools
import random
from collections.abc import Callable, Collection, Iterable, Sequence

from trickcore.cards import DECK32, Card, hand_mask
from trickcore.play import legal_cards, trick_winner
from trickcore.rules import TrickRules


def preferans_ending(rng: random.Random, k: int) -> tuple[list[list[Card]], list[Card]]:
    """Three random hands of ``k`` cards and a two-card talon from the 32-card deck (``rng`` a random.Random):
    the small endings on which the oracles check the solver."""
    deck = list(DECK32.cards)
    rng.shuffle(deck)
    return [deck[i * k:(i + 1) * k] for i in range(3)], deck[3 * k:3 * k + 2]


def _cards_of(mask: int, cards: Sequence[Card]) -> list[Card]:
    return [c for c in cards if mask & c.bit]


def minimax(rules: TrickRules, hands: Sequence[Collection[Card]], leader: int, trick: Sequence[Card], counted: int,
            maxim: int) -> int:
    """Tricks the seats of ``counted`` take from the position when the seats of ``maxim`` maximise them and
    the others minimise them. ``hands`` are card collections per seat; ``trick`` the current trick."""
    n = rules.n_seats
    deck = sorted({c for h in hands for c in h} | set(trick))

    @functools.lru_cache(maxsize=None)
    def value(masks: tuple[int, ...], leader: int, trick: tuple[Card, ...]) -> int:
        turn = (leader + len(trick)) % n
        hand = _cards_of(masks[turn], deck)
        if not hand:
            return 0
        results = []
        for card in legal_cards(rules, hand, trick):
            rest = list(masks)
            rest[turn] &= ~card.bit
            played = trick + (card,)
            if len(played) == n:
                winner = trick_winner(rules, played, leader)
                results.append(((counted >> winner) & 1) + value(tuple(rest), winner, ()))
            else:
                results.append(value(tuple(rest), leader, played))
        return max(results) if (maxim >> turn) & 1 else min(results)

    return value(tuple(hand_mask(h) for h in hands), leader, tuple(trick))


def card_values(rules: TrickRules, hands: Sequence[Collection[Card]], leader: int, trick: Sequence[Card],
                counted: int, maxim: int) -> dict[Card, int]:
    """{card: minimax value after the seat to play plays it}, for every legal card."""
    n = rules.n_seats
    turn = (leader + len(trick)) % n
    out = {}
    for card in legal_cards(rules, hands[turn], trick):
        rest = [set(h) for h in hands]
        rest[turn].discard(card)
        played = list(trick) + [card]
        if len(played) == n:
            winner = trick_winner(rules, played, leader)
            out[card] = ((counted >> winner) & 1) + minimax(rules, rest, winner, [], counted, maxim)
        else:
            out[card] = minimax(rules, rest, leader, played, counted, maxim)
    return out


def best_discard(rules: TrickRules, hands: Sequence[Collection[Card]], declarer: int, leader: int,
                 talon: Collection[Card], misere: bool) -> int:
    """Preferans: the declarer adds ``talon`` and discards two, every pair tried; max (trick contract) or
    min (misère) of his tricks, the defenders playing against him."""
    full = set(hands[declarer]) | set(talon)
    every = (1 << rules.n_seats) - 1
    counted = 1 << declarer
    maxim = every & ~counted if misere else counted
    values = []
    for discard in itertools.combinations(sorted(full), 2):
        rest = [set(h) for h in hands]
        rest[declarer] = full - set(discard)
        values.append(minimax(rules, rest, leader, [], counted, maxim))
    return min(values) if misere else max(values)


def set_aside_value(rules: TrickRules, hands: Sequence[Collection[Card]], declarer: int, leader: int, budget: int,
                    misere: bool) -> int:
    """The relaxed discard game behind the solver's discard bound: the declarer holds ``budget`` cards more
    than the others and may, at any of his turns, set aside any of them (never to be played) before he
    plays, ``budget`` in all. His tricks, the most (trick contract) or fewest (misère) against the
    defenders. No fixed discard does better for him; here every subset is tried, at every turn."""
    n = rules.n_seats
    deck = sorted({c for h in hands for c in h})
    counted = 1 << declarer
    maxim = ((1 << n) - 1) & ~counted if misere else counted
    other = (declarer + 1) % n

    @functools.lru_cache(maxsize=None)
    def value(masks: tuple[int, ...], leader: int, trick: tuple[Card, ...], budget: int) -> int:
        turn = (leader + len(trick)) % n
        if not trick and not masks[other]:
            return 0
        hand = _cards_of(masks[turn], deck)
        kept_hands = [(hand, budget)]
        if turn == declarer:
            kept_hands += [([c for c in hand if c not in aside], budget - k)
                           for k in range(1, budget + 1) for aside in itertools.combinations(hand, k)]
        results = []
        for kept, left in kept_hands:
            for card in legal_cards(rules, kept, trick):
                rest = list(masks)
                rest[turn] = hand_mask(kept) & ~card.bit
                played = trick + (card,)
                if len(played) == n:
                    winner = trick_winner(rules, played, leader)
                    results.append(((counted >> winner) & 1) + value(tuple(rest), winner, (), left))
                else:
                    results.append(value(tuple(rest), leader, played, left))
        return max(results) if (maxim >> turn) & 1 else min(results)

    return value(tuple(hand_mask(h) for h in hands), leader, (), budget)


def all_pass(hands: Sequence[Collection[Card]], talon: Sequence[Card], seat: int, dealer_owns: bool = False) -> int:
    """All-pass: fewest tricks ``seat`` can take against the two others; the ``talon`` cards (in order) lead
    tricks 1 and 2, winnable only by the highest card of their suit (or by the talon card, for nobody, when
    ``dealer_owns``); hand1 (seat 0) then leads trick 3."""
    rules = TrickRules(3, None)
    counted, maxim = 1 << seat, 7 & ~(1 << seat)

    def tree(hands: Sequence[Collection[Card]], k: int, pos: int, plays: tuple[Card, ...]) -> int:
        # The three seats play in turn to the talon card: a minimax layer per seat.
        if k == len(talon):
            return minimax(rules, hands, 0, [], counted, maxim)
        lead = talon[k]
        if pos == 3:
            followers = [(c, s) for s, c in enumerate(plays) if c.suit == lead.suit]
            winner = None
            if followers and not (dealer_owns and lead > max(followers)[0]):
                winner = max(followers)[1]
            return (winner == seat) + tree(hands, k + 1, 0, ())
        results = []
        for card in legal_cards(rules, hands[pos], [lead]):
            rest = [set(h) for h in hands]
            rest[pos].discard(card)
            results.append(tree(rest, k, pos + 1, plays + (card,)))
        return max(results) if (maxim >> pos) & 1 else min(results)

    return tree([set(h) for h in hands], 0, 0, ())


def duck_minimax(hands: Sequence[Sequence[Card]], leader: int, seat: int) -> int:
    """Gusarik's all-pass (two hands, the duck rule): the fewest tricks hand ``seat`` can hold himself to,
    every legal card of both hands tried (the oracle of ``trickcore.duck``)."""
    from trickcore.duck import duck_legal, follower_wins

    def best(who: int) -> Callable[[Iterable[int]], int]:
        return min if who == seat else max          # ``seat`` keeps his tricks down, the other pushes them up

    def value(hands: Sequence[Sequence[Card]], leader: int) -> int:
        if not hands[0]:
            return 0
        follower = 1 - leader
        per_lead = []
        for lead in hands[leader]:
            answers = []
            for card in duck_legal(hands[follower], lead):
                rest = list(hands)
                rest[leader] = tuple(c for c in hands[leader] if c != lead)
                rest[follower] = tuple(c for c in hands[follower] if c != card)
                winner = follower if follower_wins(lead, card) else leader
                answers.append((winner == seat) + value(rest, winner))
            per_lead.append(best(follower)(answers))
        return best(leader)(per_lead)

    return value([tuple(h) for h in hands], leader)
