"""The running score sheet (pool, mountain, whists and bookkeeping; or, in the countdown forms of
§2.1, the count and the pot) and the entries one deal writes on it.

Sections (§) and decisions are those of docs/rules/preferans-variants.md."""
from fractions import Fraction

import attrs

from trickcore.scoring.preferans.values import HELP_RATE

ZERO = Fraction(0)


@attrs.frozen
class Entry:
    """One written number: ``column`` pool/mountain/whists (count/pot in the countdown forms), the ``player`` who
    writes it (for whists: on ``on``), the exact ``amount`` and the ``reason`` (for audits)."""

    column: str
    player: str
    amount: Fraction
    reason: str
    on: str | None = None


@attrs.frozen
class SheetState:
    """The sheet between deals: cumulative columns plus the bookkeeping later deals depend on."""

    players: tuple
    pool: dict
    mountain: dict
    whists: dict  # (writer, on) -> amount
    bombs: dict  # player -> tuple of multipliers, oldest first
    series: int = 0  # all-pass deals in the current series
    series_dealer: str | None = None
    credits: dict = attrs.field(factory=dict)  # Classic responsible games: all-pass credits
    made_games: dict = attrs.field(factory=dict)  # player -> tuple of (deal index, pool entry P×μ)
    finished: bool = False
    count: dict = attrs.field(factory=dict)  # countdown forms (§2.1): the pulka still to write off
    pot: dict = attrs.field(factory=dict)  # kotel: remises waiting to be played out
    queued: tuple = ()  # kotel: the parts of split pots still to be added to the counts, next first
    stage: int = 1  # kotel: 1 = the agreed figure, +1 per transfer
    played: dict = attrs.field(factory=dict)  # Gusarik razboinik: player -> games played (§1.4)
    closing: int = 0  # Gusarik razboinik: closing all-pass deals played

    @classmethod
    def initial(cls, players, start=None, target=0):
        """The sheet before the first deal, from a protocol's validated ``start`` part (counts start at the
        pool ``target``, the agreed pulka)."""
        start = start or {}
        return cls(
            players=tuple(players),
            pool={p: Fraction(start.get("pool", {}).get(p, 0)) for p in players},
            mountain={p: Fraction(start.get("mountain", {}).get(p, 0)) for p in players},
            whists={(a, b): Fraction(start.get("whists", {}).get((a, b), 0))
                    for a in players for b in players if a != b},
            bombs={p: tuple(start.get("bombs", {}).get(p, ())) for p in players},
            series=start.get("all_pass_series", 0),
            series_dealer=start.get("all_pass_series_dealer"),
            credits={p: int(start.get("all_pass_credits", {}).get(p, 0)) for p in players},
            made_games={p: () for p in players},
            count={p: Fraction(start.get("count", {}).get(p, target)) for p in players},
            pot={p: Fraction(start.get("pot", {}).get(p, 0)) for p in players},
            played={p: tuple(start.get("razboinik_played", {}).get(p, ())) for p in players},
        )

    def apply(self, entries, **bookkeeping):
        """A new state with ``entries`` added and bookkeeping fields replaced."""
        columns = {name: dict(getattr(self, name)) for name in ("pool", "mountain", "whists", "count", "pot")}
        for entry in entries:
            key = (entry.player, entry.on) if entry.column == "whists" else entry.player
            columns[entry.column][key] += entry.amount
        return attrs.evolve(self, **columns, **bookkeeping)


class Writer:
    """Collects the entries of one deal while keeping a live view of pools and mountains (for help)."""

    def __init__(self, state, settings):
        self.state = state
        self.settings = settings
        self.entries = []
        self.pool = dict(state.pool)
        self.mountain = dict(state.mountain)
        self.count = dict(state.count)
        self.countdown = settings.pool_mode == "countdown"
        self.razboinik = settings.gusarik_stage == "razboinik"

    def add_mountain(self, player, amount, reason):
        """Write ``amount`` on ``player``'s mountain (negative = write-off); in the countdown forms a remise goes
        to the count or the pot (§2.1 rule 3)."""
        if not amount:
            return
        if self.countdown and self.settings.countdown_remises == "pot":
            self.entries.append(Entry("pot", player, Fraction(amount), reason))
        elif self.countdown:
            self._add_count(player, amount, reason)
        else:
            self.mountain[player] += amount
            self.entries.append(Entry("mountain", player, Fraction(amount), reason))

    def _add_count(self, player, amount, reason):
        if amount:
            self.count[player] += amount
            self.entries.append(Entry("count", player, Fraction(amount), reason))

    def mountain_writeoff(self, player, points, reason):
        """Classic's all-pass zero-trick reward: ``points`` off the mountain (or the count), never below zero."""
        column = self.count if self.countdown else self.mountain
        amount = -min(Fraction(points), max(Fraction(0), column[player]))
        if self.countdown:
            self._add_count(player, amount, reason)
        else:
            self.add_mountain(player, amount, reason)

    def closed(self, player):
        """Whether ``player``'s pool had reached the target before this deal (his pulka written off, in the
        countdown forms; never in Gusarik's razboinik stage, which has no target)."""
        if self.countdown:
            return self.state.count[player] <= 0
        return not self.razboinik and self.state.pool[player] >= self.settings.pool_target

    def add_whists(self, writer, on, amount, reason):
        """``writer`` writes ``amount`` whists on ``on``."""
        if amount:
            self.entries.append(Entry("whists", writer, Fraction(amount), reason, on))

    def add_pool(self, player, amount, reason):
        """Write ``amount`` straight into ``player``'s pool (no help)."""
        if amount:
            self.pool[player] += amount
            self.entries.append(Entry("pool", player, Fraction(amount), reason))

    def _clockwise(self, player):
        players = self.state.players
        seat = players.index(player)
        return [players[(seat + i) % len(players)] for i in range(1, len(players))]

    def _helped(self, candidates, clockwise, smaller_first):
        """The player to help next (rules/preferans.md §7.2; ``help_recipient``, §2.1): the first clockwise, or
        the largest pool below the target (the smallest positive count), ties to the first clockwise."""
        if self.settings.help_recipient == "next_clockwise":
            return candidates[0]
        column = self.count if self.countdown else self.pool
        sign = -1 if smaller_first else 1
        return max(candidates, key=lambda q: (sign * column[q], -clockwise.index(q)))

    def pool_entry(self, player, amount, reason):
        """A pool entry with help and overflow (rules/preferans.md §7.2); in the countdown forms a write-off of the
        count (§2.1 rule 2); in Gusarik's razboinik stage the whole entry goes into the pool."""
        amount = Fraction(amount)
        if self.countdown:
            self._count_entry(player, amount, reason)
            return
        target = self.settings.pool_target
        if not self.settings.help or self.razboinik:
            self.add_pool(player, amount, reason)
            return
        own = max(ZERO, min(amount, target - self.pool[player]))
        self.add_pool(player, own, reason)
        amount -= own
        clockwise = self._clockwise(player)
        while amount > 0:
            open_pools = [q for q in clockwise if self.pool[q] < target]
            if not open_pools:
                break
            helped = self._helped(open_pools, clockwise, smaller_first=False)
            points = min(amount, target - self.pool[helped])
            self.add_pool(helped, points, f"help from {player}")
            self.add_whists(player, helped, HELP_RATE * points, f"help to {helped}")
            amount -= points
        if amount > 0:
            # Gusarik's indivisible mountain writes off half (§1.9, the overflow factor).
            factor = Fraction(1, 2) if self.settings.gusarik_mountain == "indivisible" else 1
            self.add_mountain(player, -amount * factor, "pool overflow")

    def _count_entry(self, player, amount, reason):
        own = min(amount, max(ZERO, self.count[player]))
        self._add_count(player, -own, reason)
        amount -= own
        if self.settings.help and amount > 0:
            clockwise = self._clockwise(player)
            while amount > 0:
                open_counts = [q for q in clockwise if self.count[q] > 0]
                if not open_counts:
                    break
                helped = self._helped(open_counts, clockwise, smaller_first=True)
                points = min(amount, self.count[helped])
                self._add_count(helped, -points, f"help from {player}")
                self.add_whists(player, helped, HELP_RATE * points, f"help to {helped}")
                amount -= points
        # The excess is never lost (003:L125): the count goes below zero.
        self._add_count(player, -amount, reason)
