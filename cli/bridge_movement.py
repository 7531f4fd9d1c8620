"""``tricks bridge movement``: generate Mitchell and Howell movements, check a movement file, print guide cards.

``commands`` lists the click commands; the group that owns ``tricks bridge`` adds them.
"""
import click

from trickcore.cli import api
from trickcore.cli.common import OutputFile, to_json, user_errors, write_output

CARD_FORMATS = ("csv", "json", "text")


def card_options(func):
    """Add --format, --pairs and -o, shared by every movement command."""
    func = click.option("-o", "--output", "output", type=OutputFile(), default=None,
                        help="Also write the movement file (rules/bridge.md §16.5) here, complete or not at all.")(func)
    func = click.option("--pairs", "pairs", type=int, multiple=True, metavar="P",
                        help="Print this pair's own card instead of the table cards (repeatable).")(func)
    return click.option("--format", "fmt", type=click.Choice(CARD_FORMATS), default="text",
                        show_default=True, help="text, csv (the movement file) or json.")(func)


def _show(found, fmt):
    """Print the guide cards of a Movement (the Python route's result) in ``fmt``."""
    write_output({"text": found.text, "json": lambda: to_json(found.to_dict()), "csv": found.to_csv}[fmt](), None)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def movement():
    """Movements (rules/bridge.md §12): Mitchell, Howell, or a movement file; guide cards and the movement file."""


tables_option = click.option("--tables", type=int, required=True, help="Number of tables.")
boards_option = click.option("--boards", type=int, required=True,
                             help="Boards in the session; every round plays one set, the last set may be short.")
rounds_option = click.option("--rounds", type=int, default=None, help="Rounds to play (default: the full movement).")


@movement.command("mitchell")
@tables_option
@boards_option
@rounds_option
@click.option("--arrow-switch", "arrow_switch", multiple=True, metavar="ROUND",
              help="Arrow-switch this round (repeatable), or last_round: E-W pairs hold the N-S cards.")
@click.option("--half-table", type=click.Choice(["NS", "EW"], case_sensitive=False), default=None,
              help="One pair short in this field: its highest pair is a phantom and its opponents sit out.")
@click.option("--relay-bye", is_flag=True,
              help="Even tables: tables 1 and TABLES share a set and a bye stand holds one, instead of the skip.")
@card_options
@user_errors(source="argument")
def mitchell_command(tables, boards, rounds, arrow_switch, half_table, relay_bye, fmt, pairs, output):
    """A Mitchell for TABLES tables (skip after the middle round when even): the guide cards."""
    _show(api.mitchell(tables, boards, rounds=rounds, arrow_switch=arrow_switch, half_table=half_table,
                       relay_bye=relay_bye, pairs=pairs, output=output), fmt)


@movement.command("howell")
@tables_option
@boards_option
@rounds_option
@click.option("--half-table", is_flag=True, help="2×TABLES−1 pairs: pair 2×TABLES is a phantom.")
@card_options
@user_errors(source="argument")
def howell_command(tables, boards, rounds, half_table, fmt, pairs, output):
    """A complete Howell for TABLES tables from duplicated boards (rules/bridge.md §12.3): the guide cards."""
    _show(api.howell(tables, boards, rounds=rounds, half_table=half_table, pairs=pairs, output=output), fmt)


@movement.command("check")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@card_options
@user_errors()
def check_command(path, fmt, pairs, output):
    """Load and check the movement file FILE (rules/bridge.md §16.5, §12.1), then print its guide cards."""
    _show(api.movement_check(path, pairs=pairs, output=output), fmt)


commands = [movement]
