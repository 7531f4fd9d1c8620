"""Reproducibility of every random process a user reaches: the comparison's HTML page is the same page each time.
"""
import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.games.simulate import Simulation
from trickcore.games.simulation_output import simulate_to_file


def test_the_comparison_page_is_the_same_page_each_time(tmp_path):
    pytest.importorskip("matplotlib")
    path = str(tmp_path / "deals.jsonl")
    simulate_to_file(Simulation("whist", 4, 2, agents=("random",)), path)
    pages = [CliRunner().invoke(tricks, ["compare", path, "--system", "short,long", "--per", "2", "--format",
                                         "html"]).output for _ in range(2)]
    assert "<svg" in pages[0] and "<dc:date>" not in pages[0]
    assert pages[0] == pages[1]
