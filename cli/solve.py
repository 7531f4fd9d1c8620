"""`tricks solve`: double-dummy analysis of one deal, or of every deal of a file, of any installed game
(``game.analysis.analyse``, in each game's terms), with the analysis options the games declare."""
import itertools
import sys

import click

from trickcore.cli import api
from trickcore.cli.common import (UserError, jobs_option, output_option, reading_options, show_result, show_warnings,
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
    show_result(result, fmt, output)


def _solve_file(game, path, opts, jobs, log):
    """Every deal of a file solved (``trickcore.solve(game, deals=path)``): its JSON lines, with a count of the
    deals solved on a terminal; the reader's warnings go to stderr as the first deal is solved."""
    shown = []

    def warn():
        if not shown:
            show_warnings(log.warnings)
            shown.append(True)

    with click.progressbar(itertools.repeat(None), length=None, label="solving", file=sys.stderr,
                           hidden=not sys.stderr.isatty(), show_pos=True) as bar:
        found = api.solve_file(game, path, opts, jobs, log, progress=lambda done: (warn(), bar.update(1)))
    warn()
    return found.text()
