"""Simulations: the same lines for one process, two processes, a Dask cluster and a resumed run; deals that
satisfy their condition; summaries that match a direct computation; clean errors from `tricks simulate`."""
import json
import math
import os
import pathlib
import re
import signal

import pytest
from click.testing import CliRunner

from trickcore.cards import hand_mask
from trickcore.cli.main import tricks
from trickcore.condition import compile_condition
from trickcore.dealing import owner_sizes, parse_deal
from trickcore.errors import InputError, WorkerLost
from trickcore.games import simulate as simulation_module
from trickcore.games import simulation_output
from trickcore.games.bridge.analysis import dd_table
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.simulation_hooks import columns_of
from trickcore.games.simulate import Simulation, dask_client, outcome_tally, simulate, summary
from trickcore.games.simulation_output import partial_path, simulate_to_file

PLAYED = Simulation("bridge", 40, 5, agents=("heuristic", "random", "heuristic", "random"))


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(row) for row in f]


def test_the_lines_do_not_depend_on_the_number_of_processes():
    assert simulate(PLAYED, jobs=2) == simulate(PLAYED, jobs=1)


def test_the_lines_are_the_same_on_a_dask_local_cluster():
    client = dask_client("local:2")
    try:
        assert len(client.scheduler_info()["workers"]) == 2
        assert simulate(PLAYED, dask=client) == simulate(PLAYED)
        # the same simulation again on the same cluster (a shared scattered copy was once released under it)
        assert simulate(PLAYED, dask=client) == simulate(PLAYED)
    finally:
        client.close()


@pytest.mark.parametrize("cut", [0.3, 0.75])
def test_an_interrupted_run_resumed_gives_the_uninterrupted_output(tmp_path, cut):
    whole = tmp_path / "whole.jsonl"
    simulate_to_file(PLAYED, str(whole))
    data = whole.read_bytes()
    resumed = tmp_path / "resumed.jsonl"
    # the interruption left the first part of the file, its last line cut short
    with open(partial_path(str(resumed)), "wb") as f:
        f.write(data[:int(len(data) * cut)])
    seen = []
    simulate_to_file(PLAYED, str(resumed), jobs=2, resume=True, progress=seen.append)
    assert resumed.read_bytes() == data
    assert seen[0] > 0 and seen[-1] == PLAYED.deals
    assert not os.path.exists(partial_path(str(resumed))) and not os.path.exists(partial_path(str(resumed)) + ".spool")


def test_resuming_another_simulation_is_refused(tmp_path):
    out = tmp_path / "run.jsonl"
    simulate_to_file(Simulation("whist", 3, 1, agents=("random",)), str(out))
    os.replace(out, partial_path(str(out)))
    with pytest.raises(InputError, match="different simulation"):
        simulate_to_file(Simulation("whist", 3, 2, agents=("random",)), str(out), resume=True)


def test_solved_deals_satisfy_the_condition_and_agree_with_the_table():
    where = "hcp(north) + hcp(south) >= 24 and shape(north, any 4333 + any 4432)"
    simulation = Simulation("bridge", 6, 2, where=where, solve={"contract": "3NT", "declarer": "S"})
    condition = compile_condition(where, BRIDGE.hand_names(), owner_sizes(BRIDGE.dealing_plan(0)))
    for line in simulate(simulation):
        deal = parse_deal(line["deal"])
        assert condition.holds([*deal.masks(), hand_mask(deal.talon)])
        assert line["result"]["tricks"] == dd_table(deal)["S"]["NT"]
        assert line["outcome"]["made"] == (line["result"]["tricks"] >= 9)


def test_the_summary_matches_a_direct_computation():
    lines = simulate(PLAYED)
    found = summary(PLAYED, outcome_tally(PLAYED, columns_of([line["outcome"] for line in lines])))["outcomes"]
    scores = [line["outcome"]["NS score"] for line in lines]
    mean = sum(scores) / len(scores)
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (len(scores) - 1))
    assert found["NS score"]["mean"] == pytest.approx(mean, abs=1e-4)
    assert found["NS score"]["sd"] == pytest.approx(sd, abs=1e-4)
    half = 1.959963984540054 * sd / math.sqrt(len(scores))
    assert found["NS score"]["ci95"] == pytest.approx([mean - half, mean + half], abs=1e-4)
    made = [line["outcome"]["made"] for line in lines if "made" in line["outcome"]]
    assert found["made"]["n"] == len(made) and found["made"]["mean"] == pytest.approx(sum(made) / len(made))
    contracts = [line["outcome"]["contract"] for line in lines]
    assert sum(found["contract"]["frequencies"].values()) == len(contracts)


@pytest.mark.parametrize("game, agents", [("whist", "random"), ("preferans", "heuristic")])
def test_every_game_simulates_with_agents(game, agents):
    lines = simulate(Simulation(game, 4, 9, agents=(agents,)))
    assert [line["index"] for line in lines] == [0, 1, 2, 3]
    assert all(line["outcome"] for line in lines)


def test_tricks_simulate_writes_the_lines_and_a_summary(tmp_path):
    out = tmp_path / "deals.jsonl"
    result = CliRunner().invoke(tricks, ["simulate", "--game", "preferans", "--deals", "3", "--seed", "4",
                                         "--solve", "--declarer", "hand1", "--out", str(out), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["deals"] == 3
    rows = read_lines(out)
    assert rows[0]["simulation"]["solve"] == {"declarer": "hand1"} and len(rows) == 4


def test_resume_needs_the_output_file():
    result = CliRunner().invoke(tricks, ["simulate", "--game", "bridge", "--deals", "2", "--agents", "random",
                                         "--resume"])
    assert result.exit_code == 2 and "--resume continues" in result.output


@pytest.mark.parametrize("args, message", [
    (["--deals", "2", "--contract", "3NT"], "--contract goes with --solve"),
    (["--deals", "2", "--agents", "random", "--solve"], "either plays with agents or solves"),
    (["--deals", "2"], "either plays with agents or solves"),
    (["--deals", "2", "--agents", "random", "--resume"], "nothing to resume"),
    (["--deals", "2", "--agents", "random", "--dask", "local:0"], "local:N"),
    (["--deals", "2", "--agents", "nobody"], "unknown bridge agent 'nobody'"),
    (["--deals", "2", "--agents", "random", "--agents", "nobody"], "unknown bridge agent 'nobody'"),
    (["--deals", "2", "--agents", "random", "--agents", "random,dd"], "needs 4 agents"),
    (["--deals", "2", "--solve", "--contract", "3NT"], "contract and its declarer together"),
    (["--deals", "0", "--agents", "random"], "--deals"),
    (["--deals", "2", "--agents", "random", "--where", "hcp(north) > 36", "--tries", "2000"],
     "qualify"),
])
def test_bad_simulations_are_one_clean_error(args, message, tmp_path):
    out = tmp_path / "x.jsonl"
    result = CliRunner().invoke(tricks, ["simulate", "--game", "bridge", *args, "--out", str(out)])
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output and not out.exists()


FIELD = Simulation("bridge", 20, 5, agents=("heuristic",), field=[("random",), ("random",)])


def test_a_field_plays_each_deal_at_every_table_its_first_table_as_a_simulation_alone():
    lines = simulate(FIELD)
    alone = simulate(Simulation("bridge", 20, 5, agents=("heuristic",)))
    for line, single in zip(lines, alone):
        assert line["deal"] == single["deal"] and len(line["tables"]) == 3
        assert line["tables"][0] == {"record": single["record"], "outcome": single["outcome"]}
        assert {table["record"]["deal"] for table in line["tables"]} == {single["record"]["deal"]}
        assert line["outcome"] == {f"table {t} {key}": value for t, table in enumerate(line["tables"], 1)
                                   for key, value in table["outcome"].items()}


def test_the_tables_of_a_field_seat_differently_seeded_agents():
    lines = simulate(FIELD)
    assert any(line["tables"][1]["record"]["play"] != line["tables"][2]["record"]["play"] for line in lines)


def test_a_fields_lines_do_not_depend_on_the_number_of_processes():
    assert simulate(FIELD, jobs=2) == simulate(FIELD, jobs=1)


def test_a_field_is_written_in_the_header_and_resumed(tmp_path):
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    simulate_to_file(FIELD, str(whole))
    text = whole.read_text(encoding="utf-8")
    assert Simulation.from_dict(json.loads(text.splitlines()[0])["simulation"]) == FIELD
    with open(partial_path(str(cut)), "w", encoding="utf-8") as f:
        f.write(text[:len(text) // 2])
    simulate_to_file(FIELD, str(cut), resume=True)
    assert cut.read_text(encoding="utf-8") == text
    assert "field" not in Simulation("bridge", 2, 5, agents=("heuristic",)).to_dict()


def test_a_fields_tables_may_be_written_as_the_command_line_writes_them():
    assert Simulation("bridge", 2, 5, agents=("dd",), field=["random", "dd,random,dd,random"]).field == (
        ("random",), ("dd", "random", "dd", "random"))


def test_a_field_needs_agents():
    with pytest.raises(InputError, match="a field's tables play the deals"):
        Simulation("bridge", 2, 5, solve={}, field=[("random",)])


def kill_the_worker_of(monkeypatch, index):
    """Make the worker process that plays deal ``index`` kill itself with SIGKILL, as the out-of-memory killer
    does; the deals go out four to a task, so that a run of 40 deals has ten tasks."""
    parent = os.getpid()
    play = simulation_module.Piece.of

    def dying(cls, simulation, items, columns=True):
        if os.getpid() != parent and any(number == index for number, _ in items):
            os.kill(os.getpid(), signal.SIGKILL)
        return play(simulation, items, columns)

    monkeypatch.setattr(simulation_module.Piece, "of", classmethod(dying))
    monkeypatch.setattr(simulation_module, "CHUNK", 4)
    monkeypatch.setattr(simulation_module, "TASK_CHUNKS", 1)


def test_a_killed_worker_stops_the_run_with_the_finished_lines_kept_for_resume(tmp_path, monkeypatch, no_hang):
    whole = tmp_path / "whole.jsonl"
    simulate_to_file(PLAYED, str(whole))
    kill_the_worker_of(monkeypatch, 21)
    out = tmp_path / "run.jsonl"
    with pytest.raises(WorkerLost, match=r"worker process \d+ died \(killed by SIGKILL"):
        simulate_to_file(PLAYED, str(out), jobs=2)
    kept = pathlib.Path(partial_path(str(out))).read_bytes()
    lines = [json.loads(row) for row in kept.splitlines()]
    # the header and the deals finished in order before the lost one, whole lines as the whole run has them
    assert 1 <= len(lines) <= 21 and [line["index"] for line in lines[1:]] == list(range(len(lines) - 1))
    assert whole.read_bytes().startswith(kept) and not out.exists()
    assert not os.path.exists(partial_path(str(out)) + ".spool")     # the workers' unfinished chunks are gone
    monkeypatch.undo()
    simulate_to_file(PLAYED, str(out), jobs=2, resume=True)
    assert out.read_bytes() == whole.read_bytes()


def test_tricks_simulate_says_which_worker_died_and_how_to_resume(tmp_path, monkeypatch, no_hang):
    kill_the_worker_of(monkeypatch, 5)
    out = tmp_path / "run.jsonl"
    args = ["simulate", "--game", "bridge", "--deals", "40", "--seed", "5", "--agents", "heuristic", "--jobs", "2"]
    result = CliRunner().invoke(tricks, [*args, "--out", str(out)])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert re.search(r"^Error: worker process \d+ died \(killed by SIGKILL.*: the run stopped; the lines finished "
                     r"are in .*run\.jsonl\.part: run again with --resume to finish$", result.output), result.output
    monkeypatch.undo()
    assert CliRunner().invoke(tricks, [*args, "--out", str(out), "--resume"]).exit_code == 0
    whole = tmp_path / "whole.jsonl"
    assert CliRunner().invoke(tricks, [*args, "--out", str(whole)]).exit_code == 0
    assert out.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize("args, message", [
    (["--agents", "heuristic", "--analyse", "--compare", "par"], "compare at least two systems"),
    (["--agents", "heuristic", "--compare", "sochi,rostov"], "preferans-sochi scores preferans, not the bridge"),
    (["--agents", "heuristic", "--compare", "par,duplicate"], "par scores each deal against its double-dummy "
                                                              "analysis: give --analyse"),
    (["--agents", "heuristic", "--compare", "par,nosuch"], "unknown scoring system 'nosuch'"),
    (["--agents", "heuristic", "--per", "5"], "--per cuts the played deals into matches of --compare"),
    (["--agents", "heuristic", "--out", "no/such/folder/x.jsonl"], "no such folder"),
    (["--agents", "heuristic", "-o", "no/such/folder/summary.txt"], "no such folder"),
])
def test_options_are_refused_before_the_first_deal(args, message, tmp_path, monkeypatch):
    def started(*args, **kwargs):
        raise AssertionError("the simulation started")

    monkeypatch.setattr(simulation_output, "simulate_to_file", started)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(tricks, ["simulate", "--game", "bridge", "--deals", str(10**9), *args])
    assert result.exit_code == 2 and message in result.output, result.output
    assert list(tmp_path.iterdir()) == []
