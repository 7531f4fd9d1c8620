"""The whist rulesets (whist.md §1): one frozen settings class, its three named presets, overrides by name.

``WhistRules.SHORT`` (the default), ``WhistRules.LONG`` and ``WhistRules.AMERICAN`` are instances of the same
class; every setting may be overridden (``rules.override(honours=False)``; text from ``--set`` goes through the
whist scoring systems' ``settings``). An unknown setting or a bad value raises SettingsError.
"""
import attrs

from trickcore.cards import Suit
from trickcore.errors import NotationError, SettingsError

GAME_VALUES = ("short", "long", "american")
TRUMP_SELECTIONS = ("turn_up", "fixed")
SEAT_LETTERS = "NESW"
CALL_POINTS = 8
"""The score at which long whist "calls" honours (whist.md §4.1)."""


def _flag(value):
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("on", "true", "yes", "1"):
        return True
    if text in ("off", "false", "no", "0"):
        return False
    raise SettingsError(f"{value!r} is not on/off")


def _whole(value):
    if isinstance(value, bool):
        raise SettingsError(f"{value!r} is not a whole number")
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise SettingsError(f"{value!r} is not a whole number") from None
    if number != value and not isinstance(value, str):
        raise SettingsError(f"{value!r} is not a whole number")
    if number < 0:
        raise SettingsError(f"{value!r} is negative")
    return number


def _points_set(value):
    if isinstance(value, str):
        text = value.strip().strip("{}")
        if text.lower() in ("", "none", "-"):
            return frozenset()
        value = text.replace(";", ",").split(",")
    if isinstance(value, int):
        value = [value]
    return frozenset(_whole(v) for v in value)


def _choice(options):
    def convert(value):
        text = str(value).strip().lower()
        if text not in options:
            raise SettingsError(f"{value!r} is not one of {', '.join(options)}")
        return text
    return convert


def _suit(value):
    if value is None or isinstance(value, Suit):
        return value
    text = str(value).strip().upper()
    if text in ("", "NONE", "-"):
        return None
    if text not in ("S", "H", "D", "C"):
        raise SettingsError(f"{value!r} is not a suit (S, H, D or C)")
    return Suit[text]


def _seat(value):
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return SEAT_LETTERS[value]
    text = str(value).strip().upper()[:1]
    if not text or text not in SEAT_LETTERS:
        raise SettingsError(f"{value!r} is not a seat (N, E, S or W)")
    return text


@attrs.frozen
class WhistRules:
    """The settings of a whist ruleset (whist.md §1); ``ruleset`` names the preset it started from."""

    ruleset: str = attrs.field(default="short", converter=_choice(GAME_VALUES))
    game_target: int = attrs.field(default=5, converter=_whole)
    honours: bool = attrs.field(default=True, converter=_flag)
    honours_barred_at: frozenset = attrs.field(default=frozenset({4}), converter=_points_set)
    call_at_eight: bool = attrs.field(default=False, converter=_flag)
    game_value: str = attrs.field(default="short", converter=_choice(GAME_VALUES))
    rubber_bonus: int = attrs.field(default=2, converter=_whole)
    trump_selection: str = attrs.field(default="turn_up", converter=_choice(TRUMP_SELECTIONS))
    fixed_trump: Suit | None = attrs.field(default=None, converter=_suit)
    first_dealer: str = attrs.field(default="N", converter=_seat)

    def __attrs_post_init__(self):
        if self.game_target < 1:
            raise SettingsError("game_target must be at least 1", field="game_target")
        if self.trump_selection == "fixed" and self.fixed_trump is None:
            raise SettingsError("trump_selection=fixed needs fixed_trump (S, H, D or C)", field="fixed_trump")
        if self.trump_selection == "turn_up" and self.fixed_trump is not None:
            raise SettingsError("fixed_trump goes with trump_selection=fixed", field="fixed_trump")
        if self.call_at_eight and not self.honours:
            raise SettingsError("call_at_eight needs honours=on", field="call_at_eight")

    @classmethod
    def preset(cls, name, **overrides):
        """The named preset (``short``, ``long`` or ``american``) with ``overrides`` applied."""
        key = str(name).strip().lower()
        if key not in PRESETS:
            raise SettingsError(f"unknown whist ruleset {name!r} (known: {', '.join(PRESETS)})", field="ruleset")
        return PRESETS[key].override(**overrides)

    @classmethod
    def setting_names(cls):
        """The names of every setting, in table order."""
        return [a.name for a in attrs.fields(cls) if a.name != "ruleset"]

    def override(self, **changes):
        """A copy with the named settings changed; SettingsError for an unknown name or a bad value."""
        known = set(self.setting_names())
        for name in changes:
            if name not in known:
                raise SettingsError(f"unknown whist setting {name!r} (settings: {', '.join(sorted(known))})",
                                    field=name)
        # Switching back to the turn-up drops a fixed trump, so one override is enough to undo another.
        if str(changes.get("trump_selection", "")).strip().lower() == "turn_up":
            changes.setdefault("fixed_trump", None)
        for name, value in changes.items():
            try:
                attrs.fields_dict(WhistRules)[name].converter(value)
            except SettingsError as exc:
                raise exc.located(field=name)
        return attrs.evolve(self, **changes)

    def to_dict(self):
        """The settings as a JSON-ready dict."""
        return {"ruleset": self.ruleset, "game_target": self.game_target, "honours": self.honours,
                "honours_barred_at": sorted(self.honours_barred_at), "call_at_eight": self.call_at_eight,
                "game_value": self.game_value, "rubber_bonus": self.rubber_bonus,
                "trump_selection": self.trump_selection,
                "fixed_trump": None if self.fixed_trump is None else self.fixed_trump.name,
                "first_dealer": self.first_dealer}


PRESETS = {
    "short": WhistRules(),
    "long": WhistRules("long", 10, True, {9}, True, "long", 1),
    "american": WhistRules("american", 7, False, (), False, "american", 0),
}
WhistRules.SHORT = PRESETS["short"]
WhistRules.LONG = PRESETS["long"]
WhistRules.AMERICAN = PRESETS["american"]


def parse_trump(value):
    """A trump suit given as a letter (S, H, D, C); NotationError otherwise."""
    try:
        suit = _suit(value)
    except SettingsError as exc:
        raise NotationError(exc.message) from None
    if suit is None:
        raise NotationError("whist always has a trump suit")
    return suit
