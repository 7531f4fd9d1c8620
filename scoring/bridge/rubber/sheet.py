"""What rubber and Chicago ledgers share (§6.1, §6.2, §7.2): deal results, score-sheet entries,
the split of one deal into below- and above-the-line items, and the totals of a sheet.

Sections (§) are those of docs/rules/bridge.md."""
import attrs

from trickcore.games.bridge.vocab import Contract, Seat, Side, Vulnerability, side_of
from trickcore.scoring.bridge.contract.honours import honours
from trickcore.scoring.bridge.contract.score import contract_parts
from trickcore.errors import InvalidRecord


def _optional_seat(value):
    return None if value is None else (value if isinstance(value, Seat) else Seat.parse(value))


def _optional_vulnerability(value):
    return None if value is None else Vulnerability.parse(value)


def _entered_honours(value):
    # Entered honours name the holder by side or seat, and the premium: ("NS", 150), (Seat.N, 100).
    if value is None:
        return None
    holder, points = value
    side = side_of(holder) if isinstance(holder, Seat) else Side.parse(holder) if len(str(holder)) > 1 \
        else side_of(Seat.parse(holder))
    if points not in (100, 150):
        raise InvalidRecord(f"honours are worth 100 or 150, not {points!r}", field="honours")
    return side, points


@attrs.frozen
class TableResult:
    """One deal as played at the table: ``contract`` (None = passed out), ``declarer``, ``tricks`` (0..13), and
    the honours either ``entered`` as (side or seat, 100/150) or read from the original ``hands`` (N E S W);
    ``par`` the deal's par N-S score when known (scored against by IMPs against par); ``number`` and
    ``vulnerability`` the board's own when the record carries them (a simulation's board was played at its own),
    else a duplicate score numbers the deals in order."""

    contract: Contract = None
    declarer: Seat = attrs.field(default=None, converter=_optional_seat)
    tricks: int = None
    entered_honours: tuple = attrs.field(default=None, converter=_entered_honours)
    hands: tuple = None
    par: int = None     # the deal's double-dummy par (N-S score), when the record carries it
    number: int = None
    vulnerability: Vulnerability = attrs.field(default=None, converter=_optional_vulnerability)

    def __attrs_post_init__(self):
        if self.contract is None:
            if self.declarer is not None or self.tricks is not None or self.entered_honours is not None:
                raise InvalidRecord("a passed-out deal has no declarer, tricks or honours", field="contract")
            return
        if self.declarer is None:
            raise InvalidRecord(f"{self.contract} needs a declarer", field="declarer")
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int) or not 0 <= self.tricks <= 13:
            raise InvalidRecord(f"tricks must be an integer 0..13, not {self.tricks!r}", field="tricks")
        if self.entered_honours is not None and self.hands is not None:
            raise InvalidRecord("give honours either entered or from the hands, not both", field="honours")

    @property
    def passed_out(self):
        """True when the deal was passed out."""
        return self.contract is None

    def honours(self):
        """(side, premium) of the deal's honours, or None."""
        if self.contract is None:
            return None
        if self.entered_honours is not None:
            return self.entered_honours
        if self.hands is not None:
            found = honours(self.contract.strain, self.hands)
            return None if found is None else (side_of(found[0]), found[1])
        return None


@attrs.frozen
class SheetEntry:
    """One item on the score sheet: ``points`` to ``side``, ``below`` the line or above it, and what it is for."""

    side: Side
    below: bool
    points: int
    item: str

    def to_dict(self):
        """JSON-ready form."""
        return {"side": self.side.name, "line": "below" if self.below else "above", "points": self.points,
                "item": self.item}


@attrs.frozen
class SheetDeal:
    """One recorded deal of a sheet: its number, dealer, vulnerability in force, the result and its entries."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    result: TableResult
    entries: tuple
    counted: bool = True

    def to_dict(self):
        """JSON-ready form."""
        r = self.result
        return {"deal": self.number, "dealer": self.dealer.name, "vulnerability": str(self.vulnerability),
                "contract": None if r.passed_out else str(r.contract),
                "declarer": None if r.passed_out else r.declarer.name, "tricks": r.tricks,
                "counted": self.counted, "entries": [e.to_dict() for e in self.entries]}


def deal_entries(result, vulnerability, settings):
    """The below-the-line trick score, premiums, penalty and honours of one deal, as sheet entries."""
    if result.passed_out:
        return ()
    side = side_of(result.declarer)
    parts = contract_parts(result.contract, vulnerability.is_vulnerable(side), result.tricks,
                           undertrick_scale=settings.undertrick_scale, redouble_insult=settings.redouble_insult)
    entries = []
    if parts.made:
        entries.append(SheetEntry(side, True, parts.below, f"{result.contract} trick score"))
        if parts.above:
            entries.append(SheetEntry(side, False, parts.above, "overtricks, insult and slam"))
    else:
        entries.append(SheetEntry(side.other, False, parts.penalty,
                                  f"{result.contract.tricks_needed - result.tricks} undertrick(s)"))
    if not settings.honours:
        # §6.2: with the setting off honours are not scored; only honours entered by hand contradict it.
        if result.entered_honours is not None:
            raise InvalidRecord("honours given but the honours setting is off", field="honours")
        return tuple(entries)
    found = result.honours()
    if found is not None:
        entries.append(SheetEntry(found[0], False, found[1], "honours"))
    return tuple(entries)


def side_totals(entries):
    """{side: {"below": points, "above": points, "total": points}} over ``entries``."""
    totals = {side: {"below": 0, "above": 0, "total": 0} for side in Side}
    for entry in entries:
        totals[entry.side]["below" if entry.below else "above"] += entry.points
        totals[entry.side]["total"] += entry.points
    return totals


@attrs.frozen
class SheetResult:
    """The settled sheet: per-side totals, the winner (None when level) and the margin."""

    totals: dict
    winner: Side
    margin: int
    units: int = None

    def to_dict(self):
        """JSON-ready form."""
        return {"totals": {side.name: dict(t) for side, t in self.totals.items()},
                "winner": None if self.winner is None else self.winner.name, "margin": self.margin,
                **({"units": self.units} if self.units is not None else {})}


def settle_entries(entries, settle_unit=None):
    """Totals, winner and margin of a sheet's entries; with ``settle_unit`` also the margin in units (§6.3)."""
    totals = side_totals(entries)
    diff = totals[Side.NS]["total"] - totals[Side.EW]["total"]
    winner = None if diff == 0 else (Side.NS if diff > 0 else Side.EW)
    units = None
    if settle_unit:
        # Units are reported for the winner's margin, rounded half away from zero (2120 -> 21, 250 -> 3).
        units = (abs(diff) * 2 + settle_unit) // (2 * settle_unit)
    return SheetResult(totals, winner, abs(diff), units)
