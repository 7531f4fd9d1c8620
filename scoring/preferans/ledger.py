"""Deal-by-deal scoring: a pure ``score_deal`` and the incremental :class:`PulyaLedger` that keeps the history; with
the bookkeeping of Gusarik's razboinik stage (§1.4) and of the countdown forms' end and kotel
stages (§2.1 rule 5).

Sections (§) and decisions are those of docs/rules/preferans-variants.md."""
from fractions import Fraction

import attrs

from trickcore.games.preferans.record import PlayedDeal
from trickcore.scoring.base import Ledger
from trickcore.scoring.preferans.all_pass import score_all_pass
from trickcore.scoring.preferans.contract_play import (score_misere, score_trick_game, score_undiscarded_talon,
                                             score_walkaway)
from trickcore.scoring.preferans.protocol import RAZBOINIK_GAMES, Table, parse_deal, record_error
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
    transfers: tuple = ()  # kotel stage changes after the deal (§2.6)

    def delta(self, columns=("pool", "mountain")):
        """The net change per column: ``{"pool": {p: x}, "mountain": {p: x}, "whists": {a: {b: x}}}`` (in the
        countdown forms ``columns`` are count and pot), no zeros."""
        totals, whists = {column: {} for column in columns}, {}
        for entry in self.entries:
            if entry.column == "whists":
                row = whists.setdefault(entry.player, {})
                row[entry.on] = row.get(entry.on, 0) + entry.amount
            else:
                column = totals[entry.column]
                column[entry.player] = column.get(entry.player, 0) + entry.amount
        delta = {column: {p: v for p, v in values.items() if v} for column, values in totals.items()}
        delta["whists"] = {a: {b: v for b, v in row.items() if v} for a, row in whists.items() if any(row.values())}
        return delta


def _multiplier(deal, state, settings):
    """μ of a contract deal: ×2 dark, × the declarer's oldest bomb (Classic, rules/preferans.md §7.8)."""
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
    return deal.type in ("misere", "uvert") or (deal.type == "game" and deal.tricks is not None)


def game_over(state, settings):
    """Whether the sheet satisfies the variant's end condition (rules/preferans.md §9.1; §1.4, §2.1 rule 5)."""
    if settings.gusarik_stage == "razboinik":
        owed = any(len(state.played[p]) < len(RAZBOINIK_GAMES) for p in state.players)
        return not owed and state.closing >= settings.razboinik_all_pass_deals
    if settings.pool_mode == "countdown":
        return all(state.count[p] <= 0 for p in state.players) and not state.queued and not any(
            state.pot[p] > 0 for p in state.players)
    if settings.end_condition == "pool_sum":
        return sum(state.pool.values()) >= len(state.players) * settings.pool_target
    return all(state.pool[p] >= settings.pool_target for p in state.players)


def _razboinik(state, deal, settings, void):
    """Gusarik's razboinik stage (§1.4): check the deal against the obligations and the
    phase; return the bookkeeping (games played, closing deals) and the label's suffix."""
    played, closing = dict(state.played), state.closing
    games_phase = any(len(played[p]) < len(RAZBOINIK_GAMES) for p in state.players)
    if deal.type == "all_pass":
        if games_phase:
            raise record_error("an all-pass deal in the games phase of the razboinik (both players pass: the "
                               "forced player plays one of his games)", deal.index, "type")
        closing += 1
        return {"played": played, "closing": closing}, f" (closing {closing}/{settings.razboinik_all_pass_deals})"
    if deal.type in ("game", "misere", "walkaway") and not void:
        game = "misere" if deal.type == "misere" else str(deal.contract.level)
        if not games_phase:
            raise record_error("a game deal after the 12 razboinik games (closing raspasy)", deal.index, "type")
        if game in played[deal.declarer]:
            owed = [g for g in RAZBOINIK_GAMES if g not in played[deal.declarer]]
            raise record_error(f"{deal.declarer} has already played {game} "
                               f"(still owes: {', '.join(owed) or 'nothing'})", deal.index, "contract")
        played[deal.declarer] = played[deal.declarer] + (game,)
    return {"played": played, "closing": closing}, ""


def _split(pot, parts):
    """A kotel pot in ``parts`` parts, larger first (decision D17): integer parts when the pot is whole."""
    if pot.denominator != 1:
        return [pot / parts] * parts
    whole, rest = divmod(int(pot), parts)
    return [Fraction(whole + (1 if i < rest else 0)) for i in range(parts)]


def _kotel_transfers(state, settings):
    """The stage changes after a deal in the kotel (§2.1 rule 5): while every count is written
    off, add the next queued part of the pots (splitting the pots when no part is left)."""
    transfers = []
    players = state.players
    while settings.countdown_remises == "pot" and all(state.count[p] <= 0 for p in players):
        transfer = {}
        if not state.queued:
            if not any(state.pot[p] > 0 for p in players):
                break
            split = {p: _split(state.pot[p], settings.pot_parts) for p in players}
            transfer["split"] = split
            queued = tuple({p: split[p][i] for p in players} for i in range(settings.pot_parts))
            state = attrs.evolve(state, pot={p: Fraction(0) for p in players}, queued=queued)
        part = state.queued[0]
        state = attrs.evolve(state, queued=state.queued[1:], stage=state.stage + 1,
                             count={p: state.count[p] + part[p] for p in players})
        transfers.append({"stage": state.stage, **transfer, "part": part})
    return state, tuple(transfers)


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
    if void is not None and deal.type not in ("game", "misere", "uvert"):
        raise record_error("undiscarded_talon needs a game, misere or uvert deal", deal.index, "penalties")
    razboinik, suffix = {}, ""
    if settings.gusarik_stage == "razboinik":
        razboinik, suffix = _razboinik(state, deal, settings, void is not None)
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
        for player in table.live(deal.dealer):
            credits[player] += 1
    else:
        mu, bomb_used = _multiplier(deal, state, settings)
        if void is not None:
            label = score_undiscarded_talon(writer, deal, void, mu)
        elif deal.type == "game":
            label = score_trick_game(writer, deal, table, mu, made)
        elif deal.type in ("misere", "uvert"):
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
                            credits=credits, made_games=made_games, **razboinik)
    new_state, transfers = _kotel_transfers(new_state, settings)
    new_state = attrs.evolve(new_state, finished=game_over(new_state, settings))
    return DealResult(deal.index, label + suffix, tuple(writer.entries), transfers), new_state


class PulyaLedger(Ledger):
    """The incremental score sheet: feed deals one at a time with :meth:`add`, read it with :meth:`sheet`."""

    def __init__(self, players, variant="sochi", settings=None, start=None, overlays=()):
        settings = settings if settings is not None else make_settings(variant, overlays=overlays)
        self.table = Table(tuple(players), settings)
        self.variant = variant
        self.overlays = tuple(overlays)
        self.state = SheetState.initial(players, start, settings.pool_target)
        self.state = attrs.evolve(self.state, finished=game_over(self.state, settings))
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
        return cls(protocol.table.players, protocol.variant, protocol.table.settings, protocol.start,
                   protocol.overlays)

    @property
    def is_over(self):
        """True once the variant's end condition is reached (rules/preferans.md §9.1)."""
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
        return Sheet(self.variant, self.table, tuple(self.results), self.state, self.start, self.overlays)

    def settle(self):
        """The settlement of the sheet as it stands (rules/preferans.md §9)."""
        return self.sheet().settlement

    def to_dict(self):
        """The rules/preferans.md §11.3 JSON of the sheet as it stands."""
        return self.sheet().to_dict()
