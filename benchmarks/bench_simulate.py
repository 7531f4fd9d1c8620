"""Simulations end to end (`tricks simulate`'s path: the lines written to a file): the same heuristic bridge and
preferans simulations on one process, on two worker processes, and on a two-worker Dask LocalCluster; and
random boards through the compiled batch.

The ratios printed at the end are measured in the same run: jobs 2 against jobs 1 (the goal is at least 1.8 on
two idle cores), and the Dask cluster against two local processes (its overhead).

Run: ``pytest benchmarks/bench_simulate.py --benchmark-enable``.
"""
import pytest

from trickcore.games.simulate import Simulation, dask_client, simulate_to_file

# Enough deals that starting the workers does not decide the ratio (the compiled agents play 3,000-4,000 a second).
DEALS = 16_000
PLAYED = {game: Simulation(game, DEALS, 11, agents=("heuristic",)) for game in ("bridge", "preferans")}


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("game", sorted(PLAYED))
def test_simulate_jobs(benchmark, rates, tmp_path, game, jobs):
    """Each round a new seed: one process would otherwise keep the preferans agent's hand evaluations cached from
    round to round, where new worker processes start cold (as every `tricks simulate` run does)."""
    out = str(tmp_path / "deals.jsonl")
    seeds = iter(range(100, 200))

    def setup():
        return (Simulation(game, DEALS, next(seeds), agents=("heuristic",)), out, jobs), {}

    benchmark.pedantic(simulate_to_file, setup=setup, rounds=3)
    rates.record(benchmark, f"simulate heuristic {game}, jobs {jobs}", DEALS)


def test_simulate_dask_local_cluster(benchmark, rates, tmp_path):
    out = str(tmp_path / "deals.jsonl")
    client = dask_client("local:2")
    try:
        simulate_to_file(PLAYED["bridge"], out, dask=client)   # workers warmed up: imports and the first chunk
        benchmark.pedantic(simulate_to_file, args=(PLAYED["bridge"], out), kwargs={"dask": client}, rounds=3)
    finally:
        client.close()
    rates.record(benchmark, "simulate heuristic bridge, dask local:2", DEALS)


def test_simulate_random_boards(benchmark, rates, tmp_path):
    boards = 20_000
    simulation = Simulation("bridge", boards, 11, agents=("random",))
    benchmark.pedantic(simulate_to_file, args=(simulation, str(tmp_path / "deals.jsonl")), rounds=3)
    rates.record(benchmark, "simulate random bridge (lines)", boards)
