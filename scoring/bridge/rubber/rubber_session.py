"""Rubber sessions of two to six players (§1-§7): the session protocol read from JSON, a ledger of
rubbers (each one rules/bridge.md §6 rubber ledger NS against EW), the per-player credit of §1.3 and the sheet of §7.2.

The seating of each rubber (who controls which seat, who sits out) comes from the table-size variants of
games.bridge.variants; the session ledger only checks a protocol against it, scores, and credits the players.

Sections (§) and decisions are those of docs/rules/bridge-variants.md.
"""
import json

import attrs

from trickcore.dealing import parse_deal
from trickcore.errors import IllegalCall, InvalidRecord, NotationError, TrickcoreError
from trickcore.games.bridge.record import Board
from trickcore.games.bridge.variants import DUMMY, SEAT_ORDER, controllers, table, variant as find_variant
from trickcore.games.bridge.vocab import Seat, Side, Vulnerability, parse_contract
from trickcore.scoring.base import Ledger, RecordsFile
from trickcore.scoring.bridge.contract.honours import honours as hand_honours
from trickcore.scoring.bridge.rubber.rubber_bridge import RubberLedger
from trickcore.scoring.bridge.rubber.sheet import TableResult, settle_entries

SESSION_FORMAT = "trickcore.bridge.rubber_session/1"
SHEET_FORMAT = "trickcore.bridge.rubber_session_sheet/1"
# The settings a session sheet shows: those that change a rubber's score or the seating (§6).
SHEET_SETTINGS = ("table", "rotation", "first_dealer", "honours", "clean_rubber_bonus", "redouble_insult",
                  "undertrick_scale", "game_bonus_style", "unfinished_award", "unfinished_partscore_bonus",
                  "settle_unit")
DEAL_KEYS = ("dealer", "contract", "declarer", "tricks", "auction", "honours", "deal")


def in_units(value, unit):
    """``value / unit`` rounded half away from zero (rules/bridge.md §6.3: 2120 → 21, 250 → 3, −150 → −2)."""
    units = (abs(value) * 2 + unit) // (2 * unit)
    return units if value >= 0 else -units


def is_session(data):
    """True when a JSON document is a rubber-session protocol (recognised by its ``format``)."""
    return isinstance(data, dict) and data.get("format") == SESSION_FORMAT


@attrs.frozen
class SessionDeal:
    """One deal of a session: its ``dealer``, the ``result`` to score, the ``auction`` if given (calls, or (seat,
    call) pairs for three players), the ``rubber`` it belongs to (None: the current one, or the next once the
    current is over), that rubber's ``seats`` and ``first_dealer`` if the record gives them, and ``where`` the
    record stands (source, rubber and deal) for errors."""

    dealer: Seat
    result: TableResult
    auction: tuple = None
    rubber: int = None
    seats: dict = None
    first_dealer: Seat = None
    where: str = None


def _seat(value, field):
    try:
        return value if isinstance(value, Seat) else Seat.parse(value)
    except NotationError as exc:
        raise exc.located(field=field) from None


def _deal_result(record):
    """The TableResult of a protocol deal object (contract, declarer, tricks, honours or deal)."""
    contract = record.get("contract")
    if not isinstance(contract, str):
        raise InvalidRecord(f"contract is Pass or a contract such as 2SX, not {contract!r}", field="contract")
    hands = parse_deal(record["deal"]).hands if record.get("deal") is not None else None
    if contract.strip().lower() == "pass":
        for key in ("declarer", "tricks", "honours"):
            if record.get(key) is not None:
                raise InvalidRecord("a passed-out deal has no declarer, tricks or honours", field=key)
        return TableResult()
    try:
        parsed = parse_contract(contract)
    except NotationError as exc:
        raise exc.located(field="contract") from None
    if record.get("declarer") is None:
        raise InvalidRecord(f"{parsed} needs a declarer", field="declarer")
    declarer = _seat(record["declarer"], "declarer")
    entered = record.get("honours")
    if entered is not None:
        if not isinstance(entered, dict) or set(entered) != {"seat", "points"}:
            raise InvalidRecord('honours are {"seat": ..., "points": 100 or 150}', field="honours")
        entered = (_seat(entered["seat"], "honours"), entered["points"])
        if hands is not None:
            if hand_honours(parsed.strain, hands) != entered:
                raise InvalidRecord(f"honours {entered[0]}:{entered[1]} disagree with the deal", field="honours")
            entered = None
    return TableResult(parsed, declarer, record.get("tricks"), entered, hands)


def read_session_text(text, source):
    """The RecordsFile of a session protocol's ``text`` (see ``read_session``), or None when the text is not one
    (another reader then reads it, and reports any JSON syntax error with its line)."""
    if not text.lstrip().startswith("{"):
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    return read_session(data, source) if is_session(data) else None


def read_session(data, source):
    """The RecordsFile of a session protocol (§7.1): one SessionDeal per deal, the file's settings, and its
    players in the context; errors name ``source``, the rubber and the deal (1-based)."""
    unknown = sorted(set(data) - {"format", "players", "settings", "rubbers"})
    if unknown:
        raise InvalidRecord("unknown field (fields: format, players, settings, rubbers)", source=source,
                            field=unknown[0])
    players = data.get("players")
    if (not isinstance(players, list) or not all(isinstance(p, str) and p for p in players)
            or len(set(players)) != len(players) or DUMMY in players):
        raise InvalidRecord(f'players are 2 to 6 unique names (not "{DUMMY}"), not {players!r}', source=source,
                            field="players")
    table(len(players))   # 2 to 6 players decide the table; any other number is an error here
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise InvalidRecord("settings is a JSON object", source=source, field="settings")
    rubbers = data.get("rubbers")
    if not isinstance(rubbers, list) or not rubbers:
        raise InvalidRecord("rubbers is a non-empty list", source=source, field="rubbers")
    deals = []
    for r, rubber in enumerate(rubbers, 1):
        where = f"{source} rubber {r}"
        try:
            deals.extend(_rubber_deals(rubber, r, where))
        except TrickcoreError as exc:
            raise exc.located(source=where) from None
    return RecordsFile(source, tuple(deals), settings=settings, context={"players": tuple(players)})


def _rubber_deals(rubber, number, where):
    if not isinstance(rubber, dict):
        raise InvalidRecord("a rubber is a JSON object", field="rubber")
    unknown = sorted(set(rubber) - {"deals", "seats", "first_dealer"})
    if unknown:
        raise InvalidRecord("unknown field (fields: deals, seats, first_dealer)", field=unknown[0])
    seats = rubber.get("seats")
    if seats is not None:
        if not isinstance(seats, dict) or sorted(seats) != sorted(s.name for s in SEAT_ORDER):
            raise InvalidRecord('seats is {"N": player or "dummy", "E": ..., "S": ..., "W": ...}', field="seats")
        seats = {Seat.parse(k): v for k, v in seats.items()}
    first = rubber.get("first_dealer")
    first = None if first is None else _seat(first, "first_dealer")
    records = rubber.get("deals")
    if not isinstance(records, list) or not records:
        raise InvalidRecord("deals is a non-empty list", field="deals")
    out = []
    for d, record in enumerate(records, 1):
        here = f"{where} deal {d}"
        try:
            if not isinstance(record, dict):
                raise InvalidRecord("a deal is a JSON object", field="deal")
            unknown = sorted(set(record) - set(DEAL_KEYS))
            if unknown:
                raise InvalidRecord(f"unknown field (fields: {', '.join(DEAL_KEYS)})", field=unknown[0])
            if "dealer" not in record:
                raise InvalidRecord("missing field", field="dealer")
            auction = record.get("auction")
            if auction is not None and not isinstance(auction, list):
                raise InvalidRecord("auction is a list of calls", field="auction")
            out.append(SessionDeal(_seat(record["dealer"], "dealer"), _deal_result(record),
                                   None if auction is None else tuple(auction), number,
                                   seats if d == 1 else None, first if d == 1 else None, here))
        except TrickcoreError as exc:
            raise exc.located(source=here) from None
    return out


def played_deal(board):
    """The SessionDeal of a Board played at a variant's table (games.bridge.record), in the current rubber; its
    auction was checked call by call as it was played."""
    if board.passed_out:
        result = TableResult()
    else:
        result = TableResult(board.contract, board.declarer, board.result, hands=board.deal.hands)
    return SessionDeal(board.dealer, result)


def seat_credit(seats, players, ns_margin):
    """{player: credit} of one rubber (§1.3, decision B2): every seat earns its side's margin for
    the player who controls it; ``seats`` is the rubber's seating, ``ns_margin`` N-S's margin (or units)."""
    credit = {p: 0 for p in players}
    for seat, player in controllers(seats).items():
        credit[player] += ns_margin if seat.side == Side.NS else -ns_margin
    return credit


@attrs.frozen
class SessionRubber:
    """One rubber of a session: its number, seating, the sitting-out players and its rubber ledger, with the
    games won after each deal (to show who won a game on which deal)."""

    number: int
    seats: dict
    sitting_out: tuple
    ledger: RubberLedger
    games_after: list = attrs.field(factory=list)

    @property
    def controllers(self):
        """{seat: player}."""
        return controllers(self.seats)

    def margin(self):
        """N-S's margin over E-W on the rubber's sheet as it stands."""
        totals = self.ledger.totals().totals
        return totals[Side.NS]["total"] - totals[Side.EW]["total"]

    def units(self):
        """The margin in units (settle_unit), or None."""
        unit = self.ledger.settings.settle_unit
        return None if not unit else in_units(self.margin(), unit)

    def credit(self, players):
        """{player: credit} of the rubber (§1.3), in units when the settings settle in units."""
        units = self.units()
        return seat_credit(self.seats, players, self.margin() if units is None else units)


class RubberSessionLedger(Ledger):
    """A session of rubbers (§1.2): ``add`` SessionDeals (or Boards played at the table) in
    order, each rubber a rules/bridge.md §6 ledger; ``settle`` scores a rubber stopped early as unfinished
    (rules/bridge.md §6.4)."""

    scoring = "rubber_session"

    def __init__(self, settings, players, preset="standard", explicit=()):
        players = tuple(players)
        size = table(len(players))
        if settings.table is not None and find_variant(settings.table) is not size:
            raise InvalidRecord(f"table {settings.table} needs {find_variant(settings.table).players} players, "
                                f"not {len(players)}", field="table")
        rotation = size.check_rotation(settings.rotation)
        # The tour is settled in units (001:8, VAR-R5) unless the file or the command line says otherwise.
        unit = 100 if rotation == "tour" and "settle_unit" not in explicit else settings.settle_unit
        self.settings = attrs.evolve(settings, scoring="rubber", table=size.name, rotation=rotation,
                                     settle_unit=unit)
        self.variant, self.players, self.preset = size, players, preset
        self.rubbers = []

    @property
    def current(self):
        """The rubber being played, or None before the first deal."""
        return self.rubbers[-1] if self.rubbers else None

    @property
    def session_rubbers(self):
        """The rubbers of a complete session (None: any number)."""
        return self.variant.session_rubbers(self.settings.rotation)

    @property
    def finished(self):
        """True when the last rubber is complete and the session is: after its fixed length (three players, the
        tour), at the end of a cycle (five and six players), or after any complete rubber (two players, fixed
        four)."""
        if not self.rubbers or not self.current.ledger.finished:
            return False
        return len(self.rubbers) % self.variant.cycle(self.settings.rotation) == 0

    @property
    def is_over(self):
        """True once the session is finished (a match stops there)."""
        return self.finished

    def seating(self, number):
        """The rotation's seating of rubber ``number``."""
        return self.variant.seating(self.players, number, self.settings.rotation)

    def next_deal(self):
        """(rubber number, seating, dealer, vulnerability) of the deal to play next."""
        rubber = self.current
        if rubber is None or rubber.ledger.is_over:
            number = len(self.rubbers) + 1
            return number, self.seating(number), self.settings.first_dealer, Vulnerability.NONE
        return rubber.number, rubber.seats, rubber.ledger.dealer, rubber.ledger.vulnerability

    def add(self, record):
        """Score the next deal (a SessionDeal, or a played Board); errors name the rubber and deal."""
        deal = played_deal(record) if isinstance(record, Board) else record
        number = self.next_deal()[0]
        dealt = len(self.current.ledger.deals) if number == len(self.rubbers) else 0
        where = deal.where or f"rubber {number} deal {dealt + 1}"
        try:
            self._add(deal)
        except TrickcoreError as exc:
            raise exc.located(source=where) from None

    def _add(self, deal):
        rubber = self.current
        number = deal.rubber if deal.rubber is not None else self.next_deal()[0]
        if rubber is None or number != rubber.number:
            if number != len(self.rubbers) + 1:
                raise InvalidRecord(f"rubber {number} follows rubber {len(self.rubbers)}", field="rubbers")
            if self.session_rubbers is not None and number > self.session_rubbers:
                raise InvalidRecord(f"a {self.variant.name} session has {self.session_rubbers} rubbers",
                                    field="rubbers")
            if rubber is not None and not rubber.ledger.is_over:
                # Play stopped inside the rubber before the next one began: Law 80 scores it (rules/bridge.md §6.4).
                rubber.ledger.finish_unfinished()
            rubber = self._start(number, deal.seats, deal.first_dealer)
        elif rubber.ledger.is_over:
            raise InvalidRecord(f"rubber {number} ended with deal {len(rubber.ledger.deals)}", field="deal")
        if deal.dealer != rubber.ledger.dealer:
            raise InvalidRecord(f"the dealer is {rubber.ledger.dealer} (the deal passes clockwise), not "
                                f"{deal.dealer}", field="dealer")
        result = deal.result
        if self.variant.players == 3 and not result.passed_out and result.declarer == Seat.N:
            raise InvalidRecord("the dummy N never declares at a three-player table", field="declarer")
        if deal.auction is not None:
            self._check_auction(deal)
        rubber.ledger.add(result)
        rubber.games_after.append(dict(rubber.ledger.games))

    def _new_ledger(self, first_dealer):
        settings = self.settings if first_dealer is None else attrs.evolve(self.settings, first_dealer=first_dealer)
        return RubberLedger(settings, self.preset)

    def _start(self, number, seats, first_dealer):
        expected = self.seating(number) if self.settings.rotation != "free" else None
        if seats is None:
            if expected is None:
                raise InvalidRecord("rotation free: every rubber gives its seats", field="seats")
            seats = expected
        elif expected is not None and seats != expected:
            shown = ", ".join(f"{s} {expected[s]}" for s in SEAT_ORDER)
            raise InvalidRecord(f"the {self.settings.rotation} rotation seats rubber {number} as {shown}",
                                field="seats")
        else:
            self._check_free_seats(seats)
        out = tuple(p for p in self.players if p not in set(seats.values()))
        rubber = SessionRubber(number, dict(seats), out, self._new_ledger(first_dealer))
        self.rubbers.append(rubber)
        return rubber

    def _check_free_seats(self, seats):
        """A free rotation chooses who sits where, not the table's shape: the dummy seats are the table's own
        (two players N and E, §2; three players N, §3.1), every other seat a different player."""
        live = [p for p in seats.values() if p != DUMMY]
        dummies = [s for s in SEAT_ORDER if seats[s] == DUMMY]
        shape = self.variant.seating(self.players, 1)
        table_dummies = [s for s in SEAT_ORDER if shape[s] == DUMMY]
        if len(set(live)) != len(live) or any(p not in self.players for p in live) or dummies != table_dummies:
            shown = " and ".join(s.name for s in table_dummies) or "none"
            raise InvalidRecord(f"seats must place each player once, the dummy seats being the table's ({shown})",
                                field="seats")

    def _check_auction(self, deal):
        auction = self.variant.new_auction(deal.dealer)
        try:
            for item in deal.auction:
                if self.variant.players == 3:
                    if not isinstance(item, (list, tuple)) or len(item) != 2:
                        raise InvalidRecord("a three-player auction is a list of [seat, call] pairs", field="auction")
                    auction.make_call(str(item[1]), _seat(item[0], "auction"))
                else:
                    auction.make_call(str(item))
        except (IllegalCall, NotationError) as exc:
            raise InvalidRecord(exc.message, field="auction") from None
        outcome = auction.outcome
        result = deal.result
        given = "passed out" if result.passed_out else f"{result.contract} by {result.declarer}"
        if outcome is None or str(outcome) != given:
            found = "an unfinished auction" if outcome is None else str(outcome)
            raise InvalidRecord(f"the auction gives {found}, the deal {given}", field="auction")

    def settle(self):
        """Score a last rubber that stopped early as unfinished (rules/bridge.md §6.4); returns the cumulative
        credits."""
        if self.current is not None and not self.current.ledger.is_over:
            self.current.ledger.finish_unfinished()
        return self.cumulative()

    def cumulative(self):
        """{player: the sum of his credits over the rubbers}."""
        total = {p: 0 for p in self.players}
        for rubber in self.rubbers:
            for player, value in rubber.credit(self.players).items():
                total[player] += value
        return total

    def protocol(self, boards):
        """The session protocol (§7.1, what ``read_session`` reads) of the Boards this session scored, rubber by
        rubber."""
        rubbers, boards = [], iter(boards)
        for rubber in self.rubbers:
            deals = []
            for _ in rubber.ledger.deals:
                board = next(boards)
                auction = self.variant.new_auction(board.dealer, board.auction)
                callers = getattr(auction, "callers", None)
                calls = [str(c) for c in board.auction]
                deal = {"dealer": board.dealer.name,
                        "auction": calls if callers is None else [[s.name, c] for s, c in zip(callers, calls)]}
                if board.passed_out:
                    deal["contract"] = "Pass"
                else:
                    deal.update(contract=str(board.contract), declarer=board.declarer.name, tricks=board.result)
                deal["deal"] = board.deal.to_string()
                deals.append(deal)
            rubbers.append({"seats": {s.name: rubber.seats[s] for s in SEAT_ORDER}, "deals": deals})
        settings = {"first_dealer": self.settings.first_dealer.name}
        if self.settings.rotation not in (None, self.variant.check_rotation(None)):
            settings["rotation"] = self.settings.rotation
        return {"format": SESSION_FORMAT, "players": list(self.players), "settings": settings, "rubbers": rubbers}

    def to_dict(self):
        """The sheet of §7.2."""
        values = attrs.asdict(self.settings)
        settings = {k: (values[k].name if isinstance(values[k], Seat) else values[k]) for k in SHEET_SETTINGS}
        return {"format": SHEET_FORMAT, "table": self.variant.name, "players": list(self.players),
                "settings": settings, "finished": self.finished,
                "rubbers": [self._rubber_dict(r) for r in self.rubbers], "cumulative": self.cumulative(),
                "rubbers_played": {p: sum(p not in r.sitting_out for r in self.rubbers) for p in self.players},
                "rubbers_sat_out": {p: sum(p in r.sitting_out for r in self.rubbers) for p in self.players}}

    def _rubber_dict(self, rubber):
        ledger = rubber.ledger
        deals, before = [], {Side.NS: 0, Side.EW: 0}
        for deal, games in zip(ledger.deals, rubber.games_after):
            deals.append(deal_dict(deal, before, games, ledger))
            before = games
        totals = settle_entries(ledger.entries()).totals
        margin = rubber.margin()
        out = {"index": rubber.number, "seats": {s.name: rubber.seats[s] for s in SEAT_ORDER},
               "controllers": {s.name: p for s, p in rubber.controllers.items()},
               "sitting_out": list(rubber.sitting_out), "deals": deals,
               "games": {side.name: n for side, n in ledger.games.items()}, "finished": ledger.finished,
               "totals": {side.name: dict(t) for side, t in totals.items()},
               "margin": {"NS": margin, "EW": -margin}, "units": rubber.units(),
               "credit": rubber.credit(self.players)}
        if ledger.extra:
            award = {}
            for entry in ledger.extra:
                award[entry.side.name] = award.get(entry.side.name, 0) + entry.points
            out["unfinished_award"] = award
        return out


def _by_side(entries):
    out = {}
    for entry in entries:
        out[entry.side.name] = out.get(entry.side.name, 0) + entry.points
    return out


def deal_dict(deal, games_before, games_after, ledger):
    """One deal of a rubber on the §7.2 sheet: its result, the vulnerability at its start, the points below and
    above the line by side (the rubber bonus included above, and shown apart), the game it won."""
    r = deal.result
    vulnerable = [side.name for side in Side if deal.vulnerability.is_vulnerable(side)]
    out = {"index": deal.number, "dealer": deal.dealer.name,
           "contract": "Pass" if r.passed_out else str(r.contract)}
    if not r.passed_out:
        out.update(declarer=r.declarer.name, tricks=r.tricks)
    out.update(vulnerable=vulnerable, below=_by_side(e for e in deal.entries if e.below),
               above=_by_side(e for e in deal.entries if not e.below))
    won = [side for side in Side if games_after[side] > games_before[side]]
    if won:
        out["game_won_by"] = won[0].name
        if ledger.finished and deal.number == len(ledger.deals):
            bonus = deal.entries[-1]
            out["rubber_bonus"] = {bonus.side.name: bonus.points}
    return out
