"""Simulations end to end, through the user's path (`tricks simulate --out`'s simulate_to_file, start-up of the
process excluded): random and heuristic bridge boards to a Parquet table, random boards to JSON lines, heuristic
preferans deals to a table; the same heuristic simulations on one process, on two worker processes and on a
two-worker Dask LocalCluster.

The baselines are measured in the same run: the protocol path (the same agents through the State protocol,
``play_deal``, deal by deal, as any agent without a compiled batch plays) and, when ``pyspiel`` is installed,
OpenSpiel's full bridge game (random auction and play, Python loop over its C++ state). The ratios print at the end:
each path against its protocol (and OpenSpiel), jobs 2 against jobs 1 (the goal is at least 1.8 on two idle cores:
by the wall clock, run in turn round by round, and from the processor times, the main process's and its workers',
what two idle cores give) and the Dask cluster against two local processes (its overhead).

Run: ``pytest benchmarks/bench_simulate.py --benchmark-enable`` (``-k jobs``: jobs 2 against jobs 1 alone).
"""
import os
import random
import statistics
import time

import pytest

from trickcore.games.base import agent_classes, play_deal
from trickcore.games.registry import get_game
from trickcore.games.simulate import Simulation, agent_seed, dask_client
from trickcore.games.simulation_output import simulate_to_file

# The user's paths: (game, agents, output suffix) and the deals a round, enough for a second or so of work.
PATHS = {("bridge", "random", "parquet"): 100_000, ("bridge", "heuristic", "parquet"): 100_000,
         ("bridge", "random", "jsonl"): 50_000, ("preferans", "heuristic", "parquet"): 10_000}
PROTOCOL_DEALS = {"bridge": 300, "preferans": 300}
# Enough deals that starting the workers does not decide the ratio of jobs 2 to jobs 1.
JOBS_DEALS = {("bridge", "random", "jsonl"): 400_000, ("bridge", "random", "parquet"): 400_000,
              ("bridge", "heuristic", "jsonl"): 200_000, ("preferans", "heuristic", "jsonl"): 10_000}
JOBS_ROUNDS = 5


@pytest.mark.parametrize("game, agents, suffix", sorted(PATHS))
def test_simulate_user_path(benchmark, rates, tmp_path, game, agents, suffix):
    """Each round a new seed: one process would otherwise keep the preferans agent's hand evaluations cached from
    round to round, where a new `tricks simulate` starts cold."""
    deals, out = PATHS[game, agents, suffix], str(tmp_path / f"deals.{suffix}")
    seeds = iter(range(100, 200))
    simulate_to_file(Simulation(game, 200, 1, agents=(agents,)), out)    # imports and tables made once

    def setup():
        return (Simulation(game, deals, next(seeds), agents=(agents,)), out), {}

    benchmark.pedantic(simulate_to_file, setup=setup, rounds=3)
    rates.record(benchmark, f"simulate {agents} {game} to {suffix}", deals)


@pytest.mark.parametrize("game, agents", [("bridge", "random"), ("bridge", "heuristic"), ("preferans", "heuristic")])
def test_protocol_path(benchmark, rates, game, agents):
    """The baseline: the same deals, each dealt, set up and played by the agents through the State protocol."""
    found = get_game(game)
    hooks, classes = found.simulation, agent_classes(found.name, (agents,), found.n_seats)[0]
    deals = PROTOCOL_DEALS[game]

    def run():
        for index in range(deals):
            dealer = hooks.dealer(index)
            state = hooks.state(found.deal_batch(3, 1, dealer, start=index), index, dealer)
            seed = agent_seed(3, index)
            play_deal(state, [cls(seat, seed) for seat, cls in enumerate(classes)]).record()

    benchmark.pedantic(run, rounds=3)
    rates.record(benchmark, f"protocol {agents} {game}", deals)


def test_openspiel_random_bridge(benchmark, rates):
    """OpenSpiel's full bridge game (deal, auction and the play of every card, not its double-dummy shortcut)
    with uniformly random actions, when pyspiel is installed."""
    pyspiel = pytest.importorskip("pyspiel")
    game, deals = pyspiel.load_game("bridge", {"use_double_dummy_result": False}), 300
    chooser = random.Random(3)

    def run():
        for _ in range(deals):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, _ = zip(*state.chance_outcomes())
                    state.apply_action(chooser.choice(outcomes))
                else:
                    state.apply_action(chooser.choice(state.legal_actions()))

    benchmark.pedantic(run, rounds=3)
    rates.record(benchmark, "openspiel random bridge", deals)


@pytest.mark.parametrize("game, agents, suffix", sorted(JOBS_DEALS))
def test_simulate_jobs(benchmark, rates, tmp_path, game, agents, suffix):
    """Jobs 1 and jobs 2 in turn, each round a new seed (see test_simulate_user_path): a shared machine's load
    changes from one minute to the next, so each round's two runs are compared. Besides the wall clock, the
    processor time of the main process and of the workers (the children's, counted once the pool has ended): on a
    loaded machine the wall clock of two processes says little, their processor time what two idle cores would
    give. Measured inside this process: the interpreter's start-up is not in it, the workers' is."""
    out, deals = str(tmp_path / f"deals.{suffix}"), JOBS_DEALS[game, agents, suffix]
    seeds, spent = iter(range(100, 200)), {1: [], 2: []}
    simulate_to_file(Simulation(game, 200, 1, agents=(agents,)), out)    # imports and tables made once

    def run(simulation):
        for jobs in (1, 2):
            before, start = os.times(), time.perf_counter()
            simulate_to_file(simulation, out, jobs)
            wall, after = time.perf_counter() - start, os.times()
            spent[jobs].append((wall, after.user + after.system - before.user - before.system,
                                after.children_user + after.children_system - before.children_user
                                - before.children_system))

    def setup():
        return (Simulation(game, deals, next(seeds), agents=(agents,)),), {}

    benchmark.pedantic(run, setup=setup, rounds=JOBS_ROUNDS)
    name = f"simulate {agents} {game} to {suffix}, jobs"
    for jobs, rounds in spent.items():
        main, workers = min(((main, workers) for _, main, workers in rounds), key=sum)
        rates.record_seconds(benchmark, f"{name} {jobs}", deals, statistics.median(wall for wall, _, _ in rounds),
                             main + workers)
        rates.record_processor_time(benchmark, f"{name} {jobs} (main process's processor time)", deals, main)
    rates.record_ratios(benchmark, f"{name} 2 / jobs 1 (wall clock, each round)",
                        [one[0] / two[0] for one, two in zip(spent[1], spent[2])])


def test_simulate_dask_local_cluster(benchmark, rates, tmp_path):
    out = str(tmp_path / "deals.jsonl")
    deals = JOBS_DEALS["bridge", "heuristic", "jsonl"]
    simulation = Simulation("bridge", deals, 11, agents=("heuristic",))
    client = dask_client("local:2")
    try:
        simulate_to_file(simulation, out, dask=client)   # workers warmed up: imports and the first chunk
        benchmark.pedantic(simulate_to_file, args=(simulation, out), kwargs={"dask": client}, rounds=3)
    finally:
        client.close()
    rates.record(benchmark, "simulate heuristic bridge, dask local:2", deals)
