"""The pimc agents' speed: whole deals a second with four pimc players at the default settings, beside the
heuristic and double-dummy agents measured in the same run (the baselines of the ratios printed at the end).

Each deal goes the way ``tricks play --agents`` plays it (the shared match runner). The goal is at least one
whole bridge board a second on one core: the rate is also measured in processor time (``cpu``), which a busy
machine inflates less than the wall clock.

Run: ``pytest benchmarks/bench_pimc.py --benchmark-enable``; the rates and ratios print at the end.
"""
import time

import pytest

from trickcore.games.base import run_match
from trickcore.games.registry import get_game

DEALS = {"pimc": 12, "dd": 12, "heuristic": 40}   # pimc's rate varies from deal to deal: a dozen deals


@pytest.mark.parametrize("agent", sorted(DEALS))
@pytest.mark.parametrize("name", ["bridge", "whist", "preferans"])
def test_whole_deals(benchmark, rates, name, agent):
    game = get_game(name)
    played, cpu = [], []

    def run():
        start = time.process_time()
        result = run_match(game.new_match(7, hands=DEALS[agent]), agent, 7)
        cpu.append(time.process_time() - start)
        played.append(len(result.records))

    benchmark.pedantic(run, rounds=2)
    deals = sum(played) / len(played)
    rates.record(benchmark, f"{name} match deals {agent}", deals, cpu_seconds=min(cpu))
