"""Scoring a large pairs session: a synthetic 200-table, 30-board Mitchell-style section (each board at every
table; board 1 complete, about 3 % of the other plays missing so that Neuberg factors most boards),
matchpointed whole (checks, board matchpoints with Neuberg, totals, ranking) and written in every output format.

The baseline measured in the same run is the plain per-board matchpoint loop: ``matchpoints()`` on each board's
N-S scores, nothing else. The ratio says what the whole session costs next to the bare comparisons; the goal is
scoring under a second on one core (issue 16).

Run: ``pytest benchmarks/bench_session.py --benchmark-enable``; the rates and ratios print at the end.
"""
import random

import pytest

from trickcore.games.bridge.record import TravellerLine
from trickcore.games.bridge.vocab import parse_contract
from trickcore.scoring.bridge.duplicate.formats.html_page import render_html
from trickcore.scoring.bridge.duplicate.formats.session_files import FORMATS, render_session
from trickcore.scoring.bridge.duplicate.matchpoints import matchpoints
from trickcore.scoring.bridge.duplicate.session import Results, score_session
from trickcore.scoring.bridge.duplicate.traveller import group_boards, line_ns_score

TABLES, BOARDS = 200, 30


def synthetic_session(seed=16):
    """The traveller lines of the synthetic section: N-S pair t at table t, E-W pairs moving one table a board."""
    rng = random.Random(seed)
    contracts = [parse_contract(c) for c in ("4S", "3NT", "2H", "1NT", "5DX", "6C")]
    lines = []
    for board in range(1, BOARDS + 1):
        for table in range(1, TABLES + 1):
            if board > 1 and rng.random() < 0.03:
                continue
            contract = rng.choice(contracts)
            tricks = min(13, max(0, contract.tricks_needed + rng.randint(-3, 2)))
            lines.append(TravellerLine(board=board, round=board, table=table, ns_pair=table,
                                       ew_pair=TABLES + (table + board) % TABLES + 1, contract=contract,
                                       declarer=rng.choice("NESW"), tricks=tricks))
    return Results("synthetic", lines, [f"synthetic line {k}" for k in range(len(lines))])


RESULTS = synthetic_session()


def test_session_scoring(benchmark, rates):
    session = benchmark.pedantic(score_session, args=(RESULTS,), rounds=3)
    assert session.expected == {"A": TABLES} and len(session.standings) == 2 * TABLES
    rates.record(benchmark, "session scored (sessions)", 1)


def test_session_plain_matchpoint_loop(benchmark, rates):
    boards = [[line_ns_score(line) for line in lines] for lines in group_boards(RESULTS.lines).values()]

    def run():
        for scores in boards:
            matchpoints(scores)

    benchmark.pedantic(run, rounds=3)
    rates.record(benchmark, "session plain matchpoint loop (sessions)", 1)


@pytest.mark.parametrize("fmt", FORMATS)
def test_session_outputs(benchmark, rates, fmt):
    session = score_session(RESULTS)
    benchmark.pedantic(render_session, args=(session, fmt), rounds=3)
    rates.record(benchmark, f"session written as {fmt} (sessions)", 1)


def test_session_html_page(benchmark, rates):
    session = score_session(RESULTS)
    benchmark.pedantic(render_html, args=(session,), rounds=3)
    rates.record(benchmark, "session written as html (sessions)", 1)
