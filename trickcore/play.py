"""The validated Python API over the kernel: legal cards, trick winners, a play state, random playouts.

Everything here checks its input and raises ``trickcore.errors`` exceptions, so bad data never reaches
the kernel.
"""
import array
from collections.abc import Iterable, Sequence

import attrs

from trickcore import _kernel
from trickcore.cards import Card, Suit, hand_mask, mask_cards
from trickcore.dealing import Deal, DealBatch, _check_count, _check_seed
from trickcore.errors import IllegalPlay, InputError, InvalidDeal
from trickcore.rules import TrickRules


@attrs.frozen
class Trick:
    """One completed trick: who led it, its cards in playing order, and the seat that won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seat_of(self, position: int, n_seats: int) -> int:
        """The seat that played the card at ``position`` (0 = the lead)."""
        return (self.leader + position) % n_seats


@attrs.frozen
class PlayRecord:
    """The play of one deal: the tricks in order, and the tricks won per seat."""

    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]


def _check_rules(rules: object) -> TrickRules:
    if not isinstance(rules, TrickRules):
        raise InputError(f"expected TrickRules, got {type(rules).__name__}")
    return rules


def _check_seat(rules: TrickRules, seat: object, what: str = "seat") -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.n_seats:
        raise InputError(f"{what} must be a seat index from 0 to {rules.n_seats - 1}, not {seat!r}")
    return seat


def _cards(value: Iterable[Card], what: str) -> list[Card]:
    try:
        cards = list(value)
    except TypeError:
        raise InputError(f"{what} must be a collection of cards") from None
    for c in cards:
        if not isinstance(c, Card):
            raise InputError(f"{what}: {c!r} is not a Card")
    if len(set(cards)) != len(cards):
        raise InvalidDeal(f"{what}: a card appears twice")
    return cards


def legal_cards(rules: TrickRules, hand: Iterable[Card], trick: Iterable[Card] = ()) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already in it, lead first)."""
    _check_rules(rules)
    held = _cards(hand, "hand")
    played = _cards(trick, "trick")
    if len(played) >= rules.n_seats:
        raise InputError(f"a trick of {rules.n_seats} seats is complete after {rules.n_seats} cards")
    if set(held) & set(played):
        raise InvalidDeal("a card is both in the hand and in the trick")
    led = int(played[0].suit) if played else -1
    return mask_cards(_kernel.legal(rules.kernel_tuple(), hand_mask(held), led))


def trick_winner(rules: TrickRules, cards: Iterable[Card], leader: int = 0) -> int:
    """The seat that wins the trick ``cards`` (in playing order) led by seat ``leader``; for a trick in
    progress (fewer cards than seats), the seat whose card wins it so far."""
    _check_rules(rules)
    _check_seat(rules, leader, "leader")
    played = _cards(cards, "trick")
    if not 1 <= len(played) <= rules.n_seats:
        raise InputError(f"a trick has 1 to {rules.n_seats} cards, not {len(played)}")
    trump = rules.kernel_tuple()[1]
    return (leader + _kernel.winner([c.index for c in played], trump)) % rules.n_seats


def trick_winner_unchecked(rules: TrickRules, cards: Iterable[Card], leader: int) -> int:
    """``trick_winner`` without its input checks, for agents asking it of every legal card on every turn: the
    caller guarantees valid rules, leader and trick (cards taken from a legal position)."""
    return (leader + _kernel.winner([c.index for c in cards], rules.kernel_tuple()[1])) % rules.n_seats


class PlayState:
    """A position in the play: hands, the trick in progress, tricks won; play and undo card by card.

    ``hands[seat]`` are the cards still held; ``trick`` the cards already played to the current trick,
    led by ``leader``. Seats that played to it hold one card fewer than the others.
    """

    def __init__(self, rules: TrickRules, hands: Sequence[Iterable[Card]], leader: int = 0,
                 trick: Iterable[Card] = ()) -> None:
        _check_rules(rules)
        _check_seat(rules, leader, "leader")
        if len(hands) != rules.n_seats:
            raise InvalidDeal(f"{rules.n_seats} hands expected, got {len(hands)}")
        held = [_cards(h, f"hand of seat {s}") for s, h in enumerate(hands)]
        in_trick = _cards(trick, "trick")
        if len(in_trick) >= rules.n_seats:
            raise InputError("the trick in progress must have fewer cards than seats")
        every = [c for h in held for c in h] + in_trick
        if len(set(every)) != len(every):
            raise InvalidDeal("a card is in two places")
        played = {(leader + k) % rules.n_seats for k in range(len(in_trick))}
        size = {len(h) + (s in played) for s, h in enumerate(held)}
        if len(size) != 1:
            raise InvalidDeal("hand sizes do not fit the trick in progress")
        self.rules = rules
        self._state = _kernel.KernelState(rules.kernel_tuple(), [hand_mask(h) for h in held], leader,
                                          [c.index for c in in_trick])

    @classmethod
    def from_deal(cls, rules: TrickRules, deal: Deal, leader: int = 0) -> "PlayState":
        """The position before the first lead of ``deal``."""
        if not isinstance(deal, Deal):
            raise InputError(f"expected a Deal, got {type(deal).__name__}")
        return cls(rules, deal.hands, leader)

    @property
    def turn(self) -> int:
        """The seat to play."""
        return self._state.turn

    @property
    def leader(self) -> int:
        """The seat that led the current trick."""
        return self._state.leader

    @property
    def hands(self) -> list[frozenset[Card]]:
        """The cards each seat still holds."""
        return [frozenset(mask_cards(m)) for m in self._state.hands]

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won per seat since the position was set up."""
        return tuple(self._state.tricks)

    @property
    def current_trick(self) -> list[Card]:
        """Cards played to the trick in progress, lead first."""
        return [Card.from_index(i) for i in self._state.current_trick]

    @property
    def is_over(self) -> bool:
        """True when every card has been played."""
        return not any(self._state.hands)

    def completed_tricks(self) -> list[Trick]:
        """The tricks completed since the position was set up, as Trick records."""
        history = self._state.history
        n = self.rules.n_seats
        start = len(history) - len(self._state.current_trick) - n * len(self._state.completed)
        out = []
        for k, (leader, winner) in enumerate(self._state.completed):
            cards = history[start + k * n:start + (k + 1) * n]
            out.append(Trick(leader, tuple(Card.from_index(i) for i in cards), winner))
        return out

    def legal_cards(self) -> list[Card]:
        """The cards the seat to play may play."""
        return mask_cards(self._state.legal())

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to play; IllegalPlay if the rules forbid it."""
        if not isinstance(card, Card):
            raise InputError(f"{card!r} is not a Card")
        if not self._state.legal() & card.bit:
            raise IllegalPlay(f"seat {self.turn} may not play {card} here")
        self._state.play(card.index)

    def undo(self) -> None:
        """Take back the last card played; InputError before the position's first card."""
        if not self._state.undo():
            raise InputError("nothing to undo")


def _deal_masks(rules: TrickRules, deal: Deal) -> list[int]:
    if not isinstance(deal, Deal):
        raise InputError(f"expected a Deal, got {type(deal).__name__}")
    if deal.n_seats != rules.n_seats:
        raise InvalidDeal(f"the deal has {deal.n_seats} hands, the rules {rules.n_seats} seats")
    return deal.masks()


def random_playout(rules: TrickRules, deal: Deal, leader: int = 0, seed: int = 0, index: int = 0) -> PlayRecord:
    """Play ``deal`` with every seat choosing a uniformly random legal card; returns a PlayRecord.

    The same (seed, index) gives the same play as row ``index`` of ``playout_batch``.
    """
    _check_rules(rules)
    _check_seat(rules, leader, "leader")
    _check_seed(seed)
    _check_count(index, "index")
    won, order = _kernel.playout_one(rules.kernel_tuple(), _deal_masks(rules, deal), leader, seed, index)
    n = rules.n_seats
    tricks = []
    for k in range(0, len(order), n):
        cards = tuple(Card.from_index(i) for i in order[k:k + n])
        winner = (leader + _kernel.winner(order[k:k + n], rules.kernel_tuple()[1])) % n
        tricks.append(Trick(leader, cards, winner))
        leader = winner
    return PlayRecord(tuple(tricks), tuple(won))


@attrs.frozen
class PlayoutResults:
    """Tricks per seat of a batch of playouts: ``tricks`` is flat, ``n_seats`` per deal."""

    n_seats: int
    tricks: "array.array[int]"

    def __len__(self) -> int:
        return len(self.tricks) // self.n_seats

    def __getitem__(self, i: int) -> tuple[int, ...]:
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        i %= len(self)
        return tuple(self.tricks[i * self.n_seats:(i + 1) * self.n_seats])

    def totals(self) -> tuple[int, ...]:
        """Tricks per seat summed over the batch."""
        return tuple(sum(self.tricks[s::self.n_seats]) for s in range(self.n_seats))

    def mean(self) -> tuple[float, ...]:
        """Mean tricks per seat."""
        return tuple(t / len(self) if len(self) else 0.0 for t in self.totals())


def playout_batch(rules: TrickRules, deals: DealBatch | Iterable[Deal], leader: int = 0, seed: int = 0,
                  trumps: Iterable[Suit | str | None] | None = None) -> PlayoutResults:
    """Random playouts of a DealBatch (or a list of Deals) in the kernel's nogil loop.

    Deal ``i`` is played with the stream (seed, start + i), ``start`` being the batch's first deal number (0
    for a list), so splitting a batch never changes a result. ``trumps`` optionally gives each deal its own
    trump (a Suit or None per deal, e.g. whist's turn-ups) in place of ``rules.trump``.
    """
    _check_rules(rules)
    _check_seat(rules, leader, "leader")
    _check_seed(seed)
    if isinstance(deals, DealBatch):
        if deals.plan.n_seats != rules.n_seats:
            raise InvalidDeal(f"the deals have {deals.plan.n_seats} hands, the rules {rules.n_seats} seats")
        masks, stride, start = deals.masks, deals.plan.n_owners, deals.start
    else:
        rows = [_deal_masks(rules, d) for d in deals]
        masks = array.array("Q", [m for row in rows for m in row])
        stride, start = rules.n_seats, 0
    count = len(masks) // stride
    per_deal = array.array("b")
    if trumps is not None:
        per_deal = array.array("b", [TrickRules(rules.n_seats, t).kernel_tuple()[1] for t in trumps])
        if len(per_deal) != count:
            raise InputError(f"{len(per_deal)} trumps given for {count} deals")
    out = array.array("B", bytes(rules.n_seats * count))
    _kernel.playout_batch(rules.kernel_tuple(), masks, stride, leader, seed, start, out, per_deal)
    return PlayoutResults(rules.n_seats, out)
