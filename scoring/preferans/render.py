"""Plain-text rendering of a preferans sheet: deal history, a table per player, settlement; SVG lives in svg.py."""
from trickcore.scoring.preferans.sheet import encode


def _num(value):
    return str(encode(value))


def _table(header, rows):
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(str(cell).rjust(widths[i]) if i else str(cell).ljust(widths[i])
                       for i, cell in enumerate(row)).rstrip() for row in [header, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines


def _entries_text(result):
    """What one deal wrote, entry by entry with its reason (the audit trail)."""
    parts = []
    for entry in result.entries:
        who = f"{entry.player}->{entry.on}" if entry.column == "whists" else f"{entry.column} {entry.player}"
        parts.append(f"{who} {_num(entry.amount)} ({entry.reason})")
    return "; ".join(parts) or "-"


def render_text(sheet):
    """The sheet as text: deals with what each wrote, per-player totals, and the settlement."""
    players = sheet.players
    settings = sheet.settings
    state = "finished" if sheet.finished else "not finished (early stop by consent)"
    lines = [f"Preferans score sheet: {sheet.variant}, players {', '.join(players)}, "
             f"pool target {settings.pool_target}, {state}", ""]
    lines += ["Deals:"] + [f"  {r.index:>3}. {r.label:<26} {_entries_text(r)}" for r in sheet.results]
    if not sheet.results:
        lines.append("  (none)")
    lines += ["", "Sheet:"]
    header = ["player", "pool", "mountain"] + [f"whists on {q}" for q in players]
    rows = []
    for p in players:
        whists = ["" if q == p else _num(sheet.state.whists[(p, q)]) for q in players]
        rows.append([p, _num(sheet.state.pool[p]), _num(sheet.state.mountain[p]), *whists])
    lines += ["  " + line for line in _table(header, rows)]
    s = sheet.settlement
    lines += ["", f"Settlement (average mountain {_num(s.average_mountain)}):"]
    header = ["player", "pool adj", "final mountain", "amnestied", "mountain term", "whist net", "result",
              "display", "money"]
    rows = [[p, _num(s.pool_adjustment[p]), _num(s.final_mountain[p]), _num(s.amnestied_mountain[p]),
             _num(s.mountain_term[p]), _num(s.whist_net[p]), _num(s.result[p]), str(s.display[p]),
             str(s.money[p])] for p in players]
    lines += ["  " + line for line in _table(header, rows)]
    lines += ["", "Pairwise balances (row player against column player):"]
    rows = [[p] + ["" if q == p else _num(s.pairwise[p][q]) for q in players] for p in players]
    lines += ["  " + line for line in _table(["player", *players], rows)]
    return "\n".join(lines) + "\n"
