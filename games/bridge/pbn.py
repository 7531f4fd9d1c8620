"""PBN 2.1 (bridge.md §16.2): forgiving reading of the files real tools write, strict writing.

``read_pbn(text, source, log)`` returns a list of ``Board`` records (``decode_pbn`` turns a file's bytes into
that text, in the character set the file declares); ``write_pbn(boards)`` the export text and
``encode_pbn(boards, pbn_encoding)`` its bytes. A board's ``ScoreTable`` rows become ``TravellerLine`` records
(games.bridge.score_table; written by scoring.bridge.duplicate.traveller's ``score_table``), its
``OptimumResultTable`` / ``DoubleDummyTricks`` a DD table (``dd_table``; written by ``with_dd_table``). Reading keeps what the model does
not hold (unknown tags and tables, notes, annotations, commentary, ``%`` lines) so that it is written back;
doubts go to the reader's ``ReadLog`` as warnings, and a game that cannot be read fails the file or is skipped
as the log says. Errors are ``NotationError`` / ``IllegalCall`` / ``InvalidDeal`` carrying the file, line and tag.
"""
import codecs
import re

import attrs

from trickcore.games.bridge.auction import PASS, Auction, parse_call
from trickcore.games.bridge.record import Board, check_board, contract_rules, parse_board_deal
from trickcore.games.bridge.vocab import Seat, Side, Strain, Vulnerability, parse_contract
from trickcore.cards import parse_card
from trickcore.errors import InvalidRecord, NotationError, ReadLog, TrickcoreError
from trickcore.play import trick_winner

MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result")
MODELLED = {"board", "dealer", "vulnerable", "deal", "declarer", "contract", "result", "auction", "play", "note"}
_UNKNOWN_DATE = "????.??.??"
_TAG_ORDER = {name: k for k, name in enumerate(MANDATORY)}
_MANDATORY_NAMES = {name.lower(): name for name in MANDATORY}      # tag names are case-insensitive
_MANDATORY_KEYS = set(_MANDATORY_NAMES)
_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_STOP = set(" \t\r\n[{;")
_NO_CARD = ("-", "+")       # in a Play section: a card not given, the next card to be played
# Header lines the writer writes itself: not kept as remarks.
_OWN_HEADER = re.compile(r"%\s*(PBN\b|EXPORT\b|IMPORT\b|Content-type\s*:)", re.IGNORECASE)
_CHARSET = re.compile(rb"^%[^\n]*?charset\s*=\s*\"?([A-Za-z0-9_.:-]+)", re.IGNORECASE | re.MULTILINE)
_ANNOTATION = re.compile(r"=\d+=|\$\d+|[!?]+|[+-]")
_SUFFIX = re.compile(r"^(.*?)([!?]+)$")
_TRUMP_ONLY = re.compile(r"NT|N|[CDHS♣♦♥♠]", re.IGNORECASE)


def decode_pbn(raw, source=None, log=None):
    """The text of a PBN file's bytes: in the charset its ``%`` header declares (or UTF-8 after a byte-order
    mark), else ISO-8859-1, the PBN standard's; undeclared bytes that are valid UTF-8 are read as UTF-8.

    A declared charset that is unknown, or that the bytes do not follow, is a warning (an error when strict)
    and the text is read as ISO-8859-1.
    """
    log = ReadLog() if log is None else log
    if raw.startswith(codecs.BOM_UTF8):
        raw, name = raw[len(codecs.BOM_UTF8):], "utf-8"
    else:
        declared = _CHARSET.search(raw[:raw.find(b"[")] if b"[" in raw else raw)
        name = None if declared is None else declared.group(1).decode("ascii")
    if name is None:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
    try:
        return raw.decode(codecs.lookup(name).name)
    except LookupError:
        log.warn(f"unknown charset {name!r} in the % header; read as ISO-8859-1", source=source, field="charset",
                 error=NotationError)
    except UnicodeDecodeError as exc:
        log.warn(f"the file is not written in its charset {name}; read as ISO-8859-1", source=source,
                 line=raw.count(b"\n", 0, exc.start) + 1, field="charset", error=NotationError)
    return raw.decode("latin-1")


@attrs.frozen
class _Token:
    kind: str       # "tag", "data", "comment" ({...}), "remark" (a % line or ; comment), "blank", "bad"
    line: int
    name: str = ""
    value: str = ""


def _line_end(text, i):
    end = text.find("\n", i)
    return len(text) if end < 0 else end


def _tokens(text, source):
    """Split PBN text into tags, section data tokens, {comments}, remarks and blank lines (game separators)."""
    out, i, line, n, content = [], 0, 1, len(text), False
    while i < n:
        ch = text[i]
        if ch == "\n":
            if not content:
                out.append(_Token("blank", line))
            line, content, i = line + 1, False, i + 1
        elif ch in " \t\r":
            i += 1
        elif ch == "%" and (i == 0 or text[i - 1] == "\n") or ch == ";":
            end = _line_end(text, i)
            out.append(_Token("remark", line, value=text[i:end].rstrip("\r")))
            i, content = end, True
        elif ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise NotationError("a { comment is never closed", source=source, line=line)
            out.append(_Token("comment", line, value=text[i + 1:end].replace("\r\n", "\n").strip()))
            line += text.count("\n", i, end)
            i, content = end + 1, True
        elif ch == "[":
            match = _TAG_RE.match(text, i)
            if match is None:
                end = _line_end(text, i)
                out.append(_Token("bad", line, value=text[i:end].strip()))
                i, content = end, True
                continue
            value = re.sub(r'\\(["\\])', r"\1", match.group(2))
            out.append(_Token("tag", line, match.group(1), value))
            line += text.count("\n", i, match.end())
            i, content = match.end(), True
        else:
            j = i
            if ch == '"':
                j = text.find('"', i + 1) + 1 or n
            else:
                while j < n and text[j] not in _STOP:
                    j += 1
            out.append(_Token("data", line, value=text[i:j]))
            i, content = j, True
    return out


@attrs.define
class _Game:
    tags: list = attrs.Factory(list)        # [(tag token, [data tokens])]
    items: list = attrs.Factory(list)       # [(after: lower-case tag name or "", token)] comments and remarks
    bad: object = None                      # the first malformed tag token

    def names(self):
        return {tok.name.lower() for tok, _ in self.tags}


def _games(tokens):
    """Group tokens into games: a game is its tags up to the next empty line (PBN 2.1 §3.1); in files that omit
    the empty lines, an identification tag the game already holds starts the next game. Comments and remarks
    before a game's first tag belong to that game; those after the last game to the last game."""
    games, game = [], _Game()
    for tok in tokens:
        if tok.kind == "blank":
            if game.tags or game.bad:
                games.append(game)
                game = _Game()
        elif tok.kind in ("comment", "remark"):
            game.items.append((_anchor([t.name for t, _ in game.tags]), tok))
        elif tok.kind == "bad":
            game.bad = game.bad or tok
        elif tok.kind == "tag":
            # In a file without empty lines between games, a mandatory tag given again starts the next game.
            if tok.name.lower() in _MANDATORY_KEYS and tok.name.lower() in game.names():
                games.append(game)
                game = _Game()
            game.tags.append((tok, []))
        elif game.tags:
            game.tags[-1][1].append(tok)
    if game.tags or game.bad:
        games.append(game)
    elif game.items and games:       # after the last game: at its end
        last = _anchor([t.name for t, _ in games[-1].tags])
        games[-1].items.extend((last, tok) for _, tok in game.items)
    return games


def _anchor(names):
    """Where a comment or remark stands: after the last of ``names`` (tag names so far), as its lower-case name,
    with ``:k`` for the k-th tag of that name when it repeats (notes); "" before the first tag."""
    if not names:
        return ""
    name = names[-1].lower()
    count = sum(1 for n in names if n.lower() == name)
    return name if count == 1 else f"{name}:{count}"


def read_pbn(text, source=None, log=None):
    """Read every game of a PBN text as Board records, forgivingly (§16.2 import).

    ``log`` (a trickcore.errors.ReadLog; a default one when None) collects the warnings and says what a game
    that cannot be read does: fail the file, or be skipped with a warning. ``#`` copies a tag's value from the
    previous game; ``##value`` gives the value to this game and to every following game without the tag, until
    the tag is given another value (PBN 2.1 §4.8).
    """
    log = ReadLog() if log is None else log
    lines = text.split("\n")
    boards, previous, standing, carried = [], {}, {}, []
    for game in _games(_tokens(text, source)):
        game.items[:0] = carried
        carried = []
        tags = []
        for tok, data in game.tags:
            key = tok.name.lower()
            if tok.value == "#":
                tok = attrs.evolve(tok, value=previous.get(key, ""))
            elif tok.value.startswith("##"):
                tok = attrs.evolve(tok, value=tok.value[2:])
                standing[key] = tok
            elif key in standing:
                standing[key] = tok     # a tag given with ## and redefined: the new value carries on
            tags.append((tok, data))
        names = {tok.name.lower() for tok, _ in tags}
        tags.extend((attrs.evolve(tok, line=None), []) for key, tok in standing.items() if key not in names)
        previous = {}
        for tok, _ in tags:
            previous.setdefault(tok.name.lower(), tok.value)
        if game.bad is None and not _holds_board(game):
            carried = game.items            # a header game's remarks go with the next board
            continue
        try:
            if game.bad is not None:
                raise NotationError(f"malformed tag {game.bad.value!r} (expected [Name \"value\"])", source=source,
                                    line=game.bad.line, field="tag")
            boards.append(_board(tags, game.items, lines, source, log))
        except TrickcoreError as exc:
            log.board_failed(exc.located(source=source, line=tags[0][0].line if tags else None))
    if carried and boards:          # a header game after the last board: its remarks go at that board's end
        commentary, remarks = _remarks(carried)
        last = _blocks(boards[-1])[-1][0]
        boards[-1] = attrs.evolve(boards[-1], commentary=boards[-1].commentary + commentary,
                                  remarks=boards[-1].remarks + tuple((last, text) for _, text in remarks))
    return boards


def _holds_board(game):
    """Whether a game is a board: every game is, except a header of ``##`` tags (PBN 2.1 §4.8), which only
    gives values to the games after it."""
    return not all(tok.value.startswith("##") for tok, _ in game.tags)


def _remarks(items):
    """The commentary texts and the remarks (after, text) of a game's comments and remarks."""
    commentary, remarks = [], []
    for after, tok in items:
        if tok.kind == "comment":
            commentary.append(tok.value)
            remarks.append((after, "{}"))
        elif not (after == "" and _OWN_HEADER.match(tok.value)):
            remarks.append((after, tok.value))
    return tuple(commentary), tuple(remarks)


def _known(values, name):
    value, line = values.get(name, ("?", None))
    return (None if value.strip() in ("?", "") else value.strip()), line


def _field(source, line, name, func, value):
    try:
        return func(value)
    except TrickcoreError as exc:
        raise exc.located(source=source, line=line, field=name)


def _seat(text):
    """A seat written as a letter or a word (N, North, n...)."""
    return Seat.parse(text.strip()[:1])


def _board(tags, items, lines, source, log):
    values = {}
    for tok, _ in tags:
        values.setdefault(tok.name.lower(), (tok.value, tok.line))
    number, number_line = _known(values, "board")
    board_text = None
    if number is not None and (not number.isdigit() or int(number) < 1):
        # Lesson files number boards "6-1" or name them "spacer": kept as written, but no board number.
        log.warn(f"board number {number!r} is not a whole number >= 1 (kept as written)", source=source,
                 line=number_line, field="Board", error=NotationError)
        board_text, number = number, None
    number = None if number is None else int(number)
    dealer, line = _known(values, "dealer")
    dealer = None if dealer is None else _field(source, line, "Dealer", _seat, dealer)
    vul, line = _known(values, "vulnerable")
    vul = None if vul is None else _field(source, line, "Vulnerable", Vulnerability.parse,
                                          "None" if vul == "0" else vul)
    deal, line = _known(values, "deal")
    deal = None if deal is None else _field(source, line, "Deal", parse_board_deal, deal)
    contract_text, line = _known(values, "contract")
    passed_out = contract_text is not None and contract_text.upper() in ("PASS", "P", "AP")
    # An end position gives only the trump (PBN 2.1 §3.10): kept as written.
    trump_only = contract_text is not None and _TRUMP_ONLY.fullmatch(contract_text) is not None
    contract = None if contract_text is None or passed_out or trump_only else \
        _field(source, line, "Contract", parse_contract, contract_text)
    declarer, line = _known(values, "declarer")
    irregular = declarer is not None and declarer.startswith("^")
    declarer = None if declarer is None else _field(source, line, "Declarer", _seat, declarer.lstrip("^"))
    kept, notes, play_notes, tables, annotations = [], [], [], [], []
    auction = play_tag = None
    if trump_only:
        kept.append(("Contract", contract_text))
    if board_text is not None:
        kept.append(("Board", board_text))
    for tok, data in tags:
        key = tok.name.lower()
        if key == "auction":
            first = _field(source, tok.line, "Auction", _seat, tok.value) if tok.value.strip() not in ("", "?") \
                else dealer or Seat.N
            first, calls = _first_caller(first, data)
            if _irregular(data) or (dealer is not None and first != dealer):
                why = "it records irregularities (^I, ^S)" if _irregular(data) else \
                    f"it starts with {first}, but the dealer is {dealer}"
                log.warn(f"the auction is kept as text only: {why}", source=source, line=tok.line, field="Auction",
                         error=NotationError)
                tables.append((tok.name, tok.value, _rows(data, lines)))
            else:
                auction = _auction(first, calls, source, annotations)
        elif key == "note":
            num, _, text = tok.value.partition(":")
            (notes if play_tag is None else play_notes).append((num.strip(), text))
        elif key == "play":
            play_tag = (tok, data)
        elif data and key not in MODELLED and key not in _MANDATORY_KEYS:
            tables.append((tok.name, tok.value, _rows(data, lines)))       # a table, or any other section
        else:
            if data:
                log.warn(f"text after [{tok.name}] left out: {' '.join(t.value for t in data)[:40]!r}",
                         source=source, line=data[0].line, field=tok.name, error=NotationError)
            if key not in MODELLED and not (key in _MANDATORY_KEYS and tok.value in ("?", _UNKNOWN_DATE)):
                # (an unknown mandatory tag is what the export writes anyway)
                kept.append((_MANDATORY_NAMES.get(key, tok.name), tok.value))
    if irregular:
        kept.append(("IrregularDeclarer", "yes"))
    outcome = auction.outcome if auction is not None and auction.is_complete else None
    if outcome is not None and contract is None and not passed_out:
        if outcome.passed_out:
            passed_out = declarer is None
        elif declarer is None or declarer == outcome.declarer:
            contract, declarer = outcome.contract, outcome.declarer
    elif outcome is not None and contract is not None and declarer is None and outcome.contract == contract:
        declarer = outcome.declarer
    result_text, result_line = _known(values, "result")
    result = None
    if result_text is not None:
        if result_text.startswith("^"):
            kept.append(("IrregularResult", "yes"))
        result = _field(source, result_line, "Result", lambda r: _result(r, contract, declarer), result_text)
        if result is None:
            kept.append(("Result", result_text))     # a side's tricks with no declarer to give them to
    play, ended = (), False
    if play_tag is not None and any(t.value != "*" for t in play_tag[1]):
        tok, data = play_tag
        leader = _field(source, tok.line, "Play", _seat, tok.value) if tok.value.strip() not in ("", "?") else None
        if contract is None or declarer is None or _irregular(data) or (leader is not None and leader != declarer.lho):
            why = "no contract and declarer to read it with" if contract is None or declarer is None else \
                "it records irregularities (^R, ^L)" if _irregular(data) else \
                f"its opening leader {leader} is not declarer's left-hand opponent"
            log.warn(f"the play is kept as text only: {why}", source=source, line=tok.line, field="Play",
                     error=NotationError)
            tables.append((tok.name, tok.value, _rows(data, lines)))
        else:
            play, ended = _play(declarer.lho, data, contract, source, log, annotations)
    # The export writes the mandatory tags first, in the standard's order: read them in that order too.
    kept.sort(key=lambda tag: _TAG_ORDER.get(tag[0], len(_TAG_ORDER)))
    commentary, remarks = _remarks(items)
    board = Board(number, dealer, vul, deal, None if auction is None else tuple(auction.calls), play, contract,
                  passed_out, declarer, result, False, tuple(kept), tuple(notes), commentary, tuple(tables),
                  tuple(annotations), remarks, tuple(play_notes))
    first_line = tags[0][0].line
    try:
        board = check_board(board, log, source, values.get("declarer", (None, first_line))[1])
    except TrickcoreError as exc:
        raise exc.located(source=source, line=values.get(exc.field or "", (None, first_line))[1])
    if len(play) == 52:
        played = board.played_result()
        if result is None:
            board = attrs.evolve(board, result=played)
        elif result != played and not result_text.startswith("^"):     # "^": it differs on purpose
            log.warn(f"Result {result} but declarer's side won {played} tricks in the play",
                     source=source, line=result_line, field="Result", error=InvalidRecord)
    board = _in_export_order(board)
    # A play ending with "*" ended there (a claim, whose total is the Result); one without it is unfinished
    # and its Result, if any, counts the tricks played so far (PBN 2.1 §3.4.15, §3.6).
    return attrs.evolve(board, claimed=ended and 0 < len(play) < 52 and board.result is not None)


def _irregular(data):
    """Whether a section records irregularities (PBN 2.1 §3.9: ^I insufficient bid, ^S call out of rotation,
    ^R revoke, ^L lead out of turn), which the board's auction and play cannot hold."""
    return any(tok.value.startswith("^") for tok in data)


def _in_export_order(board):
    """``board`` with its remarks (and the commentary they place) in the order the export writes them: each
    stays with the tag it followed, so that reading what was written gives the board back."""
    order = {anchor: k for k, (anchor, _) in enumerate(_blocks(board))}
    texts = iter(board.commentary)
    placed = [(anchor, text, next(texts, None) if text == "{}" else None) for anchor, text in board.remarks]
    placed.sort(key=lambda item: -1 if item[0] == "" else order.get(item[0], len(order)))
    commentary = tuple(c for _, text, c in placed if text == "{}" and c is not None) + tuple(texts)
    return attrs.evolve(board, remarks=tuple((anchor, text) for anchor, text, _ in placed), commentary=commentary)


def _result(text, contract, declarer=None):
    """Declarer's tricks from a Result tag: a number, ``=``/``+k``/``-k`` against the contract, a side's tricks
    ``NS 11`` / ``EW 4``, ``^`` in front for an irregular result; None for a side's tricks without a declarer."""
    body = text.lstrip("^").strip()
    sides = re.fullmatch(r"(NS|EW|N-S|E-W)\s*(\d+)(?:\s+(NS|EW|N-S|E-W)\s*(\d+))?", body, re.IGNORECASE)
    if sides is not None:
        counts = {sides.group(1).upper()[0]: int(sides.group(2))}
        if sides.group(3):
            counts[sides.group(3).upper()[0]] = int(sides.group(4))
        if len(counts) == 2 and sum(counts.values()) > 13:
            raise NotationError(f"result {text!r} gives the sides more than 13 tricks")
        for tricks in counts.values():
            _check_tricks(tricks, text)
        if declarer is None:
            return None
        own = "N" if declarer.side == Side.NS else "E"
        tricks = counts[own] if own in counts else 13 - sum(counts.values())
    elif body.isdigit():
        tricks = int(body)
    elif re.fullmatch(r"[=+-]\d*", body) and body not in ("+", "-") and contract is not None:
        tricks = contract.tricks_needed + (0 if body == "=" else int(body))
    else:
        raise NotationError(f"result {text!r} is not a number of tricks 0-13")
    return _check_tricks(tricks, text)


def _check_tricks(tricks, text):
    if not 0 <= tricks <= 13:
        raise NotationError(f"result {text!r} is not a number of tricks 0-13")
    return tricks


def _split_suffix(word):
    """A call or card token and its attached annotation: "1C!" → ("1C", "!")."""
    match = _SUFFIX.match(word)
    return (match.group(1), match.group(2)) if match and match.group(1) else (word, "")


def _first_caller(first, data):
    """The seat that makes the first call, and the section's tokens from that call on: leading ``-`` tokens
    stand for the seats before the dealer when the columns start with another seat (import format)."""
    data = list(data)
    while data and data[0].value == "-":
        first, data = first.lho, data[1:]
    return first, data


def _auction(first, data, source, annotations):
    """The Auction of a section's tokens, seat ``first`` calling first; its annotations (note references, NAGs,
    suffixes, marks) are added to ``annotations`` as ("auction", calls before, text)."""
    auction = Auction(first)
    for tok in data:
        word, suffix = _split_suffix(tok.value)
        if _ANNOTATION.fullmatch(tok.value):
            annotations.append(("auction", len(auction.calls), tok.value))
            continue
        if word == "*":
            break
        if word.upper() == "AP":
            while not auction.is_complete:
                auction.make_call(PASS)
        else:
            try:
                auction.make_call(parse_call(word))
            except TrickcoreError as exc:
                raise exc.located(source=source, line=tok.line, field="Auction")
        if suffix:
            annotations.append(("auction", len(auction.calls), suffix))
    return auction


def _play(first, data, contract, source, log, annotations):
    """The cards in playing order from the Play section's fixed columns (``first`` = the opening leader's), and
    whether the section ended with ``*``; annotations are added to ``annotations`` as ("play", cards before in
    playing order, text). ``-`` is a card not given, ``+`` the next card to be played."""
    rules = contract_rules(contract)
    cells, marks, ended = [], [], False     # cells: (token, card or None) in column order; marks: (cell, text)
    for tok in data:
        if tok.value == "*":
            ended = True
            break
        word, suffix = _split_suffix(tok.value)
        if _ANNOTATION.fullmatch(tok.value) and tok.value not in _NO_CARD:
            marks.append((len(cells) - 1, tok.value))
            continue
        cells.append((tok, None if word in _NO_CARD else _field(source, tok.line, "Play", parse_card, word)))
        if suffix:
            marks.append((len(cells) - 1, suffix))
    sequence, order, leader = [], {}, int(first)
    for start in range(0, len(cells), 4):
        row = cells[start:start + 4]
        by_seat = {(int(first) + col) % 4: (start + col, card) for col, (_, card) in enumerate(row)
                   if card is not None}
        played = []
        for k in range(4):
            seat = (leader + k) % 4
            if seat not in by_seat:
                break
            played.append(by_seat[seat])
        for index, card in played:
            order[index] = len(sequence)
            sequence.append(card)
        if len(played) < len(by_seat):
            dropped = [str(card) for index, card in by_seat.values() if index not in order]
            log.warn(f"trick {start // 4 + 1}: {' '.join(dropped)} left out: played after a card not given ('-')",
                     source=source, line=row[0][0].line, field="Play", error=NotationError)
        if len(played) < 4:
            break
        leader = trick_winner(rules, [card for _, card in played], leader)
    # In playing order (columns are not): a stable sort keeps each card's own annotations in their order.
    annotations.extend(sorted((("play", order[cell] + 1 if cell in order else (0 if cell < 0 else len(sequence)), text)
                               for cell, text in marks), key=lambda a: a[1]))
    return tuple(sequence), ended


def _rows(data, lines):
    """A section's data as its source lines (their spacing kept, so that aligned columns stay aligned); a line
    that holds more than the section's data (a comment) as its data words."""
    rows = {}
    for tok in data:
        rows.setdefault(tok.line, []).append(tok.value)
    return tuple(lines[n - 1].rstrip() if "".join(lines[n - 1].split()) == "".join("".join(words).split())
                 else " ".join(words)
                 for n, words in sorted(rows.items()))


def _escape(value):
    # Only a backslash that would read as an escape is doubled: tools write column specs like "Result\2R" bare.
    return re.sub(r'\\(?=["\\]|$)', r"\\\\", str(value)).replace('"', '\\"')


def _tag(name, value):
    return f'[{name} "{_escape(value)}"]'


_MARKERS = ("IrregularDeclarer", "IrregularResult")     # kept as tags, written as the ^ of Declarer / Result


def write_board(board):
    """The strict PBN text of one board (§16.2 export), without the file header.

    The Deal starts with the dealer's hand (PBN 2.1 export format); notes, annotations, commentary and remarks
    are written back where the board says they stood.
    """
    return "".join(line + "\n" for line in _placed(board, _blocks(board)))


def _blocks(board):
    """The export of a board as blocks (anchor, lines): a tag with its section, in the export order; the
    anchors name where comments and remarks go (see ``_anchor``)."""
    kept = {k.lower(): v for k, v in board.tags}
    known = {
        "Board": board.number, "Dealer": None if board.dealer is None else board.dealer.name,
        "Vulnerable": None if board.vulnerability is None else str(board.vulnerability),
        "Deal": board.deal and board.deal.to_pbn(0 if board.dealer is None else int(board.dealer)),
        "Date": kept.get("date", _UNKNOWN_DATE),
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
    return [(_anchor(keys[:k + 1]), lines) for k, (_, lines) in enumerate(blocks)]


def _placed(board, blocks):
    """The lines of ``blocks`` [(tag key, lines)] with the board's remarks and commentary where they stood: a
    remark after the last block of its tag; commentary without a place after the mandatory tags."""
    commentary = iter(board.commentary)
    placed = len([1 for _, text in board.remarks if text == "{}"])
    written = {key for key, _ in blocks}
    last = {key: k for k, (key, _) in enumerate(blocks)}
    after = {}
    for anchor, text in board.remarks:
        if text == "{}":
            text = next(commentary, None)
            if text is None:
                continue
            text = "{" + text + "}"
        after.setdefault(anchor if anchor == "" or anchor in written else None, []).append(text)
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
    tricks = board.tricks()
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


def _table(board, name):
    return next(((spec, rows) for key, spec, rows in board.tables if key.lower() == name.lower()), None)


def _columns(spec):
    return [column.split("\\")[0].strip().lower() for column in spec.split(";")]


def _cells(row):
    return [cell[1:-1] if cell.startswith('"') else cell for cell in re.findall(r'"[^"]*"|\S+', row)]


def _table_rows(spec, rows, name, source):
    columns = _columns(spec)
    for number, row in enumerate(rows, 1):
        cells = _cells(row)
        if len(cells) != len(columns):
            raise NotationError(f"{name} row {number} has {len(cells)} values for {len(columns)} columns",
                                source=source, field=name)
        yield number, {c: (None if v in ("-", "") else v) for c, v in zip(columns, cells)}


DD_DECLARERS = ("N", "S", "E", "W")
DD_STRAINS = ("NT", "S", "H", "D", "C")
_STRAIN_ORDER = ("C", "D", "H", "S", "NT")  # the solver's order, for tables read in any order


def dd_table(board, source=None):
    """The board's double-dummy table {declarer: {strain: tricks}} from ``OptimumResultTable`` or the
    ``DoubleDummyTricks`` tag (§16.2), or None when it has neither; the two must agree when both are given."""
    tables = []
    found = _table(board, "OptimumResultTable")
    if found is not None:
        table = {d: {} for d in ("N", "E", "S", "W")}
        for number, cells in _table_rows(*found, "OptimumResultTable", source):
            declarer, strain, tricks = cells.get("declarer"), cells.get("denomination"), cells.get("result")
            try:
                seat, strain = Seat.parse(declarer or "?").name, str(Strain.parse((strain or "?").upper()))
                table[seat][strain] = _result(tricks or "?", None)
            except TrickcoreError as exc:
                raise exc.located(source=source, field=f"OptimumResultTable row {number}")
        tables.append(table)
    digits = board.tag("DoubleDummyTricks")
    if digits is not None and digits.strip() not in ("", "?"):
        if not re.fullmatch(r"[0-9a-dA-D]{20}", digits.strip()):
            raise NotationError(f"DoubleDummyTricks must be 20 hex digits 0-d, not {digits!r}", source=source,
                                field="DoubleDummyTricks")
        values = iter(int(c, 16) for c in digits.strip())
        table = {d: {st: next(values) for st in DD_STRAINS} for d in DD_DECLARERS}
        tables.append({d: table[d] for d in ("N", "E", "S", "W")})
    if not tables:
        return None
    table = {d: dict(sorted(v.items(), key=lambda kv: _STRAIN_ORDER.index(kv[0]))) for d, v in tables[0].items()}
    # A table may list only some declarers or strains: the two agree when every entry both give is the same.
    if any(t[d][st] != tricks for t in tables[1:] for d, row in table.items() for st, tricks in row.items()):
        raise NotationError("OptimumResultTable and DoubleDummyTricks disagree", source=source,
                            field="DoubleDummyTricks")
    return table


def with_dd_table(board, table):
    """``board`` with ``table`` ({declarer: {strain: tricks}}, as ``games.bridge.analysis.dd_table`` gives) written
    as its ``OptimumResultTable`` and ``DoubleDummyTricks`` (§16.2), replacing any earlier ones."""
    try:
        rows = tuple(f"{d} {st} {table[d][st]}" for d in DD_DECLARERS for st in DD_STRAINS)
        digits = "".join(format(table[d][st], "x") for d in DD_DECLARERS for st in DD_STRAINS)
    except (KeyError, TypeError, ValueError) as exc:
        raise NotationError(f"not a complete double-dummy table: {exc}", field="OptimumResultTable") from None
    if any(not 0 <= table[d][st] <= 13 for d in DD_DECLARERS for st in DD_STRAINS):
        raise NotationError("double-dummy tricks must be 0..13", field="OptimumResultTable")
    tags = tuple((k, v) for k, v in board.tags if k.lower() != "doubledummytricks") + (("DoubleDummyTricks", digits),)
    tables = tuple(t for t in board.tables if t[0].lower() != "optimumresulttable")
    return attrs.evolve(board, tags=tags,
                        tables=tables + (("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", rows),))
