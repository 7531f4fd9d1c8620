"""The bridge game: deck, seats N E S W, dealing one card at a time from the dealer's left (bridge.md §1.3)."""
import attrs

from games.base import Game
from trickcore.cards import DECK52


@attrs.frozen
class Bridge(Game):
    """Contract bridge. Card ``c[i]`` of the seeded shuffle goes to seat ``(dealer + 1 + i) mod 4``."""

    name = "bridge"
    title = "Contract bridge"
    deck = DECK52
    seats = ("N", "E", "S", "W")


BRIDGE = Bridge()
