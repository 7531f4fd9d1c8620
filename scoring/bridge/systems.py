"""The bridge scoring systems registered under ``trickcore.scorings``: each wraps the pure scorers of this package
in the ScoringSystem protocol (settings from a preset, a ledger of records, text and JSON).

The records each system scores:

- rubber, chicago, duplicate, russian: the deal-results file (examples/bridge/README.md), one deal per line or
  JSON. Duplicate numbers the deals as boards 1, 2, ... (vulnerability by board number), but scores a
  simulation's board at its own number and vulnerability, as played (so a board keeps its score in a match of
  any length); Russian needs each deal's hands (the JSON ``deal`` field) to count the high-card points.
- imps, vp: a team match, JSON: a list (or ``{"boards": [...]}``) of ``{"board": 1, "open": 620, "closed": 170}``,
  the N-S scores of the two rooms; IMPs go to the team sitting N-S in the open room, VPs convert the margin.
- matchpoints, butler, cross-imps: a pairs session, JSON: a list (or ``{"boards": [...]}``) of ``{"board": 1,
  "scores": [620, 170, "A+", "NP"]}`` (every table's N-S score on the board; matchpoints may add
  ``"expected"``); or the boards a field of tables played (`tricks simulate` with ``--agents`` per table), each
  table's duplicate score against the others'. Their participants are the entries: "NS 1", "EW 1", ...

Every deal-results system also reads a simulation's played boards; a field's boards (scoring.base.FieldDeal)
are scored table by table by `tricks compare`.

Sections (§) are those of docs/rules/bridge.md.
"""
import functools
import os

import attrs

from trickcore.errors import InputError, InvalidRecord
from trickcore.games.bridge.record import Board, simulated_board
from trickcore.games.bridge.vocab import Seat, board_vulnerability
from trickcore.files import read_text
from trickcore.scoring.base import (FieldDeal, Ledger, RecordsFile, ScoringSystem, is_table, json_rows,
                                    simulation_file, simulation_records)
from trickcore.scoring.bridge.contract.honours import hcp
from trickcore.scoring.bridge.contract.imps import imps
from trickcore.scoring.bridge.contract.score import duplicate_score, ns_score
from trickcore.scoring.bridge.contract.vp import team_victory_points
from trickcore.scoring.bridge.display import format_figure, format_vp
from trickcore.scoring.bridge.duplicate import board_report
from trickcore.scoring.bridge.duplicate.butler import score_board_imps
from trickcore.scoring.bridge.duplicate.matchpoints import parse_adjusted, score_board
from trickcore.scoring.bridge.rubber import render
from trickcore.scoring.bridge.rubber.chicago import chicago_ledger, chicago_vulnerability
from trickcore.scoring.bridge.rubber.deal_results import read_deal_results
from trickcore.scoring.bridge.rubber.rubber_bridge import RubberLedger
from trickcore.scoring.bridge.rubber.rubber_session import RubberSessionLedger, read_session_text
from trickcore.scoring.bridge.rubber.russian import russian_imps
from trickcore.scoring.bridge.rubber.sheet import TableResult
from trickcore.scoring.bridge.settings import PRESETS, parse_setting_value


@attrs.frozen
class BridgeSystem(ScoringSystem):
    """A bridge system: the presets and ``--set`` keys of §15.1."""

    presets: tuple = tuple(PRESETS)
    read_value = staticmethod(parse_setting_value)

    def preset(self, name):
        """The BridgeScoringSettings of preset ``name``."""
        return PRESETS[name]

    def _settings(self, settings):
        return settings if settings is not None else self.settings()


def simulated_results(path):
    """The RecordsFile of the boards a simulation played (its lines or its Parquet table), as TableResults (with
    the deal's par when the simulation analysed it), a FieldDeal of them per deal a field played; None when
    ``path`` is not a simulation's."""
    source = os.path.basename(path)
    found = simulation_file(path, source)
    if found is None:
        return None
    rows, head = found

    def result(table, row):
        board = simulated_board(table)
        par = row["par score"] if "par score" in row else (row.get("analysis") or {}).get("par", {}).get("score")
        own = {"hands": board.deal.hands, "par": par, "number": board.number, "vulnerability": board.vulnerability}
        if board.passed_out:
            return TableResult(**own)
        return TableResult(board.contract, board.declarer, board.result, **own)

    return RecordsFile(source, simulation_records(rows, source, result), simulation=head)


def contract_situation(record):
    """A deal result's situation: its contract (level and strain, doubled or not) and the declarer's side;
    "passed out" (concerning no side)."""
    if record.passed_out:
        return "passed out", None
    return str(record.contract), "NS" if record.declarer.side == 0 else "EW"


@attrs.frozen
class DealResultsSystem(BridgeSystem):
    """A system that scores the deal-results file (examples/bridge/README.md)."""

    records: str = "deal results (examples/bridge/README.md)"
    record_word = "deal"

    def read_records(self, path):
        """The TableResults of a deal-results file, or of the boards a simulation played (`tricks simulate`)."""
        played = simulated_results(path)
        source = os.path.basename(path)
        return played if played is not None else RecordsFile(source, tuple(read_deal_results(read_text(path), source)))

    def standings(self, result):
        """Each side's net score: {"NS": ..., "EW": ...}."""
        return dict(result)

    def situation(self, record):
        """The contract (level and strain, doubled or not) and the declarer's side; "passed out"."""
        return contract_situation(record)


@attrs.frozen
class SheetSystem(DealResultsSystem):
    """Rubber or Chicago: the score sheet of §6-§7, ``sheet`` making its ledger."""

    sheet: object = None

    def ledger(self, settings=None, preset=None, **context):
        """An empty rubber or Chicago sheet."""
        return self.sheet(self._settings(settings), preset or self.presets[0])

    def json_data(self, ledger):
        """The sheet's JSON with the preset it was scored under."""
        return {**ledger.to_dict(), "preset": ledger.preset}

    def standings(self, result):
        """Each side's total less the other's (the settled sheet's margin, from each side)."""
        totals = {side.name: total["total"] for side, total in result.totals.items()}
        return {"NS": totals["NS"] - totals["EW"], "EW": totals["EW"] - totals["NS"]}

    def render_text(self, ledger):
        """The score sheet, deal by deal, with its totals and winner."""
        return render.render_sheet(render.sheet_title(ledger, ledger.preset), ledger, render.sheet_note(ledger))


@attrs.frozen
class RubberSystem(SheetSystem):
    """Rubber bridge: one rubber's sheet from the deal-results file, or a session of rubbers of two to six
    players (rules/bridge-variants.md §7, a JSON protocol recognised by its ``format``) scored to its per-player
    sheet."""

    def read_records(self, path):
        """The deals of a rubber-session protocol, or the TableResults of one rubber (see DealResultsSystem)."""
        session = None if is_table(path) else read_session_text(read_text(path), os.path.basename(path))
        return session if session is not None else super().read_records(path)

    def prepare(self, found, preset=None, overrides=()):
        """The empty rubber of a deal-results file, or the empty session of a session protocol (see
        ScoringSystem), and the records to add."""
        if "players" in found.context:
            # The tour's default unit settlement gives way to a settle_unit the file or command line sets.
            keys = set(found.settings) | {str(text).partition("=")[0].strip() for text in overrides}
            found = attrs.evolve(found, context={**found.context, "explicit": frozenset(keys)})
        return super().prepare(found, preset, overrides)

    def ledger(self, settings=None, preset=None, players=None, explicit=(), **context):
        """An empty rubber sheet, or an empty session of rubbers for ``players``."""
        if players is None:
            return super().ledger(settings, preset, **context)
        return RubberSessionLedger(self._settings(settings), players, preset or self.presets[0], explicit)

    # The two ledgers this system keeps draw their sheets in their own ways: a table by the ledger's type.
    @functools.singledispatchmethod
    def json_data(self, ledger):
        """The rubber's sheet with its preset, or (a session) the session sheet of rules/bridge-variants.md §7.2."""
        return SheetSystem.json_data(self, ledger)

    @json_data.register
    def _session_data(self, ledger: RubberSessionLedger):
        return ledger.to_dict()

    @functools.singledispatchmethod
    def render_text(self, ledger):
        """The rubber's sheet, or (a session) each rubber's seating, sheet and credits, then the cumulative
        score."""
        return SheetSystem.render_text(self, ledger)

    @render_text.register
    def _session_text(self, ledger: RubberSessionLedger):
        return render.render_rubber_session(ledger)


class BoardLedger(Ledger):
    """A ledger of board-by-board figures: ``score(record, board number)`` gives each board's JSON-ready data."""

    def __init__(self, scoring, score, total=None):
        self.scoring = scoring
        self.score = score
        self.total = total
        self.boards = []

    def add(self, record):
        """Score the next board's record."""
        self.boards.append(self.score(record, len(self.boards) + 1))

    def settle(self):
        """The total over the boards (None for systems that rank boards one by one)."""
        return None if self.total is None else self.total(self.boards)

    def to_dict(self):
        """The boards and, where the system adds them up, the total."""
        out = {"scoring": self.scoring, "boards": list(self.boards)}
        if self.total is not None:
            out["total"] = self.settle()
        return out


def _deal_row(result, board, vulnerability):
    return {"board": board, "vulnerability": str(vulnerability),
            "contract": None if result.passed_out else str(result.contract),
            "declarer": None if result.passed_out else result.declarer.name, "tricks": result.tricks}


def _ns_total(boards, key):
    ns = sum(board[key] for board in boards)
    return {"NS": ns, "EW": -ns}


def _own_board(record, number):
    """(board number, vulnerability) of ``record``: its own when it carries them (a board is scored at the
    vulnerability it was played at, whatever its place in a match), else board ``number`` and its vulnerability."""
    number = record.number or number
    return number, record.vulnerability or board_vulnerability(number)


@functools.singledispatch
def _board_result(record, number):
    """(TableResult, board number, vulnerability) of a deal-results record (a TableResult): its own board number
    and vulnerability, else board ``number`` and vulnerability by number."""
    return record, *_own_board(record, number)


@_board_result.register
def _played_board_result(record: Board, number):
    """The same of a played Board (games/bridge/record.py): its own number and vulnerability when it has them."""
    number, vulnerability = _own_board(record, number)
    if record.passed_out:
        return TableResult(), number, vulnerability
    if record.contract is None or record.result is None:
        raise InvalidRecord(f"board {number} has no contract and result to score", field="result")
    return TableResult(record.contract, record.declarer, record.result), number, vulnerability


@attrs.frozen
class DuplicateSystem(DealResultsSystem):
    """Duplicate (Law 77): each deal of the file is a board, numbered in order, scored for N-S; the ledger also
    takes played Boards (a bridge match's records)."""

    def ledger(self, settings=None, **context):
        """An empty duplicate ledger."""
        settings = self._settings(settings)

        def score(record, board):
            result, board, vulnerability = _board_result(record, board)
            if result.entered_honours is not None:
                raise InvalidRecord("honours are never scored in duplicate (rules/bridge.md §5.5)", field="honours")
            points = ns_score(result.contract, result.declarer, vulnerability, result.tricks,
                              undertrick_scale=settings.undertrick_scale, redouble_insult=settings.redouble_insult)
            return {**_deal_row(result, board, vulnerability), "ns_score": points}

        return BoardLedger("duplicate", score, lambda boards: _ns_total(boards, "ns_score"))

    def contract_score(self, contract, vulnerable, tricks):
        """The declarer score of ``contract`` taking ``tricks`` under Law 77 with the standard settings (as par
        and a played board count it)."""
        return duplicate_score(contract, vulnerable, tricks)

    def render_text(self, ledger):
        """One line per board with the N-S score, then the total."""
        return _board_table(ledger, "Duplicate, N-S scores by board", "board", (("NS", "ns_score", 6),))


@attrs.frozen
class ParSystem(DuplicateSystem):
    """IMPs against par: each deal's duplicate N-S score (as DuplicateSystem scores it) against the deal's par,
    converted to IMPs (Law 78B); every record must carry its par (a deal-results file's ``par``, or the analysis
    of `tricks simulate --agents ... --analyse`)."""

    needs_analysis = True

    def ledger(self, settings=None, **context):
        """An empty IMPs-against-par ledger."""
        duplicate = DuplicateSystem.ledger(self, settings).score

        def score(record, board):
            row = duplicate(record, board)
            if record.par is None:
                raise InvalidRecord(f"deal {board} has no par to score against (give 'par', or simulate with "
                                    "--analyse)", field="par")
            return {**row, "par": record.par, "ns_imps": imps(row["ns_score"] - record.par)}

        return BoardLedger("par", score, lambda boards: _ns_total(boards, "ns_imps"))

    def imps(self, difference):
        """The IMPs of a point ``difference`` (Law 78B), as a board against par counts them."""
        return imps(difference)

    def render_text(self, ledger):
        """One line per board with the N-S score, the par and the N-S IMPs, then the total."""
        return _board_table(ledger, "IMPs against par, N-S by board", "board",
                            (("NS", "ns_score", 6), ("par", "par", 6), ("IMPs", "ns_imps", 5)))


@attrs.frozen
class RussianSystem(DealResultsSystem):
    """Russian scoring (§14): each deal against the HCP target of its majority side, in IMPs for N-S."""

    def ledger(self, settings=None, **context):
        """An empty Russian ledger."""
        settings = self._settings(settings)

        def score(result, number):
            hands = result.hands
            if hands is None:
                raise InvalidRecord("Russian scoring counts high-card points: give the deal's hands", field="deal")
            if settings.russian_vulnerability == "board":
                number, vulnerability = _own_board(result, number)
            else:
                dealer = Seat((settings.first_dealer + number - 1) % 4)
                vulnerability = chicago_vulnerability((number - 1) % 4 + 1, dealer)
            ns_hcp = hcp(hands[Seat.N]) + hcp(hands[Seat.S])
            figure = russian_imps(result.contract, result.declarer, vulnerability, result.tricks, ns_hcp,
                                  tie_side=settings.russian_tie_side, table=settings.russian_targets)
            return {**_deal_row(result, number, vulnerability), "ns_hcp": ns_hcp, "ns_imps": figure}

        return BoardLedger("russian", score, lambda boards: _ns_total(boards, "ns_imps"))

    def render_text(self, ledger):
        """One line per deal with N-S's HCP and IMPs, then the total."""
        return _board_table(ledger, "Russian scoring, N-S IMPs by deal", "deal",
                            (("HCP", "ns_hcp", 4), ("IMPs", "ns_imps", 5)))


def _board_table(ledger, title, unit, columns):
    """A BoardLedger as text: a row per board (number, vulnerability, result, then ``columns``: heading, key and
    width of each figure), then the total."""
    head = f"{unit:>5}  {'vul':<4}  {'result':<28}" + "".join(f" {h:>{w}}" for h, _, w in columns)
    lines = [title, head]
    for b in ledger.boards:
        what = "passed out" if b["contract"] is None else f"{b['contract']} by {b['declarer']}, {b['tricks']} tricks"
        lines.append(f"{b['board']:>5}  {b['vulnerability']:<4}  {what:<28}"
                     + "".join(f" {b[key]:>{w}}" for _, key, w in columns))
    total = ledger.settle()
    lines.append(f"total: NS {total['NS']}, EW {total['EW']}")
    return "\n".join(lines) + "\n"


def read_board_records(path, text, keys, required):
    """The board objects of a JSON records file ``path`` holding ``text`` (a list, or ``{"boards": [...]}``),
    each checked for its keys."""
    rows = json_rows(text, path, "boards")
    for number, row in enumerate(rows, 1):
        where = f"{path} board {number}"
        if not isinstance(row, dict):
            raise InvalidRecord(f"a board is a JSON object, not {row!r}", source=where, field="board")
        unknown = sorted(set(row) - set(keys))
        if unknown:
            raise InvalidRecord(f"unknown field (fields: {', '.join(keys)})", source=where, field=unknown[0])
        missing = [key for key in required if key not in row]
        if missing:
            raise InvalidRecord("missing field", source=where, field=missing[0])
        board = row.get("board", 1)
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise InvalidRecord(f"a board number is a whole number from 1, not {board!r}", source=where,
                                field="board")
    return RecordsFile(path, tuple(rows))


def _score(value, field):
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    try:
        return int(str(value))
    except ValueError:
        raise InputError(f"not an integer: {value!r}", field=field) from None


@attrs.frozen
class TeamSystem(BridgeSystem):
    """IMPs or VPs of a team match: each board's two N-S scores (open and closed room)."""

    records: str = 'team boards, JSON: [{"board": 1, "open": 620, "closed": 170}, ...]'
    record_word = "board"
    victory_points: bool = False

    def read_records(self, path):
        """The boards of a team-match JSON file."""
        return read_board_records(path, read_text(path), ("board", "open", "closed"), ("open", "closed"))

    def ledger(self, settings=None, **context):
        """An empty team-match ledger."""
        settings = self._settings(settings)

        def score(record, number):
            open_room, closed_room = _score(record["open"], "open"), _score(record["closed"], "closed")
            return {"board": record.get("board", number), "open": open_room, "closed": closed_room,
                    "difference": open_room - closed_room, "imps": imps(open_room - closed_room)}

        def total(boards):
            margin = sum(b["imps"] for b in boards)
            out = {"imps": margin}
            if self.victory_points and boards:
                win, lose = team_victory_points(margin, len(boards), repair=settings.vp_repair)
                out["vp"] = [format_vp(win), format_vp(lose)]
            return out

        return BoardLedger("vp" if self.victory_points else "imps", score, total)

    def render_text(self, ledger):
        """One line per board (both rooms, the difference, the IMPs), the IMP margin and, for VPs, the VPs."""
        lines = [f"{'board':>5} {'open':>6} {'closed':>6} {'diff':>6} {'IMPs':>5}"]
        lines += [f"{b['board']:>5} {b['open']:>6} {b['closed']:>6} {b['difference']:>6} {b['imps']:>5}"
                  for b in ledger.boards]
        total = ledger.settle()
        lines.append(f"IMPs: {total['imps']:+d} to the open room's N-S team")
        if "vp" in total:
            lines.append(f"VPs: {total['vp'][0]} - {total['vp'][1]} over {len(ledger.boards)} boards")
        return "\n".join(lines) + "\n"


class PairsLedger(BoardLedger):
    """A pairs session's boards (``score(record, number)`` gives a board's JSON-ready data and its scored board,
    with ``ns`` and ``ew`` per entry), and each entry's running total: "NS 1", "EW 1", ... (its standing)."""

    def __init__(self, scoring, score):
        super().__init__(scoring, score)
        self.totals = {}

    def add(self, record):
        """Score the next board and add its figures to the entries' totals (a not-played entry adds nothing)."""
        data, scored = self.score(record, len(self.boards) + 1)
        self.boards.append(data)
        for entry, figures in enumerate(zip(scored.ns, scored.ew), 1):
            for side, figure in zip(("NS", "EW"), figures):
                if figure is not None:
                    name = f"{side} {entry}"
                    self.totals[name] = self.totals.get(name, 0) + figure

    def settle(self):
        """Each entry's total over the boards so far."""
        return {name: float(total) for name, total in self.totals.items()}


@attrs.frozen
class PairsSystem(BridgeSystem):
    """A pairs session: every table's N-S score, board by board; or the boards a field of tables played (each
    table's duplicate score). Subclasses score a board by their ``method`` (as the pairs scorers name it) and
    read the ``keys`` of a board object."""

    records: str = ('pairs boards, JSON: [{"board": 1, "scores": [620, 170, "A+", "NP"]}, ...]; or a simulation '
                    'of a field of tables')
    record_word = "board"
    method: str = None
    scores_fields = True
    keys = ("board", "scores")

    def read_records(self, path):
        """The boards of a pairs-session JSON file, or of the field of tables a simulation played."""
        played = simulated_results(path)
        if played is not None:
            return played
        return read_board_records(path, read_text(path), self.keys, ("scores",))

    def ledger(self, settings=None, **context):
        """An empty pairs ledger."""
        settings = self._settings(settings)
        duplicate = DUPLICATE.ledger(settings).score

        def score(record, number):
            if isinstance(record, FieldDeal):
                rows = [duplicate(table, number) for table in record.tables]
                record = {"board": rows[0]["board"], "scores": [row["ns_score"] for row in rows]}
            elif not isinstance(record, dict):
                raise InvalidRecord(f"{self.method} compares each table's score with the other tables': simulate a "
                                    "field (give --agents once per table)", field="tables")
            scores = record["scores"]
            if not isinstance(scores, (list, tuple)) or not scores:
                raise InvalidRecord("scores is a non-empty list of N-S scores", field="scores")
            data, scored = self._scored(scores, settings, record.get("expected"))
            return {"board": record.get("board", number), **data}, scored

        return PairsLedger(self.method, score)

    def board(self, scores, settings, expected=None):
        """One board's JSON-ready result from its N-S ``scores`` (int, "NP", or an adjusted code such as "A+")."""
        return self._scored(scores, settings, expected)[0]

    def _scored(self, scores, settings, expected):
        scores = list(scores)
        if not scores:
            raise InputError("scores is a non-empty list of N-S scores", field="scores")
        entries = []
        for value in scores:
            text = str(value).strip().upper()
            if text == "NP":
                entries.append(None)
            elif text.startswith("A"):
                entries.append(self.adjusted(text, settings))
            else:
                entries.append(_score(value, "score"))
        played = sum(entry is not None for entry in entries)
        # Neuberg factors a board up to the results expected: fewer than were played gives a negative or a
        # shrunk top, not a score.
        if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)
                                     or expected < max(played, 1)):
            raise InputError(f"expected must be at least {max(played, 1)} (the results played on the board), "
                             f"not {expected!r}", field="expected")
        return self.score_board(entries, scores, settings, expected)

    def adjusted(self, code, settings):
        """The entry of an adjusted score ``code`` ("A+", "A60%", ...) as the method's scorer takes it."""
        raise NotImplementedError

    def score_board(self, entries, scores, settings, expected):
        """One board's JSON-ready result and its scored board, from the entries read from ``scores``."""
        raise NotImplementedError

    def standings(self, result):
        """Each entry's total: {"NS 1": ..., "EW 1": ..., "NS 2": ...} (an entry is a table of a field)."""
        return dict(result)

    def situation(self, record):
        """The contract and the declaring side at one table of a field; none for a pairs file's board."""
        return (None, None) if isinstance(record, dict) else contract_situation(record)

    def render_board(self, data):
        """One board's table as text."""
        raise NotImplementedError

    def render_text(self, ledger):
        """Each board's table, headed by its number."""
        return "\n".join(f"Board {b['board']}\n" + self.render_board(b) for b in ledger.boards)


@attrs.frozen
class MatchpointSystem(PairsSystem):
    """Matchpoints (§9): each table's score against the others' on the board, with Neuberg's formula for a board
    not played at every table and the adjusted scores of Law 12C; a board may give its ``expected`` tops."""

    method: str = "matchpoints"
    keys = ("board", "scores", "expected")

    def adjusted(self, code, settings):
        """The matchpoint percentage of an adjusted score."""
        return parse_adjusted(code, settings)

    def score_board(self, entries, scores, settings, expected):
        """The board's top and each table's matchpoints."""
        board = score_board(entries, expected, mp_units=settings.mp_units, use_neuberg=settings.neuberg)
        return {"top": format_figure(board.top), "results": board_report.matchpoint_rows(scores, board)}, board

    def render_board(self, data):
        """One board's matchpoint table as text."""
        return board_report.matchpoint_table(data)


@attrs.frozen
class ImpPairsSystem(PairsSystem):
    """IMP pairs (§10): each table's score in IMPs against a datum (Butler) or against every other table
    (cross-IMPs)."""

    def adjusted(self, code, settings):
        """The code itself: the IMP scorer reads it."""
        return code

    def score_board(self, entries, scores, settings, expected):
        """The board's datum (or cross-IMP mode) and each table's IMPs."""
        board = score_board_imps(entries, self.method, settings)
        return {"method": self.method, **board_report.imp_pair_head(board, settings.cross_imps),
                "results": board_report.imp_pair_rows(scores, board, settings.cross_imps)}, board

    def render_board(self, data):
        """One board's IMP table as text."""
        return board_report.imp_pair_table(data)


DUPLICATE = DuplicateSystem("bridge-duplicate", "bridge", "Duplicate contract score, Law 77 (rules/bridge.md §5)")
RUBBER = RubberSystem("bridge-rubber", "bridge", "Rubber bridge score sheet with honours and rubber bonus "
                      "(rules/bridge.md §6); sessions of 2-6 players (rules/bridge-variants.md §7)", sheet=RubberLedger)
CHICAGO = SheetSystem("bridge-chicago", "bridge", "Chicago, four-deal bridge (rules/bridge.md §7)",
                      sheet=chicago_ledger)
IMPS = TeamSystem("bridge-imps", "bridge", "International match points, Law 78B (rules/bridge.md §8)")
VP = TeamSystem("bridge-vp", "bridge", "WBF 2013 continuous 20-VP scale (rules/bridge.md §11.3)", victory_points=True)
PAR = ParSystem("bridge-par", "bridge", "IMPs against par: each deal's duplicate score against its double-dummy par")
RUSSIAN = RussianSystem("bridge-russian", "bridge", "Russian scoring: IMPs against an HCP target (rules/bridge.md §14)")
MATCHPOINTS = MatchpointSystem("bridge-matchpoints", "bridge",
                               "Matchpoints on a board with Neuberg and adjusted scores (rules/bridge.md §9)",
                               aliases=("mp",))
BUTLER = ImpPairsSystem("bridge-butler", "bridge",
                        "IMP pairs against a trimmed-mean datum, Butler (rules/bridge.md §10.1)", method="butler")
CROSS_IMPS = ImpPairsSystem("bridge-cross-imps", "bridge",
                            "IMP pairs across the field, cross-IMPs (rules/bridge.md §10.2)", method="cross_imps")
