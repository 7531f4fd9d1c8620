"""Collects the rates measured by the benchmarks and prints them, with their ratios, after the run."""
import os
import statistics

import pytest

RATES = {}
RATIOS = {}     # ratios measured round by round: name -> the rounds' ratios


class Rates:
    """Records the benchmarks' rates (items per second) into RATES, keyed by benchmark name."""

    def record(self, benchmark, name, items, cpu_seconds=None, **extra):
        """Record ``items`` per the median round of ``benchmark`` (with ``extra`` facts in its report), and per
        ``cpu_seconds`` of processor time when given (as "NAME (processor time)"); nothing when benchmarking is
        off (`pytest benchmarks` without --benchmark-enable only checks that each runs)."""
        if benchmark.stats is None:
            return
        median = benchmark.stats.stats.median
        RATES[name] = items / median
        if cpu_seconds:
            RATES[f"{name} (processor time)"] = items / cpu_seconds
        benchmark.extra_info.update(per_second=round(items / median), seconds=round(median, 3), **extra)

    def record_seconds(self, benchmark, name, items, seconds, cpu_seconds):
        """Record ``items`` per ``seconds`` of the wall clock (a benchmark's own measure of one of the things each
        of its rounds does) and per ``cpu_seconds`` of processor time (as "NAME (processor time)")."""
        if benchmark.stats is not None:
            RATES[name] = items / seconds
            RATES[f"{name} (processor time)"] = items / cpu_seconds

    def record_ratios(self, benchmark, name, ratios):
        """Record the ratios of two things measured in turn, one a round (printed with their median)."""
        if benchmark.stats is not None:
            RATIOS[name] = ratios

    def record_processor_time(self, benchmark, name, items, cpu_seconds):
        """Record ``items`` per ``cpu_seconds`` of processor time as ``name`` (when benchmarking is on)."""
        if benchmark.stats is not None:
            RATES[name] = items / cpu_seconds


@pytest.fixture
def rates():
    """The recorder of measured rates, printed with their ratios after the run."""
    return Rates()


def pytest_terminal_summary(terminalreporter):
    if not RATES and not RATIOS:
        return
    write = terminalreporter.write_line
    write("")
    write("measured rates (median round, items per second):")
    for name, rate in sorted(RATES.items()):
        write(f"  {name:40s} {rate:14,.{0 if rate >= 100 else 2}f}")
    for kernel, baseline in (("bridge playouts kernel", "bridge playouts reference"),
                             ("preferans playouts kernel", "preferans playouts reference"),
                             ("dealing kernel", "dealing random.shuffle"),
                             ("dealing with a condition (candidates)", "dealing kernel")):
        if kernel in RATES and baseline in RATES:
            write(f"  ratio {kernel} / {baseline}: {RATES[kernel] / RATES[baseline]:,.1f}x")
    batch, protocol = RATES.get("bridge random boards batch"), RATES.get("bridge whole deals random")
    if batch and protocol:
        write(f"  ratio bridge random boards batch / whole deals random (protocol): {batch / protocol:,.0f}x")
    batch, protocol = RATES.get("bridge heuristic boards batch"), RATES.get("bridge whole deals heuristic")
    simulated = RATES.get("bridge simulate heuristic (run_chunk)")
    if batch and protocol:
        write(f"  ratio bridge heuristic boards batch / whole deals heuristic (protocol): {batch / protocol:,.0f}x")
    if simulated and protocol:
        write(f"  ratio bridge simulate heuristic (run_chunk) / whole deals heuristic (protocol): "
              f"{simulated / protocol:,.1f}x")
    batch, protocol = RATES.get("preferans heuristic deals batch"), RATES.get("preferans heuristic deals protocol")
    if batch and protocol:
        write(f"  ratio preferans heuristic deals batch / protocol (simulate): {batch / protocol:,.1f}x")
    for variant in ("sochi", "leningrad", "rostov", "classic"):
        records = RATES.get(f"preferans heuristic batch records {variant}")
        if records and protocol:
            write(f"  ratio preferans heuristic batch records {variant} / protocol (simulate): "
                  f"{records / protocol:,.0f}x")
    session, loop = RATES.get("session scored (sessions)"), RATES.get("session plain matchpoint loop (sessions)")
    if session and loop:
        write(f"  session scored in {1 / session:.3f} s; ratio plain matchpoint loop / session: {loop / session:,.1f}x")
    _jobs_ratios(write)
    two = RATES.get("simulate heuristic bridge to jsonl, jobs 2")
    dask = RATES.get("simulate heuristic bridge, dask local:2")
    if two and dask:
        write(f"  ratio simulate dask local:2 / jobs 2: {dask / two:,.2f}x")
    for game, agents, suffix in (("bridge", "random", "parquet"), ("bridge", "heuristic", "parquet"),
                                 ("bridge", "random", "jsonl"), ("preferans", "heuristic", "parquet")):
        rate, protocol = RATES.get(f"simulate {agents} {game} to {suffix}"), RATES.get(f"protocol {agents} {game}")
        if rate and protocol:
            write(f"  ratio simulate {agents} {game} to {suffix} / protocol: {rate / protocol:,.1f}x")
        spiel = RATES.get("openspiel random bridge")
        if rate and spiel and (game, agents) == ("bridge", "random"):
            write(f"  ratio simulate random bridge to {suffix} / OpenSpiel random bridge: {rate / spiel:,.1f}x")
    for game in ("bridge", "whist", "preferans"):
        for rate_name, baseline_name in ((f"{game} whole deals random", "reference playouts"),
                                         (f"{game} whole deals heuristic", "reference playouts"),
                                         (f"{game} match deals pimc", "match deals dd"),
                                         (f"{game} match deals pimc", "match deals heuristic")):
            rate, baseline = RATES.get(rate_name), RATES.get(f"{game} {baseline_name}")
            if rate and baseline:
                # pimc is a thousand times slower than the heuristic agent: its ratios need more digits.
                digits = 2 if rate > baseline / 10 else 4
                write(f"  ratio {rate_name} / {baseline_name}: {rate / baseline:,.{digits}f}x")


def _jobs_ratios(write):
    """Jobs 2 against jobs 1: by the wall clock, and from processor times what two idle cores give, the workers'
    and the main process's time shared by two cores, or the main process's alone when it is the longer; with the
    load average (the wall clock of two processes means something only on two idle cores)."""
    if any(name.startswith("simulate ") and ", jobs " in name for name in RATES):
        write(f"  load average (1, 5, 15 minutes) at the end: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")
    for game, agents, suffix in (("bridge", "random", "jsonl"), ("bridge", "random", "parquet"),
                                 ("bridge", "heuristic", "jsonl"), ("preferans", "heuristic", "jsonl")):
        name = f"simulate {agents} {game} to {suffix}, jobs"
        rounds = RATIOS.get(f"{name} 2 / jobs 1 (wall clock, each round)")
        if rounds:
            write(f"  ratio {name} 2 / jobs 1 (wall clock, in turn): median {statistics.median(rounds):,.2f}x; "
                  f"rounds {', '.join(f'{ratio:.2f}' for ratio in rounds)}")
        one, two = RATES.get(f"{name} 1 (processor time)"), RATES.get(f"{name} 2 (processor time)")
        main = RATES.get(f"{name} 2 (main process's processor time)")
        if one and two and main:
            # rates: deals per second; two cores share the processes' time, but the main process uses one
            write(f"  ratio {name} 2 / jobs 1 (processor time, two idle cores): {min(2 * two, main) / one:,.2f}x; "
                  f"the main process {1e6 / main:,.2f} us a deal")
