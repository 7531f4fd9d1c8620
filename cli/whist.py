"""The ``tricks whist`` command group: score a sequence of whist hand results under a ruleset."""
import click

from trickcore.cli import api
from trickcore.cli.common import set_keywords, output_option, user_errors, write_output


@click.group()
def whist():
    """Whist: score hand results into games and rubbers (short, long or American whist)."""


@whist.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--ruleset", type=click.Choice(["short", "long", "american"], case_sensitive=False), default=None,
              help="The ruleset (default: the file's own, else short).")
@click.option("--set", "assignments", multiple=True, metavar="NAME=VALUE",
              help="Override one setting, e.g. --set honours=off --set game_target=7 (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@output_option
@user_errors()
def score(file, ruleset, assignments, fmt, output):
    """Score the hands of FILE (JSON results or records, or PBN-style whist hands) and show the rubber.

    \b
    JSON input (see examples/whist/rubber.json and records.json):
      {"ruleset": "short", "settings": {...},
       "hands": [{"tricks_ns": 8, "honours_ns": 2}, {"tricks_ew": 7, "honours_ew": 4},
                 {"dealer": "N", "deal": "N:...", "turn_up": "C2", "tricks_ns": 7}]}
    """
    found = api.whist_score(file, ruleset=ruleset, **set_keywords(assignments, api.whist_score))
    write_output(found.render(fmt), output)
