"""The type stubs of the compiled modules (trickcore/_kernel.pyi, _solver.pyi) follow the modules: the same public
functions, classes and methods, with the same parameters, so that an edit to a .pyx cannot leave its stub behind."""
import ast
import inspect
import pathlib

import pytest

from trickcore import _kernel, _solver

STUBS = pathlib.Path(__file__).resolve().parents[2] / "trickcore"


def public(names):
    """The names that are not private."""
    return {n for n in names if not n.startswith("_")}


def stub_defs(body):
    """{name: ast node} of the functions and classes defined in a stub's module or class body."""
    return {node.name: node for node in body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}


def parameters(function):
    """The parameter names of a compiled function or method, without ``self`` (None when Cython gives none)."""
    try:
        names = list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return None
    return names[1:] if names[:1] == ["self"] else names


def stub_parameters(node):
    """The parameter names of a stub's function, without ``self``."""
    names = [a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs]
    return names[1:] if names[:1] == ["self"] else names


@pytest.mark.parametrize("module", [_kernel, _solver], ids=lambda m: m.__name__)
def test_stub_names_every_public_function_class_and_method_with_its_parameters(module):
    tree = ast.parse((STUBS / f"{module.__name__.rsplit('.', 1)[1]}.pyi").read_text(encoding="utf-8"))
    defs = stub_defs(tree.body)
    assert public(defs) == public(dir(module))
    for name, node in defs.items():
        thing = getattr(module, name)
        if isinstance(node, ast.FunctionDef):
            assert stub_parameters(node) == parameters(thing), name
            continue
        members = stub_defs(node.body)
        assert public(members) == public(dir(thing)), name
        for member, method in members.items():
            found = parameters(getattr(thing, member)) if callable(getattr(thing, member)) else None
            if found is not None and not member.startswith("_"):
                assert stub_parameters(method) == found, f"{name}.{member}"
