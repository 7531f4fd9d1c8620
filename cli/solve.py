"""`tricks solve`: double-dummy analysis of one deal, or of every deal of a file, of any installed game
(``Game.analyse``: bridge tables and par, whist tricks per trump, preferans contracts, misère and all-pass)."""
import json
import sys

import click

from trickcore import api
from trickcore.cli.common import (UserError, jobs_option, output_option, reading_options, show_warnings, to_json,
                                  user_errors, write_output)
from trickcore.games.registry import get_game


@click.command("solve")
@click.option("--game", "game_name", required=True, help="Any installed game (see `tricks games`).")
@click.option("--deal", "deal_text", default=None,
              help='The deal in the game\'s notation ("N:..." for four hands, "h1 h2 h3 | talon" for three).')
@click.option("--deals", "deals_path", default=None, type=click.Path(dir_okay=False),
              help="A file of deals (PBN for bridge); every deal is solved and written as one JSON object per line.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--vul", default=None, help="The vulnerability, for par: None (default), NS, EW, All.")
@click.option("--dealer", default=None, help="The dealer (his left leads; par counts who bids first).")
@click.option("--trump", default=None, help="The one trump suit to analyse (default: each in turn).")
@click.option("--declarer", default=None,
              help="The declarer whose contracts are solved (e.g. hand1), or of --contract.")
@click.option("--contract", default=None, help="One contract to solve instead of the whole table (bridge: 3NT, 4SX).")
@click.option("--talon-mode", default=None,
              help="How the talon cards lead the first all-pass tricks: suit_only (default), dealer_owns, none.")
@click.option("--variant", default=None, help="The game's variant, where it changes the analysis (preferans gusarik).")
@jobs_option
@output_option
@reading_options
@user_errors("argument")
def solve(game_name, deal_text, deals_path, fmt, vul, dealer, trump, declarer, contract, talon_mode, variant, jobs,
          output, log):
    """Double-dummy analysis of a deal in its game's terms (e.g. the trick table and par of bridge, each side's
    tricks per trump suit in whist, contracts, misère and all-pass in preferans). Each game takes only the
    options that mean something to it: any other given is an error."""
    if (deal_text is None) == (deals_path is None):
        raise UserError("give exactly one of --deal and --deals")
    game = get_game(game_name)
    given = {"vul": vul, "dealer": dealer, "trump": trump, "declarer": declarer, "contract": contract,
             "talon_mode": talon_mode, "variant": variant}
    opts = {name: value for name, value in given.items() if value is not None}
    if deals_path is not None:
        write_output(_solve_file(game, deals_path, opts, jobs, log), output)
        return
    result = api.solve(game, deal_text, **opts)
    write_output(to_json(result.to_dict()) if fmt == "json" else result.text(), output)


def _solve_file(game, path, opts, jobs, log):
    """Every deal of a file solved: JSON lines, each naming its deal in the file (board number) first, all
    deals checked before any is solved; a deal's own options (a PBN board's [Dealer] and [Vulnerable]) over
    ``opts``. The reader's warnings go to stderr and, when there are any, make a last line {"warnings": [...]}."""
    items = game.read_deals(path, log)
    show_warnings(log)
    results = game.analyse_batch(items, jobs, **opts)
    out = []
    with click.progressbar(results, length=len(items), label="solving", file=sys.stderr,
                           hidden=not sys.stderr.isatty()) as bar:
        for (_, _, label), result in zip(items, bar):
            out.append(json.dumps({**label, **result.to_dict()}))
    if log.warnings:
        out.append(json.dumps({"warnings": [w.to_dict() for w in log.warnings]}))
    return "".join(line + "\n" for line in out)
