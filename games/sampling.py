"""Perfect-information Monte Carlo, shared by every game's ``pimc`` agent: deal the cards a player cannot see
many times, consistently with what he knows, solve each sample double dummy for every legal card, and play
the card that does best across them (as GIB plays bridge).

A game's agent says what its view knows as ``Hidden`` (the unseen cards, who holds how many of them, the suits
each has shown out of, the cards known to lie in a hand, and a test of the whole sample that counts its faults,
such as bridge's hidden hands whose calls the bidder would not make) and how one sample is valued
(``{card: tricks}``); ``choose_card`` does the rest. The sampler deals the unseen cards at random to the hands
that may hold them, the most constrained cards first (in compiled code: trickcore._kernel.deal_hidden_once); a
sample in which the test finds a fault is dealt again, up to ``TRIES`` deals, and when none is without fault the
sample is the first deal with the fewest, so a test the cards cannot meet never stops the play.

From the ``SETTLE``-th sample of a decision on, a choice that did worse than another in every sample so far
leaves the contention (it is no longer valued, and cannot be chosen), and the decision ends when one choice is
left: the samples go to the choices still in doubt.

Every random choice comes from the agent's seeded ``trickcore.rng.Stream``: the same seed gives the same play.
A time budget (``budget``) stops the sampling early, which makes the play depend on the machine's speed; the
default has none.
"""
from __future__ import annotations

import array
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from trickcore._kernel import deal_hidden_once
from trickcore.cards import Card, Suit, hand_mask, mask_cards
from trickcore.errors import InputError
from trickcore.games.base import Agent
from trickcore.games.options import Option
from trickcore.rng import Stream
from trickcore.rules import TrickRules

T = TypeVar("T")
RULES = ("mean", "best", "contract", "imps")
DEFAULT_SAMPLES = 8
# The samples after which a choice that did worse than another in every one leaves the contention: most
# decisions have one card best in every sample (cashing a winner, following low), so their sampling stops early.
SETTLE = 4
# The deals of one sample that the test may find fault with before the sample keeps the fewest faults: a compiled
# deal and bridge's auction test cost about 3 µs, and before bridge's opening lead a few deals in a thousand fit.
TRIES = 1000
ALL_BITS = (1 << 64) - 1
MAX_HOLDERS = 8          # the compiled dealing's limit

# What every pimc agent takes (``--agents "pimc samples=32 rule=best"``).
SAMPLING_OPTIONS = (
    Option("samples", "Deals sampled for each decision.", int, DEFAULT_SAMPLES, owner="pimc"),
    Option("budget", "Seconds a decision may take at most (stops sampling early; the play then depends on the "
                     "machine's speed). Default: none.", float, None, owner="pimc"),
    Option("rule", "How the card is chosen: the best mean of tricks (mean), the card best in most samples "
                   "(best), or the card that reaches the side's contract in most samples, the mean breaking ties "
                   "(contract; as mean where there is no contract), or the card losing the fewest IMPs on average to "
                   "each sample's best card (imps; bridge, elsewhere as mean).", RULES, "mean", owner="pimc"),
)
# The first trick's positions are whole deals, whose searches cost several times a later trick's: whist leaves its
# first trick to its heuristic player unless asked to sample from trick 1; bridge samples it after the opening lead
# (games.bridge.pimc).
FROM_TRICK = Option("from_trick", "The first trick whose cards are sampled; the heuristic player plays the tricks "
                                  "before it (bridge's opening lead aside: see lead).", int, 2, owner="pimc")
# The tricks of the deals of the games that take from_trick (bridge and whist): a later first trick sampled would
# leave every trick to the heuristic player, the pimc agent playing as the heuristic one without a word.
MAX_TRICKS = 13
LEADS = ("suit", "card", "heuristic")
# Bridge's opening lead, where a player who cannot see loses most to one who can: the suit is sampled (the card in
# it is the heuristic player's), or every distinct card (a whole-deal search each), or the heuristic player leads.
OPENING_LEAD = Option("lead", "The opening lead: the suit sampled, the card in it the heuristic player's (suit), "
                              "every distinct card sampled (card), or the heuristic player's lead (heuristic).", LEADS,
                      "suit", owner="pimc")


@attrs.frozen
class SamplingSettings:
    """The options of a pimc agent, checked: ``samples`` per decision, ``budget`` seconds (or None), ``rule``, the
    first trick sampled, ``from_trick`` (FROM_TRICK), and how bridge's opening lead is chosen, ``lead``
    (OPENING_LEAD; each for the games that declare it)."""

    samples: int = DEFAULT_SAMPLES
    budget: float | None = None
    rule: str = "mean"
    from_trick: int = 1
    lead: str = "heuristic"

    def __attrs_post_init__(self) -> None:
        if isinstance(self.samples, bool) or not isinstance(self.samples, int) or self.samples < 1:
            raise InputError(f"samples must be at least 1, not {self.samples!r}", field="agents")
        if self.budget is not None and not self.budget > 0:
            raise InputError(f"a time budget must be positive, not {self.budget!r}", field="agents")
        if self.rule not in RULES:
            raise InputError(f"rule must be one of {', '.join(RULES)}, not {self.rule!r}", field="agents")
        if isinstance(self.from_trick, bool) or not isinstance(self.from_trick, int) or \
                not 1 <= self.from_trick <= MAX_TRICKS:
            raise InputError(f"from_trick must be a trick number from 1 to {MAX_TRICKS}, not {self.from_trick!r}",
                             field="agents")
        if self.lead not in LEADS:
            raise InputError(f"lead must be one of {', '.join(LEADS)}, not {self.lead!r}", field="agents")

    @classmethod
    def of(cls, options: Mapping[str, object], declared: Iterable[Option] = SAMPLING_OPTIONS) -> SamplingSettings:
        """The settings of an agent's ``options``: the names of its ``declared`` options (others are an
        InputError), their defaults for the rest; the declared options that are not sampling settings (a playing
        style) are the agent's own."""
        declared = tuple(declared)
        unknown = sorted(set(options) - {option.name for option in declared})
        if unknown:
            raise InputError(f"{unknown[0]!r} is not an option of a pimc agent (its options: "
                             f"{', '.join(sorted(option.name for option in declared))})", field="agents")
        values = {option.name: option.default for option in declared}
        values.update(options)
        fields = attrs.fields_dict(cls)
        return cls(**{k: v for k, v in values.items() if v is not None and k in fields})


@attrs.frozen
class Hidden:
    """What a player knows of the cards he cannot see.

    ``cards`` are the unseen cards; ``sizes`` how many of them each hidden holder (a seat, or a game's own
    name for cards out of play, such as a discard) holds; ``voids`` the suits each holder has shown out of;
    ``known`` cards known to lie with a holder (e.g. whist's turn-up), counted in its size and not in
    ``cards``; ``barred`` a mask of cards each holder cannot hold (e.g. the talon a preferans declarer took
    lies with him or in his discard); ``faults`` a test of a whole sample (holder -> the mask of its cards) that
    counts what it finds wrong with it (0: nothing, the sample fits), or None.
    """

    cards: tuple[Card, ...]
    sizes: Mapping[Any, int]
    voids: Mapping[Any, frozenset[Suit]] = attrs.Factory(dict)
    known: Mapping[Any, tuple[Card, ...]] = attrs.Factory(dict)
    barred: Mapping[Any, int] = attrs.Factory(dict)
    faults: Callable[[Mapping[Any, int]], int] | None = None

    def __attrs_post_init__(self) -> None:
        wanted = sum(self.sizes.values()) - sum(len(cards) for cards in self.known.values())
        if wanted != len(self.cards):
            raise InputError(f"the hidden hands hold {wanted} unseen cards, but {len(self.cards)} are unseen")
        if len(self.sizes) > MAX_HOLDERS:
            raise InputError(f"the unseen cards lie with at most {MAX_HOLDERS} holders, not {len(self.sizes)}")


def voids_shown(rules: TrickRules, tricks: Iterable[tuple[Any, Sequence[tuple[Any, Card]]]]) -> dict[Any, set[Suit]]:
    """The suits each player has shown out of in ``tricks`` (each a list of (player, card), the leader's
    first): a player who did not follow the suit led holds none of it, and under the must-trump rule one who
    neither followed nor trumped holds no trump either."""
    voids: dict[Any, set[Suit]] = {}
    for _, plays in tricks:
        if not plays:
            continue
        led = plays[0][1].suit
        for who, card in plays[1:]:
            if card.suit != led:
                voids.setdefault(who, set()).add(led)
                if rules.must_trump and rules.trump is not None and card.suit != rules.trump:
                    voids[who].add(rules.trump)
    return voids


def _plan(hidden: Hidden) -> tuple[bytes, array.array, array.array]:
    """The compiled dealing's arguments: the unseen cards' bit indices, and each holder's mask of the cards it may
    take (its voids and barred cards allowing) and room (its size less its known cards), in ``sizes``' order."""
    allowed, room = array.array("Q"), array.array("i")
    for holder, size in hidden.sizes.items():
        closed = hidden.barred.get(holder, 0)
        for suit in hidden.voids.get(holder, ()):
            closed |= suit.mask
        allowed.append(~closed & ALL_BITS)
        room.append(size - len(hidden.known.get(holder, ())))
    return bytes(card.index for card in hidden.cards), allowed, room


def deal_hidden(hidden: Hidden, stream: Stream, tries: int = TRIES) -> dict[Any, tuple[Card, ...]]:
    """A random deal of ``hidden`` (holder -> cards) consistent with its hard facts: the first of at most ``tries``
    deals in which its test finds no fault, else the first with the fewest (see the module docstring)."""
    cards, allowed, room = _plan(hidden)
    known = [hand_mask(hidden.known.get(holder, ())) for holder in hidden.sizes]
    best, fewest, dealt = None, 0, 0
    for _ in range(2 * tries):
        stream.state, masks = deal_hidden_once(stream.state, cards, allowed, room)
        if masks is None:
            continue
        sample = {holder: mask | extra for holder, mask, extra in zip(hidden.sizes, masks, known)}
        faults = 0 if hidden.faults is None else hidden.faults(sample)
        if best is None or faults < fewest:
            best, fewest = sample, faults
        dealt += 1
        if faults == 0 or dealt >= tries:
            break
    if best is None:
        raise InputError("no deal of the unseen cards fits the cards played and the voids shown")
    return {holder: tuple(mask_cards(mask)) for holder, mask in best.items()}


def equivalent_lowest(legal: Sequence[Card], gone: int, trick: Iterable[Card]) -> Card | None:
    """The lowest legal card when every legal card is worth the same (one suit, and every card ranking between
    them played in a completed trick: in the bit mask ``gone`` and not on the ``trick`` in progress, whose cards
    still count, as partner's queen does between one's ace and six): no search is needed; else None."""
    if len({c.suit for c in legal}) != 1:
        return None
    for card in trick:
        gone &= ~card.bit
    ours = 0
    for card in legal:
        ours |= card.bit
    low, high = min(c.index for c in legal), max(c.index for c in legal)
    between = ((1 << (high + 1)) - 1) & ~((1 << low) - 1)
    return min(legal, key=lambda c: (c.rank, c.suit)) if between & ~(ours | gone) == 0 else None


def choose(choices: Sequence[T], hidden: Hidden,
           value: Callable[[Mapping[Any, tuple[Card, ...]], Sequence[T]], Mapping[T, int]],
           settings: SamplingSettings, stream: Stream, minimise: bool = False, target: int | None = None,
           utility: Callable[[Mapping[T, int]], Mapping[T, float]] | None = None) -> T:
    """The choice (a card, or a game's own, such as a discard) that does best over samples of ``hidden``, each
    valued by ``value`` (sample, the choices still in contention -> {choice: tricks} of at least those): the most
    tricks (the fewest with ``minimise``) on average, or (rule "best") the choice best in the most samples, or
    (rule "contract") the choice worth at least ``target`` tricks (the side's contract; None: no contract, the
    mean decides) in the most samples, or (rule "imps") the best mean of ``utility`` (one sample's values -> what
    each is worth, e.g. bridge's IMPs against the sample's best choice; None: as "mean"), the mean of the values
    breaking those ties (and "best"'s and "contract"'s); the first of the best in the order of
    ``choices`` breaks the rest. From the SETTLE-th sample on, a choice that did worse than another in every
    sample so far leaves the contention, and the sampling stops when one choice is left."""
    sign = -1 if minimise else 1
    totals = dict.fromkeys(choices, 0)
    wins = dict.fromkeys(choices, 0)
    reached = dict.fromkeys(choices, 0)
    worth: dict[T, float] = dict.fromkeys(choices, 0.0)
    scaled = utility if settings.rule == "imps" else None
    alive = list(choices)
    beaten = {c: set(choices) - {c} for c in choices}   # the choices that did better than c in every sample
    start = time.perf_counter()
    for n in range(1, settings.samples + 1):
        values = value(deal_hidden(hidden, stream), alive)
        mine = {c: sign * values[c] for c in alive}
        best = max(mine.values())
        if scaled is not None:
            for choice, points in scaled({c: values[c] for c in alive}).items():
                worth[choice] += points
        for choice in alive:
            totals[choice] += mine[choice]
            wins[choice] += mine[choice] == best
            reached[choice] += target is not None and values[choice] >= target
            beaten[choice] = {c for c in beaten[choice] if c in mine and mine[c] > mine[choice]}
        if settings.budget is not None and time.perf_counter() - start >= settings.budget:
            break
        if n >= SETTLE:
            # Strict dominance orders the choices partially: its best are never beaten, so one always stays.
            alive = [c for c in alive if not beaten[c]]
            if len(alive) == 1:
                break
    counts = {"best": wins, "contract": reached, "imps": worth if scaled is not None else None}.get(settings.rule)
    key = {c: (0 if counts is None else counts[c], totals[c]) for c in alive}
    top = max(key.values())
    return next(c for c in alive if key[c] == top)


def choose_card(legal: Sequence[Card], hidden: Hidden,
                value: Callable[[Mapping[Any, tuple[Card, ...]], Sequence[Card]], Mapping[Card, int]],
                settings: SamplingSettings, stream: Stream, minimise: bool = False, target: int | None = None,
                utility: Callable[[Mapping[Card, int]], Mapping[Card, float]] | None = None) -> Card:
    """``choose`` among the legal cards, the lowest card of the best breaking ties."""
    return choose(sorted(legal, key=lambda c: (c.rank, c.suit)), hidden, value, settings, stream, minimise, target,
                  utility)


class SamplingAgent(Agent):
    """What every game's pimc agent shares: its SamplingSettings from its ``declared_options`` and its seeded
    stream (of the seed and the seat, under the game's ``salt``). A game's agent adds how it samples and values
    a decision."""

    declared_options: tuple[Option, ...] = SAMPLING_OPTIONS
    salt = 0

    def __init__(self, seat: int, seed: int = 0, **options: object) -> None:
        super().__init__(seat, seed, **options)
        self.settings = SamplingSettings.of(options, self.declared_options)
        self.stream = Stream(seed, int(seat), self.salt)
