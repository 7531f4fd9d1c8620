"""The bridge auction (§3): calls, their notation, and the state machine that accepts only legal calls.

``Auction(dealer)`` follows the reference algorithm of §3.5: ``legal_calls()``, ``make_call(call, seat=None)``
(raises ``IllegalCall`` saying why, "not your turn" for a ``seat`` not on turn), ``is_complete`` and ``outcome``
(the contract and declarer, or passed out).

Sections (§) are those of docs/rules/bridge.md.
"""
import re

import attrs

from trickcore.games.bridge.vocab import SEATS, Contract, Seat, Strain
from trickcore.errors import IllegalCall, NotationError


class Call:
    """A call: a ``Bid`` or one of ``PASS``, ``DOUBLE``, ``REDOUBLE``."""

    is_bid = False


@attrs.frozen
class Bid(Call):
    """A bid of ``level`` (1-7) in ``strain``; bids are ordered by ``index`` (§3.1)."""

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


_THREE_PASSES = [PASS] * 3   # the end of an auction with a bid, compared as a list: no generator per call


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
        return SEATS[(self.dealer + len(self.calls)) % 4]

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
        """True after four opening passes, or after a bid and three passes in a row (§3.3)."""
        n = len(self.calls)
        if self._last_bid is None:
            return n == 4
        return n >= 4 and self.calls[-3:] == _THREE_PASSES

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
        if call == PASS:
            return None
        if call.is_bid:
            if self._last_bid is not None and call.index <= self._last_bid[0].index:
                return f"insufficient bid: {call} does not rank above {self._last_bid[0]}"
            return None
        if call == DOUBLE:
            if self._last_bid is None:
                return "nothing to double"
            if self._last_bid[1].side == self.turn.side:
                return "double of own side"
            return "already doubled" if self._doubled else None
        if self._last_bid is None or self._doubled == 0:
            return "nothing to redouble"
        if self._last_bid[1].side != self.turn.side:
            return "nothing to redouble: the double is of the opponents' bid"
        return "already doubled" if self._doubled == 2 else None

    def is_legal(self, call):
        """True when ``call`` may be made now."""
        return self.why_illegal(call) is None

    def legal_calls(self):
        """Every legal call, in the order Pass, X, XX, then bids by ascending rank (§3.5)."""
        if self.is_complete:
            return []
        calls = [c for c in (PASS, DOUBLE, REDOUBLE) if self.is_legal(c)]
        start = 0 if self._last_bid is None else self._last_bid[0].index + 1
        return calls + list(ALL_BIDS[start:])

    def make_call(self, call, seat=None):
        """Make ``call`` (a Call or its text) for the seat on turn; ``seat``, when given, is the seat calling and
        must be on turn (§3.2: else "not your turn"). IllegalCall naming the reason if illegal."""
        if isinstance(call, str):
            call = parse_call(call)
        caller = self.turn if seat is None else (Seat(seat) if isinstance(seat, int) else Seat.parse(seat))
        reason = self.why_illegal(call)
        if caller != self.turn and reason != "auction complete":
            reason = f"not your turn ({self.turn} calls next)"
        if reason is not None:
            raise IllegalCall(f"{call} by {caller} after {self.text() or 'no calls'}: {reason}")
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


PARTNERS = (Seat.W, Seat.E)   # the three-player partnership (rules/bridge-variants.md §3.1); the lone player sits S


class ThreePlayerAuction:
    """The three-player auction of rules/bridge-variants.md §3.2, in four phases: the partners' auction P (W and E
    alternately, bids and passes only), the lone player's one call L (S: pass, double of the partners' bid, or a
    bid), then only doubles and redoubles: D (W, then E, each once) and R (S's redouble of a partner's double).

    The same interface as ``Auction``; ``callers`` gives the seat of each call (the calls are not in clockwise
    turn), ``phase`` is "P", "L", "D", "R" or "done". Replaying the same calls from the same dealer gives the same
    callers: the phase procedure decides who calls next.
    """

    def __init__(self, dealer=Seat.N, calls=()):
        self.dealer = Seat(dealer)
        self.calls, self.callers = [], []
        self.phase = "P"
        first = next(Seat((self.dealer + k) % 4) for k in range(4) if Seat((self.dealer + k) % 4) in PARTNERS)
        self._turn = first
        self._partner_bid = None       # (Bid, seat) of the partners' last bid in phase P
        self._lone_call = None
        self._doubled = 0
        self._d_calls = 0
        for call in calls:
            self.make_call(call)

    def copy(self):
        """An independent copy of this auction."""
        return ThreePlayerAuction(self.dealer, self.calls)

    @property
    def turn(self):
        """The seat to call next (None once complete)."""
        return None if self.phase == "done" else self._turn

    @property
    def last_bid(self):
        """The bid the contract would be now: the lone player's bid, else the partners' last bid, or None."""
        if self._lone_call is not None and self._lone_call.is_bid:
            return self._lone_call
        return None if self._partner_bid is None else self._partner_bid[0]

    @property
    def last_bidder(self):
        """The seat of ``last_bid``, or None."""
        if self._lone_call is not None and self._lone_call.is_bid:
            return Seat.S
        return None if self._partner_bid is None else self._partner_bid[1]

    @property
    def doubled(self):
        """The double state of ``last_bid``: 0, 1 or 2."""
        return self._doubled

    @property
    def is_complete(self):
        """True once no further call is legal."""
        return self.phase == "done"

    @property
    def passed_out(self):
        """True when the partners made no bid and the lone player passed."""
        return self.is_complete and self.last_bid is None

    def why_illegal(self, call):
        """The reason ``call`` is illegal now, or None when it is legal."""
        if not isinstance(call, Call):
            raise NotationError(f"{call!r} is not a call")
        if self.phase == "done":
            return "auction complete"
        if call == PASS:
            return None
        last = self.last_bid
        if self.phase in ("D", "R"):
            if call.is_bid:
                return "only double or redouble"
            lone_bid = self._lone_call.is_bid
            if call == DOUBLE:
                return None if lone_bid and self.phase == "D" else (
                    "double of own side" if self.phase == "R" else "already doubled")
            return None if (self.phase == "R" or not lone_bid) else "nothing to redouble"
        if call.is_bid:
            if last is not None and call.index <= last.index:
                return f"insufficient bid: {call} does not rank above {last}"
            return None
        if call == DOUBLE:
            if self.phase == "P":
                return "nothing to double" if last is None else "double of own side"
            return "nothing to double" if last is None else None
        return "nothing to redouble"

    def is_legal(self, call):
        """True when ``call`` may be made now."""
        return self.why_illegal(call) is None

    def legal_calls(self):
        """Every legal call, in the order Pass, X, XX, then bids by ascending rank."""
        if self.phase == "done":
            return []
        calls = [c for c in (PASS, DOUBLE, REDOUBLE) if self.is_legal(c)]
        if self.phase in ("P", "L"):
            last = self.last_bid
            calls += list(ALL_BIDS[0 if last is None else last.index + 1:])
        return calls

    def make_call(self, call, seat=None):
        """Make ``call`` (a Call or its text) for the seat on turn (``seat``, when given, must be it);
        IllegalCall naming the reason if illegal."""
        if isinstance(call, str):
            call = parse_call(call)
        if seat is not None and self.phase != "done" and Seat(seat) != self._turn:
            raise IllegalCall(f"{call} by {Seat(seat)} after {self.text() or 'no calls'}: not your phase "
                              f"({self._turn} calls in phase {self.phase})")
        reason = self.why_illegal(call)
        if reason is not None:
            raise IllegalCall(f"{call} by {self.turn or Seat(seat or Seat.S)} after {self.text() or 'no calls'}: "
                              f"{reason}")
        self.calls.append(call)
        self.callers.append(self._turn)
        getattr(self, f"_phase_{self.phase}")(call)
        return self

    def _phase_P(self, call):
        if call.is_bid:
            self._partner_bid = (call, self._turn)
        elif self._partner_bid is not None or len(self.calls) == 2:
            self.phase, self._turn = "L", Seat.S
            return
        self._turn = PARTNERS[1 - PARTNERS.index(self._turn)]

    def _phase_L(self, call):
        self._lone_call = call
        if call == PASS:
            self.phase = "done"
        else:
            self._doubled = 1 if call == DOUBLE else 0
            self.phase, self._turn = "D", Seat.W

    def _phase_D(self, call):
        self._d_calls += 1
        if call == DOUBLE:
            self._doubled, self.phase, self._turn = 1, "R", Seat.S
        elif call == REDOUBLE:
            self._doubled, self.phase = 2, "done"
        elif self._d_calls == 2:
            self.phase = "done"
        else:
            self._turn = Seat.E

    def _phase_R(self, call):
        if call == REDOUBLE:
            self._doubled = 2
        self.phase = "done"

    def seat_of(self, position):
        """The seat that made call number ``position``."""
        return self.callers[position]

    @property
    def outcome(self):
        """The contract and declarer once complete (PASSED_OUT when nobody bid); None while still running."""
        if self.phase != "done":
            return None
        bid = self.last_bid
        if bid is None:
            return PASSED_OUT
        if self.last_bidder == Seat.S:
            declarer = Seat.S
        else:
            declarer = next(s for s, c in zip(self.callers, self.calls) if c.is_bid and c.strain == bid.strain)
        return AuctionOutcome(Contract(bid.level, bid.strain, self._doubled), declarer)

    def text(self):
        """The calls so far with their seats (``W:1H E:2H W:Pass S:2S``)."""
        return " ".join(f"{s}:{c}" for s, c in zip(self.callers, self.calls))

    def __repr__(self):
        return f"ThreePlayerAuction(dealer={self.dealer.name}, calls={self.text()!r})"
