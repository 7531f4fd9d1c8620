"""Bridge scoring settings (§15.1): one frozen attrs class, validated, with the named presets.

Only the keys the scoring plug-ins read live here; the session keys (movement, ranking) belong to the session
scorer.

Sections (§) are those of docs/rules/bridge.md.
"""
import attrs

from trickcore.games.bridge.vocab import Seat
from trickcore.errors import SettingsError


def _one_of(*allowed):
    def check(instance, attribute, value):
        if isinstance(value, bool) != any(isinstance(a, bool) for a in allowed) or value not in allowed:
            shown = ", ".join(str(a) for a in allowed)
            raise SettingsError(f"setting {attribute.name} must be one of {shown}, not {value!r}",
                                field=attribute.name)
    return check


def _percentage(instance, attribute, value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise SettingsError(f"setting {attribute.name} must be an integer 0..100, not {value!r}",
                            field=attribute.name)


def _integer(minimum=None):
    def check(instance, attribute, value):
        if isinstance(value, bool) or not isinstance(value, int) or (minimum is not None and value < minimum):
            raise SettingsError(f"setting {attribute.name} must be an integer"
                                + (f" >= {minimum}" if minimum is not None else "") + f", not {value!r}",
                                field=attribute.name)
    return check


def _seat(value):
    return value if isinstance(value, Seat) else Seat.parse(value)


@attrs.frozen
class BridgeScoringSettings:
    """Every scoring setting of §15.1 that the scoring plug-ins use; defaults = preset "standard"."""

    scoring: str = attrs.field(default="duplicate", validator=_one_of("duplicate", "rubber", "chicago",
                                                                   "chicago_duplicate", "russian"))
    first_dealer: Seat = attrs.field(default=Seat.N, converter=_seat)
    honours: bool = attrs.field(default=True, validator=_one_of(True, False))
    clean_rubber_bonus: int = attrs.field(default=700, validator=_one_of(700, 750))
    redouble_insult: int = attrs.field(default=100, validator=_one_of(100, 50))
    undertrick_scale: str = attrs.field(default="current", validator=_one_of("current", "pre1987"))
    game_bonus_style: str = attrs.field(default="rubber_bonus", validator=_one_of("rubber_bonus", "per_game_200"))
    unfinished_award: str = attrs.field(default="law80", validator=_one_of("law80", "each_side"))
    unfinished_partscore_bonus: int = attrs.field(default=100, validator=_one_of(100, 50))
    settle_unit: object = attrs.field(default=None, validator=_one_of(None, 100))
    chicago_vulnerability: str = attrs.field(default="dealer", validator=_one_of("dealer", "non_dealer"))
    chicago_partscore_bonus: str = attrs.field(default="deal4", validator=_one_of("deal4", "held_at_end"))
    chicago_passout: str = attrs.field(default="redeal", validator=_one_of("redeal", "count"))
    max_consecutive_passouts: int = attrs.field(default=100, validator=_integer(1))
    chicago_duplicate_partscore: int = attrs.field(default=50, validator=_one_of(50, 100))
    mp_units: str = attrs.field(default="european", validator=_one_of("european", "acbl"))
    neuberg: bool = attrs.field(default=True, validator=_one_of(True, False))
    compare_with_itself: bool = attrs.field(default=False, validator=_one_of(True, False))
    average_plus: int = attrs.field(default=60, validator=_percentage)
    average: int = attrs.field(default=50, validator=_percentage)
    average_minus: int = attrs.field(default=40, validator=_percentage)
    average_plus_mode: str = attrs.field(default="fixed", validator=_one_of("fixed", "session_if_better"))
    imp_average_plus: int = attrs.field(default=3, validator=_integer())
    imp_average_minus: int = attrs.field(default=-3, validator=_integer())
    butler_trim: object = attrs.field(default="auto")
    cross_imps: str = attrs.field(default="average", validator=_one_of("average", "total"))
    imp_ranking: str = attrs.field(default="total", validator=_one_of("total", "per_board"))
    vp_scale: str = attrs.field(default="wbf2013", validator=_one_of("wbf2013"))
    vp_repair: bool = attrs.field(default=True, validator=_one_of(True, False))
    russian_targets: str = attrs.field(default="qoobaa", validator=_one_of("qoobaa"))
    russian_tie_side: str = attrs.field(default="NS", validator=_one_of("NS", "EW"))
    russian_vulnerability: str = attrs.field(default="chicago", validator=_one_of("chicago", "board"))
    pbn_encoding: str = attrs.field(default="latin-1", validator=_one_of("latin-1", "utf-8"))
    # A rubber session's table size and rotation (rules/bridge-variants.md §6); None = from the number of players.
    table: object = attrs.field(default=None, validator=_one_of(None, "two_player", "three_player", "four_player",
                                                               "five_player", "six_player"))
    rotation: object = attrs.field(default=None, validator=_one_of(None, "fixed", "tour", "cycle", "free"))

    @butler_trim.validator
    def _check_trim(self, attribute, value):
        if value in ("auto", "median"):
            return
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SettingsError(f"setting butler_trim must be auto, median or an integer >= 0, not {value!r}",
                                field="butler_trim")

    def with_values(self, **changes):
        """A copy with some settings changed; unknown keys raise SettingsError."""
        known = attrs.fields_dict(type(self))
        for key in changes:
            if key not in known:
                raise SettingsError(f"unknown bridge setting {key!r}", field=key)
        return attrs.evolve(self, **changes)


PRESETS = {
    "standard": BridgeScoringSettings(),
    # The seed preset turns on every seed variant marked † in §15.1.
    "seed": BridgeScoringSettings(honours=True, chicago_vulnerability="non_dealer",
                                  chicago_partscore_bonus="held_at_end", unfinished_award="each_side"),
}


def preset(name):
    """The named preset ("standard" or "seed")."""
    try:
        return PRESETS[name]
    except KeyError:
        raise SettingsError(f"unknown bridge settings preset {name!r} (known: {', '.join(PRESETS)})",
                            field="preset") from None


def parse_setting_value(key, text):
    """Convert ``text`` from a command line ``key=value`` to the type the setting ``key`` takes."""
    if key not in attrs.fields_dict(BridgeScoringSettings):
        raise SettingsError(f"unknown bridge setting {key!r}", field=key)
    lowered = text.strip().lower()
    if lowered in ("true", "on", "yes"):
        return True
    if lowered in ("false", "off", "no"):
        return False
    if lowered == "none":
        return None
    try:
        return int(lowered)
    except ValueError:
        return text.strip() if key != "first_dealer" else text.strip().upper()
