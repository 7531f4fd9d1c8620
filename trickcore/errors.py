"""The one exception hierarchy shared by every trickcore package.

Library code raises these; the CLI turns any of them into a one-line message naming the input, line and
field, with exit status 2 for bad input.
"""
import re

import attrs

# A value quoted in a message (Python's repr: '...' or "..."), opening after a space or bracket and closing before
# one, so that an apostrophe inside a word ("declarer's") opens no quote.
_QUOTED = re.compile(r"""(?<![\w'"])('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?![\w'"])""")
_CUT_ESCAPE = re.compile(r"\\(?:x[0-9a-fA-F]?|u[0-9a-fA-F]{0,3}|U[0-9a-fA-F]{0,7}|N\{[^}]*)?$")
QUOTE_LIMIT = 80


def clipped(message: str) -> str:
    """``message`` with each value it quotes cut to about QUOTE_LIMIT characters (a garbage line, a binary file's
    bytes), the cut marked with ``...``; every error and warning passes through it."""
    def clip(match: re.Match[str]) -> str:
        quoted = match.group(0)
        if len(quoted) <= QUOTE_LIMIT + 2:
            return quoted
        return quoted[0] + _CUT_ESCAPE.sub("", quoted[1:QUOTE_LIMIT + 1]) + "..." + quoted[0]
    return _QUOTED.sub(clip, message)


class TrickcoreError(Exception):
    """Base class of every error trickcore raises on purpose.

    ``source`` (a file name or "argument"), ``line`` and ``field`` locate the problem when known; the CLI
    prints them in front of the message.
    """

    def __init__(self, message: str, *, source: object = None, line: int | None = None,
                 field: str | None = None) -> None:
        message = clipped(message)
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.field = field

    def located(self, *, source: object = None, line: int | None = None, field: str | None = None) -> "TrickcoreError":
        """Return this error with missing location parts filled in (the innermost location wins)."""
        self.source = self.source if self.source is not None else source
        self.line = self.line if self.line is not None else line
        self.field = self.field if self.field is not None else field
        return self

    def __str__(self) -> str:
        where = []
        if self.source is not None:
            where.append(str(self.source))
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.field is not None:
            where.append(f"field {self.field!r}")
        return (", ".join(where) + ": " + self.message) if where else self.message


class InputError(TrickcoreError):
    """Input that cannot be read or is not valid: the user must change it."""


class NotationError(InputError):
    """A card, hand, deal, contract or call written in a way that cannot be read."""


class InvalidDeal(InputError):
    """A deal with duplicate or missing cards, or hands of the wrong size."""


class IllegalPlay(InputError):
    """A card that the rules do not allow in this position."""


class IllegalCall(InputError):
    """A call that the auction rules do not allow; the message says why."""


class InvalidRecord(InputError):
    """A result record (protocol deal, traveller line, hand result) that breaks the rules."""


class SettingsError(InputError):
    """An unknown setting, or a value the setting does not take."""


class PluginError(TrickcoreError):
    """A game or scoring system that is not installed, or a plug-in that does not load."""


class WorkerLost(TrickcoreError):
    """A worker process died in the middle of a run (killed, e.g. by the out-of-memory killer): not the input's
    fault, so the CLI exits with status 1; the message names the worker and how it died."""


class BatchMismatch(TrickcoreError):
    """A record of a compiled batch that differs from the one the game's State makes of the same actions, or an
    action the State refuses (checked in the tests and with TRICKCORE_CHECK_BATCH=1): a bug in trickcore, never in
    the input, so the CLI exits with status 1; the message names the deal and the field."""


class MissingExtra(TrickcoreError, ImportError):
    """An optional dependency that is not installed; the message names the extra that installs it."""


@attrs.frozen
class ReadWarning:
    """Something a forgiving reader kept as given although it looks wrong, or a board it skipped; located like
    an error."""

    message: str = attrs.field(converter=clipped)
    source: object = attrs.field(default=None, kw_only=True)
    line: int | None = attrs.field(default=None, kw_only=True)
    field: str | None = attrs.field(default=None, kw_only=True)

    def __str__(self) -> str:
        return str(TrickcoreError(self.message, source=self.source, line=self.line, field=self.field))

    def to_dict(self) -> dict[str, object]:
        """The warning as a JSON-ready dict (None for unknown location parts)."""
        return {"source": self.source, "line": self.line, "field": self.field, "message": self.message}


ON_ERROR = ("fail", "skip")


class ReadLog:
    """How a reader of real-world files treats doubtful input, and what it noted.

    ``strict``: a doubt (``warn``) is an error, as readers behaved before warnings existed. ``on_error``:
    ``"fail"`` stops at the first board that cannot be read, ``"skip"`` leaves it out with a warning.
    """

    def __init__(self, *, strict: bool = False, on_error: str = "fail") -> None:
        if on_error not in ON_ERROR:
            raise InputError(f"on_error must be one of {', '.join(ON_ERROR)}, not {on_error!r}", field="on_error")
        self.strict = strict
        self.on_error = on_error
        self.warnings: list[ReadWarning] = []

    def warn(self, message: str, *, source: object = None, line: int | None = None, field: str | None = None,
             error: type[TrickcoreError] = InputError) -> None:
        """Note a doubt about the input that the reader kept as given; raise ``error`` instead when strict."""
        if self.strict:
            raise error(message, source=source, line=line, field=field)
        self.warnings.append(ReadWarning(message, source=source, line=line, field=field))

    def board_failed(self, exc: TrickcoreError) -> None:
        """Handle a board that cannot be read: re-raise ``exc`` (a TrickcoreError), or note it as skipped."""
        if self.on_error == "fail":
            raise exc
        self.warnings.append(ReadWarning(f"board skipped: {exc.message}", source=exc.source, line=exc.line,
                                         field=exc.field))
