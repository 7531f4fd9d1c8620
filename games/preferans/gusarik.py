"""One deal of Gusarik (§1): two players and a dummy. The players bid as in Classic, the
dummy passes; the winner takes the talon and announces; only the opponent whists, and then plays his own hand
and the dummy's, both face up; all-pass is played by the two players alone under the duck rule.

The ring is A → B → dummy (decision D1); the dealer is A or B (decision D2), so the dummy sits at hand2 when A deals and
at hand1 when B deals, and the non-dealer calls first. In the razboinik stage (§1.4) the auction and the
announcement are limited to the games each player still owes, and when both pass the forced player must play.

Sections (§) and decisions are those of docs/rules/preferans-variants.md.
"""
import attrs

from trickcore.duck import duck_legal, follower_wins
from trickcore.errors import IllegalCall, IllegalPlay, InputError
from trickcore.games.preferans.auction import Auction, contracts_allowed
from trickcore.games.preferans.defence import DefenceOutcome
from trickcore.games.preferans.record import PlayedDeal
from trickcore.games.preferans.table import PreferansState
from trickcore.games.preferans.vocab import HANDS, MISERE, PASS, TRICK_BIDS, WHIST, level, trump_of

DUMMY = "dummy"                       # the dummy's reserved name (§1.2): never a player id
# §1.4: the six games each player must play once in the razboinik stage.
RAZBOINIK_GAMES = ("6", "7", "8", "9", "10", MISERE)


def game_of(contract):
    """The razboinik game a contract fulfils: its level (``"7"`` for 7H) or ``misere``."""
    return MISERE if contract == MISERE else str(level(contract))


def contracts_of(games):
    """The contracts that fulfil one of ``games`` (razboinik games), in ladder order."""
    return [c for c in TRICK_BIDS if game_of(c) in games] + ([MISERE] if MISERE in games else [])


class GusarikAuction(Auction):
    """The Classic auction of §1.5 with the dummy passing at each turn, and in the razboinik stage the extra
    rules of §1.4: a bid only for a game the bidder still owes (``owed``: hand -> games, None in pool mode)."""

    def __init__(self, dummy, owed=None, held=True):
        super().__init__(allow_hold=False)
        self.dummy = dummy
        self.owed = owed
        if held:                # a closing all-pass deal has no auction at all (§1.4 item 3)
            self._dummy_passes()

    def _dummy_passes(self):
        while not self.is_complete and self.turn == self.dummy:
            super().make_call(PASS)

    def why_illegal(self, call):
        """The reason ``call`` is illegal now (the base rules, then the razboinik obligations), or None."""
        reason = super().why_illegal(call)
        if reason is not None or self.owed is None or call == PASS:
            return reason
        owed = self.owed[self.turn]
        if not owed:
            return f"{HANDS[self.turn]} has played all his razboinik games and may only pass"
        if call == MISERE:
            return None if MISERE in owed else f"{HANDS[self.turn]} has played his misère"
        if not any(g != MISERE and int(g) >= level(call) for g in owed):
            return f"{HANDS[self.turn]} owes no game of {level(call)} tricks or more"
        return None

    def make_call(self, call):
        """Make ``call`` for the live hand whose turn it is; the dummy's passes follow by themselves."""
        super().make_call(call)
        self._dummy_passes()


class GusarikDefence:
    """The opponent's one call on a trick contract (§1.6): ``whist`` only on 6♠ while ``mandatory_whist_6s`` is on
    (the Gusarik preset's value), ``whist`` or ``pass`` else."""

    def __init__(self, opponent, contract, mandatory_whist_6s=True):
        self.opponent = opponent
        self.mandatory = mandatory_whist_6s and contract == "6S"
        self.log = []

    @property
    def to_call(self):
        """The opponent, until he has called."""
        return None if self.log else self.opponent

    @property
    def is_complete(self):
        """True once the opponent has called."""
        return bool(self.log)

    def legal_calls(self):
        """``whist`` on 6♠ (it is mandatory), else ``pass`` or ``whist``; none once called."""
        if self.log:
            return []
        return [WHIST] if self.mandatory else [PASS, WHIST]

    def make_call(self, call):
        """Record the opponent's call; IllegalCall if it is not among ``legal_calls()``."""
        legal = self.legal_calls()
        if call not in legal:
            why = "6♠ must be whisted" if self.mandatory else "the opponent calls whist or pass"
            raise IllegalCall(f"{call!r} is not allowed: {why if legal else 'the defence is over'}")
        self.log.append((self.opponent, call))

    @property
    def outcome(self):
        """The DefenceOutcome once the opponent has called, else None."""
        if not self.log:
            return None
        call = self.log[0][1]
        return DefenceOutcome({self.opponent: call}, (self.opponent,) if call == WHIST else (),
                              "played" if call == WHIST else "passed_out")


class GusarikState(PreferansState):
    """One Gusarik deal. ``players`` are the two ids (A first), ``dealer`` 0 or 1; ``owed`` the razboinik games
    each player still owes (a pair of collections; None in pool mode); ``closing`` a closing all-pass deal of
    the razboinik stage (no auction, §1.4 item 3). A games-phase deal in which one player owes nothing has no
    auction either: the other is the forced player (§1.4 item 2)."""

    def __init__(self, game, deal, dealer, settings, players, owed=None, closing=False):
        if DUMMY in players:
            raise InputError(f"{DUMMY!r} is the dummy's name, not a player id", field="players")
        self.owed, self.closing = owed, closing
        super().__init__(game, deal, dealer, settings, tuple(players) + (DUMMY,))
        self.non_dealer = self.slot_of(1 - dealer)
        self.opponent = None
        if closing:
            self._all_pass()
        elif not self.auction_held:
            self._forced_game()

    def _new_auction(self, exit_level):
        self.dummy = self.slot_of(2)
        if self.owed is not None:          # by player index, as given -> by hand
            self.owed = {self.slot_of(p): frozenset(self.owed[p]) for p in (0, 1)}
        return GusarikAuction(self.dummy, self.owed, held=self.auction_held)

    @property
    def auction_held(self):
        """Whether the deal has an auction (§1.4): not in a closing all-pass deal, nor in a games-phase deal in
        which one player has played all his games (the other is forced, "the auction is skipped")."""
        return not self.closing and (self.owed is None or all(self.owed.values()))

    @property
    def forced(self):
        """The player who must play when both pass in the razboinik games phase (§1.4): the non-dealer if he
        still owes a game, otherwise the dealer; None in pool mode."""
        if self.owed is None:
            return None
        return self.non_dealer if self.owed[self.non_dealer] else self.slot_of(self.dealer)

    def _auction_over(self):
        out = self.auction.outcome
        if not out.all_pass:
            self.declarer, self.bid = out.declarer, out.bid
            allowed = contracts_allowed(out.bid)
            if self.owed is not None:
                allowed = [c for c in allowed if c in contracts_of(self.owed[self.declarer])]
        elif self.owed is not None:
            self._forced_game()
            return
        else:
            self._all_pass()
            return
        self._take_talon(allowed)

    def _forced_game(self):
        """§1.4 item 2: the forced player takes the talon, discards two and announces any one of his unplayed
        games (no minimum)."""
        self.declarer = self.forced
        self._take_talon(contracts_of(self.owed[self.declarer]))

    def _take_talon(self, allowed):
        """The declarer takes the talon and may announce one of ``allowed``; the other live player is the
        opponent."""
        self.opponent = next(h for h in range(3) if h not in (self.declarer, self.dummy))
        self.allowed = tuple(allowed)
        self.phase = "talon"

    def _all_pass(self):
        """All-pass with the dummy out (§1.10): no talon, the non-dealer leads, the duck rule."""
        self.kind = "all_pass"
        self.talon_mode = "none"
        self.left = list(self.play_hands)
        self.leader = self.non_dealer
        self.phase = "play"

    def _new_defence(self):
        return GusarikDefence(self.opponent, self.contract, self.settings.mandatory_whist_6s)

    def _defend(self, call):
        self.defence.make_call(call)
        self.outcome = self.defence.outcome
        self.whisters = self.outcome.whisters
        if self.outcome.kind != "played":
            self.phase = "done"
            return
        self.is_open = True
        self._start_play(trump_of(self.contract))

    def _start_play(self, trump):
        # §1.2: the opponent plays the dummy's cards; §1.6 (decision D7): the defence is face up before the first lead
        # (misère: by the misère rule of rules/preferans.md §5.5).
        self.controllers = {self.dummy: self.opponent}
        self.exposed = "misere" if self.kind == "misere" else "open"
        super()._start_play(trump)

    # -- all-pass: two hands under the duck rule ------------------------------------------------------------
    def _to_play(self):
        if self.kind != "all_pass":
            return super()._to_play()
        return self.leader if not self.trick else next(h for h in range(3) if h not in (self.leader, self.dummy))

    def _legal_cards(self):
        if self.kind != "all_pass":
            return super()._legal_cards()
        if self.legal is None:
            self.legal = duck_legal(self.left[self._to_play()], self.trick[0][1] if self.trick else None)
        return self.legal

    def _play(self, card):
        if self.kind != "all_pass":
            super()._play(card)
            return
        seat = self._to_play()
        if card not in self._legal_cards():
            raise IllegalPlay(f"{HANDS[seat]} may not play {card!r} here: {self._why_not_duck(seat, card)}")
        self.left[seat] = tuple(c for c in self.left[seat] if c != card)
        self.legal = None
        self.trick.append((seat, card))
        if len(self.trick) == 2:
            (leader, led), (follower, followed) = self.trick
            self.leader = follower if follower_wins(led, followed) else leader
            self._trick_done(self.leader)

    def _why_not_duck(self, seat, card):
        if card not in self.left[seat]:
            return f"{HANDS[seat]} does not hold it"
        led = self.trick[0][1]
        if any(c.suit == led.suit and c.rank < led.rank for c in self.left[seat]):
            return f"{HANDS[seat]} holds a {led.suit.symbol} lower than {led} and must play one (the duck rule)"
        return f"{HANDS[seat]} must follow suit ({led.suit.symbol})"

    def undo(self):
        """Take back the last card played."""
        if self.kind != "all_pass":
            super().undo()
            return
        if not self.done and not self.trick:
            raise InputError("only a card played can be taken back, and none has been played")
        if not self.trick:
            last = self.done[-1]
            self.done = self.done[:-1]
            self.won[last.winner] -= 1
            self.trick = list(last.plays)
            self.leader = last.leader
        seat, card = self.trick.pop()
        self.left[seat] = tuple(sorted(self.left[seat] + (card,), reverse=True))
        self.legal = None
        self.phase = "play"

    # -- views and the record --------------------------------------------------------------------------------
    def view(self, seat):
        """What player ``seat`` (0 = A, 1 = B) may see now: the base views with two players; all-pass tricks
        hold two cards."""
        if seat not in (0, 1):
            raise InputError(f"a Gusarik deal has the players 0 and 1, not {seat!r}")
        seen = super().view(seat)
        return attrs.evolve(seen, n_players=2, trick_size=2 if self.kind == "all_pass" else 3, dummy=self.dummy)

    def record(self):
        """The PlayedDeal with its §1.13 protocol entry; InputError before the deal is over."""
        if not self.is_terminal:
            raise InputError("the deal is not over yet: it has no record")
        ids = {s: self.players[p] for s, p in enumerate(self.slot_player[:3])}
        entry = {"dealer": self.players[self.dealer]}
        live = [s for s in range(3) if s != self.dummy]
        if self.kind == "all_pass":
            entry["type"] = "all_pass"
        else:
            entry["declarer"] = ids[self.declarer]
            if self.kind == "misere":
                entry["type"] = "misere"
            else:
                entry.update(type="game", contract=self.contract)
            if self.outcome is not None:
                entry["calls"] = {ids[h]: c for h, c in self.outcome.calls.items()}
        if self.done:
            entry["tricks"] = {ids[s]: self.won[s] for s in sorted(live, key=lambda s: self.slot_player[s])}
            if self.kind != "all_pass":
                entry["dummy_tricks"] = self.won[self.dummy]
        d = self.defence
        return PlayedDeal(self.players, self.dealer, self.hands, self.talon, tuple(self.auction.calls), self.kind,
                          self.declarer, self.bid, self.contract, self.discard, tuple(d.log) if d else (),
                          self.outcome.kind if self.outcome else None, self.is_open if self.done else False,
                          self.done, tuple(self.won), entry)
