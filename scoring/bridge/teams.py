"""Team matches and a round-robin of teams (§11): board IMPs between the two rooms, each match's IMPs
and victory points on the WBF 2013 scale, and the standings by VPs; read from the project's team-results CSV.

The team-results file (the spec has none; this is the project's, in the spirit of the §16.5 traveller): UTF-8
(else ISO-8859-1), comma-separated (or as trickcore.files.csv_rows reads a spreadsheet's CSV), one header line,
``#`` lines and empty lines ignored, header names case-insensitive, columns in any order, an unknown column is an
error. One line per board of a match:

* ``round`` (optional, default 1), ``home``, ``away`` (team names), ``board`` (≥ 1);
* for each room, ``open_*`` and ``closed_*``: ``contract``, ``declarer``, ``result``, ``ns_score``, read as the
  §16.5 traveller reads them (a contract with declarer and result, ``PASS``, ``NP``, an artificial code ``A+``,
  ``A``, ``A-`` or ``A+/A-``, ``ASSIGNED`` with its ``ns_score``); a room may also be given by its ``ns_score``
  alone (a score sheet without contracts).

The home team sits N-S in the open room and E-W in the closed room, so (§11.1) the home team's board IMPs are
``imps(open NS score − closed NS score)``. The lines of one round between two teams form their match; segments
of a match are simply more lines.

Sections (§) are those of docs/rules/bridge.md.
"""
import csv
import io
import json
from fractions import Fraction

import attrs

from trickcore.errors import InputError, InvalidRecord, NotationError
from trickcore.files import csv_rows, read_text
from trickcore.games.bridge.record import TravellerLine
from trickcore.games.bridge.formats.score_table import traveller_line
from trickcore.scoring.bridge.contract.imps import imps
from trickcore.scoring.bridge.contract.vp import team_victory_points
from trickcore.scoring.bridge.display import format_figure, format_vp
from trickcore.scoring.bridge.duplicate.butler import parse_adjusted_imps
from trickcore.scoring.bridge.duplicate.traveller import line_ns_score
from trickcore.scoring.bridge.ranking import places
from trickcore.scoring.bridge.settings import BridgeScoringSettings

ROOMS = ("open", "closed")
ROOM_FIELDS = ("contract", "declarer", "result", "ns_score")
COLUMNS = ("round", "home", "away", "board") + tuple(f"{room}_{f}" for room in ROOMS for f in ROOM_FIELDS)
REQUIRED = ("home", "away", "board")


@attrs.frozen
class TeamBoard:
    """One board of a team match: the two rooms' results (TravellerLine records: the open room's N-S pair is the
    home team) and the home team's IMPs on it (§11.1; the away team's are the negation). ``line`` is the file line
    (not part of the value)."""

    round: int
    home: str
    away: str
    board: int
    open: TravellerLine
    closed: TravellerLine
    imps: Fraction
    line: int = attrs.field(default=None, eq=False, repr=False)


def board_imps(open_room, closed_room, settings=None):
    """The home team's IMPs on a board from its two rooms' TravellerLine records (§11.1).

    Two table results: ``imps(open − closed)`` of the N-S scores. An artificial score in a room (LAW 86A: A+ = +3,
    A = 0, A− = −3 by the settings ``imp_average_plus`` / ``imp_average_minus``) replaces the comparison: each team
    receives its part (the N-S part goes to the team sitting N-S in that room), both rooms' parts add up, and the
    board's result for the match is half the difference of the two teams' awards, so A+/A− gives 3 IMPs like any
    3-IMP board and A+/A+ gives nothing. A not-played room (NP) without an artificial score gives 0.
    """
    settings = settings or BridgeScoringSettings()
    rooms = (open_room, closed_room)
    if any(room.kind == "artificial" for room in rooms):
        home = away = 0
        for room, home_sits_ns in zip(rooms, (True, False)):
            if room.kind == "artificial":
                award = parse_adjusted_imps(room.adjustment, settings)
                home += award.ns if home_sits_ns else award.ew
                away += award.ew if home_sits_ns else award.ns
        return Fraction(home - away, 2)
    if any(room.kind == "not_played" for room in rooms):
        return Fraction(0)
    return Fraction(imps(line_ns_score(open_room) - line_ns_score(closed_room)))


@attrs.frozen
class TeamMatch:
    """One match of a round: its boards, the teams' IMPs (§11.2: each the sum of its positive board IMPs), the
    margin and the VPs (§11.3) over the match's number of boards (not-played boards included: the scale is the
    scheduled match's)."""

    round: int
    home: str
    away: str
    boards: tuple
    home_imps: Fraction
    away_imps: Fraction
    home_vp: Fraction
    away_vp: Fraction

    @property
    def margin(self):
        """The home team's IMPs minus the away team's."""
        return self.home_imps - self.away_imps


def team_match(boards, settings=None):
    """The TeamMatch of one match's TeamBoard rows (one round, the same two teams)."""
    settings = settings or BridgeScoringSettings()
    boards = tuple(boards)
    first = boards[0]
    home = sum((max(b.imps, 0) for b in boards), Fraction(0))
    away = sum((max(-b.imps, 0) for b in boards), Fraction(0))
    home_vp, away_vp = team_victory_points(home - away, len(boards), repair=settings.vp_repair)
    return TeamMatch(first.round, first.home, first.away, boards, home, away, home_vp, away_vp)


@attrs.frozen
class TeamStanding:
    """A team's line in the standings: its place (``1=`` when shared), matches, IMPs won and lost, VPs."""

    place: str
    team: str
    matches: int
    imps_for: Fraction
    imps_against: Fraction
    vp: Fraction


def standings(matches):
    """The standings of a round-robin: every team by total VPs, best first (exact values; ties share the place,
    no tie-break: §13.4's ``tie_break = none``); teams with equal VPs are listed by name."""
    totals = {}
    for match in matches:
        for team, won, lost, vp in ((match.home, match.home_imps, match.away_imps, match.home_vp),
                                    (match.away, match.away_imps, match.home_imps, match.away_vp)):
            played, imps_for, imps_against, vps = totals.get(team, (0, Fraction(0), Fraction(0), Fraction(0)))
            totals[team] = (played + 1, imps_for + won, imps_against + lost, vps + vp)
    order = sorted(totals, key=lambda team: (-totals[team][3], team))
    ranks = places([totals[team][3] for team in order])
    return tuple(TeamStanding(place, team, *totals[team]) for place, team in zip(ranks, order))


@attrs.frozen
class TeamEvent:
    """A scored team event: its matches in round order and the standings."""

    matches: tuple
    standings: tuple


def score_team_boards(boards, settings=None, source=None):
    """Group TeamBoard rows into matches and score them (§11); InvalidRecord naming the source, line and field
    when a team plays twice in a round, meets itself, or a match lists a board twice."""
    groups, playing = {}, {}
    for row in boards:
        def fail(field, message):
            # Called within this iteration only: reading the loop's variable is meant.
            raise InvalidRecord(f"round {row.round}: {message}", source=source, line=row.line, field=field)  # noqa: B023

        if row.home == row.away:
            fail("away", f"team {row.home!r} cannot play against itself")
        key = (row.round, row.home, row.away)
        for field, team in (("home", row.home), ("away", row.away)):
            other = playing.setdefault((row.round, team), key)
            if other != key:
                fail(field, f"team {team!r} already plays {other[1]!r} v {other[2]!r} in this round")
        rows = groups.setdefault(key, [])
        if any(r.board == row.board for r in rows):
            fail("board", f"board {row.board} of {row.home!r} v {row.away!r} is given twice")
        rows.append(row)
    matches = tuple(team_match(rows, settings) for key, rows in sorted(groups.items(), key=lambda kv: kv[0][0]))
    return TeamEvent(matches, standings(matches))


# --- the team-results file -------------------------------------------------------------------------------------

PASSED_OUT = ("PASS", "P", "AP")


def _in_room(room, field, read, *args):
    """``read(*args)``; its error names this room's ``field`` (e.g. ``closed_result``)."""
    try:
        return read(*args)
    except InputError as exc:
        raise type(exc)(exc.message, field=f"{room}_{field}") from None


def _room_line(row, room, board, settings):
    """The TravellerLine of one room of a team-results line (module docstring), read as a traveller reads it
    (games.bridge.formats.score_table.traveller_line), with the room's own checks."""
    def cell(name):
        return row.get(f"{room}_{name}", "").strip()

    def fail(field, message):
        raise InvalidRecord(message, field=f"{room}_{field}")

    contract, declarer, result, score = (cell(f) for f in ROOM_FIELDS)
    ns_score = _in_room(room, "ns_score", _integer, score, "ns_score") if score else None
    code = contract.upper().replace("−", "-")
    home_ns = room == "open"
    at = {"round": row["round"], "table": ROOMS.index(room) + 1,
          "ns_pair": row["home"] if home_ns else row["away"], "ew_pair": row["away"] if home_ns else row["home"]}
    if (code in PASSED_OUT + ("NP", "ASSIGNED") or code.startswith("A")) and (declarer or result):
        fail("declarer" if declarer else "result", f"{code} has no declarer or result")
    if (code == "NP" or code.startswith("A")) and code != "ASSIGNED" and ns_score is not None:
        fail("ns_score", "a not-played or artificial room has no N-S score")
    try:
        line = traveller_line(board, contract, declarer=declarer or None, result=result or None, ns_score=ns_score,
                              **at)
    except InputError as exc:
        raise type(exc)(exc.message, field=f"{room}_{exc.field or 'contract'}") from None
    if line.kind == "artificial":
        _in_room(room, "contract", parse_adjusted_imps, code, settings)
    if line.kind == "played":
        _in_room(room, "ns_score", line_ns_score, line)
    return line


def _integer(text, field):
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"not a whole number: {text!r}", field=field) from None


def parse_team_results(text, settings=None, source=None):
    """The TeamBoard rows of a team-results file's text (module docstring); errors name source, line, field."""
    settings = settings or BridgeScoringSettings()
    header, rows = None, []
    for number, cells in csv_rows(text):
        try:
            if header is None:
                header = _header(cells)
                continue
            if len(cells) != len(header):
                raise NotationError(f"{len(cells)} cells for {len(header)} columns")
            row = dict(zip(header, cells))
            for name in REQUIRED:
                if not row[name]:
                    raise InvalidRecord("empty", field=name)
            row["round"] = _positive(row.get("round") or "1", "round")
            board = _positive(row["board"], "board")
            open_room, closed_room = (_room_line(row, room, board, settings) for room in ROOMS)
            rows.append(TeamBoard(row["round"], row["home"], row["away"], board, open_room, closed_room,
                                  board_imps(open_room, closed_room, settings), line=number))
        except InputError as exc:
            raise exc.located(source=source, line=number) from None
    if header is None:
        raise InvalidRecord(f"no header line ({','.join(REQUIRED)}, then open_* and closed_* columns)",
                            source=source)
    if not rows:
        raise InvalidRecord("no boards", source=source)
    return tuple(rows)


def _header(cells):
    names = [c.lower() for c in cells]
    for name in names:
        if name not in COLUMNS:
            raise NotationError(f"unknown column (columns: {', '.join(COLUMNS)})", field=name)
    for name in names:
        if names.count(name) > 1:
            raise NotationError("column given twice", field=name)
    for name in REQUIRED:
        if name not in names:
            raise NotationError("missing column", field=name)
    return names


def _positive(text, field):
    value = _integer(text, field)
    if value < 1:
        raise InvalidRecord(f"{field} must be >= 1, not {value}", field=field)
    return value


def score_team_file(path, settings=None):
    """Read and score the team-results file at ``path``: a TeamEvent."""
    source = str(path)
    return score_team_boards(parse_team_results(read_text(path, "iso-8859-1"), settings, source), settings, source)


# --- output -----------------------------------------------------------------------------------------------------

def _room_text(line):
    if line.kind == "played":
        return f"{line.contract} {line.declarer.name} {line.tricks}"
    return {"passed_out": "Pass", "not_played": "NP", "artificial": line.adjustment, "assigned": ""}[line.kind]


def _room_score(line):
    score = line_ns_score(line)
    return "" if score is None else str(score)


def _room_dict(line):
    return {"kind": line.kind, "contract": None if line.contract is None else str(line.contract),
            "declarer": None if line.declarer is None else line.declarer.name, "tricks": line.tricks,
            "adjustment": line.adjustment, "ns_score": line_ns_score(line)}


def event_dict(event):
    """A scored team event as JSON-ready data: matches with their boards, and the standings (figures as text
    with two decimals where not whole, §15.3)."""
    return {
        "matches": [{"round": m.round, "home": m.home, "away": m.away, "boards": [
            {"board": b.board, "open": _room_dict(b.open), "closed": _room_dict(b.closed),
             "home_imps": format_figure(b.imps)} for b in m.boards],
            "home_imps": format_figure(m.home_imps), "away_imps": format_figure(m.away_imps),
            "margin": format_figure(m.margin), "home_vp": format_vp(m.home_vp), "away_vp": format_vp(m.away_vp)}
            for m in event.matches],
        "standings": [{"place": s.place, "team": s.team, "matches": s.matches, "imps_for": format_figure(s.imps_for),
                       "imps_against": format_figure(s.imps_against), "vp": format_vp(s.vp)}
                      for s in event.standings],
    }


def event_text(event):
    """A scored team event as text: each match with its boards (both rooms' N-S scores, the home team's IMPs),
    its IMPs and VPs, then the standings."""
    lines = []
    for m in event.matches:
        lines.append(f"Round {m.round}: {m.home} v {m.away}  {format_figure(m.home_imps)}-{format_figure(m.away_imps)}"
                     f" IMPs, {format_vp(m.home_vp)}-{format_vp(m.away_vp)} VPs ({len(m.boards)} boards)")
        lines.append(f"  {'board':>5}  {'open room':<12} {'NS':>6}  {'closed room':<12} {'NS':>6}  {'IMPs':>6}")
        lines += [f"  {b.board:>5}  {_room_text(b.open):<12} {_room_score(b.open):>6}  {_room_text(b.closed):<12} "
                  f"{_room_score(b.closed):>6}  {format_figure(b.imps):>6}" for b in m.boards]
    width = max([4] + [len(s.team) for s in event.standings])
    lines += ["", "Standings", f"{'place':<6}{'team':<{width}}  {'played':>6} {'IMPs+':>7} {'IMPs-':>7} {'VPs':>7}"]
    lines += [f"{s.place:<6}{s.team:<{width}}  {s.matches:>6} {format_figure(s.imps_for):>7} "
              f"{format_figure(s.imps_against):>7} {format_vp(s.vp):>7}" for s in event.standings]
    return "\n".join(lines) + "\n"


def standings_csv(event):
    """The standings as CSV: ``place,team,matches,imps_for,imps_against,vp``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "team", "matches", "imps_for", "imps_against", "vp"])
    writer.writerows([s.place, s.team, s.matches, format_figure(s.imps_for), format_figure(s.imps_against),
                      format_vp(s.vp)] for s in event.standings)
    return out.getvalue()


# The formats a scored team event is written in (`tricks bridge teams score --format`).
EVENT_FORMATS = ("text", "json", "csv")


def render_event(event, fmt="text"):
    """A scored team event in ``fmt``: text (matches, boards, standings), json (everything, ``event_dict``) or csv
    (the standings)."""
    if fmt == "json":
        return json.dumps(event_dict(event), indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        return standings_csv(event)
    if fmt == "text":
        return event_text(event)
    raise InputError(f"a team event is written as {', '.join(EVENT_FORMATS)}, not {fmt!r}", field="format")
