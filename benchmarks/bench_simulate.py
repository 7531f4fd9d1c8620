"""Simulations end to end (`tricks simulate`'s library path): the same heuristic bridge simulation on one process,
on two worker processes, and on a two-worker Dask LocalCluster; and random boards through the compiled batch.

The ratios printed at the end are measured in the same run: jobs 2 against jobs 1 (the goal is at least 1.8 on
two idle cores), and the Dask cluster against two local processes (its overhead).

Run: ``pytest benchmarks/bench_simulate.py --benchmark-enable``.
"""
import pytest

from trickcore.games.simulate import Simulation, dask_client, simulate

DEALS = 768
PLAYED = Simulation("bridge", DEALS, 11, agents=("heuristic",))


def record(benchmark, rates, name, items):
    median = benchmark.stats.stats.median
    rates[name] = items / median
    benchmark.extra_info["per_second"] = round(items / median)


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_jobs(benchmark, rates, jobs):
    benchmark.pedantic(simulate, args=(PLAYED, jobs), rounds=3)
    record(benchmark, rates, f"simulate heuristic bridge, jobs {jobs}", DEALS)


def test_simulate_dask_local_cluster(benchmark, rates):
    client = dask_client("local:2")
    try:
        simulate(PLAYED, dask=client)          # workers warmed up: imports and the first chunk
        benchmark.pedantic(simulate, args=(PLAYED,), kwargs={"dask": client}, rounds=3)
    finally:
        client.close()
    record(benchmark, rates, "simulate heuristic bridge, dask local:2", DEALS)


def test_simulate_random_boards(benchmark, rates):
    boards = 20_000
    benchmark.pedantic(simulate, args=(Simulation("bridge", boards, 11, agents=("random",)),), rounds=3)
    record(benchmark, rates, "simulate random bridge (lines)", boards)
