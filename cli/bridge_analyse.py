"""``tricks bridge analyse``: the play of every board of a boards file analysed double dummy, the costly cards
flagged (``trickcore.analyse`` in Python).

``commands`` lists the click commands; the group that owns ``tricks bridge`` adds them.
"""
import click

from trickcore.cli import api
from trickcore.cli.common import show_warnings, output_option, reading_options, user_errors, write_output
from trickcore.cli.results import ANALYSE_FORMATS


@click.command("analyse")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(ANALYSE_FORMATS), default="text", show_default=True,
              help="text: the play trick by trick, costly cards flagged ?; json: a list of boards; html: one page.")
@output_option
@reading_options
@user_errors()
def analyse_command(file, fmt, output, log):
    """The play of every board of FILE (PBN, LIN or JSON boards, or a bridge simulation's output: every table of
    a field) analysed double dummy: the declaring side's tricks before the opening lead and after each card (as
    DDS AnalysePlay gives them), and each costly card, after which the value moved against the side that played
    it. A play that stops early (a claim) is analysed to where it stops; boards without play are listed as
    skipped."""
    found = api.analyse(file, strict=log.strict, on_error=log.on_error)
    show_warnings(found.warnings)
    write_output(found.render(fmt), output)


commands = [analyse_command]
