"""``tricks bridge``: score a contract, convert IMPs and VPs, matchpoint a board, keep rubber and Chicago sheets."""
import click

from trickcore.cli.bridge_analyse import commands as analyse_commands
from trickcore.cli.bridge_movement import commands as movement_commands
from trickcore.cli.bridge_records import commands as record_commands
from trickcore.cli.bridge_session import commands as session_commands
from trickcore.cli.bridge_teams import commands as team_commands
from trickcore.cli.common import show_result, set_keywords, output_option, user_errors
from trickcore.cli import api
from trickcore.errors import InputError

# Negative numbers are arguments, not options (rules/bridge.md §2): unknown "-580" style tokens pass through.
NUMBERS_OK = {"ignore_unknown_options": True}

format_option = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                             show_default=True)


settings_options = [
    click.option("--preset", "preset_name", default="standard", show_default=True,
                 help="Settings preset: standard or seed (rules/bridge.md §15.1)."),
    click.option("--set", "pairs", multiple=True, metavar="KEY=VALUE",
                 help="Change one setting, e.g. --set honours=false (repeatable)."),
]


def with_settings(func):
    """Add the --preset and --set options."""
    for option in reversed(settings_options):
        func = option(func)
    return func


def _integer(text, field):
    try:
        return int(text)
    except ValueError:
        raise InputError(f"not an integer: {text!r}", source="argument", field=field) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def bridge():
    """Contract bridge: scores, records files and their play analysed, movements, pairs sessions and team matches
    (rules/bridge.md)."""


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("contract")
@click.argument("result", required=False)
@click.option("--tricks", type=int, default=None, help="Tricks taken by declarer's side (instead of a result).")
@click.option("--vul/--nonvul", "vulnerable", default=False, show_default=True,
              help="Whether the declaring side is vulnerable.")
@with_settings
@format_option
@user_errors(source="argument")
def score(contract, result, tricks, vulnerable, preset_name, pairs, fmt):
    """Duplicate score of CONTRACT with its result: 3NT+1, 4SX-2, 4H=, or 4S 9, or 4S --tricks 9."""
    if tricks is not None and result is not None:
        raise InputError("give the result or --tricks, not both")
    show_result(api.bridge_score(contract, result, tricks=tricks, vul=vulnerable, preset=preset_name,
                                 **set_keywords(pairs, api.bridge_score)), fmt)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("difference")
@format_option
@user_errors(source="argument")
def imps(difference, fmt):
    """IMPs for a point DIFFERENCE (Law 78B); negative differences give negative IMPs."""
    show_result(api.imps(_integer(difference, "difference")), fmt)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("margin")
@click.option("--boards", type=int, required=True, help="Boards in the match.")
@click.option("--repair/--no-repair", default=True, show_default=True, help="The WBF concavity repair.")
@format_option
@user_errors(source="argument")
def vp(margin, boards, repair, fmt):
    """Victory points (WBF 2013 continuous scale) for an IMP MARGIN: winner first."""
    show_result(api.vp(_integer(margin, "margin"), boards, repair=repair), fmt)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("scores", nargs=-1, required=True)
@click.option("--expected", type=int, default=None, help="Results expected per board (Neuberg factoring).")
@with_settings
@format_option
@user_errors(source="argument")
def matchpoints(scores, expected, preset_name, pairs, fmt):
    """Matchpoints of each N-S score of one board (NP for not played, A+/A-, A60/40 for adjusted scores)."""
    show_result(api.matchpoints(scores, expected=expected, preset=preset_name,
                                **set_keywords(pairs, api.matchpoints)), fmt)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("scores", nargs=-1, required=True)
@with_settings
@format_option
@user_errors(source="argument")
def butler(scores, preset_name, pairs, fmt):
    """Butler IMPs of each N-S score of one board against the datum (NP not played, A+/A- adjusted)."""
    show_result(api.butler(scores, preset=preset_name, **set_keywords(pairs, api.butler)), fmt)


@bridge.command("cross-imps", context_settings=NUMBERS_OK)
@click.argument("scores", nargs=-1, required=True)
@with_settings
@format_option
@user_errors(source="argument")
def cross_imps(scores, preset_name, pairs, fmt):
    """Cross-IMPs of each N-S score of one board against every other (--set cross_imps=total for sums)."""
    show_result(api.cross_imps(scores, preset=preset_name, **set_keywords(pairs, api.cross_imps)), fmt)


@bridge.command()
@click.option("--players", "count", type=click.IntRange(2, 6), default=None,
              help="Number of players, named A, B, ... (2-6).")
@click.option("--names", default=None, metavar="A,B,...", help="The players' names in order, comma-separated.")
@click.option("--rotation", default=None, help="fixed or tour for four players (default: the table's own).")
@format_option
@output_option
@user_errors(source="argument")
def rotation(count, names, rotation, fmt, output):
    """Who sits where in each rubber of a session of 2-6 players (rules/bridge-variants.md §2-§5), one cycle, with the
    counts that make it fair: rubbers sat out, at North, and each pair as partners and as opponents."""
    if names is None and count is None:
        raise InputError("give --players or --names", field="players")
    if names is not None and count is not None and count != len(names.split(",")):
        raise InputError(f"--players {count} but {len(names.split(','))} names", field="players")
    show_result(api.rotation(players=count, names=None if names is None else [n.strip() for n in names.split(",")],
                       rotation=rotation), fmt, output)


@bridge.command()
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@with_settings
@format_option
@output_option
@user_errors()
def rubber(path, preset_name, pairs, fmt, output):
    """Rubber bridge score sheet of the deal results in FILE (see examples/bridge/README.md)."""
    show_result(api.rubber(path, preset=preset_name, **set_keywords(pairs, api.rubber)), fmt, output)


@bridge.command()
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@with_settings
@format_option
@output_option
@user_errors()
def chicago(path, preset_name, pairs, fmt, output):
    """Chicago score sheet of the deal results in FILE (see examples/bridge/README.md).

    With --set scoring=chicago_duplicate each deal is scored as a duplicate board (rules/bridge.md §7.4).
    """
    show_result(api.chicago(path, preset=preset_name, **set_keywords(pairs, api.chicago)), fmt, output)


for _command in record_commands + analyse_commands + movement_commands + team_commands + session_commands:
    bridge.add_command(_command)
