"""LIN, BBO's board notation (bridge.md §16.3): one board per line of ``key|value|`` pairs.

The classic traps: hands are listed S, W, N, E and the dealer digit counts 1=S, 2=W, 3=N, 4=E.
"""
import re

import attrs

from trickcore.games.bridge.auction import Auction, parse_call
from trickcore.games.bridge.record import Board, check_board
from trickcore.games.bridge.vocab import Seat, Vulnerability
from trickcore.cards import DECK52, Suit, parse_card, parse_hand
from trickcore.deal import Deal
from trickcore.errors import NotationError, TrickcoreError

LIN_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)
_VUL_READ = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE, "n": Vulnerability.NS,
             "e": Vulnerability.EW, "b": Vulnerability.BOTH}
_VUL_WRITE = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.BOTH: "b"}
SEAT_TAGS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_KEPT = {"st", "rh", "nt", "vg", "qx", "an"}


def read_lin(text, source=None):
    """Read every board of a LIN text (one per non-empty line) as Board records."""
    boards = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                boards.append(read_lin_board(line))
            except TrickcoreError as exc:
                raise exc.located(source=source, line=number)
    return boards


def _pairs(line):
    parts = line.strip().split("|")
    if len(parts) % 2 == 0 and parts[-1] == "":
        parts.pop()
    if len(parts) % 2:
        parts = parts[:-1] if parts[-1] == "" else parts + [""]
    return [(parts[k].strip().lower(), parts[k + 1]) for k in range(0, len(parts), 2)]


def _deal(value):
    digit, hands = value.strip()[:1], value.strip()[1:]
    if not digit or digit not in "1234":
        raise NotationError(f"md: dealer digit {digit!r} is not 1-4", field="md")
    dealer = LIN_ORDER[int(digit) - 1]
    parts = [p.strip() for p in hands.split(",")][:4]
    while len(parts) < 4:
        parts.append("")
    by_seat = {}
    for seat, text in zip(LIN_ORDER, parts):
        by_seat[seat] = parse_hand(text) if text else None
    missing = [s for s, h in by_seat.items() if h is None]
    if len(missing) > 1:
        raise NotationError("md: only the last hand may be left out", field="md")
    if missing:
        by_seat[missing[0]] = frozenset(DECK52.cards).difference(*[h for h in by_seat.values() if h])
    return dealer, Deal([by_seat[s] for s in Seat])


def read_lin_board(line):
    """Read one LIN board line."""
    dealer = deal = vul = number = None
    calls, cards, claim, tags, names = [], [], None, [], None
    for key, value in _pairs(line):
        if key == "md":
            dealer, deal = _deal(value)
        elif key == "sv":
            if value.strip().lower() not in _VUL_READ:
                raise NotationError(f"sv: {value!r} is not o, n, e or b", field="sv")
            vul = _VUL_READ[value.strip().lower()]
        elif key == "ah":
            match = re.search(r"\d+", value)
            number = int(match.group()) if match else None
        elif key == "mb":
            calls.append(parse_call(value.strip().upper().replace("D", "X") if value.strip().lower() in ("d", "r")
                                    else value))
        elif key == "pc":
            cards.append(parse_card(value))
        elif key == "mc":
            if not value.strip().isdigit() or int(value) > 13:
                raise NotationError(f"mc: {value!r} is not a number of tricks 0-13", field="mc")
            claim = int(value)
        elif key == "pn":
            names = [n.strip() for n in value.split(",")]
        elif key in _KEPT and value.strip():
            tags.append((f"lin_{key}", value))
    for seat, name in zip(LIN_ORDER, names or ()):
        if name:
            tags.append((SEAT_TAGS[seat], name))
    auction = Auction(dealer or Seat.N)
    for call in calls:
        auction.make_call(call)
    outcome = auction.outcome
    contract = declarer = None
    if outcome is not None and not outcome.passed_out:
        contract, declarer = outcome.contract, outcome.declarer
    board = Board(number, dealer, vul, deal, tuple(calls), tuple(cards), contract,
                  outcome is not None and outcome.passed_out, declarer, None, claim is not None, tuple(tags))
    board = check_board(board)
    result = claim if claim is not None else (board.played_result() if len(cards) == 52 else None)
    return attrs.evolve(board, result=result)


def _lin_hand(cards):
    out = ""
    for suit in Suit:
        ranks = sorted(c.rank for c in cards if c.suit == suit)
        out += suit.name + "".join(r.letter for r in ranks)
    return out


def write_lin_board(board):
    """One board as a LIN line (§16.3 export)."""
    if not isinstance(board.deal, Deal) or board.dealer is None:
        raise NotationError("a LIN board needs the complete deal and the dealer", field="md")
    names = ",".join(board.tag(SEAT_TAGS[s], "").replace("?", "") for s in LIN_ORDER)
    digit = LIN_ORDER.index(board.dealer) + 1
    hands = ",".join(_lin_hand(board.deal.hands[s]) for s in LIN_ORDER)
    vul = _VUL_WRITE[board.vulnerability or Vulnerability.NONE]
    out = f"pn|{names}|st||md|{digit}{hands}|rh||ah|Board {board.number or 1}|sv|{vul}|"
    for call in board.auction or ():
        out += "mb|" + {"Pass": "p", "X": "d", "XX": "r"}.get(str(call), str(call).replace("NT", "N")) + "|"
    out += "pg||"
    for k, card in enumerate(board.play, 1):
        out += f"pc|{card}|" + ("pg||" if k % 4 == 0 else "")
    if board.claimed and board.result is not None:
        out += f"mc|{board.result}|"
    return out


def write_lin(boards):
    """Several boards as LIN text, one line each."""
    return "".join(write_lin_board(b) + "\n" for b in boards)
