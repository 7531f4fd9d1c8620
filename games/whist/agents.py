"""Whist agents: what a seat may see (``WhistView``), a seeded random player and a heuristic player.

An agent answers ``choose_card(view)`` with one of ``view.legal``. The view holds only what the seat may know
(whist.md §3): its own cards, the dealer and the turn-up (known to be in the dealer's hand until played), the
trick in progress and every completed trick.

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

The double-dummy agent ("dd") is the one agent exempt from the view rule: the match shows it all four hands
before each hand is played (``show_deal`` of games.double_dummy, called by games.whist.match); from each view it
removes the cards played, solves the position with ``trickcore.solver.solve_cards`` and plays a card with the
most tricks for its partnership, the lowest card of the best group.
"""
import attrs

from trickcore.games.double_dummy import DoubleDummyBase, best_card
from trickcore.cards import DECK52, Card, Rank, Suit
from trickcore.errors import InputError
from trickcore.rng import Stream
from trickcore.rules import TrickRules
from trickcore.solver import Position

RANDOM_SALT = 0x77686973
"""Salt of the random agent's stream ("whis"): hand ``k`` of seat ``s`` draws from Stream(seed, 4k+s, salt)."""
ALL_CARDS = frozenset(DECK52.cards)


@attrs.frozen
class WhistView:
    """What ``seat`` knows when it must play: its cards, the legal ones, the trick so far and the play so far."""

    seat: int
    dealer: int
    trump: Suit
    turn_up: Card | None
    hand: frozenset
    legal: tuple
    trick: tuple
    leader: int
    tricks: tuple
    hand_number: int = 0

    def played(self):
        """Every card played so far, completed tricks and the trick in progress."""
        return frozenset(c for t in self.tricks for c in t.cards) | frozenset(self.trick)

    @property
    def partner(self):
        """The partner's seat."""
        return (self.seat + 2) % 4


class RandomAgent:
    """Plays a uniformly random legal card, from a seeded stream per hand and seat (reproducible)."""

    name = "random"

    def __init__(self, seat, seed=0):
        self.seat, self.seed = seat, seed
        self._hand, self._stream = None, None

    def choose_card(self, view):
        """A random card of ``view.legal``."""
        if self._hand != view.hand_number:
            self._hand = view.hand_number
            self._stream = Stream(self.seed, 4 * view.hand_number + self.seat, RANDOM_SALT)
        return view.legal[self._stream.below(len(view.legal))]


def _by_rank(cards):
    return sorted(cards, key=lambda c: c.rank)


def _suit_cards(cards, suit):
    return [c for c in cards if c.suit == suit]


def _beats(card, best, trump):
    """True if ``card`` played now would beat ``best``, the card winning the trick so far."""
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


def _winning(trick, trump):
    """Position in ``trick`` of the card that wins it so far."""
    best = 0
    for k in range(1, len(trick)):
        if _beats(trick[k], trick[best], trump):
            best = k
    return best


class HeuristicAgent:
    """Plays the classic whist maxims described in this module's docstring (deterministic)."""

    name = "heuristic"

    def __init__(self, seat, seed=0):
        self.seat = seat

    def choose_card(self, view):
        """The card the maxims choose from ``view.legal``."""
        if len(view.legal) == 1:
            return view.legal[0]
        gone = view.played()
        unseen = ALL_CARDS - gone - view.hand
        if not view.trick:
            return self._lead(view, gone, unseen)
        return self._follow(view, gone, unseen)

    # -- helpers over what the seat knows
    @staticmethod
    def _is_master(card, unseen):
        return not any(c.suit == card.suit and c.rank > card.rank for c in unseen)

    @staticmethod
    def _bottom_of_sequence(card, hand, gone):
        """The lowest card of ``hand`` equal in value to ``card`` (every rank between them has gone)."""
        low = card
        for rank in range(card.rank - 1, Rank.TWO - 1, -1):
            other = Card(card.suit, rank)
            if other in hand:
                low = other
            elif other not in gone:
                break
        return low

    def _lead(self, view, gone, unseen):
        hand, trump = view.legal, view.trump
        partner_suits = [t.cards[0].suit for t in view.tricks if t.leader == view.partner]
        for suit in partner_suits:
            cards = _by_rank(_suit_cards(hand, suit))
            if suit != trump and cards:
                top = cards[-1]
                return top if self._is_master(top, unseen) or len(cards) <= 2 else cards[0]
        trumps = _by_rank(_suit_cards(hand, trump))
        if len(trumps) >= 5:
            return self._lead_from(trumps, view.hand, gone, unseen)
        plain = [c for c in hand if c.suit != trump]
        if plain and not any(c.suit == trump for c in unseen):
            masters = [c for c in plain if self._is_master(c, unseen)]
            if masters:
                return max(masters, key=lambda c: c.rank)
        suits = {}
        for card in plain or hand:
            suits.setdefault(card.suit, []).append(card)
        longest = max(suits.values(), key=lambda cs: (len(cs), max(c.rank for c in cs)))
        return self._lead_from(_by_rank(longest), view.hand, gone, unseen)

    def _lead_from(self, cards, hand, gone, unseen):
        """The card to lead from one suit (``cards`` low to high)."""
        top = cards[-1]
        if self._is_master(top, unseen):
            return top
        if len(cards) >= 2 and top.rank >= Rank.JACK and self._bottom_of_sequence(top, hand, gone) != top:
            return top
        return cards[-4] if len(cards) >= 4 else cards[0]

    def _follow(self, view, gone, unseen):
        trick, trump, legal = view.trick, view.trump, view.legal
        led = trick[0].suit
        position = len(trick)
        win_at = _winning(trick, trump)
        best = trick[win_at]
        partner_wins = win_at == position - 2
        beaters = _by_rank(c for c in legal if _beats(c, best, trump))
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
                    return self._bottom_of_sequence(beaters[-1], view.hand, gone)
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


class DoubleDummyAgent(DoubleDummyBase):
    """Plays double dummy: every hand face up (see this module's docstring)."""

    name = "dd"

    def __init__(self, seat, seed=0):
        super().__init__()
        self.seat = seat

    def choose_card(self, view):
        """The legal card with the most tricks for the partnership, every hand face up."""
        position = Position(TrickRules(4, view.trump), self.hands_now(view.played()), view.leader, view.trick)
        return best_card(position)


AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "dd": DoubleDummyAgent}


def make_agents(names, seed=0):
    """One agent per seat from ``names`` (one name for all four seats, or four names N E S W)."""
    names = list(names)
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise InputError(f"whist needs one agent name or four (N,E,S,W), not {len(names)}", field="agents")
    agents = []
    for seat, name in enumerate(names):
        key = name.strip().lower()
        if key not in AGENTS:
            raise InputError(f"unknown whist agent {name!r}; agents: {', '.join(AGENTS)}", field="agents")
        agents.append(AGENTS[key](seat, seed))
    return agents
