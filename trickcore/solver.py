"""Double-dummy analysis, validated: any position's trick count, bridge tables and par, preferans contracts,
misère and all-pass, and batches of deals on worker processes.

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
  to make him take tricks. The result is the fewest tricks ``seat`` can hold himself to against them all.
  For preferans misère ``seat`` is the declarer; for all-pass (raspasy) it is computed for each seat in
  turn (``all_pass``), each time against the two others together, which is the guarantee a seat has
  whatever the others do.
"""
import multiprocessing
import os
import threading
from collections import deque

import attrs

from trickcore import _kernel, _solver

try:
    from trickcore import _solver_fast
except ImportError:             # built where the instructions do not apply (not x86-64)
    _solver_fast = None
if _solver_fast is not None and _kernel.cpu_has_fast_bits():
    _solver = _solver_fast
from trickcore.cards import Card, Suit, hand_mask, mask_cards
from trickcore.deal import Deal
from trickcore.errors import InputError, InvalidDeal
from trickcore.play import PlayState
from trickcore.rules import TrickRules

OBJECTIVES = ("tricks", "misere", "all_pass")
BRIDGE_SEATS = "NESW"
BRIDGE_STRAINS = ("C", "D", "H", "S", "NT")
PREFERANS_STRAINS = ("S", "C", "D", "H", "NT")
TALON_MODES = ("suit_only", "dealer_owns", "none")

_LOCAL = threading.local()


def _solver_for(n_seats):
    """One solver per thread and seat count: its transposition table is reused (generations keep it valid)."""
    solvers = _LOCAL.__dict__.setdefault("solvers", {})
    if n_seats not in solvers:
        solvers[n_seats] = _solver.Solver(20 if n_seats == 4 else 17)
    return solvers[n_seats]


@attrs.frozen
class Position:
    """A position to solve: play rules, the cards each seat holds, the trick in progress, the objective.

    ``leader`` led (or leads) the current trick, ``trick`` holds its cards so far. ``seat`` is the seat whose
    result is reported (default: the seat to play). ``declarer`` names the lone side of a 3-seat "tricks"
    objective. Hands may be short (an ending); the seats that played to ``trick`` hold one card fewer.
    """

    rules: TrickRules
    hands: tuple = attrs.field(converter=lambda hs: tuple(tuple(h) for h in hs))
    leader: int = 0
    trick: tuple = attrs.field(default=(), converter=tuple)
    objective: str = "tricks"
    seat: int | None = None
    declarer: int | None = None

    def __attrs_post_init__(self):
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
    def turn(self):
        """The seat to play."""
        return (self.leader + len(self.trick)) % self.rules.n_seats

    @property
    def reported_seat(self):
        """The seat whose result is reported: ``seat``, or the seat to play."""
        return self.turn if self.seat is None else self.seat

    def masks(self):
        """(counted, maxim): bit masks of the seats whose tricks count and of the seats maximising them."""
        n = self.rules.n_seats
        s = self.reported_seat
        every = (1 << n) - 1
        if self.objective == "tricks":
            if n == 4:
                side = (1 << s) | (1 << ((s + 2) % 4))
            else:
                side = 1 << self.declarer if s == self.declarer else every & ~(1 << self.declarer)
            return side, side
        return 1 << s, every & ~(1 << s)

    def kernel_args(self):
        """The arguments of the kernel solver: rules tuple, hand masks, leader, trick indices, masks."""
        counted, maxim = self.masks()
        return (self.rules.kernel_tuple(), [hand_mask(h) for h in self.hands], self.leader,
                [c.index for c in self.trick], counted, maxim)


def _check_position(position):
    if not isinstance(position, Position):
        raise InputError(f"expected a Position, got {type(position).__name__}")
    return position


def solve(position):
    """The trick count of ``position`` for its reported seat (see the module docstring for each objective)."""
    _check_position(position)
    return _solver_for(position.rules.n_seats).solve(*position.kernel_args())


def solve_cards(position):
    """{card: trick count if the seat to play plays it now} for every legal card, equivalent cards included."""
    _check_position(position)
    out = _solver_for(position.rules.n_seats).solve_cards(*position.kernel_args())
    return {Card.from_index(i): out[i] for i in sorted(out, reverse=True)}


# Bridge ----------------------------------------------------------------------------------------------------

def _check_deal(deal, n_seats, hand_size=None):
    if not isinstance(deal, Deal):
        raise InputError(f"expected a Deal, got {type(deal).__name__}")
    if deal.n_seats != n_seats:
        raise InvalidDeal(f"{n_seats} hands expected, the deal has {deal.n_seats}")
    if hand_size is not None and deal.hand_size != hand_size:
        raise InvalidDeal(f"hands of {hand_size} cards expected, not {deal.hand_size}")
    return deal


def dd_table(deal):
    """The bridge double-dummy table: {declarer "N".."W": {strain "C".."NT": tricks the declarer takes}}.

    Any 4-hand deal with hands of equal size is accepted (tricks are out of the hand size); the opening
    lead is the declarer's left-hand opponent's.
    """
    _check_deal(deal, 4)
    rows = _solver_for(4).dd_table(deal.masks())          # rows: trump S, H, D, C, NT
    by_strain = dict(zip(("S", "H", "D", "C", "NT"), rows))
    return {BRIDGE_SEATS[d]: {st: by_strain[st][d] for st in BRIDGE_STRAINS} for d in range(4)}


@attrs.frozen
class Par:
    """The par result of a bridge deal: the score from North-South's side and the par contracts."""

    score: int
    contracts: tuple

    def to_dict(self):
        """JSON-ready form: {"score": ..., "contracts": ["4HN", ...]}."""
        return {"score": self.score, "contracts": list(self.contracts)}


def par(table, vulnerability="None", dealer="N"):
    """Par of a double-dummy table (bridge.md §5.7): the bidding game's value by backward induction.

    A side's result in a contract is its better declarer's; a defeated contract is scored doubled. The
    contracts are every (contract, declarer) scoring the par value that the opponents cannot improve on by
    bidding on, taking the lowest level of each strain, in ladder order, declarers N, E, S, W.
    """
    from trickcore.games.bridge.vocab import Contract, Seat, Strain, Vulnerability
    from trickcore.scoring.bridge.contract import duplicate_score

    vul = vulnerability if isinstance(vulnerability, Vulnerability) else Vulnerability.parse(vulnerability)
    dealer_side = (dealer if isinstance(dealer, Seat) else Seat.parse(dealer)) % 2
    ladder = [(level, strain) for level in range(1, 8) for strain in BRIDGE_STRAINS]

    def seat_score(i, seat):
        """N-S score of contract i by ``seat`` with its own double-dummy tricks."""
        level, strain = ladder[i]
        tricks = table[BRIDGE_SEATS[seat]][strain]
        doubled = 0 if tricks >= level + 6 else 1
        score = duplicate_score(Contract(level, Strain[strain], doubled), vul.is_vulnerable(seat % 2), tricks)
        return score if seat % 2 == 0 else -score

    def better(side, a, b):
        """The better of two N-S scores for ``side`` (0 = N-S maximises, 1 = E-W minimises)."""
        return max(a, b) if side == 0 else min(a, b)

    n = len(ladder)
    value = {}          # (i, side): N-S score of the contract stood with the best play after, side declaring
    for i in range(n - 1, -1, -1):
        for side in (0, 1):
            other = 1 - side
            stand = better(side, seat_score(i, side), seat_score(i, side + 2))
            above = None
            for j in range(i + 1, n):
                above = value[(j, other)] if above is None else better(other, above, value[(j, other)])
            value[(i, side)] = stand if above is None else better(other, stand, above)
    first, second = dealer_side, 1 - dealer_side
    second_best = 0
    for i in range(n):
        second_best = better(second, second_best, value[(i, second)])
    best = second_best
    for i in range(n):
        best = better(first, best, value[(i, first)])
    contracts = []
    lowest = set()      # (strain, side) already holding a par contract: higher levels are not listed
    for i in range(n if best != 0 else 0):
        level, strain = ladder[i]
        for side in (0, 1):
            stand = better(side, seat_score(i, side), seat_score(i, side + 2))
            if stand != best or value[(i, side)] != stand or (strain, side) in lowest:
                continue
            lowest.add((strain, side))
            for seat in (side, side + 2):
                if seat_score(i, seat) == best:
                    tricks = table[BRIDGE_SEATS[seat]][strain]
                    contracts.append((i, seat, f"{level}{strain}{'X' if tricks < level + 6 else ''}{BRIDGE_SEATS[seat]}"))
    contracts = [text for _, _, text in sorted(contracts)]
    return Par(best, tuple(contracts))


@attrs.frozen
class BridgeResult:
    """One bridge deal solved: its PBN string, the double-dummy table and the par."""

    deal: str
    tricks: dict
    par: Par

    def to_dict(self):
        """The JSON object of ``tricks solve --game bridge``."""
        return {"deal": self.deal, "tricks": self.tricks, "par": self.par.to_dict()}


def solve_bridge(deal, vulnerability="None", dealer="N"):
    """The double-dummy table and par of a 13-card bridge deal."""
    _check_deal(deal, 4, 13)
    table = dd_table(deal)
    return BridgeResult(deal.to_pbn(), table, par(table, vulnerability, dealer))


# Preferans -------------------------------------------------------------------------------------------------

def _check_preferans(deal):
    _check_deal(deal, 3)
    if len(deal.talon) != 2:
        raise InvalidDeal("a preferans deal has a talon of two cards")
    return deal


def _seat(value, n=3):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InputError(f"seat must be a seat index from 0 to {n - 1}, not {value!r}")
    return value


def preferans_contract(deal, declarer, strain, leader=0):
    """Tricks the declarer takes in ``strain`` ("S", "C", "D", "H", "NT") after the best discard of the talon.

    hand1 (seat ``leader``, 0 by default) leads; the defenders are the two other seats; must trump.
    """
    _check_preferans(deal)
    _seat(declarer)
    _seat(leader)
    if strain not in PREFERANS_STRAINS:
        raise InputError(f"strain must be one of {' '.join(PREFERANS_STRAINS)}, not {strain!r}")
    rules = TrickRules(3, None if strain == "NT" else Suit[strain], True, True)
    return _discard_search(deal, declarer, leader, rules, False)


def preferans_misere(deal, declarer, leader=0):
    """The fewest tricks the misère declarer can take after his best discard (no trump, hand1 leads)."""
    _check_preferans(deal)
    _seat(declarer)
    _seat(leader)
    return _discard_search(deal, declarer, leader, TrickRules(3, None, True, True), True)


def _discard_search(deal, declarer, leader, rules, misere):
    masks = deal.masks()
    masks[declarer] |= hand_mask(deal.talon)
    return _solver_for(3).best_discard(rules.kernel_tuple(), masks, declarer, leader, misere)


def all_pass(deal, talon_mode="suit_only", talon_order=None):
    """All-pass (raspasy): for each seat, the fewest tricks it can guarantee against the two others.

    ``talon_mode`` as preferans.md §6.3: "suit_only" (the talon cards lead tricks 1 and 2 and never win),
    "dealer_owns" (they may win: the 4-player dealer's trick, counted for no seat here), "none". The talon
    cards are turned in ``talon_order`` (default: high to low, as the deal string writes them). hand1 leads
    trick 3 (trick 1 with "none"); then the winner of each trick leads.
    """
    seat_result = _all_pass_seats(deal, talon_mode, talon_order)
    return tuple(seat_result(seat) for seat in range(3))


def _all_pass_seats(deal, talon_mode, talon_order=None):
    """Check an all-pass input; the function giving one seat's all-pass result."""
    _check_preferans(deal)
    if talon_mode not in TALON_MODES:
        raise InputError(f"talon mode must be one of {', '.join(TALON_MODES)}, not {talon_mode!r}")
    order = sorted(deal.talon, reverse=True) if talon_order is None else list(talon_order)
    if sorted(order) != sorted(deal.talon):
        raise InvalidDeal("the talon order must list the deal's two talon cards")
    talon = [] if talon_mode == "none" else [c.index for c in order]
    masks = deal.masks()
    return lambda seat: _solver_for(3).all_pass(masks, talon, seat, talon_mode == "dealer_owns")


@attrs.frozen
class PreferansResult:
    """One preferans deal solved: per declarer the tricks per strain and the misère result; all-pass."""

    deal: str
    contracts: dict
    all_pass: tuple

    def to_dict(self):
        """JSON-ready form."""
        return {"deal": self.deal, "contracts": self.contracts, "all_pass": list(self.all_pass)}


def solve_preferans(deal, declarers=(0, 1, 2), talon_mode="suit_only", leader=0, threads=None):
    """The preferans table: for each declarer, tricks per strain after the best discard, and misère; all-pass.

    The searches run on ``threads`` threads (default: one per core, at most MAX_THREADS); the results do
    not depend on it.
    """
    _check_preferans(deal)
    all_pass_seat = _all_pass_seats(deal, talon_mode)
    threads = _thread_count(threads)
    for d in declarers:
        _seat(d)
    _seat(leader)

    def misere_and_all_pass(d):
        # The all-pass right after the misère: the same objective for the same seat, so the solver keeps
        # its stored bounds (all-pass over deals 2024/0-29: 1.19M nodes alone, 0.98M after the misère).
        return preferans_misere(deal, d, leader), all_pass_seat(d)

    # The misère searches first: the longest, they would otherwise leave one thread working alone at the end.
    tasks = [(misere_and_all_pass, d) for d in declarers]
    tasks += [(all_pass_seat, seat) for seat in range(3) if seat not in declarers]
    tasks += [(preferans_contract, deal, d, st, leader) for d in declarers for st in PREFERANS_STRAINS]
    results = iter(_run_tasks(tasks, threads))
    passed = [None, None, None]
    misere = {}
    for d in declarers:
        misere[d], passed[d] = next(results)
    for seat in range(3):
        if passed[seat] is None:
            passed[seat] = next(results)
    contracts = {d: {**{st: next(results) for st in PREFERANS_STRAINS}, "misere": misere[d]} for d in declarers}
    return PreferansResult(deal.to_string(), contracts, tuple(passed))


# Threads ---------------------------------------------------------------------------------------------------

# More threads than this gain nothing on a preferans table (18 searches, three of them most of the work).
MAX_THREADS = 4

# The solvers of helper threads that have ended, for the next ones: a new transposition table costs page
# faults on its first touches.
_SPARE_SOLVERS = []


def _thread_count(threads):
    if threads is None:
        return max(1, min(MAX_THREADS, os.cpu_count() or 1))
    return _count("threads", threads)


def _count(name, value):
    """``value``, a count of workers, checked."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InputError(f"{name} must be a whole number >= 1, not {value!r}")
    return value


def _run_tasks(tasks, threads):
    """[func(*args) for func, *args in tasks], taken in turn by ``threads`` threads, the caller's among them:
    each search releases the interpreter, so they run at once on as many cores. The helper threads end
    with the call (none is left to trouble a later fork)."""
    results = [None] * len(tasks)
    queue = deque(enumerate(tasks))
    failures = []

    def work():
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

    def helper():
        try:
            _LOCAL.solvers = _SPARE_SOLVERS.pop()
        except IndexError:
            pass
        work()
        _SPARE_SOLVERS.append(_LOCAL.__dict__.setdefault("solvers", {}))

    helpers = [threading.Thread(target=helper, name="trickcore-solver") for _ in range(threads - 1)]
    for thread in helpers:
        thread.start()
    work()
    for thread in helpers:
        thread.join()
    if failures:
        raise failures[0]
    return results


# Batches ---------------------------------------------------------------------------------------------------

def _call(job):
    func, args = job
    return func(*args)


def solve_batch(func, arg_tuples, jobs=1, chunksize=1):
    """[func(*args) for args in arg_tuples], on ``jobs`` worker processes; a lazy iterator in input order.

    Results do not depend on ``jobs``: each deal is solved alone (the transposition tables only speed up).
    """
    _count("jobs", jobs)
    work = ((func, tuple(args)) for args in arg_tuples)
    if jobs == 1:
        for job in work:
            yield _call(job)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_call, work, chunksize)


def solve_bridge_batch(deals, vulnerability="None", dealer="N", jobs=1):
    """solve_bridge for every deal, on ``jobs`` processes; a lazy iterator in input order."""
    return solve_batch(solve_bridge, ((d, vulnerability, dealer) for d in deals), jobs)


def solve_preferans_batch(deals, talon_mode="suit_only", jobs=1):
    """solve_preferans (every declarer) for every deal, on ``jobs`` processes (one thread each; a single
    process uses a thread per core); a lazy iterator in order."""
    threads = None if jobs == 1 else 1
    return solve_batch(solve_preferans, ((d, (0, 1, 2), talon_mode, 0, threads) for d in deals), jobs)
