"""A matchpoint pairs session from its traveller lines (§9, §13.2-§13.3): board matchpoints per line,
pair totals and percentages, and ``average_plus_mode = "session_if_better"`` (§9.3) for artificial scores.

Exact Fractions throughout. Without a movement, the results expected per board ``N`` is the largest number of
traveller lines of any board of the section (§13.2).

Sections (§) are those of docs/rules/bridge.md.
"""
from fractions import Fraction

import attrs

from trickcore.scoring.bridge.duplicate.matchpoints import AdjustedScore, parse_adjusted, score_board
from trickcore.scoring.bridge.duplicate.traveller import adjustment_codes, comparison_entry, group_boards
from trickcore.scoring.bridge.settings import BridgeScoringSettings

@attrs.frozen
class LineMatchpoints:
    """One traveller line with its NS and EW matchpoints (None when not played) and its board's full top."""

    line: object
    ns: Fraction
    ew: Fraction
    top: Fraction
    artificial: bool = False


@attrs.frozen
class PairMatchpoints:
    """A pair's session: matchpoint ``total``, ``available`` top, ``boards`` counted and exact ``percentage``."""

    section: str
    pair: object
    total: Fraction
    available: Fraction
    boards: int

    @property
    def percentage(self):
        """100 × total / available (0 when the pair has no board)."""
        return 100 * self.total / self.available if self.available else Fraction(0)


def expected_from_lines(lines):
    """{section: N}: the largest number of traveller lines of any board of the section (§13.2, no movement)."""
    out = {}
    for (section, _), board_lines in group_boards(lines).items():
        out[section] = max(out.get(section, 0), len(board_lines))
    return out


def _board_lines(lines, settings, expected):
    out = []
    for (section, _), board_lines in group_boards(lines).items():
        entries = [comparison_entry(line) for line in board_lines]
        entries = [parse_adjusted(e, settings) if isinstance(e, str) else e for e in entries]
        board = score_board(entries, expected[section], mp_units=settings.mp_units, use_neuberg=settings.neuberg,
                            with_itself=settings.compare_with_itself)
        out.extend(LineMatchpoints(line, ns, ew, board.top, isinstance(entry, AdjustedScore))
                   for line, entry, ns, ew in zip(board_lines, entries, board.ns, board.ew))
    return out


def totals(scored, skip_artificial=False):
    """{(section, pair): PairMatchpoints} of scored lines (LineMatchpoints); NP lines count for nothing (§13.3)."""
    totals = {}
    for item in scored:
        if item.ns is None or (skip_artificial and item.artificial):
            continue
        for pair, mp in ((item.line.ns_pair, item.ns), (item.line.ew_pair, item.ew)):
            total, available, boards = totals.get((item.line.section, pair), (Fraction(0), Fraction(0), 0))
            totals[(item.line.section, pair)] = (total + mp, available + item.top, boards + 1)
    return {key: PairMatchpoints(key[0], key[1], *value) for key, value in totals.items()}


def _session_if_better(scored, settings):
    # §9.3: A+ is the better of its share and the pair's percentage on its other, non-artificial boards;
    # A- the worse of its share and that percentage. A pair with no such board keeps the fixed share.
    other = totals(scored, skip_artificial=True)
    out = []
    for item in scored:
        if not item.artificial:
            out.append(item)
            continue
        figures = []
        for pair, code, mp in zip((item.line.ns_pair, item.line.ew_pair), adjustment_codes(item.line.adjustment),
                                  (item.ns, item.ew)):
            session = other.get((item.line.section, pair))
            if session is not None and code in ("A+", "A-"):
                share = item.top * session.percentage / 100
                mp = max(mp, share) if code == "A+" else min(mp, share)
            figures.append(mp)
        out.append(attrs.evolve(item, ns=figures[0], ew=figures[1]))
    return out


def score_lines(lines, settings=None, expected=None):
    """Matchpoint every traveller line, board by board; ``expected`` = {section: N} (default: §13.2 rule)."""
    settings = settings or BridgeScoringSettings()
    lines = list(lines)
    expected = expected or expected_from_lines(lines)
    scored = _board_lines(lines, settings, expected)
    if settings.average_plus_mode == "session_if_better":
        scored = _session_if_better(scored, settings)
    return scored


def pair_totals(lines, settings=None, expected=None):
    """Each pair's matchpoint total, available top and percentage over the session (§13.3)."""
    return list(totals(score_lines(lines, settings, expected)).values())
