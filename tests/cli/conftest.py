"""Fixtures of the CLI tests: ``fuzz``, the helpers of the fuzz tests.

They are mutations of real input files (hypothesis strategies) and the one check that bad input gives one clean
error: exit status 2, nothing on stdout, an ``Error: ...`` line on stderr, no output file left, never a traceback.
Valid input (a mutation can leave a file valid) must succeed with status 0.
"""
import json
import os
import sys

import pytest

from click.testing import CliRunner
from hypothesis import strategies as st

from trickcore.cli.main import tricks

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
HUGE = ["9" * 30, str(2**63), str(2**64), "-" + "9" * 25, "1e999", "-1e999", "nan", "inf", "1" + "0" * 400]
ODD_JSON = [None, True, False, 0, -1, 10**30, -(10**30), 1.5, float("inf"), "", "x", "\x00", "é" * 3, [], [1],
            {}, {"a": 1}, [[None]]]


def example(*parts):
    """The bytes of a file of the repository."""
    with open(os.path.join(ROOT, *parts), "rb") as fh:
        return fh.read()


def run(*args):
    """Run ``tricks`` in-process with these arguments."""
    return CliRunner().invoke(tricks, [str(a) for a in args])


def assert_clean(result, out=None):
    """Success, or exactly one clean error: exit 2, empty stdout, "Error: ..." on stderr, no file, no traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"traceback: {result.exception!r}\n{result.stderr}"
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 2), (result.exit_code, result.output)
    if result.exit_code == 2:
        assert result.stdout == "", result.stdout
        errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
        assert len(errors) == 1, result.stderr
        if out is not None:
            assert not out.exists()


def _leaves(value, path=()):
    """Every place in a JSON value (paths of keys and indexes), the value itself included."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, path + (key,))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            yield from _leaves(item, path + (k,))


def _replace(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {k: (_replace(v, rest, new) if k == head else v) for k, v in value.items()}
    return [(_replace(v, rest, new) if k == head else v) for k, v in enumerate(value)]


def _drop(value, path):
    head, rest = path[0], path[1:]
    if rest:
        return _replace(value, path[:1], _drop(value[head], rest))
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k != head}
    return [v for k, v in enumerate(value) if k != head]


@st.composite
def json_mutation(draw, raw):
    """The JSON file ``raw`` with one place given a value of the wrong type or size, or dropped, or duplicated."""
    data = json.loads(raw)
    paths = list(_leaves(data))
    path = draw(st.sampled_from(paths))
    action = draw(st.sampled_from(["replace", "drop", "number"] if path else ["replace"]))
    if action == "drop":
        data = _drop(data, path)
    elif action == "number":
        data = _replace(data, path, draw(st.sampled_from([10**30, -(10**30), 2**63, -1, 0, 1.5, 13, 14, 100])))
    else:
        data = _replace(data, path, draw(st.sampled_from(ODD_JSON)))
    return json.dumps(data, allow_nan=True).encode()


@st.composite
def byte_mutation(draw, raw):
    """The file ``raw`` cut short, with a span replaced by garbage or by a huge number, or lines shuffled."""
    action = draw(st.sampled_from(["truncate", "garbage", "huge", "digits", "lines", "swap"]))
    at = draw(st.integers(0, len(raw)))
    if action == "truncate":
        return raw[:at]
    end = min(len(raw), at + draw(st.integers(0, 12)))
    if action == "garbage":
        return raw[:at] + draw(st.binary(min_size=1, max_size=12)) + raw[end:]
    if action == "huge":
        return raw[:at] + draw(st.sampled_from(HUGE)).encode() + raw[end:]
    if action == "digits":
        digits = [k for k, b in enumerate(raw) if chr(b).isdigit()]
        if not digits:
            return raw
        k = draw(st.sampled_from(digits))
        return raw[:k] + draw(st.sampled_from(HUGE + ["0", "-1", "99"])).encode() + raw[k + 1:]
    lines = raw.split(b"\n")
    if action == "lines":
        k = draw(st.integers(0, len(lines) - 1))
        return b"\n".join(lines[:k] + lines[k + 1:] + lines[k:k + 1] * draw(st.integers(0, 2)))
    words = raw.split(b"|") if b"|" in raw else raw.split()
    if len(words) < 2:
        return raw
    i, j = draw(st.integers(0, len(words) - 1)), draw(st.integers(0, len(words) - 1))
    words[i], words[j] = words[j], words[i]
    return (b"|" if b"|" in raw else b" ").join(words)


def mutation(raw):
    """A mutation of ``raw``: structural for JSON files, byte-level for any."""
    try:
        json.loads(raw)
    except ValueError:
        return byte_mutation(raw)
    return st.one_of(json_mutation(raw), byte_mutation(raw))


@pytest.fixture
def fuzz():
    """The fuzzing helpers of this module: ``run``, ``assert_clean``, ``mutation``, ``example``, ``FUZZ``..."""
    return sys.modules[__name__]
