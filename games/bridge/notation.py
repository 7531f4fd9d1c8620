"""Bridge records files in any of the game's notations: PBN, LIN or JSON boards (by extension, else by content),
or a plain list of calls; and the result of an auction, as a line or a dict."""
import json
import os
import re

from trickcore.errors import InputError, NotationError, TrickcoreError
from trickcore.files import read_text
from trickcore.games.bridge.auction import PASS, Auction, parse_call
from trickcore.games.bridge.lin import read_lin
from trickcore.games.bridge.pbn import read_pbn
from trickcore.games.bridge.record import board_from_dict
from trickcore.games.bridge.vocab import Seat

FORMATS = ("pbn", "lin", "json")
_PBN_TAG = re.compile(r'\[\s*\w+\s*"')


def read_file(path):
    """The text of a bridge records file: UTF-8, else ISO-8859-1 (PBN's own character set)."""
    return read_text(path, "latin-1")


def detect_format(path, text):
    """The notation of a file: pbn, lin or json by extension, else by content; "plain" for a bare call list."""
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if ext in FORMATS:
        return ext
    body = text.lstrip()
    if body.startswith("{") or (body.startswith("[") and not _PBN_TAG.match(body)):
        return "json"
    if body.startswith(("[", "%", ";")):
        return "pbn"
    return "lin" if "|" in body else "plain"


def read_boards(path):
    """Read the boards of a PBN, LIN or JSON file."""
    text = read_file(path)
    fmt = detect_format(path, text)
    if fmt == "pbn":
        return read_pbn(text, path)
    if fmt in ("lin", "plain"):
        return read_lin(text, path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"not JSON: {exc.msg}", source=path, line=exc.lineno) from None
    rows = data if isinstance(data, list) else [data]
    return [board_from_dict(row, source=path) for row in rows]


def read_auction_text(text, source, dealer):
    """Read a plain auction file: calls separated by spaces or lines, an optional ``Dealer X`` line, ``#``
    comments; ``AP`` ends the auction with passes."""
    auction = None
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if words and words[0].lower().rstrip(":") == "dealer" and auction is None:
            if len(words) != 2:
                raise NotationError("write the dealer line as 'Dealer N'", source=source, line=number,
                                    field="dealer")
            dealer = words[1]
            continue
        for word in words:
            if auction is None:
                try:
                    auction = Auction(Seat.parse(dealer))
                except TrickcoreError as exc:
                    raise exc.located(source=source, line=number, field="dealer")
            try:
                if word.upper() == "AP":
                    while not auction.is_complete:
                        auction.make_call(PASS)
                else:
                    auction.make_call(parse_call(word))
            except TrickcoreError as exc:
                raise exc.located(source=source, line=number, field=word)
    return auction or Auction(Seat.parse(dealer))


def outcome_text(auction):
    """The result of an auction in a line: its contract, declarer, dummy and opening leader."""
    if not auction.is_complete:
        return f"incomplete ({len(auction.calls)} calls; {auction.turn} to call)"
    outcome = auction.outcome
    if outcome.passed_out:
        return "passed out"
    return f"{outcome.contract} by {outcome.declarer} (dummy {outcome.dummy}, {outcome.opening_leader} leads)"


def outcome_dict(auction):
    """The result of an auction as a JSON-ready dict."""
    outcome = auction.outcome
    return {"dealer": auction.dealer.name, "calls": [str(c) for c in auction.calls],
            "complete": auction.is_complete, "passed_out": bool(outcome and outcome.passed_out),
            "contract": None if outcome is None or outcome.passed_out else str(outcome.contract),
            "declarer": None if outcome is None or outcome.passed_out else outcome.declarer.name}


def read_auctions(path, dealer="N"):
    """The auctions of a file, as (board number or None, Auction) pairs: every board's auction of a PBN, LIN or
    JSON file, or the one auction of a plain call list (dealt by ``dealer`` unless it says ``Dealer X``)."""
    text = read_file(path)
    if detect_format(path, text) == "plain":
        return [(None, read_auction_text(text, path, dealer))]
    results = []
    for k, board in enumerate(read_boards(path), 1):
        if board.auction is not None:
            results.append((board.number or k, Auction(board.dealer or Seat.N, board.auction)))
    if not results:
        raise InputError("no auction in the file", source=path)
    return results
