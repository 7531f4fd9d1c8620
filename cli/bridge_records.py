"""Bridge record commands for the ``tricks bridge`` group: check an auction, convert PBN / LIN / JSON boards.

``commands`` lists the click commands; the group that owns ``tricks bridge`` adds them.
"""
import json
import os
import re

import click

from trickcore.cli.common import output_option, to_json, user_errors, write_output
from trickcore.games.bridge.auction import PASS, Auction, parse_call
from trickcore.games.bridge.lin import read_lin, write_lin
from trickcore.games.bridge.pbn import PBN_ENCODINGS, encode_pbn, read_pbn
from trickcore.games.bridge.record import board_from_dict, board_to_dict
from trickcore.games.bridge.vocab import Seat
from trickcore.errors import InputError, NotationError, TrickcoreError

FORMATS = ("pbn", "lin", "json")
_PBN_TAG = re.compile(r'\[\s*\w+\s*"')


def _read_text(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except UnicodeDecodeError:
        with open(path, encoding="latin-1") as fh:
            return fh.read()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=path) from None


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
    text = _read_text(path)
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


def _outcome_text(auction):
    if not auction.is_complete:
        return f"incomplete ({len(auction.calls)} calls; {auction.turn} to call)"
    outcome = auction.outcome
    if outcome.passed_out:
        return "passed out"
    return f"{outcome.contract} by {outcome.declarer} (dummy {outcome.dummy}, {outcome.opening_leader} leads)"


def _outcome_dict(auction):
    outcome = auction.outcome
    return {"dealer": auction.dealer.name, "calls": [str(c) for c in auction.calls],
            "complete": auction.is_complete, "passed_out": bool(outcome and outcome.passed_out),
            "contract": None if outcome is None or outcome.passed_out else str(outcome.contract),
            "declarer": None if outcome is None or outcome.passed_out else outcome.declarer.name}


@click.command("auction")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--dealer", default="N", show_default=True, help="Dealer of a plain auction file.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@user_errors()
def auction_command(file, dealer, fmt):
    """Check the auction(s) in FILE (a plain call list, or PBN/LIN/JSON boards); print contract and declarer."""
    text = _read_text(file)
    if detect_format(file, text) != "plain":
        boards = read_boards(file)
        results = []
        for k, board in enumerate(boards, 1):
            if board.auction is None:
                continue
            auction = Auction(board.dealer or Seat.N, board.auction)
            results.append((board.number or k, auction))
        if not results:
            raise InputError("no auction in the file", source=file)
    else:
        results = [(None, read_auction_text(text, file, dealer))]
    if fmt == "json":
        rows = [{"board": n, **_outcome_dict(a)} for n, a in results]
        write_output(to_json(rows if len(rows) > 1 or results[0][0] else rows[0]), None)
        return
    lines = [(f"Board {n}: " if n is not None else "") + _outcome_text(a) for n, a in results]
    write_output("\n".join(lines) + "\n", None)


@click.command("convert")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--to", "target", type=click.Choice(FORMATS), required=True, help="The notation to write.")
@click.option("--encoding", type=click.Choice(sorted(PBN_ENCODINGS)), default="latin-1", show_default=True,
              help="PBN output encoding (the pbn_encoding setting): ISO-8859-1, or UTF-8 with its content-type line.")
@output_option
@user_errors()
def convert_command(file, target, encoding, output):
    """Convert the boards of FILE (PBN, LIN or JSON, by extension or content) to another notation."""
    boards = read_boards(file)
    if target == "pbn":
        text = encode_pbn(boards, encoding)
    elif target == "lin":
        text = write_lin(boards)
    else:
        text = to_json([board_to_dict(b) for b in boards])
    write_output(text, output)


commands = [auction_command, convert_command]
