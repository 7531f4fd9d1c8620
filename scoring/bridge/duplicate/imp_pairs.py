"""An IMP-pairs session from its traveller lines (§10.3, §13.3-§13.4): board IMPs per line, pair
totals, and the ranking per field by total or per board, with shared places written ``1=``.

Sections (§) are those of docs/rules/bridge.md."""
from fractions import Fraction

import attrs

from trickcore.scoring.bridge.duplicate.butler import score_board_imps
from trickcore.scoring.bridge.duplicate.traveller import comparison_entry, group_boards
from trickcore.scoring.bridge.ranking import places
from trickcore.scoring.bridge.settings import BridgeScoringSettings


@attrs.frozen
class LineImps:
    """One traveller line with its NS and EW IMPs (None when not played) and the board's Butler datum."""

    line: object
    ns: object
    ew: object
    datum: int = None


def score_lines(lines, method="butler", settings=None):
    """Every traveller line with its IMPs under ``method`` ("butler" or "cross_imps"), board by board."""
    settings = settings or BridgeScoringSettings()
    out = []
    for board_lines in group_boards(lines).values():
        board = score_board_imps([comparison_entry(line) for line in board_lines], method, settings)
        out.extend(LineImps(line, ns, ew, board.datum) for line, ns, ew in zip(board_lines, board.ns, board.ew))
    return out


@attrs.frozen
class PairImps:
    """A pair's IMP total over the boards it has a result or an artificial score on (§13.3)."""

    section: str
    pair: object
    field: str
    total: Fraction
    boards: int

    def figure(self, imp_ranking="total"):
        """The ranking figure (§10.3): the total, or the average per board played for "per_board"."""
        if imp_ranking == "per_board":
            return Fraction(self.total, self.boards) if self.boards else Fraction(0)
        return self.total


def pair_fields(lines):
    """(section, pair) → field: "NS"/"EW" when every pair keeps its direction in its section, else "all"."""
    seen = {}
    for line in lines:
        for pair, direction in ((line.ns_pair, "NS"), (line.ew_pair, "EW")):
            seen.setdefault((line.section, pair), set()).add(direction)
    switched = {section for (section, _), directions in seen.items() if len(directions) > 1}
    return {key: "all" if key[0] in switched else directions.pop() for key, directions in seen.items()}


def totals(scored, fields):
    """Each pair's IMP total and boards played from scored lines (LineImps), in first-seen order; ``fields`` as
    ``pair_fields`` gives them. NP lines count for neither (§13.3)."""
    sums, boards = {}, {}
    for item in scored:
        for pair, figure in ((item.line.ns_pair, item.ns), (item.line.ew_pair, item.ew)):
            key = (item.line.section, pair)
            sums.setdefault(key, Fraction(0))
            boards.setdefault(key, 0)
            if figure is not None:
                sums[key] += figure
                boards[key] += 1
    return [PairImps(section, pair, fields[(section, pair)], sums[(section, pair)], boards[(section, pair)])
            for section, pair in sums]


def pair_totals(lines, method="butler", settings=None):
    """Each pair's IMP total and boards played, in first-seen order; NP lines count for neither (§13.3)."""
    lines = list(lines)
    return totals(score_lines(lines, method, settings), pair_fields(lines))


@attrs.frozen
class Placed:
    """A ranked pair: its place text (``1``, ``1=``) and its ranking figure."""

    place: str
    pair: PairImps
    figure: Fraction


def rank_pairs(totals, imp_ranking="total"):
    """Rank pairs within each (section, field), best figure first, ties sharing a place (§13.4)."""
    groups = {}
    for pair in totals:
        groups.setdefault((pair.section, pair.field), []).append(pair)
    out = []
    for members in groups.values():
        ordered = sorted(members, key=lambda p: -p.figure(imp_ranking))
        figures = [p.figure(imp_ranking) for p in ordered]
        out.extend(Placed(place, pair, figure) for place, pair, figure in zip(places(figures), ordered, figures))
    return out
