"""A simulation's deals as an Apache Parquet table: a piece of it from its columns, with the simulation in the
file's key-value metadata; the unfinished run's fragment files (``OUT.part/``, one per piece of work, resumed from
where they stop) and their combination, at the end, into one file or a partitioned dataset (a directory of files
of one schema that pyarrow.dataset and pandas.read_parquet read as one table). A dataset's fragments are Parquet
files already; a single file's are Arrow IPC files, which cost next to nothing to write and read back, so that the
table is encoded as Parquet once. pyarrow is the optional extra ``trickcore[data]``, imported only here and by the
readers."""
import json
import os
import shutil
from collections.abc import Iterable

from trickcore.errors import InputError
from trickcore.scoring.base import parquet_modules

FRAGMENT = "deals-{:012d}-{:012d}"     # the deals [start, end) of a simulation, by their indices
SUFFIXES = (".parquet", ".arrow")     # a dataset's fragments, a single file's
SAMPLE = 8192                         # rows whose distinct values decide a column's dictionary encoding


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
    columns of few distinct values (seats, contracts, scores): the others (deals, plays) gain nothing by it and
    cost a third of the writing. The values are counted in the first SAMPLE rows: counting them all (hashing every
    deal's and play's text) cost more than the writing."""
    pa, pq = parquet_modules()
    sample = table.slice(0, SAMPLE)
    few = max(64, sample.num_rows // 16)
    coded = [field.name for field in sample.schema if not pa.types.is_nested(field.type)
             and pa.compute.count_distinct(sample.column(field.name)).as_py() <= few]
    pq.write_table(table, path + ".tmp", use_dictionary=coded)
    os.replace(path + ".tmp", path)


def _common_schema(schemas):
    """One schema for every fragment: each column once, typed to hold every fragment's values."""
    pa, _ = parquet_modules()
    return pa.unify_schemas([schema.remove_metadata() for schema in schemas], promote_options="permissive")


def _conformed(table, schema):
    """``table`` with ``schema``'s columns, in its order, a missing one all null."""
    pa, _ = parquet_modules()
    columns = [table.column(field.name).cast(field.type) if field.name in table.column_names
               else pa.nulls(len(table), field.type) for field in schema]
    return pa.table(columns, schema=schema.with_metadata(table.schema.metadata))


def finish(part, path, dataset):
    """Combine the fragments of ``part`` into ``path``: one Parquet file, or with ``dataset`` a directory of the
    fragments, all of one schema; ``part`` is gone afterwards."""
    found = [p for _, _, p in fragments(part)]
    tables = [read_fragment(p) for p in found]
    schema = _common_schema(table.schema for table in tables)
    if dataset:
        for p, table in zip(found, tables):
            if table.schema.remove_metadata() != schema:
                write_parquet(_conformed(table, schema), p)
        for name in os.listdir(part):
            if not name.endswith(".parquet"):
                os.remove(os.path.join(part, name))      # what resuming needed: the fragments' outcomes
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
