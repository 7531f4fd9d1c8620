"""``tricks bridge teams``: score team matches and a round-robin of teams from a team-results file.

``commands`` lists the click commands; the group that owns ``tricks bridge`` adds them.
"""
import click

from trickcore.cli import api
from trickcore.cli.common import output_option, user_errors, write_output
from trickcore.scoring.bridge.teams import EVENT_FORMATS


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def teams():
    """Team matches (rules/bridge.md §11): board IMPs, match IMPs and WBF victory points, round-robin standings."""


@teams.command("score")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(sorted(EVENT_FORMATS)), default="text", show_default=True,
              help="text (matches, boards, standings), json (everything) or csv (the standings).")
@click.option("--repair/--no-repair", default=True, show_default=True,
              help="The WBF concavity repair (rules/bridge.md §11.3).")
@output_option
@user_errors()
def score_command(path, fmt, repair, output):
    """Score the team-results FILE (see docs/tutorials/sessions.md, "Team matches"): every match's IMPs and VPs,
    and the standings by VPs."""
    found = api.teams_score(path, format=fmt, repair=repair)
    write_output(found.to_bytes(fmt), output)


commands = [teams]
