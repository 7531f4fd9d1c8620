"""The play of a bridge board analysed double dummy, as DDS AnalysePlay does: the declaring side's tricks before
the opening lead and after each card (tricks for the whole deal, those already won included), and the costly
cards, after which the value moved against the side that played them."""
import os

import attrs

from trickcore.dealing import Deal
from trickcore.errors import InputError, InvalidRecord, ReadLog
from trickcore.files import read_head
from trickcore.games.bridge.formats.notation import read_boards
from trickcore.games.bridge.record import Board, contract_rules, simulated_board
from trickcore.games.bridge.vocab import Seat
from trickcore.lines import line_values, seats_of
from trickcore.scoring.base import SIMULATION_FORMAT, FieldDeal, is_table, simulation_file, simulation_records
from trickcore.solver import Position


@attrs.frozen
class CostlyCard:
    """A card after which the double-dummy value moved against its side: its place in the play (``index`` from
    0), trick number (from 1), seat, the card, the declaring side's tricks before and after it, and the tricks it
    cost its side."""

    index: int
    trick: int
    seat: str
    card: str
    before: int
    after: int

    @property
    def cost(self):
        """The tricks the card cost its side."""
        return abs(self.before - self.after)

    def to_dict(self):
        """JSON-ready form."""
        return {"index": self.index, "trick": self.trick, "seat": self.seat, "card": self.card,
                "before": self.before, "after": self.after, "cost": self.cost}


@attrs.frozen
class PlayAnalysis:
    """One board's play analysed: the board number, deal, contract, declarer and opening leader, the cards played
    (to where the record stops, a claim or not) with the seat of each, ``tricks`` (the declaring side's
    double-dummy tricks before the first card and after each: one more than the cards), the costly cards, and
    the record's result and claim; ``table``, for a simulation's field of tables, the table (from 1) that
    played it (None otherwise)."""

    board: int | None
    deal: str
    contract: str
    declarer: str
    leader: str
    play: tuple
    seats: tuple
    tricks: tuple
    costly: tuple
    result: int | None = None
    claimed: bool = False
    table: int | None = None

    def to_dict(self):
        """The JSON object of ``tricks bridge analyse --format json`` for this board (with ``table`` for a board
        of a simulation's field)."""
        return {"board": self.board, **_table(self), "contract": self.contract, "declarer": self.declarer,
                "leader": self.leader, "deal": self.deal, "play": list(self.play), "tricks": list(self.tricks),
                "costly": [card.to_dict() for card in self.costly], "result": self.result, "claimed": self.claimed}

    def rows(self):
        """One row per card: board (and table, in a simulation's field), trick, seat, card, the declaring side's
        tricks before and after it, its cost."""
        cost = {card.index: card.cost for card in self.costly}
        return [{"board": self.board, **_table(self), "trick": k // 4 + 1, "seat": seat, "card": card,
                 "before": self.tricks[k], "after": self.tricks[k + 1], "cost": cost.get(k, 0)}
                for k, (seat, card) in enumerate(zip(self.seats, self.play))]


def _table(item):
    """The ``table`` key of a board's JSON object or rows: only for a board of a simulation's field."""
    return {} if item.table is None else {"table": item.table}


@attrs.frozen
class SkippedBoard:
    """A board of a file that has no play to analyse, and why (``table`` as PlayAnalysis's)."""

    board: int | None
    reason: str
    table: int | None = None

    def to_dict(self):
        """The JSON object of a skipped board: its number (and table, in a simulation's field) and the reason."""
        return {"board": self.board, **_table(self), "skipped": self.reason}


def analyse_play(board, table=None):
    """The PlayAnalysis of ``board`` (a games.bridge.record.Board with its deal, contract, declarer and play): the
    declaring side's double-dummy tricks before the first card and after each, to where the play stops, every
    position searched by one solver (its transposition table kept from card to card); ``table``, the table of a
    simulation's field that played it."""
    if not isinstance(board, Board):
        raise InputError(f"expected a bridge Board, got {type(board).__name__}")
    reason = unplayable(board)
    if reason is not None:
        raise InvalidRecord(f"board {board.number}: {reason}", field="play")
    declarer = board.declarer
    start = Position(contract_rules(board.contract), board.deal.hands, leader=int(declarer.lho), seat=int(declarer))
    values = line_values(start, board.play)
    seats = [Seat(seat) for seat in seats_of(start, board.play)]
    costly = []
    for k, (seat, card) in enumerate(zip(seats, board.play)):
        moved = values[k + 1] - values[k]
        # Perfect play keeps the value: a card can only move it against its own side.
        if moved and (moved < 0) == (seat.side == declarer.side):
            costly.append(CostlyCard(k, k // 4 + 1, seat.name, str(card), values[k], values[k + 1]))
    return PlayAnalysis(board.number, board.deal.to_pbn(), str(board.contract), declarer.name, declarer.lho.name,
                        tuple(str(card) for card in board.play), tuple(seat.name for seat in seats), values,
                        tuple(costly), board.result, board.claimed, table)


def unplayable(board):
    """Why ``board`` has no play to analyse (no play, no whole deal, no contract or declarer), or None."""
    if not board.play:
        return "passed out" if board.passed_out else "the record gives no play"
    if not isinstance(board.deal, Deal):
        return "the record gives no whole deal to play from"
    if board.contract is None or board.declarer is None:
        return "the record gives no contract and declarer for its play"
    return None


def analyse_file(path, log=None):
    """Every board of a PBN, LIN or JSON boards file, or of a bridge simulation's output (`tricks simulate --out`:
    its JSON lines or Parquet table, every table of a field), in file order: a PlayAnalysis for each board with its
    play, a SkippedBoard (with the reason) for each without. ``log`` (a ReadLog) as the readers take it."""
    played = _simulated_boards(path)
    if played is None:
        played = [(board, None) for board in read_boards(path, ReadLog() if log is None else log)]
    return [SkippedBoard(board.number, reason, table) if (reason := unplayable(board)) else analyse_play(board, table)
            for board, table in played]


def _simulation_output(path):
    """Whether ``path`` is a simulation's output, from its first line only: boards files may be in any encoding."""
    return is_table(path) or SIMULATION_FORMAT in read_head(path)


def _simulated_boards(path):
    """The boards a bridge simulation played, in deal order, each with its table in a field (from 1; None for a
    simulation of one table); None when ``path`` is not a simulation's output."""
    if not _simulation_output(path):
        return None
    source = os.path.basename(os.fspath(path).rstrip("/" + os.sep))
    rows, head = simulation_file(path, source)
    if head.get("game", "bridge") != "bridge":
        raise InputError(f"a {head['game']} simulation: the play analysis reads bridge boards", source=source)
    boards = []
    for record in simulation_records(rows, source, lambda table, row: simulated_board(table)):
        if isinstance(record, FieldDeal):
            boards += [(board, k) for k, board in enumerate(record.tables, 1)]
        else:
            boards.append((record, None))
    return boards
