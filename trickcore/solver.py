"""Double-dummy search, validated: any position's trick count for an objective, tricks tables by trump, the
best discard of surplus cards, and many searches on threads or deals on worker processes.

The search itself is the private extension ``trickcore._solver``, or the same code built for processors with
POPCNT and BMI, ``trickcore._solver_fast``, chosen at import when this one has them (a portable wheel carries
both). This module checks every input (a bad position raises a ``trickcore.errors`` exception before the
kernel sees it) and converts results.

Objectives (``Position.objective``):

* ``"tricks"``: two sides, each playing for its own tricks: the partnerships of a 4-seat game, or in a
  3-seat game the ``declarer`` against the two others. The result is the number of tricks the side of
  ``seat`` takes from the position on (the current trick included) when both sides play perfectly: the most
  that side can guarantee.
* ``"misere"`` / ``"all_pass"``: ``seat`` plays to take as few tricks as possible and every other seat plays
  to make him take tricks. The result is the fewest tricks ``seat`` can hold himself to against them all,
  the guarantee a seat has whatever the others do.

The games put these in their own terms (``trickcore.games.<game>.analysis``): this module knows seats,
trumps and tricks, never a game.
"""
import ctypes
import ctypes.util
import gc
import itertools
import multiprocessing
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

import attrs

from trickcore import _kernel
from trickcore._solver import Solver as _Solver

if _kernel.cpu_has_fast_bits():
    try:
        from trickcore._solver_fast import Solver as _Solver
    except ImportError:             # built where the instructions do not apply (not x86-64)
        pass
from trickcore.cards import Card, Suit, hand_mask
from trickcore.dealing import Deal
from trickcore.errors import InputError, InvalidDeal, WorkerLost
from trickcore.play import PlayState
from trickcore.rules import TrickRules

T = TypeVar("T")

OBJECTIVES = ("tricks", "misere", "all_pass")

_LOCAL = threading.local()


def _solver_for(n_seats: int) -> _Solver:
    """One solver per thread and seat count: its transposition table is reused (generations keep it valid)."""
    solvers = _LOCAL.__dict__.setdefault("solvers", {})
    if n_seats not in solvers:
        solvers[n_seats] = _Solver(20 if n_seats == 4 else 17)
    return solvers[n_seats]


def _card_tuples(hands: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(h) for h in hands)


@attrs.frozen
class Position:
    """A position to solve: play rules, the cards each seat holds, the trick in progress, the objective.

    ``leader`` led (or leads) the current trick, ``trick`` holds its cards so far. ``seat`` is the seat whose
    result is reported (default: the seat to play). ``declarer`` names the lone side of a 3-seat "tricks"
    objective. Hands may be short (an ending); the seats that played to ``trick`` hold one card fewer.
    """

    rules: TrickRules
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_card_tuples)
    leader: int = 0
    trick: tuple[Card, ...] = attrs.field(default=(), converter=tuple)
    objective: str = "tricks"
    seat: int | None = None
    declarer: int | None = None

    def __attrs_post_init__(self) -> None:
        state = PlayState(self.rules, self.hands, self.leader, self.trick)   # validates cards and sizes
        n = self.rules.n_seats
        if self.objective not in OBJECTIVES:
            raise InputError(f"objective must be one of {', '.join(OBJECTIVES)}, not {self.objective!r}")
        for name in ("seat", "declarer"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not 0 <= value < n):
                raise InputError(f"{name} must be a seat index from 0 to {n - 1}, not {value!r}")
        if self.objective == "tricks" and n == 3 and self.declarer is None:
            raise InputError("a 3-seat two-side position needs a declarer")
        if not any(state.hands) and not self.trick:
            raise InvalidDeal("the position has no cards left to play")

    @property
    def turn(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % self.rules.n_seats

    @property
    def reported_seat(self) -> int:
        """The seat whose result is reported: ``seat``, or the seat to play."""
        return self.turn if self.seat is None else self.seat

    def masks(self) -> tuple[int, int]:
        """(counted, maxim): bit masks of the seats whose tricks count and of the seats maximising them."""
        n = self.rules.n_seats
        s = self.reported_seat
        every = (1 << n) - 1
        if self.objective == "tricks":
            if n == 4:
                side = (1 << s) | (1 << ((s + 2) % 4))
            else:
                declarer = self.declarer
                assert declarer is not None   # checked when the position was made
                side = 1 << declarer if s == declarer else every & ~(1 << declarer)
            return side, side
        return 1 << s, every & ~(1 << s)

    def kernel_args(self) -> tuple[tuple[int, int, bool, bool], list[int], int, list[int], int, int]:
        """The arguments of the kernel solver: rules tuple, hand masks, leader, trick indices, masks."""
        counted, maxim = self.masks()
        return (self.rules.kernel_tuple(), [hand_mask(h) for h in self.hands], self.leader,
                [c.index for c in self.trick], counted, maxim)


def _check_position(position: object) -> Position:
    if not isinstance(position, Position):
        raise InputError(f"expected a Position, got {type(position).__name__}")
    return position


def solve(position: Position) -> int:
    """The trick count of ``position`` for its reported seat (see the module docstring for each objective)."""
    _check_position(position)
    return _solver_for(position.rules.n_seats).solve(*position.kernel_args())


def solve_cards(position: Position, cards: Iterable[Card] | None = None) -> dict[Card, int]:
    """{card: trick count if the seat to play plays it now} for every legal card, equivalent cards included; with
    ``cards``, only for the legal ones among them and their equivalents (a search saved for each card left out)."""
    _check_position(position)
    only = 0 if cards is None else _hand_masks([list(cards)], 1)[0]
    if cards is not None and not only:
        return {}
    out = _solver_for(position.rules.n_seats).solve_cards(*position.kernel_args(), only)
    return {Card.from_index(i): out[i] for i in sorted(out, reverse=True)}


# Tables and discards ---------------------------------------------------------------------------------------

def _check_deal(deal: object, n_seats: int) -> Deal:
    if not isinstance(deal, Deal):
        raise InputError(f"expected a Deal, got {type(deal).__name__}")
    if deal.n_seats != n_seats:
        raise InvalidDeal(f"{n_seats} hands expected, the deal has {deal.n_seats}")
    return deal


def _seat(value: object, n: int, name: str = "seat") -> int:
    """``value``, a seat index of an ``n``-seat deal, checked."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InputError(f"{name} must be a seat index from 0 to {n - 1}, not {value!r}")
    return value


def _hand_masks(hands: Iterable[Sequence[Card]], n: int) -> list[int]:
    """The bit masks of ``n`` hands of cards, checked: Cards only, none held twice."""
    given = list(hands)
    if len(given) != n:
        raise InvalidDeal(f"{n} hands expected, not {len(given)}")
    masks: list[int] = []
    seen = 0
    for hand in given:
        mask = 0
        for card in hand:
            if not isinstance(card, Card):
                raise InputError(f"{card!r} is not a Card")
            mask |= 1 << card.index
        if mask.bit_count() != len(hand) or mask & seen:
            raise InvalidDeal("a card is held twice")
        seen |= mask
        masks.append(mask)
    return masks


def _kernel_trump(trump: Suit | None) -> int:
    """The kernel's index of a trump: the Suit's index, 4 for no trump."""
    return 4 if trump is None else int(trump)


TRUMPS = (Suit.S, Suit.H, Suit.D, Suit.C, None)


def tricks_table(deal: Deal, trumps: Iterable[Suit | str | None] = TRUMPS) -> dict[Suit | None, tuple[int, ...]]:
    """The double-dummy tricks of a 4-hand deal with partnerships: {trump: (tricks per declarer seat)}.

    ``trumps`` are Suits, None for no trump. Entry ``d`` of a row is the tricks the side of seat ``d``
    takes when ``d`` declares, that is when the seat on his left (``d + 1``) leads; partners' entries often
    agree, not always. Hands must be of equal size (any size up to 13): tricks are out of the hand size.
    """
    _check_deal(deal, 4)
    suits = tuple(TrickRules(4, t).trump for t in trumps)
    rows = _solver_for(4).dd_table(deal.masks(), tuple(_kernel_trump(t) for t in suits))
    return {trump: tuple(row) for trump, row in zip(suits, rows)}


def best_discard(rules: TrickRules, hands: Iterable[Sequence[Card]], declarer: int, leader: int = 0,
                 objective: str = "tricks") -> int:
    """The declarer's result after his best discard: he holds two cards more than every other seat.

    With the "tricks" objective the most tricks he can take after setting two cards aside, with "misere"
    the fewest (every other seat playing to make him take tricks). ``leader`` leads the first trick.
    Discards leaving the same position up to rank equivalence are tried once.
    """
    if objective not in ("tricks", "misere"):
        raise InputError(f"the discard objective must be tricks or misere, not {objective!r}")
    if not isinstance(rules, TrickRules):
        raise InputError(f"expected TrickRules, got {type(rules).__name__}")
    n = rules.n_seats
    _seat(declarer, n, "declarer")
    _seat(leader, n, "leader")
    masks = _hand_masks(hands, n)
    sizes = [m.bit_count() for m in masks]
    size = sizes[(declarer + 1) % n]
    if any(k != size for seat, k in enumerate(sizes) if seat != declarer) or sizes[declarer] != size + 2:
        raise InvalidDeal("the declarer must hold two cards more than each other seat, who hold as many")
    if size + 2 > 16:
        raise InvalidDeal(f"the declarer may hold at most 16 cards before his discard, not {size + 2}")
    return _solver_for(n).best_discard(rules.kernel_tuple(), masks, declarer, leader, objective == "misere")


def fewest_tricks(hands: Iterable[Sequence[Card]], seat: int, talon: Iterable[Card] = (),
                  talon_wins: bool = False) -> int:
    """The fewest tricks ``seat`` can hold himself to against the two others of a 3-hand no-trump deal.

    Each of the ``talon`` cards (none, one or two, turned in this order) leads one of the first tricks for
    no seat, the others following suit; it wins its trick when ``talon_wins`` (the trick then counts for no
    seat), otherwise the highest card of the led suit played by a seat wins. Seat 0 leads the first trick
    after them. Hands of equal size; every card once.
    """
    _seat(seat, 3)
    masks = _hand_masks(hands, 3)
    if len({m.bit_count() for m in masks}) != 1:
        raise InvalidDeal("the hands must be of equal size")
    turned = tuple(talon)
    if len(turned) > 2:
        raise InvalidDeal("the talon holds at most two cards")
    talon_mask = _hand_masks([turned], 1)[0]
    if talon_mask.bit_count() != len(turned) or any(m & talon_mask for m in masks):
        raise InvalidDeal("a talon card is also held, or listed twice")
    return _solver_for(3).all_pass(masks, [c.index for c in turned], seat, bool(talon_wins))


# Threads ---------------------------------------------------------------------------------------------------

# More threads than this gain nothing on a table of a few long searches among many short ones (measured on
# tables of 18 searches, three of them most of the work).
MAX_THREADS = 4

# The solvers of helper threads that have ended, for the next ones: a new transposition table costs page
# faults on its first touches.
_SPARE_SOLVERS: list[dict[int, _Solver]] = []


def thread_count(threads: int | None = None) -> int:
    """The number of threads to run searches on: ``threads`` checked, or by default one per core, at most
    MAX_THREADS."""
    if threads is None:
        return max(1, min(MAX_THREADS, os.cpu_count() or 1))
    return _count("threads", threads)


def _count(name: str, value: object) -> int:
    """``value``, a count of workers, checked."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InputError(f"{name} must be a whole number >= 1, not {value!r}")
    return value


def run_tasks(tasks: Sequence[tuple[Any, ...]], threads: int | None = None) -> list[Any]:
    """``[func(*args) for func, *args in tasks]``, taken in turn by ``threads`` threads, the caller's among them.

    Each search releases the interpreter, so they run at once on as many cores; each thread searches with
    its own solver. The tasks are taken in list order (put the longest first). The helper threads end with
    the call (none is left to trouble a later fork); the first exception raised by a task is raised here.
    ``threads`` as ``thread_count``.
    """
    n_threads = thread_count(threads)
    results: list[Any] = [None] * len(tasks)
    queue = deque(enumerate(tasks))
    failures: list[BaseException] = []

    def work() -> None:
        try:
            while True:
                try:
                    i, (func, *args) = queue.popleft()
                except IndexError:
                    return
                results[i] = func(*args)
        except BaseException as exc:
            queue.clear()
            failures.append(exc)

    def helper() -> None:
        try:
            _LOCAL.solvers = _SPARE_SOLVERS.pop()
        except IndexError:
            pass
        work()
        _SPARE_SOLVERS.append(_LOCAL.__dict__.setdefault("solvers", {}))

    helpers = [threading.Thread(target=helper, name="trickcore-solver") for _ in range(n_threads - 1)]
    for thread in helpers:
        thread.start()
    work()
    for thread in helpers:
        thread.join()
    if failures:
        raise failures[0]
    return results


# Batches ---------------------------------------------------------------------------------------------------

# Tasks in flight per worker process: enough that none waits for work, few enough that the results finished
# after a slow task do not pile up in memory.
TASKS_PER_WORKER = 4
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3   # glibc's mallopt parameters
WORKER_HEAP = 64 << 20                        # the freed heap a worker keeps (bytes)


def _call_all(jobs: list[tuple[Callable[..., T], tuple[Any, ...]]]) -> list[T]:
    return [func(*args) for func, args in jobs]


def solve_batch(func: Callable[..., T], arg_tuples: Iterable[Iterable[Any]], jobs: int = 1,
                chunksize: int = 1) -> Iterator[T]:
    """``[func(*args) for args in arg_tuples]``, on ``jobs`` worker processes; a lazy iterator in input order.

    Results do not depend on ``jobs``: each deal is solved alone (the transposition tables only speed up).
    Workers take ``chunksize`` calls at a time. A worker process that dies (killed, e.g. by the out-of-memory
    killer) raises WorkerLost at the first result it owed, once every result before it has been given.
    """
    _count("jobs", jobs)
    if jobs == 1:
        for args in arg_tuples:
            yield func(*args)
        return
    work = ((func, tuple(args)) for args in arg_tuples)
    # Forked, as the workers before: they start at once and inherit the parent's imports and plug-ins. The
    # objects they inherit are frozen for the garbage collector, whose rounds would otherwise go through them in
    # every worker, and copy the pages they share, for nothing (and through them in this process, as busy).
    context = multiprocessing.get_context("fork")
    before = set(multiprocessing.active_children())
    frozen = gc.get_freeze_count() == 0
    if frozen:
        gc.freeze()
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker)
    pending: deque[Future[list[T]]] = deque()
    try:
        workers: list[BaseProcess] = []
        for tasks in _batches(work, chunksize):
            try:
                pending.append(pool.submit(_call_all, tasks))
            except BrokenProcessPool:   # lost between two results: the tasks in flight give those finished
                while pending:
                    yield from _results(pending.popleft(), pool, workers)
                raise _lost(pool, workers) from None
            workers = workers or [p for p in multiprocessing.active_children() if p not in before]
            if len(pending) >= TASKS_PER_WORKER * jobs:
                yield from _results(pending.popleft(), pool, workers)
        while pending:
            yield from _results(pending.popleft(), pool, workers)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        if frozen:
            gc.unfreeze()


def _start_worker() -> None:
    """A worker's start: with glibc, the heap it frees is kept for its next task (up to WORKER_HEAP) and blocks of
    up to 32 MB come from it. A task allocates and frees megabytes (a simulation's chunk of lines), which glibc
    would otherwise give back to the system and fault in again page by page: a fifth more processor time, in the
    kernel. Elsewhere nothing changes."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        libc.mallopt(M_MMAP_THRESHOLD, 32 << 20)
        libc.mallopt(M_TRIM_THRESHOLD, WORKER_HEAP)
    except (OSError, AttributeError):
        pass


def _batches(items: Iterator[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last may be shorter)."""
    while batch := list(itertools.islice(items, size)):
        yield batch


def _results(future: Future[list[T]], pool: ProcessPoolExecutor, workers: list[BaseProcess]) -> list[T]:
    """The results of one task; WorkerLost naming the dead worker when the pool lost one."""
    try:
        return future.result()
    except BrokenProcessPool:
        raise _lost(pool, workers) from None


def _lost(pool: ProcessPoolExecutor, workers: list[BaseProcess]) -> WorkerLost:
    """The error of a pool that lost a worker: which of ``workers`` died, and how (the pool ends the others with
    SIGTERM once one is lost)."""
    pool.shutdown(wait=True, cancel_futures=True)   # every worker ended: the dead one's exit status is known
    dead = [(p.pid, p.exitcode) for p in workers if p.exitcode is not None and p.exitcode != -signal.SIGTERM]
    if not dead:
        return WorkerLost("a worker process was terminated: the run stopped")
    said = []
    for pid, code in dead:
        names = {number.value: number.name for number in signal.Signals}
        how = f"exit status {code}" if code >= 0 else f"killed by {names.get(-code, f'signal {-code}')}"
        if code == -signal.SIGKILL:
            how += ", as the out-of-memory killer does when memory runs out"
        said.append(f"worker process {pid} died ({how})")
    return WorkerLost("; ".join(said) + ": the run stopped")
