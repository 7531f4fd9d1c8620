"""The tables of spec §5.4, §7.1, §7.8 (talon bonus) and §10 (presets), row by row."""
from fractions import Fraction

import pytest

from trickcore.scoring.preferans import PRESETS, SETTING_NAMES, make_settings
from trickcore.scoring.preferans.contract_play import talon_bonus
from trickcore.scoring.preferans.settings import settings_to_dict
from trickcore.games.preferans.vocab import OBLIGATION, Contract, price
from trickcore.scoring.preferans.values import Values, misere_trick_penalty

# §7.1 per-level table: L -> (P, Sochi W/CONS/SF, Leningrad SET/W/CONS/SF, Rostov W/CONS/SF,
# Classic W/CONS/SF before and after the whister's pool is closed).
PER_LEVEL = {
    6: (2, (2, 2, 2), (4, 4, 4, 2), (5, 10, 1), (2, 2, 1, 2)),
    7: (4, (4, 4, 4), (8, 8, 8, 4), (10, 10, 2), (4, 4, 2, 4)),
    8: (6, (6, 6, 6), (12, 12, 12, 6), (15, 10, 3), (6, 6, 3, 6)),
    9: (8, (8, 8, 8), (16, 16, 16, 8), (20, 10, 4), (8, 8, 4, 8)),
    10: (10, (10, 10, 10), (20, 20, 20, 10), (25, 10, 5), (10, 10, 5, 10)),
}


@pytest.mark.parametrize("level", sorted(PER_LEVEL))
def test_per_level_values(level):
    p, sochi, leningrad, rostov, classic = PER_LEVEL[level]
    assert price(level) == p
    s = Values(PRESETS["sochi"], level)
    assert (s.pool, s.set, s.whist, s.consolation, s.shortfall(False)) == (p, p, *sochi)
    le = Values(PRESETS["leningrad"], level)
    assert (le.pool, le.set, le.whist, le.consolation, le.shortfall(False)) == (p, *leningrad)
    r = Values(PRESETS["rostov"], level)
    assert (r.set, r.whist, r.consolation, r.shortfall(False)) == (p, *rostov)
    c = Values(PRESETS["classic"], level)
    assert (c.set, c.whist, c.consolation, c.shortfall(False), c.shortfall(True)) == (p, *classic)


@pytest.mark.parametrize("level", sorted(PER_LEVEL))
def test_deal_multiplier_scales_every_value(level):
    one, two = Values(PRESETS["classic"], level, 1), Values(PRESETS["classic"], level, 4)
    for name in ("pool", "set", "whist", "consolation"):
        assert getattr(two, name) == 4 * getattr(one, name)
    assert two.shortfall(False) == 4 * one.shortfall(False)


def test_obligation_table():
    assert OBLIGATION == {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}


@pytest.mark.parametrize("variant, per_trick", [("sochi", 10), ("leningrad", 20), ("rostov", 10), ("classic", 10)])
def test_misere_penalty_per_trick(variant, per_trick):
    assert misere_trick_penalty(PRESETS[variant], 1) == per_trick


@pytest.mark.parametrize("variant, per_trick", [("sochi", 1), ("leningrad", 2), ("rostov", None), ("classic", 1)])
def test_all_pass_trick_price(variant, per_trick):
    assert PRESETS[variant].all_pass_trick_price == per_trick


@pytest.mark.parametrize("text, parsed", [("6S", "6S"), ("10NT", "10NT"), ("6♠", "6S"), ("7♥", "7H"),
                                          ("misere", "misere"), ("8nt", "8NT")])
def test_contract_notation(text, parsed):
    assert str(Contract.parse(text)) == parsed


@pytest.mark.parametrize("talon, bonus", [
    (((14, "S"), (14, "H")), 3), (((14, "D"), (13, "D")), 2), (((14, "D"), (13, "C")), 1),
    (((13, "C"), (12, "C")), 1), (((14, "S"), (7, "H")), 1), (((13, "C"), (12, "D")), 0), (((9, "S"), (8, "S")), 0)])
def test_dealer_talon_bonus_table(talon, bonus):
    assert talon_bonus(talon) == bonus


# §10, transcribed: name -> (Sochi, Leningrad, Rostov, Classic); None = "–" (not used).
SPEC_TABLE = {
    "num_players": (3, 3, 3, 4), "pool_target": (20, 20, 20, 20), "whist_price": (1, 1, 1, 1),
    "allow_hold": (True, True, True, False), "half_whist": (True, True, True, True),
    "gentleman_half_whist_switch": (False, True, False, False), "dealer_may_whist": (True, True, True, True),
    "mandatory_whist_6s": (False, False, False, True), "ten_trick_mode": ("whist", "whist", "whist", "checked"),
    "allow_walkaway": (False,) * 4, "open_after_first_lead": (False,) * 4, "mountain_factor": (1, 2, 1, 1),
    "whist_per_trick": ("price", "price_x2", "rostov", "price"),
    "consolation": ("whist_per_trick", "whist_per_trick", 10, "whist_per_trick"),
    "consolation_payers": ("all",) * 4,
    "whist_liability": ("responsible", "semi_responsible", "semi_responsible", "classic"),
    "single_whist": ("greedy", "gentleman", "gentleman", "greedy"), "two_whister_shortfall": ("capped",) * 4,
    "pass_pass_second_defender_half": (False, False, False, True), "misere_consolation": (False,) * 4,
    "help": (True, False, True, True), "end_condition": ("all_pools", "pool_sum", "all_pools", "all_pools"),
    "pool_settlement_factor": (1, 2, 1, 1),
    "all_pass_scoring": ("mountain", "mountain", "rostov_whists", "mountain"),
    "all_pass_trick_price": (1, 2, None, 1),
    "all_pass_progression": ([1, 2, 3], [1, 2, 3], [1], [1, 2, 4]),
    "all_pass_series_per_dealer": (False, False, False, True),
    "all_pass_exit": ("any_game", "whisted_game", "any_game", "any_game"),
    "all_pass_exit_levels": ([6], [6], [6], [6]),
    "all_pass_zero_reward": ("pool", "pool", None, "mountain_writeoff"),
    "all_pass_zero_reward_scaled": (True, True, None, True), "all_pass_amnesty": (False, False, None, False),
    "all_pass_talon": ("dealer_owns", "dealer_owns", "suit_only", "dealer_owns"),
    "all_pass_dealer_zero_reward": (True, False, None, True),
    "rostov_all_pass_rate": (None, None, 5, None), "rostov_all_pass_basis": (None, None, "difference", None),
    "rostov_dealer_bonus": (None, None, True, None), "dark_games": (False, False, False, True),
    "bombs": (False, False, False, True), "responsible_games": (False, False, False, True),
    "dealer_talon_bonus": (False, False, False, True), "same_dealer_after_all_pass": (False, False, False, True),
    "rounding": ("nearest",) * 4,
}
VARIANT_ORDER = ("sochi", "leningrad", "rostov", "classic")


def test_settings_are_exactly_the_spec_table():
    assert set(SETTING_NAMES) == set(SPEC_TABLE)


@pytest.mark.parametrize("column, variant", list(enumerate(VARIANT_ORDER)))
def test_preset_values(column, variant):
    effective = settings_to_dict(PRESETS[variant])
    assert effective == {name: row[column] for name, row in SPEC_TABLE.items()}


@pytest.mark.parametrize("a", VARIANT_ORDER)
@pytest.mark.parametrize("b", VARIANT_ORDER)
def test_presets_differ_only_where_the_table_says(a, b):
    da, db = settings_to_dict(PRESETS[a]), settings_to_dict(PRESETS[b])
    differing = {name for name in SETTING_NAMES if da[name] != db[name]}
    ia, ib = VARIANT_ORDER.index(a), VARIANT_ORDER.index(b)
    assert differing == {name for name, row in SPEC_TABLE.items() if row[ia] != row[ib]}


@pytest.mark.parametrize("name, value, expected", [
    ("pool_target", "30", 30), ("whist_price", "0.5", Fraction(1, 2)), ("allow_walkaway", "true", True),
    ("all_pass_progression", [1, 2, 2], (1, 2, 2)), ("all_pass_exit_levels", "6,7,8", (6, 7, 8)),
    ("whist_per_trick", {"6": 1, "7": 2, "8": 3, "9": 4, "10": 5}, ((6, 1), (7, 2), (8, 3), (9, 4), (10, 5))),
    ("consolation", 7, 7), ("consolation", "robber", "robber")])
def test_every_setting_overridable_by_name(name, value, expected):
    assert getattr(make_settings("sochi", {name: value}), name) == expected


@pytest.mark.parametrize("overrides", [{"no_such": 1}, {"pool_target": 0}, {"pool_target": "x"},
                                       {"mountain_factor": 3}, {"help": "maybe"}, {"rounding": "up"},
                                       {"whist_per_trick": {"6": 1}}, {"all_pass_exit_levels": [5]},
                                       {"whist_price": -1}, {"num_players": 5}])
def test_bad_settings(overrides):
    from trickcore.errors import SettingsError
    with pytest.raises(SettingsError) as info:
        make_settings("rostov", overrides)
    assert info.value.field == next(iter(overrides))
