"""The smoke test of an installed trickcore (a built wheel in a clean environment): the compiled modules load,
the games are found by their entry points, a deal is dealt, played and solved, and the ``tricks`` command runs.

Run by tests/trickcore/test_build.py and by the wheel builds (``[tool.cibuildwheel]`` in pyproject.toml), from a
folder outside the repository; it exits non-zero on any failure and prints what the build holds as JSON.
"""
import importlib.util
import json
import random
import shutil
import subprocess
import sysconfig

import trickcore
from trickcore import _kernel, brute, solver
from trickcore.games.registry import game_names, get_game
from trickcore.play import random_playout
from trickcore.rules import TrickRules


def check_solver():
    """The double-dummy search agrees with the brute-force oracle on a few small seeded endings."""
    rng = random.Random(2026)
    for trump in (None, "S"):
        rules = TrickRules(3, trump, must_trump=trump is not None)
        hands, _ = brute.preferans_ending(rng, 3)
        position = solver.Position(rules, hands, leader=0, objective="tricks", seat=0, declarer=0)
        counted, maxim = position.masks()
        assert solver.solve(position) == brute.minimax(rules, hands, 0, [], counted, maxim), (trump, hands)


def run_tricks(*args):
    """The output of the installed ``tricks`` command."""
    tricks = shutil.which("tricks", path=sysconfig.get_path("scripts")) or shutil.which("tricks")
    assert tricks, "the tricks command is not installed"
    return subprocess.run([tricks, *args], capture_output=True, text=True, check=True).stdout


def main():
    """Run every check and print the facts of the build."""
    assert all(importlib.util.find_spec(name) is None for name in ("games", "scoring", "cli")), \
        "a generic top-level package was installed"
    games = game_names()
    assert {"bridge", "whist", "preferans"} <= set(games), games
    bridge = get_game("bridge")
    record = random_playout(bridge.trick_rules(None), bridge.deal(7), leader=1, seed=7)
    assert sum(record.tricks_won) == 13
    assert len(solver.tricks_table(bridge.deal(7))) == 5
    check_solver()
    assert "preferans" in run_tricks("games")
    assert run_tricks("--version").split()[-1] == trickcore.__version__
    print(json.dumps({"version": trickcore.__version__, "native": _kernel.native(), "games": games}))


if __name__ == "__main__":
    main()
