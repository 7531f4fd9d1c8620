"""The variants of preferans (Sochi, Leningrad, Rostov, Classic; Gusarik and the old game of rules/preferans-variants.md
§1, §3) and the settings of §10 that change how a deal is played: the table size, the auction, the
defence calls, open play, all-pass and the dealer's turn.

``PLAY_TABLE`` holds one row per play setting (its value converter and the four presets); the scorer's §10 table
(``scoring.preferans.settings``) takes these rows from here and adds the scoring rows, so the game and its
scorer read one table. The converters below are the ones every §10 row uses.

Sections (§) are those of docs/rules/preferans.md.
"""
import attrs

from trickcore.errors import SettingsError

VARIANTS = ("sochi", "leningrad", "rostov", "classic")
GUSARIK, OLD = "gusarik", "old"
# Every variant a deal can be played in: the four columns of §10, Gusarik (two players and a dummy) and the
# 19th-century game (rules/preferans-variants.md §1, §3), which are presets of their own.
ALL_VARIANTS = VARIANTS + (GUSARIK, OLD)


def to_bool(value):
    """A setting's true/false value (``true``/``false``, ``yes``/``no``, ``on``/``off``, ``1``/``0``)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "yes", "1", "on"):
        return True
    if isinstance(value, str) and value.lower() in ("false", "no", "0", "off"):
        return False
    raise ValueError("expected true or false")


def to_int(value, low=None, high=None):
    """A setting's integer value (an int or its digits), checked against ``low``..``high``."""
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


def one_of(*choices, numbers=()):
    """A converter accepting one of the words ``choices`` or of the integers ``numbers``."""
    def convert(value):
        if isinstance(value, str) and value in choices:
            return value
        if numbers and isinstance(value, int) and not isinstance(value, bool) and value in numbers:
            return int(value)
        if isinstance(value, str) and numbers and value.isdigit() and int(value) in numbers:
            return int(value)
        raise ValueError("expected one of " + ", ".join([*choices, *map(str, numbers)]))
    return convert


def int_list(low, high):
    """A converter accepting a non-empty list of integers in ``low``..``high`` (or its text ``[6,7,7]`` or
    ``6,7,7``: every item an integer, so that ``[6,,7]`` or ``[[6]]`` is refused, not read as another list)."""
    def convert(value):
        if isinstance(value, str):
            text = value.strip()
            text = text[1:-1] if text.startswith("[") and text.endswith("]") else text
            value = text.split(",") if text.strip() else []
        if not isinstance(value, (list, tuple)) or not value:
            raise ValueError("expected a non-empty list of integers")
        return tuple(to_int(item, low, high) for item in value)
    return convert


# name -> (converter, sochi, leningrad, rostov, classic)
PLAY_TABLE = {
    "num_players": (one_of(numbers=(3, 4)), 3, 3, 3, 4),
    "allow_hold": (to_bool, True, True, True, False),
    "half_whist": (to_bool, True, True, True, True),
    "gentleman_half_whist_switch": (to_bool, False, True, False, False),
    "dealer_may_whist": (to_bool, True, True, True, True),
    "mandatory_whist_6s": (to_bool, False, False, False, True),
    "ten_trick_mode": (one_of("whist", "checked"), "whist", "whist", "whist", "checked"),
    "allow_walkaway": (to_bool, False, False, False, False),
    "open_after_first_lead": (to_bool, False, False, False, False),
    "all_pass_exit": (one_of("any_game", "whisted_game"), "any_game", "whisted_game", "any_game", "any_game"),
    "all_pass_exit_levels": (int_list(6, 10), (6,), (6,), (6,), (6,)),
    "all_pass_talon": (one_of("suit_only", "dealer_owns", "none"), "dealer_owns", "dealer_owns", "suit_only",
                       "dealer_owns"),
    "dealer_talon_bonus": (to_bool, False, False, False, True),
    "same_dealer_after_all_pass": (to_bool, False, False, False, True),
}


@attrs.frozen
class PlaySettings:
    """The play settings of one variant (names as in §10)."""

    variant: str
    num_players: int
    allow_hold: bool
    half_whist: bool
    gentleman_half_whist_switch: bool
    dealer_may_whist: bool
    mandatory_whist_6s: bool
    ten_trick_mode: str
    allow_walkaway: bool
    open_after_first_lead: bool
    all_pass_exit: str
    all_pass_exit_levels: tuple
    all_pass_talon: str
    dealer_talon_bonus: bool
    same_dealer_after_all_pass: bool

    def dealer_talon_bonus_recorded(self, n_players):
        """True when a trick contract's record carries the talon for the dealer's talon bonus (§7.8, 4 players)."""
        return self.dealer_talon_bonus and n_players == 4

    def talon_mode(self, n_players):
        """The effective all-pass talon mode: ``dealer_owns`` behaves as ``suit_only`` with 3 players (§6.3)."""
        if self.all_pass_talon == "dealer_owns" and n_players == 3:
            return "suit_only"
        return self.all_pass_talon


def even_count(value):
    """A setting's even integer value ≥ 0 (``razboinik_all_pass_deals``: whole rounds of the two dealers)."""
    value = to_int(value, 0)
    if value % 2:
        raise ValueError("expected an even integer")
    return value


# rules/preferans-variants.md §1.12: the gusarik preset is the Classic column with these play values, which a
# setting may not change (two players, no half-whist, no sitting-out dealer, no all-pass talon, no walkaway) ...
GUSARIK_FIXED = {"num_players": 2, "half_whist": False, "dealer_may_whist": False, "all_pass_talon": "none",
                 "dealer_talon_bonus": False, "allow_walkaway": False}
# ... and these play settings of its own: name -> (converter, default).
GUSARIK_TABLE = {"gusarik_stage": (one_of("razboinik", "pool"), "razboinik"),
                 "razboinik_all_pass_deals": (even_count, 4)}


@attrs.frozen
class GusarikSettings(PlaySettings):
    """The play settings of Gusarik (rules/preferans-variants.md §1.12): Classic's, and how the game is staged."""

    gusarik_stage: str = "razboinik"
    razboinik_all_pass_deals: int = 4


@attrs.frozen
class OldPlaySettings:
    """The play settings of the 19th-century game (rules/preferans-variants.md §3): none can be changed
    (rules/preferans-variants.md §3.9 has scoring settings only)."""

    variant: str = OLD
    num_players: int = 3
    allow_walkaway: bool = False      # no walkaway (rules/preferans.md §4 item 4) in the old game


def variant_name(variant):
    """The canonical name of ``variant`` (any case); SettingsError naming the known ones otherwise."""
    key = (variant or "").strip().lower() if isinstance(variant, str) else variant
    if key not in ALL_VARIANTS:
        raise SettingsError(f"unknown preferans variant {variant!r} (known: {', '.join(ALL_VARIANTS)})",
                            field="variant")
    return key


def _convert(table, name, value):
    try:
        return table[name][0](value)
    except (ValueError, TypeError) as exc:
        raise SettingsError(f"bad value {value!r} for setting {name!r}: {exc}", field=name) from None


def default_players(settings):
    """How many play at a table of ``settings`` (PlaySettings) that names no players: the number the variant
    fixes (Gusarik, the old game), else three."""
    return settings.num_players if settings.variant in (GUSARIK, OLD) else 3


def play_settings(variant, **overrides):
    """The PlaySettings of ``variant`` with single settings overridden by name; SettingsError for an unknown
    variant or setting, or a value the setting does not take."""
    key = variant_name(variant)
    if key == OLD:
        if overrides:
            name = next(iter(overrides))
            raise SettingsError(f"the old game has no play setting {name!r}", field=name)
        return OldPlaySettings()
    column = VARIANTS.index(key if key != GUSARIK else "classic") + 1
    values = {name: row[column] for name, row in PLAY_TABLE.items()}
    extra = {}
    if key == GUSARIK:
        values.update(GUSARIK_FIXED)
        extra = {name: row[1] for name, row in GUSARIK_TABLE.items()}
    for name, value in overrides.items():
        if name in extra:
            extra[name] = _convert(GUSARIK_TABLE, name, value)
        elif name not in PLAY_TABLE:
            raise SettingsError(f"unknown play setting {name!r}", field=name)
        elif key == GUSARIK and name in GUSARIK_FIXED:
            given = _convert({name: (to_int,)} if name == "num_players" else PLAY_TABLE, name, value)
            if given != GUSARIK_FIXED[name]:
                fixed = GUSARIK_FIXED[name]
                shown = str(fixed).lower() if isinstance(fixed, bool) else fixed     # as --set spells it
                raise SettingsError(f"Gusarik takes only {name}={shown}", field=name)
        else:
            values[name] = _convert(PLAY_TABLE, name, value)
    if key == GUSARIK:
        return GusarikSettings(key, **values, **extra)
    return PlaySettings(key, **values)
