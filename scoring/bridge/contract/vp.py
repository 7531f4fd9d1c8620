"""Victory points on the WBF 2013 continuous 20-VP scale (rules/bridge.md §11.3), with the concavity repair.

VPs are computed in IEEE doubles as the WBF defines them and returned as exact two-decimal Fractions.
"""
import functools
import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from trickcore.errors import InputError

TAU = (math.sqrt(5) - 1) / 2


def blitz(boards):
    """The margin that earns 20 VPs: 15·√N."""
    return 15 * math.sqrt(boards)


def _raw(margin, boards):
    b = blitz(boards)
    if margin >= b:
        return 20.0
    return 10 + 10 * (1 - TAU ** (3 * margin / b)) / (1 - TAU ** 3)


def _round2(value):
    # Decimal(float) is exact, so "half up" acts on the double's true value, as rules/bridge.md §11.3 prescribes.
    return Fraction(Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


@functools.lru_cache(maxsize=256)
def repaired_scale(boards):
    """v(0) … v(⌈B⌉ + 1) for a match of ``boards`` boards, repaired so no IMP is worth more than the last."""
    values = [_round2(_raw(m, boards)) for m in range(math.ceil(blitz(boards)) + 2)]
    while True:
        for k in range(2, len(values)):
            if values[k] - values[k - 1] > values[k - 1] - values[k - 2]:
                values[k - 1] += Fraction(1, 100)
                break
        else:
            return tuple(values)


MAX_BOARDS = 1000   # far beyond any match; the repaired scale of a longer one takes minutes to build


def _check_boards(boards):
    if isinstance(boards, bool) or not isinstance(boards, int) or not 1 <= boards <= MAX_BOARDS:
        raise InputError(f"boards must be an integer from 1 to {MAX_BOARDS}, not {boards!r}", field="boards")


def victory_points(margin, boards, *, repair=True):
    """(winner VPs, loser VPs) for an IMP ``margin`` over ``boards`` boards, as exact two-decimal Fractions.

    The winner (the larger share) comes first; a non-integer margin is never repaired.
    """
    _check_boards(boards)
    m = abs(Fraction(margin))
    if repair and m.denominator == 1:
        scale = repaired_scale(boards)
        win = scale[int(m)] if m < len(scale) else Fraction(20)
    else:
        win = _round2(_raw(float(m), boards))
    return win, 20 - win


def team_victory_points(margin, boards, *, repair=True):
    """(team A VPs, team B VPs) where ``margin`` is team A's IMPs minus team B's."""
    win, lose = victory_points(margin, boards, repair=repair)
    return (win, lose) if margin >= 0 else (lose, win)
