"""Traveller lines scored (§9, §16): the NS score of a line, the board entries the session scorers
compare, and a board's traveller written back as a PBN ``ScoreTable`` with its matchpoints or IMPs.

The ``TravellerLine`` record itself is the game's (games.bridge.record): it carries no cards beyond the opening
lead, so the session scorers (matchpoints, Butler, cross-IMPs) read it without importing any play code.
``line_ns_score`` gives the NS score that enters the comparison set (§9.1) and checks a stated score against
the result; ``comparison_entry`` the board entry the comparison functions take; ``written_fields`` a line in the
canonical export spellings.

Sections (§) are those of docs/rules/bridge.md.
"""
from trickcore.games.bridge.vocab import board_vulnerability
from trickcore.scoring.bridge.contract.score import ns_score
from trickcore.errors import InvalidRecord

_MIRROR = {"A+": "A-", "A-": "A+", "A": "A"}


def adjustment_codes(code):
    """(NS code, EW code) of an artificial score: each "A+", "A", "A-", or None for an explicit percentage."""
    parts = str(code).strip().upper().replace("−", "-").split("/")
    if len(parts) == 1 and parts[0] in _MIRROR:
        parts.append(_MIRROR[parts[0]])
    return tuple(p if p in _MIRROR else None for p in parts) if len(parts) == 2 else (None, None)


def canonical_code(code):
    """The export spelling of an artificial code (§16.5): ``A`` when both parts are ``A``, else ``NS/EW``
    (``A+/A-``, ``A+/A+``: a single ``A+`` would read back as ``A+/A-``); explicit percentages as ``A60/40``."""
    ns, ew = adjustment_codes(code)
    if ns is None or ew is None:
        return str(code).strip().upper().replace("−", "-")
    return ns if ns == ew == "A" else f"{ns}/{ew}"


def written_fields(line):
    """A line's result in the canonical spellings of the CSV traveller (§16.1, §16.5): contract (``3NT``,
    ``4SX``, ``PASS``, ``NP``, ``A+/A-``, ``ASSIGNED``), declarer, relative result (``=``, ``+1``, ``-2``), lead
    and NS score, each None when the line has none."""
    contract = {"passed_out": "PASS", "not_played": "NP", "assigned": "ASSIGNED"}.get(line.kind)
    declarer = result = None
    if line.kind == "artificial":
        contract = canonical_code(line.adjustment)
    elif line.kind == "played":
        contract, declarer = str(line.contract), line.declarer.name
        over = line.tricks - line.contract.tricks_needed
        result = "=" if over == 0 else f"{over:+d}"
    return {"contract": contract, "declarer": declarer, "result": result,
            "lead": None if line.lead is None else str(line.lead), "ns_score": line_ns_score(line)}


def _computed_score(line):
    if line.kind == "passed_out":
        return 0
    if line.kind == "played":
        return ns_score(line.contract, line.declarer, board_vulnerability(line.board), line.tricks)
    return None


def line_ns_score(line):
    """The NS score a line puts into the comparison set, or None for artificial and not-played lines;
    InvalidRecord when the line states an NS score that its contract and tricks do not give."""
    computed = _computed_score(line)
    if computed is not None and line.ns_score is not None and line.ns_score != computed:
        raise InvalidRecord(f"board {line.board}: ns_score {line.ns_score} does not match the result ({computed})",
                            field="ns_score")
    return line.ns_score if computed is None else computed


def comparison_entry(line):
    """The board entry of a line: its NS score (int), its artificial code (str), or None when not played."""
    if line.kind == "artificial":
        return line.adjustment
    return line_ns_score(line)


def group_boards(lines):
    """The lines grouped by (section, board), in first-seen order."""
    boards = {}
    for line in lines:
        boards.setdefault((line.section, line.board), []).append(line)
    return boards


_SCORE_COLUMNS = ("Section\\1L;Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\6L;Declarer\\1R;"
                  "Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R")


def score_table(lines, figures=None, imps=False):
    """A board's traveller as a PBN ``ScoreTable`` (name, column spec, rows) for ``Board.tables`` (§16.2 export).

    ``figures`` are each line's (NS, EW) matchpoints, or IMPs when ``imps``, already formatted (None = "-").
    """
    figures = list(figures) if figures is not None else [(None, None)] * len(lines)
    names = ("IMP_NS", "IMP_EW") if imps else ("MP_NS", "MP_EW")
    spec = _SCORE_COLUMNS + f";{names[0]}\\6R;{names[1]}\\6R"
    table = [[line.section, line.table, line.round, line.ns_pair, line.ew_pair, *_score_cells(line), ns, ew]
             for line, (ns, ew) in zip(lines, figures)]
    return pbn_table("ScoreTable", spec, table)


def pbn_table(name, spec, table):
    """A PBN table section (name, column spec, rows) from its declared ``spec`` (``Name\\widthL|R;...``) and
    its rows of values (None = "-"); a column is widened, for every row, when a value is longer than declared."""
    table = [[_cell(value) for value in row] for row in table]
    columns = spec.split(";")
    widths = [max([int(c.split("\\")[1][:-1])] + [len(row[k]) for row in table]) for k, c in enumerate(columns)]
    spec = ";".join(f"{c.split(chr(92))[0]}\\{w}{c[-1]}" for c, w in zip(columns, widths))
    rows = tuple(" ".join(text.ljust(w) if c.endswith("L") else text.rjust(w)
                          for text, w, c in zip(row, widths, columns)).rstrip() for row in table)
    return name, spec, rows


def total_score_table(standings, imps=False):
    """A session's ranking as a PBN ``TotalScoreTable`` (§16.2 export) from rows of (place, pair, direction,
    boards, total, percentage, names), figures already formatted; IMP events have no percentage column."""
    columns = ["Rank\\3R", "PairId\\3R", "Direction\\2L", "NrBoards\\2R",
               "TotalScoreIMP\\7R" if imps else "TotalScoreMP\\7R"]
    if not imps:
        columns.append("TotalPercentage\\6R")
    columns.append("Names\\30L")
    rows = [[place, pair, direction, boards, total] + ([] if imps else [percentage]) + [names]
            for place, pair, direction, boards, total, percentage, names in standings]
    return pbn_table("TotalScoreTable", ";".join(columns), rows)


def _score_cells(line):
    # Contract, Declarer, Result, Lead, Score_NS, Score_EW, by the §16.2 export rule of each kind.
    if line.kind in ("not_played", "artificial"):
        return ["NP" if line.kind == "not_played" else canonical_code(line.adjustment)] + [None] * 5
    score = line_ns_score(line)
    first = {"played": str(line.contract), "passed_out": "Pass", "assigned": "ASSIGNED"}[line.kind]
    return [first, None if line.declarer is None else line.declarer.name, line.tricks,
            None if line.lead is None else str(line.lead), score if score >= 0 else None,
            -score if score < 0 else None]


def _cell(value):
    text = "-" if value is None else str(value)
    return f'"{text}"' if " " in text else text
