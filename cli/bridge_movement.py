"""``tricks bridge movement``: generate Mitchell and Howell movements, check a movement file, print guide cards.

``commands`` lists the click commands; the group that owns ``tricks bridge`` adds them.
"""
import click

from trickcore.cli.common import OutputFile, to_json, user_errors, write_output
from trickcore.errors import InputError
from trickcore.files import write_text_atomically
from trickcore.scoring.bridge.duplicate.movement import (cards_csv, cards_dict, cards_text, howell, mitchell,
                                               movement_text, read_movement)

CARD_FORMATS = {"text": cards_text, "json": lambda m, p: to_json(cards_dict(m, p)), "csv": cards_csv}


def card_options(func):
    """Add --format, --pairs and -o, shared by every movement command."""
    func = click.option("-o", "--output", "output", type=OutputFile(), default=None,
                        help="Also write the movement file (rules/bridge.md §16.5) here, complete or not at all.")(func)
    func = click.option("--pairs", "pairs", type=int, multiple=True, metavar="P",
                        help="Print this pair's own card instead of the table cards (repeatable).")(func)
    return click.option("--format", "fmt", type=click.Choice(sorted(CARD_FORMATS)), default="text",
                        show_default=True, help="text, csv (the movement file) or json.")(func)


def _show(movement, fmt, pairs, output):
    text = CARD_FORMATS[fmt](movement, pairs)
    if output is not None:
        write_text_atomically(output, movement_text(movement))
    write_output(text, None)


def _arrow_switch(values):
    if list(values) == ["last_round"]:
        return "last_round"
    try:
        return [int(v) for v in values]
    except ValueError:
        raise InputError(f"--arrow-switch takes round numbers or last_round, not {' '.join(values)!r}",
                         source="argument", field="arrow_switch") from None


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
    _show(mitchell(tables, None, rounds, _arrow_switch(arrow_switch), boards=boards,
                   half_table=half_table.upper() if half_table else None, relay_bye=relay_bye), fmt, pairs, output)


@movement.command("howell")
@tables_option
@boards_option
@rounds_option
@click.option("--half-table", is_flag=True, help="2×TABLES−1 pairs: pair 2×TABLES is a phantom.")
@card_options
@user_errors(source="argument")
def howell_command(tables, boards, rounds, half_table, fmt, pairs, output):
    """A complete Howell for TABLES tables from duplicated boards (rules/bridge.md §12.3): the guide cards."""
    _show(howell(tables, None, rounds, boards=boards, half_table=half_table), fmt, pairs, output)


@movement.command("check")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@card_options
@user_errors()
def check_command(path, fmt, pairs, output):
    """Load and check the movement file FILE (rules/bridge.md §16.5, §12.1), then print its guide cards."""
    _show(read_movement(path), fmt, pairs, output)


commands = [movement]
