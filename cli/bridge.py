"""``tricks bridge``: score a contract, convert IMPs and VPs, matchpoint a board, keep rubber and Chicago sheets."""
import click

from trickcore.cli.bridge_analyse import commands as analyse_commands
from trickcore.cli.bridge_movement import commands as movement_commands
from trickcore.cli.bridge_records import commands as record_commands
from trickcore.cli.bridge_session import commands as session_commands
from trickcore.cli.bridge_teams import commands as team_commands
from trickcore.cli.common import output_option, to_json, user_errors, write_output
from trickcore.games.bridge.variants import rotation_counts, rotation_table, table
from trickcore.games.registry import get_scoring
from trickcore.scoring.bridge.contract.imps import imps as imps_of
from trickcore.scoring.bridge.contract.result import parse_contract_result
from trickcore.scoring.bridge.contract.score import contract_dict, duplicate_score
from trickcore.scoring.bridge.contract.vp import victory_points
from trickcore.scoring.bridge.display import format_vp
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
    if tricks is not None:
        if result is not None:
            raise InputError("give the result or --tricks, not both")
        result = str(tricks)
    settings = get_scoring("bridge-duplicate").settings(preset_name, pairs)
    parsed, taken = parse_contract_result(contract, result)
    points = duplicate_score(parsed, vulnerable, taken, undertrick_scale=settings.undertrick_scale,
                             redouble_insult=settings.redouble_insult)
    write_output(to_json(contract_dict(parsed, taken, vulnerable, points)) if fmt == "json" else f"{points}\n",
                 None)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("difference")
@format_option
@user_errors(source="argument")
def imps(difference, fmt):
    """IMPs for a point DIFFERENCE (Law 78B); negative differences give negative IMPs."""
    diff = _integer(difference, "difference")
    value = imps_of(diff)
    write_output(to_json({"difference": diff, "imps": value}) if fmt == "json" else f"{value}\n", None)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("margin")
@click.option("--boards", type=int, required=True, help="Boards in the match.")
@click.option("--repair/--no-repair", default=True, show_default=True, help="The WBF concavity repair.")
@format_option
@user_errors(source="argument")
def vp(margin, boards, repair, fmt):
    """Victory points (WBF 2013 continuous scale) for an IMP MARGIN: winner first."""
    win, lose = (format_vp(v) for v in victory_points(_integer(margin, "margin"), boards, repair=repair))
    if fmt == "json":
        write_output(to_json({"margin": abs(int(margin)), "boards": boards, "winner_vp": win, "loser_vp": lose}), None)
    else:
        write_output(f"{win} {lose}\n", None)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("scores", nargs=-1, required=True)
@click.option("--expected", type=int, default=None, help="Results expected per board (Neuberg factoring).")
@with_settings
@format_option
@user_errors(source="argument")
def matchpoints(scores, expected, preset_name, pairs, fmt):
    """Matchpoints of each N-S score of one board (NP for not played, A+/A-, A60/40 for adjusted scores)."""
    _one_board("bridge-matchpoints", scores, preset_name, pairs, fmt, expected)


def _one_board(system_name, scores, preset_name, pairs, fmt, expected=None):
    system = get_scoring(system_name)
    data = system.board(scores, system.settings(preset_name, pairs), expected)
    write_output(to_json(data) if fmt == "json" else system.render_board(data), None)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("scores", nargs=-1, required=True)
@with_settings
@format_option
@user_errors(source="argument")
def butler(scores, preset_name, pairs, fmt):
    """Butler IMPs of each N-S score of one board against the datum (NP not played, A+/A- adjusted)."""
    _one_board("bridge-butler", scores, preset_name, pairs, fmt)


@bridge.command("cross-imps", context_settings=NUMBERS_OK)
@click.argument("scores", nargs=-1, required=True)
@with_settings
@format_option
@user_errors(source="argument")
def cross_imps(scores, preset_name, pairs, fmt):
    """Cross-IMPs of each N-S score of one board against every other (--set cross_imps=total for sums)."""
    _one_board("bridge-cross-imps", scores, preset_name, pairs, fmt)


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
    players = [n.strip() for n in names.split(",")] if names else None
    if players is None:
        if count is None:
            raise InputError("give --players or --names", field="players")
        players = list("ABCDEF"[:count])
    elif count is not None and count != len(players):
        raise InputError(f"--players {count} but {len(players)} names", field="players")
    if len(set(players)) != len(players) or not all(players) or "dummy" in players:
        raise InputError(f'the players need distinct names (not "dummy"): {names}', field="names")
    rubbers = rotation_table(players, rotation)
    counts = rotation_counts(players, rubbers)
    if fmt == "json":
        write_output(to_json({"players": players, "table": table(len(players)).name, "rubbers": rubbers,
                              "counts": counts}), output)
        return
    lines = [f"{table(len(players)).title}: {len(rubbers)} rubber(s) per cycle",
             f"{'rubber':>6}  {'N':>6} {'S':>6} {'E':>6} {'W':>6}  sitting out"]
    for row in rubbers:
        lines.append(f"{row['rubber']:>6}  " + " ".join(f"{row['seats'][s]:>6}" for s in "NSEW")
                     + "  " + (" ".join(row["sitting_out"]) or "-"))
    for key, title in (("sat_out", "sat out"), ("at_north", "at N"), ("partners", "partners"),
                       ("opponents", "opponents")):
        lines.append(f"{title}: " + ", ".join(f"{k} {v}" for k, v in counts[key].items()))
    write_output("\n".join(lines) + "\n", output)


def _run_sheet(system_name, path, preset_name, pairs, fmt, output):
    system = get_scoring(system_name)
    write_output(system.render(system.score_file(path, preset_name, pairs), fmt), output)


@bridge.command()
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@with_settings
@format_option
@output_option
@user_errors()
def rubber(path, preset_name, pairs, fmt, output):
    """Rubber bridge score sheet of the deal results in FILE (see examples/bridge/README.md)."""
    _run_sheet("bridge-rubber", path, preset_name, pairs, fmt, output)


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
    _run_sheet("bridge-chicago", path, preset_name, pairs, fmt, output)


for _command in record_commands + analyse_commands + movement_commands + team_commands + session_commands:
    bridge.add_command(_command)
