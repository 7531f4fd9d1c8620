"""The bridge auction (bridge.md §3): calls, their notation, and the state machine that accepts only legal calls.

``Auction(dealer)`` follows the reference algorithm of §3.5: ``legal_calls()``, ``make_call(call)`` (raises
``IllegalCall`` saying why), ``is_complete`` and ``outcome`` (the contract and declarer, or passed out).
"""
import re

import attrs

from trickcore.games.bridge.vocab import Contract, Seat, Strain
from trickcore.errors import IllegalCall, NotationError


class Call:
    """A call: a ``Bid`` or one of ``PASS``, ``DOUBLE``, ``REDOUBLE``."""

    is_bid = False


@attrs.frozen
class Bid(Call):
    """A bid of ``level`` (1-7) in ``strain``; bids are ordered by ``index`` (bridge.md §3.1)."""

    level: int = attrs.field()
    strain: Strain = attrs.field(converter=Strain)
    is_bid = True

    @level.validator
    def _check_level(self, attribute, value):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 7:
            raise NotationError(f"a bid's level is 1..7, not {value!r}")

    @property
    def index(self):
        """The bid's rank among the 35 bids: ``5·(level − 1) + strain``, 0 for 1C up to 34 for 7NT."""
        return 5 * (self.level - 1) + int(self.strain)

    def __str__(self):
        return f"{self.level}{self.strain.name}"


@attrs.frozen
class OtherCall(Call):
    """Pass, double or redouble, named by its canonical spelling (``Pass``, ``X``, ``XX``)."""

    name: str

    def __str__(self):
        return self.name


PASS = OtherCall("Pass")
DOUBLE = OtherCall("X")
REDOUBLE = OtherCall("XX")
ALL_BIDS = tuple(Bid(level, strain) for level in range(1, 8) for strain in Strain)

_CALL_WORDS = {"PASS": PASS, "P": PASS, "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE,
               "XX": REDOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE}
_BID_RE = re.compile(r"^([1-7])(NT|N|[CDHS♣♦♥♠])$")


def parse_call(text):
    """Read one call forgivingly: ``Pass``/``P``, ``X``/``Dbl``/``D``, ``XX``/``Rdbl``/``R``, ``1C`` … ``7NT``
    (``1N``, suit symbols, any case); a trailing alert ``!`` is ignored."""
    token = "".join(str(text).split()).upper().rstrip("!")
    if token in _CALL_WORDS:
        return _CALL_WORDS[token]
    match = _BID_RE.match(token)
    if match is None:
        raise NotationError(f"not a call: {text!r} (expected Pass, X, XX or a bid 1C..7NT)", field="call")
    return Bid(int(match.group(1)), Strain.parse(match.group(2)))


@attrs.frozen
class AuctionOutcome:
    """How an auction ended: ``contract`` and ``declarer``, both None when the deal was passed out."""

    contract: Contract = None
    declarer: Seat = None

    @property
    def passed_out(self):
        """True when all four players passed."""
        return self.contract is None

    @property
    def dummy(self):
        """Declarer's partner (None when passed out)."""
        return None if self.declarer is None else self.declarer.partner

    @property
    def opening_leader(self):
        """Declarer's left-hand opponent (None when passed out)."""
        return None if self.declarer is None else self.declarer.lho

    def __str__(self):
        return "passed out" if self.passed_out else f"{self.contract} by {self.declarer}"


PASSED_OUT = AuctionOutcome()


class Auction:
    """The calls of one deal from ``dealer`` on; a mutable state machine that accepts only legal calls."""

    def __init__(self, dealer=Seat.N, calls=()):
        self.dealer = Seat(dealer)
        self.calls = []
        self._last_bid = None     # (Bid, seat) of the last bid made
        self._doubled = 0         # 0, 1 (doubled) or 2 (redoubled) since the last bid
        for call in calls:
            self.make_call(call)

    def copy(self):
        """An independent copy of this auction."""
        return Auction(self.dealer, self.calls)

    @property
    def turn(self):
        """The seat to call next."""
        return Seat((self.dealer + len(self.calls)) % 4)

    @property
    def last_bid(self):
        """The last bid made, or None."""
        return None if self._last_bid is None else self._last_bid[0]

    @property
    def last_bidder(self):
        """The seat that made the last bid, or None."""
        return None if self._last_bid is None else self._last_bid[1]

    @property
    def doubled(self):
        """The double state of the last bid: 0, 1 (doubled) or 2 (redoubled)."""
        return self._doubled

    @property
    def is_complete(self):
        """True after four opening passes, or after a bid and three passes in a row (bridge.md §3.3)."""
        n = len(self.calls)
        if self._last_bid is None:
            return n == 4
        return n >= 4 and all(c == PASS for c in self.calls[-3:])

    @property
    def passed_out(self):
        """True when the auction ended with four passes."""
        return self.is_complete and self._last_bid is None

    def why_illegal(self, call):
        """The reason ``call`` is illegal now (one of §3.2's phrases), or None when it is legal."""
        if not isinstance(call, Call):
            raise NotationError(f"{call!r} is not a call")
        if self.is_complete:
            return "auction complete"
        turn = self.turn
        if call == PASS:
            return None
        if call.is_bid:
            if self._last_bid is not None and call.index <= self._last_bid[0].index:
                return f"insufficient bid: {call} does not rank above {self._last_bid[0]}"
            return None
        if call == DOUBLE:
            if self._last_bid is None:
                return "nothing to double"
            if self._last_bid[1].side == turn.side:
                return "double of own side"
            return "already doubled" if self._doubled else None
        if self._last_bid is None or self._doubled == 0:
            return "nothing to redouble"
        if self._last_bid[1].side != turn.side:
            return "nothing to redouble: the double is of the opponents' bid"
        return "already doubled" if self._doubled == 2 else None

    def is_legal(self, call):
        """True when ``call`` may be made now."""
        return self.why_illegal(call) is None

    def legal_calls(self):
        """Every legal call, in the order Pass, X, XX, then bids by ascending rank (bridge.md §3.5)."""
        if self.is_complete:
            return []
        calls = [c for c in (PASS, DOUBLE, REDOUBLE) if self.is_legal(c)]
        start = 0 if self._last_bid is None else self._last_bid[0].index + 1
        return calls + list(ALL_BIDS[start:])

    def make_call(self, call):
        """Make ``call`` (a Call or its text) for the seat on turn; IllegalCall naming the reason if illegal."""
        if isinstance(call, str):
            call = parse_call(call)
        reason = self.why_illegal(call)
        if reason is not None:
            raise IllegalCall(f"{call} by {self.turn} after {self.text() or 'no calls'}: {reason}")
        if call.is_bid:
            self._last_bid, self._doubled = (call, self.turn), 0
        elif call == DOUBLE:
            self._doubled = 1
        elif call == REDOUBLE:
            self._doubled = 2
        self.calls.append(call)
        return self

    def seat_of(self, position):
        """The seat that made call number ``position`` (0 = the dealer's first call)."""
        return Seat((self.dealer + position) % 4)

    @property
    def outcome(self):
        """The contract and declarer once complete: PASSED_OUT after four passes; None while still running."""
        if not self.is_complete:
            return None
        if self._last_bid is None:
            return PASSED_OUT
        bid, bidder = self._last_bid
        declarer = next(self.seat_of(k) for k, c in enumerate(self.calls)
                        if c.is_bid and c.strain == bid.strain and self.seat_of(k).side == bidder.side)
        return AuctionOutcome(Contract(bid.level, bid.strain, self._doubled), declarer)

    def text(self):
        """The calls so far, space-separated (``1H Pass 2H X``)."""
        return " ".join(str(c) for c in self.calls)

    def __repr__(self):
        return f"Auction(dealer={self.dealer.name}, calls={self.text()!r})"
