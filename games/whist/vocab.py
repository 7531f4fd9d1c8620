"""Whist's words (rules/whist.md §0): seats and sides, the eldest hand, trumps and honours, and the result of a hand as
the scorer reads it.

Plain values and notation only: the play lives in ``table.py``, the scoring in ``trickcore.scoring.whist``,
which imports these words from here.
"""
import attrs

from trickcore.cards import Card, Rank, Suit
from trickcore.errors import InvalidRecord, NotationError

SEATS = ("N", "E", "S", "W")
"""The seats in playing order (clockwise), as indices N=0 E=1 S=2 W=3."""
SIDES = ("NS", "EW")
"""The partnerships, as indices N-S=0 and E-W=1."""
TRICKS = 13
"""Tricks in a hand."""
HONOURS = 4
"""Trump honours in a hand: A, K, Q and J."""
HONOUR_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_SEAT_WORDS = {"N": "NORTH", "E": "EAST", "S": "SOUTH", "W": "WEST"}


def side_of(seat):
    """The side (0 = N-S, 1 = E-W) of a seat index (N=0, E=1, S=2, W=3)."""
    return seat % 2


def eldest_hand(dealer):
    """The dealer's left-hand opponent, who leads to the first trick."""
    return (dealer + 1) % 4


def parse_seat(value, field):
    """A seat index from ``N E S W`` (or North...), any case; InvalidRecord naming ``field`` otherwise."""
    text = str(value).strip().upper() if value is not None else ""
    if not text or text[0] not in SEATS or text not in (text[0], _SEAT_WORDS[text[0]]):
        raise InvalidRecord(f"{value!r} is not a seat (N, E, S or W)", field=field)
    return SEATS.index(text[0])


def parse_trump(value):
    """A trump suit given as a Suit or a letter (S, H, D, C); NotationError otherwise."""
    if isinstance(value, Suit):
        return value
    text = "" if value is None else str(value).strip().upper()
    if text in ("", "NONE", "-"):
        raise NotationError("whist always has a trump suit")
    if text not in ("S", "H", "D", "C"):
        raise NotationError(f"{value!r} is not a suit (S, H, D or C)")
    return Suit[text]


def honours_ns(deal, trump):
    """How many trump honours (A K Q J) N and S hold between them in ``deal`` (the turn-up in the dealer's)."""
    return sum(1 for seat in (0, 2) for c in deal.hands[seat] if c.suit == trump and c.rank in HONOUR_RANKS)


def _optional_count(top, what):
    def check(instance, attribute, value):
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise InvalidRecord(f"{what} must be a whole number from 0 to {top}, not {value!r}",
                                field=attribute.name)
    return check


@attrs.frozen
class HandResult:
    """What the scorer needs of one hand: N-S's tricks ``t`` and trump honours ``h`` (rules/whist.md §4).

    ``tricks_ns`` may be None only for a hand that is not played because a side calls at eight;
    ``honours_ns`` may be None when the ruleset does not count honours. ``dealer``, ``trump`` and ``turn_up``
    are carried into the ledger for the record.
    """

    tricks_ns: int | None = attrs.field(validator=_optional_count(TRICKS, "tricks_ns"))
    honours_ns: int | None = attrs.field(default=None, validator=_optional_count(HONOURS, "honours_ns"))
    dealer: int | None = None
    trump: Suit | None = None
    turn_up: Card | None = None
