"""The whist rulesets (§1): one frozen settings class, its three named presets, overrides by name.

``WhistRules.SHORT`` (the default), ``WhistRules.LONG`` and ``WhistRules.AMERICAN`` are instances of the same
class; every setting may be overridden (``rules.override(honours=False)``; text from ``--set`` goes through the
whist scoring systems' ``settings``). An unknown setting or a bad value raises SettingsError. The
settings that change play (ruleset, trump selection, first dealer) are the game's ``WhistVariant``
(trickcore.games.whist.variants), which ``WhistRules`` extends with the scoring settings.

Sections (§) are those of docs/rules/whist.md.
"""
import attrs

from trickcore.errors import SettingsError
from trickcore.games.whist.variants import VARIANTS, WhistVariant, one_of, ruleset

GAME_VALUES = VARIANTS
"""The game-value tables (§5), one per ruleset and named after it."""
CALL_POINTS = 8
"""The score at which long whist "calls" honours (§4 item 1)."""


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


@attrs.frozen
class WhistRules(WhistVariant):
    """The settings of a whist ruleset (§1); ``ruleset`` names the preset it started from."""

    game_target: int = attrs.field(default=5, converter=_whole)
    honours: bool = attrs.field(default=True, converter=_flag)
    honours_barred_at: frozenset = attrs.field(default=frozenset({4}), converter=_points_set)
    call_at_eight: bool = attrs.field(default=False, converter=_flag)
    game_value: str = attrs.field(default="short", converter=one_of(GAME_VALUES))
    rubber_bonus: int = attrs.field(default=2, converter=_whole)

    def __attrs_post_init__(self):
        super().__attrs_post_init__()
        if self.game_target < 1:
            raise SettingsError("game_target must be at least 1", field="game_target")
        if self.call_at_eight and not self.honours:
            raise SettingsError("call_at_eight needs honours=on", field="call_at_eight")

    @classmethod
    def preset(cls, name, **overrides):
        """The named preset (``short``, ``long`` or ``american``) with ``overrides`` applied."""
        return PRESETS[ruleset(name)].override(**overrides)

    @classmethod
    def setting_names(cls):
        """The names of every setting: the variant's (trump selection, first dealer), then the scoring's."""
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
    "long": WhistRules("long", game_target=10, honours=True, honours_barred_at={9}, call_at_eight=True,
                       game_value="long", rubber_bonus=1),
    "american": WhistRules("american", game_target=7, honours=False, honours_barred_at=(), call_at_eight=False,
                           game_value="american", rubber_bonus=0),
}
WhistRules.SHORT = PRESETS["short"]
WhistRules.LONG = PRESETS["long"]
WhistRules.AMERICAN = PRESETS["american"]

