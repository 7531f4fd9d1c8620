"""``tricks score``: score a records file with any installed scoring system, by name."""
import click

from trickcore.cli import api
from trickcore.cli.common import output_option, set_keywords, user_errors, write_output
from trickcore.games import registry
from trickcore.errors import PluginError


class ScoreCommand(click.Command):
    """The ``score`` command, whose help lists the installed scoring systems and the records each one reads."""

    def format_epilog(self, ctx, formatter):
        """Write the installed systems, each with its description, records and formats, after the options."""
        rows = []
        for name in registry.scoring_names():
            try:
                system = registry.get_scoring(name)
            except PluginError as exc:
                rows.append((name, str(exc)))
                continue
            rows.append((name, f"{system.description}. Records: {system.records}; formats: "
                               f"{', '.join(system.formats)}"))
        with formatter.section("Installed scoring systems"):
            formatter.write_dl(rows)


@click.command(cls=ScoreCommand)
@click.argument("path", metavar="FILE", type=click.Path())
@click.option("--system", "system_name", required=True, metavar="NAME",
              help="An installed scoring system (listed below and by `tricks games`).")
@click.option("--preset", default=None, help="A preset of the system's settings (default: its first).")
@click.option("--set", "pairs", multiple=True, metavar="KEY=VALUE", help="Change one setting (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "svg"]), default="text", show_default=True)
@output_option
@user_errors()
def score(path, system_name, preset, pairs, fmt, output):
    """Score the records of FILE with the scoring system NAME and write its sheet."""
    found = api.score(system_name, path, preset, format=fmt, **set_keywords(pairs, api.score))
    write_output(found.to_bytes(fmt), output)
