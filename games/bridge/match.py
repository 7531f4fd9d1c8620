"""The facts of a bridge match that the shared runner (games.base.run_match) asks for: boards 1, 2, ... of a
seed, the board number fixing dealer and vulnerability (bridge.md §2), ``--hands`` boards, and the report of the
played boards with their duplicate scores (§5)."""
from trickcore.cards import format_card
from trickcore.errors import InputError
from trickcore.files import write_text_atomically
from trickcore.games.base import Match, MatchReport
from trickcore.games.bridge.pbn import write_pbn
from trickcore.games.bridge.variants import variant as find_variant
from trickcore.games.bridge.vocab import Seat, board_dealer
from trickcore.scoring.bridge.contract import duplicate_score

MAX_BOARDS = 10_000       # the most boards ``--hands`` may ask for, as in whist


class BridgeMatch(Match):
    """``boards`` boards from board 1: board ``n`` is ``game.board_deal(seed, n)``, dealt by the board's dealer."""

    n_players = 4

    def __init__(self, game, seed, boards=1, protocol=None):
        self.game = game
        self.seed = seed
        self.max_deals = boards
        self.protocol = protocol

    @classmethod
    def setup(cls, game, seed, variant=None, players=None, pool_target=None, hands=None, protocol=None,
              dealer=None, trump=None):
        """The match of the ``tricks play --agents`` options; InputError naming an option that does not apply."""
        for key, value in (("players", players), ("pool_target", pool_target), ("dealer", dealer),
                           ("trump", trump)):
            if value is not None:
                raise InputError(f"bridge: --{key.replace('_', '-')} does not apply (the board number fixes "
                                 "dealer and vulnerability; the auction fixes the trump)", field=key)
        find_variant(variant)
        count = 1 if hands is None else hands
        if not 1 <= count <= MAX_BOARDS:
            raise InputError(f"--hands must be at least 1 and at most {MAX_BOARDS}, not {count}", field="hands")
        return cls(game, seed, count, protocol)

    def first_dealer(self):
        """The dealer of board 1: North."""
        return int(board_dealer(1))

    def next_dealer(self, dealer, record):
        """The dealer of the next board, fixed by its number."""
        return int(board_dealer(record.number + 1))

    def new_state(self, index, dealer):
        """Board ``index + 1`` of the match's seed."""
        number = index + 1
        return self.game.new_state(self.game.board_deal(self.seed, number), dealer, board=number)

    def report(self, result):
        """The text and JSON of the played boards; writes them as PBN to the ``protocol`` file if asked."""
        boards = result.records
        if self.protocol:
            write_text_atomically(self.protocol, write_pbn(boards))
        reports = [board_report(self.game, b, self.seed) for b in boards]
        data = {"game": self.game.name, "seed": self.seed, "agents": dict(zip(self.game.seats, result.agent_names)),
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
