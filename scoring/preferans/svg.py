"""The traditional pulya drawing as SVG: a sector per player (two fields in Gusarik) with whist, pool and mountain
bands (count and pot in the countdown forms), entries written in the running (cumulative, dot-separated) way
players keep them on paper, and the settlement below; and the old game's remise ledger as columns of counts."""
from xml.sax.saxutils import escape

from trickcore.scoring.preferans.render import target_text
from trickcore.scoring.preferans.sheet import encode

SIZE = 720  # the square sheet
MARGIN = 10
WHIST_BAND = (MARGIN, 130)  # insets from the edge: outer whists, then pool, then mountain
POOL_BAND = (130, 200)
MOUNTAIN_BAND = (200, 270)
CIRCLE = 70
FONT = 12
LINE = 15
FAMILY = "DejaVu Sans, Arial, Helvetica, sans-serif"


def _sector_angles(n):
    """Rotation (degrees, clockwise) of each player's sector from the bottom one; clockwise seating."""
    return {2: (0, 180), 3: (0, 90, 270), 4: (0, 90, 180, 270)}[n]


def _dividers(n):
    c = SIZE / 2
    if n == 2:  # Gusarik: two fields, one above the other
        return [f'<line x1="{MARGIN}" y1="{c}" x2="{SIZE - MARGIN}" y2="{c}" stroke="#1a3d7c" stroke-width="1.5"/>']
    ends = [(MARGIN, SIZE - MARGIN), (SIZE - MARGIN, SIZE - MARGIN)]
    ends += [(c, MARGIN)] if n == 3 else [(MARGIN, MARGIN), (SIZE - MARGIN, MARGIN)]
    return [f'<line x1="{c}" y1="{c}" x2="{x}" y2="{y}" stroke="#1a3d7c" stroke-width="1.5"/>' for x, y in ends]


def _wrap(values, width):
    """Running values 'a.b.c' broken into lines of at most ``width`` pixels."""
    per_line = max(4, int(width / (FONT * 0.62)))
    lines, current = [], ""
    for value in values:
        piece = value if not current else current + "." + value
        if len(piece) > per_line and current:
            lines.append(current + ".")
            current = value
        else:
            current = piece
    if current:
        lines.append(current)
    return lines


def _band_text(band, x0, x1, title, values):
    """Text rows inside one band of the bottom sector between ``x0`` and ``x1`` (the band's narrow width)."""
    outer, inner = band
    top = SIZE - inner
    rows = max(1, int((inner - outer - 6) / LINE) - 1)
    lines = _wrap(values, x1 - x0 - 8)
    if len(lines) > rows:
        lines = ["…" + lines[-rows][1:]] + lines[-rows + 1:] if rows > 1 else ["…" + lines[-1]]
    out = [f'<text x="{x0 + 4}" y="{top + LINE - 2}" font-size="9" fill="#7a7a7a">{escape(title)}</text>']
    for i, line in enumerate(lines):
        out.append(f'<text x="{x0 + 4}" y="{top + LINE * (i + 2) - 2}" font-size="{FONT}" '
                   f'fill="#0b2a66">{escape(line)}</text>')
    return out


def _sector(sheet, player, angle, running):
    """The bottom sector's texts for ``player``, rotated into place."""
    players = sheet.players
    others = [q for q in players[players.index(player) + 1:] + players[:players.index(player)]]
    out = [f'<g transform="rotate({angle} {SIZE / 2} {SIZE / 2})">']
    for band, column in zip((POOL_BAND, MOUNTAIN_BAND), sheet.columns):
        values = [str(encode(v)) for _, v in running.get((column, player), [])]
        inner = band[1]
        out += _band_text(band, inner, SIZE - inner, f"{player}: {column}", values)
    inner = WHIST_BAND[1]
    width = (SIZE - 2 * inner) / len(others)
    for i, other in enumerate(others):
        x0 = inner + i * width
        values = [str(encode(v)) for _, v in running.get(("whists", player, other), [])]
        out += _band_text(WHIST_BAND, x0, x0 + width, f"{player}: whists on {other}", values)
        if i:
            out.append(f'<line x1="{x0}" y1="{SIZE - inner}" x2="{x0}" y2="{SIZE - MARGIN}" '
                       f'stroke="#1a3d7c" stroke-width="1"/>')
    out.append("</g>")
    return out


def render_svg(sheet):
    """An SVG picture of the pulya sheet with every player's sector and the settlement."""
    players = sheet.players
    running = sheet.running()
    settlement = sheet.settlement
    legend_rows = len(players) + 2
    height = SIZE + 20 + LINE * legend_rows
    c = SIZE / 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{height}" '
           f'viewBox="0 0 {SIZE} {height}" font-family="{FAMILY}">',
           f'<rect x="0" y="0" width="{SIZE}" height="{height}" fill="#fdfcf5"/>']
    for inset in (MARGIN, WHIST_BAND[1], POOL_BAND[1], MOUNTAIN_BAND[1]):
        out.append(f'<rect x="{inset}" y="{inset}" width="{SIZE - 2 * inset}" height="{SIZE - 2 * inset}" '
                   f'fill="none" stroke="#1a3d7c" stroke-width="1.5"/>')
    out += _dividers(len(players))
    for player, angle in zip(players, _sector_angles(len(players))):
        out += _sector(sheet, player, angle, running)
    out += [f'<circle cx="{c}" cy="{c}" r="{CIRCLE}" fill="#fdfcf5" stroke="#1a3d7c" stroke-width="1.5"/>',
            f'<text x="{c}" y="{c - 6}" text-anchor="middle" font-size="14" font-weight="bold">'
            f'{escape(sheet.variant)}</text>',
            f'<text x="{c}" y="{c + 14}" text-anchor="middle" font-size="13">'
            f'{escape(target_text(sheet.settings, "pool"))}'
            f'</text>']
    if sheet.overlays:
        out.append(f'<text x="{c}" y="{c + 32}" text-anchor="middle" font-size="10">'
                   f'{escape(", ".join(sheet.overlays))}</text>')
    state = "finished" if sheet.finished else "early stop"
    y = SIZE + 16
    out.append(f'<text x="{MARGIN}" y="{y}" font-size="{FONT}" font-weight="bold">Settlement ({state}, '
               f'{len(sheet.results)} deals)</text>')
    for player in players:
        y += LINE
        text = (f"{player}: final mountain {encode(settlement.final_mountain[player])}, "
                f"result {encode(settlement.result[player])}, display {settlement.display[player]}, "
                f"money {settlement.money[player]}")
        out.append(f'<text x="{MARGIN}" y="{y}" font-size="{FONT}">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def render_old_svg(ledger):
    """The old game's remise ledger as the book keeps it (r.32-r.35): a column per player with the stake on top and
    every entry below it; a write-off is crossed out, never wiped; the settlement under the columns."""
    players = ledger.players
    width, column = 600, 600 / len(players)
    rows = max([1] + [sum(1 for row in ledger.journal if row["player"] == p) for p in players])
    height = 90 + LINE * (rows + 1) + LINE * (len(players) + 2)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FAMILY}">',
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#2f3b2f"/>']
    for i, player in enumerate(players):
        x = i * column + column / 2
        out.append(f'<text x="{x}" y="24" text-anchor="middle" font-size="14" font-weight="bold" '
                   f'fill="#f4f4ec">{escape(player)}</text>')
        out.append(f'<text x="{x}" y="44" text-anchor="middle" font-size="{FONT}" fill="#f4f4ec">'
                   f'{encode(ledger.start[player])}</text>')
        y = 44
        for row in (r for r in ledger.journal if r["player"] == player):
            y += LINE
            amount = row["amount"]
            text = f"{'+' if amount > 0 else ''}{encode(amount)} ({row['kind'].replace('_', ' ')}, deal {row['deal']})"
            struck = ' text-decoration="line-through"' if amount < 0 else ""
            out.append(f'<text x="{x}" y="{y}" text-anchor="middle" font-size="{FONT}" fill="#f4f4ec"{struck}>'
                       f'{escape(text)}</text>')
        if i:
            out.append(f'<line x1="{i * column}" y1="8" x2="{i * column}" y2="{60 + LINE * rows}" '
                       f'stroke="#f4f4ec" stroke-width="1"/>')
    y = 60 + LINE * (rows + 1)
    for player in players:
        out.append(f'<text x="{width / len(players) * players.index(player) + column / 2}" y="{y}" '
                   f'text-anchor="middle" font-size="{FONT}" font-weight="bold" fill="#f4f4ec">'
                   f'{encode(ledger.count[player])}</text>')
    settlement = ledger.settle()
    y += LINE + 6
    state = "finished" if ledger.finished else "not finished"
    out.append(f'<text x="{MARGIN}" y="{y}" font-size="{FONT}" font-weight="bold" fill="#f4f4ec">'
               f'Settlement ({state}, average count {encode(settlement.average_count)})</text>')
    for player in players:
        y += LINE
        text = (f"{player}: count {encode(settlement.final_count[player])}, result {encode(settlement.result[player])}"
                f" remises, display {settlement.display[player]}, money {settlement.money[player]}")
        out.append(f'<text x="{MARGIN}" y="{y}" font-size="{FONT}" fill="#f4f4ec">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
