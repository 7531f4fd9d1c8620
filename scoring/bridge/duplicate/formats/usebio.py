"""USEBIO 1.2 results XML (rules/bridge.md §16.4): read a pairs event's traveller lines and pair names, forgivingly
(``PARTICIPANTS``/``BOARD`` under ``EVENT`` or ``SESSION/SECTION``, elements in any order, attributes in place of
child elements, unknown elements ignored); write a scored session with its ranking and travellers."""
import codecs
import re
import xml.etree.ElementTree as ET
from xml.parsers import expat

import trickcore
from trickcore.errors import InvalidRecord, NotationError, TrickcoreError
from trickcore.files import decode_text, marked_encoding, universal_newlines
from trickcore.games.bridge.formats.score_table import traveller_line
from trickcore.scoring.bridge.duplicate.formats.report import figure_text, percentage_text
from trickcore.scoring.bridge.duplicate.session import Event, PrintedLine, PrintedStanding, Results
from trickcore.scoring.bridge.duplicate.traveller import written_fields

_DECLARED = re.compile(rb"""<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']""")
SCORING_METHODS = {"matchpoints": "MATCH_POINTS", "butler": "BUTLER_IMPS", "cross_imps": "CROSS_IMPS"}


class _Element(ET.Element):
    """An element that also keeps its source ``line``, for errors that name the line."""

    line = None


def _parse(text, source):
    builder = ET.TreeBuilder(element_factory=_Element)
    parser = expat.ParserCreate()

    def start(tag, attributes):
        builder.start(tag, attributes).line = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        raise NotationError(f"not well-formed XML: {expat.errors.messages[exc.code]}", source=source,
                            line=exc.lineno) from None
    return builder.close()


def _value(element, name):
    """The text of child ``name`` (any case), or the attribute of that name; None when absent or empty."""
    if element.get(name) is not None:
        return element.get(name).strip() or None
    for child in element:
        if child.tag.upper() == name:
            text = (child.text or "").strip()
            return text or None
    return None


def _children(element, name):
    return [child for child in element if child.tag.upper() == name]


def _integer(text, field):
    if text is None or not text.lstrip("+-").isdigit():
        raise InvalidRecord(f"{text!r} is not a whole number", field=field)
    return int(text)


def _sections(event):
    """(section id, element) of every element holding PARTICIPANTS or BOARD: the event itself or its sections."""
    out = []
    for session in _children(event, "SESSION"):
        for section in _children(session, "SECTION"):
            out.append((section.get("SECTION_ID") or _value(section, "SECTION_ID") or "A", section))
    if _children(event, "PARTICIPANTS") or _children(event, "BOARD"):
        out.append(("A", event))
    return out


def _traveller_line(element, board, section):
    score, contract = _value(element, "SCORE"), _value(element, "CONTRACT")
    if score is not None and score.upper().startswith("A") and contract is None:
        # An artificial adjusted score in SCORE with no CONTRACT ("A+/A+", "A60/40") is read as that code.
        contract, score = score, None
    where = dict(section=section, ns_pair=_integer(_value(element, "NS_PAIR_NUMBER"), "NS_PAIR_NUMBER"),
                 ew_pair=_integer(_value(element, "EW_PAIR_NUMBER"), "EW_PAIR_NUMBER"),
                 round=None if _value(element, "ROUND") is None else _integer(_value(element, "ROUND"), "ROUND"),
                 table=None if _value(element, "TABLE") is None else _integer(_value(element, "TABLE"), "TABLE"))
    try:
        return traveller_line(board, contract, declarer=_value(element, "PLAYED_BY"),
                              result=_value(element, "TRICKS"), lead=_value(element, "LEAD"),
                              ns_score=None if score is None else _integer(score, "SCORE"), **where)
    except TrickcoreError as exc:
        names = {"contract": "CONTRACT", "declarer": "PLAYED_BY", "result": "TRICKS", "lead": "LEAD",
                 "board": "BOARD_NUMBER"}
        exc.field = names.get(exc.field, exc.field)
        raise


_FIGURES = (("NS_MATCH_POINTS", "EW_MATCH_POINTS"), ("NS_IMPS", "EW_IMPS"), ("NS_CROSS_IMPS", "EW_CROSS_IMPS"))


def _printed_line(element):
    # The scorer's own matchpoints or IMPs of a traveller line, under whichever names the file uses.
    for ns, ew in _FIGURES:
        if _value(element, ns) is not None or _value(element, ew) is not None:
            return PrintedLine(ns=_value(element, ns), ew=_value(element, ew))
    return PrintedLine()


def _printed_standing(pair, section, number):
    return PrintedStanding(section=section, pair=number, place=_value(pair, "PLACE"),
                           total=_value(pair, "TOTAL_SCORE"), percentage=_value(pair, "PERCENTAGE"),
                           boards=_value(pair, "BOARDS_PLAYED"), direction=_value(pair, "DIRECTION"))


def decode_usebio(raw, source=None):
    """The text of a USEBIO file's bytes, LF line ends: in the encoding a byte-order mark says, else the one its XML
    declaration names (``<?xml version="1.0" encoding="windows-1252"?>``), else UTF-8 (ISO-8859-1 when the bytes
    are not UTF-8); NotationError when the declared encoding is unknown or the bytes do not follow it."""
    declared = None if marked_encoding(raw) else _DECLARED.match(raw.lstrip())
    name = None if declared is None else declared.group(1).decode("ascii")
    try:
        if name is None or codecs.lookup(name).name == "utf-8":
            return decode_text(raw, "iso-8859-1", source)
        return universal_newlines(raw.decode(name))
    except LookupError:
        raise NotationError(f"unknown encoding {name!r} in the XML declaration", source=source, line=1,
                            field="encoding") from None
    except UnicodeDecodeError as exc:
        raise NotationError(f"the file is not written in its declared encoding {name}", source=source,
                            line=raw.count(b"\n", 0, exc.start) + 1, field="encoding") from None


def read_usebio(text, source):
    """The Results of a USEBIO XML text: every TRAVELLER_LINE, the pair names, the event's name, date and club."""
    root = _parse(text, source)
    event = root if root.tag.upper() == "EVENT" else next(iter(_children(root, "EVENT")), None)
    if event is None:
        raise NotationError("no EVENT element", source=source, line=root.line, field="EVENT")
    lines, where, names, printed, ranking = [], [], {}, [], []
    for section, element in _sections(event):
        for participants in _children(element, "PARTICIPANTS"):
            for pair in _children(participants, "PAIR"):
                try:
                    number = _integer(_value(pair, "PAIR_NUMBER"), "PAIR_NUMBER")
                except TrickcoreError as exc:
                    raise exc.located(source=source, line=pair.line)
                players = tuple(_value(p, "PLAYER_NAME") or "" for p in _children(pair, "PLAYER"))
                names[(section, number)] = tuple(p for p in players if p)
                if _value(pair, "PLACE") or _value(pair, "TOTAL_SCORE"):
                    ranking.append(_printed_standing(pair, section, number))
        for board in _children(element, "BOARD"):
            try:
                number = _integer(_value(board, "BOARD_NUMBER"), "BOARD_NUMBER")
                if number < 1:
                    raise InvalidRecord(f"board number must be >= 1, not {number}", field="BOARD_NUMBER")
            except TrickcoreError as exc:
                raise exc.located(source=source, line=board.line)
            for item in _children(board, "TRAVELLER_LINE"):
                try:
                    lines.append(_traveller_line(item, number, section))
                except TrickcoreError as exc:
                    raise exc.located(source=source, line=item.line)
                where.append(f"{source}, line {item.line}")
                printed.append(_printed_line(item))
    club = next(iter(_children(root, "CLUB")), None)
    date = _value(event, "DATE")
    if date and len(date.split("/")) == 3:
        day, month, year = date.split("/")
        date = f"{year}.{month}.{day}"
    info = Event(name=_value(event, "EVENT_DESCRIPTION"), date=date,
                 club=None if club is None else _value(club, "CLUB_NAME"))
    if all(p == PrintedLine() for p in printed):
        printed = []
    return Results(source, lines, where, names, event=info, printed=printed, ranking=ranking)


def _add(parent, tag, text=None):
    element = ET.SubElement(parent, tag)
    if text is not None:
        element.text = str(text)
    return element


def write_usebio(session):
    """The scored session as USEBIO 1.2 XML text: the ranking per section (places with ``=`` for ties) and
    every board's traveller with its matchpoints or IMPs."""
    root = ET.Element("USEBIO", Version="1.2")
    if session.event.club:
        club = _add(root, "CLUB")
        _add(club, "CLUB_NAME", session.event.club)
    event = _add(root, "EVENT", None)
    event.set("EVENT_TYPE", "PAIRS")
    _add(event, "PROGRAM_NAME", "trickcore")
    _add(event, "PROGRAM_VERSION", trickcore.__version__)
    if session.event.name:
        _add(event, "EVENT_DESCRIPTION", session.event.name)
    if session.event.date and len(session.event.date.split(".")) == 3:
        year, month, day = session.event.date.split(".")
        _add(event, "DATE", f"{day}/{month}/{year}")
    _add(event, "BOARD_SCORING_METHOD", SCORING_METHODS[session.method])
    fields = session.fields()
    _add(event, "WINNER_TYPE", 1 if any(field == "all" for _, field in fields) else 2)
    block = _add(event, "SESSION")
    block.set("SESSION_NUMBER", "1")
    sections = sorted({section for section, _ in fields} | {s.line.section for s in session.lines})
    travellers = session.travellers()
    for section in sections:
        element = _add(block, "SECTION")
        element.set("SECTION_ID", section)
        participants = _add(element, "PARTICIPANTS")
        for standing in session.standings:
            if standing.section != section:
                continue
            pair = _add(participants, "PAIR")
            _add(pair, "PAIR_NUMBER", standing.pair)
            if standing.field != "all":
                _add(pair, "DIRECTION", standing.field)
            _add(pair, "BOARDS_PLAYED", standing.boards)
            _add(pair, "PLACE", standing.place)
            _add(pair, "TOTAL_SCORE", figure_text(session, standing.total, total=True))
            if standing.percentage is not None:
                _add(pair, "PERCENTAGE", percentage_text(standing.percentage))
            for name in standing.names:
                _add(_add(pair, "PLAYER"), "PLAYER_NAME", name)
        for (board_section, number), scored_lines in travellers.items():
            if board_section != section:
                continue
            board = _add(element, "BOARD")
            _add(board, "BOARD_NUMBER", number)
            for scored in scored_lines:
                _traveller_element(board, session, scored)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _traveller_element(board, session, scored):
    line = scored.line
    fields = written_fields(line)
    item = _add(board, "TRAVELLER_LINE")
    for tag, value in (("ROUND", line.round), ("TABLE", line.table), ("NS_PAIR_NUMBER", line.ns_pair),
                       ("EW_PAIR_NUMBER", line.ew_pair), ("CONTRACT", fields["contract"]),
                       ("PLAYED_BY", fields["declarer"]), ("LEAD", fields["lead"]),
                       ("TRICKS", line.tricks), ("SCORE", fields["ns_score"])):
        if value is not None:
            _add(item, tag, value)
    names = ("NS_IMPS", "EW_IMPS") if session.imps else ("NS_MATCH_POINTS", "EW_MATCH_POINTS")
    for tag, value in zip(names, (scored.ns, scored.ew)):
        if value is not None:
            _add(item, tag, figure_text(session, value))
