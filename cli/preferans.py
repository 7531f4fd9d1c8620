"""The ``tricks preferans`` command group: score a preferans protocol into a sheet (text, JSON or SVG)."""
import click

from trickcore.cli import api
from trickcore.cli.common import set_keywords, output_option, user_errors, write_output
from trickcore.scoring.preferans.settings import SCORED_VARIANTS


@click.group()
def preferans():
    """Preferans: the score sheet (pool, mountain, whists) and the settlement."""


@preferans.command()
@click.argument("protocol_file", metavar="PROTOCOL.json", type=click.Path(dir_okay=False))
@click.option("--variant", type=click.Choice(SCORED_VARIANTS), default=None,
              help="Variant preset (default: the protocol's; a different one is an error). Overlays are read from "
                   "the protocol only.")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE",
              help="Override one setting of the rules/preferans.md §10 table, of the overlays or Gusarik, or of the "
                   "old game (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "svg"]), default="text", show_default=True)
@output_option
@user_errors()
def score(protocol_file, variant, settings, fmt, output):
    """Score PROTOCOL.json and write the sheet (text table, rules/preferans.md §11.3 JSON, or an SVG pulya drawing)."""
    found = api.preferans_score(protocol_file, variant=variant, **set_keywords(settings, api.preferans_score))
    write_output(found.render(fmt), output)
