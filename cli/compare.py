"""`tricks compare`: the same records scored under several scoring systems of a game, with statistics; also
used by `tricks simulate --compare`."""
import click

from trickcore.cli.common import output_option, to_json, user_errors, write_output
from trickcore.cli.options import game_phrases
from trickcore.errors import InputError
from trickcore.games.registry import get_scoring, scoring_names
from trickcore.scoring.base import parse_assignments
from trickcore.scoring.compare import Entrant, compare, comparison_csv, comparison_text
from trickcore.scoring.compare_report import comparison_html

FORMATS = ("text", "json", "csv", "html")


def parse_entrant(spec):
    """An Entrant from ``NAME [KEY=VALUE ...]``: NAME a scoring system (``<game>-<system>``, or ``<system>`` alone
    when only one game has a system of that name), then overrides of its settings."""
    words = str(spec).split()
    if not words:
        raise InputError("an empty system", field="system")
    name = words[0]
    if name not in scoring_names():
        matches = [n for n in scoring_names() if n.split("-", 1)[-1] == name]
        name = matches[0] if len(matches) == 1 else name
    parse_assignments(words[1:])    # each override written KEY=VALUE
    return Entrant(" ".join(words), get_scoring(name), tuple(words[1:]))


def entrants_of(specs):
    """The Entrants of ``--system`` specs; one spec may list several, separated by commas."""
    found = []
    for spec in specs:
        parts = [p for p in spec.split(",") if p.strip()]
        found.extend(parse_entrant(p) for p in parts)
    return found


def compare_records(path, entrants, per, fmt, plots):
    """The comparison of ``path``'s records under ``entrants``, written as ``fmt``."""
    found = entrants[0].system.read_records(path)
    data = compare(entrants, found, per)
    if fmt == "json":
        return to_json(data)
    if fmt == "csv":
        return comparison_csv(data)
    if fmt == "html":
        return comparison_html(data, plots)
    return comparison_text(data)


per_option = click.option("--per", type=click.IntRange(1, None), default=None,
                          help="Records per match (default: all in one match); statistics are over the matches.")
plots_option = click.option("--plots/--no-plots", default=True, show_default=True,
                            help="Plots in the HTML report (needs matplotlib: the [plot] extra).")


# The example of --system is the first one an installed game declares.
EXAMPLE = game_phrases(lambda game: game.scoring_example).split(", ")[0]


@click.command("compare")
@click.argument("file", type=click.Path(dir_okay=False))
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
    write_output(compare_records(file, entrants_of(specs), per, fmt, plots), output)
