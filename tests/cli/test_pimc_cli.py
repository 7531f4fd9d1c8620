"""The pimc agents from the command line and the Python route: `tricks play` and `tricks simulate` fields with
agent options, the same lines on one process, two processes and a Dask cluster, and clean errors."""
import json

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.games.simulation_hooks import columns_of
from trickcore.games.simulate import Simulation, _per_task, dask_client, outcome_tally, simulate, summary

FIELD = Simulation("whist", 6, 3, agents=("pimc samples=1", "heuristic", "pimc samples=1", "heuristic"),
                   field=[("heuristic", "pimc samples=1", "heuristic", "pimc samples=1")])


def run(*args):
    return CliRunner().invoke(tricks, list(args), catch_exceptions=False)


@pytest.mark.parametrize("game, extra", [("bridge", ["--hands", "1"]), ("whist", ["--hands", "1"]),
                                         ("preferans", ["--hands", "2"])])
def test_play_a_match_with_pimc_and_its_options(game, extra):
    result = run("play", "--game", game, "--agents", "pimc samples=1 rule=best", "--seed", "2", *extra,
                 "--format", "json")
    assert result.exit_code == 0, result.output
    agents = json.loads(result.output)["agents"]
    assert set(agents.values() if isinstance(agents, dict) else agents) == {"pimc samples=1 rule=best"}


def test_a_field_with_the_seats_swapped_reports_the_tables_difference():
    result = run("simulate", "--game", "bridge", "--deals", "2", "--seed", "1",
                 "--agents", "pimc samples=1,heuristic,pimc samples=1,heuristic",
                 "--agents", "heuristic,pimc samples=1,heuristic,pimc samples=1",
                 "--compare", "cross-imps,butler", "--per", "1", "--jobs", "2")
    assert result.exit_code == 0, result.output
    assert "table 1 - 2 NS score: mean" in result.output and "cross-imps" in result.output


def test_the_summary_of_a_field_holds_each_deals_difference():
    lines = simulate(FIELD)
    tally = outcome_tally(FIELD, columns_of([line["outcome"] for line in lines]))
    found = summary(FIELD, tally)["outcomes"]["table 1 - 2 NS tricks"]
    diffs = [line["outcome"]["table 1 NS tricks"] - line["outcome"]["table 2 NS tricks"] for line in lines]
    assert found["mean"] == pytest.approx(sum(diffs) / len(diffs), abs=1e-3) and found["n"] == len(diffs)


def test_pimc_lines_do_not_depend_on_the_processes_or_a_dask_cluster():
    alone = simulate(FIELD)
    assert simulate(FIELD, jobs=2) == alone
    client = dask_client("local:2")
    try:
        assert simulate(FIELD, dask=client) == alone
    finally:
        client.close()


def test_few_chunks_are_shared_among_the_workers():
    assert _per_task(7, 2) == 1
    assert _per_task(200, 2) == 8


@pytest.mark.parametrize("agents, message", [("pimc samples=0", "at least 1"), ("pimc depth=3", "not an option"),
                                             ("heuristic style=bold", "its options: none")])
def test_bad_agent_options_exit_2_naming_the_agents(agents, message):
    result = CliRunner().invoke(tricks, ["play", "--game", "whist", "--agents", agents, "--hands", "1"])
    assert result.exit_code == 2 and "agents" in result.output and message in result.output
