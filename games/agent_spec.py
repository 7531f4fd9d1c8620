"""An agent as the command line and the Python route name it: its registered name and its options, written
``"pimc samples=32 rule=best"``, read once here for every game, command and simulation.

An agent class declares the options it takes as data (``declared_options``: games.options.Option, with their
types and defaults); a spec converts the given texts to those types and refuses any other option, naming the
agent and the options it takes. Without options a spec is just the agent's name, as before.
"""
from __future__ import annotations

from typing import Any

import attrs

from trickcore.errors import InputError
from trickcore.games.options import Option


def _converted(option: Option, text: str, agent: str) -> object:
    """``text`` as the value of ``option`` of ``agent``; InputError naming both when it does not fit."""
    kind = option.type
    try:
        if isinstance(kind, tuple):
            if text.lower() not in kind:
                raise ValueError
            return text.lower()
        if kind is int:
            return int(text)
        if kind is float:
            return float(text)
    except ValueError:
        wanted = " or ".join(kind) if isinstance(kind, tuple) else getattr(kind, "__name__", str(kind))
        raise InputError(f"the {agent} agent's option {option.name} takes {wanted}, not {text!r}",
                         field="agents") from None
    return text


@attrs.frozen
class AgentSpec:
    """One player's agent: the agent class ``cls``, its ``options`` (name, value pairs) and the ``text`` that
    named it. Calling the spec with a seat and a seed builds the agent."""

    cls: Any
    options: tuple[tuple[str, object], ...] = ()
    text: str = ""

    @property
    def name(self) -> str:
        """The agent's registered name, with its options when it has any (so a compiled batch that plays the
        named agent is not taken for an agent with options)."""
        return self.text if self.options else self.cls.name

    def __call__(self, seat: int, seed: int = 0) -> Any:
        """The agent of ``seat`` seeded with ``seed``."""
        return self.cls(seat, seed, **dict(self.options))


def shared_agent(game_name: str, texts: list[str]) -> AgentSpec | None:
    """The AgentSpec of every one of ``texts`` when they all name the same agent with the same options (as a
    compiled batch that plays one agent at every seat needs), else None."""
    specs = {(spec.cls, spec.options): spec for spec in (agent_spec(game_name, text) for text in texts)}
    return next(iter(specs.values())) if len(specs) == 1 else None


def style_table(styles: dict[str, Any], capacity: int) -> list[dict[str, Any]]:
    """The figures of each of the playing ``styles`` (name: an attrs value class of figures), in order, as dicts for a
    compiled module's table of ``capacity`` styles; ImportError when there are more."""
    if len(styles) > capacity:
        raise ImportError(f"a compiled table holds at most {capacity} playing styles, not {len(styles)}")
    return [attrs.asdict(figures) for figures in styles.values()]


def style_index(option: Option, options: dict[str, object], agent: str) -> int:
    """The index, among the choices of the playing-style ``option`` (its default without one), of the style that
    an ``agent``'s ``options`` name; InputError listing the styles for any other name."""
    styles = option.type
    assert isinstance(styles, tuple)
    name = options.get(option.name, option.default)
    if name not in styles:
        raise InputError(f"the {agent} agent has no style {name!r} (its styles: {', '.join(styles)})",
                         field="agents")
    return styles.index(name)


def agent_spec(game_name: str, text: str) -> AgentSpec:
    """The AgentSpec of ``text``: an agent's name, then any ``key=value`` options it declares."""
    from trickcore.games.registry import get_agent

    words = text.split()
    if not words:
        raise InputError("an agent's name is missing", field="agents")
    cls = get_agent(game_name, words[0].lower())
    declared = {option.name: option for option in getattr(cls, "declared_options", ())}
    options = {}
    for word in words[1:]:
        key, equals, value = word.partition("=")
        key = key.lower().replace("-", "_")
        if not equals or key not in declared:
            known = ", ".join(declared) or "none"
            raise InputError(f"{word!r} is not an option of the {game_name} agent {words[0]} (its options: {known}; "
                             "write them as key=value)", field="agents")
        if key in options:
            raise InputError(f"the {game_name} agent {words[0]} is given its option {key} twice", field="agents")
        options[key] = _converted(declared[key], value, words[0])
    return AgentSpec(cls, tuple(options.items()), " ".join(words))
