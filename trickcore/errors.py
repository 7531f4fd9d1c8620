"""The one exception hierarchy shared by every trickcore package.

Library code raises these; the CLI turns any of them into a one-line message naming the input, line and
field, with exit status 2 for bad input.
"""


class TrickcoreError(Exception):
    """Base class of every error trickcore raises on purpose.

    ``source`` (a file name or "argument"), ``line`` and ``field`` locate the problem when known; the CLI
    prints them in front of the message.
    """

    def __init__(self, message, *, source=None, line=None, field=None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.field = field

    def located(self, *, source=None, line=None, field=None):
        """Return this error with missing location parts filled in (the innermost location wins)."""
        self.source = self.source if self.source is not None else source
        self.line = self.line if self.line is not None else line
        self.field = self.field if self.field is not None else field
        return self

    def __str__(self):
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
