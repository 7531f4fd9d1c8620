"""The README quick start's main job, ``examples/tour.sh``, runs to the end with the installed ``tricks``, each
command in a fresh process (as a user runs it: any module may be the first one imported)."""
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_tour_runs():
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    run = subprocess.run(["bash", str(ROOT / "examples" / "tour.sh")], capture_output=True, text=True, env=env,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "630" in run.stdout                      # tricks bridge score 3NT+1 --vul
    assert "Error" not in run.stdout + run.stderr
