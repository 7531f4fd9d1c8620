"""What one bridge board's State needs beside its cards (the Setup ``Bridge.new_state`` takes)."""
import attrs

from trickcore.games.base import Setup


@attrs.frozen(kw_only=True)
class BridgeSetup(Setup):
    """Board number ``board``, which fixes the ``dealer`` and the ``vulnerability`` unless they are given (None:
    the board's); ``variant`` a variant or its name (default the standard game); ``seating`` each seat's player
    index, None for a dummy seat, at a variant's table."""

    dealer: object = None
    board: int = 1
    vulnerability: object = None
    seating: tuple = (0, 1, 2, 3)
