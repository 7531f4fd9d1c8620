"""Click flags built from the options the installed games declare (games.options), so that no command names a
game: a new game's options appear in the commands when it is installed."""
import functools

import click

from trickcore.cli.common import OutputFile
from trickcore.games import registry
from trickcore.games.options import FILE, merged


def flag(option):
    """The click option of a declared Option (a flag given is True, one not given None, as an option not given)."""
    if option.type is bool:
        return click.option(option.flag, option.name, is_flag=True, default=None, help=option.help,
                            callback=lambda ctx, param, value: value or None)
    if option.type == FILE:
        kind = OutputFile()
    elif isinstance(option.type, tuple):
        kind = click.Choice(option.type, case_sensitive=False)
    else:
        kind = option.type
    return click.option(option.flag, option.name, type=kind, default=option.default, metavar=option.metavar,
                        help=option.help)


def declared(kind, skip=()):
    """The options the installed games declare as ``kind`` (e.g. "analysis_options"), one per name, but those
    named in ``skip``."""
    return tuple(o for o in merged(getattr(game, kind) for game in registry.installed_games()) if o.name not in skip)


def declared_flags(kind, skip=()):
    """Decorator: a flag for each of the ``declared(kind, skip)`` options; the command receives their values as
    one dict ``options`` (None for a flag not given)."""
    options = declared(kind, skip)

    def wrap(func):
        @functools.wraps(func)
        def run(*args, **kwargs):
            return func(*args, options={o.name: kwargs.pop(o.name) for o in options}, **kwargs)
        for option in reversed(options):
            run = flag(option)(run)
        return run
    return wrap


def game_phrases(phrase, joiner=", "):
    """The installed games' ``phrase(game)`` texts (those that are not None) joined by ``joiner``, for a help text."""
    return joiner.join(text for game in registry.installed_games() if (text := phrase(game)) is not None)
