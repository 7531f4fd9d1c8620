"""A duplicate pairs session scored whole (§9, §10, §13): the results of a session as read from a file,
checked line by line (against the movement when there is one), scored by matchpoints, Butler or cross-IMPs,
and ranked per field, in one frozen model that every output (text, JSON, CSV, PBN, USEBIO, the HTML page) uses.

``Results`` is what a results file holds (traveller lines with where each was read, pair names, hand records,
the event); ``score_session(results, method, settings, movement)`` gives a ``Session``: every line with its
figures, the expected results per board, and the standings; ``Session.travellers()`` and ``Session.card()``
give the per-board travellers and the per-pair score cards.

A movement, when given, is a scoring.bridge.duplicate.movement Movement (built by ``mitchell``/``howell`` or read from a
movement file): every line is checked against it and it fixes the results expected per board.

Sections (§) are those of docs/rules/bridge.md.
"""
from fractions import Fraction

import attrs

from trickcore.errors import InputError, InvalidRecord, TrickcoreError
from trickcore.scoring.bridge.duplicate import imp_pairs, matchpoint_pairs
from trickcore.scoring.bridge.duplicate import movement as movements
from trickcore.scoring.bridge.duplicate.butler import parse_adjusted_imps
from trickcore.scoring.bridge.duplicate.matchpoints import parse_adjusted
from trickcore.scoring.bridge.duplicate.traveller import line_ns_score
from trickcore.scoring.bridge.ranking import places
from trickcore.scoring.bridge.settings import BridgeScoringSettings

METHODS = ("matchpoints", "butler", "cross_imps")


@attrs.frozen
class Event:
    """What the results file says about the event: its name, date (YYYY.MM.DD as PBN writes it), site, club."""

    name: str = None
    date: str = None
    site: str = None
    club: str = None


@attrs.frozen
class PrintedLine:
    """The scorer's own figures of one traveller line, as the file writes them (text, e.g. "25.2"; None when
    absent): the N-S and E-W matchpoints or IMPs, their percentages of the top, and a Butler datum."""

    ns: str = None
    ew: str = None
    ns_percent: str = None
    ew_percent: str = None
    datum: str = None


@attrs.frozen
class PrintedStanding:
    """One row of the scorer's own ranking, as the file writes it: the pair, its direction when the ranking has
    one ("NS", "EW"), its place ("3", "3="), total, percentage and boards (text, or None when absent)."""

    section: str
    pair: object
    place: str = None
    total: str = None
    percentage: str = None
    boards: str = None
    direction: str = None


@attrs.frozen
class Results:
    """A session's results as read from a file: traveller ``lines`` and, line by line, ``where`` each was read
    (file and line, or board and row) for the errors; pair ``names`` {(section, pair): (name, ...)}; the
    hand records ``boards`` (games.bridge.record.Board) when the file gives them; the ``event``; and, when the
    file carries them, the scorer's own figures: ``printed`` (a PrintedLine per line) and ``ranking``
    (PrintedStanding rows)."""

    source: str
    lines: tuple = attrs.field(converter=tuple)
    where: tuple = attrs.field(converter=tuple)
    names: dict = attrs.field(factory=dict)
    boards: tuple = attrs.field(default=(), converter=tuple)
    event: Event = Event()
    printed: tuple = attrs.field(default=(), converter=tuple)
    ranking: tuple = attrs.field(default=(), converter=tuple)

    def __attrs_post_init__(self):
        if len(self.where) != len(self.lines):
            raise ValueError("Results needs one location per line")
        if self.printed and len(self.printed) != len(self.lines):
            raise ValueError("Results needs the scorer's figures of every line, or of none")


def _fail(exc, where, field):
    raise exc.located(source=where, field=field)


def _check_movement(results, movement):
    """Every line against ``movement``, section by section (scoring.bridge.duplicate.movement.check_lines), each
    fault located at its line."""
    by_section = {}
    for k, line in enumerate(results.lines):
        by_section.setdefault(line.section, []).append(k)
    for indices in by_section.values():
        try:
            movements.check_lines(movement, [results.lines[k] for k in indices], line_numbers=indices)
        except InvalidRecord as exc:
            where, exc.line = results.where[exc.line], None
            raise exc.located(source=where) from None


def check_results(results, movement=None, method="matchpoints", settings=None):
    """Check every line of ``results`` (§13.1): a stated score the contract and tricks cannot give, an
    adjusted-score code the ``method`` does not know, a pair twice on a board or against itself, and with a
    movement a line its schedule does not have. The first fault raises an InvalidRecord naming the line."""
    settings = settings or BridgeScoringSettings()
    read_code = parse_adjusted if method == "matchpoints" else parse_adjusted_imps
    seen = {}
    for line, where in zip(results.lines, results.where):
        try:
            line_ns_score(line)
        except TrickcoreError as exc:
            _fail(exc, where, "ns_score")
        if line.kind == "assigned" and line.ns_score % 10:
            raise InvalidRecord(f"an assigned score is a multiple of 10, not {line.ns_score}", source=where,
                                field="ns_score")
        if line.kind == "artificial":
            try:
                read_code(line.adjustment, settings)
            except TrickcoreError as exc:
                exc.field = "contract"
                _fail(exc, where, "contract")
        if line.ns_pair is not None and line.ns_pair == line.ew_pair:
            raise InvalidRecord(f"pair {line.ns_pair} cannot play against itself", source=where, field="ew_pair")
        for pair, field in ((line.ns_pair, "ns_pair"), (line.ew_pair, "ew_pair")):
            if pair is None:
                continue
            key = (line.section, line.board, pair)
            if key in seen:
                raise InvalidRecord(f"pair {pair} has a second result on board {line.board} (first at "
                                    f"{seen[key]})", source=where, field=field)
            seen[key] = where
    if movement is not None:
        _check_movement(results, movement)


def expected_results(results, movement=None):
    """{section: N}, the results expected per board (§13.2): the most scheduled plays of any board with a
    movement, else the most traveller lines of any board."""
    if movement is None:
        return matchpoint_pairs.expected_from_lines(results.lines)
    most = movement.expected_results()
    return {section: most for section in {line.section for line in results.lines}}


@attrs.frozen
class ScoredLine:
    """A traveller line with its NS and EW figures (matchpoints or IMPs; None when not played), the board's top
    (matchpoints) or datum (Butler), and whether it is an artificial score."""

    line: object
    ns: Fraction
    ew: Fraction
    top: Fraction = None
    datum: int = None
    artificial: bool = False


@attrs.frozen
class PairStanding:
    """A pair's place in its field: ``total`` and ``boards`` (with matchpoints also ``available`` and the exact
    ``percentage``), ``figure`` the value ranked (percentage, IMP total or IMPs per board), ``place`` like
    ``1`` or ``1=``."""

    section: str
    field: str
    pair: object
    names: tuple
    place: str
    total: Fraction
    boards: int
    figure: Fraction
    available: Fraction = None
    percentage: Fraction = None


@attrs.frozen
class CardEntry:
    """One board of a pair's score card: the scored line, the direction the pair sat, its opponents, its own
    score (points for its side, None for artificial and not-played lines) and its figure."""

    scored: ScoredLine
    direction: str
    opponents: object
    score: int
    figure: Fraction


@attrs.frozen
class Session:
    """A scored pairs session: the ``method`` and ``settings``, the ``event``, the results expected per board
    per section, every line scored (board by board, in the order boards first appear), the standings per field
    (best first), pair names and the hand records by board number."""

    method: str
    settings: BridgeScoringSettings
    event: Event
    expected: dict
    lines: tuple
    standings: tuple
    names: dict
    boards: dict

    @property
    def imps(self):
        """Whether the figures are IMPs (Butler, cross-IMPs) rather than matchpoints."""
        return self.method != "matchpoints"

    def fields(self):
        """{(section, field): [PairStanding, ...]} in rank order."""
        out = {}
        for standing in self.standings:
            out.setdefault((standing.section, standing.field), []).append(standing)
        return out

    def travellers(self):
        """{(section, board): [ScoredLine, ...]}, boards in number order, lines in the file's order."""
        out = {}
        for scored in self.lines_in_board_order():
            out.setdefault((scored.line.section, scored.line.board), []).append(scored)
        return out

    def lines_in_board_order(self):
        """The scored lines sorted by section and board (stable: a board's lines keep the file's order)."""
        return sorted(self.lines, key=lambda s: (s.line.section, s.line.board))

    def cards(self):
        """Every pair's score card: {(section, pair): [CardEntry per board it was scheduled on, by board]}."""
        out = {}
        for scored in self.lines_in_board_order():
            line = scored.line
            points = line_ns_score(line)
            for pair, ns in ((line.ns_pair, True), (line.ew_pair, False)):
                if pair is None:
                    continue
                own = None if points is None else (points if ns else -points)
                out.setdefault((line.section, pair), []).append(
                    CardEntry(scored, "NS" if ns else "EW", line.ew_pair if ns else line.ns_pair, own,
                              scored.ns if ns else scored.ew))
        return out

    def card(self, section, pair):
        """The score card of ``pair`` of ``section``: a CardEntry per board it was scheduled on, in board order."""
        return self.cards().get((section, pair), [])


def _score_matchpoints(lines, settings, expected):
    scored = matchpoint_pairs.score_lines(lines, settings, expected)
    return [ScoredLine(s.line, s.ns, s.ew, top=s.top, artificial=s.artificial) for s in scored]


def _score_imps(lines, method, settings):
    return [ScoredLine(s.line, s.ns, s.ew, datum=s.datum, artificial=s.line.kind == "artificial")
            for s in imp_pairs.score_lines(lines, method, settings)]


def _standings(scored, method, settings, names):
    fields = imp_pairs.pair_fields([s.line for s in scored])
    rows = []
    if method == "matchpoints":
        for (section, pair), mp in matchpoint_pairs.totals(scored).items():
            rows.append(dict(section=section, field=fields[(section, pair)], pair=pair, total=mp.total,
                             boards=mp.boards, figure=mp.percentage, available=mp.available,
                             percentage=mp.percentage))
    else:
        for imp in imp_pairs.totals(scored, fields):
            rows.append(dict(section=imp.section, field=imp.field, pair=imp.pair, total=imp.total,
                             boards=imp.boards, figure=imp.figure(settings.imp_ranking)))
    # Pairs with no scored board (every board NP) still appear, at the foot of their field.
    listed = {(row["section"], row["pair"]) for row in rows}
    for (section, pair), field in fields.items():
        if (section, pair) not in listed and pair is not None:
            rows.append(dict(section=section, field=field, pair=pair, total=Fraction(0), boards=0,
                             figure=Fraction(0), available=Fraction(0) if method == "matchpoints" else None,
                             percentage=Fraction(0) if method == "matchpoints" else None))
    out = []
    groups = {}
    for row in rows:
        if row["pair"] is not None:
            groups.setdefault((row["section"], row["field"]), []).append(row)
    for key in sorted(groups, key=lambda k: (k[0], ("NS", "EW", "all").index(k[1]))):
        # Pairs tied on their figure are listed by pair number.
        ordered = sorted(groups[key], key=lambda r: (-r["figure"], pair_order(r["pair"])))
        figures = [r["figure"] for r in ordered]
        out.extend(PairStanding(place=place, names=tuple(names.get((r["section"], r["pair"]), ())), **r)
                   for place, r in zip(places(figures), ordered))
    return tuple(out)


def pair_order(pair):
    """Sort key of a pair id: numbers in order, then ids written as text (some files use them)."""
    return (0, pair, "") if isinstance(pair, int) else (1, 0, str(pair))


def score_session(results, method="matchpoints", settings=None, movement=None):
    """Check and score ``results`` (a Results) by ``method`` ("matchpoints", "butler" or "cross_imps"): every
    line's figures and the standings per field (§13). ``movement`` (see the module text) checks each line and
    fixes the results expected per board."""
    if method not in METHODS:
        raise InputError(f"method must be one of {', '.join(METHODS)}, not {method!r}", field="method")
    settings = settings or BridgeScoringSettings()
    if not results.lines:
        raise InvalidRecord("the results hold no traveller line", source=results.source)
    check_results(results, movement, method, settings)
    expected = expected_results(results, movement)
    lines = list(results.lines)
    try:
        if method == "matchpoints":
            scored = _score_matchpoints(lines, settings, expected)
        else:
            scored = _score_imps(lines, method, settings)
    except TrickcoreError as exc:
        raise exc.located(source=results.source)
    scored = tuple(scored)
    boards = {board.number: board for board in results.boards if board.number is not None}
    return Session(method, settings, results.event, expected, scored,
                   _standings(scored, method, settings, results.names), dict(results.names), boards)
