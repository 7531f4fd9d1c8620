"""The ``tricks`` command group: games, deal, play, and the command groups that plug-ins install."""
import time

import click

import trickcore
from trickcore.cli.common import UserError, output_option, to_json, user_errors, write_output
from trickcore.cli.score import score
from trickcore.games import registry
from trickcore.cards import format_card
from trickcore.errors import InputError
from trickcore.play import playout_batch

TRUMPS = ("S", "H", "D", "C", "NT")


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


def _game(name):
    return registry.get_game(name)


game_option = click.option("--game", "game_name", required=True, metavar="NAME",
                           help="An installed game (see `tricks games`).")
seed_option = click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
                           help="Seed of the random deals and play; the same seed gives the same output.")
dealer_option = click.option("--dealer", default=None, help="The dealer's seat (default: the first seat).")


@tricks.command()
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@user_errors()
def games(fmt):
    """List the installed games with their variants, auctions and scoring systems."""
    rows = []
    for name in registry.game_names():
        game = _game(name)
        rows.append({"name": name, "title": game.title, "seats": len(game.seats), "cards": len(game.deck),
                     "variants": list(game.variants), "auctions": list(game.auctions),
                     "scorings": registry.scorings_for(name)})
    if fmt == "json":
        write_output(to_json(rows), None)
        return
    lines = []
    for row in rows:
        lines.append(f"{row['name']}: {row['title']} ({row['seats']} seats, {row['cards']} cards)")
        for key in ("variants", "auctions", "scorings"):
            lines.append(f"  {key}: {', '.join(row[key]) or '-'}")
    write_output("\n".join(lines) + "\n", None)


@tricks.command()
@game_option
@click.option("--count", type=int, default=1, show_default=True, help="Number of deals.")
@seed_option
@dealer_option
@click.option("--format", "fmt", type=click.Choice(["pbn", "json", "text"]), default="text", show_default=True)
@output_option
@user_errors()
def deal(game_name, count, seed, dealer, fmt, output):
    """Deal COUNT random deals of a game from SEED."""
    if count < 0:
        raise InputError(f"--count must be at least 0, not {count}", field="count")
    game = _game(game_name)
    dealer = game.seat_index(dealer if dealer is not None else 0)
    batch = game.deal_batch(seed, count, dealer)
    trumps = game.natural_trumps(batch)
    if fmt == "json":
        rows = []
        for i, d in enumerate(batch):
            row = {"index": i, "seed": seed, "dealer": game.seats[dealer], **game.deal_dict(d)}
            if trumps is not None:
                row["turn_up"] = str(batch.last_card(i))
            rows.append(row)
        text = to_json(rows)
    elif fmt == "pbn":
        text = game.format_deals(batch, fmt, seed, dealer)
    else:
        blocks = []
        for i, d in enumerate(batch):
            head = f"Deal {i + 1} (seed {seed}), dealer {game.seats[dealer]}"
            if trumps is not None:
                head += f", turn-up {format_card(batch.last_card(i), 'symbol')}"
            blocks.append(head + "\n" + game.diagram(d) + "\n")
        text = "\n".join(blocks)
    write_output(text, output)


def _trump_label(trump):
    return "no trump" if trump is None else trump.symbol


@tricks.command()
@game_option
@seed_option
@dealer_option
@click.option("--trump", type=click.Choice(TRUMPS, case_sensitive=False), default=None,
              help="Trump suit, or NT (default: the game's own rule, e.g. whist's turn-up; otherwise NT).")
@click.option("--count", type=int, default=None, help="Play COUNT deals in the batch kernel; print a summary.")
@click.option("--deal", "deal_text", default=None, metavar="DEAL",
              help='Play this deal instead of a seeded one: PBN "N:h h h h", or "h1 h2 h3 | talon" for 3 hands.')
@click.option("--agents", default=None, help="Play a whole match with these agents: one name, or one per seat "
              "separated by commas (e.g. heuristic or heuristic,random,dd).")
@click.option("--variant", default=None, help="The game's variant (with --agents).")
@click.option("--players", type=int, default=None, help="Number of players (with --agents).")
@click.option("--pool-target", type=int, default=None, help="Preferans pool target (with --agents).")
@click.option("--hands", type=int, default=None, help="Number of hands or deals to play (with --agents).")
@click.option("--protocol", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Also write the match's protocol/record to this file (with --agents).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@output_option
@user_errors()
def play(game_name, seed, dealer, trump, count, deal_text, agents, variant, players, pool_target, hands, protocol,
         fmt, output):
    """Play deals: random play of one deal, a batch summary (--count), or a match with agents (--agents)."""
    game = _game(game_name)
    if agents is not None:
        options = {"variant": variant, "players": players, "pool_target": pool_target, "hands": hands,
                   "protocol": protocol, "dealer": dealer, "trump": trump}
        names = [a.strip() for a in agents.split(",") if a.strip()]
        report = game.play_match(names, seed, options)
        write_output(to_json(report.data) if fmt == "json" else report.text, output)
        return
    unused = [flag for flag, value in (("--variant", variant), ("--players", players),
                                       ("--pool-target", pool_target), ("--hands", hands),
                                       ("--protocol", protocol)) if value is not None]
    if unused:
        raise InputError(f"{unused[0]} goes with --agents")
    dealer = game.seat_index(dealer if dealer is not None else 0)
    if count is not None:
        if deal_text is not None:
            raise InputError("--deal plays one deal; it does not go with --count")
        if count < 0:
            raise InputError(f"--count must be at least 0, not {count}", field="count")
        write_output(_play_batch(game, seed, dealer, trump, count, fmt), output)
        return
    if deal_text is not None:
        d, natural = game.parse_deal(deal_text), None
    else:
        batch = game.deal_batch(seed, 1, dealer)
        d, natural = batch[0], game.natural_trumps(batch)
    suit = game.trick_rules(trump).trump if trump else (natural[0] if natural else None)
    leader = game.first_leader(dealer)
    record = game.random_play(d, suit, leader, seed, 0)
    seats = game.seats
    if fmt == "json":
        data = {"game": game.name, "seed": seed, "dealer": seats[dealer], **game.deal_dict(d),
                "trump": "NT" if suit is None else suit.name, "leader": seats[leader],
                "tricks": [{"leader": seats[t.leader], "cards": [str(c) for c in t.cards],
                            "winner": seats[t.winner]} for t in record.tricks],
                "tricks_won": dict(zip(seats, record.tricks_won))}
        write_output(to_json(data), output)
        return
    lines = [f"{game.title}, seed {seed}, dealer {seats[dealer]}, trump {_trump_label(suit)}, "
             f"{seats[leader]} leads", game.diagram(d), ""]
    for k, t in enumerate(record.tricks, 1):
        cards = "  ".join(f"{seats[t.seat_of(i, game.n_seats)]}:{format_card(c, 'symbol')}"
                          for i, c in enumerate(t.cards))
        lines.append(f"{k:2d}. {cards}   won by {seats[t.winner]}")
    lines.append("tricks: " + "  ".join(f"{s} {n}" for s, n in zip(seats, record.tricks_won)))
    write_output("\n".join(lines) + "\n", output)


def _play_batch(game, seed, dealer, trump, count, fmt):
    start = time.perf_counter()
    batch = game.deal_batch(seed, count, dealer)
    rules = game.trick_rules(trump)
    trumps = None if trump else game.natural_trumps(batch)
    results = playout_batch(rules, batch, game.first_leader(dealer), seed, trumps)
    seconds = time.perf_counter() - start
    mean = dict(zip(game.seats, (round(m, 4) for m in results.mean())))
    rate = count / seconds if seconds > 0 else 0.0
    if fmt == "json":
        return to_json({"game": game.name, "seed": seed, "trump": trump.upper() if trump else None,
                        "deals": count, "mean_tricks": mean, "seconds": round(seconds, 6),
                        "deals_per_second": round(rate)})
    return (f"{game.title}: {count} deals, seed {seed}, trump {trump.upper() if trump else 'natural/NT'}\n"
            "mean tricks: " + "  ".join(f"{s} {m:.3f}" for s, m in mean.items()) + "\n"
            f"{seconds:.3f} s, {rate:,.0f} deals per second\n")


def main():
    """Entry point of the ``tricks`` console script."""
    tricks(prog_name="tricks")


__all__ = ["main", "tricks", "UserError"]
