"""`tricks solve`: double-dummy analysis of one deal, or of every deal of a file, of any installed game
(``game.analysis.analyse``, in each game's terms), with the analysis options the games declare."""
import json
import sys

import click

from trickcore.cli import api
from trickcore.cli.common import (UserError, jobs_option, output_option, reading_options, show_warnings, to_json,
                                  user_errors, write_output)
from trickcore.cli.options import declared_flags, game_phrases
from trickcore.games.registry import get_game


def _deal_file(game):
    return None if game.deal_file is None else f"{game.deal_file} for {game.name}"


# The help names what each installed game's analysis finds, as the games declare it.
SOLVE_HELP = (f"Double-dummy analysis of a deal in its game's terms (e.g. "
              f"{game_phrases(lambda game: game.analysis_summary)}). Each game takes only the options that mean "
              "something to it: any other given is an error.")


@click.command("solve", help=SOLVE_HELP)
@click.option("--game", "game_name", required=True, help="Any installed game (see `tricks games`).")
@click.option("--deal", "deal_text", default=None,
              help='The deal in the game\'s notation ("N:..." for four hands, "h1 h2 h3 | talon" for three).')
@click.option("--deals", "deals_path", default=None, type=click.Path(dir_okay=False),
              help=f"A file of deals ({game_phrases(_deal_file)}); every deal is solved and written as one "
                   "JSON object per line.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@declared_flags("analysis_options")
@jobs_option
@output_option
@reading_options
@user_errors("argument")
def solve(game_name, deal_text, deals_path, fmt, jobs, output, log, options):
    """Double-dummy analysis of a deal, or of every deal of a file."""
    if (deal_text is None) == (deals_path is None):
        raise UserError("give exactly one of --deal and --deals")
    game = get_game(game_name)
    opts = {name: value for name, value in options.items() if value is not None}
    if deals_path is not None:
        write_output(_solve_file(game, deals_path, opts, jobs, log), output)
        return
    result = api.solve(game, deal_text, **opts)
    write_output(to_json(result.to_dict()) if fmt == "json" else result.text(), output)


def _solve_file(game, path, opts, jobs, log):
    """Every deal of a file solved: JSON lines, each naming its deal in the file (board number) first, all
    deals checked before any is solved; a deal's own options (a PBN board's [Dealer] and [Vulnerable]) over
    ``opts``. The reader's warnings go to stderr and, when there are any, make a last line {"warnings": [...]}."""
    items = game.analysis.read_deals(path, log)
    show_warnings(log)
    results = game.analysis.analyse_batch(items, jobs, **opts)
    out = []
    with click.progressbar(results, length=len(items), label="solving", file=sys.stderr,
                           hidden=not sys.stderr.isatty()) as bar:
        for (_, _, label), result in zip(items, bar):
            out.append(json.dumps({**label, **result.to_dict()}))
    if log.warnings:
        out.append(json.dumps({"warnings": [w.to_dict() for w in log.warnings]}))
    return "".join(line + "\n" for line in out)
