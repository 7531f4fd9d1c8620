"""No function of the package runs over 80 lines: a longer one is split into its steps, each read in one sitting.

The solver's search and the compiled loops are .pyx and .pxi files, outside this check; it reads every .py
module of trickcore/, games/, scoring/ and cli/ with ``ast`` and measures each function and method from its
``def`` (decorators excluded) to its last line.
"""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("trickcore", "games", "scoring", "cli")
LIMIT = 80


def _long_functions():
    """(path, function, lines) of every function over LIMIT lines."""
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    length = node.end_lineno - node.lineno + 1
                    if length > LIMIT:
                        yield path.relative_to(ROOT).as_posix(), node.name, length


def test_no_function_is_over_80_lines():
    long = [(path, name, length) for path, name, length in _long_functions()]
    assert not long, "functions over 80 lines:\n" + "\n".join(
        f"  {path}: {name} ({length} lines)" for path, name, length in long)
