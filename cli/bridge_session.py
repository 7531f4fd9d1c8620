"""``tricks bridge session``: score a duplicate pairs session from its results file (rules/bridge.md §13).

``commands`` lists the click commands; the group that owns ``tricks bridge`` adds them.
"""
import sys

import click

from trickcore.cli.common import show_result, output_option, to_json, user_errors, write_output
from trickcore.errors import InputError
from trickcore.games.bridge.analysis import board_analysis
from trickcore.games.bridge.play_analysis import analyse_play, unplayable
from trickcore.scoring.bridge.duplicate.formats.session_files import FORMATS, render_session
from trickcore.scoring.bridge.duplicate.formats.html_page import render_html
from trickcore.scoring.bridge.duplicate.session_scoring import check_session_file, score_session_file

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
@click.option("--format", "fmt", type=click.Choice(FORMATS + ("html",)), default="text", show_default=True,
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
    if check and fmt not in ("text", "json"):
        raise InputError(f"--check writes text or json, not {fmt}", source="argument", field="format")
    if check:
        report = check_session_file(path, method, movement_spec, hands, preset, pairs)
        show_result(report, fmt, output)
        return
    scored = score_session_file(path, method, movement_spec, hands, preset, pairs)
    if fmt == "html":
        write_output(render_html(scored, *analyse_boards(scored.boards)), output)
        return
    rendered = render_session(scored, fmt)
    write_output(to_json(rendered) if fmt == "json" else rendered, output)


def analyse_boards(boards):
    """({board number: double-dummy table and par} of every board with a full deal, {board number: its play
    analysed} of every board whose record gives its play), with a progress bar on a terminal (solving takes a
    moment per board)."""
    known = [board for board in boards.values() if board.deal is not None and board.deal.hand_size == 13]
    analyses, plays = {}, {}
    with click.progressbar(known, label="double-dummy analysis", file=sys.stderr,
                           hidden=not sys.stderr.isatty()) as bar:
        for board in bar:
            analyses[board.number] = board_analysis(board).to_dict()
            if unplayable(board) is None:
                plays[board.number] = analyse_play(board).to_dict()
    return analyses, plays


commands = [session]
