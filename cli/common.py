"""What every ``tricks`` command shares: the user-error exception, error translation, atomic output files."""
import functools
import inspect
import json

import click

from trickcore.cli.arguments import MAX_JOBS
from trickcore.errors import ON_ERROR, BatchMismatch, InputError, ReadLog, SettingsError, TrickcoreError, WorkerLost
from trickcore.files import UNNAMED, check_folder, write_bytes_atomically
from trickcore.scoring.base import parse_assignments


class UserError(click.ClickException):
    """Bad input from the user: a one-line message and exit status 2."""

    exit_code = 2

    def show(self, file=None):
        click.echo(f"Error: {self.format_message()}", err=True)


class RunFailed(UserError):
    """A run that stopped through no fault of the input (a worker process died, a checked fast path disagreed with
    the game's State): a one-line message and exit status 1."""

    exit_code = 1


def user_errors(source=None):
    """Decorator: turn any TrickcoreError raised by the command into a UserError, a lost worker or a batch
    mismatch into RunFailed (the one place this happens).

    ``source`` names the input (e.g. "argument") when the error does not carry its own location.
    """
    def wrap(func):
        @functools.wraps(func)
        def run(*args, **kwargs):
            try:
                return func(*args, **kwargs)
            except (WorkerLost, BatchMismatch) as exc:
                raise RunFailed(str(exc)) from None
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


def show_result(found, fmt, output=None):
    """Write a result of the Python route (``to_dict()`` and ``text()``) as ``--format json`` or text."""
    write_output(to_json(found.to_dict()) if fmt == "json" else found.text(), output)


def set_keywords(assignments, function):
    """The ``--set NAME=VALUE`` assignments as keywords of ``function``, the command's function of the Python route
    (values as text: the system reads them); a NAME that is one of the function's own parameters (``format``,
    ``preset``...) is no setting, and would otherwise be taken for that parameter or break the call."""
    keywords = dict(parse_assignments(assignments))
    named = [name for name, parameter in inspect.signature(function).parameters.items()
             if parameter.kind not in (parameter.VAR_KEYWORD, parameter.VAR_POSITIONAL)]
    taken = next((name for name in keywords if name in named), None)
    if taken is not None:
        raise SettingsError(f"unknown setting {taken!r}", field="--set")
    return keywords


def to_json(value):
    """JSON text of ``value``, indented, keys in the given order, non-ASCII kept readable."""
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


jobs_option = click.option("--jobs", type=click.IntRange(1, MAX_JOBS), default=1, show_default=True,
                           help="Worker processes.")

class OutputFile(click.Path):
    """A file (or with ``dir_okay`` a directory) the command will write: refused with the other options, before any
    work, when its name is empty or its folder does not exist (``-`` is standard output)."""

    def __init__(self, dir_okay=False):
        super().__init__(dir_okay=dir_okay, writable=True)

    def convert(self, value, param, ctx):
        if value == "":
            self.fail(UNNAMED, param, ctx)
        path = super().convert(value, param, ctx)
        try:
            if path != "-":
                check_folder(path)
        except InputError as exc:
            self.fail(f"{path!r}: {exc.message}", param, ctx)
        return path


output_option = click.option("-o", "--output", "output", type=OutputFile(),
                             default=None, help="Write to this file (complete or not at all) instead of stdout.")


def reading_options(func):
    """Decorator: ``--strict`` and ``--on-error`` for commands reading real-world records files; the command
    receives a ``log`` (a ReadLog) instead of the two options."""
    @click.option("--strict", is_flag=True,
                  help="Treat every doubt about the input (e.g. a Declarer tag that contradicts the auction) as an "
                       "error, instead of keeping the file's value with a warning.")
    @click.option("--on-error", "on_error", type=click.Choice(ON_ERROR), default="fail", show_default=True,
                  help="A board that cannot be read at all: stop (fail) or leave it out with a warning (skip).")
    @functools.wraps(func)
    def run(*args, strict, on_error, **kwargs):
        return func(*args, log=ReadLog(strict=strict, on_error=on_error), **kwargs)
    return run


def show_warnings(warnings):
    """Print a reader's ``warnings`` (a ReadLog's, or a result's) on standard error, one line each."""
    for warning in warnings:
        click.echo(f"Warning: {warning}", err=True)
