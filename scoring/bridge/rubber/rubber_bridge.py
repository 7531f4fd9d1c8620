"""The rubber bridge score sheet (rules/bridge.md §6): below and above the line, games, rubber bonus, unfinished rubber.

The ledger accumulates deals; every figure comes from the pure functions of ``contract.score`` and ``sheet``.
"""
from trickcore.games.bridge.vocab import Seat, Side, Vulnerability
from trickcore.scoring.base import Ledger
from trickcore.scoring.bridge.rubber.sheet import SheetDeal, SheetEntry, deal_entries, settle_entries
from trickcore.scoring.bridge.settings import BridgeScoringSettings
from trickcore.errors import InvalidRecord


class RubberLedger(Ledger):
    """One rubber's score sheet: ``add`` deals in order, then ``settle`` (an unfinished rubber gets its Law 80
    awards); ``preset`` names the settings preset for the sheet's title."""

    scoring = "rubber"

    def __init__(self, settings=None, preset="standard"):
        self.settings = settings or BridgeScoringSettings()
        self.preset = preset
        self.deals = []
        self.extra = []  # entries not tied to one deal: the unfinished-rubber awards
        self.games = {Side.NS: 0, Side.EW: 0}
        self.current = {Side.NS: 0, Side.EW: 0}  # below-the-line points toward the current game
        self.finished = False
        self.unfinished = False

    @property
    def dealer(self):
        """The seat to deal next: the deal passes to the left after every deal, passed out or not."""
        return Seat((self.settings.first_dealer + len(self.deals)) % 4)

    @property
    def vulnerability(self):
        """The vulnerability in force: a side is vulnerable once it has won a game of this rubber."""
        return Vulnerability.of(self.games[Side.NS] > 0, self.games[Side.EW] > 0)

    @property
    def is_over(self):
        """True once the rubber is won (or stopped unfinished)."""
        return self.finished or self.unfinished

    def add(self, result):
        """Score one deal (a ``TableResult``) and return its ``SheetDeal``."""
        if self.finished or self.unfinished:
            raise InvalidRecord("the rubber is over; start a new ledger", field="deal")
        vulnerability = self.vulnerability
        entries = list(deal_entries(result, vulnerability, self.settings))
        for entry in list(entries):
            if entry.below:
                entries.extend(self._credit_trick_score(entry))
        deal = SheetDeal(len(self.deals) + 1, self.dealer, vulnerability, result, tuple(entries))
        self.deals.append(deal)
        return deal

    def _credit_trick_score(self, entry):
        side = entry.side
        self.current[side] += entry.points
        if self.current[side] < 100:
            return []
        self.games[side] += 1
        self.current = {Side.NS: 0, Side.EW: 0}
        if self.games[side] == 2:
            self.finished = True
            return [self._rubber_bonus(side)]
        if self.settings.game_bonus_style == "per_game_200":
            return [SheetEntry(side, False, 200, "game (per_game_200)")]
        return []

    def _rubber_bonus(self, side):
        if self.settings.game_bonus_style == "per_game_200":
            return SheetEntry(side, False, 700, "rubber-ending game (per_game_200)")
        if self.games[side.other] == 0:
            return SheetEntry(side, False, self.settings.clean_rubber_bonus, "rubber bonus 2-0")
        return SheetEntry(side, False, 500, "rubber bonus 2-1")

    def finish_unfinished(self):
        """Stop an unfinished rubber and add the Law 80 awards (rules/bridge.md §6.4; setting ``unfinished_award``)."""
        if self.finished:
            raise InvalidRecord("the rubber is complete; it is not unfinished", field="deal")
        if self.unfinished:
            return
        self.unfinished = True
        each_side = self.settings.unfinished_award == "each_side"
        bonus = self.settings.unfinished_partscore_bonus
        for side in Side:
            if self.games[side] and (each_side or not self.games[side.other]):
                self.extra.append(SheetEntry(side, False, 300, "unfinished rubber: game"))
            if self.current[side] and (each_side or not self.current[side.other]):
                self.extra.append(SheetEntry(side, False, bonus, "unfinished rubber: part-score"))

    def entries(self):
        """Every entry of the sheet, deal by deal, then the unfinished-rubber awards."""
        return [e for deal in self.deals for e in deal.entries] + self.extra

    def totals(self):
        """Totals, winner and margin (and units with ``settle_unit``) of the sheet as it stands."""
        return settle_entries(self.entries(), self.settings.settle_unit)

    def settle(self):
        """Close the sheet (an unfinished rubber gets its Law 80 awards) and return its totals."""
        if not self.finished:
            self.finish_unfinished()
        return self.totals()

    def to_dict(self):
        """JSON-ready score sheet."""
        return {"scoring": "rubber", "deals": [d.to_dict() for d in self.deals],
                "games": {side.name: n for side, n in self.games.items()},
                "complete": self.finished, "unfinished_awards": [e.to_dict() for e in self.extra],
                **self.totals().to_dict()}
