"""The 19th-century game's remise ledger (§3.5-§3.10): its settings, its protocol, the count of
remises per player with the journal the book keeps in chalk, and the settlement by the average count.

Sections (§) and decisions are those of docs/rules/preferans-variants.md."""
from fractions import Fraction

import attrs

from trickcore.errors import SettingsError
from trickcore.games.preferans.record import PlayedDeal
from trickcore.games.preferans.variants import to_bool, to_int
from trickcore.scoring.base import Ledger, json_or_text, typed_overrides
from trickcore.scoring.preferans.protocol import read_header, read_players, record_error, to_fraction
from trickcore.scoring.preferans.settings import money_price
from trickcore.scoring.preferans.settlement import round_nearest, to_money
from trickcore.scoring.preferans.sheet import SHEET_FORMAT, encode

SUITS = ("S", "C", "D", "H")  # the old game's order, lowest first (r.22-23)
DEAL_TYPES = ("game", "redeal", "reduce", "void")
_TOP_FIELDS = ("format", "variant", "players", "settings", "start", "deals")
_DEAL_FIELDS = {
    "game": ("dealer", "type", "declarer", "contract", "with_talon", "auction", "calls", "tricks", "penalties"),
    "redeal": ("dealer", "type", "auction", "penalties"),
    "reduce": ("type", "amount"),
    "void": ("dealer", "type", "penalties"),
}


def _suit_values(value):
    if isinstance(value, tuple):
        value = dict(value)
    if not isinstance(value, dict) or sorted(value) != sorted(SUITS):
        raise ValueError("expected a map of the suits S, C, D, H to integers >= 1")
    return tuple((suit, to_int(value[suit], 1)) for suit in SUITS)


def _field(converter, default):
    return attrs.field(default=default, converter=converter)


@attrs.frozen
class OldScoringSettings:
    """The settings of the old game (§3.9); the base spec's settings do not apply to it."""

    stake: int = _field(lambda v: to_int(v, 1), 21)
    codilles: bool = _field(to_bool, True)  # decision D34
    suit_values: tuple = _field(_suit_values, (("S", 1), ("C", 2), ("D", 3), ("H", 4)))  # decision D32
    no_talon_factor: int = _field(lambda v: to_int(v, 1, 2), 1)  # decision D33
    remise_price: object = _field(money_price, 1)
    rounding: str = _field(lambda v: v if v in ("nearest", "exact") else _bad_rounding(v), "nearest")

    def value(self, suit, with_talon=True):
        """V[s]: the remises a game in ``suit`` is worth (× no_talon_factor without the talon)."""
        return dict(self.suit_values)[suit] * (1 if with_talon else self.no_talon_factor)

    def remises(self, missing):
        """k(x): per missing trick with codilles, else one for any shortfall."""
        return missing if self.codilles else int(missing > 0)


def _bad_rounding(value):
    raise ValueError("expected nearest or exact")


OLD_PRESET = OldScoringSettings()


def make_old_settings(overrides=None):
    """The old game's settings with single settings replaced by name (SettingsError on anything else)."""
    return attrs.evolve(OLD_PRESET, **typed_overrides(OldScoringSettings, overrides or {}, "old preferans",
                                                      read_value=json_or_text))


def old_settings_to_dict(settings):
    """The effective settings as JSON-ready values."""
    price = settings.remise_price
    return {"stake": settings.stake, "codilles": settings.codilles, "suit_values": dict(settings.suit_values),
            "no_talon_factor": settings.no_talon_factor,
            "remise_price": int(price) if price == price.to_integral_value() else float(price),
            "rounding": settings.rounding}


@attrs.frozen
class OldDeal:
    """One validated deal of the old game; ``index`` is 1-based."""

    index: int
    type: str
    dealer: str | None = None
    declarer: str | None = None
    suit: str | None = None
    with_talon: bool = False
    calls: dict = attrs.field(factory=dict)
    tricks: dict | None = None
    penalties: tuple = ()  # (player, count)
    amount: int = 0

    @property
    def label(self):
        """The sheet's label: ``6D without talon: made``, ``6C with talon: down 2``, ``redeal``, ``reduce 10``."""
        if self.type == "reduce":
            return f"reduce {self.amount}"
        if self.type != "game":
            return self.type
        talon = "with talon" if self.with_talon else "without talon"
        down = 0 if self.tricks is None else max(0, 6 - self.tricks[self.declarer])
        return f"6{self.suit} {talon}: " + ("made" if down == 0 else f"down {down}")


def _player(players, value, deal, field):
    if value not in players:
        raise record_error(f"unknown player {value!r}", deal, field)
    return value


def _order(players, dealer):
    """Forehand (the dealer's left), second, third (decision D26)."""
    at = players.index(dealer)
    return [players[(at + i) % 3] for i in (1, 2, 3)]


def check_auction(auction, players, dealer, index):
    """Replay a recorded auction (§3.2); return ``("game", declarer, suit or None, with_talon)`` or ``("redeal",)``.

    Phase A: one circuit from the forehand, each a pass or a declaration strictly above the standing one; hearts
    ("preferans") ends it at once. Phase B (nobody declared): the talon is offered in the same order until taken.
    """
    if not isinstance(auction, list):
        raise record_error("auction must be a list of {player, call}", index, "auction")
    order = _order(players, dealer)
    expected = []
    standing = None
    calls = iter(auction)
    for seat in order:
        expected.append(seat)
        call = _next_call(calls, seat, index)
        if call == "pass":
            continue
        if call not in SUITS:
            raise record_error(f"{seat} may pass or declare a suit (S C D H), not {call!r}", index, "auction")
        if standing is not None and SUITS.index(call) <= SUITS.index(standing[1]):
            raise record_error(f"{seat}'s {call} is not higher than {standing[1]}", index, "auction")
        standing = (seat, call)
        if call == "H":  # "preferans": the auction ends at once (Note, r.22)
            break
    if standing is None:
        for seat in order:
            call = _next_call(calls, seat, index)
            if call == "take":
                standing = (seat, None)
                break
            if call != "decline":
                raise record_error(f"{seat} may take or decline the talon, not {call!r}", index, "auction")
    if next(calls, None) is not None:
        raise record_error("calls after the end of the auction", index, "auction")
    if standing is None:
        return ("redeal",)
    return ("game", standing[0], standing[1], standing[1] is None)


def _next_call(calls, seat, index):
    item = next(calls, None)
    if item is None:
        raise record_error(f"the auction stops before {seat} has spoken", index, "auction")
    if not isinstance(item, dict) or set(item) != {"player", "call"}:
        raise record_error("an auction call is {player, call}", index, "auction")
    if item["player"] != seat:
        raise record_error(f"{item['player']!r} speaks out of turn ({seat} is to speak)", index, "auction")
    return item["call"]


def _penalties(raw, players, index):
    penalties = raw.get("penalties", [])
    if not isinstance(penalties, list):
        raise record_error("penalties must be a list", index, "penalties")
    out = []
    for item in penalties:
        if not isinstance(item, dict) or item.get("kind") != "remise" or not set(item) <= {"kind", "player", "count"}:
            raise record_error(f"a penalty is {{kind: remise, player, count}}, not {item!r}", index, "penalties")
        count = item.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise record_error("a penalty count is an integer >= 1", index, "penalties")
        out.append((_player(players, item.get("player"), index, "penalties"), count))
    return tuple(out)


def parse_old_deal(raw, index, players):
    """Validate one deal of the old game (§3.10) against the ``players``."""
    if not isinstance(raw, dict):
        raise record_error("a deal must be an object", index, "deals")
    kind = raw.get("type")
    if kind not in DEAL_TYPES:
        raise record_error(f"unknown deal type {kind!r} ({', '.join(DEAL_TYPES)})", index, "type")
    for key in raw:
        if key not in _DEAL_FIELDS[kind]:
            raise record_error(f"no field {key!r} on a {kind} deal", index, key)
    if kind == "reduce":
        amount = raw.get("amount")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise record_error("a reduction amount is an integer >= 1", index, "amount")
        return OldDeal(index, kind, amount=amount)
    dealer = _player(players, raw.get("dealer"), index, "dealer")
    values = {"penalties": _penalties(raw, players, index)}
    outcome = check_auction(raw["auction"], players, dealer, index) if "auction" in raw else None
    if kind == "redeal" and outcome not in (None, ("redeal",)):
        raise record_error("the auction found a declarer: this is a game, not a redeal", index, "auction")
    if kind != "game":
        return OldDeal(index, kind, dealer, **values)
    declarer = _player(players, raw.get("declarer"), index, "declarer")
    contract = raw.get("contract")
    if not isinstance(contract, str) or contract.upper() not in [f"6{s}" for s in SUITS]:
        raise record_error(f"contract is 6S, 6C, 6D or 6H, not {contract!r}", index, "contract")
    suit = contract.upper()[1]
    with_talon = raw.get("with_talon")
    if not isinstance(with_talon, bool):
        raise record_error("with_talon must be true or false", index, "with_talon")
    if outcome is not None:
        if outcome == ("redeal",):
            raise record_error("everybody declined the talon: a redeal, not a game", index, "auction")
        _, winner, declared, bought = outcome
        if winner != declarer or bought != with_talon or (declared is not None and declared != suit):
            raise record_error(f"the auction gives {winner} "
                               + (f"6{declared} without the talon" if declared else "the talon")
                               + f", not {declarer} {contract} {'with' if with_talon else 'without'} the talon",
                               index, "auction")
    defenders = [p for p in _order(players, declarer)[:2]]
    calls = raw.get("calls", {})
    if not isinstance(calls, dict) or not all(who in defenders and call in ("whist", "pass")
                                              for who, call in calls.items()):
        raise record_error(f"calls map the defenders ({', '.join(defenders)}) to whist or pass", index, "calls")
    calls = {who: calls.get(who, "pass") for who in defenders}
    tricks = None
    if "whist" in calls.values():
        tricks = raw.get("tricks")
        if (not isinstance(tricks, dict) or sorted(tricks) != sorted(players)
                or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in tricks.values())
                or sum(tricks.values()) != 10):
            raise record_error("tricks: each of the three players a count, summing to 10", index, "tricks")
    elif "tricks" in raw:
        raise record_error("both defenders passed: the game was not played (no tricks)", index, "tricks")
    return OldDeal(index, kind, dealer, declarer, suit, with_talon, calls, tricks, **values)


@attrs.frozen
class OldProtocol:
    """A validated protocol of the old game."""

    players: tuple
    settings: OldScoringSettings
    start: dict
    deals: tuple


def parse_old_protocol(protocol, overrides=None):
    """Validate a protocol of the old game (§3.10) and return an :class:`OldProtocol`."""
    read_header(protocol, "old", _TOP_FIELDS)
    players = read_players(protocol, (3,))
    own = protocol.get("settings", {})
    if not isinstance(own, dict):
        raise record_error("settings must be an object", None, "settings", SettingsError)
    try:
        settings = make_old_settings({**own, **(overrides or {})})
    except SettingsError as exc:
        exc.deal = None
        raise
    start = protocol.get("start", {})
    if not isinstance(start, dict) or not set(start) <= {"count"} or not isinstance(start.get("count", {}), dict):
        raise record_error("start has only count: {player: remises}", None, "start")
    count = {_player(players, p, None, "start"): to_fraction(v, "start") for p, v in start.get("count", {}).items()}
    deals = protocol.get("deals", [])
    if not isinstance(deals, list):
        raise record_error("deals must be a list", None, "deals")
    return OldProtocol(players, settings, {"count": count},
                       tuple(parse_old_deal(raw, i, players) for i, raw in enumerate(deals, start=1)))


def score_old_deal(deal, settings):
    """The journal entries of one deal (§3.5-§3.7): ``(player, amount, kind)``, pure."""
    entries = []
    if deal.type == "reduce":
        return [(None, -deal.amount, "reduction")]
    if deal.type == "game":
        value = settings.value(deal.suit, deal.with_talon)
        declarer = deal.declarer
        if deal.tricks is None or deal.tricks[declarer] >= 6:
            entries.append((declarer, -value, "write_off"))
            for whister in (w for w, call in deal.calls.items() if call == "whist"):
                if deal.tricks[whister] < 2:
                    entries.append((whister, value * settings.remises(2 - deal.tricks[whister]), "remise"))
        else:
            entries.append((declarer, value * settings.remises(6 - deal.tricks[declarer]), "remise"))
    suit = deal.suit if deal.type == "game" else "S"  # decision D38: no game, the cheapest suit
    for player, count in deal.penalties:
        entries.append((player, count * settings.value(suit), "penalty"))
    return entries


def _encode(mapping):
    return {p: encode(v) for p, v in mapping.items()}


@attrs.frozen
class OldSettlement:
    """The settlement (§3.8): ``result[p] = avg − count[p]`` remises, displayed and in money."""

    final_count: dict
    average_count: Fraction
    result: dict
    display: dict
    money: dict


class RemiseLedger(Ledger):
    """The old game's sheet, fed deal by deal: counts, the append-only journal and the per-deal changes."""

    def __init__(self, players, settings=OLD_PRESET, start=None):
        self.players = tuple(players)
        self.settings = settings
        start_count = (start or {}).get("count", {})
        self.count = {p: Fraction(start_count.get(p, settings.stake)) for p in self.players}
        self.start = dict(self.count)
        self.journal = []  # {"deal", "player", "amount", "kind"}
        self.deals = []  # (index, label, delta)
        self.finished = sum(self.count.values()) <= 0

    @property
    def is_over(self):
        """True once the pot of remises is played out (decision D39)."""
        return self.finished

    def add(self, deal):
        """Score the next deal (a played deal's record, an :class:`OldDeal` or a raw protocol dict)."""
        index = len(self.deals) + 1
        if isinstance(deal, PlayedDeal):
            deal = deal.protocol
        if isinstance(deal, dict):
            deal = parse_old_deal(deal, index, self.players)
        if self.finished:
            raise record_error("the pot of remises is played out; no deal may follow", index, "deals")
        delta = {}
        for player, amount, kind in score_old_deal(deal, self.settings):
            for who in (self.players if player is None else (player,)):
                self.count[who] += amount
                delta[who] = delta.get(who, 0) + amount
                self.journal.append({"deal": index, "player": who, "amount": Fraction(amount), "kind": kind})
        self.deals.append((index, deal.label, {p: v for p, v in delta.items() if v}))
        self.finished = sum(self.count.values()) <= 0

    def settle(self):
        """The settlement as the sheet stands (§3.8)."""
        avg = Fraction(sum(self.count.values()), 3)
        result = {p: avg - self.count[p] for p in self.players}
        if self.settings.rounding == "exact":
            display = {p: int(v) if v.denominator == 1 else float(v) for p, v in result.items()}
        else:
            display = round_nearest(self.players, result)
        money = {p: to_money(display[p], self.settings.remise_price) for p in self.players}
        return OldSettlement(dict(self.count), avg, result, display, money)

    def to_dict(self):
        """The sheet JSON of §3.10."""
        s = self.settle()
        return {
            "format": SHEET_FORMAT, "variant": "old", "players": list(self.players),
            "settings": old_settings_to_dict(self.settings), "finished": self.finished,
            "deals": [{"index": i, "label": label, "delta": {"count": _encode(delta)}}
                      for i, label, delta in self.deals],
            "totals": {p: {"count": encode(self.count[p])} for p in self.players},
            "journal": [{**row, "amount": encode(row["amount"])} for row in self.journal],
            "settlement": {"method": "remise_average", "final_count": _encode(s.final_count),
                           "average_count": encode(s.average_count), "result": _encode(s.result),
                           "display": dict(s.display), "money": dict(s.money)},
        }

    @classmethod
    def for_protocol(cls, protocol):
        """An empty ledger for a parsed :class:`OldProtocol` (its players, settings and start)."""
        return cls(protocol.players, protocol.settings, protocol.start)

    @classmethod
    def replay(cls, protocol):
        """The ledger of a parsed :class:`OldProtocol` after all its deals."""
        ledger = cls.for_protocol(protocol)
        for deal in protocol.deals:
            ledger.add(deal)
        return ledger


def score_old_protocol(protocol, overrides=None):
    """Score a protocol of the old game; return its :class:`RemiseLedger`."""
    return RemiseLedger.replay(parse_old_protocol(protocol, overrides))
