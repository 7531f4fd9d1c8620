"""Whist agents: a seeded random player, a heuristic player and a double-dummy player (``Agent(seat, seed)``).

An agent answers ``act(view)`` with one of ``view.legal``. The view (``table.WhistView``) holds only what the
seat may know (rules/whist.md §3): its own cards, the dealer and the turn-up (known to be in the dealer's hand until
played), the trick in progress and every completed trick. The agents are registered under the entry-point group
``trickcore.agents`` as ``whist-random``, ``whist-heuristic`` and ``whist-dd``.

The heuristic agent plays the classic whist maxims, in this order of precedence:

* **Leading.** (1) *Return partner's lead*: if partner has led a plain suit this hand and we still hold it,
  lead it back (the master card if we hold it, else the highest card with two or fewer left, else the
  lowest). (2) *Lead trumps with five or more.* (3) *Cash a master* in a plain suit once no trump is
  outstanding. (4) *Lead from the longest suit* (plain suits first; ties go to the stronger top card): the
  master card, or the top of a sequence of honours, else the fourth best of four or more, else the lowest.
* **Second hand low**: play the lowest card of the suit led; but cover an honour led (J or higher) with the
  cheapest card that beats it.
* **Third hand high**: if partner's card already wins and is the master of the suit, play low; otherwise
  play the cheapest card equal to our highest (the bottom of our top sequence) when it beats the trick.
* **Fourth hand**: win as cheaply as possible unless partner already wins; otherwise play low.
* **Void in the suit led**: do not trump partner's winning trick (partner winning as third hand's master or
  as the last card); otherwise *trump when void with a winner*: ruff with the lowest trump that takes the
  trick. Failing that, discard the lowest card that is not a master, from the longest plain suit.

Cards of equal value are told apart by the cards already played: two cards "touch" when every rank between
them has gone. A "master" is a card that beats every unseen card of its suit.

Who wins a trick, or would win it with a given card, is asked of the kernel (``trickcore.play.trick_winner``).

The double-dummy agent ("dd") is the one agent exempt from the view rule: it declares itself omniscient and is
given ``open_view`` (every hand as it stands); it solves the position with ``trickcore.solver.solve_cards`` and
plays a card with the most tricks for its partnership, the lowest card of the best group.
"""
from trickcore.cards import DECK52, Card, Rank, Suit, hand_mask
from trickcore.games.base import Agent
from trickcore.games.double_dummy import best_card
from trickcore.play import trick_winner
from trickcore.rng import Stream
from trickcore.solver import Position

RANDOM_SALT = 0x77686973
"""Salt of the random agent's stream ("whis"): hand ``k`` of seat ``s`` draws from Stream(seed, 4k+s, salt)."""
FULL_PACK = hand_mask(DECK52.cards)


class RandomAgent(Agent):
    """Plays a uniformly random legal card, from a seeded stream per hand and seat (reproducible)."""

    game = "whist"
    name = "random"

    def __init__(self, seat, seed=0, **options):
        super().__init__(seat, seed, **options)
        self._hand, self._stream = None, None

    def act(self, view):
        """A random card of ``view.legal``."""
        if self._hand != view.hand_number:
            self._hand = view.hand_number
            self._stream = Stream(self.seed, 4 * view.hand_number + self.seat, RANDOM_SALT)
        return view.legal[self._stream.below(len(view.legal))]


def _by_rank(cards):
    return sorted(cards, key=lambda c: c.rank)


def _suit_cards(cards, suit):
    return [c for c in cards if c.suit == suit]


def _higher(card):
    """The bits of the cards of ``card``'s suit that rank above it."""
    return card.suit.mask & ~((card.bit << 1) - 1)


class HeuristicAgent(Agent):
    """Plays the classic whist maxims described in this module's docstring (deterministic)."""

    game = "whist"
    name = "heuristic"

    def act(self, view):
        """The card the maxims choose from ``view.legal``."""
        if len(view.legal) == 1:
            return view.legal[0]
        unseen = FULL_PACK & ~view.played & ~hand_mask(view.hand)
        if not view.trick:
            return self._lead(view, unseen)
        return self._follow(view, unseen)

    # -- helpers over what the seat knows (``unseen``: the bits of every card neither played nor held)
    @staticmethod
    def _is_master(card, unseen):
        return not unseen & _higher(card)

    @staticmethod
    def _bottom_of_sequence(card, view):
        """The lowest card of the hand equal in value to ``card`` (every rank between them has gone)."""
        low = card
        for rank in range(card.rank - 1, Rank.TWO - 1, -1):
            other = Card(card.suit, rank)
            if other in view.hand:
                low = other
            elif not other.bit & view.played:
                break
        return low

    def _lead(self, view, unseen):
        hand, trump = view.legal, view.trump
        partner_suits = [t.cards[0].suit for t in view.tricks if t.leader == view.partner]
        for suit in partner_suits:
            cards = _by_rank(_suit_cards(hand, suit))
            if suit != trump and cards:
                top = cards[-1]
                return top if self._is_master(top, unseen) or len(cards) <= 2 else cards[0]
        trumps = _by_rank(_suit_cards(hand, trump))
        if len(trumps) >= 5:
            return self._lead_from(trumps, view, unseen)
        plain = [c for c in hand if c.suit != trump]
        if plain and not unseen & trump.mask:
            masters = [c for c in plain if self._is_master(c, unseen)]
            if masters:
                return max(masters, key=lambda c: c.rank)
        suits = {}
        for card in plain or hand:
            suits.setdefault(card.suit, []).append(card)
        longest = max(suits.values(), key=lambda cs: (len(cs), max(c.rank for c in cs)))
        return self._lead_from(_by_rank(longest), view, unseen)

    def _lead_from(self, cards, view, unseen):
        """The card to lead from one suit (``cards`` low to high)."""
        top = cards[-1]
        if self._is_master(top, unseen):
            return top
        if len(cards) >= 2 and top.rank >= Rank.JACK and self._bottom_of_sequence(top, view) != top:
            return top
        return cards[-4] if len(cards) >= 4 else cards[0]

    def _follow(self, view, unseen):
        trick, trump, legal = view.trick, view.trump, view.legal
        led = trick[0].suit
        position = len(trick)
        win_at = trick_winner(view.rules, trick)
        best = trick[win_at]
        partner_wins = win_at == position - 2
        beaters = _by_rank(c for c in legal if trick_winner(view.rules, trick + (c,)) == position)
        low = _by_rank(legal)[0]
        if legal[0].suit == led:
            if position == 1:
                return beaters[0] if beaters and best.rank >= Rank.JACK and best.suit == led else low
            if position == 2:
                safe = best.suit == trump or (self._is_master(best, unseen) and led != trump
                                              and best.suit == led)
                if partner_wins and safe:
                    return low
                if beaters:
                    return self._bottom_of_sequence(beaters[-1], view)
                return low
            return low if partner_wins or not beaters else beaters[0]
        # Void in the suit led.
        secure = partner_wins and (position == 3 or (best.suit == trump or self._is_master(best, unseen)))
        if not secure and beaters:
            return beaters[0]
        return self._discard(legal, trump, unseen)

    def _discard(self, legal, trump, unseen):
        plain = [c for c in legal if c.suit != trump] or list(legal)
        spare = [c for c in plain if not self._is_master(c, unseen)] or plain
        length = {s: sum(1 for c in plain if c.suit == s) for s in Suit}
        return min(spare, key=lambda c: (c.rank, -length[c.suit]))


class DoubleDummyAgent(Agent):
    """Plays double dummy from ``open_view``: every hand face up (see this module's docstring)."""

    game = "whist"
    name = "dd"
    omniscient = True

    def act(self, view):
        """The legal card with the most tricks for the partnership, every hand face up."""
        return best_card(Position(view.rules, view.hands, view.leader, view.trick))

