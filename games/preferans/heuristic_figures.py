"""The heuristic preferans player's numbers, written once: its thresholds (a set of bidding and whisting figures
for each playing style) and, for every holding of one suit, the figures its hand evaluation adds up (winners,
misère danger, defensive tricks).

games.preferans.agents documents what they mean (its docstring is the heuristic's spec). The compiled player,
games/preferans/_heuristic.pyx, reads everything here once when it is imported: the thresholds into its
constants, and the per-suit figures as tables indexed by a suit's 8-bit holding (sevens to aces), so that no
number exists twice.

Sections (§) are those of docs/rules/preferans.md.
"""
import functools

import attrs

RANKS32 = tuple(range(7, 15))

@attrs.frozen
class Style:
    """A playing style of the heuristic player: its bidding and its whisting figures.

    Bidding: the highest ladder bid L+strain with L <= estimate - ``bid_margin``; misère as a first call (and as
    the contract of a won auction) when the misère danger is at most ``misere_danger``. Whisting, as shares of the
    obligation (§5.4): D1 whists with ``whist_first``, D2 alone with ``whist_alone``, the gentleman switch keeps
    the whist with ``whist_switch``; a second whister on 8+ needs ``whist_second_high`` tricks; a half-whist is
    returned with the obligation minus ``return_slack``. The sampling (pimc) player in the same style whists when the
    defence is good (it takes the obligation or beats the contract) in more than ``whist_odds`` of its samples."""

    bid_margin: float = 0.8
    misere_danger: int = 3
    whist_first: float = 0.5
    whist_alone: float = 0.6
    whist_switch: float = 0.75
    whist_second_high: float = 1.5
    return_slack: float = 1.5
    whist_odds: float = 0.5


NORMAL = Style()
STYLES = {
    "normal": NORMAL,
    # Bidding styles: half a trick more or less of margin under the estimate, a cleaner or a rougher misère.
    "cautious": attrs.evolve(NORMAL, bid_margin=1.3, misere_danger=2),
    "aggressive": attrs.evolve(NORMAL, bid_margin=0.3, misere_danger=4),
    # Whisting styles: whist on less (greedy for the whists) or on more (careful of the whister's liability).
    "greedy": attrs.evolve(NORMAL, whist_first=0.35, whist_alone=0.45, whist_switch=0.6, whist_second_high=1.0,
                           return_slack=2.0, whist_odds=0.35),
    "careful": attrs.evolve(NORMAL, whist_first=0.65, whist_alone=0.75, whist_switch=0.9, whist_second_high=2.0,
                            return_slack=1.0, whist_odds=0.65),
}
"""The heuristic player's playing styles by name (the agent option ``style``); ``normal`` is the default."""

# The talon's expectation is TALON_WEIGHT x the mean gain of one unseen card, minus TALON_DISCOUNT.
TALON_WEIGHT = 2.0
TALON_DISCOUNT = 0.25
# The best of 66 discards x 5 strains overrates the hand; measured on seeded self-play (declarer's estimate
# minus tricks taken), so the announced contract is chosen on the estimate minus this (strains S C D H NT).
OPTIMISM = {"S": 1.3, "C": 1.3, "D": 1.3, "H": 1.3, "NT": 1.8}
# A contract the estimate falls short of is worth -SHORTFALL_WEIGHT x P(L) x the shortfall.
SHORTFALL_WEIGHT = 1.5
# The 4-player dealer whists a passed-out DEALER_WHIST_LEVEL+.
DEALER_WHIST_LEVEL = 8

@functools.lru_cache(maxsize=None)
def suit_winners(ours):
    """(sure, total, safe) winners of our ranks ``ours`` (descending tuple) in one suit of the 32-card deck.

    ``safe`` counts the winners taken while both other hands still follow (not ruffable).
    """
    mine = list(ours)
    theirs = [r for r in reversed(RANKS32) if r not in ours]
    opp = [theirs[0::2], theirs[1::2]]
    sure = total = safe = 0
    lost = False
    while mine:
        tops = [h[0] for h in opp if h]
        if not tops:
            total += len(mine)
            if not lost:
                sure += len(mine)
            break
        both = all(opp)
        if mine[0] > max(tops):
            total += 1
            sure += not lost
            safe += both
            mine.pop(0)
            for h in opp:
                if h:
                    h.pop()
        else:
            lost = True
            mine.pop()
            winner = max((h for h in opp if h), key=lambda h: h[0])
            winner.pop(0)
            for h in opp:
                if h is not winner and h:
                    h.pop()
    return sure, total, safe


def stopper(ranks):
    """A no-trump stopper: the ace, Kx or Qxx."""
    return 14 in ranks or (13 in ranks and len(ranks) >= 2) or (12 in ranks and len(ranks) >= 3)


def suit_terms(ranks):
    """One suit's parts of a hand's evaluation: its winners as trumps or beside five trumps, beside fewer trumps,
    at no-trump (one less without a stopper), and its shortness value beside trumps."""
    sure, total, safe = suit_winners(ranks)
    return total, safe + 0.5 * (total - safe), total - (not stopper(ranks)), {0: 1.0, 1: 0.5}.get(len(ranks), 0.0)


def defence_terms(ranks):
    """One suit's share of a defender's tricks: as the trump suit, at no-trump, and as a side suit beside
    trumps."""
    sure, total, safe = suit_winners(ranks)
    as_trump = max(0, total - 1) * 0.5 + (sure > 0) * 0.5 if len(ranks) < 4 else total * 0.75
    return as_trump, sure, min(sure, 1) + 0.5 * (sure >= 2)


def suit_danger(ranks):
    """One suit's share of the misère danger: Σ max(0, pos_i − 2i) over its cards from the lowest (pos 0 =
    seven)."""
    return sum(max(0, (r - 7) - 2 * i) for i, r in enumerate(sorted(ranks)))


def ranks_of_byte(byte):
    """The ranks (descending) of one suit's 8-bit holding, sevens to aces."""
    return tuple(r for r in reversed(RANKS32) if byte >> (r - 7) & 1)


def per_holding(figures):
    """``figures(ranks)`` of every 8-bit suit holding in order, flattened (the compiled player's tables)."""
    out = []
    for byte in range(256):
        value = figures(ranks_of_byte(byte))
        out.extend(value if isinstance(value, tuple) else (value,))
    return out
