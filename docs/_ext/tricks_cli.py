"""The whole ``tricks`` command for sphinx-click: the built-in commands and every group installed through the
``trickcore.commands`` entry points (the CLI loads those lazily, so sphinx-click would not see them)."""
import click

from trickcore.cli.main import tricks as _tricks

_context = click.Context(_tricks)

tricks = click.Group(
    name="tricks",
    help=_tricks.help,
    params=_tricks.params,
    commands={name: _tricks.get_command(_context, name) for name in _tricks.list_commands(_context)},
    context_settings=_tricks.context_settings,
)
