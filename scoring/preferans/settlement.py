"""End-of-game settlement (rules/preferans.md §9): pool adjustment, mountain conversion by two methods, rounding, money;
the countdown forms' final mountain (§2.1 rule 6) and Gusarik's two-player settlement (§1.11).

Sections (§) and decisions are those of docs/rules/preferans-variants.md."""
import math
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import attrs

MOUNTAIN_POINT = 10  # whists one mountain point costs its owner, shared by all N players


@attrs.frozen
class Settlement:
    """The settlement of a sheet; every mapping is player -> exact Fraction except ``display`` and ``money``."""

    pool_adjustment: dict
    final_mountain: dict
    amnestied_mountain: dict
    average_mountain: Fraction
    mountain_term: dict
    whist_net: dict
    pairwise: dict  # p -> q -> Fraction
    result: dict
    display: dict
    money: dict


def responsible_penalty(state, settings, player):
    """Classic responsible games (rules/preferans.md §7.8): half of each of the player's last made games not covered by
    credits."""
    if not settings.responsible_games:
        return Fraction(0)
    games = state.made_games[player]
    excess = max(0, len(games) - state.credits[player])
    return sum((points / 2 for _, points in games[len(games) - excess:]), Fraction(0))


def pool_adjustment(state, settings, finished):
    """Mountain points each player gets before settlement: unfinished pools, Leningrad ×2, responsible games; in
    the countdown forms the pot and queued parts instead of the pool (§2.1 rule 6)."""
    adjustment = {}
    for player in state.players:
        if settings.pool_mode == "countdown":
            adj = state.pot[player] + sum((part[player] for part in state.queued), Fraction(0))
        elif settings.pool_settlement_factor != 1:
            adj = settings.pool_settlement_factor * (settings.pool_target - state.pool[player])
        else:
            adj = Fraction(0) if finished else settings.pool_target - state.pool[player]
        adjustment[player] = Fraction(adj + responsible_penalty(state, settings, player))
    return adjustment


def whist_net(players, whists):
    """``net[p] = Σ_q whists[p][q] − whists[q][p]``."""
    return {p: sum((whists[(p, q)] - whists[(q, p)] for q in players if q != p), Fraction(0)) for p in players}


def average_method(players, mountain, whists):
    """Results by the average mountain: ``10 × (avg − M[p]) + net[p]``; returns (avg, terms, results)."""
    avg = Fraction(sum(mountain.values()), len(players))
    terms = {p: MOUNTAIN_POINT * (avg - mountain[p]) for p in players}
    net = whist_net(players, whists)
    return avg, terms, {p: terms[p] + net[p] for p in players}


def pairwise_balances(players, mountain, whists):
    """``pair[p][q] = whists[p][q] − whists[q][p] + 10 × (M[q] − M[p]) / N``."""
    n = len(players)
    return {p: {q: whists[(p, q)] - whists[(q, p)] + Fraction(MOUNTAIN_POINT * (mountain[q] - mountain[p]), n)
                for q in players if q != p} for p in players}


def amnesty(mountain):
    """Subtract the smallest mountain from every mountain."""
    low = min(mountain.values())
    return {p: m - low for p, m in mountain.items()}


def amnesty_method(players, mountain, whists):
    """Results the paper way: amnesty first, then pairwise balances summed per player (equals the average)."""
    pairs = pairwise_balances(players, amnesty(mountain), whists)
    return {p: sum(pairs[p].values(), Fraction(0)) for p in players}


def round_nearest(players, exact):
    """Nearest integers with the zero-sum fix of rules/preferans.md §9.4 (ties in seat order)."""
    rounded = {p: math.floor(exact[p] + Fraction(1, 2)) for p in players}
    excess = sum(rounded.values())
    if excess > 0:
        order = sorted(players, key=lambda p: (-(rounded[p] - exact[p]), players.index(p)))
        for p in order[:excess]:
            rounded[p] -= 1
    elif excess < 0:
        order = sorted(players, key=lambda p: (rounded[p] - exact[p], players.index(p)))
        for p in order[:-excess]:
            rounded[p] += 1
    return rounded


def code_rounding(players, mountain, whists):
    """Code 4.2.12 (3 players): make amnestied mountains multiples of 3 with 3-whist compensations; results."""
    mountain = amnesty(mountain)
    whists = dict(whists)
    for owner in players:
        if mountain[owner].denominator != 1:
            return None
        remainder = int(mountain[owner]) % 3
        for other in players:
            if other == owner:
                continue
            if remainder == 1:
                whists[(other, owner)] += 3
            elif remainder == 2:
                whists[(owner, other)] += 3
        mountain[owner] += {0: 0, 1: -1, 2: 1}[remainder]
    return average_method(players, mountain, whists)[2]


def to_money(display, price):
    """``display × price`` in money, with at most 2 decimals (round half up), exact however large."""
    exact = Decimal(display) * price
    # Enough digits that rounding to cents is exact even for prices far past the default 28 digits.
    with localcontext(prec=max(28, exact.adjusted() + 4)):
        value = exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return int(value) if value == value.to_integral_value() else float(value)


def gusarik_final_mountain(state, settings, finished):
    """Gusarik's final mountains (§1.11 step 1): pools converted at the overflow factor."""
    factor = Fraction(1, 2) if settings.gusarik_mountain == "indivisible" else Fraction(1)
    final = {}
    for p in state.players:
        if settings.gusarik_settlement == "mountain_only":
            final[p] = state.mountain[p]
        elif settings.gusarik_stage == "razboinik":
            final[p] = state.mountain[p] - factor * state.pool[p]  # decision D11
        else:
            final[p] = state.mountain[p] + (0 if finished else factor * (settings.pool_target - state.pool[p]))
    return final


def _gusarik(state, settings, finished):
    """Two players (§1.11 step 2): ``10 × k × (M[q] − M[p])`` plus the whist balance (none when settling by the
    mountain only); k = ½ for the divisible mountain, 1 for the indivisible one."""
    players = state.players
    final = gusarik_final_mountain(state, settings, finished)
    k = Fraction(1) if settings.gusarik_mountain == "indivisible" else Fraction(1, 2)
    whists = state.whists if settings.gusarik_settlement == "full" else {key: Fraction(0) for key in state.whists}
    terms = {p: MOUNTAIN_POINT * k * sum((final[q] - final[p] for q in players if q != p), Fraction(0))
             for p in players}
    net = whist_net(players, whists)
    result = {p: terms[p] + net[p] for p in players}
    adjustment = {p: final[p] - state.mountain[p] for p in players}
    pairwise = {p: {q: result[p] for q in players if q != p} for p in players}
    return adjustment, final, Fraction(sum(final.values()), 2), terms, net, pairwise, result


def settle(state, settings, finished):
    """The settlement of the sheet ``state`` (rules/preferans.md §9.2-§9.4; Gusarik §1.11)."""
    players = state.players
    if settings.gusarik_stage is not None:
        adjustment, final, avg, terms, net, pairwise, result = _gusarik(state, settings, finished)
    else:
        adjustment = pool_adjustment(state, settings, finished)
        base = state.count if settings.pool_mode == "countdown" else state.mountain
        final = {p: base[p] + adjustment[p] for p in players}
        avg, terms, result = average_method(players, final, state.whists)
        net, pairwise = whist_net(players, state.whists), pairwise_balances(players, final, state.whists)
    if settings.rounding == "exact":
        display = {p: int(v) if v.denominator == 1 else float(v) for p, v in result.items()}
    else:
        basis = code_rounding(players, final, state.whists) if settings.rounding == "code" else None
        display = round_nearest(players, basis if basis is not None else result)
    money = {p: to_money(display[p], settings.whist_price) for p in players}
    return Settlement(adjustment, final, amnesty(final), avg, terms, net, pairwise, result, display, money)
