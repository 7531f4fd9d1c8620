"""The results page of a scored pairs session (rules/bridge.md §13.5): one self-contained HTML file (no scripts, no
outside resources) with the ranking of each field, every board's traveller with its hand diagram, double-dummy
table and par when the hand records are known (and the costly cards of the play when they give it), and every
pair's score card, all linked to each other."""
import html
import re

from trickcore.cards import format_hand
from trickcore.scoring.bridge.duplicate.formats.report import FIELD_NAMES, METHOD_NAMES, session_to_dict

SEATS = ("N", "E", "S", "W")
STRAINS = ("C", "D", "H", "S", "NT")
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}
STYLE = """
body{font-family:system-ui,sans-serif;max-width:64em;margin:1.5em auto;padding:0 1em;color:#222}
h1{margin-bottom:.2em}h2{border-bottom:2px solid #246;padding-bottom:.1em;margin-top:2em}h3{margin:1.2em 0 .3em}
table{border-collapse:collapse;margin:.4em 0}td,th{border:1px solid #bbb;padding:.15em .5em;text-align:right}
th{background:#e8eef4}td.l,th.l{text-align:left}nav a{margin-right:.6em}
.board{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}
.diagram{display:grid;grid-template-columns:repeat(3,auto);gap:.2em 1em;font-family:monospace}
.diagram .hand{white-space:pre}.red{color:#c00}.meta{color:#555;font-size:.9em}
"""


def anchor(kind, section, key):
    """The id of a board or pair on the page (letters, digits, - and _ only)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", f"{kind}-{section}-{key}")


def _e(value):
    return "" if value is None else html.escape(str(value))


def _link(kind, section, key, text=None):
    if key is None:
        return ""
    return f'<a href="#{anchor(kind, section, key)}">{_e(key if text is None else text)}</a>'


def _table(head, rows, left=()):
    cells = "".join(f'<th{" class=l" if k in left else ""}>{_e(h)}</th>' for k, h in enumerate(head))
    body = "".join("<tr>" + "".join(f'<td{" class=l" if k in left else ""}>{c}</td>' for k, c in enumerate(row))
                   + "</tr>" for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _suit_lines(hand):
    parts = format_hand(hand).split(".")
    return "\n".join(f'<span class="{"red" if s in "HD" else ""}">{SYMBOLS[s]}</span> {cards or "—"}'
                     for s, cards in zip("SHDC", parts))


def _diagram(board):
    hands = dict(zip(SEATS, board.deal.hands))
    cell = {seat: f'<div class="hand"><b>{seat}</b>\n{_suit_lines(hands[seat])}</div>' for seat in SEATS}
    empty = "<div></div>"
    meta = (f'<div class="meta">Board {_e(board.number)}<br>Dealer {_e(board.dealer)}<br>'
            f"Vul {_e(board.vulnerability)}</div>")
    return (f'<div class="diagram">{meta}{cell["N"]}{empty}{cell["W"]}{empty}{cell["E"]}'
            f'{empty}{cell["S"]}{empty}</div>')


def _analysis(result):
    tricks = result["tricks"]
    rows = [[seat] + [str(tricks[seat][s]) for s in STRAINS] for seat in SEATS]
    table = _table([""] + [SYMBOLS[s] for s in STRAINS], rows)
    par = result["par"]
    contracts = ", ".join(par["contracts"]) or "passed out"
    return f'<div>{table}<div class="meta">Par {par["score"]:+d} (N-S): {_e(contracts)}</div></div>'


def _play(result):
    """The compact analysis of a board's play: a line on the play, then a row per costly card."""
    side = "N-S" if result["declarer"] in "NS" else "E-W"
    stop = "the play" if len(result["play"]) == 52 else f"card {len(result['play'])}"
    line = (f'Play: {_e(result["contract"])} by {_e(result["declarer"])}, {_e(result["leader"])} leads; {side} take '
            f'{result["tricks"][0]} tricks double dummy before the lead, {result["tricks"][-1]} after {stop}')
    rows = [[_e(card["trick"]), _e(card["seat"]), _e(card["card"]), f'{card["before"]} → {card["after"]}',
             _e(card["cost"])] for card in result["costly"]]
    costly = (_table(["trick", "seat", "costly card", f"{side} tricks", "cost"], rows, left=(1, 2)) if rows
              else '<div class="meta">no costly card</div>')
    return f'<div class="play"><div class="meta">{line}</div>{costly}</div>'


def render_html(session, analyses=None, plays=None):
    """The page of ``session``; ``analyses`` {board number: {"tricks": {declarer: {strain: n}}, "par": {"score",
    "contracts"}}} (games.bridge.analysis) adds the double-dummy table and par beside each known deal, ``plays``
    {board number: a board's play analysed (games.bridge.play_analysis, its JSON form)} the costly cards of the
    play the file gives."""
    data = session_to_dict(session, as_shown=True)
    analyses, plays = analyses or {}, plays or {}
    mp = session.method == "matchpoints"
    unit = "MP" if mp else "IMPs"
    title = session.event.name or "Pairs session"
    parts = [f"<h1>{_e(title)}</h1>"]
    facts = [METHOD_NAMES[session.method], session.event.date, session.event.site, session.event.club]
    parts.append(f'<p class="meta">{_e(" · ".join(f for f in facts if f))}</p>')
    board_links = " ".join(_link("board", b["section"], b["board"]) for b in data["boards"])
    pair_links = " ".join(_link("pair", c["section"], c["pair"]) for c in data["cards"])
    parts.append(f'<nav><p><a href="#ranking">Ranking</a> · Boards: {board_links}</p><p>Pairs: {pair_links}</p></nav>')

    parts.append('<h2 id="ranking">Ranking</h2>')
    for field in data["ranking"]:
        section = field["section"]
        parts.append(f"<h3>Section {_e(section)}, {_e(FIELD_NAMES[field['field']])}</h3>")
        head = ["place", "pair", "names", "boards", "total"] + (["of", "%"] if mp else [])
        rows = [[_e(p["place"]), _link("pair", section, p["pair"]), _e(" - ".join(p["names"])), _e(p["boards"]),
                 _e(p["total"])] + ([_e(p["available"]), _e(p["percentage"])] if mp else [])
                for p in field["pairs"]]
        parts.append(_table(head, rows, left=(2,)))

    parts.append('<h2 id="boards">Travellers</h2>')
    for board in data["boards"]:
        section, number = board["section"], board["board"]
        extra = f", top {board['top']}" if "top" in board else (f", datum {board['datum']}" if "datum" in board else "")
        parts.append(f'<h3 id="{anchor("board", section, number)}">Board {_e(number)} '
                     f'<span class="meta">(section {_e(section)}{_e(extra)})</span></h3>')
        record = session.boards.get(number)
        if record is not None and record.deal is not None and record.deal.hand_size == 13:
            side = _analysis(analyses[number]) if number in analyses else ""
            play = _play(plays[number]) if number in plays else ""
            parts.append(f'<div class="board">{_diagram(record)}{side}{play}</div>')
        head = ["NS", "EW", "contract", "by", "result", "lead", "score", f"{unit} NS", f"{unit} EW"]
        rows = [[_link("pair", section, line["ns_pair"]), _link("pair", section, line["ew_pair"]),
                 _e(line["contract"]), _e(line["declarer"]), _e(line["result"]), _e(line["lead"]),
                 _e(line["ns_score"]), _e(line["ns"]), _e(line["ew"])] for line in board["lines"]]
        parts.append(_table(head, rows, left=(2, 3, 4, 5)))

    parts.append('<h2 id="pairs">Score cards</h2>')
    for card in data["cards"]:
        section, pair = card["section"], card["pair"]
        names = " - ".join(card["names"])
        parts.append(f'<h3 id="{anchor("pair", section, pair)}">Pair {_e(pair)} '
                     f'<span class="meta">(section {_e(section)}) {_e(names)}</span></h3>')
        rows = [[_link("board", section, e["board"]), _e(e["direction"]), _link("pair", section, e["opponents"]),
                 _e(e["contract"]), _e(e["declarer"]), _e(e["result"]), _e(e["score"]), _e(e["figure"])]
                for e in card["boards"]]
        parts.append(_table(["board", "dir", "opponents", "contract", "by", "result", "score", unit], rows,
                            left=(1, 3, 4, 5)))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width\"><title>{_e(title)}</title>"
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(parts) + "\n</body></html>\n")
