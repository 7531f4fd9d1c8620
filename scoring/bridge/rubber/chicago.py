"""Chicago, four-deal bridge (§7): the fixed four-deal cycle, its vulnerability schedule, game and
part-score bonuses, passed-out deals, and the four-deal duplicate scoring of §7.4.

Sections (§) are those of docs/rules/bridge.md."""
from trickcore.games.bridge.vocab import Seat, Side, Vulnerability, side_of
from trickcore.scoring.base import Ledger
from trickcore.scoring.bridge.contract.score import duplicate_score
from trickcore.scoring.bridge.rubber.sheet import SheetDeal, SheetEntry, deal_entries, settle_entries
from trickcore.scoring.bridge.settings import BridgeScoringSettings
from trickcore.errors import InvalidRecord


class TooManyPassOuts(InvalidRecord):
    """More consecutive passed-out redeals than ``max_consecutive_passouts`` allows."""


def chicago_vulnerability(deal_number, dealer, schedule="dealer"):
    """Vulnerability of Chicago deal 1-4 dealt by ``dealer``: none, dealer's (or non-dealer's) side twice, both."""
    if deal_number == 1:
        return Vulnerability.NONE
    if deal_number == 4:
        return Vulnerability.BOTH
    side = side_of(dealer) if schedule == "dealer" else side_of(dealer).other
    return Vulnerability.of(side is Side.NS, side is Side.EW)


class ChicagoLedger(Ledger):
    """One Chicago's score sheet: ``add`` deals until four have counted, then ``settle``; ``preset`` names the
    settings preset for the sheet's title."""

    scoring = "chicago"

    def __init__(self, settings=None, preset="standard"):
        self.settings = settings or BridgeScoringSettings()
        self.preset = preset
        self.deals = []
        self.extra = []  # the held-at-end part-score awards
        self.counted = 0
        self.passouts_in_row = 0
        self.running = {Side.NS: 0, Side.EW: 0}  # part-scores toward the next game

    @property
    def complete(self):
        """True once four deals have counted."""
        return self.counted == 4

    @property
    def is_over(self):
        """True once four deals have counted (the match runner stops here)."""
        return self.complete

    @property
    def deal_number(self):
        """The number (1-4) of the next counted deal."""
        return self.counted + 1

    @property
    def dealer(self):
        """The dealer of the next deal; a redeal after a pass-out keeps the same dealer."""
        return Seat((self.settings.first_dealer + self.counted) % 4)

    @property
    def vulnerability(self):
        """The vulnerability of the next deal."""
        return chicago_vulnerability(self.deal_number, self.dealer, self.settings.chicago_vulnerability)

    def add(self, result):
        """Score one deal (a ``TableResult``) and return its ``SheetDeal``."""
        if self.complete:
            raise InvalidRecord("the Chicago is complete after four deals; start a new ledger", field="deal")
        number, dealer, vulnerability = self.deal_number, self.dealer, self.vulnerability
        if result.passed_out and self.settings.chicago_passout == "redeal":
            self.passouts_in_row += 1
            if self.passouts_in_row > self.settings.max_consecutive_passouts:
                raise TooManyPassOuts(f"more than {self.settings.max_consecutive_passouts} passed-out deals in a "
                                      "row", field="deal")
            deal = SheetDeal(number, dealer, vulnerability, result, (), counted=False)
            self.deals.append(deal)
            return deal
        self.passouts_in_row = 0
        entries = self._entries(result, vulnerability, number)
        self.counted += 1
        deal = SheetDeal(number, dealer, vulnerability, result, tuple(entries))
        self.deals.append(deal)
        if self.complete and self.settings.chicago_partscore_bonus == "held_at_end":
            self.extra = [SheetEntry(side, False, 100, "part-score held at the end")
                          for side in Side if self.running[side]]
        return deal

    def _entries(self, result, vulnerability, number):
        entries = list(deal_entries(result, vulnerability, self.settings))
        for entry in list(entries):
            if entry.below:
                entries.extend(self._credit_trick_score(entry, vulnerability, number))
        return entries

    def _credit_trick_score(self, entry, vulnerability, number):
        side = entry.side
        self.running[side] += entry.points
        if self.running[side] >= 100:
            self.running = {Side.NS: 0, Side.EW: 0}
            return [SheetEntry(side, False, 500 if vulnerability.is_vulnerable(side) else 300, "game")]
        if number == 4 and self.settings.chicago_partscore_bonus == "deal4":
            return [SheetEntry(side, False, 100, "part-score on deal 4")]
        return []

    def entries(self):
        """Every entry of the sheet, deal by deal, then the held-at-end awards."""
        return [e for deal in self.deals for e in deal.entries] + self.extra

    def totals(self):
        """Totals, winner and margin of the sheet as it stands."""
        return settle_entries(self.entries())

    def settle(self):
        """The totals, winner and margin (a Chicago needs no closing awards beyond its own rules)."""
        return self.totals()

    def to_dict(self):
        """JSON-ready score sheet."""
        return {"scoring": self.scoring, "deals": [d.to_dict() for d in self.deals], "complete": self.complete,
                "end_awards": [e.to_dict() for e in self.extra], **self.totals().to_dict()}


class ChicagoDuplicateLedger(ChicagoLedger):
    """Four-deal duplicate scoring (§7.4, ``scoring = "chicago_duplicate"``): each deal is a duplicate board
    (§5.5) with the Chicago vulnerability, no carry-over, and a part-score premium of
    ``chicago_duplicate_partscore``; dealers and passed-out deals follow the Chicago rules (§7.1, §7.3)."""

    scoring = "chicago_duplicate"

    def _entries(self, result, vulnerability, number):
        if result.passed_out:
            return []
        if result.entered_honours is not None:
            raise InvalidRecord("honours are never scored in duplicate (rules/bridge.md §5.5)", field="honours")
        side = side_of(result.declarer)
        score = duplicate_score(result.contract, vulnerability.is_vulnerable(side), result.tricks,
                                partscore_bonus=self.settings.chicago_duplicate_partscore,
                                undertrick_scale=self.settings.undertrick_scale,
                                redouble_insult=self.settings.redouble_insult)
        if score >= 0:
            return [SheetEntry(side, False, score, f"{result.contract} duplicate score")]
        return [SheetEntry(side.other, False, -score, f"{result.contract} defeated, duplicate score")]

    def ns_scores(self):
        """The NS duplicate score of each counted deal, in order: what other tables compare with (§7.4)."""
        return [sum(e.points if e.side is Side.NS else -e.points for e in deal.entries)
                for deal in self.deals if deal.counted]


def chicago_ledger(settings=None, preset="standard"):
    """A new Chicago ledger for ``settings``: four-deal duplicate when ``scoring`` is "chicago_duplicate"."""
    settings = settings or BridgeScoringSettings()
    return (ChicagoDuplicateLedger if settings.scoring == "chicago_duplicate" else ChicagoLedger)(settings, preset)
