"""Preferans scoring: the pulya sheet (pool, mountain, whists) for Sochi, Leningrad, Rostov and Classic (spec §7-§13).

``score_protocol(protocol, variant, overrides) -> Sheet``; ``Sheet.to_dict()`` is the §11.3 JSON;
``render_text`` and ``render_svg`` draw it; :class:`Ledger` scores deals one at a time; the systems registered
under ``trickcore.scorings`` are in ``systems``.
"""
from trickcore.scoring.preferans.ledger import DealResult, Ledger, score_deal
from trickcore.scoring.preferans.protocol import Protocol, parse_protocol
from trickcore.scoring.preferans.render import render_text
from trickcore.scoring.preferans.settings import PRESETS, SETTING_NAMES, Settings, make_settings
from trickcore.scoring.preferans.sheet import Sheet
from trickcore.scoring.preferans.svg import render_svg


def validate_protocol(protocol, variant=None, overrides=None):
    """Check a protocol completely (static fields and every deal in sequence); return the parsed Protocol.

    Errors are InvalidRecord / SettingsError with ``field`` and ``deal`` (1-based index) set.
    """
    parsed = parse_protocol(protocol, variant, overrides)
    Ledger.replay(parsed)
    return parsed


def score_protocol(protocol, variant=None, overrides=None):
    """Score a protocol (§11.2) under ``variant`` (default: the protocol's) with setting ``overrides``."""
    return Ledger.replay(parse_protocol(protocol, variant, overrides)).sheet()


__all__ = ["DealResult", "Ledger", "PRESETS", "Protocol", "SETTING_NAMES", "Settings", "Sheet", "make_settings", "parse_protocol", "render_svg",
           "render_text", "score_deal", "score_protocol", "validate_protocol"]
