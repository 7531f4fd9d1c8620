"""The score sheet of one game (§11.3; rules/preferans-variants.md §1.13, §2.6): per-deal history, totals and
settlement, as JSON-ready data.

Sections (§) are those of docs/rules/preferans.md."""
from fractions import Fraction

import attrs

from trickcore.scoring.preferans.protocol import RAZBOINIK_GAMES
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
    return getattr(state, key[0])[key[1]]


@attrs.frozen
class Sheet:
    """A preferans score sheet: ``variant``, ``table`` (players, settings), deal ``results``, the final
    ``state`` and the ``start`` state it continued from."""

    variant: str
    table: object
    results: tuple
    state: object
    start: object
    overlays: tuple = ()

    @property
    def columns(self):
        """The score columns besides whists: pool and mountain, or count (and pot) in the countdown forms."""
        if self.settings.pool_mode != "countdown":
            return ("pool", "mountain")
        return ("count", "pot") if self.settings.countdown_remises == "pot" else ("count",)

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
        """Cumulative ``{p: {"pool", "mountain", "whists": {q: x}}}`` (exact; count and pot in the countdown
        forms)."""
        state = self.state
        return {p: {**{column: getattr(state, column)[p] for column in self.columns},
                    "whists": {q: state.whists[(p, q)] for q in self.players if q != p}} for p in self.players}

    def razboinik(self):
        """Gusarik's razboinik progress (rules/preferans-variants.md §1.13): stage, games still owed, closing deals."""
        state = self.state
        remaining = {p: [g for g in RAZBOINIK_GAMES if g not in state.played[p]] for p in self.players}
        stage = "games" if any(remaining.values()) else "done" if state.finished else "closing"
        return {"stage": stage, "remaining": remaining, "closing_all_pass_played": state.closing}

    def _deal(self, result):
        delta = _encode_map(result.delta(self.columns))
        if result.transfers:
            transfers = [_encode_transfer(t) for t in result.transfers]
            delta["transfer"] = transfers[0] if len(transfers) == 1 else transfers
        return {"index": result.index, "label": result.label, "delta": delta}

    def _settlement(self):
        s = self.settlement
        if self.settings.gusarik_stage is not None:
            indivisible = self.settings.gusarik_mountain == "indivisible"
            out = {"method": "gusarik", "mountain_value": 10 if indivisible else 5}
            if self.settings.gusarik_stage == "razboinik":
                out["pool_conversion"] = encode(Fraction(1, 2) if indivisible else 1)
        else:
            out = {"method": "average_mountain"}
            if self.settings.pool_mode != "countdown":
                out["pool_adjustment"] = _encode_map(s.pool_adjustment)
        out["final_mountain"] = _encode_map(s.final_mountain)
        if self.settings.gusarik_stage is None:
            out.update(amnestied_mountain=_encode_map(s.amnestied_mountain),
                       average_mountain=encode(s.average_mountain))
        out.update(mountain_term=_encode_map(s.mountain_term), whist_net=_encode_map(s.whist_net))
        if self.settings.gusarik_stage is None:
            out["pairwise"] = _encode_map(s.pairwise)
        out.update(result=_encode_map(s.result), display=dict(s.display), money=dict(s.money))
        return out

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
        """The §11.3 JSON shape (with the additions of rules/preferans-variants.md §1.13 and §2.6)."""
        out = {"format": SHEET_FORMAT, "variant": self.variant}
        if self.overlays:
            out["overlays"] = list(self.overlays)
        out.update({
            "players": list(self.players),
            "settings": settings_to_dict(self.settings, self.overlays),
            "finished": self.finished,
            "deals": [self._deal(r) for r in self.results],
            "totals": _encode_map(self.totals()),
        })
        if self.settings.gusarik_stage == "razboinik":
            out["razboinik"] = self.razboinik()
        if self.settings.pool_mode == "countdown":
            out["countdown"] = {"stage": self.state.stage,
                                "queued_parts": [_encode_map(part) for part in self.state.queued]}
        out["settlement"] = self._settlement()
        return out


def _encode_transfer(transfer):
    out = {"stage": transfer["stage"]}
    if "split" in transfer:
        out["split"] = {p: [encode(x) for x in parts] for p, parts in transfer["split"].items()}
    out["part"] = _encode_map(transfer["part"])
    return out
