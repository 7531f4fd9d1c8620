"""PBN 2.1's strict writing (§16.2 export): ``write_pbn(boards)`` the export text, ``encode_pbn(boards,
pbn_encoding)`` its bytes, ``write_board(board)`` one game. What the reader kept beside the model (unknown tags and
tables, notes, annotations, commentary, ``%`` lines) is written back where it stood.

Sections (§) are those of docs/rules/bridge.md.
"""
import re

from trickcore.errors import NotationError
from trickcore.games.bridge.formats.pbn_tags import MANDATORY, UNKNOWN_DATE, anchor
from trickcore.games.bridge.vocab import Seat


def _escape(value):
    # Only a backslash that would read as an escape is doubled: tools write column specs like "Result\2R" bare.
    return re.sub(r'\\(?=["\\]|$)', r"\\\\", str(value)).replace('"', '\\"')


def _tag(name, value):
    return f'[{name} "{_escape(value)}"]'


_MARKERS = ("IrregularDeclarer", "IrregularResult")     # kept as tags, written as the ^ of Declarer / Result


def write_board(board):
    """The strict PBN text of one board (§16.2 export), without the file header.

    The Deal always starts with North (rules/bridge.md §16.2 export); notes, annotations, commentary and remarks
    are written back where the board says they stood.
    """
    return "".join(line + "\n" for line in _placed(board, export_blocks(board)))


def export_blocks(board):
    """The export of a board as blocks (anchor, lines): a tag with its section, in the export order; the
    anchors name where comments and remarks go (see ``pbn_tags.anchor``)."""
    kept = {k.lower(): v for k, v in board.tags}
    known = {
        "Board": board.number, "Dealer": None if board.dealer is None else board.dealer.name,
        "Vulnerable": None if board.vulnerability is None else str(board.vulnerability),
        "Deal": board.deal and board.deal.to_pbn(int(Seat.N)),
        "Date": kept.get("date", UNKNOWN_DATE),
    }
    if board.passed_out:
        # Some scorers name a declarer on a passed-out board (RealBridge): it is written back as read.
        known.update(Declarer="" if board.declarer is None else board.declarer.name, Contract="Pass", Result="")
    else:
        mark = "^" if kept.get("irregulardeclarer") == "yes" else ""
        result = board.result if kept.get("irregularresult") != "yes" else f"^{board.result}"
        known.update(Declarer=None if board.declarer is None else mark + board.declarer.name,
                     Contract=None if board.contract is None else str(board.contract),
                     Result=kept.get("result") if board.result is None else result)
    # What the model does not hold (an end position's trump, a side's tricks without declarer) stays as read.
    values = {name: kept.get(name.lower()) if known.get(name) is None else known[name] for name in MANDATORY}
    blocks = [(name.lower(), [_tag(name, "?" if values[name] is None else values[name])]) for name in MANDATORY]
    if board.auction is not None:
        blocks.append(("auction", [_tag("Auction", (board.dealer or Seat.N).name)] + _auction_lines(board)))
    blocks.extend(("note", [_tag("Note", f"{n}:{t}")]) for n, t in board.notes)
    play_notes = [("note", [_tag("Note", f"{n}:{t}")]) for n, t in board.play_notes]
    if board.play:
        blocks.append(("play", _play_lines(board)))
        blocks.extend(play_notes)
    blocks.extend((k.lower(), [_tag(k, v)]) for k, v in board.tags if k not in MANDATORY and k not in _MARKERS)
    for name, spec, rows in board.tables:
        blocks.append((name.lower(), [_tag(name, spec), *rows]))
        if name.lower() == "play" and not board.play:
            blocks.extend(play_notes)       # the notes of a play kept as text follow it
    keys = [key for key, _ in blocks]
    return [(anchor(keys[:k + 1]), lines) for k, (_, lines) in enumerate(blocks)]


def _placed(board, blocks):
    """The lines of ``blocks`` [(tag key, lines)] with the board's remarks and commentary where they stood: a
    remark after the last block of its tag; commentary without a place after the mandatory tags."""
    commentary = iter(board.commentary)
    placed = len([1 for _, text in board.remarks if text == "{}"])
    written = {key for key, _ in blocks}
    last = {key: k for k, (key, _) in enumerate(blocks)}
    after = {}
    for place, text in board.remarks:
        if text == "{}":
            text = next(commentary, None)
            if text is None:
                continue
            text = "{" + text + "}"
        after.setdefault(place if place == "" or place in written else None, []).append(text)
    loose = ["{" + text + "}" for text in board.commentary[placed:]]
    lines = list(after.get("", ()))
    for k, (key, block) in enumerate(blocks):
        lines.extend(block)
        if k == len(MANDATORY) - 1:
            lines.extend(loose)
        if last[key] == k:
            lines.extend(after.get(key, ()))
    lines.extend(after.get(None, ()))
    return lines


def _annotated(words, section, annotations):
    """``words`` (calls or card cells, in the order their positions count) with the section's annotations after
    them: ``!``/``?`` suffixes glued to the word, the others as tokens of their own."""
    words = list(words)
    before = []
    for sec, position, text in annotations:
        if sec != section:
            continue
        if position == 0 or not words:
            before.append(text)
        elif text[0] in "!?" and not words[min(position, len(words)) - 1].endswith(("=", "-")):
            words[min(position, len(words)) - 1] += text
        else:
            words[min(position, len(words)) - 1] += " " + text
    return before, words


def _auction_lines(board):
    before, calls = _annotated((str(c) for c in board.auction), "auction", board.annotations)
    lines = [" ".join(calls[k:k + 4]) for k in range(0, len(calls), 4)]
    return ([" ".join(before)] if before else []) + lines


def _play_lines(board):
    first = board.declarer.lho
    tricks = board.played_tricks()
    rest = board.play[4 * len(tricks):]
    leaders = [t.leader for t in tricks] + ([tricks[-1].winner if tricks else int(first)] if rest else [])
    # Annotations count cards in playing order: mark each card with its place before laying out the columns.
    before, words = _annotated((str(c) for c in board.play), "play", board.annotations)
    lines = [_tag("Play", first.name)] + ([" ".join(before)] if before else [])
    for number, leader in enumerate(leaders):
        cards = words[4 * number:4 * number + 4]
        by_seat = {(leader + k) % 4: word for k, word in enumerate(cards)}
        lines.append(" ".join(by_seat.get((first + col) % 4, "-") for col in range(4)))
    if board.claimed:
        lines.append("*")
    return lines


PBN_ENCODINGS = {"latin-1": "iso-8859-1", "utf-8": "utf-8"}
_CONTENT_TYPE = "% Content-type: text/x-pbn; charset=UTF-8\n"
# Suit symbols have no place in ISO-8859-1: written as the suit letters.
_SUIT_LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"})


def write_pbn(boards, encoding=None):
    """The strict PBN export of ``boards``: header lines, then one game per board separated by blank lines.

    ``encoding`` is the ``pbn_encoding`` setting the text will be written in: "latin-1" (ISO-8859-1, the PBN
    default, no content-type line) or "utf-8" (adds the content-type line); None, for callers that always
    write UTF-8 text, adds the line only when the text is not plain ASCII.
    """
    if encoding is not None and encoding not in PBN_ENCODINGS:
        raise NotationError(f"pbn_encoding must be latin-1 or utf-8, not {encoding!r}", field="pbn_encoding")
    body = "\n".join(write_board(b) for b in boards)
    header = "% PBN 2.1\n% EXPORT\n"
    if encoding == "utf-8" or (encoding is None and not body.isascii()):
        header += _CONTENT_TYPE
    return header + "\n" + body


def encode_pbn(boards, encoding="latin-1"):
    """The PBN export as bytes in ``encoding`` (§16.2: ISO-8859-1 by default, LF line ends); in ISO-8859-1 suit
    symbols are written as the suit letters."""
    text = write_pbn(boards, encoding)
    if encoding == "latin-1":
        text = text.translate(_SUIT_LETTERS)
    try:
        return text.encode(PBN_ENCODINGS[encoding])
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        raise NotationError(f"{text[exc.start]!r} cannot be written in ISO-8859-1; use pbn_encoding=utf-8",
                            line=line, field="pbn_encoding") from None
