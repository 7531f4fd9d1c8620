"""The traditional pulya drawing as SVG: a sector per player with whist, pool and mountain bands, entries written
in the running (cumulative, dot-separated) way players keep them on paper, and the settlement below."""
from xml.sax.saxutils import escape

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
    return (0, 90, 270) if n == 3 else (0, 90, 180, 270)


def _dividers(n):
    c = SIZE / 2
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
    for band, column in ((POOL_BAND, "pool"), (MOUNTAIN_BAND, "mountain")):
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
            f'<text x="{c}" y="{c + 14}" text-anchor="middle" font-size="13">pool {sheet.settings.pool_target}'
            f'</text>']
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
