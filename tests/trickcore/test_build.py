"""The package builds as a portable wheel that installs everything under the ``trickcore`` name."""
import os
import pathlib
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.slow
def test_wheel_is_portable_and_installs_only_under_trickcore(tmp_path):
    # One-pass build: the profile run is not what this test checks, and it doubles the build time.
    env = {k: v for k, v in os.environ.items() if k != "TRICKCORE_NATIVE"}
    env["TRICKCORE_PGO"] = "0"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path / "dist"),
                    ROOT], check=True, env=env)
    (wheel,) = (tmp_path / "dist").iterdir()
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {"trickcore", "trickcore-0.1.0.dist-info"}
    assert any(n.startswith("trickcore/_kernel") and n.endswith(".so") for n in names)
    assert any(n.startswith("trickcore/_solver") and n.endswith(".so") for n in names)
    assert any(n.startswith("trickcore/games/bridge/compiled/_boards") and n.endswith(".so") for n in names)
    # The search's sources ship whole: its include files too.
    includes = {f"trickcore/{p.name}" for p in pathlib.Path(ROOT, "trickcore").glob("_solver_*.pxi")}
    assert includes and includes <= set(names)
    for package in ("games/bridge", "scoring/preferans", "cli"):
        assert f"trickcore/{package}/__init__.py" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[trickcore.games]" in text and "tricks = trickcore.cli.main:main" in text

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(wheel)], check=True, env=env)
    probe = (
        "import importlib.util, trickcore._kernel as k, trickcore.games.registry as r, trickcore.cli.main;"
        "import trickcore.scoring.bridge;"
        "print(k.native(), all(importlib.util.find_spec(n) is None for n in ('games', 'scoring', 'cli')),"
        " ','.join(r.game_names()))"
    )
    out = subprocess.run([python, "-c", probe], capture_output=True, text=True, check=True, cwd=str(tmp_path))
    native, top_level_free, games = out.stdout.split()
    assert native == "False"   # no BMI2 unless TRICKCORE_NATIVE=1
    assert top_level_free == "True"
    assert games == "bridge,preferans,whist"
    tricks = subprocess.run([str(venv / "bin" / "tricks"), "games"], capture_output=True, text=True,
                            cwd=str(tmp_path))
    assert tricks.returncode == 0 and "preferans" in tricks.stdout
