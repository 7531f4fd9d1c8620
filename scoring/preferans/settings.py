"""The conventions a preferans table agrees on (rules/preferans.md §10): one frozen settings class, its named presets
and the overlays (named bundles of settings, §2.0) applied between a preset and single settings.

The rows that change how a deal is played come from the game's variant table
(``games.preferans.variants.PLAY_TABLE``); this module adds the scoring rows, in the order of rules/preferans.md §10,
then the rows of the minor forms (§2.5) and of Gusarik (§1.12). The old game keeps its own settings
(``scoring.preferans.old``).

Sections (§) and decisions are those of docs/rules/preferans-variants.md.
"""
from decimal import Decimal, InvalidOperation

import attrs

from trickcore.errors import SettingsError
from trickcore.games.preferans.variants import PLAY_TABLE, VARIANTS, int_list, one_of, to_bool, to_int
from trickcore.scoring.base import json_or_text, typed_overrides

LEVELS = (6, 7, 8, 9, 10)


def _whist_per_trick(value):
    if isinstance(value, str) and value in ("price", "price_x2", "rostov"):
        return value
    if isinstance(value, tuple):
        value = dict(value)
    if isinstance(value, str):
        try:
            value = dict(part.split(":") for part in value.strip("{} ").split(","))
        except ValueError:
            raise ValueError("expected price, price_x2, rostov or a map level:whists") from None
    if isinstance(value, dict):
        table = {to_int(level, 6, 10): to_int(points, 0) for level, points in value.items()}
        if sorted(table) != list(LEVELS):
            raise ValueError("a whist map needs exactly the levels 6..10")
        return tuple(sorted(table.items()))
    raise ValueError("expected price, price_x2, rostov or a map level:whists")


def _consolation(value):
    if isinstance(value, str) and value in ("whist_per_trick", "none", "robber"):
        return value
    return to_int(value, 0)


def money_price(value):
    """A price in money per whist or remise: a number >= 0, kept exact as a Decimal."""
    try:
        price = Decimal(str(value))
    except InvalidOperation:
        raise ValueError("expected a number") from None
    if isinstance(value, bool) or not price.is_finite() or price < 0:
        raise ValueError("expected a number >= 0")
    return price


# name -> (converter, sochi, leningrad, rostov, classic); None = not used by that variant (spec "–").
# The play rows are the game's (PLAY_TABLE): one table for the game and the scorer.
_TABLE = {
    # Gusarik adds a table of two (§1.12); make_settings keeps 2 for Gusarik only.
    "num_players": (one_of(numbers=(2, 3, 4)), *PLAY_TABLE["num_players"][1:]),
    "pool_target": (lambda v: to_int(v, 1), 20, 20, 20, 20),
    "whist_price": (money_price, 1, 1, 1, 1),
    "allow_hold": PLAY_TABLE["allow_hold"],
    "half_whist": PLAY_TABLE["half_whist"],
    "gentleman_half_whist_switch": PLAY_TABLE["gentleman_half_whist_switch"],
    "dealer_may_whist": PLAY_TABLE["dealer_may_whist"],
    "mandatory_whist_6s": PLAY_TABLE["mandatory_whist_6s"],
    "ten_trick_mode": PLAY_TABLE["ten_trick_mode"],
    "allow_walkaway": PLAY_TABLE["allow_walkaway"],
    "open_after_first_lead": PLAY_TABLE["open_after_first_lead"],
    "mountain_factor": (one_of(numbers=(1, 2)), 1, 2, 1, 1),
    "whist_per_trick": (_whist_per_trick, "price", "price_x2", "rostov", "price"),
    "consolation": (_consolation, "whist_per_trick", "whist_per_trick", 10, "whist_per_trick"),
    "consolation_payers": (one_of("all", "defenders"), "all", "all", "all", "all"),
    "whist_liability": (one_of("responsible", "semi_responsible", "classic"),
                        "responsible", "semi_responsible", "semi_responsible", "classic"),
    "single_whist": (one_of("greedy", "gentleman"), "greedy", "gentleman", "gentleman", "greedy"),
    "two_whister_shortfall": (one_of("capped", "half_based"), "capped", "capped", "capped", "capped"),
    "pass_pass_second_defender_half": (to_bool, False, False, False, True),
    "misere_consolation": (to_bool, False, False, False, False),
    "help": (to_bool, True, False, True, True),
    "end_condition": (one_of("all_pools", "pool_sum"), "all_pools", "pool_sum", "all_pools", "all_pools"),
    "pool_settlement_factor": (one_of(numbers=(1, 2)), 1, 2, 1, 1),
    "all_pass_scoring": (one_of("mountain", "rostov_whists"), "mountain", "mountain", "rostov_whists", "mountain"),
    "all_pass_trick_price": (lambda v: to_int(v, 0), 1, 2, None, 1),
    "all_pass_progression": (int_list(1, None), (1, 2, 3), (1, 2, 3), (1,), (1, 2, 4)),
    "all_pass_series_per_dealer": (to_bool, False, False, False, True),
    "all_pass_exit": PLAY_TABLE["all_pass_exit"],
    "all_pass_exit_levels": PLAY_TABLE["all_pass_exit_levels"],
    "all_pass_zero_reward": (one_of("pool", "mountain_writeoff", "none"), "pool", "pool", None,
                             "mountain_writeoff"),
    "all_pass_zero_reward_scaled": (to_bool, True, True, None, True),
    "all_pass_amnesty": (to_bool, False, False, None, False),
    "all_pass_talon": PLAY_TABLE["all_pass_talon"],
    "all_pass_dealer_zero_reward": (to_bool, True, False, None, True),
    "rostov_all_pass_rate": (lambda v: to_int(v, 0), None, None, 5, None),
    "rostov_all_pass_basis": (one_of("difference", "absolute"), None, None, "difference", None),
    "rostov_dealer_bonus": (to_bool, None, None, True, None),
    "dark_games": (to_bool, False, False, False, True),
    "bombs": (to_bool, False, False, False, True),
    "responsible_games": (to_bool, False, False, False, True),
    "dealer_talon_bonus": PLAY_TABLE["dealer_talon_bonus"],
    "same_dealer_after_all_pass": PLAY_TABLE["same_dealer_after_all_pass"],
    "rounding": (one_of("nearest", "code", "exact"), "nearest", "nearest", "nearest", "nearest"),
}

SETTING_NAMES = tuple(_TABLE)

# §2.5: name -> (converter, default of the four base variants); Gusarik uses none of them.
_OVERLAY_TABLE = {
    "pool_mode": (one_of("standard", "countdown"), "standard"),
    "countdown_remises": (one_of("count", "pot"), "count"),
    "help_recipient": (one_of("largest_pool", "next_clockwise"), "largest_pool"),
    "pot_parts": (lambda v: to_int(v, 1), 2),
    "price_scale": (one_of(numbers=(1, 5)), 1),
    "misere_mode": (one_of("modern", "big_small"), "modern"),
    "uvert": (to_bool, False),
}
OVERLAY_SETTING_NAMES = tuple(_OVERLAY_TABLE)


def _even(value):
    value = to_int(value, 0)
    if value % 2:
        raise ValueError("expected an even integer >= 0")
    return value


# §1.12: name -> (converter, Gusarik default); the other variants do not use them.
_GUSARIK_TABLE = {
    "gusarik_stage": (one_of("razboinik", "pool"), "razboinik"),
    "gusarik_mountain": (one_of("divisible", "indivisible"), "divisible"),
    "gusarik_settlement": (one_of("full", "mountain_only"), "full"),
    "razboinik_all_pass_deals": (_even, 4),
}
GUSARIK_SETTING_NAMES = tuple(_GUSARIK_TABLE)
_CONVERTERS = {name: row[0] for table in (_TABLE, _OVERLAY_TABLE, _GUSARIK_TABLE) for name, row in table.items()}


def _field(name):
    return attrs.field(default=None, converter=lambda v, _n=name: v if v is None else _CONVERTERS[_n](v))


# One frozen class; every rules/preferans.md §10 row and every row of the variants' tables is a field.  A value of None
# means "not used by this variant".
Settings = attrs.make_class("Settings", {name: _field(name) for name in _CONVERTERS}, frozen=True)
Settings.__doc__ = "Every convention of rules/preferans.md §10 for one game; build it with :func:`make_settings`."
Settings.__module__ = __name__


def _preset(column):
    return Settings(**{name: row[column] for name, row in _TABLE.items()},
                    **{name: row[1] for name, row in _OVERLAY_TABLE.items()})


PRESETS = {variant: _preset(column) for column, variant in enumerate(VARIANTS, start=1)}
# Gusarik is the Classic column with the differences of §1.12.
PRESETS["gusarik"] = attrs.evolve(
    PRESETS["classic"], num_players=2, half_whist=False, dealer_may_whist=False, all_pass_talon="none",
    responsible_games=False, dealer_talon_bonus=False,
    **{name: None for name in OVERLAY_SETTING_NAMES}, **{name: row[1] for name, row in _GUSARIK_TABLE.items()})
# The variants the scorer knows: the game's four, Gusarik and the old game (whose settings are its own).
SCORED_VARIANTS = (*VARIANTS, "gusarik", "old")

# §2.0: overlay -> (settings it sets, variants it is allowed over, overlays it excludes).
_COUNTDOWN_BASES = ("sochi", "classic")  # decision D13
OVERLAYS = {
    "simple": ({"pool_mode": "countdown", "countdown_remises": "count", "help": False}, _COUNTDOWN_BASES,
               ("kurochka", "kotel")),
    "kurochka": ({"pool_mode": "countdown", "countdown_remises": "count", "help": True,
                  "help_recipient": "next_clockwise"}, _COUNTDOWN_BASES, ("simple", "kotel")),
    "kotel": ({"pool_mode": "countdown", "countdown_remises": "pot", "help": False, "pot_parts": 2},
              _COUNTDOWN_BASES, ("simple", "kurochka")),
    "decimal": ({"price_scale": 5, "pool_target": 50}, VARIANTS, ()),
    "misere_big_small": ({"misere_mode": "big_small"}, VARIANTS, ()),
    "uvert": ({"uvert": True}, VARIANTS, ()),
}


def check_overlays(variant, overlays):
    """The validated overlay names of a protocol (a list of strings) over ``variant``; SettingsError otherwise."""
    if not isinstance(overlays, (list, tuple)) or not all(isinstance(name, str) for name in overlays):
        raise SettingsError("overlays must be a list of names", field="overlays")
    for name in overlays:
        if name not in OVERLAYS:
            raise SettingsError(f"unknown overlay {name!r} (known: {', '.join(OVERLAYS)})", field="overlays")
        _, allowed, excludes = OVERLAYS[name]
        if variant not in allowed:
            raise SettingsError(f"overlay {name!r} is not allowed over {variant!r} (allowed: {', '.join(allowed)})",
                                field="overlays")
        clash = next((other for other in overlays if other in excludes), None)
        if clash is not None:
            raise SettingsError(f"overlays {name!r} and {clash!r} exclude each other", field="overlays")
    if len(set(overlays)) != len(overlays):
        raise SettingsError("an overlay is listed twice", field="overlays")
    return tuple(overlays)


def make_settings(variant, overrides=None, overlays=()):
    """The preset of ``variant``, then each overlay in order, then single settings replaced by name
    (SettingsError on anything unknown or not used by the variant)."""
    if variant not in PRESETS:
        raise SettingsError(f"unknown variant {variant!r} (known: {', '.join(PRESETS)})", field="variant")
    settings = PRESETS[variant]
    for name in check_overlays(variant, overlays):
        settings = attrs.evolve(settings, **OVERLAYS[name][0])
    changes = typed_overrides(Settings, overrides or {}, "preferans", read_value=json_or_text)
    for name, value in changes.items():
        if name not in SETTING_NAMES and getattr(PRESETS[variant], name) is None:
            raise SettingsError(f"setting {name!r} does not apply to {variant!r}", field=name)
        if value is None and getattr(settings, name) is not None:
            # None marks a setting the variant does not use; one it uses needs a value (a protocol's null).
            raise SettingsError(f"setting {name!r} needs a value, not null", field=name)
    settings = attrs.evolve(settings, **changes)
    _check_combination(variant, settings, changes)
    return settings


def _check_combination(variant, settings, changes):
    """The rules that tie settings together (§1.12, §2.1, decision D13)."""
    if settings.num_players == 2 and variant != "gusarik":
        raise SettingsError("num_players 2 is Gusarik's table only", field="num_players")
    if variant == "gusarik":
        fixed = {"num_players": 2, "all_pass_talon": "none", "dealer_talon_bonus": False}
        for name, value in fixed.items():
            if getattr(settings, name) != value:
                raise SettingsError(f"Gusarik needs {name} = {value}", field=name)
        if settings.rounding == "code":
            raise SettingsError("rounding 'code' is defined for 3 players only", field="rounding")
    if settings.pool_mode == "countdown":
        if variant not in _COUNTDOWN_BASES:
            raise SettingsError(f"pool_mode countdown needs sochi or classic, not {variant!r}", field="pool_mode")
        for name in ("end_condition", "pool_settlement_factor"):
            if name in changes:
                raise SettingsError(f"{name} has no meaning with pool_mode countdown", field=name)


def settings_to_dict(settings, overlays=()):
    """The effective settings as JSON-ready values (lists for tuples, maps with string keys): the rules/preferans.md §10
    rows, the Gusarik rows where they apply, and the rows of the minor forms when overlays are listed or any of them is
    changed (so that a sheet without them reads exactly as before)."""
    names = list(SETTING_NAMES) + [name for name in GUSARIK_SETTING_NAMES if getattr(settings, name) is not None]
    if overlays or any(getattr(settings, name) not in (None, row[1]) for name, row in _OVERLAY_TABLE.items()):
        names += OVERLAY_SETTING_NAMES
    out = {}
    for name in names:
        value = getattr(settings, name)
        if name == "whist_per_trick" and isinstance(value, tuple):
            value = {str(level): points for level, points in value}
        elif name == "whist_price":
            value = int(value) if value == value.to_integral_value() else float(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[name] = value
    return out
