"""The defence calls after a trick contract (§5): whist, pass, half-whist, return, dealer whist.

Participants are hand indices 0..2 and ``DEALER`` (3), the sitting-out dealer at four players. ``D1`` is the
first hand clockwise after the declarer, ``D2`` the other (§5.1; the 4-player dealer is never a defender).

Sections (§) are those of docs/rules/preferans.md.
"""
import attrs

from trickcore.errors import IllegalCall
from trickcore.games.preferans.vocab import DEALER, HALF_WHIST, PASS, RETURN, WHIST


@attrs.frozen
class DefenceOutcome:
    """The result of the calls: each defender's final call, the whisters, and the protocol's extra fields.

    ``kind``: ``played`` (at least one whister), ``half_whist`` (a half-whist stands) or ``passed_out``.
    """

    calls: dict
    whisters: tuple
    kind: str
    returned_by: int | None = None
    dealer_call: str | None = None

    @property
    def lone_whister(self):
        """The sole whister (a hand or DEALER), or None with zero or two whisters."""
        return self.whisters[0] if len(self.whisters) == 1 else None


class DefenceCalls:
    """The §5.2 state machine: ``to_call``, ``legal_calls()``, ``make_call(call)``, ``is_complete``, ``outcome``."""

    def __init__(self, declarer, contract_level, trump_is_spades, n_players, settings):
        self.d1 = (declarer + 1) % 3
        self.d2 = (declarer + 2) % 3
        self.level = contract_level
        self.n_players = n_players
        self.settings = settings
        self.mandatory = settings.mandatory_whist_6s and contract_level == 6 and trump_is_spades
        self.calls = {}
        self.log = []
        self.returned_by = None
        self.dealer_call = None
        self.half_by = None
        self.stage = "d1"

    @property
    def to_call(self):
        """Who calls next: a hand index or DEALER; None when complete."""
        return {"d1": self.d1, "d2": self.d2, "switch": self.d1, "return": self._other(self.half_by),
                "dealer_return": DEALER, "dealer": DEALER}.get(self.stage)

    @property
    def is_complete(self):
        """True when no more calls are due."""
        return self.stage == "done"

    def _other(self, hand):
        return self.d2 if hand == self.d1 else self.d1

    def _half_allowed(self):
        return self.settings.half_whist and self.level in (6, 7)

    def _dealer_may(self):
        return self.n_players == 4 and self.settings.dealer_may_whist

    def legal_calls(self):
        """The calls open to ``to_call``."""
        if self.stage in ("d1", "d2") and self.mandatory:
            return [WHIST]
        if self.stage == "d1":
            return [PASS, WHIST]
        if self.stage == "d2":
            half = [HALF_WHIST] if self.calls[self.d1] == PASS and self._half_allowed() else []
            return [PASS, WHIST] + half
        if self.stage == "switch":
            return [WHIST, HALF_WHIST]
        if self.stage in ("return", "dealer_return"):
            return [PASS, RETURN]
        if self.stage == "dealer":
            return [PASS, WHIST]
        return []

    def make_call(self, call):
        """Record ``call`` for ``to_call``; IllegalCall if it is not among ``legal_calls()``."""
        legal = self.legal_calls()
        if call not in legal:
            who = "the dealer" if self.to_call == DEALER else f"hand{(self.to_call or 0) + 1}"
            why = "the defence is over" if not legal else f"{who} may only call {' or '.join(legal)} here"
            if call == HALF_WHIST and legal:
                why = "half-whist is allowed only on 6 and 7, by D2 after D1 passed (or the gentleman switch)"
            raise IllegalCall(f"{call!r} is not allowed: {why}")
        who = self.to_call
        self.log.append((who, call))
        stage = self.stage
        if stage == "d1":
            self.calls[who] = call
            self.stage = "d2"
        elif stage == "d2":
            self.calls[who] = call
            d1_call = self.calls[self.d1]
            if call == HALF_WHIST:
                self.half_by, self.stage = who, "return"
            elif (d1_call == WHIST and call == PASS and self._half_allowed()
                  and self.settings.gentleman_half_whist_switch):
                self.stage = "switch"
            elif d1_call == PASS and call == PASS and self._dealer_may():
                self.stage = "dealer"
            else:
                self.stage = "done"
        elif stage == "switch":
            if call == HALF_WHIST:
                self.calls[who] = HALF_WHIST
                self.half_by, self.stage = who, "return"
            else:
                self.stage = "done"
        elif stage == "return":
            if call == RETURN:
                self.returned_by, self.stage = who, "done"
            else:
                self.stage = "dealer_return" if self._dealer_may() else "done"
        elif stage == "dealer_return":
            if call == RETURN:
                self.returned_by = DEALER
            self.stage = "done"
        elif stage == "dealer":
            self.dealer_call = call
            self.stage = "done"

    @property
    def outcome(self):
        """The DefenceOutcome once complete, else None."""
        if not self.is_complete:
            return None
        if self.returned_by is not None:
            return DefenceOutcome(dict(self.calls), (self.returned_by,), "played", self.returned_by)
        if self.half_by is not None:
            return DefenceOutcome(dict(self.calls), (), "half_whist")
        if self.dealer_call == WHIST:
            return DefenceOutcome(dict(self.calls), (DEALER,), "played", dealer_call=WHIST)
        whisters = tuple(h for h in (self.d1, self.d2) if self.calls[h] == WHIST)
        return DefenceOutcome(dict(self.calls), whisters, "played" if whisters else "passed_out",
                              dealer_call=self.dealer_call)
