"""LIN, BBO's board notation (§16.3): forgiving reading of BBO hand records and vugraph files, strict
writing.

A LIN text is a run of ``key|value|`` pairs; where its lines break means nothing. A board is the run of pairs from
one ``qx|`` to the next; in a file without ``qx|``, from one ``md|`` to the next, together with the ``pn|`` and
``st|`` pairs written just before its ``md|``. The pairs before the first board are the file's header: ``vg|``
(event, segment, scoring, first and last board, teams), ``rs|`` (the result of each board and room in turn),
``pn|`` or ``pw|`` (four names, or eight for the open and closed rooms), ``bn|``, ``pg||``. The classic traps: hands
are listed S, W, N, E and the dealer digit counts 1=S, 2=W, 3=N, 4=E.

LIN has no escape for ``|``: the writer puts ``¦`` in its place in any text, and ``;`` for a ``,`` in a name.

Sections (§) are those of docs/rules/bridge.md.
"""
import re

import attrs

from trickcore.games.bridge.auction import Auction, parse_call
from trickcore.games.bridge.record import Board, PartialDeal, board_deal, check_board, play_fault
from trickcore.games.bridge.vocab import Seat, Strain, Vulnerability, parse_contract
from trickcore.cards import Suit, parse_card, parse_hand
from trickcore.dealing import Deal
from trickcore.errors import InvalidRecord, NotationError, ReadLog, TrickcoreError

LIN_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)
_VUL_READ = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE, "n": Vulnerability.NS,
             "e": Vulnerability.EW, "b": Vulnerability.BOTH}
_VUL_WRITE = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.BOTH: "b"}
SEAT_TAGS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_PREAMBLE = {"pn", "st"}        # written before a board's md| in hand records without qx|
_HEADER_KEYS = {"vg", "rs", "pn", "pw", "bn", "pg"}    # bn| numbers the boards, which their qx| numbers again
_SKIPPED = {"pg"}               # page breaks of the replay: no data
_KEY = re.compile(r"[a-z]{2}")
# The keys BBO writes (hand records, vugraph files, movies): where the reader resynchronises when it has lost step.
KNOWN_KEYS = {"vg", "rs", "pn", "pw", "bn", "mp", "pg", "qx", "st", "md", "rh", "ah", "sv", "mb", "an", "pc", "mc",
              "nt", "sk", "up", "lb", "at", "hc", "cr", "cg", "px"}
_QX = re.compile(r"\s*([oc])(\d+)\s*", re.IGNORECASE)
_RS = re.compile(r"([1-7])(NT|[CDHSN])([NESW])(XX|X)?(=|[+-]\d{1,2})?", re.IGNORECASE)
_MAX_RS = 2000          # results in one rs|: both rooms of a thousand boards, more than any segment has
_WRITTEN_TAGS = {"lin_qx", "lin_vg"}    # tags the writer puts in their own place, not as key|value| pairs


@attrs.frozen
class _Pair:
    key: str
    value: str
    line: int


def _pairs(text, source, log):
    """Every ``key|value|`` pair of a LIN text, with the line its key stands on.

    Where a key is expected and the text holds no key (vugraph files write stray empty keys, ``pn|...||pg||``),
    the reader resynchronises on the next known key: what it steps over is left out, with a warning unless it is
    blank."""
    parts = text.split("|")
    starts, line = [], 1
    for part in parts:              # the line each part starts on
        starts.append(line)
        line += part.count("\n")
    out, k = [], 0
    while k < len(parts):
        raw = parts[k]
        key = raw.strip().lower()
        key_line = starts[k] + raw.count("\n", 0, len(raw) - len(raw.lstrip()))
        if not _KEY.fullmatch(key):
            k = _resynchronised(parts, k, starts, source, log)
            continue
        if k + 1 == len(parts):
            log.warn(f"the text ends with {key!r} and no value (the file is cut short?)", source=source,
                     line=key_line, field=key)
            break
        out.append(_Pair(key, parts[k + 1], key_line))
        k += 2
    return out


def _resynchronised(parts, k, starts, source, log):
    """The index of the next part from ``k`` that is a known LIN key (the end when none is), the parts stepped
    over noted as left out when they hold anything."""
    ahead = next((j for j in range(k, len(parts)) if parts[j].strip().lower() in KNOWN_KEYS), len(parts))
    skipped = " ".join(part.strip() for part in parts[k:ahead] if part.strip())
    if skipped:
        log.warn(f"{skipped!r} is not a LIN key and value: left out up to the next key", source=source,
                 line=starts[k])
    return ahead


def _runs(pairs):
    """The header pairs and one run of pairs per board."""
    header, runs, has_md = [], [], False
    for pair in pairs:
        if pair.key == "qx" or (pair.key == "md" and (not runs or has_md)):
            before = runs[-1] if runs else header
            moved = []
            if pair.key == "md":
                while before and before[-1].key in _PREAMBLE:
                    moved.insert(0, before.pop())
            runs.append(moved)
            has_md = False
        (runs[-1] if runs else header).append(pair)
        has_md = has_md or pair.key == "md"
    return header, runs


@attrs.frozen
class _Header:
    """What a file's header says for every board."""

    vg: str = None
    names: tuple = ()
    results: tuple = ()
    rs_line: int = None

    def first_board(self):
        """The first board number of the segment, from ``vg|`` (None when it does not say)."""
        fields = (self.vg or "").split(",")
        return int(fields[3]) if len(fields) > 3 and re.fullmatch(r"\s*[0-9]{1,6}\s*", fields[3]) else None


def _header(pairs, source, log):
    vg, names, results, rs_line = None, (), (), None
    for pair in pairs:
        if pair.key not in _HEADER_KEYS and pair.value.strip():
            log.warn(f"{pair.key}|{pair.value.strip()[:40]}| before the first board is not kept", source=source,
                     line=pair.line, field=pair.key)
        if pair.key == "vg":
            vg = pair.value
        elif pair.key in ("pn", "pw"):
            names = tuple(n.strip() for n in pair.value.split(","))
        elif pair.key == "rs":
            results, rs_line = tuple(r.strip() for r in pair.value.split(",")), pair.line
    return _Header(vg, names, results, rs_line)


def _slots(rooms, first):
    """Where each board's result stands in ``rs|``: the open then the closed room of each board from the first
    (``rooms`` gives each board's ``qx|`` value); the boards' order in the file when they have no ``qx|``."""
    found = [_QX.fullmatch(room or "") for room in rooms]
    if not found or None in found:
        return list(range(len(rooms)))
    numbers = [int(m.group(2)) for m in found]
    first = min(numbers) if first is None else first
    slots = [2 * (n - first) + (m.group(1).lower() == "c") for n, m in zip(numbers, found)]
    if min(slots) < 0 or max(slots) >= _MAX_RS or len(set(slots)) < len(slots):
        return list(range(len(rooms)))
    return slots


def read_lin(text, source=None, log=None):
    """Read every board of a LIN text as Board records, forgivingly (§16.3 import).

    ``log`` (a ReadLog; a default one when None) collects the warnings and decides what a board that cannot be
    read does: stop the reading, or leave the board out with a warning.
    """
    log = log if log is not None else ReadLog()
    header_pairs, runs = _runs(_pairs(text, source, log))
    header = _header(header_pairs, source, log)
    slots = _slots([next((p.value for p in run if p.key == "qx"), None) for run in runs], header.first_board())
    boards, used = [], set()
    for run, slot in zip(runs, slots):
        result = header.results[slot] if slot < len(header.results) else ""
        try:
            boards.append(_board(run, header, result, source, log))
        except TrickcoreError as exc:
            log.board_failed(exc.located(source=source, line=run[0].line))
        used.add(slot)
    unused = [k + 1 for k, r in enumerate(header.results) if r and k not in used]
    if unused:
        log.warn(f"rs|: results {', '.join(map(str, unused[:10]))}{' ...' if len(unused) > 10 else ''} belong to no "
                 "board of the file (left out)", source=source, line=header.rs_line, field="rs")
    return boards


def read_lin_board(text, source=None, log=None):
    """Read the one board of a LIN text (a hand record line)."""
    boards = read_lin(text, source, log)
    if len(boards) != 1:
        raise NotationError(f"expected one LIN board, found {len(boards)}", source=source)
    return boards[0]


def _deal(value):
    """The dealer and deal of an ``md|`` value: the hands in LIN's order S W N E, the last one left out when the
    others give it; a deal of short hands (a problem or a lesson) is a PartialDeal, its empty hands left out."""
    digit, hands = value.strip()[:1], value.strip()[1:]
    if not digit or digit not in "1234":
        raise NotationError(f"md: dealer digit {digit!r} is not 1-4", field="md")
    dealer = LIN_ORDER[int(digit) - 1]
    parts = [p.strip() for p in hands.split(",")]
    if len(parts) > 4 and any(parts[4:]):
        raise NotationError(f"md: {len(parts)} hands (a deal has four)", field="md")
    parts = (parts + ["", "", ""])[:4]
    by_seat = {seat: parse_hand(text) if text else None for seat, text in zip(LIN_ORDER, parts)}
    return dealer, board_deal([by_seat[s] for s in Seat])


def _rs_result(text):
    """A result of ``rs|`` as (passed_out, contract, declarer, tricks); None for an empty one."""
    if not text:
        return None
    if text.upper() in ("P", "PASS", "AP"):
        return True, None, None, None
    match = _RS.fullmatch(text)
    if match is None:
        raise NotationError(f"rs|: {text!r} is not a result like 4SN+1, 3NTWx-2 or PASS", field="rs")
    level, strain, declarer, doubled, relative = match.groups()
    contract = parse_contract(level + strain + (doubled or ""))
    tricks = None
    if relative:
        tricks = contract.tricks_needed + (0 if relative == "=" else int(relative))
        if not 0 <= tricks <= 13:
            raise NotationError(f"rs|: {text!r} is not a number of tricks 0-13", field="rs")
    return False, contract, Seat.parse(declarer), tricks


def _board(run, header, rs_text, source, log):
    """One board's run of pairs as a Board: its pairs read, its auction made, its contract set against what
    ``rs|`` states, then its result."""
    pairs = _read_pairs(run, source)
    auction = Auction(pairs.dealer or Seat.N)
    for call, line in pairs.calls:
        try:
            auction.make_call(call)
        except TrickcoreError as exc:
            raise exc.located(source=source, line=line, field="mb")
    where = dict(source=source, line=run[0].line)
    passed_out, contract, declarer, stated = _contract(auction.outcome, rs_text, log, where)
    board = Board(
        number=pairs.number, dealer=pairs.dealer, vulnerability=pairs.vulnerability, deal=pairs.deal,
        auction=None if not pairs.calls else tuple(c for c, _ in pairs.calls),
        contract=contract, passed_out=passed_out, declarer=declarer, claimed=pairs.claim is not None,
        tags=tuple(_header_tags(header, pairs.names, pairs.room)) + pairs.tags, notes=pairs.notes,
        commentary=pairs.comments, annotations=pairs.annotations)
    board = check_board(_with_play(board, pairs.cards, source, log))
    result = _result(board, pairs.claim, stated, rs_text, log, where)
    return attrs.evolve(board, result=result)


def _with_play(board, cards, source, log):
    """``board`` with the cards of its ``pc|`` pairs ((value, line) pairs); a play that cannot be read or does
    not fit the deal is left out with a warning naming the board, which stands without it."""
    if not cards:
        return board
    try:
        played = attrs.evolve(board, play=tuple(parse_card(value) for value, _ in cards))
        fault = play_fault(played)
    except TrickcoreError as exc:
        played, fault = None, exc.message
    if fault is None:
        return played
    name = "" if board.number is None else f"board {board.number}: "
    log.warn(f"{name}the play is left out: {fault}", source=source, line=cards[0][1], field="pc",
             error=InvalidRecord)
    return board


@attrs.frozen
class _BoardPairs:
    """What a board's pairs say: its identification, names and room, calls (call, line), cards, claim, notes and
    comments, and the pairs the model does not hold, kept as ``lin_`` tags."""

    dealer: Seat = None
    deal: Deal = None
    vulnerability: Vulnerability = None
    number: int = None
    room: str = None
    names: list = None
    claim: int = None
    calls: tuple = ()
    annotations: tuple = ()
    notes: tuple = ()
    cards: tuple = ()
    tags: tuple = ()
    comments: tuple = ()


def _read_pairs(run, source):
    """The pairs of a board's run read key by key; the board number from ``ah|``, else from ``qx|``."""
    dealer = deal = vul = number = qx_number = names = claim = None
    calls, annotations, notes, cards, tags, comments, room = [], [], [], [], [], [], None
    for pair in run:
        key, value = pair.key, pair.value
        try:
            if key == "md":
                dealer, deal = _deal(value)
            elif key == "sv":
                if value.strip().lower() not in _VUL_READ:
                    raise NotationError(f"sv: {value!r} is not o, n, e or b", field="sv")
                vul = _VUL_READ[value.strip().lower()]
            elif key == "ah":
                match = re.search(r"\d+", value)
                if match is None:
                    tags.append(("lin_ah", value))
                else:
                    number = int(match.group())
            elif key == "qx":
                match = _QX.fullmatch(value)
                room, qx_number = (match.group(1).lower(), int(match.group(2))) if match else (None, None)
                tags.append(("lin_qx", value.strip()))
            elif key == "mb":
                calls.append((parse_call(value), pair.line))
                if value.strip().endswith("!"):
                    annotations.append(("auction", len(calls), "!"))
            elif key == "an":
                notes.append((str(len(notes) + 1), value))
                annotations.append(("auction", len(calls), f"={len(notes)}="))
            elif key == "pc":
                cards.append((value, pair.line))       # read with the deal: a play that does not fit is left out
            elif key == "mc":
                if not re.fullmatch(r"\s*[0-9]{1,2}\s*", value) or int(value) > 13:
                    raise NotationError(f"mc: {value!r} is not a number of tricks 0-13", field="mc")
                claim = int(value)
            elif key == "pn":
                names = [n.strip() for n in value.split(",")]
            elif key == "nt":
                comments.append(value)
            elif key in _SKIPPED or (key in ("st", "rh") and not value.strip()):
                continue
            else:
                tags.append((f"lin_{key}", value))
        except TrickcoreError as exc:
            raise exc.located(source=source, line=pair.line, field=key)
    return _BoardPairs(dealer=dealer, deal=deal, vulnerability=vul, number=qx_number if number is None else number,
                       room=room, names=names, claim=claim, calls=tuple(calls), annotations=tuple(annotations),
                       notes=tuple(notes), cards=tuple(cards), tags=tuple(tags), comments=tuple(comments))


def _contract(outcome, rs_text, log, where):
    """Passed out, contract and declarer as the auction's ``outcome`` gives them, else as ``rs|`` states them (the
    auction wins a disagreement, with a warning); and what ``rs|`` states (None when empty or unreadable)."""
    contract = declarer = None
    passed_out = outcome is not None and outcome.passed_out
    if outcome is not None and not passed_out:
        contract, declarer = outcome.contract, outcome.declarer
    stated = None
    try:
        stated = _rs_result(rs_text)
    except TrickcoreError as exc:
        log.warn(exc.message + " (left out)", field="rs", **where)
    if stated is not None and outcome is None:
        passed_out, contract, declarer = stated[:3]
    elif stated is not None and (stated[0], stated[1], stated[2]) != (passed_out, contract, declarer):
        log.warn(f"rs| says {rs_text} but the auction ends in {'Pass' if passed_out else contract} "
                 f"(the auction is kept)", field="rs", error=InvalidRecord, **where)
    return passed_out, contract, declarer, stated


def _header_tags(header, names, room):
    """The tags a board takes from the file header and its names: event, the header verbatim, the players."""
    tags = []
    if header.vg is not None:
        event = header.vg.split(",")[0].strip()
        if event:
            tags.append(("Event", event))
        tags.append(("lin_vg", header.vg))
    if names is None or not any(names):
        names = header.names[4:8] if room == "c" and len(header.names) >= 8 else header.names[:4]
    elif len(names) >= 8 and room == "c":
        names = names[4:8]
    for seat, name in zip(LIN_ORDER, names):
        if name:
            tags.append((SEAT_TAGS[seat], name))
    return tags


def _result(board, claim, stated, rs_text, log, where):
    """The tricks of the declaring side: the claim, else the complete play, else what ``rs|`` says."""
    won = board.played_result() or 0
    if claim is not None:
        left = 13 - len(board.play) // 4
        if not won <= claim <= won + left:
            log.warn(f"mc|: a claim of {claim} tricks, but the declaring side has won {won} with {left} to play "
                     "(kept as given)", field="mc", error=InvalidRecord, **where)
        result = claim
    elif len(board.play) == 52:
        result = won
    else:
        result = None
    if stated is not None and stated[3] is not None:
        if result is None:
            result = stated[3]
        elif result != stated[3]:
            log.warn(f"rs| says {rs_text} but the play gives {result} tricks (the play is kept)", field="rs",
                     error=InvalidRecord, **where)
    return result


def _text(value, also=""):
    """Free text for a LIN value: ``|`` (and the characters of ``also``) cannot stand in it."""
    out = str(value).replace("|", "\u00a6").replace("\r", " ").replace("\n", " ")
    for char in also:
        out = out.replace(char, ";")
    return out


def _lin_hand(cards):
    if cards is None:           # a partial deal's hand left out
        return ""
    out = ""
    for suit in Suit:
        ranks = sorted(c.rank for c in cards if c.suit == suit)
        out += suit.name + "".join(r.letter for r in ranks)
    return out


def _call(call):
    return {"Pass": "p", "X": "d", "XX": "r"}.get(str(call), str(call).replace("NT", "N"))


def _derived(board):
    """What a board's line says without ``rs|``: (passed_out, contract, declarer, result)."""
    outcome = Auction(board.dealer, board.auction).outcome if board.auction else None
    passed_out = outcome is not None and outcome.passed_out
    contract, declarer = (None, None) if outcome is None or passed_out else (outcome.contract, outcome.declarer)
    result = board.result if board.claimed else (board.played_result() if len(board.play) == 52 else None)
    return passed_out, contract, declarer, result


def _rs_text(board):
    if board.passed_out:
        return "PASS"
    if board.contract is None or board.declarer is None:
        return ""
    contract = board.contract
    text = f"{contract.level}{'N' if contract.strain == Strain.NT else contract.strain.name}{board.declarer.name}"
    text += ("", "x", "xx")[contract.doubled]
    if board.result is not None:
        over = board.result - contract.tricks_needed
        text += "=" if over == 0 else f"{over:+d}"
    return text


def write_lin_board(board):
    """One board as a LIN line (§16.3 export); what only ``rs|`` can hold is ``write_lin``'s."""
    if board.dealer is None or not isinstance(board.deal, (Deal, PartialDeal)):
        raise NotationError("a LIN board needs the deal and the dealer", field="md")
    out = ""
    if board.tag("lin_qx"):
        out += f"qx|{_text(board.tag('lin_qx'))}|"
    names = ",".join(_text(board.tag(SEAT_TAGS[s], "").replace("?", ""), ",") for s in LIN_ORDER)
    digit = LIN_ORDER.index(board.dealer) + 1
    hands = ",".join(_lin_hand(board.deal.hands[s]) for s in LIN_ORDER)
    out += f"pn|{names}|st||md|{digit}{hands}|rh||"
    if board.number is not None:
        out += f"ah|Board {board.number}|"
    if board.vulnerability is not None:
        out += f"sv|{_VUL_WRITE[board.vulnerability]}|"
    for key, value in board.tags:
        if key.lower().startswith("lin_") and key.lower() not in _WRITTEN_TAGS:
            out += f"{key[4:].lower()}|{_text(value)}|"
    notes = dict(board.notes)
    marks = {}
    for section, position, text in board.annotations:
        if section == "auction":
            marks.setdefault(position, []).append(text)
    for k, call in enumerate(board.auction or (), 1):
        here = marks.get(k, [])
        out += f"mb|{_call(call)}{'!' if '!' in here else ''}|"
        for text in here:
            if re.fullmatch(r"=\d+=", text) and text.strip("=") in notes:
                out += f"an|{_text(notes[text.strip('=')])}|"
    out += "pg||"
    for k, card in enumerate(board.play, 1):
        out += f"pc|{card}|" + ("pg||" if k % 4 == 0 else "")
    for text in board.commentary:
        out += f"nt|{_text(text)}|pg||"
    if board.claimed and board.result is not None:
        out += f"mc|{board.result}|"
    return out


def write_lin(boards):
    """Several boards as LIN text: a header line when they need one (the event's ``vg|``, or ``rs|`` for results
    the boards' own lines cannot hold: results-only boards, results without a claim or the whole play), then one
    line per board."""
    boards = list(boards)
    lines = [write_lin_board(b) for b in boards]
    header = ""
    vg = boards[0].tag("lin_vg") if boards else None
    if vg is not None:
        header += f"vg|{_text(vg)}|"
    stated = [(b.passed_out, b.contract, b.declarer, b.result) for b in boards]
    if any(s != _derived(b) for s, b in zip(stated, boards)):
        slots = _slots([b.tag("lin_qx") for b in boards], _Header(vg).first_board())
        results = [""] * (max(slots) + 1)
        for slot, board in zip(slots, boards):
            results[slot] = _rs_text(board)
        header += f"rs|{','.join(results)}|"
    return (header + "pg||\n" if header else "") + "".join(line + "\n" for line in lines)
