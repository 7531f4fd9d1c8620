"""Whist's variants (rules/whist.md §1): the rulesets by name, and the settings that change play or a match: how trumps
are chosen (the turn-up, or a fixed suit) and who deals first.

``WhistVariant`` holds those settings; the scorer's ``WhistRules`` (trickcore.scoring.whist) extends it with
the scoring settings (game target, honours, calling at eight...), so one settings object drives a whole match.
The three rulesets play alike: they differ in scoring only, and long whist's calling at eight (a hand not
played) is decided by the scorer from the score.
"""
import attrs

from trickcore.cards import Suit
from trickcore.errors import InvalidRecord, NotationError, SettingsError
from trickcore.games.whist.vocab import SEATS, parse_trump

VARIANTS = ("short", "long", "american")
"""The rulesets by name; short whist is the default."""
TRUMP_SELECTIONS = ("turn_up", "fixed")
"""How the trump suit of a hand is chosen: the turned-up last card, or a fixed suit ([PROJECT] analysis)."""


def ruleset(name):
    """The ruleset called ``name`` (any case); SettingsError naming the known ones."""
    key = str(name).strip().lower()
    if key not in VARIANTS:
        raise SettingsError(f"unknown whist ruleset {name!r} (known: {', '.join(VARIANTS)})", field="ruleset")
    return key


def one_of(options):
    """A settings converter accepting one of ``options`` (any case); SettingsError otherwise."""
    def convert(value):
        text = str(value).strip().lower()
        if text not in options:
            raise SettingsError(f"{value!r} is not one of {', '.join(options)}")
        return text
    return convert


def _fixed_trump(value):
    if value is None or isinstance(value, Suit):
        return value
    if str(value).strip().upper() in ("", "NONE", "-"):
        return None
    try:
        return parse_trump(value)
    except NotationError as exc:
        raise SettingsError(exc.message) from None


def _seat(value):
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(SEATS):
        return SEATS[value]
    text = str(value).strip().upper()[:1]
    if not text or text not in SEATS:
        raise SettingsError(f"{value!r} is not a seat (N, E, S or W)")
    return text


@attrs.frozen
class WhistVariant:
    """The settings of a whist ruleset that change play: its name, the trump selection and the first dealer."""

    ruleset: str = attrs.field(default="short", converter=one_of(VARIANTS))
    trump_selection: str = attrs.field(default="turn_up", converter=one_of(TRUMP_SELECTIONS))
    fixed_trump: Suit | None = attrs.field(default=None, converter=_fixed_trump)
    first_dealer: str = attrs.field(default="N", converter=_seat)

    def __attrs_post_init__(self):
        if self.trump_selection == "fixed" and self.fixed_trump is None:
            raise SettingsError("trump_selection=fixed needs fixed_trump (S, H, D or C)", field="fixed_trump")
        if self.trump_selection == "turn_up" and self.fixed_trump is not None:
            raise SettingsError("fixed_trump goes with trump_selection=fixed", field="fixed_trump")

    @property
    def first_dealer_index(self):
        """The seat index of the first dealer."""
        return SEATS.index(self.first_dealer)

    def trump(self, turn_up):
        """The trump suit of a hand whose turn-up is ``turn_up`` (None for a hand without one)."""
        if self.trump_selection == "fixed":
            return self.fixed_trump
        if turn_up is None:
            raise InvalidRecord("a hand without a turn-up must have a fixed trump", field="TurnUp")
        return turn_up.suit
