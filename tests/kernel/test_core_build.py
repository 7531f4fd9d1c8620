"""The package builds as a wheel from the sources, and the default build is the portable one."""
import os
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.slow
def test_pip_wheel_builds_a_portable_wheel_with_the_plugins(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "TRICKCORE_NATIVE"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path / "dist"),
                    ROOT], check=True, env=env)
    (wheel,) = (tmp_path / "dist").iterdir()
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("trickcore/_kernel") and n.endswith(".so") for n in names)
    assert any(n.startswith("trickcore/_solver") and n.endswith(".so") for n in names)
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[trickcore.games]" in text and "tricks = cli.main:main" in text
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(wheel)], check=True)
    probe = subprocess.run([sys.executable, "-c", "import trickcore._kernel as k; print(k.__file__, k.native())"],
                           env=dict(env, PYTHONPATH=str(target)), capture_output=True, text=True, check=True,
                           cwd=str(tmp_path))
    path, native = probe.stdout.split()
    assert path.startswith(str(target)) and native == "False"   # no BMI2 unless TRICKCORE_NATIVE=1
