"""The State of one preferans deal (§3-§6): auction, talon (the declarer takes it, discards two
cards and names the contract), defence (whist calls, then the lone whister's open or closed choice), card play
with must-trump or all-pass with the talon leading tricks 1 and 2, and the result record (§11.2).

Two numberings meet here. ``current_seat`` indexes the match's players (3 or 4, clockwise, as the agents are
given), because the sitting-out 4-player dealer acts too (dealer whist, §5.3). Everything inside a deal and in
the views counts by hand: 0, 1, 2 for hand1, hand2, hand3 (hand1 is the dealer's left) and DEALER for the
4-player dealer (TALON, the same slot, for the talon cards of all-pass play).

Actions: auction calls (``pass``, ``hold``, ``6S`` ... ``10NT``, ``misere``), one ``TalonChoice`` (discard and
contract) or, where ``allow_walkaway``, ``walkaway`` after a trick bid (§4 item 4), defence calls (``whist``,
``pass``, ``half_whist``, ``return``), ``open`` or ``closed``, and Cards.

Sections (§) are those of docs/rules/preferans.md.
"""
import attrs

from trickcore.dealing import Deal
from trickcore.errors import IllegalCall, IllegalPlay, InputError
from trickcore.games.base import State
from trickcore.games.preferans.auction import Auction, contracts_allowed
from trickcore.games.preferans.defence import DefenceCalls
from trickcore.games.preferans.record import PlayedDeal, TrickRecord, protocol_entry
from trickcore.games.preferans.vocab import (CLOSED, DEALER, HANDS, MISERE, OPEN, TALON, WALKAWAY, TalonChoice, level,
                                            strain, trump_of)
from trickcore.play import PlayState, legal_cards, trick_winner
from trickcore.rules import TrickRules

# A trick led by a talon card holds four cards: the talon card and one from each hand (§6.3).
_TALON_TRICK = TrickRules(4)


@attrs.frozen
class View:
    """What one player may see when he decides: his own cards, the public history and exposed hands.

    ``player`` is who decides (hand 0..2 or DEALER); ``seat`` the hand the decision is for (they differ when
    a lone whister plays an open partner's cards). ``visible`` maps other exposed hands to their cards.
    ``legal`` holds the choices of the decision: calls, the contracts the declarer may name (the talon phase;
    he discards any two of his twelve cards, ``hand``; ``walkaway`` says whether he may also refuse to play,
    §4 item 4), ``open``/``closed``, or cards. ``hands`` and ``deal``
    are set only in an open view (the double-dummy agent's): every hand as it stands, and the deal as dealt.
    ``trick_size`` is the number of hands that play to a trick (a talon card that leads is not counted);
    ``dummy`` the hand of Gusarik's dummy (rules/preferans-variants.md §1.2), None in the other variants.
    """

    phase: str
    player: int
    seat: int
    n_players: int
    hand: tuple
    legal: tuple
    auction: tuple = ()
    declarer: int | None = None
    bid: str | None = None
    contract: str | None = None
    talon: tuple = ()
    discard: tuple = ()
    defence: tuple = ()
    whisters: tuple = ()
    visible: dict = attrs.Factory(dict)
    trick: tuple = ()
    done: tuple = ()
    trump: object = None
    kind: str = "game"
    trick_size: int = 3
    dummy: int | None = None
    walkaway: bool = False
    hands: tuple | None = None
    deal: Deal | None = None


def _sorted(cards):
    return tuple(sorted(cards, reverse=True))


class PreferansState(State):
    """One deal from the dealt cards to its record; ``game`` gives the play rules (``game.trick_rules``).

    ``players`` are the player ids clockwise (3 or 4), ``dealer`` the dealer's index among them, ``settings``
    the PlaySettings of the variant, ``exit_level`` the lowest trick bid allowed after all-pass deals (§6.4).
    """

    def __init__(self, game, deal, dealer, settings, players, exit_level=6):
        self.game = game
        self.deal = deal
        self.settings = settings
        self.players = tuple(players)
        self.n = len(self.players)
        self.dealer = dealer
        self.slot_player = tuple((dealer + 1 + s) % self.n for s in range(3)) + (dealer,)
        self.hands = tuple(_sorted(h) for h in deal.hands)
        self.talon = _sorted(deal.talon)          # a set: sorted, so that the same seed plays the same all-pass
        self.auction = self._new_auction(exit_level)
        self.phase = "auction"
        self.kind = None
        self.declarer = self.bid = self.contract = self.trump = None
        self.allowed = ()
        self.discard = ()
        self.defence = None
        self.outcome = None
        self.is_open = False
        self.whisters = ()
        self.exposed = None          # whose hands the play exposes: None, "open" or "misere"
        self.controllers = {}        # hand -> the hand (or DEALER) that plays its cards
        self.play_hands = self.hands
        self.left = None             # the cards each hand still holds, sorted from the top
        self.legal = None            # the legal cards of the hand to play, until the next card
        self.kernel = None           # the kernel's PlayState once the tricks are led by the hands
        self.talon_mode = None       # how the talon takes part in all-pass play (§6.3)
        self.talon_leads = ()        # the talon cards still to lead tricks 1 and 2 (all-pass)
        self.trick = []              # (who, card) of the trick in progress
        self.done = ()               # the completed TrickRecords
        self.won = [0, 0, 0, 0]

    def _new_auction(self, exit_level):
        """The auction of the deal (§3)."""
        return Auction(self.settings.allow_hold, exit_level)

    # -- whose turn --------------------------------------------------------------------------------------------
    def _decider(self):
        """(the hand or DEALER who decides now, the hand the decision is for)."""
        if self.phase == "auction":
            return self.auction.turn, self.auction.turn
        if self.phase == "talon":
            return self.declarer, self.declarer
        if self.phase == "defence":
            who = self.defence.to_call if not self.defence.is_complete else self.outcome.lone_whister
            return who, who
        if self.phase == "play":
            seat = self._to_play()
            return self.controllers.get(seat, seat), seat
        return None, None

    def _to_play(self):
        """The hand to play a card: after the talon card and the hands before it, or the kernel's turn."""
        return len(self.trick) - 1 if self.talon_leads and self.trick else self.kernel.turn

    @property
    def current_seat(self):
        """The index among the match's players of who acts next (None once the deal is over)."""
        decider, _ = self._decider()
        return None if decider is None else self.slot_player[decider]

    def slot_of(self, player):
        """The hand (0..2) of player index ``player``, or DEALER for the 4-player dealer."""
        return next((s for s in range(3) if self.slot_player[s] == player), DEALER)

    # -- actions -----------------------------------------------------------------------------------------------
    def legal_actions(self):
        """The actions of the one who acts now: calls, TalonChoices, open/closed, or cards; [] once over."""
        if self.phase == "auction":
            return self.auction.legal_calls()
        if self.phase == "talon":
            twelve = self._twelve()
            return [TalonChoice((a, b), c) for i, a in enumerate(twelve) for b in twelve[i + 1:]
                    for c in self.allowed] + ([WALKAWAY] if self._may_walk_away() else [])
        if self.phase == "defence":
            return self.defence.legal_calls() if not self.defence.is_complete else [OPEN, CLOSED]
        if self.phase == "play":
            return list(self._legal_cards())
        return []

    def _may_walk_away(self):
        """§4 item 4: where ``allow_walkaway``, the declarer of a trick bid may refuse to play after the talon."""
        return self.settings.allow_walkaway and self.bid != MISERE

    def _twelve(self):
        return _sorted(self.hands[self.declarer] + self.talon)

    def _legal_cards(self):
        if self.legal is None:
            if self.talon_leads and self.trick:
                seat = len(self.trick) - 1
                self.legal = legal_cards(self.game.trick_rules(), self.left[seat], [self.trick[0][1]])
            else:
                self.legal = self.kernel.legal_cards()
        return self.legal

    def apply(self, action):
        """Take ``action`` for the one who acts now; IllegalCall / IllegalPlay with the rule's reason."""
        if self.phase == "auction":
            self.auction.make_call(action)
            if self.auction.is_complete:
                self._auction_over()
        elif self.phase == "talon":
            self._announce(action)
        elif self.phase == "defence":
            self._defend(action)
        elif self.phase == "play":
            self._play(action)
        else:
            raise IllegalPlay("the deal is over")

    def _auction_over(self):
        out = self.auction.outcome
        if out.all_pass:
            self.kind = "all_pass"
            self.talon_mode = self.settings.talon_mode(self.n)
            self.talon_leads = self.talon if self.talon_mode != "none" else ()
            self._start_play(None)
            return
        self.declarer, self.bid = out.declarer, out.bid
        self.allowed = tuple(contracts_allowed(self.bid))
        self.phase = "talon"

    def _announce(self, choice):
        if choice == WALKAWAY and self._may_walk_away():
            # Scored down three at the winning bid (§7.6): no discard, no whists, no play.
            self.kind, self.contract, self.phase = WALKAWAY, self.bid, "done"
            return
        if not isinstance(choice, TalonChoice):
            raise IllegalCall(f"the declarer takes the talon, discards two cards and names the contract "
                              f"(a TalonChoice), not {choice!r}")
        twelve = self._twelve()
        discard = choice.discard
        if len(discard) != 2 or len(set(discard)) != 2 or not set(discard) <= set(twelve):
            raise IllegalPlay(f"the discard must be two cards of the declarer's twelve, not {discard}")
        if choice.contract not in self.allowed:
            raise IllegalCall(f"{choice.contract} may not be announced after winning the auction with {self.bid}")
        self.discard, self.contract = tuple(discard), choice.contract
        hands = list(self.hands)
        hands[self.declarer] = tuple(c for c in twelve if c not in discard)
        self.play_hands = tuple(hands)
        if self.contract == MISERE:
            self.kind, self.exposed = "misere", "misere"
            self._start_play(None)
            return
        self.kind = "game"
        if level(self.contract) == 10 and self.settings.ten_trick_mode == "checked":
            self._start_play(trump_of(self.contract))    # a checked ten: nobody calls, both defenders play
            return
        self.defence = self._new_defence()
        self.phase = "defence"

    def _new_defence(self):
        """The defence calls that follow the announced trick contract (§5)."""
        return DefenceCalls(self.declarer, level(self.contract), strain(self.contract) == "S", self.n, self.settings)

    def _defend(self, call):
        d = self.defence
        if not d.is_complete:
            d.make_call(call)
            if not d.is_complete:
                return
            self.outcome = d.outcome
            self.whisters = self.outcome.whisters
            w = self.outcome.lone_whister
            if w is not None and w != DEALER:
                return                                   # the lone whister chooses open or closed next
            self.is_open = w == DEALER                   # §5.3: the dealer whisting plays open
        else:
            if call not in (OPEN, CLOSED):
                raise IllegalCall(f"{call!r} is not allowed: the lone whister chooses open or closed play")
            self.is_open = call == OPEN
        if self.outcome.kind != "played":
            self.is_open = False
            self.phase = "done"
            return
        if self.is_open:
            self.exposed = "open"
            self.controllers = {h: self.outcome.lone_whister for h in (d.d1, d.d2)}
        self._start_play(trump_of(self.contract))

    def _start_play(self, trump):
        self.trump = trump
        self.left = list(self.play_hands)
        if not self.talon_leads:
            self.kernel = PlayState(self.game.trick_rules(trump), self.play_hands, 0)
        else:
            self.trick = [(TALON, self.talon_leads[0])]
        self.phase = "play"

    def _play(self, card):
        seat = self._to_play()
        legal = self._legal_cards()
        if card not in legal:
            raise IllegalPlay(f"{HANDS[seat]} may not play {card!r} here: {self._why_not(seat, card)}")
        bit = card.bit                                  # a legal card is a Card: compare bits, not Cards
        self.left[seat] = tuple([c for c in self.left[seat] if c.bit != bit])
        self.legal = None
        self.trick.append((seat, card))
        if self.talon_leads:
            if len(self.trick) == 4:
                self._talon_trick_done()
            return
        self.kernel.play(card)
        if len(self.trick) == 3:
            self._trick_done(self.kernel.leader)        # the winner leads the next trick

    def _why_not(self, seat, card):
        if card not in self.left[seat]:
            return f"{HANDS[seat]} does not hold it"
        led = self.trick[0][1].suit
        if any(c.suit == led for c in self.left[seat]):
            return f"{HANDS[seat]} must follow suit ({led.symbol})"
        return f"{HANDS[seat]} is void in {led.symbol} and must trump ({self.trump.symbol})"

    def _talon_trick_done(self):
        cards = [c for _, c in self.trick]
        if self.talon_mode == "dealer_owns":
            position = trick_winner(_TALON_TRICK, cards)
            winner = TALON if position == 0 else position - 1
        else:
            # suit_only: the talon card never wins; the highest card of its suit among the hands does.
            winner = trick_winner(self.game.trick_rules(cards[0].suit), cards[1:])
        self.talon_leads = self.talon_leads[1:]
        self._trick_done(winner)
        if self.talon_leads:
            self.trick = [(TALON, self.talon_leads[0])]
        else:
            self.kernel = PlayState(self.game.trick_rules(None), self.left, 0)

    def _trick_done(self, winner):
        self.done += (TrickRecord(tuple(self.trick), winner),)
        self.won[winner] += 1
        self.trick = []
        if len(self.done) == 10:
            self.phase = "done"

    def undo(self):
        """Take back the last card played (the only action that can be taken back)."""
        played = self.done or any(who != TALON for who, _ in self.trick)
        if self.phase not in ("play", "done") or self.left is None or not played:
            raise InputError("only a card played can be taken back, and none has been played")
        if self.trick and self.trick[-1][0] == TALON:        # a talon card turned up: take back the trick before
            self.trick = []
            self.talon_leads = (self.done[-1].plays[0][1],) + self.talon_leads
        elif self.kernel is not None and not self.trick and len(self.done) == 2 and self.done[0].leader == TALON:
            self.kernel = None                                # back into trick 2, led by a talon card
            self.talon_leads = (self.done[-1].plays[0][1],)
        if not self.trick:
            last = self.done[-1]
            self.done = self.done[:-1]
            self.won[last.winner] -= 1
            self.trick = list(last.plays)
        seat, card = self.trick.pop()
        self.left[seat] = _sorted(self.left[seat] + (card,))
        self.legal = None
        if self.kernel is not None:
            self.kernel.undo()
        self.phase = "play"

    # -- views -------------------------------------------------------------------------------------------------
    def view(self, seat):
        """What player ``seat`` (an index among the match's players) may see now (see View)."""
        if seat not in range(self.n):
            raise InputError(f"a preferans deal of {self.n} players has no player {seat!r}")
        me = self.slot_of(seat)
        decider, deciding_for = self._decider()
        acting = decider == me
        at = deciding_for if acting else me
        legal = tuple(self.legal_actions()) if acting and self.phase != "talon" else ()
        n = self.n
        if self.phase == "auction":
            return View("auction", me, at, n, self.hands[at] if at != DEALER else (), legal,
                        auction=tuple(self.auction.calls))
        public = dict(auction=tuple(self.auction.calls), declarer=self.declarer, bid=self.bid, talon=self.talon)
        if self.phase == "talon":
            mine = self._twelve() if at == self.declarer else self.hands[at] if at != DEALER else ()
            return View("talon", me, at, n, mine, self.allowed if acting else (),
                        walkaway=acting and self._may_walk_away(), **public)
        if self.phase == "defence" or (self.phase == "done" and self.left is None):
            return self._defence_view(me, at, legal, public)
        return self._play_view(me, at, legal)

    def _defence_view(self, me, at, legal, public):
        d = self.defence
        seen = {}
        if me == DEALER and d is not None and d.stage == "dealer_return":
            passer = d.d1 if d.half_by == d.d2 else d.d2
            seen = {passer: self.play_hands[passer]}   # §5.2: the dealer may look at one defender's cards
        hand = self.play_hands[at] if at != DEALER else ()
        return View("defence", me, at, self.n, hand, legal, contract=self.contract,
                    defence=tuple(d.log) if d is not None else (), whisters=self.whisters, visible=seen,
                    discard=self.discard if me == self.declarer else (), **public)

    def _play_view(self, me, at, legal):
        trick, done = tuple(self.trick), self.done
        visible = {}
        # §5.5: exposed before the first lead, or after the first card when the misère declarer leads blind
        # or the setting open_after_first_lead asks for it.
        late = (self.exposed == "misere" and self.declarer == 0
                or self.exposed == "open" and self.settings.open_after_first_lead)
        if self.exposed is not None and (trick or done or not late):
            visible = {h: self.left[h] for h in range(3) if h != self.declarer and h != at}
        if self.kind == "all_pass":
            # The talon cards turned so far: those of the finished talon tricks and the one in play.
            turned = 0 if self.talon_mode == "none" else 2 - len(self.talon_leads) + bool(self.talon_leads)
            shown = self.talon[:turned]
        else:
            shown = self.talon
        hand = self.left[at] if at != DEALER else ()
        return View("play" if self.phase == "play" else "done", me, at, self.n, hand, legal,
                    auction=tuple(self.auction.calls), declarer=self.declarer, bid=self.bid, contract=self.contract,
                    talon=shown, discard=self.discard if me == self.declarer else (),
                    defence=tuple(self.defence.log) if self.defence is not None else (), whisters=self.whisters,
                    visible=visible, trick=trick, done=done, trump=self.trump, kind=self.kind)

    def open_view(self, seat):
        """``view(seat)`` with every hand as it stands and the deal as dealt (the double-dummy agent's view)."""
        hands = tuple(self.left) if self.left is not None else self.play_hands
        return attrs.evolve(self.view(seat), hands=hands, deal=self.deal)

    # -- the result --------------------------------------------------------------------------------------------
    def record(self):
        """The PlayedDeal with its §11.2 protocol entry; InputError before the deal is over."""
        if not self.is_terminal:
            raise InputError("the deal is not over yet: it has no record")
        ids = {s: self.players[p] for s, p in enumerate(self.slot_player)}
        bonus = self.settings.dealer_talon_bonus_recorded(self.n) and self.kind == "game"
        entry = protocol_entry(ids, self.players[self.dealer], self.kind, self.declarer, self.contract, self.outcome,
                               self.is_open, self.won, bool(self.done), talon=self.talon if bonus else None,
                               dealer_tricks=self.n == 4 and self.settings.talon_mode(self.n) == "dealer_owns")
        d = self.defence
        return PlayedDeal(self.players, self.dealer, self.hands, self.talon, tuple(self.auction.calls), self.kind,
                          self.declarer, self.bid, self.contract, self.discard, tuple(d.log) if d else (),
                          self.outcome.kind if self.outcome else None, self.is_open if self.done else False,
                          self.done, tuple(self.won), entry)
