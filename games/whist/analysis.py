"""Whist double-dummy analysis: each partnership's tricks in every trump suit (or one), the dealer's left
leading, as whist has no no-trump play (rules/whist.md §2)."""
import attrs

from trickcore.cards import Suit, parse_suit
from trickcore.errors import InputError
from trickcore.games.analysis import Analysis, named_line, side_tricks
from trickcore.solver import Position

SIDE_TITLES = ("North-South", "East-West")


@attrs.frozen
class WhistAnalysis(Analysis):
    """The whist analysis service (``WHIST.analysis``)."""

    def analyse(self, deal, **opts):
        """Each side's tricks in ``deal`` with each trump suit (only ``trump`` when given): a TrickTable;
        ``dealer`` (default N) is a seat name or index, his left-hand opponent leads; ``line`` (with ``trump``)
        adds one best line of play from the first lead."""
        opts = self.settings(opts)
        trump = opts.get("trump")
        trumps = tuple(Suit) if trump is None else (trump if isinstance(trump, Suit) else parse_suit(trump),)
        dealer = self.game.seat_index(opts.get("dealer", "N"))
        table = side_tricks(self.game, deal, dealer, trumps, SIDE_TITLES)
        if not opts.get("line"):
            return table
        if trump is None:
            raise InputError("--line plays one trump suit: give --trump", field="line")
        position = Position(self.game.trick_rules(trumps[0]), deal.hands, self.game.first_leader(dealer))
        return attrs.evolve(table, line=named_line(position, self.game.seats))
