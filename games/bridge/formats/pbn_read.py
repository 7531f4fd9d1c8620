"""PBN 2.1's forgiving reading (rules/bridge.md §16.2 import) of the files real tools write.

``read_pbn(text, source, log)`` returns a list of ``Board`` records (``decode_pbn`` turns a file's bytes into
that text, in the character set the file declares). Reading keeps what the model does not hold (unknown tags and
tables, notes, annotations, commentary, ``%`` lines) so that games.bridge.formats.pbn_write writes it back; doubts
go to the reader's ``ReadLog`` as warnings, and a game that cannot be read fails the file or is skipped as the log
says. Errors are ``NotationError`` / ``IllegalCall`` / ``InvalidDeal`` carrying the file, line and tag.
"""
import codecs
import re

import attrs

from trickcore.games.bridge.auction import PASS, Auction, parse_call
from trickcore.games.bridge.formats.pbn_tags import MANDATORY, MANDATORY_NAMES, UNKNOWN_DATE, split_games
from trickcore.games.bridge.formats.pbn_write import export_blocks
from trickcore.games.bridge.record import Board, check_board, contract_rules, parse_board_deal, play_fault
from trickcore.games.bridge.vocab import Seat, Side, Vulnerability, parse_contract
from trickcore.cards import parse_card
from trickcore.errors import InvalidRecord, NotationError, ReadLog, TrickcoreError
from trickcore.files import decode_text, marked_encoding, universal_newlines
from trickcore.play import trick_winner

_MODELLED = {"board", "dealer", "vulnerable", "deal", "declarer", "contract", "result", "auction", "play", "note"}
_TAG_ORDER = {name: k for k, name in enumerate(MANDATORY)}
_NO_CARD = ("-", "+")       # in a Play section: a card not given, the next card to be played
# Header lines the writer writes itself: not kept as remarks.
_OWN_HEADER = re.compile(r"%\s*(PBN\b|EXPORT\b|IMPORT\b|Content-type\s*:)", re.IGNORECASE)
_CHARSET = re.compile(rb"^%[^\n]*?charset\s*=\s*\"?([A-Za-z0-9_.:-]+)", re.IGNORECASE | re.MULTILINE)
_ANNOTATION = re.compile(r"=\d+=|\$\d+|[!?]+|[+-]")
_SUFFIX = re.compile(r"^(.*?)([!?]+)$")
_TRUMP_ONLY = re.compile(r"NT|N|[CDHS♣♦♥♠]", re.IGNORECASE)


def decode_pbn(raw, source=None, log=None):
    """The text of a PBN file's bytes, LF line ends: in the charset its ``%`` header declares (or as a byte-order
    mark says: UTF-8, UTF-16), else ISO-8859-1, the PBN standard's; undeclared bytes that are valid UTF-8 are
    read as UTF-8.

    A declared charset that is unknown, or that the bytes do not follow, is a warning (an error when strict)
    and the text is read as ISO-8859-1.
    """
    log = ReadLog() if log is None else log
    name = marked_encoding(raw)
    if name == "utf-8-sig":
        # Without its mark, so that a file whose mark lies reads as ISO-8859-1 below with nothing before its text.
        raw, name = raw[len(codecs.BOM_UTF8):], "utf-8"
    elif name is None:
        declared = _CHARSET.search(raw[:raw.find(b"[")] if b"[" in raw else raw)
        if declared is None:
            return decode_text(raw, "latin-1", source)
        name = declared.group(1).decode("ascii")
    try:
        return universal_newlines(raw.decode(codecs.lookup(name).name))
    except LookupError:
        log.warn(f"unknown charset {name!r} in the % header; read as ISO-8859-1", source=source, field="charset",
                 error=NotationError)
    except UnicodeDecodeError as exc:
        log.warn(f"the file is not written in its charset {name}; read as ISO-8859-1", source=source,
                 line=raw.count(b"\n", 0, exc.start) + 1, field="charset", error=NotationError)
    return universal_newlines(raw.decode("latin-1"))


def read_pbn(text, source=None, log=None):
    """Read every game of a PBN text as Board records, forgivingly (rules/bridge.md §16.2 import).

    ``log`` (a trickcore.errors.ReadLog; a default one when None) collects the warnings and says what a game
    that cannot be read does: fail the file, or be skipped with a warning. ``#`` copies a tag's value from the
    previous game; ``##value`` gives the value to this game and to every following game without the tag, until
    the tag is given another value (PBN 2.1 §4.8).
    """
    log = ReadLog() if log is None else log
    lines = text.split("\n")
    boards, previous, standing, carried = [], {}, {}, []
    for game in split_games(text, source):
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
        last = export_blocks(boards[-1])[-1][0]
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
    """One game as a Board, read in steps: its tags, its sections (auction, notes, tables), the contract they
    give, the result and the play; then checked as a whole."""
    values = {}
    for tok, _ in tags:
        values.setdefault(tok.name.lower(), (tok.value, tok.line))
    number, kept = _number(values, source, log)
    dealer = _tag_value(values, "Dealer", _seat, source)
    vulnerability = _tag_value(values, "Vulnerable", _vulnerability, source)
    deal = _tag_value(values, "Deal", parse_board_deal, source)
    stated, stated_kept = _stated_contract(values, source)
    sections = _sections(tags, dealer, lines, source, log)
    declared = stated.completed(sections.auction)
    result = _result_tag(values, declared, source)
    play = _play_section(sections.play_tag, declared, number, lines, source, log)
    # The export writes the mandatory tags first, in the standard's order: read them in that order too (the
    # others in source order, the ^ marks of Declarer and Result last).
    kept = sorted([*kept, *sections.kept, *stated_kept, *result.kept],
                  key=lambda tag: _TAG_ORDER.get(tag[0], len(_TAG_ORDER)))
    commentary, remarks = _remarks(items)
    board = Board(number=number, dealer=dealer, vulnerability=vulnerability, deal=deal,
                  auction=None if sections.auction is None else tuple(sections.auction.calls), play=play.cards,
                  contract=declared.contract, passed_out=declared.passed_out, declarer=declared.declarer,
                  result=result.tricks, tags=tuple(kept), notes=sections.notes, commentary=commentary,
                  tables=sections.tables + play.tables, annotations=sections.annotations + play.annotations,
                  remarks=remarks, play_notes=sections.play_notes)
    fault = play_fault(board)
    if fault is not None:
        # The deal, auction and result stand without the play: only the play is kept as text.
        play = _play_as_text(sections.play_tag, f"it does not fit the deal ({fault})", number, lines, source, log)
        board = attrs.evolve(board, play=(), tables=sections.tables + play.tables, annotations=sections.annotations)
    return _checked(board, values, tags[0][0].line, result, play.ended, source, log)


def _number(values, source, log):
    """The board number, and the Board tag kept as written when it is not a whole number >= 1."""
    number, line = _known(values, "board")
    if number is not None and (not number.isdigit() or int(number) < 1):
        # Lesson files number boards "6-1" or name them "spacer": kept as written, but no board number.
        log.warn(f"board number {number!r} is not a whole number >= 1 (kept as written)", source=source,
                 line=line, field="Board", error=NotationError)
        return None, [("Board", number)]
    return None if number is None else int(number), []


def _tag_value(values, name, parse, source):
    """The value of tag ``name`` read by ``parse``; None when the tag is absent or unknown (``?``)."""
    value, line = _known(values, name.lower())
    return None if value is None else _field(source, line, name, parse, value)


def _vulnerability(text):
    return Vulnerability.parse("None" if text == "0" else text)


@attrs.frozen
class _Declared:
    """A board's contract: as its Contract and Declarer tags state it, then as its auction completes it."""

    contract: object = None
    passed_out: bool = False
    declarer: Seat = None

    def completed(self, auction):
        """The contract with what a complete ``auction`` adds: the contract and declarer the tags leave out."""
        outcome = auction.outcome if auction is not None and auction.is_complete else None
        if outcome is not None and self.contract is None and not self.passed_out:
            if outcome.passed_out:
                return attrs.evolve(self, passed_out=self.declarer is None)
            if self.declarer is None or self.declarer == outcome.declarer:
                return attrs.evolve(self, contract=outcome.contract, declarer=outcome.declarer)
        elif outcome is not None and self.contract is not None and self.declarer is None \
                and outcome.contract == self.contract:
            return attrs.evolve(self, declarer=outcome.declarer)
        return self


def _stated_contract(values, source):
    """The contract the Contract and Declarer tags state, and what they keep as tags: an end position's trump,
    the ``^`` of an irregular declarer."""
    text, line = _known(values, "contract")
    passed_out = text is not None and text.upper() in ("PASS", "P", "AP")
    # An end position gives only the trump (PBN 2.1 §3.10): kept as written.
    trump_only = text is not None and _TRUMP_ONLY.fullmatch(text) is not None
    contract = None if text is None or passed_out or trump_only else \
        _field(source, line, "Contract", parse_contract, text)
    declarer, line = _known(values, "declarer")
    irregular = declarer is not None and declarer.startswith("^")
    declarer = None if declarer is None else _field(source, line, "Declarer", _seat, declarer.lstrip("^"))
    kept = ([("Contract", text)] if trump_only else []) + ([("IrregularDeclarer", "yes")] if irregular else [])
    return _Declared(contract, passed_out, declarer), kept


@attrs.frozen
class _Sections:
    """What a game's tags give beside its identification and contract: the auction (None when absent or kept
    as text), the notes of the auction and of the play, the tables and the sections kept as text, the
    auction's annotations, the Play tag with its data (read once the contract is known), the tags kept."""

    auction: object = None
    notes: tuple = ()
    play_notes: tuple = ()
    tables: tuple = ()
    annotations: tuple = ()
    play_tag: tuple = None
    kept: tuple = ()


def _sections(tags, dealer, lines, source, log):
    """The sections of a game's tags, in order (see ``_Sections``)."""
    kept, notes, play_notes, tables, annotations = [], [], [], [], []
    auction = play_tag = None
    for tok, data in tags:
        key = tok.name.lower()
        if key == "auction":
            read = _auction_section(tok, data, dealer, source, log, annotations)
            if read is None:
                tables.append((tok.name, tok.value, _rows(data, lines)))
            else:
                auction = read
        elif key == "note":
            num, _, text = tok.value.partition(":")
            (notes if play_tag is None else play_notes).append((num.strip(), text))
        elif key == "play":
            play_tag = (tok, data)
        elif data and key not in _MODELLED and key not in MANDATORY_NAMES:
            tables.append((tok.name, tok.value, _rows(data, lines)))       # a table, or any other section
        else:
            if data:
                log.warn(f"text after [{tok.name}] left out: {' '.join(t.value for t in data)[:40]!r}",
                         source=source, line=data[0].line, field=tok.name, error=NotationError)
            if key not in _MODELLED and not (key in MANDATORY_NAMES and tok.value in ("?", UNKNOWN_DATE)):
                # (an unknown mandatory tag is what the export writes anyway)
                kept.append((MANDATORY_NAMES.get(key, tok.name), tok.value))
    return _Sections(auction, tuple(notes), tuple(play_notes), tuple(tables), tuple(annotations), play_tag, tuple(kept))


def _auction_section(tok, data, dealer, source, log, annotations):
    """The Auction of an Auction section, its annotations added to ``annotations``; None when it is kept as
    text: when it records irregularities or does not start with the dealer."""
    first = _field(source, tok.line, "Auction", _seat, tok.value) if tok.value.strip() not in ("", "?") \
        else dealer or Seat.N
    first, calls = _first_caller(first, data)
    if _irregular(data) or (dealer is not None and first != dealer):
        why = "it records irregularities (^I, ^S)" if _irregular(data) else \
            f"it starts with {first}, but the dealer is {dealer}"
        log.warn(f"the auction is kept as text only: {why}", source=source, line=tok.line, field="Auction",
                 error=NotationError)
        return None
    return _auction(first, calls, source, annotations)


@attrs.frozen
class _ResultTag:
    """A board's Result tag: declarer's tricks (None when it gives none or only a side's tricks without a
    declarer), the tag as written and its line."""

    tricks: int = None
    text: str = None
    line: int = None

    @property
    def irregular(self):
        """Whether the result is marked ``^``: it differs from the play on purpose."""
        return self.text is not None and self.text.startswith("^")

    @property
    def kept(self):
        """The tags it keeps: the ``^`` mark, and a side's tricks that no declarer takes."""
        return ([("IrregularResult", "yes")] if self.irregular else []) + \
            ([("Result", self.text)] if self.text is not None and self.tricks is None else [])


def _result_tag(values, declared, source):
    """The Result tag read against the contract."""
    text, line = _known(values, "result")
    if text is None:
        return _ResultTag()
    tricks = _field(source, line, "Result", lambda r: result_tricks(r, declared.contract, declared.declarer), text)
    return _ResultTag(tricks, text, line)


@attrs.frozen
class _PlaySection:
    """What a Play section gives: the cards in playing order and whether it ended with ``*``, or the section
    kept as text; the annotations of its cards."""

    cards: tuple = ()
    ended: bool = False
    tables: tuple = ()
    annotations: tuple = ()


def _play_section(play_tag, declared, number, lines, source, log):
    """The play of a Play section (``play_tag``: its tag and data), read with the contract; kept as text when
    there is no contract and declarer, it records irregularities or its leader is not declarer's LHO."""
    if play_tag is None or all(t.value == "*" for t in play_tag[1]):
        return _PlaySection()
    tok, data = play_tag
    contract, declarer = declared.contract, declared.declarer
    leader = _field(source, tok.line, "Play", _seat, tok.value) if tok.value.strip() not in ("", "?") else None
    if contract is None or declarer is None or _irregular(data) or (leader is not None and leader != declarer.lho):
        why = "no contract and declarer to read it with" if contract is None or declarer is None else \
            "it records irregularities (^R, ^L)" if _irregular(data) else \
            f"its opening leader {leader} is not declarer's left-hand opponent"
        return _play_as_text(play_tag, why, None, lines, source, log, error=NotationError)
    annotations = []
    try:
        cards, ended = _play(declarer.lho, data, contract, source, log, annotations)
    except NotationError as exc:
        return _play_as_text(play_tag, exc.message, number, lines, source, log, error=NotationError)
    return _PlaySection(cards, ended, annotations=tuple(annotations))


def _play_as_text(play_tag, why, number, lines, source, log, error=InvalidRecord):
    """The Play section kept as text only, with a warning saying ``why`` (naming board ``number`` when the board
    stands without its play); when strict, ``error`` instead."""
    tok, data = play_tag
    board = "" if number is None else f"board {number}: "
    log.warn(f"{board}the play is kept as text only: {why}", source=source, line=tok.line, field="Play", error=error)
    return _PlaySection(tables=((tok.name, tok.value, _rows(data, lines)),))


def _checked(board, values, first_line, result, ended, source, log):
    """``board`` checked (its auction and play legal, its Result the tricks its whole play gives), its remarks
    in the export's order, and claimed when its play ended with ``*``."""
    try:
        board = check_board(board, log, source, values.get("declarer", (None, first_line))[1])
    except TrickcoreError as exc:
        raise exc.located(source=source, line=values.get(exc.field or "", (None, first_line))[1])
    if len(board.play) == 52:
        played = board.played_result()
        if result.tricks is None:
            board = attrs.evolve(board, result=played)
        elif result.tricks != played and not result.irregular:     # "^": it differs on purpose
            log.warn(f"Result {result.tricks} but declarer's side won {played} tricks in the play",
                     source=source, line=result.line, field="Result", error=InvalidRecord)
    board = _in_export_order(board)
    # A play ending with "*" ended there (a claim, whose total is the Result); one without it is unfinished
    # and its Result, if any, counts the tricks played so far (PBN 2.1 §3.4.15, §3.6).
    return attrs.evolve(board, claimed=ended and 0 < len(board.play) < 52 and board.result is not None)


def _irregular(data):
    """Whether a section records irregularities (PBN 2.1 §3.9: ^I insufficient bid, ^S call out of rotation,
    ^R revoke, ^L lead out of turn), which the board's auction and play cannot hold."""
    return any(tok.value.startswith("^") for tok in data)


def _in_export_order(board):
    """``board`` with its remarks (and the commentary they place) in the order the export writes them: each
    stays with the tag it followed, so that reading what was written gives the board back."""
    order = {anchor: k for k, (anchor, _) in enumerate(export_blocks(board))}
    texts = iter(board.commentary)
    placed = [(anchor, text, next(texts, None) if text == "{}" else None) for anchor, text in board.remarks]
    placed.sort(key=lambda item: -1 if item[0] == "" else order.get(item[0], len(order)))
    commentary = tuple(c for _, text, c in placed if text == "{}" and c is not None) + tuple(texts)
    return attrs.evolve(board, remarks=tuple((anchor, text) for anchor, text, _ in placed), commentary=commentary)


def result_tricks(text, contract, declarer=None):
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
