"""The conventions a preferans table agrees on (spec §10): one frozen settings class and four named presets."""
from decimal import Decimal, InvalidOperation

import attrs

from trickcore.errors import SettingsError
from trickcore.scoring.base import json_or_text, typed_overrides

VARIANTS = ("sochi", "leningrad", "rostov", "classic")

LEVELS = (6, 7, 8, 9, 10)


def _bool(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "yes", "1", "on"):
        return True
    if isinstance(value, str) and value.lower() in ("false", "no", "0", "off"):
        return False
    raise ValueError("expected true or false")


def _int(value, low=None, high=None):
    if isinstance(value, bool):
        raise ValueError("expected an integer")
    if isinstance(value, str):
        value = value.strip()
        if not value.lstrip("-").isdigit():
            raise ValueError("expected an integer")
        value = int(value)
    if not isinstance(value, int):
        raise ValueError("expected an integer")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"expected an integer in {low}..{high if high is not None else ''}")
    return value


def _choice(*choices, numbers=()):
    def convert(value):
        if isinstance(value, str) and value in choices:
            return value
        if numbers and not isinstance(value, bool) and value in numbers:
            return int(value)
        if isinstance(value, str) and numbers and value.isdigit() and int(value) in numbers:
            return int(value)
        raise ValueError("expected one of " + ", ".join([*choices, *map(str, numbers)]))
    return convert


def _int_list(low, high):
    def convert(value):
        if isinstance(value, str):
            value = [part for part in value.strip("[] ").split(",") if part.strip()]
        if not isinstance(value, (list, tuple)) or not value:
            raise ValueError("expected a non-empty list of integers")
        return tuple(_int(item, low, high) for item in value)
    return convert


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
        table = {_int(level, 6, 10): _int(points, 0) for level, points in value.items()}
        if sorted(table) != list(LEVELS):
            raise ValueError("a whist map needs exactly the levels 6..10")
        return tuple(sorted(table.items()))
    raise ValueError("expected price, price_x2, rostov or a map level:whists")


def _consolation(value):
    if isinstance(value, str) and value in ("whist_per_trick", "none", "robber"):
        return value
    return _int(value, 0)


def _whist_price(value):
    try:
        price = Decimal(str(value))
    except InvalidOperation:
        raise ValueError("expected a number") from None
    if isinstance(value, bool) or not price.is_finite() or price < 0:
        raise ValueError("expected a number >= 0")
    return price


# name -> (converter, sochi, leningrad, rostov, classic); None = not used by that variant (spec "–").
_TABLE = {
    "num_players": (_choice(numbers=(3, 4)), 3, 3, 3, 4),
    "pool_target": (lambda v: _int(v, 1), 20, 20, 20, 20),
    "whist_price": (_whist_price, 1, 1, 1, 1),
    "allow_hold": (_bool, True, True, True, False),
    "half_whist": (_bool, True, True, True, True),
    "gentleman_half_whist_switch": (_bool, False, True, False, False),
    "dealer_may_whist": (_bool, True, True, True, True),
    "mandatory_whist_6s": (_bool, False, False, False, True),
    "ten_trick_mode": (_choice("whist", "checked"), "whist", "whist", "whist", "checked"),
    "allow_walkaway": (_bool, False, False, False, False),
    "open_after_first_lead": (_bool, False, False, False, False),
    "mountain_factor": (_choice(numbers=(1, 2)), 1, 2, 1, 1),
    "whist_per_trick": (_whist_per_trick, "price", "price_x2", "rostov", "price"),
    "consolation": (_consolation, "whist_per_trick", "whist_per_trick", 10, "whist_per_trick"),
    "consolation_payers": (_choice("all", "defenders"), "all", "all", "all", "all"),
    "whist_liability": (_choice("responsible", "semi_responsible", "classic"),
                        "responsible", "semi_responsible", "semi_responsible", "classic"),
    "single_whist": (_choice("greedy", "gentleman"), "greedy", "gentleman", "gentleman", "greedy"),
    "two_whister_shortfall": (_choice("capped", "half_based"), "capped", "capped", "capped", "capped"),
    "pass_pass_second_defender_half": (_bool, False, False, False, True),
    "misere_consolation": (_bool, False, False, False, False),
    "help": (_bool, True, False, True, True),
    "end_condition": (_choice("all_pools", "pool_sum"), "all_pools", "pool_sum", "all_pools", "all_pools"),
    "pool_settlement_factor": (_choice(numbers=(1, 2)), 1, 2, 1, 1),
    "all_pass_scoring": (_choice("mountain", "rostov_whists"), "mountain", "mountain", "rostov_whists", "mountain"),
    "all_pass_trick_price": (lambda v: _int(v, 0), 1, 2, None, 1),
    "all_pass_progression": (_int_list(1, None), (1, 2, 3), (1, 2, 3), (1,), (1, 2, 4)),
    "all_pass_series_per_dealer": (_bool, False, False, False, True),
    "all_pass_exit": (_choice("any_game", "whisted_game"), "any_game", "whisted_game", "any_game", "any_game"),
    "all_pass_exit_levels": (_int_list(6, 10), (6,), (6,), (6,), (6,)),
    "all_pass_zero_reward": (_choice("pool", "mountain_writeoff", "none"), "pool", "pool", None,
                             "mountain_writeoff"),
    "all_pass_zero_reward_scaled": (_bool, True, True, None, True),
    "all_pass_amnesty": (_bool, False, False, None, False),
    "all_pass_talon": (_choice("suit_only", "dealer_owns", "none"), "dealer_owns", "dealer_owns", "suit_only",
                       "dealer_owns"),
    "all_pass_dealer_zero_reward": (_bool, True, False, None, True),
    "rostov_all_pass_rate": (lambda v: _int(v, 0), None, None, 5, None),
    "rostov_all_pass_basis": (_choice("difference", "absolute"), None, None, "difference", None),
    "rostov_dealer_bonus": (_bool, None, None, True, None),
    "dark_games": (_bool, False, False, False, True),
    "bombs": (_bool, False, False, False, True),
    "responsible_games": (_bool, False, False, False, True),
    "dealer_talon_bonus": (_bool, False, False, False, True),
    "same_dealer_after_all_pass": (_bool, False, False, False, True),
    "rounding": (_choice("nearest", "code", "exact"), "nearest", "nearest", "nearest", "nearest"),
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
