"""Movements (§12): who plays which boards against whom, round by round; the Mitchell and Howell
generators, the movement file (§16.5), the director's checks of a movement, and the check of a section's traveller
lines against it (§13.1).

A ``Movement`` is a list of ``TableRound`` (round, table, N-S pair, E-W pair, boards). Pair id 0 marks a sit-out: the
other pair of that entry does not play (a half table's phantom pair, §12.2), and the boards are not played there.
Boards at two tables in the same round must say why (``shared``): a ``relay`` (two tables pass one set between them)
or a ``copy`` (boards dealt in several copies, as the project's Howell uses). The ``shared`` column is the project's
extension of §16.5: a file without it may share boards unmarked (``unmarked_shared`` lists them for the report).

Sections (§) are those of docs/rules/bridge.md.
"""
import csv
import io
import math

import attrs

from trickcore.errors import InputError, InvalidRecord, NotationError
from trickcore.files import csv_rows, read_text

SIT_OUT = 0
SHARED = ("relay", "copy")
FILE_COLUMNS = ("round", "table", "ns_pair", "ew_pair", "boards")
OPTIONAL_COLUMNS = ("shared", "arrow_switch")


def wrap(x, k):
    """``wrap_K(x)`` of §12.1: any integer mapped into 1 … K."""
    return (x - 1) % k + 1


def _positive(instance, attribute, value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidRecord(f"{attribute.name} must be an integer >= 1, not {value!r}", field=attribute.name)


def _pair_id(instance, attribute, value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidRecord(f"{attribute.name} must be a pair id >= 1 (0 for a sit-out), not {value!r}",
                            field=attribute.name)


def _boards(instance, attribute, value):
    if not value:
        raise InvalidRecord("an entry needs at least one board", field="boards")
    for board in value:
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise InvalidRecord(f"board numbers are integers >= 1, not {board!r}", field="boards")
    if len(set(value)) != len(value):
        raise InvalidRecord(f"board {_first_repeat(value)} is listed twice", field="boards")


def _first_repeat(values):
    seen = set()
    for value in values:
        if value in seen:
            return value
        seen.add(value)
    return None


def _shared(instance, attribute, value):
    if value is not None and value not in SHARED:
        raise InvalidRecord(f"shared must be empty, relay or copy, not {value!r}", field="shared")


@attrs.frozen
class TableRound:
    """One table in one round (§12.1): the pair holding the N-S cards, the pair holding the E-W cards (0 = a
    sit-out) and the boards they play; ``shared`` says why the boards are also at another table this round.

    ``line`` is the movement-file line the entry came from (not part of its value).
    """

    round: int = attrs.field(validator=_positive)
    table: int = attrs.field(validator=_positive)
    ns_pair: int = attrs.field(validator=_pair_id)
    ew_pair: int = attrs.field(validator=_pair_id)
    boards: tuple = attrs.field(converter=tuple, validator=_boards)
    shared: str = attrs.field(default=None, validator=_shared)
    line: int = attrs.field(default=None, eq=False, repr=False)

    @property
    def sit_out(self):
        """True when one side of the table is empty: nobody plays the boards here."""
        return SIT_OUT in (self.ns_pair, self.ew_pair)

    @property
    def pairs(self):
        """The real pairs at the table (one at a sit-out)."""
        return tuple(p for p in (self.ns_pair, self.ew_pair) if p != SIT_OUT)


@attrs.frozen
class CardLine:
    """One round of a pair's own guide card: its table and direction, its opponents (0 = sits out), its boards."""

    round: int
    table: int
    direction: str
    opponent: int
    boards: tuple


def _entries(value):
    return tuple(sorted(value, key=lambda e: (e.round, e.table)))


@attrs.frozen
class Movement:
    """A movement: its entries, sorted by round and table, and its arrow-switched rounds (§12.2), in which the
    E-W field's pairs sit N-S. Build one with ``mitchell``, ``howell`` or ``read_movement``; ``check_movement``
    says whether a director could run it."""

    entries: tuple = attrs.field(converter=_entries)
    arrow_switch: frozenset = attrs.field(default=frozenset(), converter=frozenset)

    @property
    def rounds(self):
        """The round numbers, ascending."""
        return tuple(sorted({e.round for e in self.entries}))

    @property
    def tables(self):
        """The table numbers, ascending."""
        return tuple(sorted({e.table for e in self.entries}))

    @property
    def pairs(self):
        """The pair ids (sit-outs excluded), ascending."""
        return tuple(sorted({p for e in self.entries for p in e.pairs}))

    @property
    def boards(self):
        """The board numbers, ascending."""
        return tuple(sorted({b for e in self.entries for b in e.boards}))

    def round_entries(self, round_number):
        """The entries of one round, by table."""
        return tuple(e for e in self.entries if e.round == round_number)

    def table_entries(self, table):
        """The entries of one table (its guide card), by round."""
        return tuple(e for e in self.entries if e.table == table)

    def plays(self, board):
        """The entries at which ``board`` is played: its N-S and E-W pairs, table and round (sit-outs excluded)."""
        return tuple(e for e in self.entries if board in e.boards and not e.sit_out)

    def expected_results(self):
        """§13.2's ``N``: the largest number of scheduled plays of any board (0 for an empty movement)."""
        counts = {}
        for entry in self.entries:
            if not entry.sit_out:
                for board in entry.boards:
                    counts[board] = counts.get(board, 0) + 1
        return max(counts.values(), default=0)

    def fields(self):
        """The fields ranked separately (§12.2): (N-S pairs, E-W pairs) when every pair always holds the same
        cards, else one field of all pairs (a Howell, or a Mitchell with an arrow switch)."""
        ns = {e.ns_pair for e in self.entries} - {SIT_OUT}
        ew = {e.ew_pair for e in self.entries} - {SIT_OUT}
        if ns & ew or self.arrow_switch:
            return (frozenset(ns | ew),)
        return frozenset(ns), frozenset(ew)

    def card(self, pair):
        """A pair's own guide card: a CardLine for each round it is at a table (§12; ``--pairs``)."""
        lines = []
        for entry in self.entries:
            if pair == entry.ns_pair:
                lines.append(CardLine(entry.round, entry.table, "NS", entry.ew_pair, entry.boards))
            elif pair == entry.ew_pair:
                lines.append(CardLine(entry.round, entry.table, "EW", entry.ns_pair, entry.boards))
        if pair == SIT_OUT or not lines:
            raise InputError(f"pair {pair} is not in the movement (pairs: {_ids(self.pairs)})", field="pairs")
        return tuple(lines)


def _ids(values):
    return ", ".join(str(v) for v in values)


# Far beyond any session: a movement lists every table's every round and the boards of every set, so a typo such as
# 10**20 tables or boards would fill the memory (or overflow) instead of making a movement.
MAX_TABLES = 1000
MAX_BOARDS = 10000


def board_sets(sets, per_set, boards=None):
    """The board numbers of each of ``sets`` sets of ``per_set`` consecutive boards (§12.1); with ``boards`` (the
    session's number of boards) the last set stops at that board, e.g. 27 boards in 7 sets of 4."""
    for name, value in (("sets", sets), ("boards per round", per_set)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InputError(f"{name} must be an integer >= 1, not {value!r}", field=name.replace(" ", "_"))
    total = sets * per_set if boards is None else boards
    if isinstance(total, bool) or not isinstance(total, int) or total > MAX_BOARDS:
        raise InputError(f"a session has at most {MAX_BOARDS} boards, not {total!r}", field="boards")
    # Only the last set may be short, and not empty.
    if not (sets - 1) * per_set < total <= sets * per_set:
        raise InputError(f"{total} boards do not make {sets} sets of {per_set} consecutive boards, the last "
                         f"possibly short (give {(sets - 1) * per_set + 1} to {sets * per_set})", field="boards")
    starts = range(1, total + 1, per_set)
    return tuple(tuple(range(s, min(s + per_set, total + 1))) for s in starts)


def boards_per_set(sets, boards):
    """Boards per set when ``boards`` boards are split into ``sets`` sets, the last one possibly short."""
    _check_count("sets", sets, 1)
    _check_count("boards", boards, 1, MAX_BOARDS)
    if boards < sets:
        raise InputError(f"{boards!r} boards cannot make {sets} sets of at least one board", field="boards")
    return math.ceil(boards / sets)


def _check_count(name, value, low, high=None):
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        limit = f"{low}..{high}" if high is not None else f">= {low}"
        raise InputError(f"{name} must be an integer {limit}, not {value!r}", field=name)


def mitchell(n, b, rounds=None, arrow_switch=(), *, boards=None, half_table=None, relay_bye=False):
    """A Mitchell movement for ``n`` tables, ``b`` boards per round (§12.2): N-S pairs 1…n stationary, E-W pairs
    n+1…2n moving up, boards down, with the skip after round n/2 when ``n`` is even; or, with ``relay_bye`` (even
    ``n`` only), no skip: tables 1 and n share a set (a relay) and a bye stand between tables n/2 and n/2+1 holds
    the set nobody plays that round (every board is still played n times).

    ``rounds``: 1…n (default n). ``arrow_switch``: round numbers, or "last_round". ``boards``: the session's
    number of boards when the last set is short (``b`` None: split ``boards`` into n sets). ``half_table``: "NS"
    or "EW", the field short of one pair; its highest pair is the phantom, and its opponents sit out.
    """
    _check_count("tables", n, 1, MAX_TABLES)
    rounds = n if rounds is None else rounds
    _check_count("rounds", rounds, 1, n)
    switched = _arrow_rounds(arrow_switch, rounds)
    sets = board_sets(n, boards_per_set(n, boards) if b is None else b, boards)
    phantom = {None: None, "NS": n, "EW": 2 * n}
    if half_table not in phantom:
        raise InputError(f"half_table must be NS or EW, not {half_table!r}", field="half_table")
    if half_table is not None and n < 2:
        raise InputError("a half table needs at least 2 tables", field="half_table")
    if relay_bye and n % 2:
        raise InputError(f"a relay and bye stand replace the skip of an even number of tables, not {n}",
                         field="relay_bye")
    entries = []
    for r in range(1, rounds + 1):
        skip = 1 if n % 2 == 0 and r > n // 2 and not relay_bye else 0
        for t in range(1, n + 1):
            ns, ew = t, n + wrap(t - (r - 1) - skip, n)
            ns, ew = (SIT_OUT if p == phantom[half_table] else p for p in (ns, ew))
            if r in switched:
                ns, ew = ew, ns
            station = _relay_bye_station(t, n) if relay_bye else t
            shared = "relay" if relay_bye and t in (1, n) else None
            entries.append(TableRound(r, t, ns, ew, sets[wrap(station + r - 1, n) - 1], shared))
    return Movement(entries, switched)


def _relay_bye_station(table, n):
    # The boards' stations in a relay-and-bye Mitchell, in the order the boards visit them backwards: the relay
    # (tables 1 and n), tables 2 … n/2, the bye stand (station n/2 + 1, at no table), tables n/2 + 1 … n − 1.
    if table in (1, n):
        return 1
    return table if table <= n // 2 else table + 1


def _arrow_rounds(arrow_switch, rounds):
    if arrow_switch == "last_round":
        return frozenset({rounds})
    if isinstance(arrow_switch, str):
        raise InputError(f"arrow_switch is a set of rounds or last_round, not {arrow_switch!r}",
                         field="arrow_switch")
    switched = frozenset(arrow_switch)
    for r in switched:
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= rounds:
            raise InputError(f"arrow-switched round {r!r} is not a round 1..{rounds}", field="arrow_switch")
    return switched


def howell(n, b, rounds=None, *, boards=None, half_table=False):
    """The project's complete Howell for ``n`` tables and 2n pairs (§12.3): the cyclic construction, all tables
    playing set r in round r from duplicated boards; pair 2n stationary N-S at table 1.

    ``rounds``: 1…2n−1 (default 2n−1). ``boards``: the session's number of boards when the last set is short
    (``b`` None: split ``boards`` into one set per round). ``half_table``: 2n−1 real pairs, pair 2n is the
    phantom and its opponents sit out.
    """
    _check_count("tables", n, 1, MAX_TABLES)
    m = 2 * n - 1
    rounds = m if rounds is None else rounds
    _check_count("rounds", rounds, 1, m)
    sets = board_sets(rounds, boards_per_set(rounds, boards) if b is None else b, boards)
    shared = "copy" if n > 1 else None
    phantom = 2 * n if half_table else None
    entries = []
    for r in range(1, rounds + 1):
        for k in range(1, n + 1):
            if k == 1:
                ns, ew = 2 * n, r
            else:
                x, y = wrap(r + k - 1, m), wrap(r - k + 1, m)
                ns, ew = (x, y) if k % 2 == 0 else (y, x)
            ns, ew = (SIT_OUT if p == phantom else p for p in (ns, ew))
            entries.append(TableRound(r, k, ns, ew, sets[r - 1], shared))
    return Movement(entries)


# --- checks -----------------------------------------------------------------------------------------------------

def movement_problems(movement, source=None, marks_required=True):
    """Every reason a director could not run ``movement`` (§12.1 and what a director checks besides), as
    InvalidRecord errors naming the source, line and field, in the order of the entries. Without
    ``marks_required`` (a §16.5 file with no ``shared`` column) boards may be shared unmarked."""
    problems = []

    def problem(entry, field, message):
        problems.append(InvalidRecord(f"round {entry.round}, table {entry.table}: {message}", source=source,
                                      line=entry.line, field=field))

    at_table, seated, played, boards_at = {}, {}, {}, {}
    for entry in movement.entries:
        if entry.ns_pair == entry.ew_pair:
            problem(entry, "ew_pair", "no pair at the table" if entry.sit_out
                    else f"pair {entry.ns_pair} cannot play against itself")
        key = (entry.round, entry.table)
        if at_table.setdefault(key, entry) is not entry:
            problem(entry, "table", f"table {entry.table} has two entries in round {entry.round}")
        for field, pair in (("ns_pair", entry.ns_pair), ("ew_pair", entry.ew_pair)):
            if pair == SIT_OUT:
                continue
            where = seated.setdefault((entry.round, pair), entry)
            if where is not entry:
                problem(entry, field, f"pair {pair} is also at table {where.table} in round {entry.round}")
            if entry.sit_out:
                continue
            for board in entry.boards:
                first = played.setdefault((pair, board), entry)
                if first is not entry:
                    problem(entry, "boards", f"pair {pair} plays board {board} again (it played it in round "
                                             f"{first.round} at table {first.table})")
        for board in entry.boards:
            boards_at.setdefault((entry.round, board), []).append(entry)
    for (_round, board), entries in boards_at.items():
        if len(entries) < 2:
            continue
        unmarked = [e for e in entries if e.shared is None]
        tables = _ids(e.table for e in entries)
        if unmarked and marks_required:
            problem(unmarked[0], "shared", f"board {board} is also at table(s) {tables} this round; mark the "
                                           "entries relay or copy if the movement means it")
        elif len(entries) > 2 and any(e.shared == "relay" for e in entries):
            problem(entries[2], "shared", f"board {board} is at tables {tables} this round: a relay shares a "
                                          "set between two tables only")
    for r in sorted(movement.arrow_switch - set(movement.rounds)):
        problems.append(InvalidRecord(f"arrow-switched round {r} is not a round of the movement", source=source,
                                      field="arrow_switch"))
    return problems


def check_movement(movement, source=None, marks_required=True):
    """Return ``movement`` when a director could run it; else raise its first problem (``movement_problems``)."""
    problems = movement_problems(movement, source, marks_required)
    if problems:
        raise problems[0]
    return movement


def _pair_number(value):
    # Readers may give pair ids as text ("3" from a PBN ScoreTable); ids that are not numbers match no entry.
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip() if value is not None else ""
    return int(text) if text.isdigit() else value


def check_lines(movement, lines, source=None, line_numbers=None):
    """Check a section's traveller lines (TravellerLine records) against its movement (§13.1); raise
    InvalidRecord naming ``source``, the line (``line_numbers[i]`` for ``lines[i]`` when given) and the field.

    Every line must match a scheduled play of its board: the same two pairs in the scheduled seats (swapped seats
    only in arrow-switched rounds), in the scheduled round and table when the line gives them; no pair may have
    two lines on one board, and no line may name a sit-out. Returns, for each line, the TableRound it matched.
    """
    lines = list(lines)
    numbers = list(line_numbers) if line_numbers is not None else [None] * len(lines)
    # One pass over the entries, so a large session's lines are matched in linear time.
    by_board = {}
    for entry in movement.entries:
        if not entry.sit_out:
            for board in entry.boards:
                by_board.setdefault(board, []).append(entry)
    known = set(movement.boards)
    seen = {}
    matched = []
    for line, number in zip(lines, numbers):
        def fail(field, message):
            # Called within this iteration only: reading the loop's variables is meant.
            raise InvalidRecord(f"board {line.board}: {message}", source=source, line=number, field=field)  # noqa: B023

        if line.board not in known:
            fail("board", f"board {line.board} is not in the movement (boards {format_boards(movement.boards)})")
        ns, ew = _pair_number(line.ns_pair), _pair_number(line.ew_pair)
        for field, pair in (("ns_pair", ns), ("ew_pair", ew)):
            previous = seen.get((line.board, pair))
            if previous is not None:
                fail(field, f"pair {pair} already has a result on this board"
                            + (f" (line {previous})" if isinstance(previous, int) else ""))
        plays = by_board.get(line.board, ())
        entry = _scheduled(plays, movement.arrow_switch, ns, ew)
        if entry is None:
            # Blame the E-W pair when the N-S pair does hold the N-S cards on this board against someone else.
            field = "ew_pair" if any(e.ns_pair == ns for e in plays) else "ns_pair"
            plays = "; ".join(f"{e.ns_pair} v {e.ew_pair} (round {e.round}, table {e.table})" for e in plays)
            fail(field, f"pairs {ns} (N-S) and {ew} (E-W) are not scheduled to play it; it is played by {plays}")
        for field, value, scheduled in (("round", line.round, entry.round), ("table", line.table, entry.table)):
            if value is not None and _pair_number(value) != scheduled:
                fail(field, f"{ns} v {ew} play it in {field} {scheduled}, not {value}")
        for pair in (ns, ew):
            seen[(line.board, pair)] = number if number is not None else True
        matched.append(entry)
    return matched


def _scheduled(plays, arrow_switch, ns, ew):
    for entry in plays:
        if (entry.ns_pair, entry.ew_pair) == (ns, ew):
            return entry
        if (entry.ew_pair, entry.ns_pair) == (ns, ew) and entry.round in arrow_switch:
            return entry
    return None


# --- the movement file (§16.5) ------------------------------------------------------------------------------------

def format_boards(boards):
    """Board numbers as the movement file writes them: runs as ``a-b``, joined by ``;`` (``1-2``, ``1-4;9``)."""
    runs = []
    for board in sorted(boards):
        if runs and board == runs[-1][1] + 1:
            runs[-1][1] = board
        else:
            runs.append([board, board])
    return ";".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)


def parse_boards(text):
    """The boards of a movement-file cell: ``1-2``, ``1;3;5``, ``1-4;9`` (NotationError naming field boards)."""
    boards = []
    for part in str(text).replace(" ", "").split(";"):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise NotationError(f"not a list of boards: {text!r} (write e.g. 1-2 or 1;3;5)", field="boards")
        low, high = int(low), int(high) if dash else int(low)
        if low < 1 or high < low:
            raise NotationError(f"not a board range: {part!r} (boards are numbered from 1, low-high)",
                                field="boards")
        boards.extend(range(low, high + 1))
    return tuple(boards)


def movement_text(movement):
    """The movement file (§16.5) of ``movement``: the optional ``shared`` and ``arrow_switch`` columns only when
    used."""
    columns = list(FILE_COLUMNS)
    if any(e.shared for e in movement.entries):
        columns.append("shared")
    if movement.arrow_switch:
        columns.append("arrow_switch")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for e in movement.entries:
        row = {"round": e.round, "table": e.table, "ns_pair": e.ns_pair, "ew_pair": e.ew_pair,
               "boards": format_boards(e.boards), "shared": e.shared or "",
               "arrow_switch": "yes" if e.round in movement.arrow_switch else ""}
        writer.writerow([row[c] for c in columns])
    return out.getvalue()


def parse_movement(text, source=None):
    """A Movement from the text of a movement file (§16.5), checked (§12.1); errors name source, line, field.

    Header names are case-insensitive, columns in any order; ``#`` lines and empty lines are ignored. Optional
    columns: ``shared`` (``relay`` or ``copy``) and ``arrow_switch`` (``yes`` on every entry of a switched round).
    With a ``shared`` column every shared board must be marked; without it, as the specification writes the file,
    boards may be shared between tables of a round when the movement is otherwise sound.
    """
    header, entries, switched, unswitched = None, [], set(), set()
    for number, cells in csv_rows(text):
        if header is None:
            header = _header(cells, source, number)
            continue
        if len(cells) != len(header):
            raise NotationError(f"{len(cells)} cells for {len(header)} columns", source=source, line=number)
        row = dict(zip(header, cells))
        try:
            values = {k: _cell_int(row[k], k) for k in ("round", "table", "ns_pair", "ew_pair")}
            entry = TableRound(**values, boards=parse_boards(row["boards"]), shared=row.get("shared") or None,
                               line=number)
            flag = row.get("arrow_switch", "").lower()
            if flag not in ("", "yes", "no"):
                raise NotationError(f"arrow_switch is yes, no or empty, not {flag!r}", field="arrow_switch")
        except InputError as exc:
            raise exc.located(source=source, line=number) from None
        (switched if flag == "yes" else unswitched).add(entry.round)
        entries.append(entry)
    if header is None:
        raise InvalidRecord("no header line (round,table,ns_pair,ew_pair,boards)", source=source)
    if not entries:
        raise InvalidRecord("no entries", source=source)
    mixed = sorted(switched & unswitched)
    if mixed:
        raise InvalidRecord(f"round {mixed[0]} is arrow-switched on some lines only: mark every entry of the round",
                            source=source, field="arrow_switch")
    return check_movement(Movement(entries, switched), source, marks_required="shared" in header)


def _header(cells, source, number):
    names = [c.lower() for c in cells]
    for name in names:
        if name not in FILE_COLUMNS + OPTIONAL_COLUMNS:
            raise NotationError(f"unknown column (columns: {', '.join(FILE_COLUMNS + OPTIONAL_COLUMNS)})",
                                source=source, line=number, field=name)
    repeated = _first_repeat(names)
    if repeated is not None:
        raise NotationError("column given twice", source=source, line=number, field=repeated)
    missing = [c for c in FILE_COLUMNS if c not in names]
    if missing:
        raise NotationError("missing column", source=source, line=number, field=missing[0])
    return names


def _cell_int(text, field):
    if not text.isdigit():
        raise NotationError(f"not a whole number: {text!r}", field=field)
    return int(text)


def read_movement(path):
    """The checked Movement of the movement file at ``path`` (§16.5)."""
    return parse_movement(read_text(path), source=str(path))


# --- guide cards ------------------------------------------------------------------------------------------------

def _pair_text(pair):
    return "-" if pair == SIT_OUT else str(pair)


def describe(movement):
    """One line on a movement: its tables, rounds, pairs, boards, and arrow-switched rounds."""
    switched = f", arrow switch in round(s) {_ids(sorted(movement.arrow_switch))}" if movement.arrow_switch else ""
    return (f"{len(movement.tables)} tables, {len(movement.rounds)} rounds, {len(movement.pairs)} pairs, "
            f"boards {format_boards(movement.boards)}{switched}")


def unmarked_shared(movement):
    """The boards played at several tables of a round without a ``shared`` mark, as (round, boards, tables) in
    round order (a §16.5 file without the ``shared`` column may have them)."""
    at = {}
    for entry in movement.entries:
        if not entry.sit_out:
            for board in entry.boards:
                at.setdefault((entry.round, board), []).append(entry)
    groups = {}
    for (round_number, board), entries in at.items():
        if len(entries) > 1 and any(e.shared is None for e in entries):
            groups.setdefault((round_number, tuple(e.table for e in entries)), []).append(board)
    return [(round_number, tuple(boards), tables) for (round_number, tables), boards in sorted(groups.items())]


def shared_note(movement):
    """The report's line on boards shared without a mark, or None when there are none."""
    shared = unmarked_shared(movement)
    if not shared:
        return None
    where = "; ".join(f"round {r} boards {format_boards(boards)} at tables {_ids(tables)}" for r, boards, tables in
                      shared)
    return f"boards shared between tables without a shared column (accepted: copies or a relay): {where}"


def cards_text(movement, pairs=()):
    """The guide cards as text: per table its rounds (N-S, E-W, boards; ``-`` = sit-out), or, for ``pairs``,
    each pair's own card (round, table, direction, opponents, boards)."""
    note = shared_note(movement)
    lines = [describe(movement)] + ([note] if note else [])
    if pairs:
        for pair in pairs:
            lines += ["", f"Pair {pair}", f"{'round':>5} {'table':>5} {'sits':>4} {'against':>7}  boards"]
            lines += [f"{c.round:>5} {c.table:>5} {c.direction:>4} {_pair_text(c.opponent):>7}  "
                      f"{format_boards(c.boards)}" for c in movement.card(pair)]
    else:
        for table in movement.tables:
            lines += ["", f"Table {table}", f"{'round':>5} {'NS':>4} {'EW':>4}  boards"]
            lines += [f"{e.round:>5} {_pair_text(e.ns_pair):>4} {_pair_text(e.ew_pair):>4}  {format_boards(e.boards)}"
                      + (f" ({e.shared})" if e.shared else "") for e in movement.table_entries(table)]
    return "\n".join(lines) + "\n"


def cards_dict(movement, pairs=()):
    """The guide cards as JSON-ready data (pair id 0 = sit-out): per table, or per pair for ``pairs``."""
    data = {"tables": len(movement.tables), "rounds": len(movement.rounds), "pairs": list(movement.pairs),
            "boards": list(movement.boards), "arrow_switch": sorted(movement.arrow_switch),
            "fields": [sorted(f) for f in movement.fields()], "expected_results": movement.expected_results()}
    if pairs:
        data["cards"] = [{"pair": pair, "rounds": [attrs.asdict(c, recurse=False) | {"boards": list(c.boards)}
                                                   for c in movement.card(pair)]} for pair in pairs]
    else:
        data["cards"] = [{"table": table, "rounds": [
            {"round": e.round, "ns_pair": e.ns_pair, "ew_pair": e.ew_pair, "boards": list(e.boards),
             "shared": e.shared} for e in movement.table_entries(table)]} for table in movement.tables]
    shared = unmarked_shared(movement)
    if shared:
        data["unmarked_shared"] = [{"round": r, "boards": list(boards), "tables": list(tables)}
                                   for r, boards, tables in shared]
    return data


def cards_csv(movement, pairs=()):
    """The guide cards as CSV: the movement file itself, or for ``pairs`` their cards
    (``pair,round,table,direction,opponent,boards``)."""
    if not pairs:
        return movement_text(movement)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["pair", "round", "table", "direction", "opponent", "boards"])
    for pair in pairs:
        writer.writerows([pair, c.round, c.table, c.direction, c.opponent, format_boards(c.boards)]
                         for c in movement.card(pair))
    return out.getvalue()
