"""Rubber and Chicago score sheets as text, and a rubber session of two to six players with its credits."""


def sheet_title(ledger, preset):
    """The first line of a rubber or Chicago sheet: its scoring and the settings preset."""
    return f"{ledger.scoring.replace('_', ' ').capitalize()} ({preset} settings)"


def sheet_note(ledger):
    """What a sheet that stopped early says about it: an unfinished rubber or an incomplete Chicago, else None."""
    if ledger.scoring == "rubber":
        return "unfinished rubber (Law 80 awards added)" if ledger.unfinished else None
    return None if ledger.complete else f"incomplete Chicago: {ledger.counted} of 4 deals counted"


def render_sheet(title, ledger, note=None):
    """A rubber or Chicago score sheet as text: a line per deal with its entries, the totals, the winner."""
    # A four-deal duplicate sheet has no line: each deal is one duplicate score (rules/bridge.md §7.4).
    lineless = ledger.scoring == "chicago_duplicate"
    lines = [title]
    for deal in ledger.deals:
        r = deal.result
        what = "passed out" if r.passed_out else f"{r.contract} by {r.declarer}, {r.tricks} tricks"
        items = "; ".join(f"{e.side}{'' if lineless else ' below' if e.below else ' above'} {e.points} ({e.item})"
                          for e in deal.entries)
        counted = "" if deal.counted else " [redealt, not counted]"
        lines.append(f"{deal.number:>3}  {deal.dealer}  {str(deal.vulnerability):<4}  {what}{counted}"
                     + (f": {items}" if items else ""))
    for entry in ledger.extra:
        lines.append(f"     {entry.side} above {entry.points} ({entry.item})")
    result = ledger.totals()
    lines.append(f"{'':8}{'NS':>8}{'EW':>8}")
    for row in ("total",) if lineless else ("below", "above", "total"):
        lines.append(f"{row:8}" + "".join(f"{result.totals[side][row]:>8}" for side in result.totals))
    if note:
        lines.append(note)
    if result.winner is None:
        lines.append("level: nobody wins")
    else:
        units = f" ({result.units} units)" if result.units is not None else ""
        lines.append(f"{result.winner} win by {result.margin}{units}")
    return "\n".join(lines) + "\n"


def _signed(credit):
    return ", ".join(f"{player} {value:+d}" for player, value in credit.items())


def render_rubber_session(ledger):
    """A rubber session (rules/bridge-variants.md §7) as text: each rubber's seating and sheet with the players'
    credits, then the cumulative score with the rubbers each player played and sat out."""
    data = ledger.to_dict()
    state = "finished" if data["finished"] else "not finished"
    rotation = data["settings"]["rotation"]
    lines = [f"Rubber session, {data['table'].replace('_', ' ')} ({ledger.preset} settings"
             + (f", rotation {rotation}" if rotation else "") + f"), {len(ledger.rubbers)} rubber(s), {state}"]
    for rubber, shown in zip(ledger.rubbers, data["rubbers"]):
        seats = ", ".join(f"{seat} {player}" + (f" ({shown['controllers'][seat]})" if player == "dummy" else "")
                          for seat, player in shown["seats"].items())
        out = f"; sitting out {', '.join(shown['sitting_out'])}" if shown["sitting_out"] else ""
        lines.append("")
        lines.append(render_sheet(f"Rubber {shown['index']}: {seats}{out}", rubber.ledger,
                                  sheet_note(rubber.ledger)).rstrip("\n"))
        unit = " units" if shown["units"] is not None else ""
        lines.append(f"credit{unit}: {_signed(shown['credit'])}")
    lines.append("")
    lines.append("Cumulative: " + _signed(data["cumulative"]))
    lines.append("rubbers played / sat out: " + ", ".join(
        f"{p} {data['rubbers_played'][p]}/{data['rubbers_sat_out'][p]}" for p in data["players"]))
    return "\n".join(lines) + "\n"
