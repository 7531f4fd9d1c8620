"""Every module of the installed package imports on its own in a fresh interpreter.

The test suite imports modules in one order; a user (or a plug-in entry point) may import any one first. An
import cycle (a game package pulling in its scorer, which imports the game's vocabulary) only shows then.
"""
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = {"trickcore": "trickcore", "games": "trickcore.games", "scoring": "trickcore.scoring",
            "cli": "trickcore.cli"}


def module_names():
    names = []
    for folder, package in PACKAGES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join([package] + parts))
    return names


@pytest.mark.slow
def test_every_module_imports_first():
    # One interpreter per module, started together: a few seconds in all.
    runs = {name: subprocess.Popen([sys.executable, "-c", f"import {name}"], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True, cwd=str(ROOT.parent))
            for name in module_names()}
    failed = {}
    for name, run in runs.items():
        _, err = run.communicate(timeout=120)
        if run.returncode:
            failed[name] = err.strip().splitlines()[-1]
    assert not failed, failed
