"""Preferans double-dummy analysis: each declarer's tricks per strain after his best discard of the talon,
his misère, and all-pass (rules/preferans.md §6.3), with the searches of one deal on threads and deals on worker
processes; Gusarik's (rules/preferans-variants.md §1): the declarer against the opponent and the dummy, and
all-pass by the two players under the duck rule."""
import attrs

from trickcore.cards import Suit
from trickcore.dealing import Deal
from trickcore.duck import duck_fewest_tricks
from trickcore.errors import InputError, InvalidDeal
from trickcore.games.analysis import Analysis
from trickcore.games.preferans.variants import GUSARIK, variant_name
from trickcore.games.preferans.vocab import HANDS
from trickcore.rules import TrickRules
from trickcore.solver import best_discard, fewest_tricks, run_tasks, solve_batch, thread_count

PREFERANS_STRAINS = ("S", "C", "D", "H", "NT")
TALON_MODES = ("suit_only", "dealer_owns", "none")


def _check_deal(deal):
    if not isinstance(deal, Deal):
        raise InputError(f"expected a Deal, got {type(deal).__name__}")
    if deal.n_seats != 3:
        raise InvalidDeal(f"3 hands expected, the deal has {deal.n_seats}")
    if len(deal.talon) != 2:
        raise InvalidDeal("a preferans deal has a talon of two cards")
    return deal


def _seat(value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 3:
        raise InputError(f"seat must be a seat index from 0 to 2, not {value!r}")
    return value


def _with_talon(deal, declarer):
    """The hands with the talon taken up by ``declarer``."""
    return [tuple(h) + tuple(deal.talon) if seat == declarer else h for seat, h in enumerate(deal.hands)]


def preferans_contract(deal, declarer, strain, leader=0):
    """Tricks the declarer takes in ``strain`` ("S", "C", "D", "H", "NT") after the best discard of the talon.

    hand1 (seat ``leader``, 0 by default) leads; the defenders are the two other seats; must trump.
    """
    _check_deal(deal)
    _seat(declarer)
    _seat(leader)
    if strain not in PREFERANS_STRAINS:
        raise InputError(f"strain must be one of {' '.join(PREFERANS_STRAINS)}, not {strain!r}")
    rules = TrickRules(3, None if strain == "NT" else Suit[strain], True, True)
    return best_discard(rules, _with_talon(deal, declarer), declarer, leader)


def preferans_misere(deal, declarer, leader=0):
    """The fewest tricks the misère declarer can take after his best discard (no trump, hand1 leads)."""
    _check_deal(deal)
    _seat(declarer)
    _seat(leader)
    return best_discard(TrickRules(3, None, True, True), _with_talon(deal, declarer), declarer, leader, "misere")


def all_pass(deal, talon_mode="suit_only", talon_order=None):
    """All-pass (raspasy): for each seat, the fewest tricks it can guarantee against the two others.

    ``talon_mode`` as rules/preferans.md §6.3: "suit_only" (the talon cards lead tricks 1 and 2 and never win),
    "dealer_owns" (they may win: the 4-player dealer's trick, counted for no seat here), "none". The talon
    cards are turned in ``talon_order`` (default: high to low, as the deal string writes them). hand1 leads
    trick 3 (trick 1 with "none"); then the winner of each trick leads.
    """
    seat_result = _all_pass_seats(deal, talon_mode, talon_order)
    return tuple(seat_result(seat) for seat in range(3))


def _all_pass_seats(deal, talon_mode, talon_order=None):
    """Check an all-pass input; the function giving one seat's all-pass result."""
    _check_deal(deal)
    if talon_mode not in TALON_MODES:
        raise InputError(f"talon mode must be one of {', '.join(TALON_MODES)}, not {talon_mode!r}",
                         field="talon_mode")
    order = sorted(deal.talon, reverse=True) if talon_order is None else list(talon_order)
    if sorted(order) != sorted(deal.talon):
        raise InvalidDeal("the talon order must list the deal's two talon cards")
    talon = () if talon_mode == "none" else tuple(order)
    return lambda seat: fewest_tricks(deal.hands, seat, talon, talon_mode == "dealer_owns")


@attrs.frozen
class PreferansResult:
    """One preferans deal solved: per declarer the tricks per strain and the misère result; all-pass."""

    deal: str
    contracts: dict
    all_pass: tuple
    dummy: int | None = None

    def to_dict(self):
        """The JSON object of ``tricks solve --game preferans``: contracts by declarer, all-pass by seat (and
        in Gusarik the dummy's hand, which all-pass leaves out)."""
        found = {"deal": self.deal, "contracts": {HANDS[d]: row for d, row in self.contracts.items()},
                 "all_pass": {HANDS[s]: v for s, v in enumerate(self.all_pass) if s != self.dummy}}
        if self.dummy is not None:
            found["dummy"] = HANDS[self.dummy]
        return found

    def text(self):
        """Each declarer's contracts and misère, then the all-pass result, as text."""
        lines = [self.deal]
        for declarer, row in self.contracts.items():
            lines += [f"declarer {HANDS[declarer]}, tricks after the best discard:",
                      "  " + "  ".join(f"{s} {row[s]}" for s in PREFERANS_STRAINS),
                      f"  misere: {row['misere']} trick(s) at best"]
        if self.dummy is not None:
            lines.insert(1, f"Gusarik: {HANDS[self.dummy]} is the dummy, played by the declarer's opponent")
        lines.append(("all-pass, fewest tricks each seat can guarantee: " if self.dummy is None else
                      "all-pass under the duck rule (the dummy out), fewest tricks each player can guarantee: ")
                     + "  ".join(f"{HANDS[k]} {v}" for k, v in enumerate(self.all_pass) if k != self.dummy))
        return "\n".join(lines) + "\n"


def solve_preferans(deal, declarers=(0, 1, 2), talon_mode="suit_only", leader=0, threads=None):
    """The preferans table: for each declarer, tricks per strain after the best discard, and misère; all-pass.

    The searches run on ``threads`` threads (default: one per core, at most MAX_THREADS); the results do
    not depend on it.
    """
    _check_deal(deal)
    all_pass_seat = _all_pass_seats(deal, talon_mode)
    threads = thread_count(threads)
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
    results = iter(run_tasks(tasks, threads))
    passed = [None, None, None]
    misere = {}
    for d in declarers:
        misere[d], passed[d] = next(results)
    for seat in range(3):
        if passed[seat] is None:
            passed[seat] = next(results)
    contracts = {d: {**{st: next(results) for st in PREFERANS_STRAINS}, "misere": misere[d]} for d in declarers}
    return PreferansResult(deal.to_string(), contracts, tuple(passed))


def solve_preferans_batch(deals, talon_mode="suit_only", jobs=1):
    """solve_preferans (every declarer) for every deal, on ``jobs`` processes (one thread each; a single
    process uses a thread per core); a lazy iterator in order."""
    threads = None if jobs == 1 else 1
    return solve_batch(solve_preferans, ((d, (0, 1, 2), talon_mode, 0, threads) for d in deals), jobs)


def solve_gusarik(deal, declarer, dummy):
    """Gusarik's table for ``declarer`` (rules/preferans-variants.md §1): his tricks per strain after the best discard
    and his misère against the opponent, who plays his own hand and the dummy's (hand ``dummy``) — with every
    card seen, one player controlling two hands is the two defenders of the 3-hand search — and all-pass by the
    two players under the duck rule, the dummy out and no talon (rules/preferans-variants.md D9), the non-dealer leading
    (hand3 deals).
    """
    _check_deal(deal)
    _seat(declarer)
    _seat(dummy)
    if declarer == dummy:
        raise InputError(f"{HANDS[dummy]} is the dummy, who never declares", field="declarer")
    row = {st: preferans_contract(deal, declarer, st) for st in PREFERANS_STRAINS}
    row["misere"] = preferans_misere(deal, declarer)
    live = [s for s in range(3) if s != dummy]
    hands = tuple(deal.hands[s] for s in live)
    leader = live.index(next(s for s in live if s != 2))
    passed = [None, None, None]
    for k, seat in enumerate(live):
        passed[seat] = duck_fewest_tricks(hands, k, leader)
    return PreferansResult(deal.to_string(), {declarer: row}, tuple(passed), dummy)


@attrs.frozen
class PreferansAnalysis(Analysis):
    """The preferans analysis service (``PREFERANS.analysis``): the declarer's tricks per strain after his best
    discard, his misère, and all-pass (a PreferansResult); options ``declarer`` (required), ``talon_mode``,
    ``variant``, ``dealer``."""

    def analyse(self, deal, **opts):
        """The analysis of ``tricks solve --game preferans``: ``declarer``'s row of the table and all-pass; with
        ``variant`` gusarik, Gusarik's, ``dealer`` (A, the default, or B) placing the dummy at hand2 or hand1."""
        opts = self.settings(opts)
        declarer, talon_mode, dealer = opts.get("declarer"), opts.get("talon_mode"), opts.get("dealer")
        gusarik = opts.get("variant") is not None and variant_name(opts["variant"]) == GUSARIK
        if dealer is not None and not gusarik:
            raise InputError("the preferans analysis takes no option 'dealer' except in Gusarik (--variant "
                             "gusarik), where it places the dummy", field="dealer")
        if declarer is None:
            raise InputError("the preferans analysis needs a declarer (hand1, hand2 or hand3)", field="declarer")
        if not gusarik:
            return solve_preferans(deal, (self.game.seat_index(declarer),),
                                   "suit_only" if talon_mode is None else talon_mode)
        if talon_mode is not None:
            raise InputError("Gusarik's all-pass uses no talon: --talon-mode does not apply", field="talon_mode")
        who = str(dealer or "A").strip().upper()
        if who not in ("A", "B"):
            raise InputError(f"the Gusarik dealer is A or B, not {dealer!r}", field="dealer")
        return solve_gusarik(deal, self.game.seat_index(declarer), 1 if who == "A" else 0)
