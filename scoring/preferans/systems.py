"""The preferans scoring systems registered under ``trickcore.scorings`` (Sochi, Leningrad, Rostov, Classic, Gusarik
and the old game): the ScoringSystem protocol over the pulya sheet (the old game: over its remise ledger), scoring
a protocol file (rules/preferans.md §11.2, rules/preferans-variants.md §1.13, §2.6, §3.10) into text, JSON or SVG.

Sections (§) and decisions are those of docs/rules/preferans-variants.md."""
import json

import attrs

from trickcore.errors import InputError, InvalidRecord, SettingsError, TrickcoreError
from trickcore.files import read_text
from trickcore.scoring.base import (FieldDeal, RecordsFile, ScoringSystem, json_or_text, parse_assignments,
                                    simulation_file, simulation_records)
from trickcore.scoring.preferans.ledger import PulyaLedger
from trickcore.scoring.preferans.protocol import PROTOCOL_FORMAT, parse_protocol
from trickcore.scoring.preferans.old import OLD_PRESET, RemiseLedger, make_old_settings, parse_old_protocol
from trickcore.scoring.preferans.render import render_old_text, render_text
from trickcore.scoring.preferans.settings import OVERLAYS, PRESETS, make_settings
from trickcore.scoring.preferans.svg import render_old_svg, render_svg


@attrs.frozen
class PreferansSystem(ScoringSystem):
    """A preferans variant as a scoring system; its one preset is the variant (rules/preferans.md §10)."""

    records: str = "a preferans protocol, JSON (rules/preferans.md §11.2, examples/preferans/sochi_game.json)"
    formats = ("text", "json", "svg")
    record_word = "deal"
    read_value = staticmethod(json_or_text)

    def preset(self, name):
        """The Settings of variant ``name``."""
        return PRESETS[name]

    @property
    def overlays(self):
        """The overlays a protocol of this variant may list (§2.0)."""
        return tuple(name for name, (_, allowed, _) in OVERLAYS.items() if self.presets[0] in allowed)

    def ledger(self, settings=None, players=None, start=None, protocol=None, **context):
        """An empty sheet: for ``players`` (default P1, P2, ... as many as the settings seat) from ``start``, or
        the sheet a ``protocol`` (raw JSON) starts with, its header read as ``tricks score`` reads it."""
        if protocol is not None:
            return self.protocol_ledger(self.read_protocol({**protocol, "deals": []}, self.presets[0], {}))
        settings = settings if settings is not None else self.settings()
        players = players or tuple(f"P{i}" for i in range(1, settings.num_players + 1))
        return PulyaLedger(players, self.presets[0], settings, start)

    def read_records(self, path):
        """The protocol of ``path``: its deals, with the protocol itself kept for validation; or the protocol of
        the deals a simulation played (`tricks simulate`), its players the simulation's."""
        found = simulation_file(path, path)
        head = None
        if found is not None:
            rows, head = found
            deals = simulation_records(rows, path, lambda table, row: table["record"].get("record") if "record" in table
                                       else json.loads(table["protocol"]))
            tables = [d for deal in deals for d in (deal.tables if isinstance(deal, FieldDeal) else (deal,))]
            players = sorted({p for deal in tables if isinstance(deal, dict) for p in deal.get("tricks", {})})
            protocol = {"format": PROTOCOL_FORMAT, "players": players, "deals": list(deals)}
        else:
            text = read_text(path)
            try:
                protocol = json.loads(text)
            except json.JSONDecodeError as exc:
                raise InputError(f"not valid JSON: {exc.msg}", source=path, line=exc.lineno) from None
        deals = protocol.get("deals") if isinstance(protocol, dict) else None
        variant = protocol.get("variant") if isinstance(protocol, dict) else None
        players = protocol.get("players") if isinstance(protocol, dict) else None
        context = {"protocol": protocol}
        if isinstance(players, list) and all(isinstance(p, str) for p in players):
            context["players"] = tuple(players)
        return RecordsFile(path, tuple(deals) if isinstance(deals, list) else (), variant, context=context,
                           simulation=head)

    def standings(self, result):
        """Each player's result in whists after the settlement (rules/preferans.md §9), higher being better."""
        return {player: float(value) for player, value in result.result.items()}

    def situation(self, record):
        """The contract (or misère, all-pass) of a protocol deal and its declarer."""
        kind = record.get("type") if isinstance(record, dict) else None
        label = record.get("contract") or kind if kind == "game" else kind
        return label, record.get("declarer") if isinstance(record, dict) else None

    def prepare(self, found, preset=None, overrides=()):
        """The sheet the protocol of ``found`` starts with and its deals, validated as a whole first (the header
        and every deal) under this variant with the ``--set`` ``overrides``.

        The protocol's own settings (after its overlays) apply first; a protocol naming another variant is an
        error.
        """
        try:
            # Names and values do not depend on the protocol: check them here so the error names --set.
            explicit = {key: json_or_text(key, value) if isinstance(value, str) else value
                        for key, value in parse_assignments(overrides)}
            self.check_overrides(explicit)
        except TrickcoreError as exc:
            raise exc.located(source="--set") from None
        if "protocol" not in found.context:
            raise InvalidRecord("a preferans protocol is scored whole: give its file or its JSON object, or a "
                                "simulation's result", source=found.source)
        try:
            protocol = self.read_protocol(found.context["protocol"], preset or self.presets[0], explicit)
        except TrickcoreError as exc:
            raise exc.located(source=found.source) from None
        return self.protocol_ledger(protocol), protocol.deals

    def locate(self, exc, source, number):
        """A deal's error names the file; the error names the deal itself, as the protocol's validation does."""
        return exc.located(source=source)

    def check_overrides(self, explicit):
        """Raise SettingsError for a ``--set`` name or value this variant does not take."""
        make_settings(self.presets[0], explicit)

    def read_protocol(self, protocol, variant, explicit):
        """The parsed protocol (raw JSON; its header and every deal checked) with the ``explicit`` overrides."""
        return parse_protocol(protocol, variant, explicit)

    def protocol_ledger(self, protocol):
        """The empty sheet of a parsed protocol: its players, settings and start."""
        return PulyaLedger.for_protocol(protocol)

    def render_text(self, ledger):
        """The sheet as text: deals, per-player totals, settlement."""
        return render_text(ledger.sheet())

    def render_svg(self, ledger):
        """The pulya drawing."""
        return render_svg(ledger.sheet())


def _system(variant, description=None):
    return PreferansSystem(name=f"preferans-{variant}", game="preferans", presets=(variant,),
                           description=description or f"Preferans {variant.capitalize()}: pool, mountain, whists "
                                                      "and settlement")


SOCHI = _system("sochi")
LENINGRAD = _system("leningrad")
ROSTOV = _system("rostov")
CLASSIC = _system("classic")
GUSARIK = _system("gusarik", "Preferans Gusarik, two players and a dummy: two fields (pool, mountain, whists), "
                             "razboinik stage or pool, settlement between two")


@attrs.frozen
class OldPreferansSystem(PreferansSystem):
    """The 19th-century game (§3): the remise ledger and its settlement."""

    def preset(self, name):
        """The old game's settings (its one preset)."""
        return OLD_PRESET

    def ledger(self, settings=None, players=None, start=None, **context):
        """An empty remise ledger for three ``players`` (default P1, P2, P3)."""
        return RemiseLedger(players or ("P1", "P2", "P3"), settings if settings is not None else OLD_PRESET, start)

    def check_overrides(self, explicit):
        """Raise SettingsError for a ``--set`` name or value the old game does not take (§3.9)."""
        make_old_settings(explicit)

    def read_protocol(self, protocol, variant, explicit):
        """The parsed protocol of the old game (its header and every deal checked)."""
        if variant != "old":
            raise SettingsError(f"unknown old preferans preset {variant!r} (presets: old)", field="preset")
        return parse_old_protocol(protocol, explicit)

    def protocol_ledger(self, protocol):
        """The empty remise ledger of a parsed protocol."""
        return RemiseLedger.for_protocol(protocol)

    def render_text(self, ledger):
        """The ledger as text, as the book keeps it."""
        return render_old_text(ledger)

    def render_svg(self, ledger):
        """The ledger's columns of counts as SVG."""
        return render_old_svg(ledger)


OLD = OldPreferansSystem(name="preferans-old", game="preferans", presets=("old",),
                         description="Preferans, the 19th-century game: the remise ledger and its settlement")
