"""The whist settings class (whist.md §1): the preset table, overrides by name, bad settings."""
import pytest

from trickcore.scoring.whist import WhistRules
from trickcore.scoring.whist.systems import WHIST_LONG, WHIST_SHORT
from trickcore.cards import Suit
from trickcore.errors import SettingsError

TABLE = {
    "game_target": (5, 10, 7),
    "honours": (True, True, False),
    "honours_barred_at": (frozenset({4}), frozenset({9}), frozenset()),
    "call_at_eight": (False, True, False),
    "game_value": ("short", "long", "american"),
    "rubber_bonus": (2, 1, 0),
    "trump_selection": ("turn_up",) * 3,
    "first_dealer": ("N",) * 3,
}


@pytest.mark.parametrize("setting", sorted(TABLE))
def test_preset_table(setting):
    presets = (WhistRules.SHORT, WhistRules.LONG, WhistRules.AMERICAN)
    assert tuple(getattr(p, setting) for p in presets) == TABLE[setting]


def test_default_is_short_and_presets_are_one_class():
    assert WhistRules() == WhistRules.SHORT == WhistRules.preset("short")
    assert WhistRules.preset("LONG") == WhistRules.LONG
    assert type(WhistRules.AMERICAN) is WhistRules


def test_every_setting_can_be_overridden_by_name():
    rules = WhistRules.SHORT.override(honours=False)
    assert rules.game_target == 5 and not rules.honours
    text = WHIST_LONG.settings(overrides=["game_target=12", "honours_barred_at=10,11", "rubber_bonus=3",
                                         "game_value=short", "first_dealer=w", "call_at_eight=off"])
    assert (text.game_target, text.honours_barred_at, text.rubber_bonus, text.game_value, text.first_dealer,
            text.call_at_eight) == (12, frozenset({10, 11}), 3, "short", "W", False)
    fixed = WhistRules.SHORT.override(trump_selection="fixed", fixed_trump="s")
    assert fixed.fixed_trump is Suit.S and fixed.honours
    assert fixed.override(trump_selection="turn_up").fixed_trump is None


@pytest.mark.parametrize("changes, field", [
    ({"colour": "red"}, "colour"),
    ({"game_target": "five"}, "game_target"),
    ({"game_target": 0}, "game_target"),
    ({"honours": "maybe"}, "honours"),
    ({"game_value": "french"}, "game_value"),
    ({"trump_selection": "fixed"}, "fixed_trump"),
    ({"fixed_trump": "X"}, "fixed_trump"),
    ({"first_dealer": "Q"}, "first_dealer"),
    ({"rubber_bonus": -1}, "rubber_bonus"),
])
def test_bad_settings_raise_settings_error(changes, field):
    with pytest.raises(SettingsError) as info:
        WhistRules.SHORT.override(**changes)
    assert info.value.field == field


def test_unknown_preset_and_malformed_assignment():
    with pytest.raises(SettingsError):
        WhistRules.preset("german")
    with pytest.raises(SettingsError):
        WHIST_SHORT.settings(overrides=["honours"])
