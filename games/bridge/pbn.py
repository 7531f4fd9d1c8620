"""PBN 2.1 (bridge.md §16.2): forgiving reading of the files real tools write, strict writing.

``read_pbn(text, source)`` returns a list of ``Board`` records; ``write_pbn(boards)`` the export text and
``encode_pbn(boards, pbn_encoding)`` its bytes. A board's ``ScoreTable`` rows become ``TravellerLine`` records
(games.bridge.score_table; written by scoring.bridge.traveller's ``score_table``), its ``OptimumResultTable`` / ``DoubleDummyTricks`` a DD table
(``dd_table``; written by ``with_dd_table``). Errors are ``NotationError`` / ``IllegalCall`` / ``InvalidDeal``
carrying the file, line and tag.
"""
import re

import attrs

from trickcore.games.bridge.auction import PASS, Auction, parse_call
from trickcore.games.bridge.record import Board, check_board, contract_rules
from trickcore.games.bridge.vocab import Seat, Strain, Vulnerability, parse_contract
from trickcore.cards import parse_card
from trickcore.deal import parse_deal
from trickcore.errors import NotationError, TrickcoreError
from trickcore.play import trick_winner

MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result")
MODELLED = {"board", "dealer", "vulnerable", "deal", "declarer", "contract", "result", "auction", "play", "note"}
_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_STOP = set(" \t\r\n[{;")


@attrs.frozen
class _Token:
    kind: str       # "tag", "data", "comment", "blank"
    line: int
    name: str = ""
    value: str = ""


def _tokens(text, source):
    """Split PBN text into tags, section data tokens, {comments} and blank lines (game separators)."""
    out, i, line, n, content = [], 0, 1, len(text), False
    while i < n:
        ch = text[i]
        if ch == "\n":
            if not content:
                out.append(_Token("blank", line))
            line, content, i = line + 1, False, i + 1
        elif ch in " \t\r":
            i += 1
        elif ch == "%" and (i == 0 or text[i - 1] == "\n"):
            i = text.find("\n", i) if "\n" in text[i:] else n
            content = True
        elif ch == ";":
            i = text.find("\n", i) if "\n" in text[i:] else n
            content = True
        elif ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise NotationError("a { comment is never closed", source=source, line=line)
            out.append(_Token("comment", line, value=text[i + 1:end].strip()))
            line += text.count("\n", i, end)
            i, content = end + 1, True
        elif ch == "[":
            match = _TAG_RE.match(text, i)
            if match is None:
                snippet = text[i:text.find("\n", i) if "\n" in text[i:] else n].strip()
                raise NotationError(f"malformed tag {snippet!r} (expected [Name \"value\"])", source=source,
                                    line=line, field="tag")
            value = re.sub(r'\\(["\\])', r"\1", match.group(2))
            out.append(_Token("tag", line, match.group(1), value))
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


def _games(tokens):
    """Group tokens into games: (tags with their data tokens, comments) per game."""
    games, tags, comments = [], [], []
    for tok in tokens:
        if tok.kind == "blank":
            if tags:
                games.append((tags, comments))
                tags, comments = [], []
        elif tok.kind == "comment":
            comments.append(tok.value)
        elif tok.kind == "tag":
            if tok.name.lower() in ("event", "board") and any(t[0].name.lower() == "deal" for t in tags):
                games.append((tags, comments))
                tags, comments = [], []
            tags.append((tok, []))
        elif tags:
            tags[-1][1].append(tok)
    if tags:
        games.append((tags, comments))
    return games


def read_pbn(text, source=None):
    """Read every game of a PBN text as Board records, forgivingly (§16.2 import)."""
    boards, previous = [], {}
    for tags, comments in _games(_tokens(text, source)):
        values = {}
        tags = [(attrs.evolve(tok, value=previous.get(tok.name.lower(), "")) if tok.value == "#" else tok, data)
                for tok, data in tags]
        for tok, _ in tags:
            values.setdefault(tok.name.lower(), (tok.value, tok.line))
        previous = {k: v for k, (v, _) in values.items()}
        boards.append(_board(tags, values, comments, source))
    return boards


def _known(values, name):
    value, line = values.get(name, ("?", None))
    return (None if value.strip() in ("?", "") else value.strip()), line


def _field(source, line, name, func, value):
    try:
        return func(value)
    except TrickcoreError as exc:
        raise exc.located(source=source, line=line, field=name)


def _board(tags, values, comments, source):
    number, line = _known(values, "board")
    if number is not None:
        if not number.isdigit() or int(number) < 1:
            raise NotationError(f"board number {number!r} is not a whole number >= 1", source=source, line=line,
                                field="Board")
        number = int(number)
    dealer, line = _known(values, "dealer")
    dealer = None if dealer is None else _field(source, line, "Dealer", Seat.parse, dealer[0])
    vul, line = _known(values, "vulnerable")
    vul = None if vul is None else _field(source, line, "Vulnerable", Vulnerability.parse,
                                          "None" if vul == "0" else vul)
    deal, line = _known(values, "deal")
    deal = None if deal is None else _field(source, line, "Deal", _parse_deal, deal)
    contract_text, line = _known(values, "contract")
    passed_out = contract_text is not None and contract_text.upper() in ("PASS", "P", "AP")
    contract = None if contract_text is None or passed_out else _field(source, line, "Contract", parse_contract,
                                                                       contract_text)
    declarer, line = _known(values, "declarer")
    irregular = declarer is not None and declarer.startswith("^")
    declarer = None if declarer is None else _field(source, line, "Declarer", Seat.parse, declarer.lstrip("^"))
    result, line = _known(values, "result")
    result = None if result is None else _field(source, line, "Result", lambda r: _result(r, contract), result)
    kept, notes, tables, auction, play, claimed = [], [], [], None, (), False
    for tok, data in tags:
        key = tok.name.lower()
        if key == "auction":
            first = Seat.parse(tok.value[:1]) if tok.value.strip() not in ("", "?") else dealer or Seat.N
            auction = _auction(first, data, source)
        elif key == "note":
            num, _, text = tok.value.partition(":")
            notes.append((num.strip(), text))
        elif key == "play":
            if contract is not None and declarer is not None and data:
                play, claimed = _play(tok, data, contract, declarer, source)
        elif data and key.endswith("table"):
            tables.append((tok.name, tok.value, _rows(data)))
        elif key not in MODELLED:
            kept.append((tok.name, tok.value))
    if irregular:
        kept.append(("IrregularDeclarer", "yes"))
    if auction is not None and contract is None and not passed_out and auction.is_complete:
        outcome = auction.outcome
        contract, declarer, passed_out = outcome.contract, outcome.declarer, outcome.passed_out
    board = Board(number, dealer, vul, deal, None if auction is None else tuple(auction.calls), play, contract,
                  passed_out, declarer, result, claimed or (bool(play) and len(play) < 52 and result is not None),
                  tuple(kept), tuple(notes), tuple(comments), tuple(tables))
    try:
        return check_board(board)
    except TrickcoreError as exc:
        raise exc.located(source=source, line=values.get(exc.field or "", (None, None))[1])


def _parse_deal(text):
    first, _, rest = text.partition(":") if text[1:2] == ":" else ("N", ":", text)
    parts = rest.split()
    if len(parts) == 3:
        parts.append("-")
    return parse_deal(f"{first}:{' '.join(parts)}")


def _result(text, contract):
    if text.isdigit():
        tricks = int(text)
    elif re.fullmatch(r"[=+-]\d*", text) and contract is not None:
        tricks = contract.tricks_needed + (0 if text == "=" else int(text))
    else:
        raise NotationError(f"result {text!r} is not a number of tricks 0-13")
    if not 0 <= tricks <= 13:
        raise NotationError(f"result {text!r} is not a number of tricks 0-13")
    return tricks


def _auction(dealer, data, source):
    auction = Auction(dealer)
    for tok in data:
        word = tok.value
        if re.fullmatch(r"=\d+=|\$\d+|-|\+", word):
            continue
        if word == "*":
            break
        if word.upper() == "AP":
            while not auction.is_complete:
                auction.make_call(PASS)
            continue
        try:
            auction.make_call(parse_call(word))
        except TrickcoreError as exc:
            raise exc.located(source=source, line=tok.line, field="Auction")
    return auction


def _play(tag, data, contract, declarer, source):
    """The cards in playing order from the Play section's fixed columns; and whether it ended early."""
    first = _field(source, tag.line, "Play", Seat.parse, tag.value[:1] or declarer.lho.name)
    rules = contract_rules(contract)
    words = [t for t in data if t.value not in ("",)]
    stop = next((k for k, t in enumerate(words) if t.value == "*"), len(words))
    rows = [words[k:k + 4] for k in range(0, stop, 4)]
    sequence, leader = [], int(first)
    for row in rows:
        by_seat = {}
        for col, tok in enumerate(row):
            if tok.value != "-":
                by_seat[(int(first) + col) % 4] = _field(source, tok.line, "Play", parse_card, tok.value)
        cards = [by_seat.get((leader + k) % 4) for k in range(4)]
        if None in cards:
            sequence.extend(c for c in cards[:cards.index(None)])
            return tuple(sequence), True
        sequence.extend(cards)
        leader = trick_winner(rules, cards, leader)
    return tuple(sequence), len(sequence) < 52


def _rows(data):
    lines = {}
    for tok in data:
        lines.setdefault(tok.line, []).append(tok.value)
    return tuple(" ".join(words) for _, words in sorted(lines.items()))


def _escape(value):
    # Only a backslash that would read as an escape is doubled: tools write column specs like "Result\2R" bare.
    return re.sub(r'\\(?=["\\]|$)', r"\\\\", str(value)).replace('"', '\\"')


def _tag(name, value):
    return f'[{name} "{_escape(value)}"]'


def write_board(board):
    """The strict PBN text of one board (§16.2 export), without the file header."""
    kept = {k.lower(): v for k, v in board.tags}
    known = {
        "Board": board.number, "Dealer": board.dealer and board.dealer.name,
        "Vulnerable": board.vulnerability and str(board.vulnerability),
        "Deal": board.deal and board.deal.to_pbn(0),
        "Date": kept.get("date", "????.??.??"),
    }
    if board.passed_out:
        known.update(Declarer="", Contract="Pass", Result="")
    else:
        known.update(Declarer=board.declarer and board.declarer.name, Contract=board.contract and str(board.contract),
                     Result=board.result)
    lines = []
    for name in MANDATORY:
        value = known.get(name, kept.get(name.lower()))
        lines.append(_tag(name, "?" if value is None else value))
    lines.extend("{" + text + "}" for text in board.commentary)
    if board.auction is not None:
        lines.append(_tag("Auction", (board.dealer or Seat.N).name))
        calls = [str(c) for c in board.auction]
        lines.extend(" ".join(calls[k:k + 4]) for k in range(0, len(calls), 4))
        lines.extend(_tag("Note", f"{n}:{t}") for n, t in board.notes)
    if board.play:
        lines.extend(_play_lines(board))
    lines.extend(_tag(k, v) for k, v in board.tags if k not in MANDATORY and k != "IrregularDeclarer")
    for name, spec, rows in board.tables:
        lines.append(_tag(name, spec))
        lines.extend(rows)
    return "\n".join(lines) + "\n"


def _play_lines(board):
    first = board.declarer.lho
    lines = [_tag("Play", first.name)]
    tricks = board.tricks()
    for t in tricks:
        by_seat = {(t.leader + k) % 4: c for k, c in enumerate(t.cards)}
        lines.append(" ".join(str(by_seat[(first + col) % 4]) for col in range(4)))
    rest = board.play[4 * len(tricks):]
    if rest:
        leader = tricks[-1].winner if tricks else int(first)
        by_seat = {(leader + k) % 4: c for k, c in enumerate(rest)}
        lines.append(" ".join(str(by_seat[(first + col) % 4]) if (first + col) % 4 in by_seat else "-"
                              for col in range(4)))
    if len(board.play) < 52:
        lines.append("*")
    return lines


PBN_ENCODINGS = {"latin-1": "iso-8859-1", "utf-8": "utf-8"}
_CONTENT_TYPE = "% Content-type: text/x-pbn; charset=UTF-8\n"


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
    """The PBN export as bytes in ``encoding`` (§16.2: ISO-8859-1 by default, LF line ends)."""
    text = write_pbn(boards, encoding)
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
    if any(t != table for t in tables[1:]):
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
