"""Reproducibility of every random process a user reaches: for each game and variant, agent and kind of simulation
(played, solved, analysed, a field), the same seed gives the same lines whatever splits the work (one process, two,
an interruption resumed) and whatever Python's string hashing (PYTHONHASHSEED), another seed other lines; a match
of `tricks play` is the same for the same seed; the comparison's HTML page is the same page each time.

tests/games/test_simulate.py, test_simulate_table.py and tests/cli/test_pimc_cli.py hold the larger runs (a Dask
cluster, Parquet tables, a killed worker); this file covers the rest small, the work cut in chunks of one deal
so that two processes share even two deals.
"""
import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.games import simulate as simulation_module
from trickcore.games.registry import get_game
from trickcore.games.simulate import Simulation, simulate
from trickcore.games.simulation_output import partial_path, simulate_to_file

SIMULATIONS = {
    "whist heuristic and random, long": Simulation("whist", 6, 3, variant="long",
                                                   agents=("heuristic", "random", "heuristic", "random")),
    "whist dd": Simulation("whist", 2, 3, agents=("dd",)),
    "preferans random, sochi": Simulation("preferans", 6, 3, variant="sochi", agents=("random",)),
    "preferans styles, rostov": Simulation("preferans", 6, 3, variant="rostov",
                                           agents=("heuristic style=greedy", "heuristic style=careful", "random")),
    "preferans gusarik": Simulation("preferans", 6, 3, variant="gusarik", agents=("heuristic",)),
    "preferans old game": Simulation("preferans", 6, 3, variant="old", agents=("random",)),
    "preferans pimc": Simulation("preferans", 2, 3, agents=("pimc samples=1",)),
    "bridge three_player": Simulation("bridge", 6, 3, variant="three_player", agents=("heuristic",)),
    "bridge six_player": Simulation("bridge", 6, 3, variant="six_player", agents=("random",)),
    "bridge styles, condition": Simulation("bridge", 6, 3, where="hcp(north) >= 12", predeal=("south=SA",),
                                           agents=("heuristic style=cautious", "heuristic", "random", "heuristic")),
    "bridge analysed": Simulation("bridge", 2, 3, agents=("heuristic",), analyse=True),
    "whist solved": Simulation("whist", 2, 3, solve={}),
    "preferans solved": Simulation("preferans", 2, 3, solve={"declarer": "hand1"}),
    "preferans field": Simulation("preferans", 4, 3, agents=("heuristic",), field=[("random",)]),
}


@pytest.fixture
def small_chunks(monkeypatch):
    """Chunks of one deal: the work of a few deals is split between processes (the main process cuts it)."""
    monkeypatch.setattr(simulation_module, "CHUNK", 1)


@pytest.mark.parametrize("name", SIMULATIONS)
def test_the_lines_are_the_same_on_two_processes_and_resumed_and_another_seed_changes_them(name, tmp_path,
                                                                                          small_chunks):
    simulation = SIMULATIONS[name]
    whole = tmp_path / "whole.jsonl"
    simulate_to_file(simulation, str(whole))
    data = whole.read_bytes()
    two = tmp_path / "two.jsonl"
    simulate_to_file(simulation, str(two), jobs=2)
    assert two.read_bytes() == data
    resumed = tmp_path / "resumed.jsonl"
    with open(partial_path(str(resumed)), "wb") as f:
        f.write(data[:len(data) * 2 // 3])            # the header and the first deals, the last line cut short
    simulate_to_file(simulation, str(resumed), jobs=2, resume=True)
    assert resumed.read_bytes() == data
    lines = [json.loads(row) for row in data.splitlines()[1:]]
    other = simulate(Simulation.from_dict({**simulation.to_dict(), "seed": simulation.seed + 1}))
    assert [line["deal"] for line in other] != [line["deal"] for line in lines]


# Every game, a field compared under two systems, the constrained dealing and a pimc agent, printed whole: the
# same text under any string hashing.
HASHED = """
import trickcore
for game, agents, systems in (("bridge", [["heuristic"], ["random"]], "cross-imps,butler"),
                              ("whist", [["heuristic"], ["random"]], "short,long"),
                              ("preferans", [["heuristic"], ["random"]], "sochi,rostov")):
    found = trickcore.simulate(game, 4, 5, agents=agents, compare=systems, per=2)
    print(found.text(), found.lines(), found.to_dict())
print(trickcore.deal("bridge", 3, 5, "hcp(north) >= 15").to_dict())
print(trickcore.simulate("whist", 1, 5, agents="pimc samples=1").lines())
"""


def test_the_output_does_not_depend_on_the_hash_seed():
    runs = [subprocess.run([sys.executable, "-c", HASHED], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")]
    assert runs[0] == runs[1] and "cross-imps" in runs[0]


@pytest.mark.parametrize("game, variant, agents, hands", [
    ("bridge", "two_player", "heuristic", 2),
    ("bridge", "five_player", "random", 2),
    ("bridge", "four_player", "random", 2),
    ("whist", "american", "random,heuristic,random,heuristic", 2),
    ("preferans", "leningrad", "random", 3),
    ("preferans", "classic", "heuristic style=cautious", 3),
    ("preferans", "gusarik", "random", 3),
    ("preferans", "old", "heuristic", 3),
])
def test_a_match_is_the_same_for_the_same_seed_and_another_for_another(game, variant, agents, hands):
    options = {"variant": variant, "hands": hands}
    if variant == "four_player":
        options["rotation"] = "tour"
    played = [get_game(game).play_match(agents, seed, options).data for seed in (4, 4, 5)]
    assert played[0] == played[1] and played[2] != played[0]


def test_the_comparison_page_is_the_same_page_each_time(tmp_path):
    pytest.importorskip("matplotlib")
    path = str(tmp_path / "deals.jsonl")
    simulate_to_file(Simulation("whist", 4, 2, agents=("random",)), path)
    pages = [CliRunner().invoke(tricks, ["compare", path, "--system", "short,long", "--per", "2", "--format",
                                         "html"]).output for _ in range(2)]
    assert "<svg" in pages[0] and "<dc:date>" not in pages[0]
    assert pages[0] == pages[1]
