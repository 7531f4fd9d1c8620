"""Whist double-dummy analysis: each partnership's tricks in every trump suit (or one), the dealer's left
leading, as whist has no no-trump play (whist.md §2)."""
from trickcore.cards import Suit, parse_suit
from trickcore.games.base import side_tricks

SIDE_TITLES = ("North-South", "East-West")


def analyse(game, deal, dealer="N", trump=None):
    """Each side's tricks in ``deal`` with each trump suit (only ``trump`` when given): a TrickTable.

    ``dealer`` is a seat name or index; his left-hand opponent leads.
    """
    trumps = tuple(Suit) if trump is None else (trump if isinstance(trump, Suit) else parse_suit(trump),)
    return side_tricks(game, deal, game.seat_index(dealer), trumps, SIDE_TITLES)
