"""IMP pairs on one board (§10): Butler against a trimmed-mean datum, and cross-IMPs.

Scores are NS points; Butler IMPs are integers, averaged cross-IMPs exact Fractions. Artificial adjusted
scores give fixed IMPs (``imp_average_plus`` / 0 / ``imp_average_minus``); not-played entries give nothing.

Sections (§) are those of docs/rules/bridge.md.
"""
import math
from fractions import Fraction

import attrs

from trickcore.scoring.bridge.contract.imps import imps
from trickcore.scoring.bridge.settings import BridgeScoringSettings
from trickcore.errors import InputError, InvalidRecord

METHODS = ("butler", "cross_imps")


def trim_count(n, butler_trim="auto"):
    """How many scores to drop at each end of ``n`` for the Butler datum (§10.1); 0 for "median"."""
    if butler_trim == "median":
        return 0
    if butler_trim == "auto":
        return 0 if n <= 3 else math.ceil(Fraction(n - 10, 15)) + 1
    if 2 * butler_trim >= n:
        raise InputError(f"butler_trim {butler_trim} leaves no score of {n} for the datum", field="butler_trim")
    return butler_trim


def round_to_ten(value):
    """``value`` rounded to the nearest multiple of 10, an exact half away from zero (425 → 430, −425 → −430)."""
    tens = abs(Fraction(value)) / 10
    rounded = 10 * math.floor(tens + Fraction(1, 2))
    return rounded if value >= 0 else -rounded


def datum(scores, butler_trim="auto"):
    """The Butler datum of the NS ``scores`` (§10.1): the trimmed mean (or the median), rounded to 10."""
    ordered = sorted(scores)
    n = len(ordered)
    if n == 0:
        raise InputError("a datum needs at least one score", field="score")
    if butler_trim == "median":
        middle = ordered[(n - 1) // 2:n // 2 + 1]
        return round_to_ten(Fraction(sum(middle), len(middle)))
    k = trim_count(n, butler_trim)
    kept = ordered[k:n - k]
    return round_to_ten(Fraction(sum(kept), len(kept)))


def butler(scores, butler_trim="auto"):
    """(datum, NS IMPs of each score against it) for the NS ``scores`` of one board."""
    reference = datum(scores, butler_trim)
    return reference, [imps(s - reference) for s in scores]


def cross_imps(scores, mode="average"):
    """NS cross-IMPs of each score against every other (§10.2): the total, or ``average`` over n − 1."""
    totals = [sum(imps(s - t) for j, t in enumerate(scores) if j != i) for i, s in enumerate(scores)]
    if mode == "total":
        return [Fraction(x) for x in totals]
    if mode != "average":
        raise InputError(f"cross_imps must be average or total, not {mode!r}", field="cross_imps")
    return [Fraction(x, len(scores) - 1) if len(scores) > 1 else Fraction(0) for x in totals]


@attrs.frozen
class AdjustedImps:
    """An artificial adjusted score in an IMP event: the NS and EW pairs' fixed IMPs (A+ = +3, A = 0, A− = −3)."""

    ns: int
    ew: int


_MIRROR = {"A+": "A-", "A-": "A+", "A": "A"}


def parse_adjusted_imps(text, settings=None):
    """Read an artificial code for IMP scoring: "A+", "A", "A-" (NS; EW gets the mirror) or "A+/A-" (NS/EW)."""
    settings = settings or BridgeScoringSettings()
    value = {"A+": settings.imp_average_plus, "A": 0, "A-": settings.imp_average_minus}
    parts = str(text).strip().upper().replace("−", "-").split("/")
    if len(parts) == 1 and parts[0] in value:
        parts.append(_MIRROR[parts[0]])
    if len(parts) != 2 or not all(p in value for p in parts):
        # Percentages (A60/40) have no IMP equivalent; a director must give A+, A or A- here.
        raise InvalidRecord(f"not an IMP adjusted score: {text!r} (expected A+, A, A- or A+/A-)", field="adjusted")
    return AdjustedImps(value[parts[0]], value[parts[1]])


@attrs.frozen
class BoardImps:
    """One board's IMP-pairs result per entry, NS and EW (None for not played); ``datum`` for Butler only."""

    method: str
    ns: tuple
    ew: tuple
    datum: int = None


def score_board_imps(entries, method="butler", settings=None):
    """Score a board whose ``entries`` are NS scores (int), AdjustedImps or artificial codes, or None (NP)."""
    settings = settings or BridgeScoringSettings()
    if method not in METHODS:
        raise InputError(f"IMP-pairs method must be butler or cross_imps, not {method!r}", field="method")
    entries = [parse_adjusted_imps(e, settings) if isinstance(e, str) else e for e in entries]
    for e in entries:
        if not (e is None or isinstance(e, AdjustedImps) or (isinstance(e, int) and not isinstance(e, bool))):
            raise InvalidRecord(f"not a board entry: {e!r}", field="score")
    real = [e for e in entries if isinstance(e, int)]
    reference = None
    if not real:
        figures = []
    elif method == "butler":
        reference, figures = butler(real, settings.butler_trim)
    else:
        figures = cross_imps(real, settings.cross_imps)
    figures = iter(figures)
    ns, ew = [], []
    for entry in entries:
        if entry is None:
            ns.append(None)
            ew.append(None)
        elif isinstance(entry, AdjustedImps):
            ns.append(entry.ns)
            ew.append(entry.ew)
        else:
            value = next(figures)
            ns.append(value)
            ew.append(-value)
    return BoardImps(method, tuple(ns), tuple(ew), reference)
