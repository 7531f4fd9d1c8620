"""A PBN board's tables (§16.2): a table found by name and read row by row, and the board's double-dummy
table, read from its ``OptimumResultTable`` / ``DoubleDummyTricks`` (``read_dd_table``) and written into them
(``with_dd_table``). The traveller tables are games.bridge.formats.score_table's.

Sections (§) are those of docs/rules/bridge.md.
"""
import re

import attrs

from trickcore.errors import NotationError, TrickcoreError
from trickcore.games.bridge.formats.pbn_read import result_tricks
from trickcore.games.bridge.vocab import Seat, Strain


def find_table(board, name):
    """The board's table ``name`` (case-insensitive) as (column spec, row lines), or None."""
    return next(((spec, rows) for key, spec, rows in board.tables if key.lower() == name.lower()), None)


def _columns(spec):
    return [column.split("\\")[0].strip().lower() for column in spec.split(";")]


def _cells(row):
    return [cell[1:-1] if cell.startswith('"') else cell for cell in re.findall(r'"[^"]*"|\S+', row)]


def table_rows(spec, rows, name, source):
    """The rows of table ``name`` as (row number, {lower-case column name: value, None for ``-`` or empty})."""
    columns = _columns(spec)
    for number, row in enumerate(rows, 1):
        cells = _cells(row)
        if len(cells) != len(columns):
            raise NotationError(f"{name} row {number} has {len(cells)} values for {len(columns)} columns",
                                source=source, field=name)
        yield number, {c: (None if v in ("-", "") else v) for c, v in zip(columns, cells)}


DD_DECLARERS = ("N", "S", "E", "W")
DD_STRAINS = ("NT", "S", "H", "D", "C")
_STRAIN_ORDER = ("C", "D", "H", "S", "NT")  # the solver's order, for tables read in any order


def read_dd_table(board, source=None):
    """The board's double-dummy table {declarer: {strain: tricks}} from ``OptimumResultTable`` or the
    ``DoubleDummyTricks`` tag (§16.2), or None when it has neither; the two must agree when both are given."""
    tables = []
    found = find_table(board, "OptimumResultTable")
    if found is not None:
        table = {d: {} for d in ("N", "E", "S", "W")}
        for number, cells in table_rows(*found, "OptimumResultTable", source):
            declarer, strain, tricks = cells.get("declarer"), cells.get("denomination"), cells.get("result")
            try:
                seat, strain = Seat.parse(declarer or "?").name, str(Strain.parse((strain or "?").upper()))
                table[seat][strain] = result_tricks(tricks or "?", None)
            except TrickcoreError as exc:
                raise exc.located(source=source, field=f"OptimumResultTable row {number}")
        tables.append(table)
    digits = board.tag("DoubleDummyTricks")
    if digits is not None and digits.strip() not in ("", "?"):
        if not re.fullmatch(r"[0-9a-dA-D]{20}", digits.strip()):
            raise NotationError(f"DoubleDummyTricks must be 20 hex digits 0-d, not {digits!r}", source=source,
                                field="DoubleDummyTricks")
        values = iter(int(c, 16) for c in digits.strip())
        table = {d: {st: next(values) for st in DD_STRAINS} for d in DD_DECLARERS}
        tables.append({d: table[d] for d in ("N", "E", "S", "W")})
    if not tables:
        return None
    table = {d: dict(sorted(v.items(), key=lambda kv: _STRAIN_ORDER.index(kv[0]))) for d, v in tables[0].items()}
    # A table may list only some declarers or strains: the two agree when every entry both give is the same.
    if any(t[d][st] != tricks for t in tables[1:] for d, row in table.items() for st, tricks in row.items()):
        raise NotationError("OptimumResultTable and DoubleDummyTricks disagree", source=source,
                            field="DoubleDummyTricks")
    return table


def with_dd_table(board, table):
    """``board`` with ``table`` ({declarer: {strain: tricks}}, as ``games.bridge.analysis.dd_table`` gives) written
    as its ``OptimumResultTable`` and ``DoubleDummyTricks`` (§16.2), replacing any earlier ones."""
    try:
        rows = tuple(f"{d} {st} {table[d][st]}" for d in DD_DECLARERS for st in DD_STRAINS)
        digits = "".join(format(table[d][st], "x") for d in DD_DECLARERS for st in DD_STRAINS)
    except (KeyError, TypeError, ValueError) as exc:
        raise NotationError(f"not a complete double-dummy table: {exc}", field="OptimumResultTable") from None
    if any(not 0 <= table[d][st] <= 13 for d in DD_DECLARERS for st in DD_STRAINS):
        raise NotationError("double-dummy tricks must be 0..13", field="OptimumResultTable")
    tags = tuple((k, v) for k, v in board.tags if k.lower() != "doubledummytricks") + (("DoubleDummyTricks", digits),)
    tables = tuple(t for t in board.tables if t[0].lower() != "optimumresulttable")
    return attrs.evolve(board, tags=tags,
                        tables=tables + (("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", rows),))
