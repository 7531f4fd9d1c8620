"""What every ``tricks`` command shares: the user-error exception, error translation, atomic output files."""
import functools
import json

import click

from trickcore.errors import TrickcoreError
from trickcore.files import write_bytes_atomically


class UserError(click.ClickException):
    """Bad input from the user: a one-line message and exit status 2."""

    exit_code = 2

    def show(self, file=None):
        click.echo(f"Error: {self.format_message()}", err=True)


def user_errors(source=None):
    """Decorator: turn any TrickcoreError raised by the command into a UserError (the one place this happens).

    ``source`` names the input (e.g. "argument") when the error does not carry its own location.
    """
    def wrap(func):
        @functools.wraps(func)
        def run(*args, **kwargs):
            try:
                return func(*args, **kwargs)
            except TrickcoreError as exc:
                raise UserError(str(exc.located(source=source))) from None
        return run
    return wrap


def write_output(text, path):
    """Write ``text`` (str, or bytes already encoded) to standard output, or completely to ``path`` (a temp
    file renamed when complete)."""
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    if path is None or path == "-":
        click.echo(data, nl=not data.endswith(b"\n"))
        return
    write_bytes_atomically(path, data)


def to_json(value):
    """JSON text of ``value``, indented, keys in the given order, non-ASCII kept readable."""
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


output_option = click.option("-o", "--output", "output", type=click.Path(dir_okay=False, writable=True),
                             default=None, help="Write to this file (complete or not at all) instead of stdout.")
