"""The running score sheet (pool, mountain, whists and bookkeeping) and the entries one deal writes on it."""
from fractions import Fraction

import attrs

from trickcore.scoring.preferans.values import HELP_RATE

ZERO = Fraction(0)


@attrs.frozen
class Entry:
    """One written number: ``column`` pool/mountain/whists, the ``player`` who writes it (for whists: on ``on``),
    the exact ``amount`` and the ``reason`` (for audits)."""

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

    @classmethod
    def initial(cls, players, start=None):
        """The sheet before the first deal, from a protocol's validated ``start`` part."""
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
        )

    def apply(self, entries, **bookkeeping):
        """A new state with ``entries`` added and bookkeeping fields replaced."""
        pool, mountain, whists = dict(self.pool), dict(self.mountain), dict(self.whists)
        for entry in entries:
            if entry.column == "pool":
                pool[entry.player] += entry.amount
            elif entry.column == "mountain":
                mountain[entry.player] += entry.amount
            else:
                whists[(entry.player, entry.on)] += entry.amount
        return attrs.evolve(self, pool=pool, mountain=mountain, whists=whists, **bookkeeping)


class Writer:
    """Collects the entries of one deal while keeping a live view of pools and mountains (for help)."""

    def __init__(self, state, settings):
        self.state = state
        self.settings = settings
        self.entries = []
        self.pool = dict(state.pool)
        self.mountain = dict(state.mountain)

    def add_mountain(self, player, amount, reason):
        """Write ``amount`` on ``player``'s mountain (negative = write-off)."""
        if amount:
            self.mountain[player] += amount
            self.entries.append(Entry("mountain", player, Fraction(amount), reason))

    def add_whists(self, writer, on, amount, reason):
        """``writer`` writes ``amount`` whists on ``on``."""
        if amount:
            self.entries.append(Entry("whists", writer, Fraction(amount), reason, on))

    def add_pool(self, player, amount, reason):
        """Write ``amount`` straight into ``player``'s pool (no help)."""
        if amount:
            self.pool[player] += amount
            self.entries.append(Entry("pool", player, Fraction(amount), reason))

    def pool_entry(self, player, amount, reason):
        """A pool entry with help and overflow (spec §7.2)."""
        amount = Fraction(amount)
        target = self.settings.pool_target
        if not self.settings.help:
            self.add_pool(player, amount, reason)
            return
        own = max(ZERO, min(amount, target - self.pool[player]))
        self.add_pool(player, own, reason)
        amount -= own
        players = self.state.players
        seat = players.index(player)
        clockwise = [players[(seat + i) % len(players)] for i in range(1, len(players))]
        while amount > 0:
            open_pools = [q for q in clockwise if self.pool[q] < target]
            if not open_pools:
                break
            # Largest pool below the target; ties go to the first clockwise from the helper's left.
            helped = max(open_pools, key=lambda q: (self.pool[q], -clockwise.index(q)))
            points = min(amount, target - self.pool[helped])
            self.add_pool(helped, points, f"help from {player}")
            self.add_whists(player, helped, HELP_RATE * points, f"help to {helped}")
            amount -= points
        if amount > 0:
            self.add_mountain(player, -amount, "pool overflow")
