"""Scoring one whist hand (§4) and valuing a game (§5): pure functions over a hand result.

Sides are indexed ``0`` = N-S and ``1`` = E-W; points are always given as a pair ``(NS, EW)``. The hand
result (``HandResult``) and the sides are the game's words (trickcore.games.whist.vocab).

Sections (§) are those of docs/rules/whist.md.
"""
import attrs

from trickcore.games.whist.vocab import HONOURS, TRICKS
from trickcore.errors import InvalidRecord
from trickcore.scoring.whist.rules import CALL_POINTS

BOOK = 6


@attrs.frozen
class HandScore:
    """How one hand scored: who called, tricks, honours, the points after it, and the game it ended.

    ``honours_side`` is the side holding three or four honours (None at two each or without honours);
    ``honours_points`` what it scored (0 when ``honours_barred``). ``points_after`` is the score at the end
    of the hand, the winner's points above the target discarded; ``game_winner`` is set when it ended a game.
    """

    points_before: tuple
    called: int | None
    trick_side: int | None
    odd_tricks: int
    honours_side: int | None
    honours_points: int
    honours_barred: bool
    points_after: tuple
    game_winner: int | None

    def points_for(self, side):
        """The points ``side`` scored in this hand (before the cap at the target)."""
        total = self.odd_tricks if self.trick_side == side else 0
        return total + (self.honours_points if self.honours_side == side else 0)


def honours_holder(honours_ns):
    """The side holding three or four honours, or None when they are split two and two."""
    if honours_ns is None or honours_ns == 2:
        return None
    return 0 if honours_ns > 2 else 1


def honours_value(count):
    """Points for holding ``count`` honours: 4 for all four, 2 for three, nothing otherwise."""
    return {4: 4, 3: 2}.get(count, 0)


def calls_at_eight(rules, points_before, honours_ns):
    """The side that calls at eight before the first lead (§4 item 1), or None.

    A side at exactly eight holding three or four honours calls, unless eight is among ``honours_barred_at``.
    """
    holder = honours_holder(honours_ns) if rules.honours else None
    if not rules.call_at_eight or holder is None or CALL_POINTS in rules.honours_barred_at:
        return None
    return holder if points_before[holder] == CALL_POINTS else None


def score_hand(rules, result, points_before=(0, 0)):
    """Score ``result`` (a HandResult) under ``rules`` from ``points_before``: tricks first, honours last."""
    before = tuple(points_before)
    target = rules.game_target
    holder = honours_holder(result.honours_ns) if rules.honours else None
    if rules.honours and result.honours_ns is None:
        raise InvalidRecord("honours_ns is needed when honours count", field="honours_ns")
    held = 0 if holder is None else (result.honours_ns if holder == 0 else HONOURS - result.honours_ns)
    if calls_at_eight(rules, before, result.honours_ns) is not None:
        after = list(before)
        after[holder] = target
        return HandScore(before, holder, None, 0, holder, 0, False, tuple(after), holder)
    if result.tricks_ns is None:
        raise InvalidRecord("tricks_ns is needed unless the hand is called at eight", field="tricks_ns")
    points = list(before)
    trick_side = 0 if result.tricks_ns > BOOK else 1
    won = result.tricks_ns if trick_side == 0 else TRICKS - result.tricks_ns
    odd = won - BOOK
    points[trick_side] += odd
    if points[trick_side] >= target:
        points[trick_side] = target
        return HandScore(before, None, trick_side, odd, holder, 0, False, tuple(points), trick_side)
    barred = holder is not None and before[holder] in rules.honours_barred_at
    honour_points = 0 if holder is None or barred else honours_value(held)
    winner = None
    if honour_points:
        points[holder] = min(points[holder] + honour_points, target)
        winner = holder if points[holder] >= target else None
    return HandScore(before, None, trick_side, odd, holder, honour_points, barred, tuple(points), winner)


def game_value(rules, losers_points):
    """Game points for winning a game when the losers have ``losers_points`` (§5)."""
    if rules.game_value == "short":
        return 3 if losers_points == 0 else 2 if losers_points <= 2 else 1
    if rules.game_value == "long":
        return 2 if losers_points < 5 else 1
    return rules.game_target - losers_points
