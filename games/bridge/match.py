"""The facts of a bridge match that the shared runner (games.base.run_match) asks for: boards 1, 2, ... of a
seed, the board number fixing dealer and vulnerability (rules/bridge.md §2), ``--hands`` boards, and the report of the
played boards with their duplicate scores (rules/bridge.md §5). At the other table sizes (rules/bridge-variants.md) the
match is a session of rubbers instead: the session ledger seats the players rubber by rubber, gives each deal's dealer
and vulnerability, and says when the session is over; its protocol (rules/bridge-variants.md §7.1) is what
``--protocol`` writes."""
import json

import attrs

from trickcore.cards import format_card
from trickcore.errors import InputError
from trickcore.files import write_text_atomically
from trickcore.games.base import Match, MatchReport
from trickcore.games.bridge.formats.pbn_write import write_pbn
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.variants import DUMMY, SEAT_ORDER, STANDARD, variant as find_variant
from trickcore.games.bridge.vocab import Seat, board_dealer
from trickcore.games.registry import get_scoring

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
    def setup(cls, game, seed, variant=None, players=None, hands=None, rotation=None, protocol=None, dealer=None):
        """The match of the ``tricks play --agents`` options; InputError naming an option that does not apply.
        A table size other than the standard game plays a session of rubbers (RubberSessionMatch)."""
        if find_variant(variant) is not STANDARD:
            return RubberSessionMatch.setup(game, seed, find_variant(variant), players, hands, rotation, protocol,
                                            dealer)
        if rotation is not None:
            raise InputError("bridge: --rotation seats a session of rubbers (--variant four_player)",
                             field="rotation")
        for key, value in (("players", players), ("dealer", dealer)):
            if value is not None:
                raise InputError(f"bridge: --{key} does not apply (the board number fixes dealer and "
                                 "vulnerability)", field=key)
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
        return self.game.new_state(self.game.board_deal(self.seed, number), BridgeSetup(dealer=dealer, board=number))

    def ledger(self):
        """The duplicate scores of the boards: the registered duplicate system's ledger."""
        return duplicate_ledger()

    def report(self, result):
        """The text and JSON of the played boards; writes them as PBN to the ``protocol`` file if asked."""
        boards = result.records
        if self.protocol:
            write_text_atomically(self.protocol, write_pbn(boards))
        reports = [board_report(self.game, b, self.seed, scores)
                   for b, scores in zip(boards, board_scores(boards, result.ledger))]
        data = {"game": self.game.name, "seed": self.seed, "agents": dict(zip(self.game.seats, result.agent_names)),
                "boards": [r[1] for r in reports]}
        return MatchReport("\n".join(r[0] for r in reports), data)


class RubberSessionMatch(Match):
    """A session of rubbers at a table of 2-6 players (rules/bridge-variants.md): players A, B, ... take the seats of
    each rubber as the variant's rotation says; deal ``index`` is deal ``index`` of the seed, dealt by the dealer
    the session gives; the session ends when its ledger says so, or after ``--hands`` deals."""

    def __init__(self, game, seed, variant, settings, max_deals=None, protocol=None):
        self.game, self.seed, self.variant, self.settings = game, seed, variant, settings
        self.n_players = variant.players
        self.players = tuple("ABCDEF"[:variant.players])
        self.max_deals, self.protocol = max_deals, protocol
        self.session = None

    @classmethod
    def setup(cls, game, seed, variant, players=None, hands=None, rotation=None, protocol=None, dealer=None):
        """The session of the ``tricks play --agents`` options: ``--dealer`` is each rubber's first dealer,
        ``--rotation`` the four-player seating, ``--hands`` the most deals to play."""
        if players is not None and players != variant.players:
            raise InputError(f"bridge {variant.name} has {variant.players} players, not {players}", field="players")
        if hands is not None and hands < 1:
            raise InputError(f"--hands must be at least 1, not {hands}", field="hands")
        settings = attrs.evolve(get_scoring("bridge-rubber").settings(), first_dealer=dealer or "N", rotation=rotation)
        match = cls(game, seed, variant, settings, hands, protocol)
        match.ledger()   # checks the rotation before any deal is played
        return match

    def ledger(self):
        """A fresh session of the rubber system (it also seats the players and gives each deal's dealer and
        vulnerability)."""
        self.session = get_scoring("bridge-rubber").ledger(self.settings, players=self.players)
        return self.session

    def first_dealer(self):
        """The dealer of the session's first deal."""
        return int(self.settings.first_dealer)

    def next_dealer(self, dealer, record):
        """The dealer of the next deal: the next seat clockwise, or a new rubber's first dealer."""
        return int(self.session.next_deal()[2])

    def new_state(self, index, dealer):
        """Deal ``index`` of the seed at the session's current seating and vulnerability."""
        _, seats, dealer, vulnerability = self.session.next_deal()
        seating = tuple(None if seats[s] == DUMMY else self.players.index(seats[s]) for s in SEAT_ORDER)
        deal = self.game.deal(self.seed, index, int(dealer))
        return self.game.new_state(deal, BridgeSetup(dealer=dealer, variant=self.variant, board=index + 1,
                                                     vulnerability=vulnerability, seating=seating))

    def report(self, result):
        """The played deals and the session sheet (text and JSON); writes the session protocol (rules/bridge-variants.md
        §7.1) to the ``protocol`` file if asked."""
        session, rubber = result.ledger, get_scoring("bridge-rubber")
        session.settle()
        protocol = session.protocol(result.records)
        if self.protocol:
            write_text_atomically(self.protocol, json.dumps(protocol, indent=2) + "\n")
        boards = result.records
        blocks = [board_report(self.game, b, self.seed, scores, self.variant)[0]
                  for b, scores in zip(boards, board_scores(boards, duplicate_ledger(boards)))]
        data = {"game": self.game.name, "variant": self.variant.name, "seed": self.seed,
                "agents": dict(zip(self.players, result.agent_names)), "protocol": protocol,
                "sheet": rubber.json_data(session)}
        return MatchReport("\n".join(blocks) + "\n" + rubber.render(session, "text"), data)


def duplicate_ledger(boards=()):
    """A ledger of the registered duplicate system with the played ``boards`` scored on it."""
    ledger = get_scoring("bridge-duplicate").ledger()
    for board in boards:
        ledger.add(board)
    return ledger


def board_scores(boards, ledger):
    """The declarer score and the NS score of each played board (both 0 when passed out) that ``ledger`` (a
    duplicate ledger) scored."""
    scores = []
    for board, row in zip(boards, ledger.to_dict()["boards"]):
        ns = row["ns_score"]
        scores.append((0, 0) if board.passed_out else (ns if board.declarer.side == 0 else -ns, ns))
    return scores


def board_score(board):
    """The declarer score and the NS score of one played board (both 0 when passed out)."""
    return board_scores([board], duplicate_ledger([board]))[0]


def auction_table(dealer, calls):
    """The auction as text in four columns W N E S, starting in the dealer's column."""
    order = [Seat.W, Seat.N, Seat.E, Seat.S]
    cells = ["" for _ in range(order.index(dealer))] + [str(c) for c in calls]
    rows = ["".join(f"{s.name:<6}" for s in order).rstrip()]
    for k in range(0, len(cells), 4):
        rows.append("".join(f"{c:<6}" for c in cells[k:k + 4]).rstrip())
    return "\n".join(rows)


def board_report(game, board, seed, scores, variant=STANDARD):
    """The text and the JSON-ready dict of one played board with its ``scores`` (declarer and NS; the auction
    with its seats at three players)."""
    score, ns = scores
    auction = variant.new_auction(board.dealer, board.auction)
    table = auction.text() if hasattr(auction, "callers") else auction_table(board.dealer, board.auction)
    # A session's deal is scored on its rubber sheet, not as a duplicate board.
    session = variant is not STANDARD
    lines = [f"{'Deal' if session else 'Board'} {board.number} (seed {seed}), dealer {board.dealer}, vulnerable "
             f"{board.vulnerability}", game.formats.diagram(board.deal), "", table, ""]
    tricks = []
    if board.passed_out:
        lines.append("Passed out." if session else "Passed out. Score 0.")
    else:
        faced = " ".join(s.name for s in sorted(variant.exposed(board.declarer)))
        lines.append(f"Contract {board.contract} by {board.declarer}; {board.declarer.lho} leads, "
                     + (f"faced after the lead: {faced}" if session else f"dummy {board.declarer.partner}"))
        for k, t in enumerate(board.played_tricks(), 1):
            cards = "  ".join(f"{Seat((t.leader + i) % 4)}:{format_card(c, 'symbol')}" for i, c in enumerate(t.cards))
            lines.append(f"{k:2d}. {cards}   won by {Seat(t.winner)}")
            tricks.append({"leader": Seat(t.leader).name, "cards": [str(c) for c in t.cards],
                           "winner": Seat(t.winner).name})
        made = board.result - board.contract.tricks_needed
        relative = "=" if made == 0 else f"{made:+d}"
        lines.append(f"Result: {board.contract}{relative} by {board.declarer}, {board.result} tricks"
                     + ("" if session else f"; declarer scores {score}, NS score {ns}"))
    data = {"board": board.number, "dealer": board.dealer.name, "vulnerability": str(board.vulnerability),
            **game.formats.deal_dict(board.deal), "auction": [str(c) for c in board.auction],
            "contract": "Pass" if board.passed_out else str(board.contract),
            "declarer": None if board.passed_out else board.declarer.name, "tricks": tricks,
            "result": board.result, "declarer_score": score, "ns_score": ns}
    return "\n".join(lines) + "\n", data
