"""`tricks compare`: the same records scored under several scoring systems of a game, with statistics; also
used by `tricks simulate --compare`."""
import click

from trickcore.cli import api
from trickcore.cli.common import output_option, user_errors, write_output
from trickcore.cli.options import game_phrases

FORMATS = ("text", "json", "csv", "html")


per_option = click.option("--per", type=click.IntRange(1, None), default=None,
                          help="Records per match (default: all in one match); statistics are over the matches.")
plots_option = click.option("--plots/--no-plots", default=True, show_default=True,
                            help="Plots in the HTML report (needs matplotlib: the [plot] extra).")


# The example of --system is the first one an installed game declares.
EXAMPLE = game_phrases(lambda game: game.scoring_example).split(", ")[0]


@click.command("compare")
@click.argument("file", type=click.Path())
@click.option("--system", "specs", multiple=True, required=True, metavar="SPEC",
              help=f'A scoring system, e.g. {EXAMPLE.split()[0]}, or "{EXAMPLE}" with overrides; '
                   "repeat, or list names separated by commas.")
@per_option
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
@plots_option
@output_option
@user_errors()
def compare_command(file, specs, per, fmt, plots, output):
    """Score the records of FILE (any file the systems read, e.g. `tricks simulate --out` lines) under several
    systems of one game: each participant's mean result per match with its 95% interval, how often the
    systems rank the participants differently, the correlation of their results, and the kinds of deal where
    they differ most."""
    write_output(api.compare(file, specs, per).render(fmt, plots), output)
