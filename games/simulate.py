"""Simulations: many deals of one game, chosen by a condition, each solved double dummy or played by agents
through the State protocol (or a game's compiled batch that plays as they do); one result line per deal, in deal
order, or one row per deal of a Parquet table (games.simulation_output writes them), whatever splits the work.

Deal ``i`` of a simulation is the ``i``-th deal of the seed that satisfies the condition (trickcore's
constrained dealing), and its agents are seeded from (seed, the deal's number, their table): so a deal's line
depends on nothing but the simulation and its number, and the lines are the same on one process, on ``jobs``
processes, on a Dask cluster, or in a run interrupted and resumed. Work goes out in chunks (chunk_size), each
dealt in a few kernel batches and turned into lines and columns from the played deals' arrays where the game's
hooks can (games.simulation_hooks), without a Python dict per deal.

A simulation may seat a **field**: further tables, each with its own agents, play every deal as well (the
duplicate principle), so that scoring systems which compare a result with the other tables' (matchpoints,
IMPs against a datum) can score them. A field's line holds each table's record and outcome under ``tables``.
"""
import array
import itertools
import json

import attrs

from trickcore.dealing import DealBatch, deal_where, parse_predeal
from trickcore.errors import InputError
from trickcore.games.base import agent_classes, play_deal
from trickcore.games.registry import get_game
from trickcore.games.simulation_hooks import DealtDeals, columns_of, flat_row
from trickcore.games.simulation_table import table_of
from trickcore.names import name_list, text_list
from trickcore.rng import M64, mix64
from trickcore.scoring.base import SIMULATION_FORMAT
from trickcore.solver import solve_batch
from trickcore.statistics import Tally

CHUNK = 16                # deals of a chunk solved double dummy, and the fewest of any chunk
MAX_CHUNK = 1024          # the most deals of a chunk played: a compiled batch's worth
MAX_DEALS = 10**9
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
        if self.deals > MAX_DEALS:
            # The deals chosen under a condition are listed in memory: beyond this, run several seeds.
            raise InputError(f"a simulation plays at most {MAX_DEALS:,} deals (the deals chosen are listed in "
                             f"memory), not {self.deals:,}: run several with different seeds", field="deals")

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
    return agent_seeds(seed, [number], table)[0]


def agent_seeds(seed, numbers, table=0):
    """``agent_seed`` of each deal of ``numbers``, the simulation's own part of the stream mixed once."""
    base = mix64(seed ^ AGENT_SALT)
    firsts = [mix64((base + number) & M64) for number in numbers]
    return firsts if table == 0 else [mix64((first + table) & M64) for first in firsts]


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
    if simulation.where is None and (simulation.tries is None or simulation.tries >= simulation.deals):
        # Every candidate qualifies (predealt cards are in every one): deal i is candidate i. The predealt cards
        # are read under every dealer now, so that their errors come before any work.
        for dealer in {dealer_of(game, simulation, index) for index in range(min(game.n_seats, simulation.deals))}:
            game.deal_where(simulation.seed, 0, None, list(simulation.predeal), dealer=dealer)
        return range(simulation.deals)
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


def _dealt(game, simulation, items):
    """The deals ``items`` [(index, candidate number)] and their dealers' seat indices: a DealtDeals, each dealer's
    deals dealt by the kernel in as few batches as their numbers allow."""
    if simulation.dealer is not None:
        dealers = [game.seat_index(simulation.dealer)] * len(items)
    else:
        hooks = game.simulation
        dealers = [hooks.dealer(index, simulation.variant) for index, _ in items]
    n = game.dealing_plan(0).n_owners
    masks, last = array.array("Q", bytes(8 * n * len(items))), array.array("B", bytes(len(items)))
    for dealer in set(dealers):
        plan, predealt = _plan(game, simulation, dealer)
        rows = [k for k, seat in enumerate(dealers) if seat == dealer]
        batch = _deal_numbers(plan, simulation.seed, [items[k][1] for k in rows], predealt)
        for j, k in enumerate(rows):
            masks[k * n:(k + 1) * n] = batch.masks[j * n:(j + 1) * n]
            last[k] = batch.last[j]
    numbers = array.array("Q", [number for _, number in items])
    return DealtDeals(DealBatch(game.dealing_plan(0), masks, last, simulation.seed, 0, numbers)), dealers


def _deal_numbers(plan, seed, numbers, predealt):
    """The candidates ``numbers`` (increasing) of ``plan`` holding the ``predealt`` cards: one kernel batch over
    their span when it is not much longer than they are, else one each."""
    span = numbers[-1] - numbers[0] + 1
    if span <= 4 * len(numbers) + 64:
        batch = deal_where(plan, seed, span, predealt=predealt, start=numbers[0])
        n = plan.n_owners
        picked = [number - numbers[0] for number in numbers]
        masks = array.array("Q", [mask for k in picked for mask in batch.masks[k * n:(k + 1) * n]])
        return DealBatch(plan, masks, array.array("B", [batch.last[k] for k in picked]), seed, 0)
    ones = [deal_where(plan, seed, 1, predealt=predealt, start=number) for number in numbers]
    return DealBatch(plan, array.array("Q", [m for one in ones for m in one.masks]),
                     array.array("B", [one.last[0] for one in ones]), seed, 0)


@attrs.frozen
class Piece:
    """A piece of a simulation, dealt and played: its ``items`` [(index, candidate number)], their DealtDeals,
    dealers and deal texts, each table's records with their table columns (the hooks' ``table_columns``), and
    each deal's solved result or played deal's analysis (as JSON) when the simulation asks for them."""

    simulation: Simulation
    game: object
    items: list
    dealt: DealtDeals
    dealers: list
    texts: list
    tables: list
    analyses: list | None

    @classmethod
    def of(cls, simulation, items, columns=True):
        """Deal and play (or solve) ``items``; with ``columns`` each table's columns too (else None)."""
        game = get_game(simulation.game)
        dealt, dealers = _dealt(game, simulation, items)
        tables = []
        for table in range(len(simulation.tables)):
            records = _play_table(game, simulation, dealers, dealt, items, table)
            tables.append((records, game.simulation.table_columns(records) if columns else None))
        analyses = None
        if simulation.solve is not None or simulation.analyse:
            analyses = [_analysis(game, simulation, index, dealer, dealt.batch[k])
                        for k, ((index, _), dealer) in enumerate(zip(items, dealers))]
        return cls(simulation, game, items, dealt, dealers, game.simulation.deal_texts(dealt.batch), tables,
                   analyses)

    def base(self):
        """The columns every row has: index, candidate number, deal (its text) and dealer."""
        return {"index": [index for index, _ in self.items], "number": [number for _, number in self.items],
                "deal": self.texts, "dealer": [self.game.seats[dealer] for dealer in self.dealers]}


def _analysis(game, simulation, index, dealer, deal):
    """The solved result (``solve``) or the played deal's analysis (``analyse``) of deal ``index``, as JSON."""
    if simulation.solve is not None:
        options = dict(simulation.solve)
        if simulation.dealer is None:
            options = game.simulation.analysis_options(index, dealer, options)
        result = game.analysis.analyse(deal, **options).to_dict()
    else:
        result = game.simulation.analyse_played(deal, index, dealer).to_dict()
    result.pop("deal", None)
    return result


def run_chunk(simulation, items):
    """The result lines of the deals ``items`` [(index, candidate number)]: a pure function of its arguments,
    run in any process or on any machine."""
    return piece_lines(Piece.of(simulation, items, columns=False))


def _plan(game, simulation, dealer):
    """The dealing plan of deals by ``dealer`` and the simulation's predealt cards under it (None without)."""
    plan = game.dealing_plan(dealer)
    return plan, parse_predeal(list(simulation.predeal), game.hand_names(), plan) if simulation.predeal else None


def _play_table(game, simulation, dealers, dealt, items, table):
    """The records of the ``dealt`` deals (DealtDeals of ``items``) played at ``table`` of the simulation (a
    compiled batch when the game has one for these agents, else through the State protocol)."""
    classes = agent_classes(game.name, simulation.tables[table], game.n_seats)[0]
    seeds = agent_seeds(simulation.seed, [number for _, number in items], table)
    indices = [index for index, _ in items]
    batched = game.simulation.batch_records(dealt, indices, dealers, simulation.variant, [cls.name for cls in classes],
                                            seeds)
    if batched is not None:
        return batched
    records = []
    for one, index, seed, dealer in zip(dealt, indices, seeds, dealers):
        state = game.simulation.state(one, index, dealer, simulation.variant)
        records.append(play_deal(state, [cls(seat, seed) for seat, cls in enumerate(classes)]).record())
    return records


def flatten(data):
    """The numbers and yes/no values of a nested JSON object, keyed by their joined paths ("tricks N NT")."""
    return {key: value for key, value in flat_row(data).items() if isinstance(value, (bool, int, float))}


def chunk_size(simulation, jobs=1):
    """The deals of one chunk: CHUNK for deals solved double dummy (each one takes a while), else enough deals
    for a compiled batch to pay, while every worker still gets several tasks."""
    if simulation.solve is not None:
        return CHUNK
    return max(CHUNK, min(MAX_CHUNK, simulation.deals // (4 * TASK_CHUNKS * max(jobs, 1))))


def _chunks(numbers, start, size=CHUNK):
    """The deals [(index, candidate number)] from ``start`` on, ``size`` at a time (a lazy iterator)."""
    items = itertools.islice(enumerate(numbers), start, None)
    while chunk := list(itertools.islice(items, size)):
        yield chunk


def piece_lines(piece):
    """The result lines of a Piece (see run_chunk)."""
    simulation, hooks = piece.simulation, piece.game.simulation
    lines = []
    for k, (index, number) in enumerate(piece.items):
        line = {"index": index, "number": number, "deal": piece.texts[k]}
        if simulation.solve is not None:
            line.update(result=piece.analyses[k], outcome=flatten(piece.analyses[k]))
            lines.append(line)
            continue
        tables = [{"record": hooks.record_dict(records[k]), "outcome": hooks.outcome(records[k])}
                  for records, _ in piece.tables]
        if simulation.field:
            outcome = {f"table {t} {key}": value for t, table in enumerate(tables, 1)
                       for key, value in table["outcome"].items()}
            line.update(tables=tables, outcome=outcome)
        else:
            line.update(tables[0])
        if simulation.analyse:
            line["analysis"] = piece.analyses[k]
        lines.append(line)
    return lines


def piece_text(piece):
    """The result lines of a Piece of one table, neither solved nor analysed, as JSON text: from each deal's record
    and outcome texts (the hooks' ``line_parts``), without a dict per deal."""
    records, columns = piece.tables[0]
    base = piece.base()
    record_texts, outcome_texts = piece.game.simulation.line_parts(records, columns, base)
    return "".join(f'{{"index": {index}, "number": {number}, "deal": {json.dumps(deal)}, "record": {record}, '
                   f'"outcome": {outcome}}}\n'
                   for index, number, deal, record, outcome in zip(base["index"], base["number"], base["deal"],
                                                                   record_texts, outcome_texts))


def piece_columns(piece):
    """The table of a Piece as columns: index, candidate number, deal, dealer and the hands' columns, then the
    solved result's columns, or each table's own (a field: one row per deal and ``table``) and the analysis's."""
    columns = {**piece.base(), **piece.game.simulation.hand_columns(piece.texts)}
    analysis = {key: values for key, values in columns_of([flat_row(a) for a in piece.analyses or []]).items()
                if key not in columns}
    if piece.simulation.solve is not None:
        return {**columns, **analysis}
    if not piece.simulation.field:
        return {**columns, **piece.tables[0][1], **analysis}
    count, n = len(piece.tables), len(piece.items)
    columns = {key: [value for value in values for _ in range(count)]
               for key, values in {**columns, **analysis}.items()}
    columns["table"] = [t for _ in range(n) for t in range(1, count + 1)]
    keys = dict.fromkeys(key for _, own in piece.tables for key in own)
    for key in keys:
        per_table = [own.get(key, [None] * n) for _, own in piece.tables]
        columns[key] = [values[k] for k in range(n) for values in per_table]
    return columns


def piece_outcomes(piece):
    """The outcome of each deal of a Piece, as columns (one value per deal, None where a deal has none)."""
    if piece.simulation.solve is not None:
        return columns_of([flatten(result) for result in piece.analyses])
    outcomes = [piece.game.simulation.outcome_columns(columns) for _, columns in piece.tables]
    if not piece.simulation.field:
        return outcomes[0]
    return {f"table {t} {key}": values for t, columns in enumerate(outcomes, 1) for key, values in columns.items()}


def outcome_tally(simulation, outcomes):
    """The Tally of deals' ``outcomes`` (columns) that the simulation's summary merges: a field's with each deal's
    differences between its tables (``table_differences``), which only the deal's own outcomes give."""
    if simulation.field:
        outcomes = {**outcomes, **table_differences(outcomes, len(simulation.tables))}
    return Tally.of(outcomes)


def output_chunk(kinds, simulation, items):
    """The deals ``items`` as each of ``kinds`` asks ("lines": their JSON text, encoded; "table": an Arrow table),
    with their outcomes' Tally: (text or None, table or None, tally). A worker sends the main process this much
    cheaper load than the lines as objects, as bytes, which the main process writes as they come, and the
    outcomes' partial statistics, which it merges, instead of a value per deal."""
    fast = simulation.solve is None and not simulation.field and not simulation.analyse
    columns = "table" in kinds or fast
    piece = Piece.of(simulation, items, columns=columns)
    if not columns:
        # A solved, analysed or field simulation's lines alone: their outcomes from the lines themselves.
        lines = piece_lines(piece)
        text = "".join(json.dumps(line) + "\n" for line in lines).encode()
        return text, None, outcome_tally(simulation, columns_of([line["outcome"] for line in lines]))
    text = table = None
    if "lines" in kinds:
        text = (piece_text(piece) if fast else "".join(json.dumps(line) + "\n" for line in piece_lines(piece))).encode()
    if "table" in kinds:
        table = table_of(piece_columns(piece), head(simulation))
    return text, table, outcome_tally(simulation, piece_outcomes(piece))


def run(simulation, numbers, start=0, jobs=1, dask=None, work=run_chunk):
    """``work(simulation, chunk)`` of each chunk of deals ``start`` onwards, in order (a lazy iterator; by
    default the chunk's result lines): on this process, on ``jobs`` worker processes, or on a Dask cluster (a
    ``dask.distributed.Client``)."""
    chunks, count = _chunks_of(simulation, numbers, start, jobs)
    if dask is not None:
        yield from _run_on_dask(dask, simulation, chunks, work, count)
        return
    tasks = ((simulation, chunk) for chunk in chunks)
    yield from solve_batch(work, tasks, jobs, chunksize=_per_task(count, jobs))


def run_tasks(simulation, numbers, start, jobs, work):
    """``work(simulation, chunks)`` of each worker's task (the chunks ``run`` gives a task) of the deals ``start``
    onwards, in order, on ``jobs`` worker processes: one result a task, for work done once a task (a file of its
    deals)."""
    chunks, count = _chunks_of(simulation, numbers, start, jobs)
    per_task = _per_task(count, jobs)
    tasks = ((simulation, task) for task in iter(lambda: list(itertools.islice(chunks, per_task)), []))
    yield from solve_batch(work, tasks, jobs)


def _chunks_of(simulation, numbers, start, jobs):
    """The chunks of the deals ``start`` onwards (a lazy iterator, chunk_size's for ``jobs``) and their count."""
    size = chunk_size(simulation, jobs)
    return _chunks(numbers, start, size), -(-(simulation.deals - start) // size)


def _per_task(chunks, workers):
    """Chunks a task takes, of ``chunks`` in all: TASK_CHUNKS, or fewer when there are too few to give every worker
    some (slow agents play a few hundred deals, not tens of thousands)."""
    return max(1, min(TASK_CHUNKS, chunks // (2 * max(workers, 1))))


def _work_on(work, simulation, chunks):
    return [work(simulation, chunk) for chunk in chunks]


def _run_on_dask(client, simulation, chunks, work, count):
    """The results of ``chunks`` (``count`` of them) in order from a Dask cluster, TASK_CHUNKS chunks a task
    (fewer when they are few: _per_task), at most four tasks per worker thread in flight (and at least 16)."""
    threads = sum(client.nthreads().values())
    window, per_task = max(16, 4 * threads), _per_task(count, threads)
    pending = []
    while task := list(itertools.islice(chunks, per_task)):
        # The simulation is a few hundred bytes: sent with each task rather than scattered (a scattered copy
        # shared by successive runs of the same simulation could be released under the next run).
        pending.append(client.submit(_work_on, work, simulation, task, pure=False))
        if len(pending) >= window:
            yield from pending.pop(0).result()
    for future in pending:
        yield from future.result()


# The most worker processes of a local cluster (--dask local:N), as --jobs takes (trickcore.cli.arguments.MAX_JOBS):
# each is a process, and a typo such as local:10**11 would start them without end.
MAX_LOCAL_WORKERS = 256


def dask_client(address):
    """A Dask client for ``address`` (a scheduler's "tcp://host:port"), or for a new local cluster of N
    single-threaded worker processes with "local:N". Dask is the optional extra ``trickcore[dist]``."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--dask needs Dask: pip install 'trickcore[dist]'", field="dask") from None
    if not address.strip():
        raise InputError("give a Dask scheduler's address (tcp://host:port) or local:N, not empty text", field="dask")
    if address.startswith("local:"):
        try:
            workers = int(address[len("local:"):])
        except ValueError:
            workers = 0
        if not 1 <= workers <= MAX_LOCAL_WORKERS:
            raise InputError(f"write a local cluster as local:N with N from 1 to {MAX_LOCAL_WORKERS}, not {address!r}",
                             field="dask")
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        return Client(cluster)
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {exc}", field="dask") from None


def head(simulation):
    """What a simulation's output says first (its header line; its table's metadata): the format and the
    simulation."""
    return {"format": FORMAT, "simulation": simulation.to_dict()}


def header_line(simulation):
    """The first line of a simulation's output file: the format and the simulation."""
    return json.dumps(head(simulation)) + "\n"


def summary(simulation, tally):
    """The statistics of a simulation's deals from their outcomes' ``tally`` (outcome_tally's, merged over every
    chunk): per outcome key, shares, means with 95% intervals, distributions and frequencies
    (trickcore.statistics.Tally.summary); a field's numbers also as each deal's difference between the first table
    and each other (``table_differences``)."""
    return {"simulation": simulation.to_dict(), "deals": tally.rows, "outcomes": tally.summary()}


def _number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def table_differences(outcomes, tables):
    """The numbers of a field's ``outcomes`` (columns) at table 1 minus the same at each other table, keyed
    "table 1 - t KEY" (None where either is not a number): the duplicate comparison of the first table's agents
    with the others' on the same cards (a mean with its interval in the summary, e.g. tricks a deal gained by one
    agent with the seats swapped at table 2)."""
    found = {}
    for t in range(2, tables + 1):
        for key, values in outcomes.items():
            if not key.startswith("table 1 "):
                continue
            others = outcomes.get(f"table {t} " + key[len("table 1 "):])
            if others is None:
                continue
            differences = [a - b if _number(a) and _number(b) else None for a, b in zip(values, others)]
            if any(d is not None for d in differences):
                found[f"table 1 - {t} " + key[len("table 1 "):]] = differences
    return found


def simulate(simulation, jobs=1, dask=None):
    """Every result line of ``simulation``, in order, without a file."""
    return [line for chunk in run(simulation, choose_deals(simulation), 0, jobs, dask) for line in chunk]
