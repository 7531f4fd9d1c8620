"""A simulation written out (`tricks simulate --out`): its JSON lines file, or its Parquet table or dataset
(games.simulation_table), through ``OUT.part`` until complete, and an interrupted run resumed where it stopped, the
same output as the uninterrupted run's."""
import functools
import json
import os
import shutil

from trickcore.errors import InputError
from trickcore.files import read_text
from trickcore.games.simulate import FORMAT, TASK_CHUNKS, choose_deals, head, header_line, output_chunk, run
from trickcore.games.simulation_hooks import columns_of
from trickcore.games.simulation_table import check_fragments, finish, fragment_path, fragments, write_fragment
from trickcore.scoring.base import parquet_modules

SPOOLED = ".chunk"    # a fragment a worker wrote, until the main process renames it in deal order


def read_output(path, simulation):
    """The lines already in a simulation's unfinished output file (its last line dropped when cut short);
    InputError when the file was written by another simulation or its lines are out of order."""
    text = read_text(path)
    rows = text.split("\n")
    if not text.endswith("\n"):
        rows = rows[:-1]          # a line cut short by the interruption: computed again
    rows = [row for row in rows if row.strip()]
    if not rows:
        return []
    try:
        head = json.loads(rows[0])
        lines = [json.loads(row) for row in rows[1:]]
    except json.JSONDecodeError as exc:
        raise InputError(f"not a simulation's output: {exc.msg}", source=path, line=exc.lineno) from None
    if head.get("format") != FORMAT or head.get("simulation") != simulation.to_dict():
        raise InputError("this file was written by a different simulation: resume with the same options",
                         source=path, line=1)
    for k, line in enumerate(lines):
        if line.get("index") != k:
            raise InputError(f"line {k + 2} is deal {line.get('index')}, not deal {k}", source=path, line=k + 2)
    return lines


def partial_path(path):
    """Where an unfinished output lives until the simulation ends (then it is renamed to ``path``): a file, or
    for a table a directory of finished fragments."""
    return path.rstrip("/" + os.sep) + ".part"


def output_kind(path):
    """What ``path`` asks a simulation to write: "table" (``.parquet``: one Parquet file), "dataset" (a trailing
    slash: a directory of Parquet files) or "lines" (``.jsonl``, ``.json`` or any other name: JSON lines)."""
    if path.endswith(("/", os.sep)):
        return "dataset"
    return "table" if path.lower().endswith(".parquet") else "lines"


def check_output(path):
    """InputError (or MissingExtra without pyarrow) for an output ``path`` a simulation cannot write, before any
    work: a dataset's directory that holds files already, a table without pyarrow."""
    kind = output_kind(path)
    if kind == "lines":
        return kind
    parquet_modules()
    target = path.rstrip("/" + os.sep)
    if kind == "dataset" and os.path.exists(target) and (not os.path.isdir(target) or os.listdir(target)):
        raise InputError("a dataset is written to a new (or empty) directory: this one holds files already",
                         source=target, field="out")
    return kind


def _add_outcomes(outcomes, done, chunk):
    """Append a chunk's outcome columns to ``outcomes`` (columns of ``done`` deals so far), None where either
    lacks a key."""
    count = len(next(iter(chunk.values()), ()))
    for key in chunk:
        if key not in outcomes:
            outcomes[key] = [None] * done     # made only for a new key: a list of every deal so far is no small thing
    for key, values in outcomes.items():
        values.extend(chunk.get(key, [None] * count))
    return done + count


def simulate_to_file(simulation, path, jobs=1, dask=None, resume=False, progress=None, tables=None):
    """Run ``simulation`` writing its deals to ``path`` (see output_kind: JSON lines, a Parquet table or a
    dataset) through ``partial_path(path)``, renamed when complete; with ``resume`` continue an unfinished run.
    Returns every deal's outcome as columns. ``progress(n)`` is called with the number of deals done after each
    chunk; a list ``tables`` receives the Arrow table of each chunk."""
    kind = check_output(path)
    if kind == "lines":
        return _simulate_to_lines(simulation, path, jobs, dask, resume, progress, tables)
    return _simulate_to_table(simulation, path, jobs, dask, resume, progress, tables)


def _simulate_to_lines(simulation, path, jobs, dask, resume, progress, tables):
    """simulate_to_file of JSON lines. Worker processes write their chunks' lines to files of a spool directory
    beside the output, which the main process appends in order in the kernel: the lines do not pass through it."""
    part = partial_path(path)
    done = read_output(part, simulation) if resume and os.path.exists(part) else []
    if resume and not done and not os.path.exists(part):
        raise InputError("nothing to resume: no unfinished output", source=part)
    numbers = choose_deals(simulation)
    work = functools.partial(output_chunk, ("lines",) if tables is None else ("lines", "table"))
    spool = part + ".spool" if jobs > 1 and dask is None else None
    try:
        if done:
            _cut_to_whole_lines(part)
        if spool:
            shutil.rmtree(spool, ignore_errors=True)
            os.makedirs(spool)
            work = functools.partial(spooled, work, spool)
        # Not opened for appending: the kernel's copy (os.copy_file_range) refuses a file opened so.
        with open(part, "r+b" if done else "wb") as out:
            out.seek(0, os.SEEK_END)
            if not done:
                out.write(header_line(simulation).encode())
            outcomes = columns_of([line["outcome"] for line in done])
            count = len(done)
            if progress:
                progress(count)
            for text, table, chunk in run(simulation, numbers, len(done), jobs, dask, work=work):
                if spool:
                    _append_file(out, text)
                else:
                    out.write(text)
                    out.flush()
                count = _add_outcomes(outcomes, count, chunk)
                if tables is not None:
                    tables.append(table)
                if progress:
                    progress(count)
    except OSError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", source=part) from None
    finally:
        if spool:
            shutil.rmtree(spool, ignore_errors=True)
    os.replace(part, path)
    return outcomes


def spooled(work, spool, simulation, items):
    """``work(simulation, items)`` (output_chunk's text, table, outcomes) with its text written to a file of the
    directory ``spool`` (named by the chunk's first deal), whose path it gives instead of the text."""
    text, table, outcomes = work(simulation, items)
    path = os.path.join(spool, f"{items[0][0]:012d}.jsonl")
    with open(path, "wb") as out:
        out.write(text)
    return path, table, outcomes


def _append_file(out, path):
    """Append the file ``path`` to ``out`` (a binary file, not opened for appending) and remove it: copied by the
    kernel where it can (Linux), without reading it into this process."""
    out.flush()
    with open(path, "rb") as source:
        if hasattr(os, "copy_file_range"):
            while os.copy_file_range(source.fileno(), out.fileno(), 1 << 30):
                pass
        else:
            shutil.copyfileobj(source, out)
    os.remove(path)


def _simulate_to_table(simulation, path, jobs, dask, resume, progress, tables):
    """simulate_to_file of a Parquet table or dataset: each TASK_CHUNKS chunks (a Dask task's) become one
    fragment file of the .part directory, with its outcomes beside it; the fragments are combined at the end."""
    target, dataset = path.rstrip("/" + os.sep), output_kind(path) == "dataset"
    part = partial_path(path)
    if resume and not os.path.isdir(part):
        raise InputError("nothing to resume: no unfinished output", source=part)
    try:
        if not resume:
            if os.path.isdir(part):
                shutil.rmtree(part)
            os.makedirs(part)
        done = check_fragments(part, head(simulation))
        outcomes, count = {}, 0
        for _, _, fragment in fragments(part):
            count = _add_outcomes(outcomes, count, _read_json(os.path.splitext(fragment)[0] + ".outcomes.json"))
        numbers = choose_deals(simulation)
        if progress:
            progress(count)
        pending = []
        # Worker processes write a single file's fragments themselves, a chunk each, which the main process
        # renames in order: the tables do not pass through it.
        by_workers = jobs > 1 and dask is None and not dataset and tables is None
        work = (functools.partial(fragment_chunk, part) if by_workers
                else functools.partial(output_chunk, ("table",)))
        try:
            for fragment, table, chunk in run(simulation, numbers, done, jobs, dask, work=work):
                if by_workers:
                    os.replace(fragment + SPOOLED, fragment)
                    count = done = _add_outcomes(outcomes, count, chunk)
                    if progress:
                        progress(count)
                    continue
                pending.append((table, chunk))
                count = _add_outcomes(outcomes, count, chunk)
                if tables is not None:
                    tables.append(table)
                if len(pending) == TASK_CHUNKS:
                    done = _write_pending(part, simulation, done, pending, dataset)
                if progress:
                    progress(count)
        finally:
            _write_pending(part, simulation, done, pending, dataset)
        finish(part, target, dataset)
    except OSError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", source=part) from None
    return outcomes


def fragment_chunk(part, simulation, items):
    """The table of the deals ``items`` written as a fragment of ``part``, under its name with SPOOLED added (the
    main process renames it when every fragment before it is finished), its outcomes beside it: (the fragment's
    path, None, the outcomes)."""
    _, table, outcomes = output_chunk(("table",), simulation, items)
    path = fragment_path(part, items[0][0], items[-1][0] + 1, dataset=False)
    with open(os.path.splitext(path)[0] + ".outcomes.json", "w", encoding="utf-8") as out:
        out.write(json.dumps(outcomes))
    write_fragment(path + SPOOLED, [table])
    return path, None, outcomes


def _write_pending(part, simulation, done, pending, dataset):
    """Write the chunks ``pending`` [(table, outcomes)], deals ``done`` onwards, as one fragment (and empty the
    list): the outcomes first, then the table, whose name marks the fragment finished. The deals done after."""
    if not pending:
        return done
    per_deal = max(1, len(simulation.tables))
    end = done + sum(table.num_rows for table, _ in pending) // per_deal
    outcomes, count = {}, 0
    for _, chunk in pending:
        count = _add_outcomes(outcomes, count, chunk)
    path = fragment_path(part, done, end, dataset)
    with open(os.path.splitext(path)[0] + ".outcomes.json", "w", encoding="utf-8") as out:
        out.write(json.dumps(outcomes))
    write_fragment(path, [table for table, _ in pending])
    pending.clear()
    return end


def _read_json(path):
    with open(path, encoding="utf-8") as source:
        return json.load(source)


def _cut_to_whole_lines(path):
    """Drop a line cut short at the end of an unfinished file, so appending continues after a whole line."""
    with open(path, "rb+") as raw:
        data = raw.read()
        raw.truncate(data.rfind(b"\n") + 1)
