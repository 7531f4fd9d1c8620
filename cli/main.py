"""The ``tricks`` command group: games, deal, play, and the command groups that plug-ins install."""
import itertools
import os
import sys

import click

import trickcore
from trickcore.cli import api
from trickcore.cli.common import (show_result, UserError, output_option, set_keywords, to_json, user_errors,
                                  write_output)
from trickcore.cli.compare import compare_command
from trickcore.cli.options import declared_flags, flag
from trickcore.cli.score import score
from trickcore.cli.simulate import simulate_command
from trickcore.games import registry, report
from trickcore.errors import InputError
from trickcore.games.options import DEALER, TRUMP


class TricksGroup(click.Group):
    """The top-level group: built-in commands plus every ``trickcore.commands`` entry point, loaded lazily."""

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(registry.command_groups()))

    def get_command(self, ctx, name):
        command = super().get_command(ctx, name)
        plugins = registry.command_groups()
        if command is None and name in plugins:
            try:
                command = plugins[name].load()
            except Exception as exc:  # a broken plug-in must give one line, not a traceback
                raise UserError(f"the command plug-in {name!r} does not load: {exc}") from exc
        return command


@click.group(cls=TricksGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(trickcore.__version__, prog_name="tricks")
def tricks():
    """Trick-taking card games: deal, play, solve and score every installed game (see `tricks games`)."""


tricks.add_command(score)
tricks.add_command(compare_command)
tricks.add_command(simulate_command)


def _game(name):
    return registry.get_game(name)


game_option = click.option("--game", "game_name", required=True, metavar="NAME",
                           help="An installed game (see `tricks games`).")
seed_option = click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
                           help="Seed of the random deals and play; the same seed gives the same output.")
dealer_option = flag(DEALER)


@tricks.command()
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@user_errors()
def games(fmt):
    """List the installed games with their variants, auctions and scoring systems."""
    _write(report.catalogue(), fmt, None)


def _write(found, fmt, output):
    """Write a MatchReport as its JSON data or its text."""
    write_output(to_json(found.data) if fmt == "json" else found.text, output)


@tricks.command()
@game_option
@click.option("--count", type=int, default=1, show_default=True, help="Number of deals.")
@seed_option
@dealer_option
@click.option("--where", default=None, metavar="CONDITION",
              help='Keep only deals satisfying CONDITION, e.g. "hcp(north) >= 15 and shape(north, any 4333)" '
                   '(see README, "Constrained dealing").')
@click.option("--predeal", multiple=True, metavar="HAND=CARDS",
              help="Give these cards to a hand (north=AKQ2.KJ3..A54, talon=SA SK; repeat or join with ;).")
@click.option("--tries", type=click.IntRange(1, None), default=None,
              help="Give up after this many candidate deals (default 10**8 with a condition).")
@click.option("--format", "fmt", type=click.Choice(["pbn", "json", "text"]), default="text", show_default=True)
@output_option
@user_errors()
def deal(game_name, count, seed, dealer, where, predeal, tries, fmt, output):
    """Deal COUNT random deals of a game from SEED (with --where/--predeal: the first COUNT that qualify)."""
    found = api.deal(game_name, count, seed, where, predeal, dealer=dealer, tries=tries)
    if fmt == "pbn":
        write_output(found.to_pbn(), output)
    else:
        _write(found.listing(), fmt, output)


@tricks.command()
@game_option
@seed_option
@dealer_option
@flag(TRUMP)
@click.option("--count", type=int, default=None, help="Play COUNT deals in the batch kernel; print a summary.")
@click.option("--deal", "deal_text", default=None, metavar="DEAL",
              help='Play this deal instead of a seeded one: PBN "N:h h h h", or "h1 h2 h3 | talon" for 3 hands.')
@click.option("--agents", default=None, help="Play a whole match with these agents: one name, or one per seat "
              "separated by commas (e.g. heuristic or heuristic,random,dd); an agent's options follow its name "
              "(e.g. \"pimc samples=16\").")
@declared_flags("match_options", skip=("dealer", "trump", "settings"))
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE",
              help="Change one play setting of the variant for every deal of the match (with --agents; repeatable), "
                   "e.g. allow_walkaway=true; the game's rules page lists its play settings.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@output_option
@user_errors()
def play(game_name, seed, dealer, trump, count, deal_text, agents, settings, fmt, output, options):
    """Play deals: random play of one deal, a batch summary (--count), or a match with agents (--agents)."""
    keywords = set_keywords(settings, api.play)
    wrong = api.play_option_error(count, deal_text, agents is not None, {**options, "set": keywords or None},
                                  flag=lambda name: "--" + name.replace("_", "-"))
    if wrong:
        raise InputError(wrong[1], field=wrong[0] if wrong[0] == "count" and agents is None else None)
    protocol = options.get("protocol")
    if output not in (None, "-") and protocol is not None and os.path.abspath(output) == os.path.abspath(protocol):
        raise InputError("-o and --protocol name the same file: the report would overwrite the protocol",
                         field="--protocol")
    # A bar of as many deals as --hands asks, or a count of the deals played when the score ends the match.
    with click.progressbar(itertools.repeat(None), length=options.get("hands"), label="playing", file=sys.stderr,
                           hidden=not sys.stderr.isatty() or agents is None, show_pos=True) as bar:
        found = api.play(game_name, seed, dealer, trump, count, deal_text, agents, **options, **keywords,
                         progress=lambda done: bar.update(1))
    show_result(found, fmt, output)


def main():
    """Entry point of the ``tricks`` console script."""
    tricks(prog_name="tricks")


__all__ = ["main", "tricks", "UserError"]
