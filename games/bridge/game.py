"""The bridge game: deck, seats N E S W, dealing one card at a time from the dealer's left (bridge.md §1.3),
boards (the board number fixes dealer and vulnerability, §2), and whole boards played by agents (§3-§4)."""
import attrs

from trickcore.games.base import Game, MatchReport
from trickcore.games.bridge import analysis
from trickcore.games.bridge.agents import make_agent
from trickcore.games.bridge.record import Board
from trickcore.games.bridge.table import run_auction, run_play
from trickcore.games.bridge.vocab import Seat, board_dealer, board_vulnerability
from trickcore.scoring.bridge.contract import duplicate_score
from trickcore.cards import DECK52, format_card
from trickcore.errors import InputError
from trickcore.files import write_text_atomically


@attrs.frozen
class Bridge(Game):
    """Contract bridge. Card ``c[i]`` of the seeded shuffle goes to seat ``(dealer + 1 + i) mod 4``."""

    name = "bridge"
    title = "Contract bridge"
    deck = DECK52
    seats = ("N", "E", "S", "W")
    auctions = ("contract",)
    pbn_game_tag = False
    analysis_options = {"vul": "the vulnerability for par: None, NS, EW or All (default None)",
                        "dealer": "the dealer, for par (default N)"}

    def analyse(self, deal, **opts):
        """The double-dummy table and par of a 13-card deal (a BridgeResult); options ``vul``, ``dealer``."""
        opts = self.analysis_settings(opts)
        return analysis.solve_bridge(deal, opts.get("vul", "None"), opts.get("dealer", "N"))

    def read_deals(self, path):
        """The deals of a PBN file, each with its board's own vulnerability and dealer when tagged."""
        return analysis.read_deals(path)

    def board_deal(self, seed, number):
        """The seeded deal of board ``number``: deal ``number − 1`` of ``seed``, dealt by the board's dealer."""
        return self.deal(seed, number - 1, int(board_dealer(number)))

    def play_board(self, deal, number, agents):
        """Bid and play board ``number`` of ``deal`` with four agents (N E S W); returns the Board record."""
        dealer, vulnerability = board_dealer(number), board_vulnerability(number)
        auction = run_auction(deal, dealer, vulnerability, agents)
        outcome = auction.outcome
        board = Board(number=number, dealer=dealer, vulnerability=vulnerability, deal=deal,
                      auction=tuple(auction.calls), passed_out=outcome.passed_out)
        if outcome.passed_out:
            return board
        played = run_play(deal, auction, agents)
        return attrs.evolve(board, contract=outcome.contract, declarer=outcome.declarer,
                            play=tuple(c for t in played.tricks for c in t.cards), result=played.result,
                            claimed=played.claimed is not None)

    def play_match(self, agents, seed, options):
        """Play one board (``hands`` boards from board 1 with ``--hands``) with the named agents."""
        for key in ("variant", "players", "pool_target", "dealer", "trump"):
            if options.get(key) is not None:
                raise InputError(f"bridge: --{key.replace('_', '-')} does not apply (the board number fixes "
                                 "dealer and vulnerability; the auction fixes the trump)", field=key)
        if len(agents) not in (1, 4):
            raise InputError(f"bridge needs one agent name or four (N,E,S,W), not {len(agents)}", field="agents")
        names = list(agents) * (4 // len(agents))
        count = options.get("hands") or 1
        if count < 1:
            raise InputError(f"--hands must be at least 1, not {count}", field="hands")
        boards = []
        for number in range(1, count + 1):
            players = [make_agent(name, seed + number - 1, seat) for seat, name in enumerate(names)]
            boards.append(self.play_board(self.board_deal(seed, number), number, players))
        if options.get("protocol"):
            from trickcore.games.bridge.pbn import write_pbn
            write_text_atomically(options["protocol"], write_pbn(boards))
        reports = [board_report(self, b, seed) for b in boards]
        data = {"game": self.name, "seed": seed, "agents": dict(zip(self.seats, names)),
                "boards": [r[1] for r in reports]}
        return MatchReport("\n".join(r[0] for r in reports), data)


def board_score(board):
    """The declarer score and the NS score of a played board (both 0 when passed out)."""
    if board.passed_out:
        return 0, 0
    vulnerable = board.vulnerability.is_vulnerable(board.declarer.side)
    score = duplicate_score(board.contract, vulnerable, board.result)
    return score, score if board.declarer.side == 0 else -score


def auction_table(dealer, calls):
    """The auction as text in four columns W N E S, starting in the dealer's column."""
    order = [Seat.W, Seat.N, Seat.E, Seat.S]
    cells = ["" for _ in range(order.index(dealer))] + [str(c) for c in calls]
    rows = ["".join(f"{s.name:<6}" for s in order).rstrip()]
    for k in range(0, len(cells), 4):
        rows.append("".join(f"{c:<6}" for c in cells[k:k + 4]).rstrip())
    return "\n".join(rows)


def board_report(game, board, seed):
    """The text and the JSON-ready dict of one played board."""
    score, ns = board_score(board)
    lines = [f"Board {board.number} (seed {seed}), dealer {board.dealer}, vulnerable {board.vulnerability}",
             game.diagram(board.deal), "", auction_table(board.dealer, board.auction), ""]
    tricks = []
    if board.passed_out:
        lines.append("Passed out. Score 0.")
    else:
        lines.append(f"Contract {board.contract} by {board.declarer}; {board.declarer.lho} leads, "
                     f"dummy {board.declarer.partner}")
        for k, t in enumerate(board.tricks(), 1):
            cards = "  ".join(f"{Seat((t.leader + i) % 4)}:{format_card(c, 'symbol')}" for i, c in enumerate(t.cards))
            lines.append(f"{k:2d}. {cards}   won by {Seat(t.winner)}")
            tricks.append({"leader": Seat(t.leader).name, "cards": [str(c) for c in t.cards],
                           "winner": Seat(t.winner).name})
        made = board.result - board.contract.tricks_needed
        relative = "=" if made == 0 else f"{made:+d}"
        lines.append(f"Result: {board.contract}{relative} by {board.declarer}, {board.result} tricks; "
                     f"declarer scores {score}, NS score {ns}")
    data = {"board": board.number, "dealer": board.dealer.name, "vulnerability": str(board.vulnerability),
            **game.deal_dict(board.deal), "auction": [str(c) for c in board.auction],
            "contract": "Pass" if board.passed_out else str(board.contract),
            "declarer": None if board.passed_out else board.declarer.name, "tricks": tricks,
            "result": board.result, "declarer_score": score, "ns_score": ns}
    return "\n".join(lines) + "\n", data


BRIDGE = Bridge()
