"""Bridge records files in any of the game's notations: PBN, LIN or JSON boards (by extension, else by content),
or a plain list of calls; and the result of an auction, as a line or a dict."""
import json
import os
import re

import attrs

from trickcore.errors import InputError, InvalidRecord, NotationError, ReadLog, TrickcoreError
from trickcore.files import decode_text, read_bytes
from trickcore.games.bridge.auction import PASS, Auction, parse_call
from trickcore.games.bridge.formats.lin import read_lin
from trickcore.games.bridge.formats.pbn_read import decode_pbn, read_pbn
from trickcore.games.bridge.record import BOARD_FIELDS, board_from_dict
from trickcore.games.bridge.vocab import Seat

FORMATS = ("pbn", "lin", "json")
_PBN_TAG = re.compile(r'\[\s*\w+\s*"')


def _text(path, raw, log):
    """The text of a records file's bytes and its notation: PBN in the charset it declares (ISO-8859-1 by
    default, rules/bridge.md §16.2), the others UTF-8 (or as their byte-order mark says), else ISO-8859-1."""
    text = decode_text(raw, "latin-1", path)
    fmt = detect_format(path, text)
    return (decode_pbn(raw, path, log) if fmt == "pbn" else text), fmt


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


def read_boards(path, log=None):
    """Read the boards of a PBN, LIN or JSON file; ``log`` (a ReadLog, a default one when None) collects the
    reader's warnings and says whether a board that cannot be read fails the file or is skipped."""
    log = ReadLog() if log is None else log
    text, fmt = _text(path, read_bytes(path), log)
    return _boards(path, text, fmt, log)


def _boards(path, text, fmt, log):
    """The boards of a file's text; InputError naming the file when it gives none (an empty file, binary data,
    a file whose every board failed): a file of no boards is never an empty success."""
    boards = _read(path, text, fmt, log)
    if boards:
        return boards
    if not text.strip():
        raise InputError("the file is empty: no board to read", source=path)
    first = f"; the first warning: {attrs.evolve(log.warnings[0], source=None)}" if log.warnings else ""
    raise InputError(f"no board could be read from the file (read as {'LIN' if fmt == 'plain' else fmt.upper()})"
                     f"{first}", source=path)


def _read(path, text, fmt, log):
    if fmt == "pbn":
        return read_pbn(text, path, log)
    if fmt in ("lin", "plain"):
        return read_lin(text, path, log)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"not JSON: {exc.msg}", source=path, line=exc.lineno) from None
    rows = data if isinstance(data, list) else [data]
    boards = []
    for number, row in enumerate(rows, 1):
        try:
            if isinstance(row, dict) and not BOARD_FIELDS & set(row):
                # E.g. a preferans protocol or a scores file: read as a board, all its fields unknown, it was an
                # empty board ("?" everywhere), never an error.
                raise InvalidRecord(f"not a board record: none of its fields is a board's ({', '.join(sorted(row))})",
                                    source=path)
            boards.append(board_from_dict(row, path, log))
        except TrickcoreError as exc:
            log.board_failed(exc.located(field=f"board {number}"))
    return boards


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


def read_auctions(path, dealer="N", log=None):
    """The auctions of a file, as (board number or None, Auction) pairs: every board's auction of a PBN, LIN or
    JSON file, or the one auction of a plain call list (dealt by ``dealer`` unless it says ``Dealer X``);
    ``log`` as for ``read_boards``."""
    log = ReadLog() if log is None else log
    try:
        # Checked before the file is read: a PBN, LIN or JSON file's boards carry their own dealers, and would
        # take any ``dealer`` silently.
        Seat.parse(dealer)
    except TrickcoreError as exc:
        raise exc.located(field="dealer")
    text, fmt = _text(path, read_bytes(path), log)
    if fmt == "plain":
        return [(None, read_auction_text(text, path, dealer))]
    results = []
    for k, board in enumerate(_boards(path, text, fmt, log), 1):
        if board.auction is not None:
            results.append((board.number or k, Auction(board.dealer or Seat.N, board.auction)))
    if not results:
        raise InputError("no auction in the file", source=path)
    return results
