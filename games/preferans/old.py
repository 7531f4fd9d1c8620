"""One deal of the 19th-century game (§3): a suit auction of one circuit without the
talon, else the talon offered for purchase; the other two whist or pass, each whister owing two tricks of his
own; everyone plays his own hand closed, the forehand leading (decision D31).

Calls: phase A ``pass`` or a suit ``S`` < ``C`` < ``D`` < ``H`` (a game of six in it without the talon; hearts,
"преферанс", ends the auction at once); phase B, only when nobody declared, ``take`` or ``decline``; the buyer
then discards two and names the trump (a ``TalonChoice`` whose contract is ``6S`` ... ``6H``, D28). Nobody
buys: the deal is redealt by the same dealer (decision D26).

Sections (§) and decisions are those of docs/rules/preferans-variants.md.
"""
import attrs

from trickcore.errors import IllegalCall, InputError
from trickcore.games.preferans.auction import AuctionOutcome
from trickcore.games.preferans.defence import DefenceOutcome
from trickcore.games.preferans.record import PlayedDeal
from trickcore.games.preferans.table import PreferansState
from trickcore.games.preferans.vocab import HANDS, PASS, WHIST, trump_of

SUITS = ("S", "C", "D", "H")          # r.22–23: ♠ < ♣ < ♦ < ♥
PREFERANCE = "H"                      # a declaration of hearts, "преферанс", ends the auction (Note, r.22)
TAKE, DECLINE = "take", "decline"
CONTRACTS = tuple(f"6{s}" for s in SUITS)
QUOTA = 2                             # r.31: the tricks each whister owes of his own


class OldAuction:
    """Phase A (one circuit of declarations without the talon) and phase B (the talon offered in turn), §3.2.

    Hands are 0, 1, 2 from the forehand; ``calls`` the (hand, call) pairs in order; ``outcome`` an
    AuctionOutcome whose ``all_pass`` means a redeal (all declined), with ``with_talon`` for a purchase.
    """

    def __init__(self):
        self.calls = []
        self.high = None
        self.high_by = None
        self.buyer = None
        self.stage = "declare"
        self.turn = 0

    @property
    def is_complete(self):
        """True once a game is declared or bought, or all three declined the talon."""
        return self.stage == "done"

    @property
    def with_talon(self):
        """True when the declarer bought the talon (phase B)."""
        return self.buyer is not None

    @property
    def outcome(self):
        """The AuctionOutcome (declarer, ``6<suit>``, or all_pass for a redeal); None while it goes on."""
        if not self.is_complete:
            return None
        if self.high is not None:
            return AuctionOutcome(False, self.high_by, f"6{self.high}")
        if self.buyer is not None:
            return AuctionOutcome(False, self.buyer, None)
        return AuctionOutcome(True)

    def why_illegal(self, call):
        """The reason ``call`` is illegal for the hand to call now, or None if it is legal."""
        if self.is_complete:
            return "the auction is over"
        if self.stage == "talon":
            return None if call in (TAKE, DECLINE) else "the talon is offered: take or decline"
        if call == PASS:
            return None
        if call in SUITS:
            if self.high is not None and SUITS.index(call) <= SUITS.index(self.high):
                return f"a declaration must be in a suit higher than {self.high} (r.22)"
            return None
        if call in (TAKE, DECLINE):
            return "the talon is offered only when nobody declared a game (r.24)"
        return f"{call!r} is not a call of the old game (pass, S, C, D, H; take, decline)"

    def legal_calls(self):
        """The calls the hand to call may make: pass and the higher suits, or take and decline."""
        return [c for c in (PASS, *SUITS, TAKE, DECLINE) if self.why_illegal(c) is None]

    def make_call(self, call):
        """Make ``call`` for the hand whose turn it is; IllegalCall (with the reason) if it is not allowed."""
        call = call.strip() if isinstance(call, str) else call
        call = call.upper() if isinstance(call, str) and call.upper() in SUITS else call
        reason = self.why_illegal(call)
        if reason is not None:
            raise IllegalCall(f"{HANDS[self.turn]} may not call {call}: {reason}")
        hand = self.turn
        self.calls.append((hand, call))
        if self.stage == "declare":
            if call in SUITS:
                self.high, self.high_by = call, hand
            if call == PREFERANCE or hand == 2:
                self.stage, self.turn = ("done", hand) if self.high is not None else ("talon", 0)
            else:
                self.turn = hand + 1
        elif call == TAKE:
            self.buyer, self.stage = hand, "done"
        elif hand == 2:
            self.stage = "done"
        else:
            self.turn = hand + 1


class OldDefence:
    """The two others' calls, clockwise from the declarer (§3.3): ``whist`` or ``pass`` each."""

    def __init__(self, declarer):
        self.order = ((declarer + 1) % 3, (declarer + 2) % 3)
        self.log = []

    @property
    def to_call(self):
        """The defender to call, None when both have called."""
        return self.order[len(self.log)] if len(self.log) < 2 else None

    @property
    def is_complete(self):
        """True once both have called."""
        return len(self.log) == 2

    def legal_calls(self):
        """``pass`` or ``whist`` for the defender to call."""
        return [] if self.is_complete else [PASS, WHIST]

    def make_call(self, call):
        """Record ``call``; IllegalCall if it is not whist or pass."""
        if call not in self.legal_calls():
            raise IllegalCall(f"{call!r} is not allowed: each defender says whist or pass")
        self.log.append((self.to_call, call))

    @property
    def outcome(self):
        """The DefenceOutcome once both have called: played with one or two whisters, else passed out."""
        if not self.is_complete:
            return None
        whisters = tuple(h for h, c in self.log if c == WHIST)
        return DefenceOutcome(dict(self.log), whisters, "played" if whisters else "passed_out")


class OldState(PreferansState):
    """One deal of the old game between three players (ids clockwise; ``dealer`` his index)."""

    def __init__(self, game, deal, dealer, settings, players):
        if len(players) != 3:
            raise InputError(f"the old game is played by 3 players, not {len(players)}", field="players")
        super().__init__(game, deal, dealer, settings, players)

    def _new_auction(self, exit_level):
        return OldAuction()

    def _auction_over(self):
        out = self.auction.outcome
        if out.all_pass:
            self.kind = "redeal"
            self.phase = "done"
            return
        self.declarer = out.declarer
        if self.auction.with_talon:
            self.allowed = CONTRACTS
            self.phase = "talon"
            return
        self.bid = self.contract = out.bid
        self.kind = "game"
        self.defence = self._new_defence()
        self.phase = "defence"

    def _new_defence(self):
        return OldDefence(self.declarer)

    def _defend(self, call):
        self.defence.make_call(call)
        if not self.defence.is_complete:
            return
        self.outcome = self.defence.outcome
        self.whisters = self.outcome.whisters
        if self.outcome.kind != "played":
            self.phase = "done"                       # decision D30: both passed, the game counts as made
            return
        self._start_play(trump_of(self.contract))      # decision D31: every hand plays itself, closed

    def view(self, seat):
        """The base view, with the talon seen only once it is bought and shown (decision D28)."""
        seen = super().view(seat)
        return seen if self.auction.with_talon else attrs.evolve(seen, talon=())

    def record(self):
        """The PlayedDeal with its §3.10 protocol entry; InputError before the deal is over."""
        if not self.is_terminal:
            raise InputError("the deal is not over yet: it has no record")
        ids = {s: self.players[p] for s, p in enumerate(self.slot_player[:3])}
        entry = {"dealer": self.players[self.dealer]}
        auction = [{"player": ids[h], "call": c} for h, c in self.auction.calls]
        if self.kind == "redeal":
            entry.update(type="redeal", auction=auction)
        else:
            entry.update(type="game", declarer=ids[self.declarer], contract=self.contract,
                         with_talon=self.auction.with_talon, auction=auction,
                         calls={ids[h]: c for h, c in self.outcome.calls.items()})
            if self.done:
                entry["tricks"] = {self.players[p]: self.won[self.slot_of(p)] for p in range(3)}
        d = self.defence
        return PlayedDeal(self.players, self.dealer, self.hands, self.talon, tuple(self.auction.calls), self.kind,
                          self.declarer, self.bid, self.contract, self.discard, tuple(d.log) if d else (),
                          self.outcome.kind if self.outcome else None, False, self.done, tuple(self.won), entry)
