"""Summary statistics of many results: means with confidence intervals, proportions (Wilson intervals),
distributions of small whole numbers and frequencies of names, for simulations and comparisons of scoring; and the
tallies of pieces of the results, which merge into the summary of the whole (``Tally``)."""
from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

Z95 = 1.959963984540054      # the two-sided 95% quantile of the normal distribution
DISTRIBUTION_LIMIT = 14      # whole numbers with at most this many distinct values get their distribution
FREQUENCY_LIMIT = 12         # names: the most frequent this many, with the rest counted together


@attrs.frozen
class Estimate:
    """A mean over ``n`` values with its standard deviation and its 95% confidence interval."""

    n: int
    mean: float
    sd: float
    low: float
    high: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, rounded to 4 decimals."""
        return {"n": self.n, "mean": round(self.mean, 4), "sd": round(self.sd, 4),
                "ci95": [round(self.low, 4), round(self.high, 4)]}

    def text(self) -> str:
        """``mean ± half-width (sd s, n)``."""
        return f"{self.mean:.3f} ± {(self.high - self.low) / 2:.3f} (sd {self.sd:.3f}, n {self.n})"


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with the normal 95% interval of the mean (sample standard deviation)."""
    n = len(values)
    if n == 0:
        return Estimate(0, math.nan, math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return Estimate(n, mean, sd, mean - half, mean + half)


def proportion_interval(hits: int, n: int) -> Estimate:
    """The share ``hits / n`` with its Wilson 95% interval (good near 0 and 1 and for small ``n``)."""
    if n == 0:
        return Estimate(0, math.nan, math.nan, math.nan, math.nan)
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(n, p, math.sqrt(p * (1 - p)), max(0.0, centre - half), min(1.0, centre + half))


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation of two equally long series (nan when either is constant)."""
    n = len(xs)
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    sxy = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    syy = math.fsum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else math.nan


def summarise(outcomes: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per key of the ``outcomes`` (dicts of one result each): yes/no values as a share with its interval,
    numbers as a mean with its interval (and the distribution of small whole numbers), names as frequencies.
    A key missing from some outcomes is summarised over those that have it."""
    columns: dict[str, list[Any]] = {}
    for outcome in outcomes:
        for key, value in outcome.items():
            if value is not None:
                columns.setdefault(key, []).append(value)
    return _summarise_values(columns)


def summarise_columns(columns: Mapping[str, Sequence[Any]]) -> dict[str, dict[str, Any]]:
    """``summarise`` of the outcomes held as columns (one value per result, None where a result has none): the
    same summary, its keys in the order the results first give them a value (ties: the columns' order). The
    reference of ``Tally.summary``, from every value at once."""
    first = {key: next((k for k, v in enumerate(values) if v is not None), None) for key, values in columns.items()}
    order = sorted((row, position, key) for position, (key, row) in enumerate(first.items()) if row is not None)
    return _summarise_values({key: [v for v in columns[key] if v is not None] for _, _, key in order})


def _summarise_values(columns: Mapping[str, list[Any]]) -> dict[str, dict[str, Any]]:
    """The summary of each key's values (see ``summarise``)."""
    summary: dict[str, dict[str, Any]] = {}
    for key, values in columns.items():
        if all(isinstance(v, bool) for v in values):
            summary[key] = {"kind": "share", **proportion_interval(sum(values), len(values)).to_dict()}
        elif all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            row: dict[str, Any] = {"kind": "number", **mean_interval(values).to_dict(), "min": min(values),
                                   "max": max(values)}
            counts = Counter(values)
            if all(isinstance(v, int) for v in values) and len(counts) <= DISTRIBUTION_LIMIT:
                row["distribution"] = {str(v): counts[v] for v in sorted(counts)}
            summary[key] = row
        else:
            counts = Counter(str(v) for v in values)
            top: dict[str, int] = dict(counts.most_common(FREQUENCY_LIMIT))
            rest = len(values) - sum(top.values())
            if rest:
                top["(others)"] = rest
            summary[key] = {"kind": "names", "n": len(values), "frequencies": top}
    return summary


Value = tuple[str, Any]      # (kind, value): "bool", "int" or "float" and the value, or "name" and its text
KINDS = {bool: "bool", int: "int", float: "float", str: "name"}


def _value(kind: type, value: Any) -> Value:
    """A value's tally key: its kind and the value (a name's text), so that True, 1 and 1.0 stay apart."""
    if kind in KINDS:
        return KINDS[kind], value
    if isinstance(value, bool):
        return "bool", bool(value)
    if isinstance(value, int):
        return "int", int(value)
    if isinstance(value, float):
        return "float", float(value)
    return "name", str(value)


def _text(value: Value) -> str:
    """The text a name's frequency counts the value under (``str`` of the value)."""
    return value[1] if value[0] == "name" else str(value[1])


@attrs.frozen
class Tally:
    """The partial statistics of ``rows`` results held as columns (see ``summarise_columns``), which merge: per
    key, in the order the columns first give it, the row of its first value (None without one) and how often
    each value occurs, in the order the values first occur. The tallies of consecutive pieces of the results,
    added in order, are the tally of the whole, whose ``summary`` is ``summarise_columns``'s of the whole."""

    rows: int = 0
    firsts: Mapping[str, int | None] = attrs.field(factory=dict)
    counts: Mapping[str, Counter[Value]] = attrs.field(factory=dict)

    @classmethod
    def of(cls, columns: Mapping[str, Sequence[Any]]) -> Tally:
        """The tally of ``columns`` (one value per result, None where a result has none)."""
        firsts, counts = {}, {}
        for key, values in columns.items():
            firsts[key] = next((row for row, value in enumerate(values) if value is not None), None)
            kinds = set(map(type, values)) - {type(None)}
            if len(kinds) == 1 and next(iter(kinds)) in KINDS:
                # One kind of value (as a column mostly is): counted as they are, none equal to another kind's.
                found: Counter[Any] = Counter(values)
                found.pop(None, None)
                counts[key] = Counter(dict(zip(zip(itertools.repeat(KINDS[kinds.pop()]), found), found.values())))
                continue
            counts[key] = Counter()
            for (kind, value), count in Counter(zip(map(type, values), values)).items():
                if value is not None:
                    counts[key][_value(kind, value)] += count
        return cls(len(next(iter(columns.values()), ())), firsts, counts)

    def __add__(self, later: Tally) -> Tally:
        """The tally of this tally's results followed by ``later``'s."""
        firsts, counts = dict(self.firsts), {key: Counter(found) for key, found in self.counts.items()}
        for key, first in later.firsts.items():
            if firsts.get(key) is None:
                firsts[key] = None if first is None else self.rows + first
            counts.setdefault(key, Counter()).update(later.counts[key])
        return Tally(self.rows + later.rows, firsts, counts)

    def summary(self) -> dict[str, dict[str, Any]]:
        """``summarise_columns`` of the results tallied, from the counts: the same summary, number for number."""
        order = sorted((first, position, key) for position, (key, first) in enumerate(self.firsts.items())
                       if first is not None)
        return {key: _summary_of(self.counts[key]) for _, _, key in order}

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (see ``from_dict``)."""
        return {"rows": self.rows, "keys": [[key, first, [[*value, count] for value, count in self.counts[key].items()]]
                                            for key, first in self.firsts.items()]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        """The tally of ``to_dict``'s JSON."""
        keys = data["keys"]
        return cls(data["rows"], {key: first for key, first, _ in keys},
                   {key: Counter({(kind, value): count for kind, value, count in found}) for key, _, found in keys})


def _summary_of(counts: Counter[Value]) -> dict[str, Any]:
    """One key's summary from the counts of its values (see ``_summarise_values``)."""
    kinds, n = {kind for kind, _ in counts}, sum(counts.values())
    if kinds == {"bool"}:
        return {"kind": "share", **proportion_interval(counts[("bool", True)], n).to_dict()}
    if kinds <= {"int", "float"}:
        numbers = [value for _, value in counts]
        row: dict[str, Any] = {"kind": "number", **_mean_of(counts, n).to_dict(), "min": min(numbers),
                               "max": max(numbers)}
        if kinds == {"int"} and len(counts) <= DISTRIBUTION_LIMIT:
            row["distribution"] = {str(value): counts[("int", value)] for value in sorted(numbers)}
        return row
    names: Counter[str] = Counter()
    for value, count in counts.items():
        names[_text(value)] += count
    top: dict[str, int] = dict(names.most_common(FREQUENCY_LIMIT))
    rest = n - sum(top.values())
    if rest:
        top["(others)"] = rest
    return {"kind": "names", "n": n, "frequencies": top}


def _mean_of(counts: Counter[Value], n: int) -> Estimate:
    """``mean_interval`` of the values counted: its sums exact (as ``math.fsum``'s) and rounded once, as it does."""
    mean = float(sum(Fraction(float(value)) * count for (_, value), count in counts.items())) / n
    squares = float(sum(Fraction((value - mean) ** 2) * count for (_, value), count in counts.items()))
    sd = math.sqrt(squares / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return Estimate(n, mean, sd, mean - half, mean + half)


def summary_text(summary: Mapping[str, Mapping[str, Any]]) -> str:
    """The summary as text, a block per key."""
    lines = []
    for key, row in summary.items():
        if row["kind"] == "names":
            shares = "  ".join(f"{name} {count / row['n']:.1%}" for name, count in row["frequencies"].items())
            lines.append(f"{key}: {shares}")
            continue
        low, high = row["ci95"]
        if row["kind"] == "share":
            lines.append(f"{key}: {row['mean']:.1%} (95% CI {low:.1%} to {high:.1%}, n {row['n']})")
            continue
        lines.append(f"{key}: mean {row['mean']:.3f} (95% CI {low:.3f} to {high:.3f}), sd {row['sd']:.3f}, "
                     f"range {row['min']} to {row['max']}, n {row['n']}")
        if "distribution" in row:
            total = row["n"]
            lines.append("    " + "  ".join(f"{v}: {c / total:.1%}" for v, c in row["distribution"].items()))
    return "\n".join(lines) + "\n"
