"""Traveller lines scored (bridge.md §9, §16): the NS score of a line, the board entries the session scorers
compare, and a board's traveller written back as a PBN ``ScoreTable`` with its matchpoints or IMPs.

The ``TravellerLine`` record itself is the game's (games.bridge.record): it carries no cards beyond the opening
lead, so the session scorers (matchpoints, Butler, cross-IMPs) read it without importing any play code.
``line_ns_score`` gives the NS score that enters the comparison set (§9.1) and checks a stated score against
the result; ``comparison_entry`` the board entry the comparison functions take.
"""
from trickcore.games.bridge.vocab import board_vulnerability
from trickcore.scoring.bridge.contract import ns_score
from trickcore.errors import InvalidRecord

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
    table = [[_cell(value) for value in (line.section, line.table, line.round, line.ns_pair, line.ew_pair,
                                         *_score_cells(line), ns, ew)]
             for line, (ns, ew) in zip(lines, figures)]
    columns = spec.split(";")
    widths = [max([int(c.split("\\")[1][:-1])] + [len(row[k]) for row in table]) for k, c in enumerate(columns)]
    # A column is widened, for every row, when one of its values is longer than the declared width.
    spec = ";".join(f"{c.split(chr(92))[0]}\\{w}{c[-1]}" for c, w in zip(columns, widths))
    rows = tuple(" ".join(text.ljust(w) if c.endswith("L") else text.rjust(w)
                          for text, w, c in zip(row, widths, columns)) for row in table)
    return "ScoreTable", spec, rows


def _score_cells(line):
    # Contract, Declarer, Result, Lead, Score_NS, Score_EW, by the §16.2 export rule of each kind.
    if line.kind in ("not_played", "artificial"):
        return ["NP" if line.kind == "not_played" else line.adjustment] + [None] * 5
    score = line_ns_score(line)
    first = {"played": str(line.contract), "passed_out": "Pass", "assigned": "ASSIGNED"}[line.kind]
    return [first, None if line.declarer is None else line.declarer.name, line.tricks,
            None if line.lead is None else str(line.lead), score if score >= 0 else None,
            -score if score < 0 else None]


def _cell(value):
    text = "-" if value is None else str(value)
    return f'"{text}"' if " " in text else text
