"""A game's deals as text: reading and writing one deal, the deals of a run in a notation (PBN), a deal as JSON,
and the text diagram (the ``game.formats`` service every game has)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from trickcore.cards import Card, Suit, format_hand
from trickcore.dealing import Deal, DealBatch, parse_deal
from trickcore.errors import InputError, InvalidDeal

if TYPE_CHECKING:  # games.base imports this module
    from trickcore.games.base import Game


@attrs.frozen
class Formats:
    """The deals of ``game`` as text; a game with notations of its own subclasses it (``Game.formats_type``)."""

    game: Game

    def parse_deal(self, text: str, endings: bool = False) -> Deal:
        """Read a deal of this game and check its size; with ``endings``, a game without a talon also takes hands
        of any one size (an ending or a problem: the other cards are out of play)."""
        game = self.game
        deal = parse_deal(text, game.deck)
        # A Deal holds every card of the deck: an ending's cards out of play are its talon.
        ending = endings and not game.talon_size
        if deal.n_seats != game.n_seats or (len(deal.talon) != game.talon_size and not ending):
            raise InvalidDeal(f"a {game.name} deal has {game.n_seats} hands"
                              + (f" and a talon of {game.talon_size}" if game.talon_size else ""))
        return deal

    def format_deal(self, deal: Deal) -> str:
        """The canonical text of a deal."""
        return deal.to_string()

    def format_deals(self, batch: DealBatch, notation: str, seed: int, dealer: int) -> str:
        """The deals of ``batch`` (dealt by seat index ``dealer`` from ``seed``) written in ``notation``, one of
        the game's ``deal_notations`` (PBN: one game of tags per deal); InputError for a notation the game does
        not write."""
        game = self.game
        if notation not in game.deal_notations:
            raise InputError(f"{game.name} deals are not written as {notation} (notations: "
                             f"{', '.join(game.deal_notations) or 'none'})", field="format")
        games = []
        for index, deal in enumerate(batch):
            tags = [("Event", f"trickcore seed {seed}"), ("Board", str(index + 1)), ("Dealer", game.seats[dealer]),
                    ("Deal", self.format_deal(deal))]
            if game.pbn_game_tag:
                tags.insert(0, ("Game", game.title))
            games.append("".join(f'[{name} "{value}"]\n' for name, value in tags))
        return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(games)

    def deal_dict(self, deal: Deal) -> dict[str, Any]:
        """A JSON-ready description of a deal: the deal string, each hand, the talon."""
        out: dict[str, Any] = {"deal": self.format_deal(deal),
               "hands": {seat: format_hand(h) for seat, h in zip(self.game.seats, deal.hands)}}
        if self.game.talon_size:
            out["talon"] = [str(c) for c in sorted(deal.talon, reverse=True)]
        return out

    def diagram(self, deal: Deal) -> str:
        """The deal as text: a compass diagram for four hands, otherwise one block per hand."""
        game = self.game
        if game.n_seats == 4 and not game.talon_size:
            return compass_diagram(game.seats, deal.hands)
        blocks = []
        for seat, hand in zip(game.seats, deal.hands):
            blocks.append(hand_lines(seat, hand))
        if game.talon_size:
            blocks.append(["talon: " + " ".join(str(c) for c in sorted(deal.talon, reverse=True))])
        width = max(len(line) for block in blocks for line in block) + 3
        rows = []
        for k in range(0, len(blocks), 2):
            pair = blocks[k:k + 2]
            for i in range(max(len(b) for b in pair)):
                cells = [b[i] if i < len(b) else "" for b in pair]
                rows.append("".join(c.ljust(width) for c in cells).rstrip())
        return "\n".join(rows)


def hand_lines(seat: str, hand: Iterable[Card]) -> list[str]:
    """A hand as lines: its seat name, then one line per suit (``♠ A K 7``), a void as ``-``."""
    lines = [str(seat)]
    for suit in Suit:
        ranks = sorted((c.rank for c in hand if c.suit == suit), reverse=True)
        lines.append(f"{suit.symbol} " + (" ".join(r.letter for r in ranks) or "-"))
    return lines


def compass_diagram(seats: Sequence[str], hands: Sequence[Iterable[Card]]) -> str:
    """Four hands in the usual bridge diagram: the first seat on top, the second right, third below, fourth left."""
    top, right, bottom, left = (hand_lines(s, h) for s, h in zip(seats, hands))
    pad = " " * 16
    rows = [pad + line for line in top]
    for i in range(len(left)):
        rows.append((left[i].ljust(32) + right[i]).rstrip())
    rows.extend(pad + line for line in bottom)
    return "\n".join(rows)
