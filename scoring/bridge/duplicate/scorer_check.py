"""The scorer's own figures checked against ours (``tricks bridge session score --check``): every traveller line
and every ranked pair whose figures in the results file differ from ours at the file's own precision, with the
rule that explains the difference when one is known.

A results file may carry its scorer's figures (PBN ``MP_NS``/``IMP_NS``/``Percentage_NS`` columns and the
``TotalScoreTable``; USEBIO's match points, places and totals): readers keep them in ``Results.printed`` and
``Results.ranking``. A figure agrees when ours, rounded as the file rounds it (its number of decimals), is the
file's. The known reasons: the scorer's rounding (a total added from each line's rounded figures, a percentage of
that rounded total), a setting the scorer uses and we do not by default (each result compared with itself,
Neuberg factoring, the ACBL units: scoring again with it reproduces the file), an adjusted score (Law 12C2), and a
board with fewer results than expected (a weighted average or Neuberg factor of the scorer's own).
"""
from decimal import Decimal, InvalidOperation
from fractions import Fraction

import attrs

from trickcore.errors import InputError
from trickcore.scoring.bridge.display import format_figure, round_half_away
from trickcore.scoring.bridge.duplicate.session import score_session
from trickcore.scoring.bridge.settings import BridgeScoringSettings

# Settings a scorer may use that change the figures: each is tried in turn to explain a difference.
_ALTERNATIVES = (("compare_with_itself", "the scorer compares each result with itself "
                                         "(--set compare_with_itself={value} reproduces it)"),
                 ("neuberg", "the scorer's factoring of a board with fewer results (--set neuberg={value} "
                             "reproduces it)"),
                 ("mp_units", "the scorer's matchpoint units (--set mp_units={value} reproduces it)"))
_OTHER_VALUE = {True: False, False: True, "european": "acbl", "acbl": "european"}


@attrs.frozen
class Difference:
    """A figure of the file that is not ours: on a traveller line (``board``, ``ns_pair``, ``ew_pair``, ``where``
    it was read) or of a ranked ``pair``; ``figure`` names it (NS, EW, NS %, EW %, datum; total, percentage,
    place, boards), ``ours`` and ``file`` as shown, and the ``reason`` when a rule explains it."""

    kind: str
    figure: str
    ours: str
    file: str
    reason: str = None
    section: str = "A"
    board: int = None
    ns_pair: object = None
    ew_pair: object = None
    pair: object = None
    where: str = None


@attrs.frozen
class SessionCheck:
    """The comparison of a results file's own figures with ours: the ``source``, the scoring ``method``, how
    many ``lines`` and ranked ``pairs`` carried figures, and every Difference (lines first, then pairs)."""

    source: str
    method: str
    lines: int
    pairs: int
    differences: tuple

    def to_dict(self):
        """JSON-ready data: the counts and every difference."""
        return {"source": self.source, "method": self.method, "lines": self.lines, "pairs": self.pairs,
                "differences": [{k: v for k, v in attrs.asdict(d).items() if v is not None}
                                for d in self.differences]}

    def text(self):
        """The report as text: the counts, then a line per difference with its reason."""
        line_diffs = [d for d in self.differences if d.kind == "line"]
        pair_diffs = [d for d in self.differences if d.kind == "pair"]
        out = [f"{self.source}: the scorer's figures against ours ({self.method}): {self.lines} line(s), "
               f"{self.pairs} ranked pair(s) compared",
               f"lines: {len(line_diffs)} figure(s) differ" if line_diffs else "lines: every figure agrees"]
        out += [f"  board {d.board} {d.ns_pair} v {d.ew_pair} {d.figure}: ours {d.ours}, file {d.file}"
                + (f": {d.reason}" if d.reason else "") for d in line_diffs]
        out.append(f"pairs: {len(pair_diffs)} figure(s) differ" if pair_diffs else "pairs: every figure agrees")
        out += [f"  pair {d.pair} {d.figure}: ours {d.ours}, file {d.file}" + (f": {d.reason}" if d.reason else "")
                for d in pair_diffs]
        return "\n".join(out) + "\n"


def _printed_number(text):
    """(value, decimals) of a figure as a file writes it ("25.2", "67", "61.21%"), or None when it is none."""
    text = (text or "").strip().rstrip("%").replace(",", ".")
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return Fraction(value), max(0, -value.as_tuple().exponent)


def _agrees(ours, text):
    printed = _printed_number(text)
    if printed is None or ours is None:
        return printed is None and ours is None
    value, places = printed
    return round_half_away(ours, places) == value


def _shown(value):
    return "-" if value is None else format_figure(value)


def _line_figures(scored, printed):
    """(figure name, ours, file text) of a line's figures that the file gives."""
    out = [("NS", scored.ns, printed.ns), ("EW", scored.ew, printed.ew)]
    if scored.top:
        out += [("NS %", None if scored.ns is None else 100 * scored.ns / scored.top, printed.ns_percent),
                ("EW %", None if scored.ew is None else 100 * scored.ew / scored.top, printed.ew_percent)]
    out.append(("datum", scored.datum, printed.datum))
    return [(name, ours, text) for name, ours, text in out if text is not None]


def _rescored(results, method, settings, movement):
    """{setting: the session scored with that setting changed} for the settings a scorer may use."""
    out = {}
    for name, _ in _ALTERNATIVES:
        if name == "mp_units" and method != "matchpoints":
            continue
        value = _OTHER_VALUE[getattr(settings, name)]
        out[name] = (value, score_session(results, method, settings.with_values(**{name: value}), movement))
    return out


def _setting_reason(alternatives, figure_of, text):
    for name, template in _ALTERNATIVES:
        if name in alternatives:
            value, session = alternatives[name]
            if _agrees(figure_of(session), text):
                return template.format(value=str(value).lower())
    return None


def _short_boards(session):
    counts = {}
    for scored in session.lines:
        if scored.ns is not None and not scored.artificial:
            key = (scored.line.section, scored.line.board)
            counts[key] = counts.get(key, 0) + 1
    return {key for key, n in counts.items() if n < session.expected.get(key[0], n)}


_FIGURE_INDEX = {"NS": "ns", "EW": "ew", "datum": "datum"}


def _line_figure(scored, name):
    if name in _FIGURE_INDEX:
        return getattr(scored, _FIGURE_INDEX[name])
    side = scored.ns if name == "NS %" else scored.ew
    return None if side is None or not scored.top else 100 * side / scored.top


def _line_differences(results, session, alternatives):
    short = _short_boards(session)
    out = []
    for k, (scored, printed) in enumerate(zip(session.lines, results.printed)):
        line = scored.line
        for name, ours, text in _line_figures(scored, printed):
            if _agrees(ours, text):
                continue
            reason = _setting_reason(alternatives, lambda s, k=k, name=name: _line_figure(s.lines[k], name), text)
            if reason is None and scored.artificial:
                reason = (f"an adjusted score ({line.adjustment}): the scorer's award is not Law 12C2's share of "
                          "the top (A+ 60 %, A 50 %, A- 40 %) as the settings give it")
            elif reason is None and (line.section, line.board) in short:
                reason = ("a board with fewer results than expected: the scorer's weighted average or Neuberg "
                          "factor differs")
            out.append(Difference("line", name, _shown(ours), text, reason, line.section, line.board,
                                  line.ns_pair, line.ew_pair, where=results.where[k]))
    return out


def _standing(session, row):
    found = [s for s in session.standings if (s.section, s.pair) == (row.section, row.pair)]
    if len(found) > 1 and row.direction:
        found = [s for s in found if s.field == row.direction] or found
    return found[0] if found else None


def _printed_line_sums(results, session):
    """{(section, pair): (the sum of the file's own figures of the pair's lines, their decimals)} when the file
    gives a figure on every scored line of the pair."""
    sums, missing = {}, set()
    for scored, printed in zip(session.lines, results.printed):
        for pair, text in ((scored.line.ns_pair, printed.ns), (scored.line.ew_pair, printed.ew)):
            key = (scored.line.section, pair)
            number = _printed_number(text)
            if scored.ns is None:
                continue
            if number is None:
                missing.add(key)
                continue
            total, places = sums.get(key, (Fraction(0), 0))
            sums[key] = (total + number[0], max(places, number[1]))
    return {key: value for key, value in sums.items() if key not in missing}


def _rounded_line_sum(session, key, places):
    # Our own figures of the pair's lines, each rounded as the file rounds its lines, added up.
    total = Fraction(0)
    for scored in session.lines:
        for pair, figure in ((scored.line.ns_pair, scored.ns), (scored.line.ew_pair, scored.ew)):
            if (scored.line.section, pair) == key and figure is not None:
                total += round_half_away(figure, places)
    return total


def _total_reason(results, session, standing, text, sums, alternatives):
    key = (standing.section, standing.pair)
    if key in sums:
        printed_sum, places = sums[key]
        if _agrees(printed_sum, text):
            if _agrees(_rounded_line_sum(session, key, places), text):
                return (f"the scorer's rounding: it adds each line's figures rounded to {places} decimal(s) "
                        f"({float(printed_sum):.{places}f})")
            return "the file's own line figures differ (see the lines)"
    return _setting_reason(alternatives, lambda s: _figure(_same(s, standing), "total"), text)


def _same(session, standing):
    return next((s for s in session.standings if (s.section, s.pair, s.field) ==
                 (standing.section, standing.pair, standing.field)), None)


def _figure(standing, name):
    if standing is None:
        return None
    return {"total": standing.total, "percentage": standing.percentage, "boards": standing.boards}[name]


def _place_number(place):
    return (place or "").strip().rstrip("=")


def _pair_differences(results, session, alternatives):
    sums = _printed_line_sums(results, session) if results.printed else {}
    out, totals_differ = [], set()
    rows = [(row, _standing(session, row)) for row in results.ranking]
    for row, standing in rows:
        if standing is None:
            out.append(Difference("pair", "place", "-", row.place or "-", "the pair has no scored line",
                                  row.section, pair=row.pair))
            continue
        more_boards = _more_boards(row, standing)
        for name, text in (("total", row.total), ("percentage", row.percentage), ("boards", row.boards)):
            ours = _figure(standing, name)
            if text is None or _agrees(ours, text):
                continue
            if name == "total":
                totals_differ.add((standing.section, standing.field))
            if more_boards:
                reason = more_boards
            elif name == "total":
                reason = _total_reason(results, session, standing, text, sums, alternatives)
            elif name == "percentage":
                reason = _percentage_reason(row, standing, text, alternatives)
            else:
                reason = None
            out.append(Difference("pair", name, _shown(ours), text, reason, standing.section, pair=standing.pair))
    for row, standing in rows:
        if standing is not None and row.place and _place_number(row.place) != _place_number(standing.place):
            reason = ("follows from the totals that differ" if (standing.section, standing.field) in totals_differ
                      else None)
            out.append(Difference("pair", "place", standing.place, row.place, reason, standing.section,
                                  pair=standing.pair))
    return out


def _more_boards(row, standing):
    # A ranking over more boards than the file's results (a multi-session event's running ranking).
    printed = _printed_number(row.boards)
    if printed is None or printed[0] == standing.boards:
        return None
    return (f"the file's ranking counts {row.boards} boards and its results {standing.boards} for this pair "
            "(a ranking over more sessions or boards than the file holds)")


def _percentage_reason(row, standing, text, alternatives):
    printed_total = _printed_number(row.total)
    if printed_total is not None and standing.available:
        if _agrees(100 * printed_total[0] / standing.available, text):
            return "the scorer's rounding: the percentage of its own rounded total"
    return _setting_reason(alternatives, lambda s: _figure(_same(s, standing), "percentage"), text)


def check_session(results, method="matchpoints", settings=None, movement=None):
    """Score ``results`` (a Results) as ``score_session`` does and compare the file's own figures with ours: a
    SessionCheck listing every line and pair that differ, with the reason when one is known. InputError when
    the file carries none of the scorer's figures."""
    if not results.printed and not results.ranking:
        raise InputError("the file carries none of the scorer's own figures (PBN MP_/IMP_ columns or a "
                         "TotalScoreTable, USEBIO match points or totals) to check", source=results.source,
                         field="check")
    settings = settings or BridgeScoringSettings()
    session = score_session(results, method, settings, movement)
    alternatives = _rescored(results, method, settings, movement)
    lines = _line_differences(results, session, alternatives) if results.printed else []
    pairs = _pair_differences(results, session, alternatives)
    return SessionCheck(results.source, method, sum(1 for p in results.printed if p.ns or p.ew),
                        len(results.ranking), tuple(lines + pairs))
