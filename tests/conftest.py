"""Fixtures of the whole suite: ``golden``, an output compared with its golden file in tests/data/golden/;
``no_hang``, a test that fails instead of waiting for ever.

A golden file is the exact text a test expects, kept readable in the repository; on a difference the test fails
with a unified diff of the two. ``pytest --update-golden`` (with the tests to refresh) writes the outputs into
their golden files instead of comparing them: read the diff of those files before committing them.
"""
import difflib
import signal
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "data" / "golden"
DIFF_LINES = 60
HANG_SECONDS = 120


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="write the outputs compared with golden files into tests/data/golden/ instead of "
                          "comparing them")


def _diff(expected, actual, name):
    """The first lines of the unified diff from the golden file ``name`` to the output."""
    lines = list(difflib.unified_diff(expected.splitlines(keepends=True), actual.splitlines(keepends=True),
                                      fromfile=f"tests/data/golden/{name}", tofile="output"))
    shown = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                    for line in lines[:DIFF_LINES])
    if len(lines) > DIFF_LINES:
        shown += f"... {len(lines) - DIFF_LINES} more diff lines\n"
    return shown


@pytest.fixture
def golden(request):
    """``golden(name, text)``: fail with a diff unless ``text`` is the golden file ``name`` byte for byte."""
    update = request.config.getoption("--update-golden")

    def check(name, text):
        path = GOLDEN / name
        if update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))
            return
        if not path.exists():
            pytest.fail(f"no golden file tests/data/golden/{name}: write it with --update-golden", pytrace=False)
        expected = path.read_bytes().decode("utf-8")
        if text != expected:
            pytest.fail(f"the output differs from its golden file (refresh it with --update-golden if the change "
                        f"is meant):\n{_diff(expected, text, name)}", pytrace=False)

    return check


@pytest.fixture
def no_hang():
    """Fail the test, instead of hanging the suite, when it still runs after HANG_SECONDS (a run waiting for a
    lost worker process waits for ever)."""
    def expired(signum, frame):
        pytest.fail(f"still running after {HANG_SECONDS} seconds: the run hangs", pytrace=False)

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(HANG_SECONDS)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)
