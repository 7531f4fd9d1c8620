"""A game's double-dummy analysis (the ``game.analysis`` service): its options checked, one deal or a file's
deals analysed, and the default every game gets, each side's tricks per trump (a TrickTable)."""
import attrs

from trickcore.cards import Suit
from trickcore.errors import InputError
from trickcore.solver import Position, solve, solve_batch


@attrs.frozen
class Analysis:
    """The analysis of ``game``'s deals with its ``analysis_options``; games with an analysis in their own terms
    subclass it (``Game.analysis_type``)."""

    game: object

    def names(self):
        """The names of the game's ``analysis_options``."""
        return [option.name for option in self.game.analysis_options]

    def settings(self, opts):
        """``opts`` if every name is one of the game's ``analysis_options``; otherwise an InputError naming it."""
        for name in opts:
            if name not in self.names():
                known = ", ".join(self.names()) or "none"
                raise InputError(f"the {self.game.name} analysis takes no option {name!r} (options: {known})",
                                 field=name)
        return opts

    def analyse(self, deal, **opts):
        """Double-dummy analysis of ``deal``: each side's tricks for every trump suit and no trump (a TrickTable),
        the options' dealer's left leading."""
        game = self.game
        return side_tricks(game, deal, game.seat_index(self.settings(opts).get("dealer", 0)), (*Suit, None))

    def read_deals(self, path, log=None):
        """The deals of a file, each with its own analysis options and its name in the file (e.g. its board
        number): [(deal, options, label dict)], all checked before any is analysed; ``log`` (a ReadLog) collects
        a forgiving reader's warnings."""
        raise InputError(f"{self.game.name} reads no file of deals: analyse one deal at a time", source=path)

    def analyse_batch(self, items, jobs=1, **opts):
        """``analyse`` for each (deal, options, ...) of ``items`` (as ``read_deals`` gives them; a deal's own
        options over ``opts``) on ``jobs`` worker processes; a lazy iterator in order."""
        self.settings(opts)
        return solve_batch(_analyse, ((self, item[0], {**opts, **item[1]}) for item in items), jobs)


def _analyse(analysis, deal, opts):
    """``analysis.analyse(deal, **opts)``: one task of ``analyse_batch`` (a module function, for worker
    processes)."""
    return analysis.analyse(deal, **opts)


@attrs.frozen
class TrickTable:
    """Each side's double-dummy tricks in one deal for each trump, one seat leading to the first trick.

    ``tricks`` is {trump ("S".."C", "NT"): {side: tricks}}; a side is a partnership with four seats (named by
    its seats, "NS"), otherwise one seat alone against all the others. ``titles`` name the sides in text.
    """

    deal: str
    dealer: str
    leader: str
    tricks: dict
    titles: tuple

    def to_dict(self):
        """JSON-ready form: the deal, dealer, leader and the tricks per trump and side."""
        return {"deal": self.deal, "dealer": self.dealer, "leader": self.leader, "tricks": self.tricks}

    def text(self):
        """The tricks as text: a line per trump, the sides' tricks in ``titles`` order."""
        lines = [self.deal, f"dealer {self.dealer}, {self.leader} leads; tricks {' / '.join(self.titles)}:"]
        for trump, row in self.tricks.items():
            label = "no trump" if trump == "NT" else f"trumps {trump}"
            lines.append(f"  {label}: " + " / ".join(str(n) for n in row.values()))
        return "\n".join(lines) + "\n"


def side_tricks(game, deal, dealer, trumps, titles=None):
    """The TrickTable of ``deal`` in ``game`` for ``trumps`` (Suits, None for no trump), dealt by ``dealer``.

    The dealer's left leads (``game.first_leader``), every trick by ``game.trick_rules(trump)``. With four
    seats the partners (seats 0 and 2, 1 and 3) play together: one search per trump; with three each seat
    plays alone against the two others: one search per seat and trump.
    """
    leader = game.first_leader(dealer)
    n = game.n_seats
    if n == 4:
        sides = ((0, 2), (1, 3))
    else:
        sides = tuple((seat,) for seat in range(n))
    names = tuple("".join(game.seats[s] for s in side) for side in sides)
    tricks = {}
    for trump in trumps:
        rules = game.trick_rules(trump)
        if n == 4:
            first = solve(Position(rules, deal.hands, leader, seat=0))
            row = (first, deal.hand_size - first)
        else:
            row = tuple(solve(Position(rules, deal.hands, leader, seat=s, declarer=s)) for s in range(n))
        tricks["NT" if trump is None else trump.letter] = dict(zip(names, row))
    return TrickTable(game.formats.format_deal(deal), game.seats[dealer], game.seats[leader], tricks,
                      names if titles is None else tuple(titles))
