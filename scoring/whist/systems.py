"""The whist scoring systems registered under ``trickcore.scorings`` (short, long and American whist): the
ScoringSystem protocol over the whist ledger, scoring the hand results of examples/whist/."""
import attrs

from trickcore.games.whist.record import WhistHand, read_results
from trickcore.files import read_text
from trickcore.scoring.base import (Ledger, RecordsFile, ScoringSystem, simulation_file, simulation_records,
                                    typed_overrides)
from trickcore.scoring.whist.hand import calls_at_eight
from trickcore.scoring.whist.ledger import WhistSheet
from trickcore.scoring.whist.rules import WhistRules
from trickcore.scoring.whist.sheet import describe_hand, render_ledger, render_rubbers


class RunningLedger(Ledger):
    """The protocol's ledger over the immutable WhistSheet: ``sheet`` is the sheet after every hand so far."""

    def __init__(self, rules):
        self.sheet = WhistSheet(rules)

    @property
    def is_over(self):
        """True when the last hand ended a rubber."""
        return self.sheet.rubber_over

    def add(self, record):
        """Score the next hand: a HandResult, or a full hand record (anything with ``result()``)."""
        self.sheet = self.sheet.add(record.result() if hasattr(record, "result") else record)

    def called_at_eight(self, honours_ns):
        """True when a side calls at eight (long whist, rules/whist.md §4 item 1) before a hand whose N-S honours are
        ``honours_ns``, on the score so far: the hand is not played."""
        return calls_at_eight(self.sheet.rules, self.sheet.points, honours_ns) is not None

    def settle(self):
        """Net game points per side over every rubber (an unfinished one valued as such)."""
        return self.sheet.totals()

    def to_dict(self):
        """The whole sheet: settings, hands, games, rubbers and totals."""
        return self.sheet.to_dict()


@attrs.frozen
class WhistSystem(ScoringSystem):
    """A whist ruleset as a scoring system; its one preset is the ruleset (rules/whist.md §1)."""

    records: str = "hand results: JSON (examples/whist/rubber.json, records.json) or PBN-style whist hands"
    record_word = "hand"

    def preset(self, name):
        """The WhistRules of ruleset ``name``."""
        return WhistRules.preset(name)

    def override(self, settings, overrides):
        """The rules with ``overrides`` applied (switching back to the turn-up drops a fixed trump)."""
        return settings.override(**typed_overrides(WhistRules, overrides, "whist", names=WhistRules.setting_names()))

    def ledger(self, settings=None, **context):
        """An empty sheet under ``settings`` (default: this ruleset)."""
        return RunningLedger(settings if settings is not None else self.settings())

    def read_records(self, path):
        """The hand results of a JSON or PBN-style file (its ``ruleset`` kept as the file's preset), or of the
        hands a simulation played (`tricks simulate`)."""
        found = simulation_file(path, path)
        if found is not None:
            rows, head = found
            played = simulation_records(rows, path, lambda table, row: WhistHand.from_dict(table["record"]).result(),
                                        "hand")
            return RecordsFile(path, played, simulation=head)
        ruleset, settings, results = read_results(read_text(path), path)
        return RecordsFile(path, tuple(results), ruleset, settings)

    def standings(self, result):
        """Each side's net game points: {"NS": ..., "EW": ...}."""
        return {"NS": result[0], "EW": result[1]}

    def situation(self, record):
        """The trump suit of the hand, for N-S."""
        return f"trumps {record.trump.name}" if record.trump is not None else "no trumps", "NS"

    def render_text(self, ledger):
        """The sheet as text: a row per hand, each rubber's result and the totals."""
        return render_ledger(ledger.sheet)

    def hand_text(self, entry):
        """One scored hand of a ledger's sheet (a HandEntry) in words: tricks, honours, game and rubber."""
        return describe_hand(entry)

    def rubbers_text(self, ledger):
        """Each rubber's result on the ledger, one line each, and the net totals."""
        return render_rubbers(ledger.sheet)


WHIST_SHORT = WhistSystem("whist-short", "whist", "Short whist: game of 5, honours, treble/double/single, "
                          "2 for the rubber (the default)", ("short",))
WHIST_LONG = WhistSystem("whist-long", "whist", "Long whist: game of 10, calling at eight, double/single, "
                         "1 for the rubber", ("long",))
WHIST_AMERICAN = WhistSystem("whist-american", "whist", "American whist: game of 7, no honours, "
                             "7 minus the losers' points", ("american",))
