"""The score sheet of one game (spec §11.3): per-deal history, totals and settlement, as JSON-ready data."""
from fractions import Fraction

import attrs

from trickcore.scoring.preferans.settings import settings_to_dict
from trickcore.scoring.preferans.settlement import settle

SHEET_FORMAT = "trickcore.preferans.sheet/1"


def encode(value):
    """An exact number as JSON (§11.1): an integer, or a ``"p/q"`` string in lowest terms."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _encode_map(mapping):
    return {key: _encode_map(value) if isinstance(value, dict) else encode(value) for key, value in mapping.items()}


def _key(entry):
    return (entry.column, entry.player) + ((entry.on,) if entry.column == "whists" else ())


def _column_value(state, key):
    if key[0] == "whists":
        return state.whists[(key[1], key[2])]
    return (state.pool if key[0] == "pool" else state.mountain)[key[1]]


@attrs.frozen
class Sheet:
    """A preferans score sheet: ``variant``, ``table`` (players, settings), deal ``results``, the final
    ``state`` and the ``start`` state it continued from."""

    variant: str
    table: object
    results: tuple
    state: object
    start: object

    @property
    def players(self):
        """The players clockwise."""
        return self.table.players

    @property
    def settings(self):
        """The effective settings."""
        return self.table.settings

    @property
    def finished(self):
        """Whether the end condition of the variant was reached (else: an early stop by consent)."""
        return self.state.finished

    @property
    def settlement(self):
        """The settlement of the sheet as it stands (§9)."""
        return settle(self.state, self.settings, self.finished)

    def totals(self):
        """Cumulative ``{p: {"pool", "mountain", "whists": {q: x}}}`` (exact)."""
        state = self.state
        return {p: {"pool": state.pool[p], "mountain": state.mountain[p],
                    "whists": {q: state.whists[(p, q)] for q in self.players if q != p}} for p in self.players}

    def running(self):
        """Per column, the cumulative value after every deal that changed it (how a pulya is written by hand):
        keys ``("pool", p)``, ``("mountain", p)``, ``("whists", p, q)``; values ``[(deal index, value), ...]``."""
        values = {}
        lines = {}
        for result in self.results:
            touched = []
            for entry in result.entries:
                key = _key(entry)
                if key not in values:
                    values[key] = _column_value(self.start, key)
                values[key] += entry.amount
                if key not in touched:
                    touched.append(key)
            for key in touched:
                lines.setdefault(key, []).append((result.index, values[key]))
        return lines

    def to_dict(self):
        """The §11.3 JSON shape."""
        s = self.settlement
        return {
            "format": SHEET_FORMAT,
            "variant": self.variant,
            "players": list(self.players),
            "settings": settings_to_dict(self.settings),
            "finished": self.finished,
            "deals": [{"index": r.index, "label": r.label, "delta": _encode_map(r.delta())} for r in self.results],
            "totals": _encode_map(self.totals()),
            "settlement": {
                "method": "average_mountain",
                "pool_adjustment": _encode_map(s.pool_adjustment),
                "final_mountain": _encode_map(s.final_mountain),
                "amnestied_mountain": _encode_map(s.amnestied_mountain),
                "average_mountain": encode(s.average_mountain),
                "mountain_term": _encode_map(s.mountain_term),
                "whist_net": _encode_map(s.whist_net),
                "pairwise": _encode_map(s.pairwise),
                "result": _encode_map(s.result),
                "display": dict(s.display),
                "money": dict(s.money),
            },
        }
