"""`tricks solve`: double-dummy analysis of one deal or of every deal of a PBN file (bridge), of a whist deal
(the tricks of each side in each trump suit, the dealer's left leading), or of a preferans deal (contracts per
strain after the best discard, misère, all-pass)."""
import json
import sys

import click

from trickcore.cli.common import UserError, output_option, to_json, user_errors, write_output
from trickcore import solver
from trickcore.errors import NotationError

def read_pbn_boards(path):
    """The boards of a PBN file that carry a deal, read with the full PBN reader (games.bridge.pbn)."""
    from trickcore.games.bridge.pbn import read_pbn
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")        # the PBN standard's own encoding (ISO-8859-1)
    return [board for board in read_pbn(text, path) if board.deal is not None]


def bridge_text(result):
    """A double-dummy table and par as text."""
    lines = [result.deal, "      " + "".join(f"{s:>4}" for s in solver.BRIDGE_STRAINS)]
    for seat in solver.BRIDGE_SEATS:
        lines.append(f"{seat:<6}" + "".join(f"{result.tricks[seat][s]:>4}" for s in solver.BRIDGE_STRAINS))
    contracts = " ".join(result.par.contracts) or "passed out"
    lines.append(f"par {result.par.score:+d} (N-S): {contracts}")
    return "\n".join(lines) + "\n"


def whist_result(deal, dealer, trumps):
    """{"tricks": {trump: {"NS": n, "EW": 13 - n}}} with the dealer's left-hand opponent leading."""
    from trickcore.games.whist.game import WHIST
    leader = WHIST.first_leader(WHIST.seat_index(dealer))
    tricks = {}
    for trump in trumps:
        position = solver.Position(WHIST.trick_rules(trump), deal.hands, leader, seat=0)
        ns = solver.solve(position)
        tricks[trump] = {"NS": ns, "EW": deal.hand_size - ns}
    return {"deal": deal.to_pbn(), "dealer": WHIST.seats[WHIST.seat_index(dealer)],
            "leader": WHIST.seats[leader], "tricks": tricks}


def whist_text(result):
    """A whist deal's double-dummy tricks per trump suit as text."""
    lines = [result["deal"], f"dealer {result['dealer']}, {result['leader']} leads; tricks North-South / East-West:"]
    lines += [f"  trumps {trump}: {t['NS']} / {t['EW']}" for trump, t in result["tricks"].items()]
    return "\n".join(lines) + "\n"


def preferans_text(result, declarer, seats):
    """One preferans declarer's contracts and the all-pass result as text."""
    row = result.contracts[declarer]
    lines = [result.deal, f"declarer {seats[declarer]}, tricks after the best discard:",
             "  " + "  ".join(f"{s} {row[s]}" for s in solver.PREFERANS_STRAINS),
             f"  misere: {row['misere']} trick(s) at best",
             "all-pass, fewest tricks each seat can guarantee: "
             + "  ".join(f"{seats[k]} {v}" for k, v in enumerate(result.all_pass))]
    return "\n".join(lines) + "\n"


@click.command("solve")
@click.option("--game", "game_name", required=True, type=click.Choice(["bridge", "whist", "preferans"]))
@click.option("--deal", "deal_text", default=None,
              help='The deal: "N:..." (bridge, whist), "h1 h2 h3 | talon" (preferans).')
@click.option("--deals", "deals_path", default=None, type=click.Path(dir_okay=False),
              help="Bridge: a PBN file; every [Deal] is solved and written as one JSON object per line.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--vul", default="None", show_default=True, help="Bridge vulnerability for par: None, NS, EW, All.")
@click.option("--dealer", default="N", show_default=True, help="Bridge dealer for par; whist dealer (his left leads).")
@click.option("--trump", default=None, type=click.Choice(["S", "H", "D", "C"], case_sensitive=False),
              help="Whist: the trump suit (default: each suit in turn).")
@click.option("--declarer", default=None, help="Preferans declarer: hand1, hand2 or hand3.")
@click.option("--talon-mode", type=click.Choice(solver.TALON_MODES), default="suit_only", show_default=True,
              help="Preferans all-pass: how the talon cards lead tricks 1 and 2.")
@click.option("--jobs", type=click.IntRange(1, None), default=1, show_default=True, help="Worker processes.")
@output_option
@user_errors("argument")
def solve(game_name, deal_text, deals_path, fmt, vul, dealer, trump, declarer, talon_mode, jobs, output):
    """Double-dummy analysis: the trick table and par (bridge), each side's tricks per trump suit (whist),
    contracts, misère and all-pass (preferans)."""
    if (deal_text is None) == (deals_path is None):
        raise UserError("give exactly one of --deal and --deals")
    from trickcore.games.bridge.vocab import Seat, Vulnerability
    if game_name == "whist":
        if deals_path is not None:
            raise UserError("--deals reads PBN files of bridge deals")
        from trickcore.deal import parse_deal
        deal = parse_deal(deal_text)
        if deal.n_seats != 4 or deal.hand_size != 13:
            raise NotationError("a whist deal has four hands of 13 cards", field="deal")
        result = whist_result(deal, Seat.parse(dealer), [trump.upper()] if trump else ["S", "H", "D", "C"])
        write_output(to_json(result) if fmt == "json" else whist_text(result), output)
        return
    if game_name == "bridge":
        vul, dealer = Vulnerability.parse(vul), Seat.parse(dealer)
        if deals_path is not None:
            write_output(_solve_file(deals_path, vul, dealer, jobs), output)
            return
        from trickcore.deal import parse_deal
        deal = parse_deal(deal_text)
        if deal.n_seats != 4 or deal.hand_size != 13:
            raise NotationError("a bridge deal has four hands of 13 cards", field="deal")
        result = solver.solve_bridge(deal, vul, dealer)
        write_output(to_json(result.to_dict()) if fmt == "json" else bridge_text(result), output)
        return
    if deals_path is not None:
        raise UserError("--deals reads PBN files of bridge deals")
    if declarer is None:
        raise UserError("--declarer is required for preferans")
    from trickcore.games.preferans.game import PREFERANS
    deal = PREFERANS.parse_deal(deal_text)
    seat = PREFERANS.seat_index(declarer)
    result = solver.solve_preferans(deal, (seat,), talon_mode)
    if fmt == "json":
        data = result.to_dict()
        data["contracts"] = {PREFERANS.seats[k]: v for k, v in data["contracts"].items()}
        data["all_pass"] = dict(zip(PREFERANS.seats, data["all_pass"]))
        write_output(to_json(data), output)
    else:
        write_output(preferans_text(result, seat, PREFERANS.seats), output)


def _solve_file(path, vul, dealer, jobs):
    """Every deal of a PBN file solved: JSON lines, all deals checked before any is solved.

    A board's own [Dealer] and [Vulnerable] tags set its par; ``vul`` and ``dealer`` apply where they are
    missing.
    """
    deals, vuls, dealers = [], [], []
    for board in read_pbn_boards(path):
        deal = board.deal
        if deal.n_seats != 4 or deal.hand_size != 13:
            label = f"board {board.number}" if board.number is not None else f"deal {len(deals) + 1}"
            raise UserError(f"{path}: {label}: [Deal]: a bridge deal has four hands of 13 cards")
        deals.append(deal)
        vuls.append(vul if board.vulnerability is None else board.vulnerability)
        dealers.append(dealer if board.dealer is None else board.dealer)
    results = solver.solve_batch(solver.solve_bridge, zip(deals, vuls, dealers), jobs)
    out = []
    with click.progressbar(results, length=len(deals), label="solving", file=sys.stderr,
                           hidden=not sys.stderr.isatty()) as bar:
        for result in bar:
            out.append(json.dumps(result.to_dict()))
    return "".join(line + "\n" for line in out)
