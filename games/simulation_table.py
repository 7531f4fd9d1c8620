"""A simulation's deals as an Apache Parquet table: a piece of it from its columns, with the simulation in the
file's key-value metadata; the unfinished run's fragment files (``OUT.part/``, one per piece of work, resumed from
where they stop) and their combination into one file or a partitioned dataset (a directory of files of one schema
that pyarrow.dataset and pandas.read_parquet read as one table). A dataset's fragments are Parquet files already; a
single file's are Arrow IPC files, which cost next to nothing to write and read back, so that the table is encoded
as Parquet once: row group by row group as the fragments finish (StreamedTable), while the rest is played. pyarrow
is the optional extra ``trickcore[data]``, imported only here and by the readers."""
import json
import os
import shutil
from collections.abc import Iterable

from trickcore.errors import InputError
from trickcore.scoring.base import parquet_modules

FRAGMENT = "deals-{:012d}-{:012d}"     # the deals [start, end) of a simulation, by their indices
SUFFIXES = (".parquet", ".arrow")     # a dataset's fragments, a single file's
SAMPLE = 8192                         # rows whose distinct values decide a column's dictionary encoding
# Rows of a single file's row group: the last is encoded after the play has ended, so it is kept small enough not
# to hold up two processes at the end (2 to 3 microseconds a row), and large enough for its columns' own
# dictionaries and statistics to cost little.
ROW_GROUP = 16384
STREAMED = "table.parquet.tmp"        # the single file, in OUT.part/ while its row groups are written


def metadata(head):
    """The key-value metadata of a simulation's table: the header line's ``format`` and ``simulation`` (JSON)."""
    return {"format": head["format"], "simulation": json.dumps(head["simulation"])}


def table_of(columns, head):
    """The Arrow table of ``columns`` (name -> values), with the simulation's metadata (``head``, the header
    line's object)."""
    pa, _ = parquet_modules()
    return pa.table(columns).replace_schema_metadata(metadata(head))


def fragments(part):
    """The finished fragment files of the unfinished table ``part`` (a directory), in deal order, as (start, end,
    path); InputError when they do not follow one another from deal 0."""
    found = []
    for name in sorted(os.listdir(part)):
        stem, suffix = os.path.splitext(name)
        if suffix not in SUFFIXES:
            continue      # a fragment cut short by the interruption is still under its temporary name
        try:
            _, start, end = stem.split("-")
            found.append((int(start), int(end), os.path.join(part, name)))
        except ValueError:
            raise InputError(f"{name} is not a fragment of a simulation's table", source=part) from None
    expected = 0
    for start, end, path in found:
        if start != expected:
            raise InputError(f"the fragments stop at deal {expected}: {os.path.basename(path)} follows",
                             source=part)
        expected = end
    return found


def read_fragment(path):
    """The table of a fragment file (Parquet or Arrow IPC)."""
    pa, pq = parquet_modules()
    if path.endswith(".parquet"):
        return pq.read_table(path)
    with pa.memory_map(path) as source:
        return pa.ipc.open_file(source).read_all()


def check_fragments(part, head):
    """The number of deals finished in the unfinished table ``part``, after checking that its fragments were
    written by the simulation ``head`` (the header line's object)."""
    pa, pq = parquet_modules()
    done = fragments(part)
    for _, _, path in done:
        if path.endswith(".parquet"):
            found = pq.read_schema(path).metadata or {}
        else:
            with pa.memory_map(path) as source:
                found = pa.ipc.open_file(source).schema.metadata or {}
        if {key.decode(): value.decode() for key, value in found.items() if key in (b"format", b"simulation")} != \
                metadata(head):
            raise InputError("this table was written by a different simulation: resume with the same options",
                             source=path)
    return done[-1][1] if done else 0


def fragment_path(part, start, end, dataset):
    """The path of the fragment of deals [start, end) in ``part``: a Parquet file for a ``dataset``, else IPC."""
    return os.path.join(part, FRAGMENT.format(start, end) + SUFFIXES[0 if dataset else 1])


def write_fragment(path, tables):
    """Write ``tables`` as one fragment file at ``path`` (through a temporary name)."""
    pa, _ = parquet_modules()
    table = pa.concat_tables(tables, promote_options="default")
    if path.endswith(".parquet"):
        write_parquet(table, path)
        return
    with pa.OSFile(path + ".tmp", "wb") as sink, pa.ipc.new_file(sink, table.schema) as writer:
        writer.write_table(table)
    os.replace(path + ".tmp", path)


def write_parquet(table, path):
    """Write ``table`` as a Parquet file at ``path`` (through a temporary name), dictionary-encoding only the
    columns of few distinct values (``dictionary_columns``)."""
    _, pq = parquet_modules()
    pq.write_table(table, path + ".tmp", use_dictionary=dictionary_columns(table))
    os.replace(path + ".tmp", path)


def dictionary_columns(table):
    """The columns of ``table`` worth dictionary-encoding: those of few distinct values (seats, contracts, scores).
    The others (deals, plays) gain nothing by it and cost a third of the writing. The values are counted in the
    first SAMPLE rows: counting them all (hashing every deal's and play's text) cost more than the writing."""
    pa, _ = parquet_modules()
    sample = table.slice(0, SAMPLE)
    few = max(64, sample.num_rows // 16)
    return [field.name for field in sample.schema
            if not pa.types.is_nested(field.type) and not pa.types.is_null(field.type)
            and pa.compute.count_distinct(sample.column(field.name)).as_py() <= few]


def _common_schema(schemas):
    """One schema for every fragment: each column once, typed to hold every fragment's values."""
    pa, _ = parquet_modules()
    return pa.unify_schemas([schema.remove_metadata() for schema in schemas], promote_options="permissive")


def _conformed(table, schema):
    """``table`` with ``schema``'s columns, in its order, a missing one all null."""
    pa, _ = parquet_modules()
    if table.schema.remove_metadata() == schema:
        return table        # as a fragment mostly is: nothing to cast
    columns = [table.column(field.name).cast(field.type) if field.name in table.column_names
               else pa.nulls(len(table), field.type) for field in schema]
    return pa.table(columns, schema=schema.with_metadata(table.schema.metadata))


class StreamedTable:
    """The single Parquet file of a simulation's table, in ``part`` (STREAMED) until it is complete: its fragments'
    tables are added in deal order and written ROW_GROUP rows at a time, so that the file is encoded while the
    deals after them are played. The file's schema is the first row group's fragments' (``_common_schema``); a
    later fragment whose columns it does not hold (a new column, a wider type) ends the streaming, and ``finish``
    combines the fragments at the end instead: the same table either way."""

    def __init__(self, part):
        self.path = os.path.join(part, STREAMED)
        self.pending, self.rows = [], 0
        self.writer = self.schema = None
        self.given_up = False

    def add(self, table):
        """Add the next fragment's ``table``; write the row groups it completes."""
        if self.given_up:
            return
        if self.schema is not None and _common_schema([self.schema, table.schema]) != self.schema:
            self.writer.close()
            os.remove(self.path)
            self.pending, self.given_up = [], True
            return
        self.pending.append(table)
        self.rows += table.num_rows
        if self.rows >= ROW_GROUP:
            self._write(self.rows - self.rows % ROW_GROUP)

    def _write(self, rows):
        """Write the first ``rows`` pending rows (whole row groups, or at the end the rest)."""
        pa, pq = parquet_modules()
        if self.schema is None:
            self.schema = _common_schema(table.schema for table in self.pending)
        whole = pa.concat_tables([_conformed(table, self.schema) for table in self.pending])
        if self.writer is None:
            self.writer = pq.ParquetWriter(self.path, whole.schema, use_dictionary=dictionary_columns(whole))
        self.writer.write_table(whole.slice(0, rows), row_group_size=ROW_GROUP)
        self.pending = [whole.slice(rows)] if rows < whole.num_rows else []
        self.rows -= rows

    def close(self):
        """Write the rows still pending and end the file (it stays in ``part``)."""
        if self.pending:
            self._write(self.rows)
        if self.writer is not None:
            self.writer.close()

    def finished(self):
        """Whether the file holds the whole table (after ``close``): every fragment added, none refused."""
        return not self.given_up and self.writer is not None


def finish(part, path, dataset, streamed=None):
    """Complete the table of ``part`` at ``path``: the StreamedTable ``streamed`` of every fragment, or else the
    fragments combined into one Parquet file, or with ``dataset`` a directory of the fragments, all of one schema;
    ``part`` is gone afterwards."""
    if streamed is not None:
        streamed.close()
        if streamed.finished():
            os.replace(streamed.path, path)
            shutil.rmtree(part)
            return
    found = [p for _, _, p in fragments(part)]
    tables = [read_fragment(p) for p in found]
    schema = _common_schema(table.schema for table in tables)
    if dataset:
        for p, table in zip(found, tables):
            if table.schema.remove_metadata() != schema:
                write_parquet(_conformed(table, schema), p)
        for name in os.listdir(part):
            if not name.endswith(".parquet"):
                os.remove(os.path.join(part, name))      # what resuming needed: the fragments' tallies
        os.replace(part, path)
        return
    whole = [_conformed(table, schema) for table in tables]
    pa, _ = parquet_modules()
    combined = pa.concat_tables(whole) if whole else pa.table({})
    write_parquet(combined, path)
    shutil.rmtree(part)


def combined(tables: Iterable, head):
    """One table of the pieces ``tables`` (an in-memory simulation's), of one schema, with the metadata."""
    tables = list(tables)
    pa, _ = parquet_modules()
    if not tables:
        return pa.table({}).replace_schema_metadata(metadata(head))
    schema = _common_schema(table.schema for table in tables)
    return pa.concat_tables([_conformed(table, schema) for table in tables]).replace_schema_metadata(metadata(head))
