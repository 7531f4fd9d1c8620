"""A PBN board's traveller tables read as real scorers write them (rules/bridge.md §16.2): ``ScoreTable`` rows become
``TravellerLine`` records, ``TotalScoreTable`` rows the scorer's own ranking.

Scoring programs (Magic Contest, JFR Pary, BridgeWebs, ACBLscore exports, the PBN standard's examples) vary the
table: a column name may carry a ``+``/``-`` sort prefix, a ``Multiplicity`` column stands for that many
identical results, an adjusted score may sit in the score columns (``A+``/``A-``, ``60%``/``40%``) instead of
the contract column, and a score may be quoted. Every row is read or refused with the board, row and column.
The tables themselves are parsed by games.bridge.formats.pbn_tables; the writers are
scoring.bridge.duplicate.traveller's.
"""
import re

from trickcore.cards import parse_card
from trickcore.errors import NotationError, TrickcoreError
from trickcore.games.bridge.formats.pbn_read import result_tricks
from trickcore.games.bridge.formats.pbn_tables import find_table, table_rows
from trickcore.games.bridge.record import TravellerLine
from trickcore.games.bridge.vocab import Seat, parse_contract


def table_cells(board, name, source=None):
    """The rows of the board's table ``name`` as (row number, {column: value or None}); [] without the table.

    Column names are lower-case without their sort prefix (``+MP_NS`` is ``mp_ns``); a row with a
    ``Multiplicity`` column is given once, its count read by ``multiplicity``.
    """
    found = find_table(board, name)
    if found is None:
        return []
    spec, rows = found
    return [(number, {column.lstrip("+-").strip(): value for column, value in cells.items()})
            for number, cells in table_rows(spec, rows, name, source)]


def multiplicity(cells):
    """How many identical results a ScoreTable row stands for (its ``Multiplicity`` column, else 1)."""
    value = cells.get("multiplicity")
    count = 1 if value is None else _number(value)
    if count < 1:
        raise NotationError(f"multiplicity {value!r} is not a whole number >= 1", field="Multiplicity")
    return count


def pair_id(value):
    """A pair id as a table writes it: a number when it is one, else the text (some files use ids like "A1")."""
    return int(value) if value is not None and value.isdigit() else value


def _number(value):
    if value is None:
        return None
    if not re.fullmatch(r"[+-]?\d+", value):
        raise NotationError(f"{value!r} is not a whole number")
    return int(value)


_PERCENT = re.compile(r"(\d{1,3})%")
_CODES = ("A+", "A", "A-")


def _adjusted_part(value):
    """The artificial part an adjusted score column holds ("A+", "A", "A-" or "60%"), or None for a score."""
    text = (value or "").upper().replace("−", "-").strip()
    if text in _CODES:
        return text
    match = _PERCENT.fullmatch(text)
    return f"{match.group(1)}%" if match else None


def _adjustment_in_scores(ns_text, ew_text):
    # An adjusted score written in the score columns: A+/A- codes, or percentages (one side alone gives the
    # other side its complement, as a single code gives the mirror code). Both columns are read independently
    # (Law 12C2: "A+" in both means neither pair was at fault, 60% each).
    ns, ew = _adjusted_part(ns_text), _adjusted_part(ew_text)
    if ns is None and ew is None:
        return None
    if ns is None or ew is None:
        given, missing = (ns, ew_text) if ns is not None else (ew, ns_text)
        if missing is not None:
            raise NotationError(f"an adjusted score beside the score {missing!r}", field="Score_NS")
        mirror = {"A+": "A-", "A-": "A+", "A": "A"}
        other = mirror.get(given) or f"{100 - int(given[:-1])}%"
        ns, ew = (given, other) if ns is not None else (other, given)
    if ns.endswith("%") or ew.endswith("%"):
        percent = {"A+": "60", "A": "50", "A-": "40"}
        return f"A{percent.get(ns, ns[:-1])}/{percent.get(ew, ew[:-1])}"
    return f"{ns}/{ew}"


def traveller_line(board, contract, *, declarer=None, result=None, lead=None, ns_score=None, **where):
    """The TravellerLine of one result as a traveller writes it (CSV, USEBIO, a ScoreTable row): ``contract`` is
    a contract (``4SX``), ``PASS``/``P``/``AP``, ``NP``, an artificial code (``A+``, ``A+/A-``, ``A60/40``) or
    ``ASSIGNED`` (empty with a score means assigned too); ``result`` tricks or ``=``/``+k``/``-k``; ``ns_score``
    an int or None; ``where`` the section, round, table and pair ids. Errors name the field at fault."""
    text = (contract or "").upper().replace(" ", "").replace("−", "-")
    if text == "NP":
        return TravellerLine(board=board, kind="not_played", **where)
    if text in ("PASS", "P", "AP"):
        return TravellerLine(board=board, kind="passed_out", ns_score=ns_score, **where)
    if text in ("", "ASSIGNED", "ADJ", "ADJUSTED", "ARB"):
        if ns_score is None:
            raise NotationError("a result needs a contract, or a score when the director assigned one",
                                field="contract")
        return TravellerLine(board=board, kind="assigned", ns_score=ns_score, **where)
    if text.startswith("A"):
        return TravellerLine(board=board, kind="artificial", adjustment=text, **where)
    parsed = parse_contract(text)
    if declarer is None:
        raise NotationError(f"the contract {text} needs its declarer", field="declarer")
    if result is None:
        raise NotationError(f"the contract {text} needs its result", field="result")
    tricks = _read(lambda r: result_tricks(r, parsed), result, "result")
    seat = _read(Seat.parse, declarer.lstrip("^"), "declarer")
    card = None if lead is None else _read(parse_card, lead, "lead")
    return TravellerLine(board=board, kind="played", contract=parsed, declarer=seat, tricks=tricks, lead=card,
                         ns_score=ns_score, **where)


def _read(parse, text, field):
    try:
        return parse(text)
    except TrickcoreError as exc:
        raise exc.located(field=field)


def score_line(number, cells, section="A"):
    """The TravellerLine of one ScoreTable row (its cells as ``table_cells`` gives them) of board ``number``."""
    where = dict(section=cells.get("section") or section, round=_number(cells.get("round")),
                 table=_number(cells.get("table")), ns_pair=pair_id(cells.get("pairid_ns")),
                 ew_pair=pair_id(cells.get("pairid_ew")))
    contract = (cells.get("contract") or "").upper().replace(" ", "")
    adjustment = _adjustment_in_scores(cells.get("score_ns"), cells.get("score_ew"))
    # The score columns say more than a single code in the contract column (which names the N-S award only).
    if adjustment is not None and (contract in ("", "ADJ", "ADJUSTED", "ARB") or _adjusted_part(contract)):
        return TravellerLine(board=number, kind="artificial", adjustment=adjustment, **where)
    score = _number(cells.get("score_ns"))
    ew_score = _number(cells.get("score_ew"))
    if score is not None and ew_score is not None and score != -ew_score:
        raise NotationError(f"Score_NS {score} and Score_EW {ew_score} disagree", field="Score_EW")
    score = -ew_score if score is None and ew_score is not None else score
    return traveller_line(number, contract, declarer=cells.get("declarer") or "?", result=cells.get("result") or "?",
                          lead=cells.get("lead"), ns_score=score, **where)


def _where(board, number, source):
    where = f"board {board.number}, ScoreTable row {number}"
    return f"{source}, {where}" if source else where


def traveller_rows(board, source=None):
    """The board's ``ScoreTable`` as (where, TravellerLine, cells) triples, a row of multiplicity k giving k
    lines, a sit-out row ("Bye") none; ``where`` names the file, board and row, ``cells`` are the row's as
    ``table_cells`` gives them. [] without a ScoreTable."""
    if find_table(board, "ScoreTable") is None:
        return []
    if board.number is None:
        raise NotationError("a ScoreTable needs the board number", source=source, field="Board")
    out = []
    for number, cells in table_cells(board, "ScoreTable", source):
        if _sit_out(cells):
            continue
        where = _where(board, number, source)
        try:
            line = score_line(board.number, cells)
            out.extend([(where, line, cells)] * multiplicity(cells))
        except TrickcoreError as exc:
            raise exc.located(source=where, field=exc.field or "ScoreTable")
    return out


def _sit_out(cells):
    # A row for the pair that sits out (Ruter writes "Bye" in the score columns and "-" for the absent pair's
    # id) records no result: the pair's award for the round is the scorer's, not a traveller line.
    return any((cells.get(column) or "").upper() == "BYE" for column in ("score_ns", "score_ew", "contract"))


def traveller_lines(board, source=None):
    """The board's ``ScoreTable`` rows as ``TravellerLine`` records (rules/bridge.md §16.2); [] without a ScoreTable."""
    return [line for _, line, _ in traveller_rows(board, source)]


def total_score_rows(board, source=None):
    """The board's ``TotalScoreTable`` (a scorer's ranking) as dicts of its cells, in the file's order."""
    return [cells for _, cells in table_cells(board, "TotalScoreTable", source)]
