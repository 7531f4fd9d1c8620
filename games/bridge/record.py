"""The result records of bridge (bridge.md §16): ``Board``, one board as every notation reads and writes it, and
``TravellerLine``, one table's result on a board as a club's traveller or a PBN ``ScoreTable`` row gives it.

A board holds its number, dealer, vulnerability, deal, auction, play (cards in playing order), contract,
declarer and result, plus what the notation carried that the model does not (tags, notes, commentary, tables),
kept verbatim so that it can be written back. The JSON form is ``board_to_dict`` / ``board_from_dict``.
A traveller line carries no cards beyond the opening lead; its scores are scoring.bridge.traveller's.
"""
import attrs

from trickcore.games.bridge.auction import Auction, parse_call
from trickcore.games.bridge.vocab import Contract, Seat, Vulnerability, parse_contract
from trickcore.cards import parse_card
from trickcore.deal import parse_deal
from trickcore.errors import InvalidRecord, TrickcoreError
from trickcore.play import Trick, trick_winner


def contract_rules(contract):
    """The play rules of ``contract``: the bridge game's ``trick_rules`` for its trump."""
    # Imported here, not at the top: the game module imports the State, which imports this module.
    from trickcore.games.bridge.game import BRIDGE

    return BRIDGE.trick_rules(contract.trump)


@attrs.frozen
class Board:
    """One board: deal, auction, play and result, each None (or empty) when the source did not give it.

    ``contract`` is None both when unknown and when ``passed_out``; ``play`` lists the cards in playing order;
    ``claimed`` is True when the play ended with a claim (``result`` is then the claimed total, §4.3).
    ``tags`` are the other tag pairs in source order, ``notes`` the auction notes (number, text), ``tables``
    the table sections as (name, column spec, row lines). ``annotations`` are what the auction and play carry
    beside the calls and cards, as (section, position, text): section "auction" or "play", position the number
    of calls or cards before it, text a note reference ``=n=`` or an alert ``!``.
    """

    number: int = None
    dealer: Seat = None
    vulnerability: Vulnerability = None
    deal: object = None
    auction: tuple = None
    play: tuple = ()
    contract: object = None
    passed_out: bool = False
    declarer: Seat = None
    result: int = None
    claimed: bool = False
    tags: tuple = ()
    notes: tuple = ()
    commentary: tuple = ()
    tables: tuple = ()
    annotations: tuple = ()

    def tag(self, name, default=None):
        """The value of the kept tag ``name`` (case-insensitive), or ``default``."""
        for key, value in self.tags:
            if key.lower() == name.lower():
                return value
        return default

    def tricks(self):
        """The play as tricks (trickcore Trick records), each led by the previous trick's winner."""
        if not self.play:
            return []
        if self.contract is None or self.declarer is None:
            raise InvalidRecord("a play needs the contract and the declarer", field="play")
        rules = contract_rules(self.contract)
        leader, out = int(self.declarer.lho), []
        for k in range(0, len(self.play) - len(self.play) % 4, 4):
            cards = tuple(self.play[k:k + 4])
            winner = trick_winner(rules, cards, leader)
            out.append(Trick(leader, cards, winner))
            leader = winner
        return out

    def played_result(self):
        """Tricks the declaring side won in the tricks played (None without contract or play)."""
        if not self.play or self.declarer is None:
            return None
        return sum(1 for t in self.tricks() if Seat(t.winner).side == self.declarer.side)


def check_board(board):
    """Check that a board's parts agree: auction legal and ending in its contract, play legal; returns it."""
    if board.auction:
        auction = Auction(board.dealer if board.dealer is not None else Seat.N, board.auction)
        outcome = auction.outcome
        if outcome is not None and board.contract is not None and (
                outcome.contract != board.contract or outcome.declarer != board.declarer):
            raise InvalidRecord(f"the auction ends in {outcome}, not {board.contract} by {board.declarer}",
                                field="contract")
    if board.play and board.deal is not None:
        hands = [set(h) for h in board.deal.hands]
        for trick in board.tricks():
            for k, card in enumerate(trick.cards):
                seat = (trick.leader + k) % 4
                if card not in hands[seat]:
                    raise InvalidRecord(f"{Seat(seat)} does not hold {card}", field="play")
                led = trick.cards[0].suit
                if k and card.suit != led and any(c.suit == led for c in hands[seat]):
                    raise InvalidRecord(f"{Seat(seat)} revoked with {card} (holds {led.name})", field="play")
                hands[seat].discard(card)
    return board


def board_to_dict(board):
    """The JSON form of a board."""
    return {
        "board": board.number,
        "dealer": None if board.dealer is None else board.dealer.name,
        "vulnerability": None if board.vulnerability is None else str(board.vulnerability),
        "deal": None if board.deal is None else board.deal.to_pbn(),
        "auction": None if board.auction is None else [str(c) for c in board.auction],
        "play": [str(c) for c in board.play],
        "contract": "Pass" if board.passed_out else (None if board.contract is None else str(board.contract)),
        "declarer": None if board.declarer is None else board.declarer.name,
        "result": board.result,
        "claimed": board.claimed,
        "tags": [[k, v] for k, v in board.tags],
        "notes": [[n, t] for n, t in board.notes],
        "commentary": list(board.commentary),
        "tables": [[name, spec, list(rows)] for name, spec, rows in board.tables],
        # Only when present, so that boards without them keep the JSON form they always had.
        **({"annotations": [list(a) for a in board.annotations]} if board.annotations else {}),
    }


def _rows(data, key, kinds):
    """``data[key]``, a JSON list of rows whose items have the types ``kinds`` (a bare type: items, not rows)."""
    rows = data.get(key, [])

    def fits(row):
        if not isinstance(kinds, tuple):
            return isinstance(row, kinds)
        return isinstance(row, list) and len(row) == len(kinds) and all(map(isinstance, row, kinds))

    if not isinstance(rows, list) or not all(fits(row) for row in rows):
        shape = "[" + ", ".join(k.__name__ for k in kinds) + "]" if isinstance(kinds, tuple) else kinds.__name__
        raise InvalidRecord(f"{key} must be a list of {shape}", field=key)
    return tuple(tuple(row) if isinstance(kinds, tuple) else row for row in rows)


def _whole(data, key, low, high):
    value = data.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high):
        raise InvalidRecord(f"{key} must be a whole number {low}..{high}, not {value!r}", field=key)
    return value


def board_from_dict(data, source=None):
    """Read the JSON form of a board (as written by ``board_to_dict``)."""
    try:
        contract = data.get("contract")
        tables = _rows(data, "tables", (str, str, list))
        if not all(isinstance(line, str) for _, _, rows in tables for line in rows):
            raise InvalidRecord("the rows of a table must be text", field="tables")
        return check_board(Board(
            number=_whole(data, "board", 1, 10**9),
            dealer=None if data.get("dealer") is None else Seat.parse(data["dealer"]),
            vulnerability=None if data.get("vulnerability") is None else Vulnerability.parse(data["vulnerability"]),
            deal=None if data.get("deal") is None else parse_deal(data["deal"]),
            auction=None if data.get("auction") is None else tuple(parse_call(c) for c in data["auction"]),
            play=tuple(parse_card(c) for c in data.get("play", ())),
            contract=None if contract in (None, "Pass") else parse_contract(contract),
            passed_out=contract == "Pass",
            declarer=None if data.get("declarer") is None else Seat.parse(data["declarer"]),
            result=_whole(data, "result", 0, 13),
            claimed=bool(data.get("claimed", False)),
            tags=_rows(data, "tags", (str, str)),
            notes=_rows(data, "notes", (str, str)),
            commentary=_rows(data, "commentary", str),
            tables=tuple((n, s, tuple(r)) for n, s, r in tables),
            annotations=_rows(data, "annotations", (str, int, str))))
    except TrickcoreError as exc:
        raise exc.located(source=source)
    except (AttributeError, TypeError, ValueError) as exc:
        raise InvalidRecord(f"not a board record: {exc}", source=source) from None


KINDS = ("played", "passed_out", "assigned", "artificial", "not_played")


def _optional_seat(value):
    return None if value is None else (value if isinstance(value, Seat) else Seat.parse(value))


@attrs.frozen(kw_only=True)
class TravellerLine:
    """One traveller line (§16): where it was played, who played, what happened, and the NS score.

    ``kind`` is one of ``KINDS``; ``contract``/``declarer``/``tricks`` are set for played lines only;
    ``ns_score`` is the NS score as stated (required for ``assigned``, optional for played and passed-out lines,
    None otherwise; the scorers check it against the result); ``adjustment`` is the artificial code (``A+/A-``, ``A``, ``A60/40``).
    """

    section: str = "A"
    board: int
    round: int = None
    table: int = None
    ns_pair: object = None
    ew_pair: object = None
    kind: str = "played"
    contract: Contract = None
    declarer: Seat = attrs.field(default=None, converter=_optional_seat)
    tricks: int = None
    lead: object = None
    ns_score: int = None
    adjustment: str = None

    def __attrs_post_init__(self):
        if self.kind not in KINDS:
            raise InvalidRecord(f"traveller line kind must be one of {', '.join(KINDS)}, not {self.kind!r}",
                                field="kind")
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise InvalidRecord(f"board number must be an integer >= 1, not {self.board!r}", field="board")
        played = self.kind == "played"
        if played != (self.contract is not None) or played != (self.declarer is not None) \
                or played != (self.tricks is not None):
            raise InvalidRecord(f"a {self.kind} line {'needs' if played else 'has no'} contract, declarer and "
                                "tricks", field="contract")
        if (self.kind == "artificial") != (self.adjustment is not None):
            raise InvalidRecord("an artificial line, and only it, carries an adjustment code", field="adjustment")
        if self.kind == "assigned" and self.ns_score is None:
            raise InvalidRecord("an assigned score needs its ns_score", field="ns_score")
        if self.kind in ("artificial", "not_played") and self.ns_score is not None:
            raise InvalidRecord(f"a {self.kind} line has no ns_score", field="ns_score")
