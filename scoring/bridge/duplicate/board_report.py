"""One board of a pairs field as JSON-ready rows and as text: its matchpoints, or its Butler or cross-IMPs."""
from fractions import Fraction

from trickcore.scoring.bridge.display import format_figure


def matchpoint_rows(scores, board):
    """One board's matchpoints (a BoardMatchpoints) per entry as JSON-ready rows beside the entries as written."""
    return [{"score": str(text), "ns": None if ns is None else format_figure(ns),
             "ew": None if ew is None else format_figure(ew)} for text, ns, ew in zip(scores, board.ns, board.ew)]


def imp_pair_rows(scores, board, cross_imps_mode):
    """One board's Butler or cross-IMPs (a BoardImps) per entry as JSON-ready rows."""
    averaged = board.method == "cross_imps" and cross_imps_mode == "average"

    def shown(value):
        # Averaged cross-IMPs always show two decimals (rules/bridge.md §15.3: 30/5 is 6.00); Butler IMPs are integers.
        if value is None:
            return None
        return f"{value}.00" if averaged and Fraction(value).denominator == 1 else format_figure(value)

    return [{"score": str(text), "ns": shown(ns), "ew": shown(ew)} for text, ns, ew in zip(scores, board.ns, board.ew)]


def imp_pair_head(board, cross_imps_mode):
    """The JSON head of an IMP-pairs board: the Butler datum, or the cross-IMPs mode."""
    return {"datum": board.datum} if board.method == "butler" else {"cross_imps": cross_imps_mode}


def board_table(head, rows):
    """A board's results as text: the ``head`` line, then score, NS and EW per entry."""
    lines = [head, f"{'score':>8} {'NS':>7} {'EW':>7}"]
    lines += [f"{r['score']:>8} {r['ns'] or '-':>7} {r['ew'] or '-':>7}" for r in rows]
    return "\n".join(lines) + "\n"


def matchpoint_table(data):
    """The text of one board's matchpoints from its JSON-ready ``data`` (top and rows)."""
    return board_table(f"top {data['top']}", data["results"])


def imp_pair_table(data):
    """The text of one board's Butler or cross-IMPs from its JSON-ready ``data``."""
    head = f"datum {'-' if data['datum'] is None else data['datum']}" if data["method"] == "butler" \
        else f"cross-IMPs ({data['cross_imps']})"
    return board_table(head, data["results"])
