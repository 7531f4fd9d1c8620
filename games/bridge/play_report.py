"""Play analyses (games.bridge.play_analysis) as the reports of ``tricks bridge analyse``: text, trick by trick
with each costly card flagged ``?``, and one self-contained HTML page."""
import html

from trickcore.games.bridge.play_analysis import SkippedBoard
from trickcore.games.bridge.vocab import Seat

STYLE = """
body{font-family:system-ui,sans-serif;max-width:60em;margin:1.5em auto;padding:0 1em;color:#222}
h2{border-bottom:2px solid #246;padding-bottom:.1em;margin-top:1.6em}
table{border-collapse:collapse;margin:.4em 0}td,th{border:1px solid #bbb;padding:.15em .5em;text-align:right}
th{background:#e8eef4}td.l,th.l{text-align:left}.costly{background:#fdd;font-weight:bold}.meta{color:#555}
"""


def _number(item):
    """The board number of an analysed or skipped board, "?" when the file gives none."""
    return "?" if item.board is None else item.board


def _label(item):
    """An analysed or skipped board's name after "Board": its number, and in a simulation's field its table
    ("3, table 2")."""
    return f"{_number(item)}" if item.table is None else f"{_number(item)}, table {item.table}"


def _anchor(item):
    """The HTML id of an analysed board's section: board-3, or board-3-table-2 in a simulation's field."""
    return f"board-{_number(item)}" + ("" if item.table is None else f"-table-{item.table}")


def side_name(seat):
    """The partnership of ``seat`` (a seat letter): N-S or E-W."""
    return "N-S" if Seat[seat].side == 0 else "E-W"


def summary(analysis):
    """One line on a board's play: contract, declarer, opening leader, the declaring side's tricks double dummy
    before the lead and after the last card given, and the record's result."""
    stop = "the play" if len(analysis.play) == 52 else f"card {len(analysis.play)}"
    result = "" if analysis.result is None else f" (result {analysis.result}{', claimed' if analysis.claimed else ''})"
    return (f"{analysis.contract} by {analysis.declarer}, {analysis.leader} leads: {side_name(analysis.declarer)} "
            f"take {analysis.tricks[0]} tricks double dummy before the lead, {analysis.tricks[-1]} after {stop}"
            f"{result}")


def tricks_of(analysis):
    """The play trick by trick: [(trick number, [(seat, card, cost or 0)], tricks before, tricks after)]."""
    cost = {card.index: card.cost for card in analysis.costly}
    out = []
    for start in range(0, len(analysis.play), 4):
        end = min(start + 4, len(analysis.play))
        cards = [(analysis.seats[k], analysis.play[k], cost.get(k, 0)) for k in range(start, end)]
        out.append((start // 4 + 1, cards, analysis.tricks[start], analysis.tricks[end]))
    return out


def costly_text(card):
    """A costly card in words: "trick 3: W HK cost E-W 1 trick (N-S 9 -> 10)"."""
    plural = "s" if card.cost > 1 else ""
    return (f"trick {card.trick}: {card.seat} {card.card} cost {side_name(card.seat)} {card.cost} trick{plural} "
            f"({card.before} -> {card.after})")


def board_text(analysis):
    """The text of one board: its summary, a line per trick (its cards, costly ones flagged ``?``, and the
    declaring side's tricks before and after it), then the costly cards in words."""
    lines = [f"Board {_label(analysis)}: {summary(analysis)}"]
    for number, cards, before, after in tricks_of(analysis):
        played = "  ".join(f"{seat} {card}{'?' if cost else ' '}" for seat, card, cost in cards)
        lines.append(f"  {number:>2}  {played:<34}{before:>3} -> {after}")
    lines += [f"  costly {costly_text(card)}" for card in analysis.costly] or ["  no costly card"]
    return "\n".join(lines) + "\n"


def report_text(analyses):
    """The text report of a file's boards (PlayAnalysis or SkippedBoard), one block each."""
    return "\n".join(f"Board {_label(item)}: skipped ({item.reason})\n" if isinstance(item, SkippedBoard)
                     else board_text(item) for item in analyses)


def _e(value):
    return html.escape(str(value))


def board_html(analysis):
    """One board's section of the page: its summary and a table row per trick, costly cards marked."""
    rows = []
    for trick, cards, before, after in tricks_of(analysis):
        cells = "".join(f'<td class="l{" costly" if cost else ""}"'
                        + (f' title="cost {cost} trick{"s" if cost > 1 else ""}"' if cost else "")
                        + f">{_e(seat)} {_e(card)}{'?' if cost else ''}</td>" for seat, card, cost in cards)
        cells += "<td></td>" * (4 - len(cards))
        rows.append(f"<tr><td>{trick}</td>{cells}<td>{before}</td><td>{after}</td></tr>")
    head = "<tr><th>trick</th>" + '<th class="l">card</th>' * 4 + "<th>before</th><th>after</th></tr>"
    costly = "".join(f"<li>{_e(costly_text(card))}</li>" for card in analysis.costly) or "<li>no costly card</li>"
    return (f'<h2 id="{_e(_anchor(analysis))}">Board {_e(_label(analysis))}</h2>'
            f'<p class="meta">{_e(summary(analysis))}</p>'
            f"<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table><ul>{costly}</ul>")


def report_html(analyses, title="Play analysis"):
    """The HTML page of a file's boards (PlayAnalysis or SkippedBoard): a section per analysed board, a line per
    skipped one."""
    parts = [f"<h1>{_e(title)}</h1>"]
    for item in analyses:
        if isinstance(item, SkippedBoard):
            parts.append(f'<p class="meta">Board {_e(_label(item))}: skipped ({_e(item.reason)})</p>')
        else:
            parts.append(board_html(item))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width\"><title>{_e(title)}</title>"
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(parts) + "\n</body></html>\n")
