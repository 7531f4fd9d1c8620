"""Deal (hands per seat plus the talon), its validation and notation, and seeded dealing, single or in batches.

A seeded deal shuffles the deck (in ``Deck.cards`` order, high to low) with the inside-out Fisher-Yates
shuffle and the stream of ``trickcore.rng`` (position ``i`` draws a uniform ``j <= i``), and gives the card at
position ``i`` of the shuffled sequence to ``pattern[i]``: a seat index, or ``n_seats`` for the talon. Each game
states its pattern (bridge: ``(dealer + 1 + i) mod 4``; preferans: pairs).
Deal ``index`` of seed ``s`` is the same whether it is dealt alone or inside any batch.
"""
import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

import attrs

from trickcore import _kernel
from trickcore.cards import DECK32, DECK52, Card, Deck, format_hand, hand_mask, mask_cards, parse_card, parse_hand
from trickcore.condition import Condition
from trickcore.errors import InputError, InvalidDeal, NotationError
from trickcore.rng import M64

SEAT_LETTERS = "NESW"


def _card_set(value: Iterable[Card]) -> frozenset[Card]:
    return frozenset(value)


def _hands(value: Iterable[Iterable[Card]]) -> tuple[frozenset[Card], ...]:
    return tuple(frozenset(h) for h in value)


@attrs.frozen(repr=False)
class Deal:
    """The cards of one deal: ``hands[seat]`` (seat 0 first) and the ``talon`` (preferans; empty otherwise).

    Validated: hands of equal size, every card of ``deck`` exactly once, the talon holding the rest.
    """

    hands: tuple[frozenset[Card], ...] = attrs.field(converter=_hands)
    talon: frozenset[Card] = attrs.field(default=frozenset(), converter=_card_set)
    deck: Deck = attrs.field(default=DECK52, eq=False)

    def __attrs_post_init__(self) -> None:
        seen = set(self.talon)
        for seat, hand in enumerate(self.hands):
            clash = seen & hand
            if clash:
                raise InvalidDeal(f"card {min(clash)} is dealt twice (again to seat {seat})")
            seen |= hand
        outside = [c for c in seen if c not in self.deck]
        if outside:
            raise InvalidDeal(f"card {outside[0]} is not in the {self.deck.name}-card deck")
        missing = set(self.deck.cards) - seen
        if missing:
            raise InvalidDeal(f"{len(missing)} card(s) missing, e.g. {max(missing)}")
        sizes = {len(h) for h in self.hands}
        if len(sizes) != 1:
            raise InvalidDeal(f"hands of different sizes: {[len(h) for h in self.hands]}")

    @property
    def n_seats(self) -> int:
        """Number of hands."""
        return len(self.hands)

    @property
    def hand_size(self) -> int:
        """Cards in each hand."""
        return len(self.hands[0])

    def masks(self) -> list[int]:
        """The hands as kernel bitmasks, seat 0 first."""
        return [hand_mask(h) for h in self.hands]

    def to_pbn(self, first: int = 0) -> str:
        """A four-hand deal as a PBN deal string ``N:h h h h`` starting with seat ``first`` (0 = N)."""
        if self.n_seats != 4:
            raise InputError("a PBN deal string has four hands")
        order = [(first + k) % 4 for k in range(4)]
        return SEAT_LETTERS[first] + ":" + " ".join(format_hand(self.hands[s]) for s in order)

    def to_string(self) -> str:
        """The canonical text: PBN ``N:...`` for four hands (an ending's cards out of play left out);
        ``h1 h2 h3 | talon`` for three."""
        if self.n_seats == 4:
            return self.to_pbn()
        text = " ".join(format_hand(h) for h in self.hands)
        return text + " | " + " ".join(str(c) for c in sorted(self.talon, reverse=True))

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"<Deal {self.to_string()}>"


def parse_deal(text: str, deck: Deck | None = None) -> Deal:
    """Read a deal.

    Four hands: a PBN deal string ``F:h1 h2 h3 h4`` (``F`` in N E S W, any case, the seat of ``h1``; the
    rest clockwise; ``-`` for one unknown hand, completed from the remaining cards). Hands shorter than the
    deck's share (an ending or a problem, every hand of the same size) leave the deck's other cards out of play,
    in the deal's ``talon``. Three hands (preferans):
    ``h1 h2 h3 | talon``, the talon as cards (``SA D7``) or a PBN hand. ``deck`` defaults to 52 cards for four
    hands and 32 for three.
    """
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty deal")
    body = text.strip()
    if "|" in body:
        hands_text, talon_text = body.split("|", 1)
        talon_text = talon_text.strip()
        if "." in talon_text:
            talon = parse_hand(talon_text)
        else:
            talon = frozenset(parse_card(t) for t in talon_text.split())
        parts = hands_text.split()
        return Deal([parse_hand(p) for p in parts], talon, deck or (DECK32 if len(parts) == 3 else DECK52))
    first = 0
    if len(body) > 1 and body[1] == ":":
        letter = body[0].upper()
        if letter not in SEAT_LETTERS:
            raise NotationError(f"{text!r}: the deal must start with N:, E:, S: or W:")
        first, body = SEAT_LETTERS.index(letter), body[2:]
    parts = body.split()
    if len(parts) != 4:
        raise NotationError(f"{text!r}: a deal has four hands separated by spaces")
    deck = deck or DECK52
    hands = [None if p == "-" else parse_hand(p) for p in parts]
    if hands.count(None) > 1:
        raise NotationError(f"{text!r}: only one hand may be left out ('-')")
    rest = frozenset(deck.cards).difference(*[h for h in hands if h is not None])
    by_seat: list[frozenset[Card]] = [frozenset()] * 4
    for k, hand in enumerate(hands):
        by_seat[(first + k) % 4] = rest if hand is None else hand
    # An ending's cards out of play are its talon; a full deal (or one completed by "-") has none left over.
    return Deal(by_seat, frozenset() if None in hands else rest, deck)


@attrs.frozen
class DealingPlan:
    """How a game deals: its deck, its number of seats, and the owner of each shuffled position."""

    deck: Deck
    n_seats: int
    pattern: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        if len(self.pattern) != len(self.deck):
            raise InputError("the dealing pattern must give every card of the deck an owner")

    @property
    def n_owners(self) -> int:
        """Seats plus one column for the talon."""
        return self.n_seats + 1


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= M64:
        raise InputError(f"a seed is an integer from 0 to 2**64-1, not {seed!r}")
    return seed


MAX_INDEX = 2**63 - 1   # deal numbers are 64-bit in the kernel


def _check_count(count: object, what: str = "count") -> int:
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_INDEX:
        raise InputError(f"{what} must be a whole number from 0 to {MAX_INDEX}, not {count!r}", field=what)
    return count


@attrs.frozen(repr=False)
class DealBatch:
    """Seeded deals as one flat array of masks, ``n_owners`` per deal (seats, then the talon).

    ``numbers`` holds each deal's candidate number under the seed when a condition chose them (see
    ``deal_where``); otherwise the deals are numbered ``start``, ``start + 1``...
    """

    plan: DealingPlan
    masks: "array.array[int]"
    last: "array.array[int]"
    seed: int
    start: int
    numbers: "array.array[int] | None" = None

    def __len__(self) -> int:
        return len(self.masks) // self.plan.n_owners

    def __repr__(self) -> str:
        return f"<DealBatch of {len(self)} deals, {self.plan.deck.name} cards, seed {self.seed}>"

    def __getitem__(self, i: int) -> Deal:
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        i %= len(self)
        row = self.masks[i * self.plan.n_owners:(i + 1) * self.plan.n_owners]
        return Deal([mask_cards(m) for m in row[:-1]], mask_cards(row[-1]), self.plan.deck)

    def __iter__(self) -> Iterator[Deal]:
        return (self[i] for i in range(len(self)))

    def number(self, i: int) -> int:
        """The candidate number of deal ``i`` under the seed (its index when every candidate was kept)."""
        return self.start + i if self.numbers is None else self.numbers[i]

    @property
    def next_number(self) -> int:
        """The first candidate number after this batch: where a batch continuing it starts."""
        return self.start + len(self) if self.numbers is None or not len(self) else self.numbers[-1] + 1

    def last_card(self, i: int) -> Card:
        """The card dealt last in deal ``i`` (whist: the turn-up, always in the dealer's hand)."""
        return Card.from_index(self.last[i])


def deal_batch(plan: DealingPlan, seed: int, count: int, start: int = 0) -> DealBatch:
    """Deal ``count`` deals numbered ``start`` .. ``start+count-1`` under ``seed``, in the kernel."""
    _check_seed(seed)
    _check_count(count)
    _check_count(start, "start")
    if start + count > MAX_INDEX + 1:
        raise InputError(f"deals {start} to {start + count - 1} go past the last deal number {MAX_INDEX}",
                         field="count")
    deck = array.array("B", [c.index for c in plan.deck.cards])
    pattern = array.array("B", plan.pattern)
    try:
        out = array.array("Q", bytes(8 * count * plan.n_owners))
        last = array.array("B", bytes(count))
    except (MemoryError, OverflowError):
        raise InputError(f"{count} deals do not fit in memory at once: deal them in smaller batches",
                         field="count") from None
    _kernel.deal_batch(seed, start, count, deck, pattern, plan.n_owners, out, last)
    return DealBatch(plan, out, last, seed, start)


def deal_one(plan: DealingPlan, seed: int, index: int = 0) -> Deal:
    """Deal number ``index`` under ``seed``: the same deal as row ``index`` of any batch with that seed."""
    return deal_batch(plan, seed, 1, start=index)[0]


def parse_predeal(text: str | Sequence[str], owners: Mapping[str, int], plan: DealingPlan) -> tuple[int, ...]:
    """Read predealt cards: ``hand=cards`` items separated by ``;`` (or given as a list), the cards as a PBN hand
    (``AKQ2.KJ3..A54``, fewer cards than a full hand) or card codes (``SA SK HQ``, commas allowed).

    ``owners`` maps hand names (lower case) to indices (seats, then the talon). Returns one mask per owner;
    NotationError (field "predeal") for a hand or card that cannot be read, a card given twice, or more cards
    than a hand holds.
    """
    items = text if isinstance(text, (list, tuple)) else [text]
    parts = [p.strip() for item in items for p in str(item).split(";") if p.strip()]
    masks = [0] * plan.n_owners
    sizes = owner_sizes(plan)
    for part in parts:
        name, sep, cards_text = part.partition("=")
        if not sep:
            name, sep, cards_text = part.partition(":")
        owner = owners.get(name.strip().lower())
        if not sep or owner is None:
            raise NotationError(f"{part!r}: write the predealt cards as HAND=CARDS, HAND one of "
                                f"{', '.join(owners)}", field="predeal")
        body = cards_text.replace(",", " ").strip()
        try:
            cards = parse_hand(body) if "." in body else frozenset(parse_card(t) for t in body.split())
        except NotationError as exc:
            raise NotationError(f"{part!r}: {exc.message}", field="predeal") from None
        mask = hand_mask(cards)
        outside = [c for c in cards if c not in plan.deck]
        if outside:
            raise NotationError(f"{part!r}: {outside[0]} is not in the {plan.deck.name}-card deck", field="predeal")
        taken = mask & sum(masks)
        if taken:
            raise NotationError(f"{part!r}: {mask_cards(taken)[0]} is predealt twice", field="predeal")
        masks[owner] |= mask
        if bin(masks[owner]).count("1") > sizes[owner]:
            raise NotationError(f"{part!r}: {name.strip()} holds {sizes[owner]} cards", field="predeal")
    return tuple(masks)


def owner_sizes(plan: DealingPlan) -> tuple[int, ...]:
    """The number of cards each owner (seats, then the talon) receives under ``plan``."""
    return tuple(plan.pattern.count(owner) for owner in range(plan.n_owners))


def _rest_of_plan(plan: DealingPlan, predealt: Sequence[int]) -> tuple["array.array[int]", "array.array[int]"]:
    """The deck and positions left to shuffle once ``predealt`` (one mask per owner) is dealt: each owner keeps
    the last of its positions, so the last card still goes to the last owner that needs one."""
    taken = sum(predealt)
    need = [size - bin(predealt[o]).count("1") for o, size in enumerate(owner_sizes(plan))]
    pattern = []
    for owner in reversed(plan.pattern):
        if need[owner]:
            pattern.append(owner)
            need[owner] -= 1
    pattern.reverse()
    deck = [c.index for c in plan.deck.cards if not taken >> c.index & 1]
    return array.array("B", deck), array.array("B", pattern)


CHUNK = 1 << 16     # candidates per kernel call: large enough to hide the call, small enough to stop soon


def deal_where(plan: DealingPlan, seed: int, count: int, condition: Condition | None = None,
               predealt: Sequence[int] | None = None, accept: Callable[[Deal], bool] | None = None, start: int = 0,
               tries: int | None = None) -> DealBatch:
    """The first ``count`` deals, from candidate number ``start`` on, that hold the ``predealt`` cards (one mask
    per owner) and satisfy ``condition`` (a compiled trickcore.condition.Condition, run in the kernel) and
    ``accept`` (a Python callable taking a Deal, run on the deals the kernel kept).

    Candidate ``k`` is deal ``k`` of the seed (with the predealt cards left out of the shuffle), so the deals
    chosen do not depend on how a run is split: a run continuing at ``batch.next_number`` gives the rest.
    Without predealt cards, candidate ``k`` is exactly ``deal_one(plan, seed, k)``. InputError when fewer than
    ``count`` of the first ``tries`` candidates qualify (default: no limit with no condition, else 10**8).
    """
    _check_seed(seed)
    _check_count(count)
    _check_count(start, "start")
    predealt = tuple(predealt or (0,) * plan.n_owners)
    if len(predealt) != plan.n_owners:
        raise InputError(f"give predealt cards for {plan.n_owners} hands, not {len(predealt)}")
    deck, pattern = _rest_of_plan(plan, predealt)
    program = condition.program if condition is not None else array.array("i")
    shapes = condition.shapes if condition is not None else array.array("B")
    limit = tries if tries is not None else (MAX_INDEX if condition is None and accept is None else 10**8)
    _check_count(limit, "tries")
    n = plan.n_owners
    try:
        masks, last = array.array("Q", bytes(8 * count * n)), array.array("B", bytes(count))
        numbers = array.array("Q", bytes(8 * count))
    except (MemoryError, OverflowError):
        raise InputError(f"{count} deals do not fit in memory at once: deal them in smaller batches",
                         field="count") from None
    base = array.array("Q", predealt)
    got = examined = 0
    while got < count:
        chunk = min(CHUNK, limit - examined, MAX_INDEX + 1 - (start + examined))
        if chunk <= 0:
            raise InputError(f"only {got} of {count} deals qualify among {examined} candidates: "
                             "loosen the condition or raise the number of tries", field="where")
        room = min(count - got, chunk)
        out, out_last, out_numbers = array.array("Q", bytes(8 * room * n)), array.array("B", bytes(room)), \
            array.array("Q", bytes(8 * room))
        kept, looked = _kernel.deal_where(seed, start + examined, chunk, deck, pattern, base, program, shapes,
                                          out, out_last, out_numbers)
        examined += looked
        if accept is None:
            masks[got * n:(got + kept) * n] = out[:kept * n]
            last[got:got + kept], numbers[got:got + kept] = out_last[:kept], out_numbers[:kept]
            got += kept
            continue
        for k in range(kept):
            row = out[k * n:(k + 1) * n]
            if accept is not None and not accept(Deal([mask_cards(m) for m in row[:-1]], mask_cards(row[-1]),
                                                      plan.deck)):
                continue
            masks[got * n:(got + 1) * n] = row
            last[got], numbers[got] = out_last[k], out_numbers[k]
            got += 1
            if got == count:
                break
    return DealBatch(plan, masks, last, seed, start, numbers)
