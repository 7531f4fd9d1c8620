"""What the heuristic bidder's calls promise about the hand that made them: ranges of high-card points and of
each suit's length, read from an auction at the standard table (games.bridge.agents, HeuristicBidder).

Only the calls whose meaning does not depend on judgement are read, and each range is the bidder's own
threshold, named as in its docstring: a pass before any bid (no opening: at most 11 points); the opening bid
(1NT 15-17 balanced, 2NT 20-21 balanced, one of a major with five cards, one of a minor with three and no
five-card major, a weak two with six cards and 6-10, a three-level preempt with seven and 6-10); the response
to partner's 1NT or 2NT when the opponent in between passed; and the response to partner's one of a suit when
the opponent in between passed (a pass has 0-5, any bid 6 or more; 1NT 6-10; a single raise of a major three
cards and at most 9). Every other call says nothing here. The property test
(tests/games/bridge/test_inference.py) checks, on random deals bid by the heuristic bidder, that each seat's
actual hand lies within what this module reads from its calls.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from trickcore.cards import Card
from trickcore.games.bridge.agents import HandShape
from trickcore.games.bridge.auction import PASS
from trickcore.games.bridge.vocab import Seat, Strain

MAX_HCP = 37
NO_OPENING = 11                 # a hand of 12 or more always opens (11 with shape may)
ONE_NT = (15, 17)
TWO_NT = (20, 21)
BALANCED_LENGTHS = (2, 5)       # 4333, 4432 and 5332
OPENING_MAJOR = 5
OPENING_MINOR = 3
WEAK = (6, 10)                  # weak twos and three-level preempts
WEAK_TWO_LENGTH = 6
PREEMPT_LENGTH = 7
RESPONSE_MINIMUM = 6            # to one of a suit: a pass has less, any bid as much or more
ONE_NT_RESPONSE = (6, 10)
SINGLE_RAISE = 9                # the most a single raise of a major holds, with three trumps
# Responses to 1NT and 2NT: the points of each (level, strain) (None: that strain) and of a pass.
NT_RESPONSES = {
    1: {"pass": (0, 7), (2, "major"): (0, 7), (3, "major"): (10, MAX_HCP), (4, "major"): (9, MAX_HCP),
        (2, Strain.NT): (8, 9), (3, Strain.NT): (10, 15), (4, Strain.NT): (16, 17), (6, Strain.NT): (18, MAX_HCP)},
    2: {"pass": (0, 3), (3, "major"): (4, MAX_HCP), (3, Strain.NT): (4, 11), (6, Strain.NT): (12, MAX_HCP)},
}
SUIT_STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S)


@attrs.frozen
class HandRange:
    """What is known of one hand: its high-card points from ``hcp[0]`` to ``hcp[1]``, and each suit's length
    within ``lengths[strain]`` (C D H S)."""

    hcp: tuple[int, int] = (0, MAX_HCP)
    lengths: dict = attrs.Factory(lambda: {s: (0, 13) for s in SUIT_STRAINS})

    def narrowed(self, points: tuple[int, int] | None = None, **suits: tuple[int, int]) -> HandRange:
        """This range with ``points`` and the suit ranges given (by strain letter) intersected with it."""
        low, high = self.hcp if points is None else (max(self.hcp[0], points[0]), min(self.hcp[1], points[1]))
        found = dict(self.lengths)
        for letter, (lo, hi) in suits.items():
            strain = Strain[letter]
            found[strain] = (max(found[strain][0], lo), min(found[strain][1], hi))
        return HandRange((low, high), found)

    def fits(self, cards: Iterable[Card]) -> bool:
        """True when the hand ``cards`` lies within the range."""
        shape = HandShape.of(cards)
        if not self.hcp[0] <= shape.hcp <= self.hcp[1]:
            return False
        return all(lo <= shape.lens[s] <= hi for s, (lo, hi) in self.lengths.items())

    @property
    def is_open(self) -> bool:
        """True when the calls said nothing about the hand."""
        return self == HandRange()


def _balanced() -> dict[str, tuple[int, int]]:
    return {s.name: BALANCED_LENGTHS for s in SUIT_STRAINS}


def _opening(call) -> dict:
    """The narrowing (HandRange.narrowed's arguments) an opening bid gives."""
    if call.strain == Strain.NT:
        return {"points": ONE_NT if call.level == 1 else TWO_NT, **_balanced()} if call.level <= 2 else {}
    letter = call.strain.name
    if call.level == 1:
        if call.strain.is_major:
            return {letter: (OPENING_MAJOR, 13)}
        return {letter: (OPENING_MINOR, 13), "H": (0, OPENING_MAJOR - 1), "S": (0, OPENING_MAJOR - 1)}
    if call.level == 2 and call.strain != Strain.C:
        return {"points": WEAK, letter: (WEAK_TWO_LENGTH, WEAK_TWO_LENGTH)}
    if call.level == 3:
        return {"points": WEAK, letter: (PREEMPT_LENGTH, 13)}
    return {}


def _nt_response(opening, call) -> dict:
    """The narrowing of a response to partner's 1NT or 2NT opening, the opponent in between having passed."""
    table = NT_RESPONSES.get(opening.level, {})
    if opening.level not in NT_RESPONSES:
        return {}
    if call == PASS:
        return {"points": table["pass"]}
    if not call.is_bid:
        return {}
    if call.strain.is_major:
        points = table.get((call.level, "major"))
        return {} if points is None else {"points": points, call.strain.name: (OPENING_MAJOR, 13)}
    points = table.get((call.level, call.strain))
    return {} if points is None else {"points": points}


def _suit_response(opening, call) -> dict:
    """The narrowing of a response to partner's one of a suit, the opponent in between having passed."""
    if call == PASS:
        return {"points": (0, RESPONSE_MINIMUM - 1)}
    if not call.is_bid:
        return {}
    if call.level == 1 and call.strain == Strain.NT:
        return {"points": ONE_NT_RESPONSE}
    if call.level == 2 and call.strain == opening.strain and call.strain.is_major:
        return {"points": (RESPONSE_MINIMUM, SINGLE_RAISE), call.strain.name: (3, 13)}
    return {"points": (RESPONSE_MINIMUM, MAX_HCP)}


def _narrowing(calls: Sequence, k: int, opened: int | None) -> dict:
    """What call ``k`` says, given the position ``opened`` of the opening bid (None before it)."""
    call = calls[k]
    if opened is None:
        return {"points": (0, NO_OPENING)} if call == PASS else _opening(call)
    opening = calls[opened]
    # Partner's opening, the opponent in between passing: a response (the responder's first turn after it).
    if k == opened + 2 and calls[opened + 1] == PASS:
        if opening.strain == Strain.NT:
            return _nt_response(opening, call)
        if opening.level == 1:
            return _suit_response(opening, call)
    return {}


def hand_ranges(dealer: Seat, calls: Sequence) -> dict[Seat, HandRange]:
    """The HandRange of every seat from the ``calls`` of an auction at the standard table, ``dealer`` first."""
    ranges = {seat: HandRange() for seat in Seat}
    opened = None
    for k, call in enumerate(calls):
        seat = Seat((dealer + k) % 4)
        ranges[seat] = ranges[seat].narrowed(**_narrowing(calls, k, opened))
        if opened is None and call.is_bid:
            opened = k
    return ranges
