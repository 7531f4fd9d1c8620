"""The code stays clean under the project's linter and type checker, ruff and mypy (configured in
pyproject.toml), so CI holds them as it holds the tests."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run(*args):
    """Run ``python -m ARGS`` at the repository's root."""
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing():
    done = run("ruff", "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing_in_the_typed_packages():
    done = run("mypy")
    assert done.returncode == 0, done.stdout + done.stderr
