"""One board at the table (§3-§4): the State of a deal from the first call to the last card or a claim.

``BridgeState`` is driven through the protocol of games.base: ``current_seat`` is the seat whose agent acts
next. In the play that is the player who *controls* the hand to play: declarer when dummy's card is due (§4.1,
declarer plays dummy's cards), so dummy's seat never acts; the view names both (``PlayView.seat`` is the hand to
play, ``PlayView.player`` the one choosing). The actions are calls in the auction, then cards or a ``Claim``.

Views hold only what their seat may see (§4.2): its own hand, the auction, the cards played, and dummy's
remaining cards once the opening lead is faced. ``open_view`` adds every hand as it stands, for the
double-dummy agent only (games.double_dummy.view_for).

At the tables of other sizes (games.bridge.variants, rules/bridge-variants.md) a player controls one or two seats:
``seating`` gives each seat's player index, or None for a dummy seat (controlled by the player of its partner
seat). ``current_seat`` and ``view`` then speak of player indices: a player is shown his own hands (his dummy's
from the deal on, the lone player's from his declaration on), and after the opening lead the seats the variant
exposes (both dummies for two players, the open dummy for three). The standard table seats player i at seat i.

Each card costs O(1) Python work: the hands are kept as they stand, a completed trick is appended once to a
shared tuple, and views share those immutable values instead of copying the play.

Sections (§) are those of docs/rules/bridge.md.
"""
import attrs

from trickcore.cards import format_hand
from trickcore.errors import IllegalPlay, InputError
from trickcore.games.base import State
from trickcore.games.bridge.auction import Call
from trickcore.games.bridge.record import Board
from trickcore.games.bridge.variants import STANDARD
from trickcore.games.bridge.vocab import SEATS, Seat
from trickcore.play import PlayState, Trick

@attrs.frozen
class AuctionView:
    """What ``seat`` knows when it is its turn to call; ``hands`` (every hand, N E S W) only in an open view.
    ``visible`` maps each seat whose hand the player may see to its cards (his own, and his dummy's at the tables
    where he controls one); ``callers`` is the seat of each call when the calls are not in clockwise turn."""

    seat: Seat
    hand: frozenset
    dealer: Seat
    vulnerability: object
    calls: tuple
    legal_calls: tuple
    board: int = 1
    hands: tuple = None
    visible: dict = None
    callers: tuple = None
    phase = "auction"

    @property
    def legal_actions(self):
        """The legal calls: the actions of this view."""
        return self.legal_calls

    def seat_of(self, position):
        """The seat that made call number ``position`` (``callers`` gives them when the calls are not in
        clockwise turn: the three-player auction)."""
        return self.callers[position] if self.callers is not None else Seat((self.dealer + position) % 4)


@attrs.frozen
class PlayView:
    """What the player choosing a card knows: ``seat`` is the hand to play from (dummy's for declarer).

    ``visible`` maps each seat whose remaining cards this player may see to those cards; ``tricks`` are the
    completed tricks (trickcore Trick records), ``current`` the (seat, card) pairs of the trick in progress,
    ``played`` every card played so far, ``rules`` the deal's TrickRules, ``vulnerability`` the board's. ``hands``
    (every hand as it stands, N E S W) is given in an open view only.
    """

    seat: Seat
    player: Seat
    contract: object
    declarer: Seat
    calls: tuple
    dealer: Seat
    visible: dict
    tricks: tuple
    current: tuple
    legal_cards: tuple
    rules: object = None
    played: frozenset = frozenset()
    board: int = 1
    hands: tuple = None
    vulnerability: object = None
    phase = "play"

    @property
    def legal_actions(self):
        """The legal cards: the actions of this view (a ``Claim`` may be made besides, §4.3)."""
        return self.legal_cards

    @property
    def hand(self):
        """The cards of the hand to play from."""
        return self.visible[self.seat]

    @property
    def dummy(self):
        """Declarer's partner."""
        return self.declarer.partner


@attrs.frozen
class Claim:
    """A claim (§4.3): ``tricks`` of the remaining tricks go to the declaring side; it ends the play."""

    tricks: int


class BridgeState(State):
    """One board: the auction, then (unless passed out) the play of its contract; see the module docstring.

    ``board`` is the board number (it seeds the random agents' stream of the board), ``dealer`` and
    ``vulnerability`` the board's; ``rules`` is given by the game (``Game.trick_rules``) for the contract's trump.
    ``variant`` and ``seating`` (a player index or None per seat N E S W) set the table size (module docstring).
    """

    def __init__(self, game, deal, dealer, vulnerability, board=1, variant=STANDARD, seating=(0, 1, 2, 3)):
        self.game = game
        self.deal = deal
        self.board = board
        self.dealer = Seat(dealer)
        self.vulnerability = vulnerability
        self.variant = variant
        self.seating = tuple(seating)
        self.controllers = tuple(self.seating[s] if self.seating[s] is not None else self.seating[(s + 2) % 4]
                                 for s in range(4))
        self.phase = "auction"
        self.auction = variant.new_auction(self.dealer)
        self._legal = tuple(self.auction.legal_calls())
        self.contract = self.declarer = self.rules = None
        self._calls, self._cards = (), []
        self._claimed = None

    # ---- the protocol ------------------------------------------------------------------------------------

    @property
    def current_seat(self):
        """The player whose agent acts next: the caller's, or the one controlling the hand to play (declarer
        plays dummy's cards)."""
        if self.phase == "auction":
            return self.controllers[self.auction.turn]
        if self.phase == "play":
            return self.controllers[self._role(self._play.turn)]
        return None

    def legal_actions(self):
        """The legal calls (Pass, X, XX, then bids upwards), or the legal cards of the hand to play."""
        return self._legal if self.phase != "done" else ()

    def apply(self, action):
        """Make a call, play a card or claim for the current seat; IllegalCall/IllegalPlay says why not."""
        if self.phase == "auction":
            self._call(action)
        elif self.phase == "play":
            if isinstance(action, Claim):
                self._claim(action.tricks)
            else:
                self._card(action)
        else:
            raise IllegalPlay(f"board {self.board} is over: no {action} can be made")

    def undo(self):
        """Take back the last action: a claim, a card, or a call (back into the auction when no card is played)."""
        if self._claimed is not None:
            self._claimed, self.phase = None, "play"
        elif self.phase in ("play", "done") and self._cards:
            self._undo_card()
        elif self.auction.calls:
            self.auction = self.variant.new_auction(self.dealer, self.auction.calls[:-1])
            self.phase, self.contract, self.declarer, self.rules = "auction", None, None, None
            self._legal = tuple(self.auction.legal_calls())
        else:
            raise InputError("nothing to undo: no call has been made")

    def view(self, player):
        """What ``player`` (the seat's index at a standard table) may see now (§4.2)."""
        return self._view(player, None)

    def open_view(self, player):
        """``view(player)`` with every hand as it stands (the double-dummy agent's view)."""
        if self.phase == "auction":
            hands = tuple(frozenset(h) for h in self.deal.hands)
        else:
            hands = tuple(self._hands)
        return self._view(player, hands)

    def record(self):
        """The board's result record: deal, auction and, once played, contract, declarer, play and result."""
        board = Board(number=self.board, dealer=self.dealer, vulnerability=self.vulnerability, deal=self.deal,
                      auction=tuple(self.auction.calls), passed_out=self.phase == "done" and self.contract is None)
        if self.contract is None:
            return board
        result = None
        if self.phase == "done":
            result = self.declarer_tricks() + (self._claimed or 0)
        return attrs.evolve(board, contract=self.contract, declarer=self.declarer, play=tuple(self._cards),
                            result=result, claimed=self._claimed is not None)

    # ---- the play as it stands -----------------------------------------------------------------------------

    @property
    def tricks(self):
        """The completed tricks (Trick records), in order."""
        return self._tricks

    def declarer_tricks(self):
        """Tricks the declaring side won among the completed tricks."""
        return self._won[self.declarer.side]

    # ---- the steps -------------------------------------------------------------------------------------------

    def _call(self, call):
        if not isinstance(call, (Call, str)):
            raise InputError(f"{call!r} is not a call: the auction of board {self.board} is not over")
        self.auction.make_call(call)
        if not self.auction.is_complete:
            self._legal = tuple(self.auction.legal_calls())
            return
        outcome = self.auction.outcome
        self._calls = tuple(self.auction.calls)
        if outcome.passed_out:
            self.phase, self._legal = "done", ()
            return
        self.contract, self.declarer = outcome.contract, outcome.declarer
        self.rules = self.game.trick_rules(self.contract.trump)
        self._play = PlayState(self.rules, self.deal.hands, int(outcome.opening_leader))
        self._hands = [frozenset(h) for h in self.deal.hands]
        self._cards, self._current, self._tricks, self._played = [], (), (), frozenset()
        self._won = [0, 0]
        self.phase = "play"
        self._legal = tuple(self._play.legal_cards())

    def _card(self, card):
        seat = self._play.turn
        if card not in self._legal:
            raise IllegalPlay(f"{Seat(seat)} may not play {card!r} to trick {len(self._tricks) + 1}: "
                              + self._why_illegal(seat, card))
        leader = self._play.leader
        self._play.play(card)
        self._hands[seat] = self._hands[seat] - {card}
        self._cards.append(card)
        self._played = self._played | {card}
        current = self._current + ((SEATS[seat], card),)
        if len(current) == 4:
            # The kernel has moved the lead to the trick's winner.
            winner = self._play.leader
            self._tricks = self._tricks + (Trick(leader, tuple(c for _, c in current), winner),)
            self._won[winner % 2] += 1
            current = ()
        self._current = current
        if len(self._cards) == 52:
            self.phase, self._legal = "done", ()
        else:
            self._legal = tuple(self._play.legal_cards())

    def _why_illegal(self, seat, card):
        hand = self._hands[seat]
        if card not in hand:
            return f"{Seat(seat)} does not hold it (holds {format_hand(hand)})"
        led = self._current[0][1].suit
        return f"must follow suit ({led.name} led, {Seat(seat)} holds one)"

    def _claim(self, tricks):
        remaining = 13 - len(self._tricks)
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= remaining:
            raise IllegalPlay(f"a claim of {tricks!r} tricks with {remaining} to play "
                              f"(rules/bridge.md §4.3: 0 to {remaining})")
        self._claimed, self.phase = tricks, "done"

    def _undo_card(self):
        card = self._cards.pop()
        self._play.undo()
        seat = self._play.turn
        self._hands[seat] = self._hands[seat] | {card}
        self._played = self._played - {card}
        if self._current:
            self._current = self._current[:-1]
        else:
            last = self._tricks[-1]
            self._won[last.winner % 2] -= 1
            self._tricks = self._tricks[:-1]
            self._current = tuple((Seat((last.leader + k) % 4), c) for k, c in enumerate(last.cards[:3]))
        self.phase = "play"
        self._legal = tuple(self._play.legal_cards())

    def _role(self, seat):
        """The seat whose player makes the decisions for ``seat`` in the play: declarer for dummy."""
        return self.declarer if seat == self.declarer.partner else seat

    def _own_seat(self, player):
        """The seat where ``player`` sits himself (not a dummy seat)."""
        return SEATS[self.seating.index(player)]

    def _view(self, player, hands):
        own = self._own_seat(player)
        if self.phase == "auction" or self.contract is None:
            acting = self.phase == "auction" and self.controllers[self.auction.turn] == player
            seat = SEATS[self.auction.turn] if acting else own
            dummy = self.variant.sees_dummy_in_auction(self.auction)
            visible = {s: frozenset(self.deal.hands[s]) for s in SEATS
                       if self.controllers[s] == player and (s == own or dummy)}
            calls = tuple(self.auction.calls) if self.phase == "auction" else self._calls
            callers = getattr(self.auction, "callers", None)
            return AuctionView(seat, frozenset(self.deal.hands[seat]), self.dealer, self.vulnerability, calls,
                               self._legal if acting else (), self.board, hands, visible,
                               None if callers is None else tuple(callers))
        acting = self.phase == "play" and self.current_seat == player
        hand_to_play = SEATS[self._play.turn] if acting else own
        role = self._role(hand_to_play) if acting else own
        visible = {s: self._hands[s] for s in SEATS if self.controllers[s] == player}
        if acting:
            # Declarer plays dummy's cards: a simulation seats an agent at every seat, so in two-player bridge
            # (where the dummy seats faced are N and E) declarer N or E must still see the dummy he plays from.
            visible[hand_to_play] = self._hands[hand_to_play]
        if self._cards:
            for s in self.variant.exposed(self.declarer):
                visible[s] = self._hands[s]
        return PlayView(hand_to_play, role, self.contract, self.declarer, self._calls, self.dealer, visible,
                        self._tricks, self._current, self._legal if acting else (), self.rules, self._played,
                        self.board, hands, self.vulnerability)
