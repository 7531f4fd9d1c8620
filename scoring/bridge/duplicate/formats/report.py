"""A scored pairs session as text and as JSON-ready data (rules/bridge.md §13.5, §15.3): the ranking per field, every
board's traveller with its matchpoints or IMPs, and every pair's score card."""
from fractions import Fraction

from trickcore.scoring.bridge.display import format_figure
from trickcore.scoring.bridge.duplicate.session import pair_order
from trickcore.scoring.bridge.duplicate.traveller import line_ns_score, written_fields

METHOD_NAMES = {"matchpoints": "matchpoints", "butler": "Butler IMPs", "cross_imps": "cross-IMPs"}
FIELD_NAMES = {"NS": "N-S", "EW": "E-W", "all": "all pairs"}


def figure_text(session, value, total=False):
    """A matchpoint or IMP figure as shown (rules/bridge.md §15.3): integers plain, else two decimals; averaged
    cross-IMPs of a board always with two decimals (30/5 is 6.00)."""
    if value is None:
        return None
    averaged = session.method == "cross_imps" and session.settings.cross_imps == "average" and not total
    value = Fraction(value)
    if averaged and value.denominator == 1:
        return f"{value.numerator}.00"
    return format_figure(value)


def _number(text):
    """A figure's shown text as the JSON number it stands for, rounded as shown (17.40 is 17.4, 4 is 4)."""
    if text is None:
        return None
    return float(text) if "." in text else int(text)


def percentage_text(value):
    """A percentage as shown: always two decimals, halves away from zero (75.00, 41.67)."""
    text = format_figure(value)
    return text if "." in text else f"{text}.00"


def _by_pair(standings):
    # Score cards come in pair order, section by section, as a scorer files them.
    return sorted(standings, key=lambda s: (s.section, pair_order(s.pair)))


def _names(names):
    return " - ".join(names) if names else None


def standing_dict(session, standing, shown=_number):
    """One pair's ranking row as JSON-ready data (``shown`` turns each figure's shown text into its value)."""
    out = {"place": standing.place, "section": standing.section, "pair": standing.pair,
           "names": list(standing.names), "field": standing.field, "boards": standing.boards,
           "total": shown(figure_text(session, standing.total, total=True))}
    if standing.percentage is not None:
        out["available"] = shown(figure_text(session, standing.available, total=True))
        out["percentage"] = shown(percentage_text(standing.percentage))
    elif session.settings.imp_ranking == "per_board":
        out["per_board"] = shown(format_figure(standing.figure))
    return out


def line_dict(session, scored, shown=_number):
    """One traveller line with its figures as JSON-ready data (``shown`` as for ``standing_dict``)."""
    line = scored.line
    fields = written_fields(line)
    return {"section": line.section, "round": line.round, "table": line.table, "ns_pair": line.ns_pair,
            "ew_pair": line.ew_pair, "contract": fields["contract"], "declarer": fields["declarer"],
            "tricks": line.tricks, "result": fields["result"], "lead": fields["lead"],
            "ns_score": fields["ns_score"], "ns": shown(figure_text(session, scored.ns)),
            "ew": shown(figure_text(session, scored.ew))}


def _text(text):
    return text


def session_to_dict(session, as_shown=False):
    """The whole scored session as JSON-ready data: event, method, expected results, ranking per field,
    travellers (with the board's deal when the hand records give it), score cards; the figures as numbers, or
    ``as_shown``, as the text a results page shows (17.40, 6.00)."""
    shown = _text if as_shown else _number
    settings = session.settings
    head = {"method": session.method,
            "units": settings.mp_units if session.method == "matchpoints" else None,
            "neuberg": settings.neuberg if session.method == "matchpoints" else None}
    boards = []
    for (section, number), scored_lines in session.travellers().items():
        first = scored_lines[0]
        board = {"section": section, "board": number}
        if session.method == "matchpoints":
            board["top"] = shown(figure_text(session, first.top, total=True))
        elif session.method == "butler":
            board["datum"] = first.datum
        record = session.boards.get(number)
        if record is not None and record.deal is not None:
            board["deal"] = record.deal.to_pbn()
        board["lines"] = [line_dict(session, s, shown) for s in scored_lines]
        boards.append(board)
    cards = []
    every_card = session.cards()
    for standing in _by_pair(session.standings):
        entries = []
        for e in every_card.get((standing.section, standing.pair), []):
            fields = written_fields(e.scored.line)
            entries.append({"board": e.scored.line.board, "direction": e.direction, "opponents": e.opponents,
                            "contract": fields["contract"], "declarer": fields["declarer"],
                            "result": fields["result"], "score": e.score,
                            "figure": shown(figure_text(session, e.figure))})
        cards.append({"section": standing.section, "pair": standing.pair, "names": list(standing.names),
                      "boards": entries})
    return {"event": {"name": session.event.name, "date": session.event.date, "site": session.event.site,
                      "club": session.event.club},
            **head, "expected": dict(session.expected),
            "ranking": [{"section": section, "field": field,
                         "pairs": [standing_dict(session, s, shown) for s in standings]}
                        for (section, field), standings in session.fields().items()],
            "boards": boards, "cards": cards}


def _table(head, rows, aligns):
    widths = [max(len(str(h)), *(len(str(r[k])) for r in rows)) if rows else len(str(h)) for k, h in enumerate(head)]
    lines = []
    for row in [head] + rows:
        cells = [str(c).ljust(w) if a == "L" else str(c).rjust(w) for c, w, a in zip(row, widths, aligns)]
        lines.append("  ".join(cells).rstrip())
    return lines


def _dash(value):
    return "-" if value is None else value


def render_text(session):
    """The session as text: the ranking of each field, then every board's traveller, then every pair's card."""
    out = []
    title = session.event.name or "Pairs session"
    out.append(f"{title}: {METHOD_NAMES[session.method]}"
               + (f", {session.event.date}" if session.event.date else ""))
    mp = session.method == "matchpoints"
    for (section, field), standings in session.fields().items():
        out.append("")
        out.append(f"Section {section}, {FIELD_NAMES[field]}")
        per_board = not mp and session.settings.imp_ranking == "per_board"
        head = (["place", "pair", "boards", "total"] + (["of", "%"] if mp else [])
                + (["per board"] if per_board else []) + ["names"])
        rows = [[s.place, s.pair, s.boards, figure_text(session, s.total, total=True)]
                + ([figure_text(session, s.available, total=True), percentage_text(s.percentage)] if mp else [])
                + ([format_figure(s.figure)] if per_board else []) + [_names(s.names) or ""] for s in standings]
        out.extend(_table(head, rows, "LRRR" + "R" * (len(head) - 5) + "L"))
    unit = "MP" if mp else "IMPs"
    for (section, number), scored_lines in session.travellers().items():
        first = scored_lines[0]
        extra = f", top {figure_text(session, first.top, total=True)}" if mp else (
            f", datum {_dash(first.datum)}" if session.method == "butler" else "")
        out.append("")
        out.append(f"Board {number} (section {section}{extra})")
        head = ["NS", "EW", "contract", "by", "result", "lead", "score", f"{unit} NS", f"{unit} EW"]
        rows = []
        for scored in scored_lines:
            fields = written_fields(scored.line)
            rows.append([scored.line.ns_pair, scored.line.ew_pair, fields["contract"], _dash(fields["declarer"]),
                         _dash(fields["result"]), _dash(fields["lead"]), _dash(line_ns_score(scored.line)),
                         _dash(figure_text(session, scored.ns)), _dash(figure_text(session, scored.ew))])
        out.extend(_table(head, rows, "RRLLLLRRR"))
    every_card = session.cards()
    for standing in _by_pair(session.standings):
        out.append("")
        names = _names(standing.names)
        out.append(f"Pair {standing.pair} (section {standing.section}){': ' + names if names else ''}")
        head = ["board", "dir", "v", "contract", "by", "result", "score", unit]
        rows = []
        for entry in every_card.get((standing.section, standing.pair), []):
            fields = written_fields(entry.scored.line)
            rows.append([entry.scored.line.board, entry.direction, entry.opponents, fields["contract"],
                         _dash(fields["declarer"]), _dash(fields["result"]), _dash(entry.score),
                         _dash(figure_text(session, entry.figure))])
        out.extend(_table(head, rows, "RLRLLLRR"))
    return "\n".join(out) + "\n"
