"""The search's source layout: _solver.pyx includes every _solver_*.pxi (one translation unit, so the
compiler inlines across them), each file says its job first, and the kernel's type names name no game."""
import pathlib
import re

SOURCE = pathlib.Path(__file__).resolve().parents[2] / "trickcore"
INCLUDES = sorted(SOURCE.glob("_solver_*.pxi"))
GAMES = ("bridge", "whist", "preferans")


def test_solver_includes_every_include_file_once():
    included = re.findall(r'^include "(\S+)"$', (SOURCE / "_solver.pyx").read_text(encoding="utf-8"), re.M)
    assert INCLUDES
    assert sorted(included) == [path.name for path in INCLUDES]


def test_fast_build_compiles_the_same_search():
    text = (SOURCE / "_solver_fast.pyx").read_text(encoding="utf-8")
    assert re.findall(r'^include "(\S+)"$', text, re.M) == ["_solver.pyx"]


def test_each_include_file_starts_with_a_comment_on_its_job():
    for path in INCLUDES:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert re.match(r"# \S.{30,}", first), path.name


def test_kernel_type_names_name_no_game():
    names = []
    for path in [SOURCE / "_solver.pyx", *INCLUDES]:
        text = path.read_text(encoding="utf-8")
        names += re.findall(r"^(?:cdef (?:struct|enum|class)|ctypedef fused) (\w+)", text, re.M)
    assert {"Search", "Seating", "TwoPartnerships", "Solver"} <= set(names)
    assert [n for n in names if any(game in n.lower() for game in GAMES)] == []
