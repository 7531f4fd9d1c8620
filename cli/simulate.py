"""`tricks simulate`: many deals of a game, dealt under a condition, solved double dummy or played by agents;
result lines (JSON) or a Parquet table in a file and a summary with confidence intervals."""
import sys

import click

from trickcore.cli import api
from trickcore.cli.common import (OutputFile, UserError, jobs_option, output_option, show_result, user_errors)
from trickcore.cli.compare import per_option
from trickcore.cli.options import declared_flags, flag, game_phrases
from trickcore.games.options import SIMULATION_DEALER


@click.command("simulate")
@click.option("--game", "game_name", required=True, help="Any installed game (see `tricks games`).")
@click.option("--deals", type=click.IntRange(1, None), required=True, help="Number of deals.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True)
@click.option("--variant", default=None, help="The game's variant (with --agents).")
@click.option("--where", default=None, metavar="CONDITION", help="Only deals satisfying CONDITION (see `tricks deal`).")
@click.option("--predeal", multiple=True, metavar="HAND=CARDS", help="Give these cards to a hand (see `tricks deal`).")
@click.option("--tries", type=click.IntRange(1, None), default=None,
              help="Give up when fewer than DEALS of this many candidate deals qualify (default 10**8).")
@flag(SIMULATION_DEALER)
@click.option("--agents", multiple=True, metavar="AGENTS",
              help="Play every deal with these agents (one name, or one per seat); give --agents again for each "
                   "further table of a field, which plays the same deals (matchpoints, IMPs against a datum).")
@click.option("--analyse", "analyse", is_flag=True,
              help="With --agents: add each played deal's double-dummy analysis "
                   f"({game_phrases(lambda game: game.played_analysis, '; ')}).")
@click.option("--solve", "solve_", is_flag=True, help="Solve every deal double dummy instead (options below).")
@declared_flags("simulation_options")
@click.option("--out", "out_path", default=None, type=OutputFile(dir_okay=True),
              help="Write the deals to this file: FILE.parquet a Parquet table (one row per deal; pip install "
                   "'trickcore[data]'), DIR/ a Parquet dataset (one file per task), any other name one JSON line per "
                   "deal (the simulation first); OUT.part until complete.")
@click.option("--resume", is_flag=True, help="Continue the unfinished run whose deals are in OUT.part.")
@jobs_option
@click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
              help="Run on a Dask cluster: a scheduler's tcp://host:port, or local:N for N local workers.")
@click.option("--compare", "compare_specs", default=None, metavar="SYSTEMS",
              help="Also score the played deals under these scoring systems (comma-separated, see `tricks compare`).")
@per_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="The summary's format.")
@output_option
@user_errors("argument")
def simulate_command(game_name, deals, seed, variant, where, predeal, tries, dealer, agents, analyse, solve_, out_path,
                     resume, jobs, dask_address, compare_specs, per, fmt, output, options):
    """Deal DEALS deals of a game (under --where/--predeal), play each with --agents or --solve it double dummy,
    and print a summary: shares, means and 95% confidence intervals of each outcome. The lines do not depend on
    --jobs, --dask or an interruption (--resume)."""
    options = {name: value for name, value in options.items() if value is not None}
    if options and not solve_:
        raise UserError(f"--{next(iter(options)).replace('_', '-')} goes with --solve")
    wrong = api.simulate_option_error(resume, out_path, compare_specs, bool(agents), per,
                                      flag=lambda name: "--" + name)
    if wrong:
        raise UserError(wrong[1])
    with click.progressbar(length=deals, label="simulating", file=sys.stderr,
                           hidden=not sys.stderr.isatty()) as bar:
        shown = [0]

        def progress(done):
            bar.update(done - shown[0])
            shown[0] = done

        found = api.simulate(game_name, deals, seed, [table.split(",") for table in agents] or None,
                             solve_ or None, where, predeal=predeal, variant=variant, dealer=dealer,
                             tries=tries, analyse=analyse, out=out_path, resume=resume, jobs=jobs,
                             dask=dask_address, compare=compare_specs, per=per, progress=progress, **options)
    show_result(found, fmt, output)
