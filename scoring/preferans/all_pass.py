"""Scoring of an all-pass (raspasy) deal (rules/preferans.md §7.7): mountain per trick with progression, or Rostov
whists; every value × the decimal count's ``price_scale`` (rules/preferans-variants.md §2.2)."""
from fractions import Fraction

from trickcore.scoring.preferans.protocol import record_error
from trickcore.scoring.preferans.values import price_scale


def all_pass_tricks(deal):
    """Tricks after the all-pass penalties: a revoke adds its tricks to the offender, a peek one trick."""
    tricks = dict(deal.tricks)
    for penalty in deal.penalties:
        if penalty.kind in ("revoke", "peek"):
            if penalty.player not in tricks:
                raise record_error(f"{penalty.player!r} did not play this deal", deal.index, "penalties")
            tricks[penalty.player] += penalty.tricks if penalty.kind == "revoke" else 1
        elif penalty.kind in ("wrong_card_count", "undiscarded_talon"):
            raise record_error(f"{penalty.kind} does not apply to an all-pass", deal.index, "penalties")
    return tricks


def score_all_pass(writer, deal, table, k):
    """Write an all-pass deal with series index ``k``; return its label."""
    settings = table.settings
    tricks = all_pass_tricks(deal)
    if settings.all_pass_scoring == "rostov_whists":
        _rostov(writer, deal, table, tricks)
        return "all-pass x1"
    progression = settings.all_pass_progression
    multiplier = progression[min(k, len(progression) - 1)] * (2 if deal.dark else 1)
    scale = price_scale(settings)
    lowest = min(tricks[p] for p in table.live(deal.dealer))
    price = (settings.all_pass_trick_price or 0) * scale
    for player, taken in tricks.items():
        counted = max(0, taken - lowest) if settings.all_pass_amnesty else taken
        writer.add_mountain(player, price * multiplier * counted, f"all-pass {taken} trick(s)")
    reward = (multiplier if settings.all_pass_zero_reward_scaled else 1) * scale
    for player, taken in tricks.items():  # seat order from hand1, then the 4-player dealer
        if taken or (player == deal.dealer and table.four and not settings.all_pass_dealer_zero_reward):
            continue
        if settings.all_pass_zero_reward == "pool":
            writer.pool_entry(player, reward, "all-pass zero tricks")
        elif settings.all_pass_zero_reward == "mountain_writeoff":
            writer.mountain_writeoff(player, reward, "all-pass zero tricks")
    return f"all-pass x{multiplier}"


def _rostov(writer, deal, table, tricks):
    """Rostov: the lowest takers write whists on the others; prize points never close a pool."""
    settings = table.settings
    scale = price_scale(settings)
    lowest = min(tricks.values())
    winners = [p for p, taken in tricks.items() if taken == lowest]
    for loser, taken in tricks.items():
        if taken == lowest:
            continue
        basis = taken - lowest if settings.rostov_all_pass_basis == "difference" else taken
        for winner in winners:
            writer.add_whists(winner, loser, Fraction(settings.rostov_all_pass_rate * scale * basis, len(winners)),
                              "all-pass whists")
    prized = [w for w in winners if lowest == 0]
    if table.four and settings.rostov_dealer_bonus:
        prized.append(deal.dealer)
    for player in prized:
        if writer.pool[player] + scale >= settings.pool_target:
            writer.add_mountain(player, -scale, "all-pass prize")
        else:
            writer.add_pool(player, scale, "all-pass prize")
