"""Simulations: many deals of one game, chosen by a condition, each solved double dummy or played by agents
through the State protocol; one result line per deal, in deal order, whatever splits the work.

Deal ``i`` of a simulation is the ``i``-th deal of the seed that satisfies the condition (trickcore's
constrained dealing), and its agents are seeded from (seed, the deal's number, their table): so a deal's line
depends on nothing but the simulation and its number, and the lines are the same on one process, on ``jobs``
processes, on a Dask cluster, or in a run interrupted and resumed. Work goes out in chunks of CHUNK deals.

A simulation may seat a **field**: further tables, each with its own agents, play every deal as well (the
duplicate principle), so that scoring systems which compare a result with the other tables' (matchpoints,
IMPs against a datum) can score them. A field's line holds each table's record and outcome under ``tables``.
"""
import json
import os

import attrs

from trickcore.dealing import deal_where, parse_predeal
from trickcore.errors import InputError
from trickcore.files import read_text
from trickcore.games.base import agent_classes, play_deal
from trickcore.games.registry import get_game
from trickcore.names import name_list, text_list
from trickcore.rng import M64, mix64
from trickcore.scoring.base import SIMULATION_FORMAT
from trickcore.solver import solve_batch
from trickcore.statistics import summarise

CHUNK = 16
TASK_CHUNKS = 8           # chunks a worker takes at a time: fewer, larger exchanges, the same lines in order
AGENT_SALT = 0x73696D75   # keeps the agents' seeds apart from the deals' streams
# Version 2: deal k is dealt by its own dealer (the rotation of play) unless the simulation fixes one, so a
# version 1 file, whose deals all had one dealer, is not resumed as if it were the same simulation.
FORMAT = f"{SIMULATION_FORMAT} 2"


def _pairs(value):
    return None if value is None else tuple(sorted((str(k), v) for k, v in dict(value).items()))


@attrs.frozen
class Simulation:
    """What a simulation does: ``deals`` deals of ``game`` from ``seed`` under ``where`` and ``predeal``
    (among the first ``tries`` candidates), each dealt by ``dealer`` or, without one, by the game's rotation
    (``dealer_of``); each played by ``agents`` (one name, or one per seat; a string is one name or a
    comma-separated list) and by the further tables of ``field`` (one such list of names per table), or solved
    (``solve``: the analysis options, e.g. contract and declarer)."""

    game: str
    deals: int
    seed: int
    variant: str | None = None
    where: str | None = None
    predeal: tuple = attrs.field(default=(), converter=text_list)
    dealer: str | None = None
    tries: int | None = None
    analyse: bool = False
    agents: tuple | None = attrs.field(default=None, converter=lambda v: None if v is None else name_list(v))
    solve: tuple | None = attrs.field(default=None, converter=_pairs)
    field: tuple = attrs.field(default=(), converter=lambda tables: tuple(name_list(t) for t in tables))

    def __attrs_post_init__(self):
        if (self.agents is None) == (self.solve is None):
            raise InputError("a simulation either plays with agents or solves double dummy: give one of them",
                             field="agents")
        if self.analyse and self.agents is None:
            raise InputError("--analyse adds the analysis of played deals: give --agents", field="analyse")
        if self.field and self.agents is None:
            raise InputError("a field's tables play the deals: give --agents", field="agents")
        if isinstance(self.deals, bool) or not isinstance(self.deals, int) or self.deals < 1:
            raise InputError(f"the number of deals must be at least 1, not {self.deals!r}", field="deals")

    def to_dict(self):
        """The simulation as JSON (the first line of its output file)."""
        data = attrs.asdict(self, recurse=False)
        data["predeal"] = list(self.predeal)
        data["agents"] = None if self.agents is None else list(self.agents)
        data["solve"] = None if self.solve is None else dict(self.solve)
        if self.field:
            data["field"] = [list(table) for table in self.field]
        else:
            del data["field"]       # a one-table simulation's header reads as it always has
        return data

    @classmethod
    def from_dict(cls, data):
        """The simulation of an output file's first line."""
        return cls(**data)

    @property
    def tables(self):
        """The agent names of every table, the first table's (``agents``) first."""
        return (self.agents,) + self.field if self.agents is not None else ()


def agent_seed(seed, number, table=0):
    """The seed of the agents playing deal ``number`` of ``seed`` at ``table`` (0 for the first)."""
    first = mix64((mix64(seed ^ AGENT_SALT) + number) & M64)
    return first if table == 0 else mix64((first + table) & M64)


def dealer_of(game, simulation, index):
    """The seat index dealing deal ``index`` of ``simulation``: the fixed ``dealer`` when it names one, else
    the game's rotation (bridge: board ``index + 1``'s dealer; whist and preferans: the dealer passes left)."""
    if simulation.dealer is not None:
        return game.seat_index(simulation.dealer)
    return game.simulation.dealer(index, simulation.variant)


def choose_deals(simulation):
    """The candidate numbers of the simulation's deals, in order (the kernel's constrained dealer): deal ``i`` is
    the first candidate after deal ``i - 1``'s that qualifies as dealt by its own dealer."""
    game = get_game(simulation.game)
    if simulation.dealer is not None or (simulation.where is None and not simulation.predeal):
        # One dealer for every deal, or every candidate qualifying: one batch of the kernel.
        batch = game.deal_where(simulation.seed, simulation.deals, simulation.where, list(simulation.predeal),
                                dealer=dealer_of(game, simulation, 0), tries=simulation.tries)
        return [batch.number(i) for i in range(len(batch))]
    return _rotating_choice(game, simulation)


def _rotating_choice(game, simulation):
    """choose_deals of a rotating dealer under a condition: each dealer's plan places the hands differently, so
    deal ``i``'s candidate is looked for under its own dealer's plan, from the one after deal ``i - 1``'s."""
    tries = simulation.tries if simulation.tries is not None else 10**8
    for dealer in {dealer_of(game, simulation, index) for index in range(game.n_seats)}:
        # The condition and the predealt cards read under every dealer: their errors are the user's own.
        game.deal_where(simulation.seed, 0, simulation.where, list(simulation.predeal), dealer=dealer)
    numbers, start = [], 0
    for index in range(simulation.deals):
        try:
            batch = game.deal_where(simulation.seed, 1, simulation.where, list(simulation.predeal),
                                    dealer=dealer_of(game, simulation, index), start=start, tries=tries - start)
        except InputError:
            raise InputError(f"only {index} of {simulation.deals} deals qualify among {tries} candidates: "
                             "loosen the condition or raise the number of tries", field="where") from None
        numbers.append(batch.number(0))
        start = numbers[-1] + 1
    return numbers


def run_chunk(simulation, items):
    """The result lines of the deals ``items`` [(index, candidate number)]: a pure function of its arguments,
    run in any process or on any machine."""
    game = get_game(simulation.game)
    dealers = [dealer_of(game, simulation, index) for index, _ in items]
    plans = {dealer: _plan(game, simulation, dealer) for dealer in set(dealers)}
    dealt = [(index, number, deal_where(plans[dealer][0], simulation.seed, 1, predealt=plans[dealer][1], start=number))
             for (index, number), dealer in zip(items, dealers)]
    played = [_play_table(game, simulation, dealers, dealt, table) for table in range(len(simulation.tables))]
    lines = []
    for k, (index, number, batch) in enumerate(dealt):
        deal = batch[0]
        line = {"index": index, "number": number, "deal": game.formats.format_deal(deal)}
        if simulation.solve is not None:
            options = dict(simulation.solve)
            if simulation.dealer is None:
                options = game.simulation.analysis_options(index, dealers[k], options)
            result = game.analysis.analyse(deal, **options).to_dict()
            result.pop("deal", None)
            line.update(result=result, outcome=flatten(result))
        else:
            hooks = game.simulation
            tables = [{"record": hooks.record_dict(records[k]), "outcome": hooks.outcome(records[k])}
                      for records in played]
            if simulation.field:
                outcome = {f"table {t} {key}": value for t, table in enumerate(tables, 1)
                           for key, value in table["outcome"].items()}
                line.update(tables=tables, outcome=outcome)
            else:
                line.update(tables[0])
            if simulation.analyse:
                analysis = game.simulation.analyse_played(deal, index, dealers[k]).to_dict()
                analysis.pop("deal", None)
                line["analysis"] = analysis
        lines.append(line)
    return lines


def _plan(game, simulation, dealer):
    """The dealing plan of deals by ``dealer`` and the simulation's predealt cards under it (None without)."""
    plan = game.dealing_plan(dealer)
    return plan, parse_predeal(list(simulation.predeal), game.hand_names(), plan) if simulation.predeal else None


def _play_table(game, simulation, dealers, dealt, table):
    """The records of the ``dealt`` deals played at ``table`` of the simulation (a compiled batch when the game
    has one for these agents, else through the State protocol)."""
    classes = agent_classes(game.name, simulation.tables[table], game.n_seats)[0]
    seeds = [agent_seed(simulation.seed, number, table) for _, number, _ in dealt]
    batched = game.simulation.batch_records([batch for _, _, batch in dealt], [index for index, _, _ in dealt],
                                            dealers, simulation.variant, [cls.name for cls in classes], seeds)
    if batched is not None:
        return batched
    records = []
    for (index, _, batch), seed, dealer in zip(dealt, seeds, dealers):
        state = game.simulation.state(batch, index, dealer, simulation.variant)
        records.append(play_deal(state, [cls(seat, seed) for seat, cls in enumerate(classes)]).record())
    return records


def flatten(data, prefix=""):
    """The numbers and yes/no values of a nested JSON object, keyed by their joined paths ("tricks N NT")."""
    flat = {}
    for key, value in data.items():
        name = f"{prefix} {key}".strip()
        if isinstance(value, dict):
            flat.update(flatten(value, name))
        elif isinstance(value, (bool, int, float)):
            flat[name] = value
    return flat


def _chunks(numbers, start):
    items = list(enumerate(numbers))[start:]
    return [items[k:k + CHUNK] for k in range(0, len(items), CHUNK)]


def written_chunk(simulation, items):
    """The lines of ``items`` (see run_chunk) as the output file holds them, JSON text, with their outcomes: a
    worker sends the main process this much cheaper load than the lines themselves."""
    lines = run_chunk(simulation, items)
    return "".join(json.dumps(line) + "\n" for line in lines), [line["outcome"] for line in lines]


def run(simulation, numbers, start=0, jobs=1, dask=None, work=run_chunk):
    """``work(simulation, chunk)`` of each chunk of deals ``start`` onwards, in order (a lazy iterator; by
    default the chunk's result lines): on this process, on ``jobs`` worker processes, or on a Dask cluster (a
    ``dask.distributed.Client``)."""
    chunks = _chunks(numbers, start)
    if dask is not None:
        yield from _run_on_dask(dask, simulation, chunks, work)
        return
    tasks = ((simulation, chunk) for chunk in chunks)
    yield from solve_batch(work, tasks, jobs, chunksize=_per_task(chunks, jobs))


def _per_task(chunks, workers):
    """Chunks a task takes: TASK_CHUNKS, or fewer when there are too few chunks to give every worker some (slow
    agents play a few hundred deals, not tens of thousands)."""
    return max(1, min(TASK_CHUNKS, len(chunks) // (2 * workers)))


def _work_on(work, simulation, chunks):
    return [work(simulation, chunk) for chunk in chunks]


def _run_on_dask(client, simulation, chunks, work):
    """The chunks' results in order from a Dask cluster, TASK_CHUNKS chunks a task (fewer when they are few:
    _per_task), at most four tasks per worker thread in flight (and at least 16)."""
    threads = sum(client.nthreads().values())
    window, size = max(16, 4 * threads), _per_task(chunks, max(1, threads))
    pending = []
    for k in range(0, len(chunks), size):
        # The simulation is a few hundred bytes: sent with each task rather than scattered (a scattered copy
        # shared by successive runs of the same simulation could be released under the next run).
        pending.append(client.submit(_work_on, work, simulation, chunks[k:k + size], pure=False))
        if len(pending) >= window:
            yield from pending.pop(0).result()
    for future in pending:
        yield from future.result()


def dask_client(address):
    """A Dask client for ``address`` (a scheduler's "tcp://host:port"), or for a new local cluster of N
    single-threaded worker processes with "local:N". Dask is the optional extra ``trickcore[dist]``."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--dask needs Dask: pip install 'trickcore[dist]'", field="dask") from None
    if address.startswith("local:"):
        try:
            workers = int(address[len("local:"):])
        except ValueError:
            workers = 0
        if workers < 1:
            raise InputError(f"write a local cluster as local:N with N >= 1, not {address!r}", field="dask")
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        return Client(cluster)
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {exc}", field="dask") from None


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


def header_line(simulation):
    """The first line of a simulation's output file: the format and the simulation."""
    return json.dumps({"format": FORMAT, "simulation": simulation.to_dict()}) + "\n"


def summary(simulation, outcomes):
    """The statistics of a simulation's deals from their ``outcomes`` (each result line's): per outcome key,
    shares, means with 95% intervals, distributions and frequencies (trickcore.statistics.summarise); a field's
    numbers also as each deal's difference between the first table and each other (``table_differences``)."""
    if simulation.field:
        outcomes = [{**outcome, **table_differences(outcome, len(simulation.tables))} for outcome in outcomes]
    return {"simulation": simulation.to_dict(), "deals": len(outcomes), "outcomes": summarise(outcomes)}


def table_differences(outcome, tables):
    """The numbers of a field's ``outcome`` at table 1 minus the same at each other table, keyed "table 1 - t
    KEY": the duplicate comparison of the first table's agents with the others' on the same cards (a mean with
    its interval in the summary, e.g. tricks a deal gained by one agent with the seats swapped at table 2)."""
    found = {}
    for t in range(2, tables + 1):
        for key, value in outcome.items():
            if not key.startswith("table 1 "):
                continue
            other = outcome.get(f"table {t} " + key[len("table 1 "):])
            numbers = [v for v in (value, other) if isinstance(v, (int, float)) and not isinstance(v, bool)]
            if len(numbers) == 2:
                found[f"table 1 - {t} " + key[len("table 1 "):]] = value - other
    return found


def partial_path(path):
    """Where an unfinished output file lives until the simulation ends (then it is renamed to ``path``)."""
    return path + ".part"


def simulate_to_file(simulation, path, jobs=1, dask=None, resume=False, progress=None):
    """Run ``simulation`` writing its lines to ``path`` (through ``path + '.part'``, renamed when complete);
    with ``resume`` continue an unfinished run from its .part file. Returns every deal's outcome. ``progress(n)``
    is called with the number of deals done after each chunk."""
    part = partial_path(path)
    done = read_output(part, simulation) if resume and os.path.exists(part) else []
    if resume and not done and not os.path.exists(part):
        raise InputError("nothing to resume: no unfinished output", source=part)
    numbers = choose_deals(simulation)
    try:
        if done:
            _cut_to_whole_lines(part)
        with open(part, "a" if done else "w", encoding="utf-8") as out:
            if not done:
                out.write(header_line(simulation))
            outcomes = [line["outcome"] for line in done]
            if progress:
                progress(len(outcomes))
            for text, chunk in run(simulation, numbers, len(done), jobs, dask, work=written_chunk):
                out.write(text)
                out.flush()
                outcomes.extend(chunk)
                if progress:
                    progress(len(outcomes))
    except OSError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", source=part) from None
    os.replace(part, path)
    return outcomes


def _cut_to_whole_lines(path):
    """Drop a line cut short at the end of an unfinished file, so appending continues after a whole line."""
    with open(path, "rb+") as raw:
        data = raw.read()
        raw.truncate(data.rfind(b"\n") + 1)


def simulate(simulation, jobs=1, dask=None):
    """Every result line of ``simulation``, in order, without a file."""
    return [line for chunk in run(simulation, choose_deals(simulation), 0, jobs, dask) for line in chunk]
