"""Solver speed (run with `pytest benchmarks --benchmark-enable -s`): bridge DD tables against DDS through
endplay (DDS limited to one thread, same deals, timed deal by deal in turn), a preferans contract and a whole
preferans table (on one thread and on the default threads, one per core).

Each test prints the median and the 95th percentile per deal; the bridge test prints the ratios to DDS.
Set TRICKCORE_BENCH_DEALS to change the number of bridge deals (default 20).
"""
import os
import statistics
import time

from endplay import _dds as dds_library
from endplay.dds import calc_dd_table
from endplay.types import Deal as EndplayDeal

from trickcore.games.bridge.analysis import dd_table
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.preferans.analysis import preferans_contract, solve_preferans
from trickcore.games.preferans.game import PREFERANS
from trickcore.solver import thread_count

N_BRIDGE = int(os.environ.get("TRICKCORE_BENCH_DEALS", "20"))


def _times(func, items):
    out = []
    for item in items:
        start = time.perf_counter()
        func(item)
        out.append(time.perf_counter() - start)
    return out


def _summary(name, times):
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    median = statistics.median(ordered)
    print(f"{name}: median {median * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms over {len(times)} deals")
    return median, p95


def test_bench_bridge_table_vs_dds(benchmark):
    # calc_dd_table runs on every core DDS finds; the comparison is one thread against one thread.
    dds_library.SetMaxThreads(1)
    deals = [BRIDGE.deal(2024, i) for i in range(N_BRIDGE)]
    ours, theirs = [], []
    for deal in deals:
        # In turn, deal by deal, so that both see the same machine load.
        ours += _times(dd_table, [deal])
        theirs += _times(lambda d: calc_dd_table(EndplayDeal(d.to_pbn())), [deal])
    ours_median, ours_p95 = _summary("trickcore DD table", ours)
    dds_median, dds_p95 = _summary("DDS DD table (one thread)", theirs)
    print(f"ratio trickcore/DDS: median {ours_median / dds_median:.2f}, p95 {ours_p95 / dds_p95:.2f}, "
          f"median of the per-deal ratios {statistics.median(a / b for a, b in zip(ours, theirs)):.2f}")
    benchmark.pedantic(dd_table, args=(deals[0],), rounds=1, iterations=1)


def test_bench_preferans_contract(benchmark):
    deals = [PREFERANS.deal(2024, i) for i in range(200)]
    _summary("preferans contract (declarer hand1, spades, best discard)",
             _times(lambda d: preferans_contract(d, 0, "S"), deals))
    benchmark(preferans_contract, deals[0], 0, "S")


def test_bench_preferans_table(benchmark):
    deals = [PREFERANS.deal(2024, i) for i in range(30)]
    threads = thread_count()
    one, many = [], []
    for deal in deals:
        # In turn, deal by deal, as for the bridge comparison.
        one += _times(lambda d: solve_preferans(d, threads=1), [deal])
        many += _times(lambda d: solve_preferans(d, threads=threads), [deal])
    one_median, _ = _summary("preferans table (3 declarers x 5 strains + misère, all-pass), one thread", one)
    many_median, _ = _summary(f"preferans table, {threads} threads (the default here)", many)
    print(f"speed-up of {threads} threads: {one_median / many_median:.2f}")
    benchmark.pedantic(solve_preferans, args=(deals[0],), rounds=3, iterations=1)
