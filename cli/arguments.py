"""The Python route's arguments checked against the functions' annotations before any work starts: a wrong type
is an InputError naming the argument (``deals must be a whole number, not '3'``), never a traceback from deep
inside the work."""
from __future__ import annotations

import functools
import inspect
import numbers
import operator
import os
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from trickcore.errors import InputError

F = TypeVar("F", bound=Callable[..., Any])
# The most worker processes a simulation or a solve takes (--jobs, jobs=). Each job is a forked process: a few
# hundred is more than any machine uses, and a typo such as 10**20 would try to fork without end.
MAX_JOBS = 256
_NAMES = {str: "text", int: "a whole number", float: "a number", bool: "True or False", type(None): "None",
          os.PathLike: "a path"}


def fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the annotation ``hint`` (the simple types, their unions, iterables and lists of
    them, mappings, callables and classes; Any takes everything). An iterable is not consumed: only a list's or a
    tuple's items are checked; a mapping is not a list (its keys would be taken for the items)."""
    if hint is Any:
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, arg) for arg in args)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if origin in (Iterable, Sequence):
        if not isinstance(value, origin) or isinstance(value, (str, bytes, Mapping)):
            return False
        return not args or not isinstance(value, (list, tuple)) or all(fits(item, args[0]) for item in value)
    if origin is not None:
        return isinstance(value, origin) if isinstance(origin, type) else True
    if hint is type(None):
        return value is None
    return isinstance(value, hint) if isinstance(hint, type) else True


def whole_number(value: Any) -> bool:
    """Whether ``value`` is a whole number of another library's type (NumPy's int64 and the like), which an
    argument that takes an int gets as one: the work below writes numbers to JSON, which knows only Python's."""
    return isinstance(value, numbers.Integral) and not isinstance(value, (int, bool))


def describe(hint: Any) -> str:
    """The annotation ``hint`` in words: "text or None", "a whole number", "text or a list of text"."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(dict.fromkeys(describe(arg) for arg in args))
    if origin in (Iterable, Sequence):
        return "a list" + (f" of {describe(args[0])}" if args and args[0] is not Any else "")
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        return "a dict"
    if hint in _NAMES:
        return _NAMES[hint]
    return getattr(hint, "__name__", str(hint))


# No argument of the Python route counts past 64 bits (a seed is the largest); far beyond, Python cannot even write
# the number into an error message (its 4,300-digit limit), so such a value is refused here, by its size.
MAX_BITS = 1024


def _check_size(name: str, value: Any) -> None:
    """InputError naming ``name`` when ``value`` is a whole number of more than MAX_BITS bits."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_BITS:
        raise InputError(f"{name} is too large a number (over {MAX_BITS} bits)", field=name)


def checked(func: F) -> F:
    """``func`` with every argument given checked against its annotation first (``fits``): InputError
    ``"NAME must be ..., not VALUE"`` with the field NAME. Keyword arguments taken by ``**options`` are the
    function's own to check."""
    signature = inspect.signature(func)
    hints = typing.get_type_hints(func)
    spread = {name for name, parameter in signature.parameters.items() if parameter.kind is parameter.VAR_KEYWORD}

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        for name, value in bound.arguments.items():
            for field, item in (value.items() if name in spread else [(name, value)]):
                _check_size(field, item)
            if name in spread or name not in hints:
                continue
            if whole_number(value) and fits(0, hints[name]):
                bound.arguments[name] = value = operator.index(value)
            if not fits(value, hints[name]):
                raise InputError(f"{name} must be {describe(hints[name])}, not {value!r}", field=name)
        return func(*bound.args, **bound.kwargs)

    return typing.cast(F, wrapper)
