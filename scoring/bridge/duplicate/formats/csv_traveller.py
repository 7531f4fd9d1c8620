"""The project's CSV traveller (§16.5): read a session's results line by line, each checked and
located by file, line and column; write a session's lines back in the canonical export form.

Sections (§) are those of docs/rules/bridge.md."""
import csv
import io

from trickcore.errors import InvalidRecord, TrickcoreError
from trickcore.files import csv_rows
from trickcore.games.bridge.formats.score_table import traveller_line
from trickcore.scoring.bridge.duplicate.session import Results
from trickcore.scoring.bridge.duplicate.traveller import written_fields

COLUMNS = ("section", "board", "round", "table", "ns_pair", "ew_pair", "contract", "declarer", "result", "lead",
           "ns_score")
REQUIRED = ("board", "ns_pair", "ew_pair", "contract")


def _integer(text, field, minimum=None):
    try:
        value = int(text)
    except ValueError:
        raise InvalidRecord(f"{text!r} is not a whole number", field=field) from None
    if minimum is not None and value < minimum:
        raise InvalidRecord(f"{field} must be >= {minimum}, not {value}", field=field)
    return value


def _line(cells):
    def get(name):
        value = (cells.get(name) or "").strip()
        return value or None

    board = _integer(get("board") or "", "board", 1)
    where = {"section": get("section") or "A"}
    for name in ("round", "table"):
        where[name] = None if get(name) is None else _integer(get(name), name, 1)
    for name in ("ns_pair", "ew_pair"):
        where[name] = _integer(get(name) or "", name, 1)
    score = None if get("ns_score") is None else _integer(get("ns_score"), "ns_score")
    contract = get("contract")
    if contract is None:
        raise InvalidRecord("every line needs its contract (or PASS, NP, an adjusted score, ASSIGNED)",
                            field="contract")
    return traveller_line(board, contract, declarer=get("declarer"), result=get("result"), lead=get("lead"),
                          ns_score=score, **where)


def read_csv_traveller(text, source):
    """The Results of a CSV traveller text (§16.5); an unknown or missing column, or a bad value, raises an
    InvalidRecord naming the file, line and column."""
    rows = csv_rows(text)
    if not rows:
        raise InvalidRecord("the CSV traveller has no header line", source=source, line=1)
    header_line, header = rows[0]
    names = [name.lower() for name in header]
    for name in names:
        if name not in COLUMNS:
            raise InvalidRecord(f"unknown column {name!r} (columns: {', '.join(COLUMNS)})", source=source,
                                line=header_line, field=name)
    for name in REQUIRED:
        if name not in names:
            raise InvalidRecord("missing column", source=source, line=header_line, field=name)
    lines, where = [], []
    for number, row in rows[1:]:
        if len(row) > len(names):
            raise InvalidRecord(f"{len(row)} values for {len(names)} columns", source=source, line=number)
        try:
            lines.append(_line(dict(zip(names, row))))
        except TrickcoreError as exc:
            raise exc.located(source=source, line=number)
        where.append(f"{source}, line {number}")
    return Results(source, lines, where)


def write_csv_traveller(session):
    """The session's traveller lines as the CSV of §16.5, sorted by section, board, round and table."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    lines = sorted((s.line for s in session.lines),
                   key=lambda line: (line.section, line.board, line.round or 0, line.table or 0))
    for line in lines:
        fields = written_fields(line)
        writer.writerow([line.section, line.board, line.round, line.table, line.ns_pair, line.ew_pair,
                         fields["contract"], fields["declarer"], fields["result"], fields["lead"],
                         fields["ns_score"]])
    return out.getvalue()
