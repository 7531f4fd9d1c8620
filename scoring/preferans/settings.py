"""The conventions a preferans table agrees on (spec §10): one frozen settings class and four named presets.

The rows that change how a deal is played come from the game's variant table
(``games.preferans.variants.PLAY_TABLE``); this module adds the scoring rows, in the order of §10.
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


def _whist_price(value):
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
    "num_players": PLAY_TABLE["num_players"],
    "pool_target": (lambda v: to_int(v, 1), 20, 20, 20, 20),
    "whist_price": (_whist_price, 1, 1, 1, 1),
    "allow_hold": PLAY_TABLE["allow_hold"],
    "half_whist": PLAY_TABLE["half_whist"],
    "gentleman_half_whist_switch": PLAY_TABLE["gentleman_half_whist_switch"],
    "dealer_may_whist": PLAY_TABLE["dealer_may_whist"],
    "mandatory_whist_6s": PLAY_TABLE["mandatory_whist_6s"],
    "ten_trick_mode": PLAY_TABLE["ten_trick_mode"],
    "allow_walkaway": (to_bool, False, False, False, False),
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


def _field(name):
    return attrs.field(default=None, converter=lambda v, _n=name: v if v is None else _TABLE[_n][0](v))


# One frozen class; every §10 row is a field.  A value of None means "not used by this variant".
Settings = attrs.make_class("Settings", {name: _field(name) for name in SETTING_NAMES}, frozen=True)
Settings.__doc__ = "Every convention of spec §10 for one game; build it with :func:`make_settings`."
Settings.__module__ = __name__


def _preset(column):
    return Settings(**{name: row[column] for name, row in _TABLE.items()})


PRESETS = {variant: _preset(column) for column, variant in enumerate(VARIANTS, start=1)}


def make_settings(variant, overrides=None):
    """The preset of ``variant`` with single settings replaced by name (SettingsError on anything unknown)."""
    if variant not in PRESETS:
        raise SettingsError(f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})", field="variant")
    return attrs.evolve(PRESETS[variant], **typed_overrides(Settings, overrides or {}, "preferans",
                                                            read_value=json_or_text))


def settings_to_dict(settings):
    """The effective settings as JSON-ready values (lists for tuples, maps with string keys)."""
    out = {}
    for name in SETTING_NAMES:
        value = getattr(settings, name)
        if name == "whist_per_trick" and isinstance(value, tuple):
            value = {str(level): points for level, points in value}
        elif name == "whist_price":
            value = int(value) if value == value.to_integral_value() else float(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[name] = value
    return out
