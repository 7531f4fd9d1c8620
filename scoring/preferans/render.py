"""Plain-text rendering of a preferans sheet: deal history, a table per player, settlement (the pulya, the countdown
forms, Gusarik's two fields, and the old game's remise ledger as the book keeps it); SVG lives in svg.py."""
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
    for transfer in result.transfers:  # the kotel's next stage (rules/preferans-variants.md §2.6)
        added = ", ".join(f"{p} {_num(v)}" for p, v in transfer["part"].items())
        parts.append(f"stage {transfer['stage']}: " + ("pots split, " if "split" in transfer else "")
                     + f"part added to the counts: {added}")
    return "; ".join(parts) or "-"


def target_text(settings, pool_word="pool target"):
    """What the game is played to: the pool target, the pulka (countdown forms) or Gusarik's razboinik stage."""
    if settings.gusarik_stage == "razboinik":
        return "razboinik stage"
    return f"{'pulka' if settings.pool_mode == 'countdown' else pool_word} {settings.pool_target}"


def render_text(sheet):
    """The sheet as text: deals with what each wrote, per-player totals, and the settlement."""
    players = sheet.players
    settings = sheet.settings
    state = "finished" if sheet.finished else "not finished (early stop by consent)"
    overlays = f" + {', '.join(sheet.overlays)}" if sheet.overlays else ""
    lines = [f"Preferans score sheet: {sheet.variant}{overlays}, players {', '.join(players)}, "
             f"{target_text(settings)}, {state}", ""]
    lines += ["Deals:"] + [f"  {r.index:>3}. {r.label:<26} {_entries_text(r)}" for r in sheet.results]
    if not sheet.results:
        lines.append("  (none)")
    lines += ["", "Sheet:"]
    header = ["player", *sheet.columns] + [f"whists on {q}" for q in players]
    rows = []
    for p in players:
        whists = ["" if q == p else _num(sheet.state.whists[(p, q)]) for q in players]
        rows.append([p, *(_num(getattr(sheet.state, column)[p]) for column in sheet.columns), *whists])
    lines += ["  " + line for line in _table(header, rows)]
    if settings.gusarik_stage == "razboinik":
        progress = sheet.razboinik()
        owed = "; ".join(f"{p} owes {', '.join(games) or 'nothing'}" for p, games in progress["remaining"].items())
        lines += ["", f"Razboinik: {progress['stage']} ({owed}; closing all-pass deals played "
                      f"{progress['closing_all_pass_played']}/{settings.razboinik_all_pass_deals})"]
    if settings.pool_mode == "countdown":
        queued = ", ".join(" ".join(f"{p} {_num(v)}" for p, v in part.items()) for part in sheet.state.queued)
        lines += ["", f"Countdown stage {sheet.state.stage}" + (f"; queued parts: {queued}" if queued else "")]
    s = sheet.settlement
    if settings.gusarik_stage is not None:
        lines += ["", "Settlement (two players: mountain difference at "
                      f"{10 if settings.gusarik_mountain == 'indivisible' else 5} whists a point):"]
        header = ["player", "final mountain", "mountain term", "whist net", "result", "display", "money"]
        rows = [[p, _num(s.final_mountain[p]), _num(s.mountain_term[p]), _num(s.whist_net[p]), _num(s.result[p]),
                 str(s.display[p]), str(s.money[p])] for p in players]
        return "\n".join(lines + ["  " + line for line in _table(header, rows)]) + "\n"
    lines += ["", f"Settlement (average mountain {_num(s.average_mountain)}):"]
    adjustment = "pot+parts" if settings.pool_mode == "countdown" else "pool adj"
    header = ["player", adjustment, "final mountain", "amnestied", "mountain term", "whist net", "result",
              "display", "money"]
    rows = [[p, _num(s.pool_adjustment[p]), _num(s.final_mountain[p]), _num(s.amnestied_mountain[p]),
             _num(s.mountain_term[p]), _num(s.whist_net[p]), _num(s.result[p]), str(s.display[p]),
             str(s.money[p])] for p in players]
    lines += ["  " + line for line in _table(header, rows)]
    lines += ["", "Pairwise balances (row player against column player):"]
    rows = [[p] + ["" if q == p else _num(s.pairwise[p][q]) for q in players] for p in players]
    lines += ["  " + line for line in _table(["player", *players], rows)]
    return "\n".join(lines) + "\n"


def render_old_text(ledger):
    """The old game's remise ledger as text: each deal with every count after it and its change (nothing is
    wiped: a write-off is a negative change, as the book crosses it out in chalk, r.35), then the settlement."""
    players = ledger.players
    state = "finished" if ledger.finished else "not finished"
    lines = [f"Preferans (the old game) remise ledger: players {', '.join(players)}, stake {ledger.settings.stake}, "
             f"{state}", ""]
    header = ["deal", "label", *players]
    running = dict(ledger.start)
    rows = [["", "start", *(_num(running[p]) for p in players)]]
    for index, label, delta in ledger.deals:
        cells = []
        for p in players:
            running[p] += delta.get(p, 0)
            change = delta.get(p, 0)
            cells.append(_num(running[p]) + (f" ({'+' if change > 0 else ''}{_num(change)})" if change else ""))
        rows.append([str(index), label, *cells])
    lines += ["  " + line for line in _table(header, rows)]
    s = ledger.settle()
    lines += ["", f"Settlement (average count {_num(s.average_count)}; result = average − count, in remises):"]
    rows = [[p, _num(s.final_count[p]), _num(s.result[p]), str(s.display[p]), str(s.money[p])] for p in players]
    lines += ["  " + line for line in _table(["player", "count", "result", "display", "money"], rows)]
    return "\n".join(lines) + "\n"
