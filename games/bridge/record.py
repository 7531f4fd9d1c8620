"""The result records of bridge (§16): ``Board``, one board as every notation reads and writes it, and
``TravellerLine``, one table's result on a board as a club's traveller or a PBN ``ScoreTable`` row gives it.

A board holds its number, dealer, vulnerability, deal, auction, play (cards in playing order), contract,
declarer and result, plus what the notation carried that the model does not (tags, notes, annotations of calls
and cards, commentary, remarks, tables), kept verbatim so that it can be written back. Its deal is a ``Deal`` or,
for problem diagrams and end positions, a ``PartialDeal``. The JSON form is ``board_to_dict`` / ``board_from_dict``.
A traveller line carries no cards beyond the opening lead; its scores are scoring.bridge.duplicate.traveller's.

Sections (§) are those of docs/rules/bridge.md.
"""
import attrs

from trickcore.games.bridge.auction import Auction, parse_call
from trickcore.games.bridge.vocab import Contract, Seat, Vulnerability, parse_contract
from trickcore.cards import DECK52, format_hand, parse_card, parse_hand
from trickcore.dealing import SEAT_LETTERS, Deal
from trickcore.errors import InvalidDeal, InvalidRecord, NotationError, TrickcoreError
from trickcore.play import Trick, trick_winner

ANNOTATED = ("auction", "play")   # the sections whose calls or cards an annotation follows


def contract_rules(contract):
    """The play rules of ``contract``: the bridge game's ``trick_rules`` for its trump."""
    # Imported here, not at the top: the game module imports the State, which imports this module.
    from trickcore.games.bridge.game import BRIDGE

    return BRIDGE.trick_rules(contract.trump)


def _known_hands(value):
    return tuple(None if h is None else frozenset(h) for h in value)


@attrs.frozen(repr=False)
class PartialDeal:
    """A deal that does not give all 52 cards: a problem diagram or an end position (PBN 2.1 allows both).

    ``hands[seat]`` (N E S W) is the frozenset of that hand's known cards, or None for a hand left out (``-``).
    No card appears twice and no hand holds more than 13 cards. It cannot be analysed double-dummy.
    """

    hands: tuple = attrs.field(converter=_known_hands)

    def __attrs_post_init__(self):
        if len(self.hands) != 4:
            raise InvalidDeal("a bridge deal has four hands")
        seen = set()
        for seat, hand in zip(SEAT_LETTERS, self.hands):
            if hand is None:
                continue
            if len(hand) > 13:
                raise InvalidDeal(f"hand {seat} holds {len(hand)} cards (at most 13)")
            clash = seen & hand
            if clash:
                raise InvalidDeal(f"card {min(clash)} is dealt twice (again to {seat})")
            seen |= hand

    def to_pbn(self, first=0):
        """The PBN deal string starting with seat ``first`` (0 = N); ``-`` for a hand left out."""
        order = [(first + k) % 4 for k in range(4)]
        return SEAT_LETTERS[first] + ":" + " ".join("-" if self.hands[s] is None else format_hand(self.hands[s])
                                                    for s in order)

    def __str__(self):
        return self.to_pbn()

    def __repr__(self):
        return f"<PartialDeal {self.to_pbn()}>"


def parse_board_deal(text):
    """Read a PBN deal string ``F:h1 h2 h3 h4`` as a ``Deal``, or as a ``PartialDeal`` when it gives fewer cards.

    ``F`` (N E S W, any case; N when missing) is the seat of ``h1``; ``-`` is a hand left out. When three hands
    hold 13 cards and the fourth is left out (or missing), the fourth is completed with the remaining cards.
    """
    body = text.strip() if isinstance(text, str) else ""
    first = "N"
    if body[1:2] == ":":
        first, body = body[0].upper(), body[2:]
        if first not in SEAT_LETTERS:
            raise NotationError(f"{text!r}: the deal must start with N:, E:, S: or W:")
    parts = body.split()
    if len(parts) == 3:
        parts.append("-")
    if len(parts) != 4:
        raise NotationError(f"{text!r}: a deal has four hands separated by spaces")
    hands = [None] * 4
    for k, part in enumerate(parts):
        hands[(SEAT_LETTERS.index(first) + k) % 4] = None if part == "-" else parse_hand(part)
    return board_deal(hands)


def board_deal(hands):
    """The deal of four hands (N E S W; None for a hand left out): a ``Deal`` when they give every card, else a
    ``PartialDeal``. When three hands hold 13 cards and the fourth is left out, it takes the remaining cards."""
    hands = list(hands)
    unknown = [s for s, h in enumerate(hands) if h is None]
    if len(unknown) == 1 and all(len(h) == 13 for h in hands if h is not None):
        hands[unknown[0]] = frozenset(DECK52.cards).difference(*[h for h in hands if h is not None])
    if all(h is not None and len(h) == 13 for h in hands):
        return Deal(hands)
    return PartialDeal(hands)


@attrs.frozen(repr=False)
class Board:
    """One board: deal, auction, play and result, each None (or empty) when the source did not give it.

    ``contract`` is None both when unknown and when ``passed_out``; ``play`` lists the cards in playing order;
    ``claimed`` is True when the play ended with a claim (``result`` is then the claimed total, §4.3).
    ``tags`` are the other tag pairs (the standard's mandatory ones first, in its order, then the others in
    source order), ``notes`` the notes (number, text), ``tables`` the table
    sections as (name, column spec, row lines); ``play_notes`` the notes of the play (PBN writes them after the
    Play section, the others after the Auction). ``annotations`` are what the auction and play carry beside the
    calls and cards, as (section, position, text): section "auction" or "play", position the number of calls or
    cards (in playing order) before it, text a note reference ``=n=``, a NAG ``$n``, an alert or suffix ``!``
    ``?``, or an irregularity mark. ``remarks`` are the source's ``%`` lines, ``;`` comments and the places of its
    ``{}`` commentary, as (after, text): ``after`` the lower-case name of the tag they followed ("" before the
    game's first tag), text the line itself, or ``{}`` where the next commentary block stood.
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
    remarks: tuple = ()
    play_notes: tuple = ()

    def __repr__(self):
        """A short repr: number, PBN deal, contract, declarer and tricks, as far as the board gives them."""
        parts = [f"Board {'?' if self.number is None else self.number}"]
        if self.deal is not None:
            parts.append(self.deal.to_pbn())
        if self.passed_out:
            parts.append("passed out")
        elif self.contract is not None:
            parts.append(f"{self.contract} by {self.declarer or '?'}"
                         + ("" if self.result is None else f", {self.result} tricks"))
        return "<" + " ".join(parts) + ">"

    def tag(self, name, default=None):
        """The value of the kept tag ``name`` (case-insensitive), or ``default``."""
        for key, value in self.tags:
            if key.lower() == name.lower():
                return value
        return default

    def played_tricks(self):
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
        return sum(1 for t in self.played_tricks() if Seat(t.winner).side == self.declarer.side)


def check_board(board, log=None, source=None, line=None):
    """Check that a board's parts agree: auction legal, play legal; returns it.

    A contract or declarer that contradicts the auction is an InvalidRecord without ``log`` (a ReadLog); with
    one, the board keeps the values given and ``log`` notes the doubt (an error when strict), located at
    ``source`` and ``line``. The play is checked against the hands when the deal is complete.
    """
    if board.auction:
        auction = Auction(board.dealer if board.dealer is not None else Seat.N, board.auction)
        outcome = auction.outcome
        # "^N" (PBN's irregular declarer): declarer and dummy swapped, so the auction names declarer's partner.
        swapped = board.tag("IrregularDeclarer") == "yes" and board.declarer is not None
        if outcome is not None and board.contract is not None and (
                outcome.contract != board.contract
                or outcome.declarer not in (board.declarer, board.declarer.partner if swapped else None)):
            message = f"the auction ends in {outcome}, not {board.contract} by {board.declarer}"
            if log is None:
                raise InvalidRecord(message, field="contract")
            log.warn(message, source=source, line=line, field="Declarer", error=InvalidRecord)
    fault = play_fault(board)
    if fault is not None:
        raise InvalidRecord(fault, field="play")
    return board


def play_fault(board):
    """Why a board's play does not fit its deal (a card its player does not hold, a revoke), or None when it fits
    or there is no whole deal to check it against."""
    if not board.play or not isinstance(board.deal, Deal):
        return None
    hands = [set(h) for h in board.deal.hands]
    for number, trick in enumerate(board.played_tricks() + _unfinished_trick(board), 1):
        for k, card in enumerate(trick.cards):
            seat = (trick.leader + k) % 4
            if card not in hands[seat]:
                return f"trick {number}: {Seat(seat)} does not hold {card}"
            led = trick.cards[0].suit
            if k and card.suit != led and any(c.suit == led for c in hands[seat]):
                return f"trick {number}: {Seat(seat)} revoked with {card} (holds {led.name})"
            hands[seat].discard(card)
    return None


def _unfinished_trick(board):
    """The cards of the last trick when it was not finished, as a Trick without a winner ([] otherwise)."""
    rest = len(board.play) % 4
    if not rest:
        return []
    tricks = board.played_tricks()
    leader = tricks[-1].winner if tricks else int(board.declarer.lho)
    return [Trick(leader, tuple(board.play[-rest:]), None)]


# The fields of a board's JSON form (board_to_dict's).
BOARD_FIELDS = frozenset({"board", "dealer", "vulnerability", "deal", "auction", "play", "contract", "declarer",
                          "result", "claimed", "tags", "notes", "commentary", "tables", "annotations", "remarks",
                          "play_notes"})


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
        **({"remarks": [list(r) for r in board.remarks]} if board.remarks else {}),
        **({"play_notes": [list(n) for n in board.play_notes]} if board.play_notes else {}),
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


def board_from_dict(data, source=None, log=None):
    """Read the JSON form of a board (as written by ``board_to_dict``); ``log`` as for ``check_board``."""
    try:
        contract = data.get("contract")
        tables = _rows(data, "tables", (str, str, list))
        annotations = _rows(data, "annotations", (str, int, str))
        if any(position < 0 for _, position, _ in annotations):
            # A position counts the calls or cards before the annotation: the writers place it after that many.
            raise InvalidRecord("an annotation's position is a whole number from 0", field="annotations")
        if any(section not in ANNOTATED or text.split() != [text] for section, _, text in annotations):
            # The notations carry an annotation as one token of the auction or the play.
            raise InvalidRecord(f"an annotation is one of {', '.join(ANNOTATED)}, a position and a token (text "
                                "without spaces)", field="annotations")
        if not all(isinstance(line, str) for _, _, rows in tables for line in rows):
            raise InvalidRecord("the rows of a table must be text", field="tables")
        return check_board(Board(
            number=_whole(data, "board", 1, 10**9),
            dealer=None if data.get("dealer") is None else Seat.parse(data["dealer"]),
            vulnerability=None if data.get("vulnerability") is None else Vulnerability.parse(data["vulnerability"]),
            deal=None if data.get("deal") is None else parse_board_deal(data["deal"]),
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
            annotations=annotations,
            remarks=_rows(data, "remarks", (str, str)),
            play_notes=_rows(data, "play_notes", (str, str))), log, source)
    except TrickcoreError as exc:
        raise exc.located(source=source)
    except (AttributeError, TypeError, ValueError) as exc:
        raise InvalidRecord(f"not a board record: {exc}", source=source) from None


def simulated_board(table):
    """The Board one table of a simulation played: its ``record`` (the JSON form of a line) or, in a simulation's
    Parquet table, its columns (board, dealer, vulnerability, deal, auction, play, contract, declarer, declarer
    tricks)."""
    if "record" in table:
        return board_from_dict(table["record"])
    return board_from_dict({"board": table["board"], "dealer": table["dealer"],
                            "vulnerability": table["vulnerability"], "deal": table["deal"],
                            "auction": table["auction"].split(), "play": table["play"].split(),
                            "contract": table["contract"], "declarer": table["declarer"],
                            "result": table["declarer tricks"]})


KINDS = ("played", "passed_out", "assigned", "artificial", "not_played")


def _optional_seat(value):
    return None if value is None else (value if isinstance(value, Seat) else Seat.parse(value))


@attrs.frozen(kw_only=True)
class TravellerLine:
    """One traveller line (§16): where it was played, who played, what happened, and the NS score.

    ``kind`` is one of ``KINDS``; ``contract``/``declarer``/``tricks`` are set for played lines only;
    ``ns_score`` is the NS score as stated (required for ``assigned``, optional for played and passed-out lines,
    None otherwise; the scorers check it against the result); ``adjustment`` is the artificial code (``A+/A-``,
    ``A``, ``A60/40``).
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
