"""The facts of a bridge match that the shared runner (games.base.run_match) asks for: boards 1, 2, ... of a
seed, the board number fixing dealer and vulnerability (bridge.md §2), ``--hands`` boards, and the report of the
played boards with their duplicate scores (§5). At the other table sizes (variants-bridge.md) the match is a
session of rubbers instead: the session ledger seats the players rubber by rubber, gives each deal's dealer and
vulnerability, and says when the session is over; its protocol (§7.1) is what ``--protocol`` writes."""
import json

from trickcore.cards import format_card
from trickcore.errors import InputError
from trickcore.files import write_text_atomically
from trickcore.games.base import Match, MatchReport
from trickcore.games.bridge.formats.pbn_write import write_pbn
from trickcore.games.bridge.variants import DUMMY, SEAT_ORDER, STANDARD, variant as find_variant
from trickcore.games.bridge.vocab import Seat, board_dealer
from trickcore.scoring.bridge.contract.score import duplicate_score
from trickcore.scoring.bridge.rubber.render import render_rubber_session
from trickcore.scoring.bridge.rubber.rubber_session import SESSION_FORMAT, RubberSessionLedger
from trickcore.scoring.bridge.settings import BridgeScoringSettings

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
              dealer=None, trump=None, rotation=None):
        """The match of the ``tricks play --agents`` options; InputError naming an option that does not apply.
        A table size other than the standard game plays a session of rubbers (RubberSessionMatch)."""
        if find_variant(variant) is not STANDARD:
            return RubberSessionMatch.setup(game, seed, find_variant(variant), players, pool_target, hands,
                                            protocol, dealer, trump, rotation)
        if rotation is not None:
            raise InputError("bridge: --rotation seats a session of rubbers (--variant four_player)",
                             field="rotation")
        for key, value in (("players", players), ("pool_target", pool_target), ("dealer", dealer),
                           ("trump", trump)):
            if value is not None:
                raise InputError(f"bridge: --{key.replace('_', '-')} does not apply (the board number fixes "
                                 "dealer and vulnerability; the auction fixes the trump)", field=key)
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


class RubberSessionMatch(Match):
    """A session of rubbers at a table of 2-6 players (variants-bridge.md): players A, B, ... take the seats of
    each rubber as the variant's rotation says; deal ``index`` is deal ``index`` of the seed, dealt by the dealer
    the session gives; the session ends when its ledger says so, or after ``--hands`` deals."""

    def __init__(self, game, seed, variant, settings, max_deals=None, protocol=None):
        self.game, self.seed, self.variant, self.settings = game, seed, variant, settings
        self.n_players = variant.players
        self.players = tuple("ABCDEF"[:variant.players])
        self.max_deals, self.protocol = max_deals, protocol
        self.session = None

    @classmethod
    def setup(cls, game, seed, variant, players=None, pool_target=None, hands=None, protocol=None, dealer=None,
              trump=None, rotation=None):
        """The session of the ``tricks play --agents`` options: ``--dealer`` is each rubber's first dealer,
        ``--rotation`` the four-player seating, ``--hands`` the most deals to play."""
        for key, value in (("pool_target", pool_target), ("trump", trump)):
            if value is not None:
                raise InputError(f"bridge: --{key.replace('_', '-')} does not apply (the auction fixes the trump)",
                                 field=key)
        if players is not None and players != variant.players:
            raise InputError(f"bridge {variant.name} has {variant.players} players, not {players}", field="players")
        if hands is not None and hands < 1:
            raise InputError(f"--hands must be at least 1, not {hands}", field="hands")
        settings = BridgeScoringSettings(scoring="rubber", first_dealer=dealer or "N", rotation=rotation)
        match = cls(game, seed, variant, settings, hands, protocol)
        match.ledger()   # checks the rotation before any deal is played
        return match

    def ledger(self):
        """A fresh session ledger (it also seats the players and gives each deal's dealer and vulnerability)."""
        self.session = RubberSessionLedger(self.settings, self.players)
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
        return self.game.new_state(deal, dealer, self.variant, board=index + 1, vulnerability=vulnerability,
                                   seating=seating)

    def report(self, result):
        """The played deals and the session sheet (text and JSON); writes the session protocol (variants-bridge
        §7.1) to the ``protocol`` file if asked."""
        session = result.ledger
        session.settle()
        protocol = session_protocol(session, result.records)
        if self.protocol:
            write_text_atomically(self.protocol, json.dumps(protocol, indent=2) + "\n")
        blocks = [board_report(self.game, b, self.seed, self.variant)[0] for b in result.records]
        data = {"game": self.game.name, "variant": self.variant.name, "seed": self.seed,
                "agents": dict(zip(self.players, result.agent_names)), "protocol": protocol,
                "sheet": session.to_dict()}
        return MatchReport("\n".join(blocks) + "\n" + render_rubber_session(session), data)


def session_protocol(session, boards):
    """The session protocol (variants-bridge §7.1) of the Boards played in ``session``, rubber by rubber."""
    rubbers, boards = [], iter(boards)
    for rubber in session.rubbers:
        deals = []
        for _ in rubber.ledger.deals:
            board = next(boards)
            auction = session.variant.new_auction(board.dealer, board.auction)
            callers = getattr(auction, "callers", None)
            calls = [str(c) for c in board.auction]
            deal = {"dealer": board.dealer.name,
                    "auction": calls if callers is None else [[s.name, c] for s, c in zip(callers, calls)]}
            if board.passed_out:
                deal["contract"] = "Pass"
            else:
                deal.update(contract=str(board.contract), declarer=board.declarer.name, tricks=board.result)
            deal["deal"] = board.deal.to_string()
            deals.append(deal)
        rubbers.append({"seats": {s.name: rubber.seats[s] for s in SEAT_ORDER}, "deals": deals})
    settings = {"first_dealer": session.settings.first_dealer.name}
    if session.settings.rotation not in (None, session.variant.check_rotation(None)):
        settings["rotation"] = session.settings.rotation
    return {"format": SESSION_FORMAT, "players": list(session.players), "settings": settings, "rubbers": rubbers}


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


def board_report(game, board, seed, variant=STANDARD):
    """The text and the JSON-ready dict of one played board (the auction with its seats at three players)."""
    score, ns = board_score(board)
    auction = variant.new_auction(board.dealer, board.auction)
    table = auction.text() if hasattr(auction, "callers") else auction_table(board.dealer, board.auction)
    # A session's deal is scored on its rubber sheet, not as a duplicate board.
    session = variant is not STANDARD
    lines = [f"{'Deal' if session else 'Board'} {board.number} (seed {seed}), dealer {board.dealer}, vulnerable "
             f"{board.vulnerability}", game.diagram(board.deal), "", table, ""]
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
            **game.deal_dict(board.deal), "auction": [str(c) for c in board.auction],
            "contract": "Pass" if board.passed_out else str(board.contract),
            "declarer": None if board.passed_out else board.declarer.name, "tricks": tricks,
            "result": board.result, "declarer_score": score, "ns_score": ns}
    return "\n".join(lines) + "\n", data
