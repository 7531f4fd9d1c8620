"""The preferans auction (торговля) as a state machine (§3).

Hands are indices 0, 1, 2 (``hand1``, ``hand2``, ``hand3``; seniority in that order). Calls are text:
``pass``, ``hold`` (здесь), ``misere`` and the trick bids ``6S`` ... ``10NT``.

Sections (§) are those of docs/rules/preferans.md.
"""
import attrs

from trickcore.errors import IllegalCall, NotationError
from trickcore.games.preferans.vocab import (AUCTION_CALLS, HANDS, HOLD, LADDER_RANK, MISERE, PASS, TRICK_BIDS,
                                            is_higher, level, parse_call)


@attrs.frozen
class AuctionOutcome:
    """How an auction ended: ``all_pass`` (nobody bid), or a declarer (hand index) and his winning bid."""

    all_pass: bool
    declarer: int | None = None
    bid: str | None = None


class Auction:
    """The calls of one deal's auction; ``legal_calls()``, ``make_call(call)``, ``is_complete``, ``outcome``.

    ``allow_hold``: the variant allows ``hold`` (§3.4). ``exit_level``: after an all-pass series, trick bids
    below this level are illegal (§6.4; 6 = no restriction).
    """

    def __init__(self, allow_hold=True, exit_level=6):
        self.allow_hold = allow_hold
        self.exit_level = exit_level
        self.calls = []          # (hand, call) in order
        self.passed = set()
        self.high = None         # the highest bid so far
        self.high_by = None      # the hand that made or held it
        self.misere_by = set()   # hands that bid misère (afterwards only pass)
        self.turn = 0

    @property
    def is_complete(self):
        """True when every hand passed, or all but the holder of the highest bid passed."""
        return len(self.passed) == 3 or (len(self.passed) == 2 and self.high is not None)

    @property
    def outcome(self):
        """The AuctionOutcome, or None while the auction goes on."""
        if not self.is_complete:
            return None
        if self.high is None:
            return AuctionOutcome(True)
        return AuctionOutcome(False, self.high_by, self.high)

    def why_illegal(self, call):
        """The reason ``call`` is illegal for the hand to call now, or None if it is legal."""
        hand = HANDS[self.turn]
        if self.is_complete:
            return "the auction is over"
        if call == PASS:
            return None
        if self.turn in self.misere_by:
            return f"{hand} bid misère and may only pass now"
        if call == HOLD:
            if not self.allow_hold:
                return "this variant does not allow hold (здесь)"
            if self.high is None:
                return "there is no bid to hold"
            if self.high == MISERE:
                return "misère can never be held"
            if self.high_by <= self.turn:
                return f"{hand} may only hold a junior hand's bid, and {HANDS[self.high_by]} is not junior"
            return None
        if call == MISERE:
            if any(h == self.turn for h, _ in self.calls):
                return "misère is allowed only as a player's first call"
            if not is_higher(MISERE, self.high):
                return f"misère does not overbid {self.high}"
            return None
        if not is_higher(call, self.high):
            return f"{call} is not higher than the current bid {self.high}"
        if level(call) < self.exit_level:
            return f"{call} is below the exit level {self.exit_level} after all-pass"
        return None

    def legal_calls(self):
        """The calls the hand to call may make, ``pass`` first, then hold, then the ladder from the lowest."""
        return [c for c in AUCTION_CALLS if self.why_illegal(c) is None]

    def make_call(self, call):
        """Make ``call`` for the hand whose turn it is; IllegalCall (with the reason) if it is not allowed."""
        try:
            call = parse_call(call)
        except NotationError as e:
            raise IllegalCall(f"{call!r} is not a call: {e.message}") from None
        reason = self.why_illegal(call)
        if reason is not None:
            raise IllegalCall(f"{HANDS[self.turn]} may not call {call}: {reason}")
        hand = self.turn
        self.calls.append((hand, call))
        if call == PASS:
            self.passed.add(hand)
        else:
            if call == MISERE:
                self.misere_by.add(hand)
            if call != HOLD:
                self.high = call
            self.high_by = hand
        if not self.is_complete:
            nxt = (hand + 1) % 3
            while nxt in self.passed:
                nxt = (nxt + 1) % 3
            self.turn = nxt


def contracts_allowed(bid):
    """The contracts the declarer may announce after winning with ``bid`` (§4): misère only as misère."""
    if bid == MISERE:
        return [MISERE]
    return [c for c in TRICK_BIDS if LADDER_RANK[c] >= LADDER_RANK[bid]]
