"""``tricks bridge``: score a contract, convert IMPs and VPs, matchpoint a board, keep rubber and Chicago sheets."""
import os
from fractions import Fraction

import click

from trickcore.cli.bridge_records import commands as record_commands
from trickcore.cli.common import UserError, output_option, to_json, user_errors, write_output
from trickcore.scoring.bridge.butler import score_board_imps
from trickcore.scoring.bridge.chicago import chicago_ledger
from trickcore.scoring.bridge.contract import duplicate_score
from trickcore.scoring.bridge.display import format_figure
from trickcore.scoring.bridge.imps import imps as imps_of
from trickcore.scoring.bridge.matchpoints import parse_adjusted, score_board
from trickcore.scoring.bridge.result import parse_contract_result
from trickcore.scoring.bridge.rubber import RubberLedger
from trickcore.scoring.bridge.settings import parse_setting_value, preset
from trickcore.scoring.bridge.sheetfile import read_deal_results
from trickcore.scoring.bridge.vp import victory_points
from trickcore.errors import InputError, SettingsError

# Negative numbers are arguments, not options (bridge.md §2): unknown "-580" style tokens pass through.
NUMBERS_OK = {"ignore_unknown_options": True}

format_option = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                             show_default=True)


def _settings(preset_name, pairs):
    settings = preset(preset_name)
    changes = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SettingsError(f"--set takes KEY=VALUE, not {pair!r}", source="argument", field="--set")
        changes[key.strip()] = parse_setting_value(key.strip(), value)
    return settings.with_values(**changes)


settings_options = [
    click.option("--preset", "preset_name", default="standard", show_default=True,
                 help="Settings preset: standard or seed (bridge.md §15.1)."),
    click.option("--set", "pairs", multiple=True, metavar="KEY=VALUE",
                 help="Change one setting, e.g. --set honours=false (repeatable)."),
]


def with_settings(func):
    """Add the --preset and --set options."""
    for option in reversed(settings_options):
        func = option(func)
    return func


def _integer(text, field):
    try:
        return int(text)
    except ValueError:
        raise InputError(f"not an integer: {text!r}", source="argument", field=field) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def bridge():
    """Contract bridge scoring (bridge.md §5-§11, §14)."""


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("contract")
@click.argument("result", required=False)
@click.option("--tricks", type=int, default=None, help="Tricks taken by declarer's side (instead of a result).")
@click.option("--vul/--nonvul", "vulnerable", default=False, show_default=True,
              help="Whether the declaring side is vulnerable.")
@with_settings
@format_option
@user_errors(source="argument")
def score(contract, result, tricks, vulnerable, preset_name, pairs, fmt):
    """Duplicate score of CONTRACT with its result: 3NT+1, 4SX-2, 4H=, or 4S 9, or 4S --tricks 9."""
    if tricks is not None:
        if result is not None:
            raise UserError("give the result or --tricks, not both")
        result = str(tricks)
    settings = _settings(preset_name, pairs)
    parsed, taken = parse_contract_result(contract, result)
    points = duplicate_score(parsed, vulnerable, taken, undertrick_scale=settings.undertrick_scale,
                             redouble_insult=settings.redouble_insult)
    if fmt == "json":
        write_output(to_json({"contract": str(parsed), "tricks": taken,
                              "vulnerability": "vul" if vulnerable else "nonvul", "vulnerable": vulnerable,
                              "score": points}), None)
    else:
        write_output(f"{points}\n", None)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("difference")
@format_option
@user_errors(source="argument")
def imps(difference, fmt):
    """IMPs for a point DIFFERENCE (Law 78B); negative differences give negative IMPs."""
    diff = _integer(difference, "difference")
    value = imps_of(diff)
    write_output(to_json({"difference": diff, "imps": value}) if fmt == "json" else f"{value}\n", None)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("margin")
@click.option("--boards", type=int, required=True, help="Boards in the match.")
@click.option("--repair/--no-repair", default=True, show_default=True, help="The WBF concavity repair.")
@format_option
@user_errors(source="argument")
def vp(margin, boards, repair, fmt):
    """Victory points (WBF 2013 continuous scale) for an IMP MARGIN: winner first."""
    # VPs are always shown with two decimals (10.00-10.00 for a draw); the Fractions are exact 2-dp values.
    win, lose = (f"{float(v):.2f}" for v in victory_points(_integer(margin, "margin"), boards, repair=repair))
    if fmt == "json":
        write_output(to_json({"margin": abs(int(margin)), "boards": boards, "winner_vp": win, "loser_vp": lose}), None)
    else:
        write_output(f"{win} {lose}\n", None)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("scores", nargs=-1, required=True)
@click.option("--expected", type=int, default=None, help="Results expected per board (Neuberg factoring).")
@with_settings
@format_option
@user_errors(source="argument")
def matchpoints(scores, expected, preset_name, pairs, fmt):
    """Matchpoints of each N-S score of one board (NP for not played, A+/A-, A60/40 for adjusted scores)."""
    settings = _settings(preset_name, pairs)
    entries = []
    for text in scores:
        if text.upper() == "NP":
            entries.append(None)
        elif text.upper().startswith("A"):
            entries.append(parse_adjusted(text, settings))
        else:
            entries.append(_integer(text, "score"))
    board = score_board(entries, expected, mp_units=settings.mp_units, use_neuberg=settings.neuberg)
    rows = [{"score": text, "ns": None if ns is None else format_figure(ns),
             "ew": None if ew is None else format_figure(ew)} for text, ns, ew in zip(scores, board.ns, board.ew)]
    if fmt == "json":
        write_output(to_json({"top": format_figure(board.top), "results": rows}), None)
        return
    lines = [f"top {format_figure(board.top)}", f"{'score':>8} {'NS':>7} {'EW':>7}"]
    lines += [f"{r['score']:>8} {r['ns'] or '-':>7} {r['ew'] or '-':>7}" for r in rows]
    write_output("\n".join(lines) + "\n", None)


def _imp_pairs(method, scores, settings, fmt):
    entries = []
    for text in scores:
        if text.upper() == "NP":
            entries.append(None)
        elif text.upper().startswith("A"):
            entries.append(text)
        else:
            entries.append(_integer(text, "score"))
    board = score_board_imps(entries, method, settings)
    averaged = method == "cross_imps" and settings.cross_imps == "average"

    def shown(value):
        # Averaged cross-IMPs always show two decimals (§15.3: 30/5 is 6.00); Butler IMPs are integers.
        if value is None:
            return None
        return f"{value}.00" if averaged and Fraction(value).denominator == 1 else format_figure(value)

    rows = [{"score": text, "ns": shown(ns), "ew": shown(ew)} for text, ns, ew in zip(scores, board.ns, board.ew)]
    if fmt == "json":
        head = {"datum": board.datum} if method == "butler" else {"cross_imps": settings.cross_imps}
        write_output(to_json({"method": method, **head, "results": rows}), None)
        return
    head = f"datum {'-' if board.datum is None else board.datum}" if method == "butler" \
        else f"cross-IMPs ({settings.cross_imps})"
    lines = [head, f"{'score':>8} {'NS':>7} {'EW':>7}"]
    lines += [f"{r['score']:>8} {r['ns'] or '-':>7} {r['ew'] or '-':>7}" for r in rows]
    write_output("\n".join(lines) + "\n", None)


@bridge.command(context_settings=NUMBERS_OK)
@click.argument("scores", nargs=-1, required=True)
@with_settings
@format_option
@user_errors(source="argument")
def butler(scores, preset_name, pairs, fmt):
    """Butler IMPs of each N-S score of one board against the datum (NP not played, A+/A- adjusted)."""
    _imp_pairs("butler", scores, _settings(preset_name, pairs), fmt)


@bridge.command("cross-imps", context_settings=NUMBERS_OK)
@click.argument("scores", nargs=-1, required=True)
@with_settings
@format_option
@user_errors(source="argument")
def cross_imps(scores, preset_name, pairs, fmt):
    """Cross-IMPs of each N-S score of one board against every other (--set cross_imps=total for sums)."""
    _imp_pairs("cross_imps", scores, _settings(preset_name, pairs), fmt)


def _sheet_text(title, ledger, note):
    # A four-deal duplicate sheet has no line: each deal is one duplicate score (bridge.md §7.4).
    lineless = getattr(ledger, "scoring", None) == "chicago_duplicate"
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
    result = ledger.settle()
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


def _run_sheet(kind, path, preset_name, pairs, fmt, output):
    settings = _settings(preset_name, pairs)
    with open(path, encoding="utf-8") as fh:
        results = read_deal_results(fh.read(), os.path.basename(path))
    ledger = RubberLedger(settings) if kind == "rubber" else chicago_ledger(settings)
    for line, result in enumerate(results, 1):
        try:
            ledger.record(result)
        except InputError as exc:
            raise exc.located(source=f"{os.path.basename(path)} deal {line}")
    note = None
    if kind == "rubber" and not ledger.finished:
        ledger.finish_unfinished()
        note = "unfinished rubber (Law 80 awards added)"
    if kind == "chicago" and not ledger.complete:
        note = f"incomplete Chicago: {ledger.counted} of 4 deals counted"
    if fmt == "json":
        write_output(to_json({**ledger.to_dict(), "preset": preset_name}), output)
    else:
        write_output(_sheet_text(f"{getattr(ledger, 'scoring', kind).replace('_', ' ').capitalize()} "
                                 f"({preset_name} settings)", ledger, note), output)


@bridge.command()
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@with_settings
@format_option
@output_option
@user_errors()
def rubber(path, preset_name, pairs, fmt, output):
    """Rubber bridge score sheet of the deal results in FILE (see examples/bridge/README.md)."""
    _run_sheet("rubber", path, preset_name, pairs, fmt, output)


@bridge.command()
@click.argument("path", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@with_settings
@format_option
@output_option
@user_errors()
def chicago(path, preset_name, pairs, fmt, output):
    """Chicago score sheet of the deal results in FILE (see examples/bridge/README.md).

    With --set scoring=chicago_duplicate each deal is scored as a duplicate board (bridge.md §7.4).
    """
    _run_sheet("chicago", path, preset_name, pairs, fmt, output)


for _command in record_commands:
    bridge.add_command(_command)
