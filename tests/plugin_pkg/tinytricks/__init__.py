"""Tiny: three players, the 24 cards from nine to ace, no trumps; a game trickcore does not ship."""
import attrs

from trickcore.games.base import Game
from trickcore.cards import Deck, Rank


@attrs.frozen
class Tiny(Game):
    """Three hands of eight cards, nine to ace, dealt one at a time from the dealer's left."""

    name = "tiny"
    title = "Tiny (a third-party plug-in)"
    deck = Deck.from_ranks("24", Rank.NINE)
    seats = ("X", "Y", "Z")
    variants = ("plain",)


TINY = Tiny()
