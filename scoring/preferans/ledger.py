"""Deal-by-deal scoring: a pure ``score_deal`` and the incremental :class:`Ledger` that keeps the history."""
import attrs

from trickcore.games.preferans.record import PlayedDeal
from trickcore.scoring.preferans.all_pass import score_all_pass
from trickcore.scoring.preferans.contract_play import (score_misere, score_trick_game, score_undiscarded_talon,
                                             score_walkaway)
from trickcore.scoring.preferans.protocol import Table, parse_deal, record_error
from trickcore.scoring.preferans.settings import make_settings
from trickcore.scoring.preferans.sheet import Sheet
from trickcore.scoring.preferans.state import SheetState, Writer

_PLAY_PENALTIES = ("peek", "revoke", "wrong_card_count")


@attrs.frozen
class DealResult:
    """What one deal wrote: its 1-based ``index``, the sheet ``label`` and the ``entries`` with reasons."""

    index: int
    label: str
    entries: tuple

    def delta(self):
        """The net change per column: ``{"pool": {p: x}, "mountain": {p: x}, "whists": {a: {b: x}}}``, no zeros."""
        pool, mountain, whists = {}, {}, {}
        for entry in self.entries:
            if entry.column == "whists":
                row = whists.setdefault(entry.player, {})
                row[entry.on] = row.get(entry.on, 0) + entry.amount
            else:
                column = pool if entry.column == "pool" else mountain
                column[entry.player] = column.get(entry.player, 0) + entry.amount
        return {"pool": {p: v for p, v in pool.items() if v},
                "mountain": {p: v for p, v in mountain.items() if v},
                "whists": {a: {b: v for b, v in row.items() if v} for a, row in whists.items()
                           if any(row.values())}}


def _multiplier(deal, state, settings):
    """μ of a contract deal: ×2 dark, × the declarer's oldest bomb (Classic, §7.8)."""
    mu = 2 if deal.dark else 1
    bomb = state.bombs[deal.declarer][0] if settings.bombs and state.bombs[deal.declarer] else 1
    return mu * bomb, bomb != 1


def _check_exit_level(deal, state, settings):
    levels = settings.all_pass_exit_levels
    if deal.type in ("game", "walkaway") and state.series >= 1:
        need = levels[min(state.series, len(levels)) - 1]
        if deal.contract.level < need:
            raise record_error(f"after {state.series} all-pass deal(s) a game must be at least {need}",
                               deal.index, "contract")


def _is_exit(deal, settings, void):
    if void or deal.type == "void":
        return False
    if settings.all_pass_exit == "any_game":
        return True
    return deal.type == "misere" or (deal.type == "game" and deal.tricks is not None)


def game_over(pool, players, settings):
    """Whether the pools satisfy the variant's end condition (§9.1)."""
    if settings.end_condition == "pool_sum":
        return sum(pool.values()) >= len(players) * settings.pool_target
    return all(pool[p] >= settings.pool_target for p in players)


def score_deal(state, deal, table):
    """Score one validated deal on ``state``; return ``(DealResult, new state)`` (pure)."""
    settings = table.settings
    if state.finished:
        raise record_error("the game has already ended; no deal may follow", deal.index, "deals")
    _check_exit_level(deal, state, settings)
    if deal.tricks is None and any(p.kind in _PLAY_PENALTIES for p in deal.penalties):
        raise record_error("a play penalty on a deal that was not played", deal.index, "penalties")
    writer = Writer(state, settings)
    for penalty in deal.penalties:
        if penalty.kind == "mountain":
            writer.add_mountain(penalty.player, penalty.points, "penalty")
        elif penalty.kind == "whists":
            writer.add_whists(penalty.writer, penalty.on, penalty.points, "penalty")
    made, bomb_used = [], False
    void = next((p for p in deal.penalties if p.kind == "undiscarded_talon"), None)
    series, series_dealer, credits = state.series, state.series_dealer, dict(state.credits)
    if void is not None and deal.type not in ("game", "misere"):
        raise record_error("undiscarded_talon needs a game or misere deal", deal.index, "penalties")
    if deal.type == "void":
        if deal.penalties and any(p.kind not in ("mountain", "whists") for p in deal.penalties):
            raise record_error("a void deal carries only mountain and whists penalties", deal.index, "penalties")
        label = "void"
    elif deal.type == "all_pass":
        restart = (settings.all_pass_series_per_dealer and series_dealer is not None
                   and series_dealer != deal.dealer)
        k = 0 if restart else series
        label = score_all_pass(writer, deal, table, k)
        series, series_dealer = k + 1, deal.dealer
        for player in table.active(deal.dealer):
            credits[player] += 1
    else:
        mu, bomb_used = _multiplier(deal, state, settings)
        if void is not None:
            label = score_undiscarded_talon(writer, deal, void, mu)
        elif deal.type == "game":
            label = score_trick_game(writer, deal, table, mu, made)
        elif deal.type == "misere":
            label = score_misere(writer, deal, table, mu, made)
        else:
            label = score_walkaway(writer, deal, mu)
        if _is_exit(deal, settings, void is not None):
            series, series_dealer = 0, None
    bombs = dict(state.bombs)
    if bomb_used and made:
        bombs[deal.declarer] = bombs[deal.declarer][1:]
    for player, bomb in deal.bombs_awarded.items():
        bombs[player] = bombs[player] + (bomb,)
    made_games = dict(state.made_games)
    for player, index, points in made:
        made_games[player] = made_games[player] + ((index, points),)
    new_state = state.apply(writer.entries, bombs=bombs, series=series, series_dealer=series_dealer,
                            credits=credits, made_games=made_games)
    new_state = attrs.evolve(new_state, finished=game_over(new_state.pool, table.players, settings))
    return DealResult(deal.index, label, tuple(writer.entries)), new_state


class Ledger:
    """The incremental score sheet: feed deals one at a time with :meth:`add`, read it with :meth:`sheet`."""

    def __init__(self, players, variant="sochi", settings=None, start=None):
        settings = settings if settings is not None else make_settings(variant)
        self.table = Table(tuple(players), settings)
        self.variant = variant
        self.state = SheetState.initial(players, start)
        self.state = attrs.evolve(self.state, finished=game_over(self.state.pool, self.table.players, settings))
        self.start = self.state
        self.results = []

    @classmethod
    def replay(cls, protocol):
        """The ledger of a parsed Protocol after scoring every one of its deals in order."""
        ledger = cls.for_protocol(protocol)
        for deal in protocol.deals:
            ledger.add(deal)
        return ledger

    @classmethod
    def for_protocol(cls, protocol):
        """An empty ledger for a parsed :class:`~scoring.preferans.protocol.Protocol` (its start state)."""
        return cls(protocol.table.players, protocol.variant, protocol.table.settings, protocol.start)

    @property
    def is_over(self):
        """True once the variant's end condition is reached (§9.1)."""
        return self.state.finished

    def add(self, deal):
        """Score the next deal (a played deal's record, a validated DealRecord or a raw protocol dict); return its
        DealResult."""
        index = len(self.results) + 1
        if isinstance(deal, PlayedDeal):
            deal = deal.protocol
        if isinstance(deal, dict):
            deal = parse_deal(deal, index, self.table)
        elif deal.index != index:
            deal = attrs.evolve(deal, index=index)
        result, self.state = score_deal(self.state, deal, self.table)
        self.results.append(result)
        return result

    def sheet(self):
        """The sheet as it stands now, with its settlement."""
        return Sheet(self.variant, self.table, tuple(self.results), self.state, self.start)

    def settle(self):
        """The settlement of the sheet as it stands (§9)."""
        return self.sheet().settlement

    def to_dict(self):
        """The §11.3 JSON of the sheet as it stands."""
        return self.sheet().to_dict()
