"""A simulation written out (`tricks simulate --out`): its JSON lines file, or its Parquet table or dataset
(games.simulation_table), through ``OUT.part`` until complete, and an interrupted run resumed where it stopped, the
same output as the uninterrupted run's."""
import functools
import json
import os
import shutil

from trickcore.errors import InputError
from trickcore.files import check_named, read_text
from trickcore.games.simulate import (FORMAT, TASK_CHUNKS, choose_deals, head, header_line, outcome_tally,
                                      output_chunk, run, run_tasks)
from trickcore.games.simulation_hooks import columns_of
from trickcore.games.simulation_table import (StreamedTable, check_fragments, finish, fragment_path, fragments,
                                              read_fragment, write_fragment)
from trickcore.scoring.base import parquet_modules
from trickcore.statistics import Tally

SPOOLED = ".chunk"    # a fragment a worker wrote, until the main process renames it in deal order
TALLY = ".tally.json"     # beside a fragment: its deals' outcomes' Tally, for the summary of a resumed run


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
    if not isinstance(head, dict) or head.get("format") != FORMAT or head.get("simulation") != simulation.to_dict():
        raise InputError("this file was written by a different simulation: resume with the same options",
                         source=path, line=1)
    for k, line in enumerate(lines):
        index = line.get("index") if isinstance(line, dict) else None
        if index != k:
            raise InputError(f"line {k + 2} is deal {index}, not deal {k}", source=path, line=k + 2)
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
    work: no name, a file's name that is a folder, a dataset's directory that holds files already, a table without
    pyarrow."""
    check_named(path, "out")
    kind = output_kind(path)
    if kind != "dataset" and os.path.isdir(path):
        raise InputError("is a folder: name a file, or end the name with / to write a dataset into it", source=path,
                         field="out")
    if kind == "lines":
        return kind
    parquet_modules()
    target = path.rstrip("/" + os.sep)
    if kind == "dataset" and os.path.exists(target) and (not os.path.isdir(target) or os.listdir(target)):
        raise InputError("a dataset is written to a new (or empty) directory: this one holds files already",
                         source=target, field="out")
    return kind


def simulate_to_file(simulation, path, jobs=1, dask=None, resume=False, progress=None, tables=None):
    """Run ``simulation`` writing its deals to ``path`` (see output_kind: JSON lines, a Parquet table or a
    dataset) through ``partial_path(path)``, renamed when complete; with ``resume`` continue an unfinished run.
    Returns the Tally of every deal's outcome (simulate.summary's). ``progress(n)`` is called with the number of
    deals done after each chunk; a list ``tables`` receives the Arrow table of each chunk."""
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
            tally = outcome_tally(simulation, columns_of([line["outcome"] for line in done]))
            if progress:
                progress(tally.rows)
            for text, table, chunk in run(simulation, numbers, len(done), jobs, dask, work=work):
                if spool:
                    _append_file(out, text)
                else:
                    out.write(text)
                    out.flush()
                tally += chunk
                if tables is not None:
                    tables.append(table)
                if progress:
                    progress(tally.rows)
    except OSError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", source=part) from None
    finally:
        if spool:
            shutil.rmtree(spool, ignore_errors=True)
    os.replace(part, path)
    return tally


def spooled(work, spool, simulation, items):
    """``work(simulation, items)`` (output_chunk's text, table, tally) with its text written to a file of the
    directory ``spool`` (named by the chunk's first deal), whose path it gives instead of the text."""
    text, table, tally = work(simulation, items)
    path = os.path.join(spool, f"{items[0][0]:012d}.jsonl")
    with open(path, "wb") as out:
        out.write(text)
    return path, table, tally


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
    """simulate_to_file of a Parquet table or dataset: each TASK_CHUNKS chunks (a Dask task's, a worker process's
    task) become one fragment file of the .part directory, with its tally beside it; a single file is written from
    the fragments as they finish (StreamedTable), a dataset's fragments are its files."""
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
        streamed = None if dataset else StreamedTable(part)
        tally = Tally()
        for _, _, fragment in fragments(part):
            tally += Tally.from_dict(_read_json(os.path.splitext(fragment)[0] + TALLY))
            if streamed:
                streamed.add(read_fragment(fragment))
        if progress:
            progress(tally.rows)
        tally = _play_to_table(simulation, part, jobs, dask, (done, tally), progress, tables, streamed)
        finish(part, target, dataset, streamed)
    except OSError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", source=part) from None
    return tally


def _play_to_table(simulation, part, jobs, dask, start, progress, tables, streamed):
    """The deals of a table from ``start`` (the deals done and their Tally) written as fragments of ``part`` (and
    into ``streamed``, the single file, when there is one): the Tally of every deal's outcome."""
    done, tally = start
    numbers = choose_deals(simulation)
    if jobs > 1 and dask is None and streamed is not None and tables is None:
        # Worker processes write a single file's fragments themselves, a task's chunks each, which the main
        # process renames in order and adds to the file: the tables do not pass through the pool's pipe.
        for fragment, chunk in run_tasks(simulation, numbers, done, jobs, functools.partial(fragment_task, part)):
            tally += chunk
            os.replace(fragment + SPOOLED, fragment)
            streamed.add(read_fragment(fragment))
            if progress:
                progress(tally.rows)
        return tally
    pending, work = [], functools.partial(output_chunk, ("table",))
    try:
        for _, table, chunk in run(simulation, numbers, done, jobs, dask, work=work):
            tally += chunk
            pending.append((table, chunk))
            if tables is not None:
                tables.append(table)
            if len(pending) == TASK_CHUNKS:
                done = _write_pending(part, simulation, done, pending, streamed)
            if progress:
                progress(tally.rows)
    finally:
        _write_pending(part, simulation, done, pending, streamed)
    return tally


def fragment_task(part, simulation, chunks):
    """The table of the deals of ``chunks`` (a worker's task) written as one fragment of ``part``, under its name
    with SPOOLED added (the main process renames it when every fragment before it is finished), its tally beside
    it: (the fragment's path, the tally)."""
    tables, tally = [], Tally()
    for items in chunks:
        _, table, found = output_chunk(("table",), simulation, items)
        tables.append(table)
        tally += found
    path = fragment_path(part, chunks[0][0][0], chunks[-1][-1][0] + 1, dataset=False)
    _write_json(os.path.splitext(path)[0] + TALLY, tally.to_dict())
    write_fragment(path + SPOOLED, tables)
    return path, tally


def _write_pending(part, simulation, done, pending, streamed):
    """Write the chunks ``pending`` [(table, tally)], deals ``done`` onwards, as one fragment (and empty the list):
    the tally first, then the table, whose name marks the fragment finished; add them to ``streamed`` (the single
    file; None for a dataset's fragment, a Parquet file itself). The deals done after."""
    if not pending:
        return done
    per_deal = max(1, len(simulation.tables))
    end = done + sum(table.num_rows for table, _ in pending) // per_deal
    tally = Tally()
    for _, chunk in pending:
        tally += chunk
    path = fragment_path(part, done, end, streamed is None)
    _write_json(os.path.splitext(path)[0] + TALLY, tally.to_dict())
    write_fragment(path, [table for table, _ in pending])
    if streamed:
        for table, _ in pending:
            streamed.add(table)
    pending.clear()
    return end


def _write_json(path, data):
    with open(path, "w", encoding="utf-8") as out:
        out.write(json.dumps(data))


def _read_json(path):
    with open(path, encoding="utf-8") as source:
        return json.load(source)


def _cut_to_whole_lines(path):
    """Drop a line cut short at the end of an unfinished file, so appending continues after a whole line."""
    with open(path, "rb+") as raw:
        data = raw.read()
        raw.truncate(data.rfind(b"\n") + 1)
