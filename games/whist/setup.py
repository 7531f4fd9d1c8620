"""What one whist hand's State needs beside its cards (the Setup ``Whist.new_state`` takes)."""
import attrs

from trickcore.games.base import Setup


@attrs.frozen(kw_only=True)
class WhistSetup(Setup):
    """The hand dealt by ``dealer`` under ``variant`` (a WhistVariant or a ruleset name; default short whist),
    which decides trumps from ``turn_up`` (the card dealt last, in the dealer's hand) or fixes them; ``number`` is
    the hand's number in a match, ``called`` marks a hand not played because a side called at eight."""

    turn_up: object = None
    number: int = 0
    called: bool = False
