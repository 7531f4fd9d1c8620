"""Whist double-dummy analysis: each partnership's tricks in every trump suit (or one), the dealer's left
leading, as whist has no no-trump play (rules/whist.md §2)."""
import attrs

from trickcore.cards import Suit, parse_suit
from trickcore.games.analysis import Analysis, side_tricks

SIDE_TITLES = ("North-South", "East-West")


@attrs.frozen
class WhistAnalysis(Analysis):
    """The whist analysis service (``WHIST.analysis``)."""

    def analyse(self, deal, **opts):
        """Each side's tricks in ``deal`` with each trump suit (only ``trump`` when given): a TrickTable;
        ``dealer`` (default N) is a seat name or index, his left-hand opponent leads."""
        opts = self.settings(opts)
        trump = opts.get("trump")
        trumps = tuple(Suit) if trump is None else (trump if isinstance(trump, Suit) else parse_suit(trump),)
        return side_tricks(self.game, deal, self.game.seat_index(opts.get("dealer", "N")), trumps, SIDE_TITLES)
