"""The package builds as users get it: an sdist holding everything needed to build, a portable wheel built from
that sdist, both passing ``twine check --strict``, and the wheel installing everything under the ``trickcore``
name in a clean environment, where it passes its smoke test."""
import json
import os
import pathlib
import subprocess
import sys
import tarfile
import zipfile

import pytest

import trickcore

ROOT = pathlib.Path(__file__).resolve().parents[2]
SMOKE = pathlib.Path(__file__).with_name("wheel_smoke.py")


@pytest.fixture(scope="module")
def dists(tmp_path_factory):
    """The sdist and the wheel ``python -m build`` makes (the wheel from the sdist, so the sdist must build)."""
    out = tmp_path_factory.mktemp("dist")
    # One-pass build: the profile run is not what these tests check, and it doubles the build time.
    env = {k: v for k, v in os.environ.items() if k != "TRICKCORE_NATIVE"}
    env["TRICKCORE_PGO"] = "0"
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


@pytest.mark.slow
def test_sdist_holds_the_sources_and_documents_and_no_build_output(dists):
    sdist, _ = dists
    top = f"trickcore-{trickcore.__version__}/"
    with tarfile.open(sdist) as tar:
        names = {n[len(top):] for n in tar.getnames() if n.startswith(top)}
    for name in ("setup.py", "pyproject.toml", "MANIFEST.in", "README.md", "LICENSE", "CHANGELOG.md",
                 "CONTRIBUTING.md", "trickcore/_version.py", "trickcore/py.typed", "trickcore/_kernel.pyi"):
        assert name in names
    for pattern in ("*.pyx", "*.pxi", "*.pxd", "*.h"):
        sources = {p.relative_to(ROOT).as_posix() for p in ROOT.glob(f"**/{pattern}") if "build" not in p.parts}
        assert sources and sources <= names, pattern
    assert "tests/trickcore/wheel_smoke.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c", ".pyc"))]


@pytest.mark.slow
def test_sdist_and_wheel_pass_twine_check_strict(dists):
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dists)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_wheel_is_portable_and_installs_only_under_trickcore(dists, tmp_path):
    _, wheel = dists
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {"trickcore", f"trickcore-{trickcore.__version__}.dist-info"}
    assert any(n.startswith("trickcore/_kernel") and n.endswith(".so") for n in names)
    assert any(n.startswith("trickcore/_solver") and n.endswith(".so") for n in names)
    assert any(n.startswith("trickcore/games/bridge/compiled/_boards") and n.endswith(".so") for n in names)
    # The search's sources ship whole: its include files too; and the package says it is typed.
    includes = {f"trickcore/{p.name}" for p in ROOT.joinpath("trickcore").glob("_solver_*.pxi")}
    assert includes and includes <= set(names)
    assert {"trickcore/py.typed", "trickcore/_kernel.pyi", "trickcore/_solver.pyi"} <= set(names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names)
    for package in ("games/bridge", "scoring/preferans", "cli"):
        assert f"trickcore/{package}/__init__.py" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[trickcore.games]" in text and "tricks = trickcore.cli.main:main" in text

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(wheel)], check=True)
    out = subprocess.run([python, str(SMOKE)], capture_output=True, text=True, cwd=str(tmp_path))
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    assert facts["native"] is False   # no BMI2 unless TRICKCORE_NATIVE=1
    assert facts["version"] == trickcore.__version__
    assert facts["games"] == ["bridge", "preferans", "whist"]
