"""One whist hand at the table (rules/whist.md §3): the State the agents play through, and what each seat may see.

There is no auction: the hand is in the ``play`` phase from the start, the eldest hand leads, players follow
suit when able, and the 13 tricks end it (``done``). A hand that a side calls at eight (long whist) is not
played: its state starts ``done``. Applying a card is O(1) Python work: the kernel's PlayState checks it and
names the winner of a trick; a completed trick is appended once to a shared tuple of Trick records.
"""
import attrs

from trickcore.cards import Card, Suit
from trickcore.errors import IllegalPlay, InputError
from trickcore.games.base import State
from trickcore.games.whist.record import WhistHand
from trickcore.games.whist.variants import WhistVariant
from trickcore.games.whist.vocab import SEATS, TRICKS, eldest_hand, side_of
from trickcore.play import PlayState, Trick
from trickcore.rules import TrickRules


@attrs.frozen
class WhistView:
    """What ``seat`` knows (rules/whist.md §3): its own cards, the dealer and the turn-up, the trick in progress and
    every completed trick; ``legal`` are its legal cards when it is to play (empty otherwise).

    ``played`` is every card played so far as a bitmask (``Card.bit``); ``hand_number`` the hand's number in the
    match. ``hands`` (every hand as it stands, seat order) is None except in ``open_view``, the view of a
    double-dummy agent.
    """

    seat: int
    dealer: int
    trump: Suit
    turn_up: Card | None
    hand: frozenset
    legal: tuple
    trick: tuple
    leader: int
    tricks: tuple
    played: int
    rules: TrickRules
    hand_number: int = 0
    hands: tuple | None = None

    @property
    def phase(self):
        """The phase of the hand: whist is all play."""
        return "play"

    @property
    def partner(self):
        """The partner's seat."""
        return (self.seat + 2) % 4


class WhistState(State):
    """One whist hand from the first lead to the last trick (the State of games.base).

    ``number`` is the hand's number in the match (it seeds the random agents' streams); ``variant`` the
    WhistVariant the hand is played under (recorded with it); ``called`` True for a hand not played because a
    side called at eight. Actions are cards.
    """

    def __init__(self, game, deal, dealer, trump, turn_up=None, number=0, variant=WhistVariant(), called=False):
        self.game, self.deal, self.dealer, self.trump, self.turn_up = game, deal, dealer, trump, turn_up
        self.number, self.variant, self.called = number, variant, called
        self.rules = game.trick_rules(trump)
        self._play = PlayState.from_deal(self.rules, deal, eldest_hand(dealer))
        self._hands = [set(h) for h in deal.hands]
        self._leader = eldest_hand(dealer)
        self._trick = ()
        self._tricks = ()
        self._played = 0
        self._tricks_ns = 0
        self.phase = "done" if called else "play"

    @property
    def current_seat(self):
        """The seat to play, or None once the hand is over."""
        return None if self.phase == "done" else self._play.turn

    def legal_actions(self):
        """The cards the seat to play may play, highest suit and rank first (none once the hand is over)."""
        return () if self.phase == "done" else tuple(self._play.legal_cards())

    def apply(self, card):
        """Play ``card`` for the seat to play; IllegalPlay saying why when the rules forbid it."""
        if self.phase == "done":
            raise IllegalPlay("the hand is over" if not self.called else "the hand was called at eight: no play")
        seat = self._play.turn
        if not isinstance(card, Card):
            raise IllegalPlay(f"{card!r} is not a card")
        if card not in self._hands[seat]:
            raise IllegalPlay(f"{SEATS[seat]} does not hold {card}")
        try:
            self._play.play(card)
        except IllegalPlay:
            # A card in the hand is refused for one reason only in whist: it does not follow suit.
            raise IllegalPlay(f"{SEATS[seat]} must follow suit: {self._trick[0].suit.name} was led and "
                              f"{SEATS[seat]} holds one") from None
        self._hands[seat].remove(card)
        self._played |= card.bit
        trick = self._trick + (card,)
        if len(trick) < 4:
            self._trick = trick
            return
        winner = self._play.leader          # the kernel's winner of the trick leads to the next
        self._tricks += (Trick(self._leader, trick, winner),)
        self._tricks_ns += side_of(winner) == 0
        self._leader, self._trick = winner, ()
        if len(self._tricks) == TRICKS:
            self.phase = "done"

    def undo(self):
        """Take back the last card played; InputError before the first card."""
        if not self._trick and not self._tricks:
            raise InputError("no card has been played: nothing to undo")
        self._play.undo()
        if self._trick:
            card, self._trick = self._trick[-1], self._trick[:-1]
        else:
            last, self._tricks = self._tricks[-1], self._tricks[:-1]
            self._tricks_ns -= side_of(last.winner) == 0
            card, self._trick, self._leader = last.cards[-1], last.cards[:-1], last.leader
        self._hands[self._play.turn].add(card)
        self._played &= ~card.bit
        self.phase = "play"

    def view(self, seat):
        """What ``seat`` may see: its own hand, never another's (see WhistView)."""
        legal = self.legal_actions() if seat == self.current_seat else ()
        return WhistView(seat, self.dealer, self.trump, self.turn_up, frozenset(self._hands[seat]), legal,
                         self._trick, self._leader, self._tricks, self._played, self.rules, self.number)

    def open_view(self, seat):
        """``view(seat)`` with every hand as it stands: for the double-dummy agent only."""
        return attrs.evolve(self.view(seat), hands=tuple(frozenset(h) for h in self._hands))

    def record(self):
        """The WhistHand of the finished hand (without play for a hand called at eight)."""
        if self.phase != "done":
            raise InputError(f"the hand is not over: {len(self._tricks)} of {TRICKS} tricks played")
        fields = {"trump_selection": self.variant.trump_selection, "ruleset": self.variant.ruleset}
        if self.called:
            return WhistHand(self.deal, self.dealer, self.trump, self.turn_up, **fields)
        return WhistHand(self.deal, self.dealer, self.trump, self.turn_up, tricks=self._tricks,
                         tricks_ns=self._tricks_ns, **fields)
