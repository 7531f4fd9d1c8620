"""``tricks bridge session``: score a duplicate pairs session from its results file (rules/bridge.md §13).

``commands`` lists the click commands; the group that owns ``tricks bridge`` adds them.
"""
import contextlib
import itertools
import sys

import click

from trickcore.cli import api
from trickcore.cli.common import output_option, set_keywords, user_errors, write_output
from trickcore.scoring.bridge.duplicate.formats.session_files import SESSION_FORMATS

# --method's choices: the short names of the pairs scoring systems.
METHODS = ("butler", "cross-imps", "mp")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def session():
    """Duplicate pairs sessions: ranking, travellers and score cards from a session's results (rules/bridge.md §9, §10,
    §13)."""


@session.command("score")
@click.argument("path", metavar="RESULTS", type=click.Path(dir_okay=False))
@click.option("--method", type=click.Choice(METHODS), default="mp", show_default=True,
              help="Matchpoints (with Neuberg), Butler IMPs or cross-IMPs.")
@click.option("--movement", "movement_spec", default=None, metavar="FILE|mitchell|howell",
              help="Check every line against this movement; it also fixes the results expected per board.")
@click.option("--hands", type=click.Path(dir_okay=False), default=None,
              help="A PBN file of the boards' hands, written with the PBN output.")
@click.option("--preset", default=None, help="Settings preset: standard or seed (rules/bridge.md §15.1).")
@click.option("--set", "pairs", multiple=True, metavar="KEY=VALUE",
              help="Change one setting, e.g. --set mp_units=acbl or --set neuberg=false (repeatable).")
@click.option("--format", "fmt", type=click.Choice(SESSION_FORMATS), default="text", show_default=True,
              help="html: one self-contained results page, with hand diagrams, double-dummy tables and par when "
                   "the hand records are known (solved when the file does not give them).")
@click.option("--check", is_flag=True,
              help="Compare the scorer's own figures in RESULTS (PBN MP/IMP columns and TotalScoreTable, USEBIO "
                   "match points and totals) with ours: every line and pair that differ, with the reason when "
                   "one is known (text or json).")
@output_option
@user_errors()
def score_command(path, method, movement_spec, hands, preset, pairs, fmt, check, output):
    """Score the RESULTS of a pairs session (CSV traveller, PBN with ScoreTables, or USEBIO XML): the ranking
    of each field, every board's traveller and every pair's card; or the session as CSV, PBN or USEBIO."""
    with analysis_progress(shown=fmt == "html") as progress:
        found = api.score(method, path, preset, movement=movement_spec, hands=hands, check=check, format=fmt,
                          progress=progress, **set_keywords(pairs, api.score))
        write_output(found.to_bytes(fmt), output)


@contextlib.contextmanager
def analysis_progress(shown):
    """``progress(n)`` for the html page, whose boards are analysed as it is written (``n``: boards analysed, a
    moment each): their count on standard error while the block runs, when ``shown`` and it is a terminal."""
    with click.progressbar(itertools.repeat(None), label="double-dummy analysis", file=sys.stderr,
                           hidden=not shown or not sys.stderr.isatty(), show_pos=True) as bar:
        done = [0]

        def progress(count):
            bar.update(count - done[0])
            done[0] = count

        yield progress


commands = [session]
