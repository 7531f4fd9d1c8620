"""The solver's slow tail: bridge double-dummy tables of many seeded random deals against DDS and bridge-solver.

Each deal's table (5 strains x 4 declarers) is solved by trickcore, then by DDS through endplay (one thread),
then by macroxue's bridge-solver when its binary is given, in turn deal by deal so that all see the same
machine load; the tables must agree. Times are the process CPU time of each solve (bridge-solver's is its
child process's, less the CPU time of starting one that solves nothing). The report gives the distribution
of the per-deal ratios (median, p90, p99, worst), the totals, and the hardest deals with our node counts.

    python benchmarks/bench_solver_tail.py [--deals 1000] [--ids 17,345] [--bridge-solver PATH]
    python benchmarks/bench_solver_tail.py --by-strain --ids 12,551    # each strain's row against DDS's
    pytest benchmarks/bench_solver_tail.py --benchmark-enable -s

Environment: TRICKCORE_BENCH_TAIL_DEALS (default 1,000 deals: 2024/0 to 2024/999),
TRICKCORE_BENCH_TAIL_IDS (a comma-separated list of deal indices instead), TRICKCORE_BRIDGE_SOLVER (the
bridge-solver binary). Without --benchmark-enable pytest solves three deals, as a check that it runs.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from trickcore.games.bridge.analysis import dd_table
from trickcore.games.bridge.game import BRIDGE
from trickcore.solver import _solver_for, tricks_table

SEED = 2024
STRAINS = ("S", "H", "D", "C", "NT")
SEATS = ("N", "E", "S", "W")


def deal_ids(count=None, ids=None):
    """The deal indices to solve: ``ids`` (a comma-separated string) or the first ``count``."""
    if ids:
        return [int(k) for k in ids.split(",")]
    return list(range(count))


def solve_ours(deal):
    """(CPU seconds, nodes, table) of trickcore's table of ``deal``."""
    solver = _solver_for(4)     # the thread's solver, whose node counter the table's search advances
    nodes = solver.nodes
    start = time.process_time()
    table = dd_table(deal)
    return time.process_time() - start, solver.nodes - nodes, table


def dds_solver(by_strain=False):
    """A function giving (CPU seconds, table) of DDS's table of a deal, or None when endplay is missing; with
    ``by_strain``, one giving the CPU seconds of DDS's row of one strain of a deal."""
    try:
        from endplay import _dds as dds_library
        from endplay.dds import calc_all_tables, calc_dd_table
        from endplay.types import Deal as EndplayDeal
        from endplay.types import Denom, Player
    except ImportError:
        return None
    # calc_dd_table runs on every core DDS finds; the comparison is one thread against one thread.
    dds_library.SetMaxThreads(1)
    denoms = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, "NT": Denom.nt}

    def solve_strain(deal, strain):
        start = time.process_time()
        calc_all_tables([EndplayDeal(deal.to_pbn())], exclude=[d for s, d in denoms.items() if s != strain])
        return time.process_time() - start
    if by_strain:
        return solve_strain

    def solve(deal):
        start = time.process_time()
        table = calc_dd_table(EndplayDeal(deal.to_pbn()))
        seconds = time.process_time() - start
        return seconds, {seat: {st: table[denoms[st], Player.find(seat)] for st in STRAINS} for seat in SEATS}
    return solve


class BridgeSolver:
    """macroxue's bridge-solver run on one deal at a time (its file format), timed by its child CPU time."""

    def __init__(self, path):
        self.path = path
        self.folder = tempfile.mkdtemp(prefix="bench-bridge-solver-")
        self.file = os.path.join(self.folder, "deal")
        # Starting the process and its tables costs the same for every deal: measured once and taken off.
        self.startup = min(self._run(["-o"], BRIDGE.deal(SEED, 0))[0] for _ in range(5))

    def _run(self, options, deal):
        hands = [" ".join(h or "-" for h in hand.split(".")) for hand in deal.to_pbn()[2:].split(" ")]
        north, east, south, west = hands
        with open(self.file, "w") as out:
            out.write(f"{north}\n{west}    {east}\n{south}\n")
        child = subprocess.Popen([self.path, "-f", self.file, "-m0", *options], stdout=subprocess.PIPE, text=True)
        text = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode:
            raise RuntimeError(f"{self.path} failed on {deal.to_pbn()} (exit status {child.returncode})")
        return usage.ru_utime + usage.ru_stime, text

    def solve(self, deal):
        """(CPU seconds, table) of bridge-solver's table of ``deal``."""
        seconds, text = self._run([], deal)
        table = {seat: {} for seat in SEATS}
        for line in text.splitlines():
            fields = line.split()
            if fields and fields[0] in ("N", "S", "H", "D", "C") and len(fields) >= 5:
                strain = "NT" if fields[0] == "N" else fields[0]
                # Its columns are the declarers South, North, West, East.
                for seat, tricks in zip(("S", "N", "W", "E"), fields[1:5]):
                    table[seat][strain] = int(tricks)
        return max(seconds - self.startup, 1e-6), table


def measure(ids, bridge_solver=None, progress=None):
    """One record per deal: its index, our CPU time and nodes, DDS's and bridge-solver's times (or None)."""
    dds = dds_solver()
    peer = BridgeSolver(bridge_solver) if bridge_solver else None
    records = []
    for k, index in enumerate(ids):
        deal = BRIDGE.deal(SEED, index)
        seconds, nodes, table = solve_ours(deal)
        record = {"deal": index, "ours": seconds, "nodes": nodes, "dds": None, "bridge_solver": None}
        for name, solve in (("dds", dds), ("bridge_solver", peer.solve if peer else None)):
            if solve is not None:
                record[name], theirs = solve(deal)
                if theirs != table:
                    raise AssertionError(f"deal {SEED}/{index}: {name}'s table differs from ours: {theirs} {table}")
        records.append(record)
        if progress and (k + 1) % progress == 0:
            print(f"  {k + 1} deals", file=sys.stderr)
    return records


def measure_strains(ids):
    """{strain: [our CPU seconds, DDS's or None]} summed over the deals, each strain's row timed in turn."""
    dds = dds_solver(by_strain=True)
    totals = {strain: [0.0, None if dds is None else 0.0] for strain in STRAINS}
    for index in ids:
        deal = BRIDGE.deal(SEED, index)
        for strain in STRAINS:
            start = time.process_time()
            tricks_table(deal, (None if strain == "NT" else strain,))
            totals[strain][0] += time.process_time() - start
            if dds is not None:
                totals[strain][1] += dds(deal, strain)
    return totals


def report_strains(totals, count):
    """Each strain's CPU time, ours and DDS's, and their ratio, as text."""
    lines = [f"{count} deals ({SEED}/k), CPU seconds per strain's row of the table, one thread each"]
    for strain, (ours, theirs) in totals.items():
        peer = f", DDS {theirs:.2f} s, ratio {ours / theirs:.2f}" if theirs else ""
        lines.append(f"  {strain}: trickcore {ours:.2f} s{peer}")
    return "\n".join(lines)


def quantiles(values):
    """(median, p90, p99, worst) of ``values``."""
    ordered = sorted(values)

    def at(q):
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    return statistics.median(ordered), at(0.9), at(0.99), ordered[-1]


def report(records, hardest=10):
    """The distribution of the per-deal ratios, the totals and the hardest deals, as text."""
    lines = [f"{len(records)} deals ({SEED}/k), CPU seconds per table, one thread each"]
    total = sum(r["ours"] for r in records)
    lines.append(f"trickcore total {total:.2f} s, median {statistics.median(r['ours'] for r in records) * 1000:.1f} ms,"
                 f" nodes {sum(r['nodes'] for r in records):,}")
    for name, label in (("dds", "DDS"), ("bridge_solver", "bridge-solver")):
        if records[0][name] is None:
            continue
        theirs = sum(r[name] for r in records)
        median, p90, p99, worst = quantiles([r["ours"] / r[name] for r in records])
        lines.append(f"{label}: total {theirs:.2f} s; trickcore/{label} total {total / theirs:.2f}, per deal median "
                     f"{median:.2f}, p90 {p90:.2f}, p99 {p99:.2f}, worst {worst:.2f}")
    lines.append(f"hardest deals (by our time), first {hardest}:")
    for r in sorted(records, key=lambda r: -r["ours"])[:hardest]:
        peers = "".join(f", {label} {r[name]:.3f} s ({r['ours'] / r[name]:.2f}x)"
                        for name, label in (("dds", "DDS"), ("bridge_solver", "bridge-solver"))
                        if r[name] is not None)
        lines.append(f"  {SEED}/{r['deal']}: {r['ours']:.3f} s, {r['nodes']:,} nodes{peers}")
    return "\n".join(lines)


def test_bench_solver_tail(benchmark):
    ids = deal_ids(int(os.environ.get("TRICKCORE_BENCH_TAIL_DEALS", "1000")),
                   os.environ.get("TRICKCORE_BENCH_TAIL_IDS"))
    if benchmark.disabled:
        ids = ids[:3]
    records = benchmark.pedantic(measure, args=(ids, os.environ.get("TRICKCORE_BRIDGE_SOLVER")),
                                 rounds=1, iterations=1)
    print()
    print(report(records))


def main(argv=None):
    """Run the comparison from the command line and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=int(os.environ.get("TRICKCORE_BENCH_TAIL_DEALS", "1000")))
    parser.add_argument("--ids", default=os.environ.get("TRICKCORE_BENCH_TAIL_IDS"),
                        help="comma-separated deal indices instead of the first --deals")
    parser.add_argument("--bridge-solver", default=os.environ.get("TRICKCORE_BRIDGE_SOLVER"))
    parser.add_argument("--hardest", type=int, default=10)
    parser.add_argument("--json", help="also write the per-deal records to this file")
    parser.add_argument("--by-strain", action="store_true",
                        help="time each strain's row against DDS's instead (no bridge-solver, no records)")
    args = parser.parse_args(argv)
    if args.by_strain:
        ids = deal_ids(args.deals, args.ids)
        print(report_strains(measure_strains(ids), len(ids)))
        return
    records = measure(deal_ids(args.deals, args.ids), args.bridge_solver, progress=50)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(records, out, indent=1)
    print(report(records, args.hardest))


if __name__ == "__main__":
    main()
