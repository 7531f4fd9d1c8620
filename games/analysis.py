"""A game's double-dummy analysis (the ``game.analysis`` service): its options checked, one deal or a file's
deals analysed, and the default every game gets, each side's tricks per trump (a TrickTable)."""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from trickcore.cards import Suit
from trickcore.dealing import Deal
from trickcore.errors import InputError, ReadLog
from trickcore.lines import best_line, seats_of
from trickcore.solver import Position, solve, solve_batch

if TYPE_CHECKING:  # games.base imports this module
    from trickcore.games.base import Game


@attrs.frozen
class Analysis:
    """The analysis of ``game``'s deals with its ``analysis_options``; games with an analysis in their own terms
    subclass it (``Game.analysis_type``)."""

    game: Game

    def names(self) -> list[str]:
        """The names of the game's ``analysis_options``."""
        return [option.name for option in self.game.analysis_options]

    def settings(self, opts: Mapping[str, Any]) -> Mapping[str, Any]:
        """``opts`` if every name is one of the game's ``analysis_options``; otherwise an InputError naming it."""
        for name in opts:
            if name not in self.names():
                known = ", ".join(self.names()) or "none"
                raise InputError(f"the {self.game.name} analysis takes no option {name!r} (options: {known})",
                                 field=name)
        return opts

    def analyse(self, deal: Deal, **opts: Any) -> Any:
        """Double-dummy analysis of ``deal``: each side's tricks for every trump suit and no trump (a TrickTable),
        the options' dealer's left leading."""
        game = self.game
        return side_tricks(game, deal, game.seat_index(self.settings(opts).get("dealer", 0)), (*Suit, None))

    def read_deals(self, path: str | os.PathLike[str],
                   log: ReadLog | None = None) -> list[tuple[Deal, dict[str, Any], dict[str, Any]]]:
        """The deals of a file, each with its own analysis options and its name in the file (e.g. its board
        number): [(deal, options, label dict)], all checked before any is analysed; ``log`` (a ReadLog) collects
        a forgiving reader's warnings."""
        raise InputError(f"{self.game.name} reads no file of deals: analyse one deal at a time", source=path)

    def analyse_batch(self, items: Iterable[Sequence[Any]], jobs: int = 1, **opts: Any) -> Iterator[Any]:
        """``analyse`` for each (deal, options, ...) of ``items`` (as ``read_deals`` gives them; a deal's own
        options over ``opts``) on ``jobs`` worker processes; a lazy iterator in order."""
        self.settings(opts)
        return solve_batch(_analyse, ((self, item[0], {**opts, **item[1]}) for item in items), jobs)


def _analyse(analysis: Analysis, deal: Deal, opts: Mapping[str, Any]) -> Any:
    """``analysis.analyse(deal, **opts)``: one task of ``analyse_batch`` (a module function, for worker
    processes)."""
    return analysis.analyse(deal, **opts)


@attrs.frozen
class TrickTable:
    """Each side's double-dummy tricks in one deal for each trump, one seat leading to the first trick.

    ``tricks`` is {trump ("S".."C", "NT"): {side: tricks}}; a side is a partnership with four seats (named by
    its seats, "NS"), otherwise one seat alone against all the others. ``titles`` name the sides in text. With
    one trump, ``line`` may hold one best line of play from the first lead, as (seat, card) pairs.
    """

    deal: str
    dealer: str
    leader: str
    tricks: dict[str, dict[str, int]]
    titles: tuple[str, ...]
    line: tuple[tuple[str, str], ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: the deal, dealer, leader and the tricks per trump and side (and the line's cards)."""
        line = {} if self.line is None else {"line": [card for _, card in self.line]}
        return {"deal": self.deal, "dealer": self.dealer, "leader": self.leader, "tricks": self.tricks, **line}

    def text(self) -> str:
        """The tricks as text: a line per trump, the sides' tricks in ``titles`` order."""
        lines = [self.deal, f"dealer {self.dealer}, {self.leader} leads; tricks {' / '.join(self.titles)}:"]
        for trump, row in self.tricks.items():
            label = "no trump" if trump == "NT" else f"trumps {trump}"
            lines.append(f"  {label}: " + " / ".join(str(n) for n in row.values()))
        n_seats = 4 if len(self.titles) == 2 else len(self.titles)     # two sides are four seats' partnerships
        return "\n".join(lines + line_lines(self.line, n_seats=n_seats)) + "\n"


def side_tricks(game: Game, deal: Deal, dealer: int, trumps: Iterable[Suit | None],
                titles: Iterable[str] | None = None) -> TrickTable:
    """The TrickTable of ``deal`` in ``game`` for ``trumps`` (Suits, None for no trump), dealt by ``dealer``.

    The dealer's left leads (``game.first_leader``), every trick by ``game.trick_rules(trump)``. With four
    seats the partners (seats 0 and 2, 1 and 3) play together: one search per trump; with three each seat
    plays alone against the two others: one search per seat and trump.
    """
    leader = game.first_leader(dealer)
    n = game.n_seats
    sides: tuple[tuple[int, ...], ...]
    if n == 4:
        sides = ((0, 2), (1, 3))
    else:
        sides = tuple((seat,) for seat in range(n))
    names = tuple("".join(game.seats[s] for s in side) for side in sides)
    tricks: dict[str, dict[str, int]] = {}
    for trump in trumps:
        rules = game.trick_rules(trump)
        row: tuple[int, ...]
        if n == 4:
            first = solve(Position(rules, deal.hands, leader, seat=0))
            row = (first, deal.hand_size - first)
        else:
            row = tuple(solve(Position(rules, deal.hands, leader, seat=s, declarer=s)) for s in range(n))
        tricks["NT" if trump is None else trump.letter] = dict(zip(names, row))
    return TrickTable(game.formats.format_deal(deal), game.seats[dealer], game.seats[leader], tricks,
                      names if titles is None else tuple(titles))


def named_line(position: Position, seats: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """One best line of play from ``position`` (``trickcore.lines.best_line``) as (seat name, card) pairs,
    ``seats`` naming the seats."""
    cards = best_line(position)
    return tuple((seats[seat], str(card)) for seat, card in zip(seats_of(position, cards), cards))


def line_lines(line: Sequence[tuple[str, str]] | None, on_trick: int = 0, n_seats: int = 4) -> list[str]:
    """The text of a best line of play ((seat name, card) pairs; None: no line, no text): a heading, then a line
    per trick, the first holding only the cards still to come when ``on_trick`` were already on it."""
    if line is None:
        return []
    out = ["best line:"]
    start = 0
    while start < len(line):
        end = start + n_seats - (on_trick if start == 0 else 0)
        out.append("  " + "  ".join(f"{seat} {card}" for seat, card in line[start:end]))
        start = end
    return out
