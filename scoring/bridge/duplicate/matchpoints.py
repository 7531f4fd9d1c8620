"""Matchpoints on one board (§9): comparison, both unit conventions, Neuberg, adjusted scores.

Everything is exact (Fractions); round only for display (``display.format_figure``).

Sections (§) are those of docs/rules/bridge.md.
"""
import bisect
from fractions import Fraction

import attrs

from trickcore.scoring.bridge.settings import BridgeScoringSettings
from trickcore.errors import InputError, InvalidRecord

UNITS = {"european": (Fraction(2), Fraction(1)), "acbl": (Fraction(1), Fraction(1, 2))}


def _units(mp_units):
    try:
        return UNITS[mp_units]
    except KeyError:
        raise InputError(f"mp_units must be european or acbl, not {mp_units!r}", field="mp_units") from None


def top(n, mp_units="european"):
    """The top of a board with ``n`` results in the comparison set: W × (n − 1)."""
    return _units(mp_units)[0] * (n - 1)


def matchpoints(scores, mp_units="european"):
    """The NS matchpoints of each NS score in ``scores`` against the others (§9.1), in the same order."""
    win, tie = _units(mp_units)
    ordered = sorted(scores)
    out = []
    for s in scores:
        below, up_to = bisect.bisect_left(ordered, s), bisect.bisect_right(ordered, s)
        out.append(win * below + tie * (up_to - below - 1))
    return out


def neuberg(mp, n, expected, mp_units="european"):
    """Factor a matchpoint score ``mp`` earned among ``n`` results to ``expected`` results (§9.2)."""
    if not 1 <= n <= expected:
        raise InputError(f"Neuberg needs 1 <= n <= expected, not n={n}, expected={expected}", field="results")
    tie = _units(mp_units)[1]
    return (Fraction(mp) + tie) * expected / n - tie


@attrs.frozen
class AdjustedScore:
    """An artificial adjusted score (Law 12C2): each pair's percentage of the full top, e.g. A+ = 60, A− = 40."""

    ns_percent: Fraction = attrs.field(converter=Fraction)
    ew_percent: Fraction = attrs.field(converter=Fraction)


_CODES = {"A+": "average_plus", "A": "average", "A-": "average_minus"}


def parse_adjusted(text, settings=None):
    """Read an artificial score code: "A+", "A", "A-", "A+/A-" (NS/EW) or "A60/40"."""
    settings = settings or BridgeScoringSettings()
    code = str(text).strip().upper().replace("−", "-")
    if code.startswith("A") and "/" in code and code[1:2].isdigit():
        ns, ew = code[1:].split("/", 1)
        if ns.isdigit() and ew.isdigit():
            return AdjustedScore(int(ns), int(ew))
    parts = code.split("/")
    if len(parts) in (1, 2) and all(p in _CODES for p in parts):
        ns, ew = parts[0], parts[-1] if len(parts) == 2 else _mirror(parts[0])
        return AdjustedScore(getattr(settings, _CODES[ns]), getattr(settings, _CODES[ew]))
    raise InvalidRecord(f"not an adjusted score: {text!r} (expected A+, A, A-, A+/A- or A60/40)",
                        field="adjusted")


def _mirror(code):
    # A single code names the NS pair's award; the EW pair gets the symmetric one (A+ ↔ A−).
    return {"A+": "A-", "A-": "A+", "A": "A"}[code]


@attrs.frozen
class BoardMatchpoints:
    """One board's matchpoints per table, NS and EW, exact; ``top`` is the full top W × (expected − 1)."""

    ns: tuple
    ew: tuple
    top: Fraction


def score_board(entries, expected=None, *, mp_units="european", use_neuberg=True, with_itself=False):
    """Matchpoint a board whose ``entries`` are NS scores (int), AdjustedScore, or None (not played).

    ``expected`` is the section's results per board (default: the number of entries). Returns NS and EW
    matchpoints per entry (None for not played), Neuberg-factored to ``expected`` when ``use_neuberg``.
    ``with_itself``: each result is also compared with itself (a tie, T more for both pairs, and a top W higher),
    the percentage convention some scorers print.
    """
    expected = len(entries) if expected is None else expected
    for e in entries:
        if not (e is None or isinstance(e, AdjustedScore) or (isinstance(e, int) and not isinstance(e, bool))):
            raise InvalidRecord(f"not a board entry: {e!r}", field="score")
    real = [e for e in entries if isinstance(e, int)]
    win, tie = _units(mp_units)
    itself = tie if with_itself else 0
    full_top = top(expected, mp_units) + 2 * itself
    raw = matchpoints(real, mp_units)
    n = len(real)
    own_top = top(n, mp_units) if n else Fraction(0)
    ns, ew, i = [], [], 0
    for entry in entries:
        if entry is None:
            ns.append(None)
            ew.append(None)
        elif isinstance(entry, AdjustedScore):
            ns.append(full_top * entry.ns_percent / 100)
            ew.append(full_top * entry.ew_percent / 100)
        else:
            mp_ns, mp_ew = raw[i], own_top - raw[i]
            if use_neuberg and n < expected:
                mp_ns, mp_ew = (neuberg(mp_ns, n, expected, mp_units), neuberg(mp_ew, n, expected, mp_units))
            ns.append(mp_ns + itself)
            ew.append(mp_ew + itself)
            i += 1
    return BoardMatchpoints(tuple(ns), tuple(ew), full_top if use_neuberg else own_top + 2 * itself)
