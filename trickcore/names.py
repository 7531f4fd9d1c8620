"""Lists of names as every function takes them: a string is one name or a comma-separated list, never a
sequence of letters (``"heuristic"`` is one agent, ``"heuristic,random"`` two)."""
from __future__ import annotations

from collections.abc import Iterable


def name_list(value: str | Iterable[object]) -> tuple[str, ...]:
    """The names in ``value``: a string split at its commas, or each item of an iterable; stripped, empty
    ones left out."""
    items = value.split(",") if isinstance(value, str) else value
    return tuple(name for name in (str(item).strip() for item in items) if name)


def text_list(value: str | Iterable[object]) -> tuple[str, ...]:
    """The texts in ``value``: a string is one text (e.g. one predealt hand), an iterable gives each item."""
    return (value,) if isinstance(value, str) else tuple(str(item) for item in value)
