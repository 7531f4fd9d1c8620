"""Preferans scoring: the pulya sheet (pool, mountain, whists) for Sochi, Leningrad, Rostov and Classic (§7-§13),
Gusarik and the overlays of the minor forms (rules/preferans-variants.md §1-§2), and the old game's remise ledger
(rules/preferans-variants.md §3).

``score_protocol(protocol, variant, overrides) -> Sheet`` (the old game: a :class:`RemiseLedger`);
``Sheet.to_dict()`` is the §11.3 JSON; ``render_text`` and ``render_svg`` draw it; :class:`PulyaLedger` scores deals
one at a time; the systems registered under ``trickcore.scorings`` are in ``systems``.

Sections (§) are those of docs/rules/preferans.md.
"""
from trickcore.scoring.preferans.ledger import DealResult, PulyaLedger, score_deal
from trickcore.scoring.preferans.old import RemiseLedger, parse_old_protocol, score_old_protocol
from trickcore.scoring.preferans.protocol import Protocol, parse_protocol
from trickcore.scoring.preferans.render import render_text
from trickcore.scoring.preferans.settings import OVERLAYS, PRESETS, SETTING_NAMES, Settings, make_settings
from trickcore.scoring.preferans.sheet import Sheet
from trickcore.scoring.preferans.svg import render_svg


def validate_protocol(protocol, variant=None, overrides=None):
    """Check a protocol completely (static fields and every deal in sequence); return the parsed Protocol.

    Errors are InvalidRecord / SettingsError with ``field`` and ``deal`` (1-based index) set.
    """
    if _is_old(protocol, variant):
        parsed = parse_old_protocol(protocol, overrides)
        RemiseLedger.replay(parsed)
        return parsed
    parsed = parse_protocol(protocol, variant, overrides)
    PulyaLedger.replay(parsed)
    return parsed


def score_protocol(protocol, variant=None, overrides=None):
    """Score a protocol (§11.2) under ``variant`` (default: the protocol's) with setting ``overrides``: its Sheet,
    or for the old game its RemiseLedger."""
    if _is_old(protocol, variant):
        return score_old_protocol(protocol, overrides)
    return PulyaLedger.replay(parse_protocol(protocol, variant, overrides)).sheet()


def _is_old(protocol, variant):
    return (variant or (protocol.get("variant") if isinstance(protocol, dict) else None)) == "old"


__all__ = ["DealResult", "OVERLAYS", "PRESETS", "Protocol", "PulyaLedger", "RemiseLedger", "SETTING_NAMES",
           "Settings", "Sheet", "make_settings", "parse_protocol", "render_svg", "render_text", "score_deal",
           "score_protocol", "validate_protocol"]
