"""The whist ledger as text: one line per hand (as in rules/whist.md §8 W-5), then the games and the rubber result."""
from trickcore.games.whist.vocab import SEATS, SIDES

SIDE_NAMES = ("N-S", "E-W")
GAME_NAMES = {1: "single", 2: "double", 3: "treble"}


def describe_hand(entry):
    """What happened in a hand, in words: points for tricks and honours, a call, the game it ended."""
    score = entry.score
    parts = []
    if score.called is not None:
        parts.append(f"{SIDE_NAMES[score.called]} call at eight and win the game")
    else:
        parts.append(f"{SIDE_NAMES[score.trick_side]} {score.odd_tricks} for tricks")
        if score.honours_side is not None:
            who = SIDE_NAMES[score.honours_side]
            if score.honours_barred:
                parts.append(f"{who} honours barred")
            elif score.honours_points:
                parts.append(f"{who} {score.honours_points} for honours")
            else:
                parts.append(f"{who} honours not counted (game already won)")
    game = entry.game_result
    if game is not None:
        kind = GAME_NAMES.get(game.value, "game")
        parts.append(f"game {game.number} to {SIDE_NAMES[game.winner]}, {kind}: {game.value}")
    if entry.rubber_result is not None:
        parts.append(f"rubber {entry.rubber_result.number} to {SIDE_NAMES[entry.rubber_result.winner]}")
    return "; ".join(parts)


def describe_rubber(rubber):
    """A rubber's result in one line: game points, bonus and value (or why it has none)."""
    points = f"N-S {rubber.game_points[0]}, E-W {rubber.game_points[1]} game points"
    state = "" if rubber.finished else " (unfinished: no rubber bonus)"
    if rubber.winner is None:
        return f"Rubber {rubber.number}{state}: {points}; level"
    bonus = f" + {rubber.bonus} rubber bonus" if rubber.bonus else ""
    return (f"Rubber {rubber.number}{state}: {points}{bonus}; "
            f"value {rubber.value} to {SIDE_NAMES[rubber.winner]}")


def _cell(value):
    return "-" if value is None else str(value)


def render_ledger(ledger):
    """The whole sheet as text: settings line, a row per hand, each rubber's result and the totals."""
    rules = ledger.rules
    lines = [f"Whist ({rules.ruleset} ruleset: game of {rules.game_target}, honours "
             f"{'on' if rules.honours else 'off'}, rubber bonus {rules.rubber_bonus})",
             f"{'hand':>4} {'dealer':>6} {'trump':>5} {'NS tricks':>9} {'NS honours':>10} {'score':>7}  event"]
    for entry in ledger.entries:
        result, after = entry.result, entry.score.points_after
        dealer = None if result.dealer is None else SEATS[result.dealer]
        trump = None if result.trump is None else result.trump.symbol
        lines.append(f"{entry.number:>4} {_cell(dealer):>6} {_cell(trump):>5} {_cell(result.tricks_ns):>9} "
                     f"{_cell(result.honours_ns):>10} {after[0]:>3}-{after[1]:<3}  {describe_hand(entry)}")
    return "\n".join(lines) + "\n\n" + render_rubbers(ledger)


def render_rubbers(ledger):
    """Each rubber's result, one line each, and the net totals."""
    lines = [describe_rubber(r) for r in ledger.all_rubbers()]
    totals = ledger.totals()
    lines.append(f"Total: {SIDES[0]} {totals[0]:+d}, {SIDES[1]} {totals[1]:+d}")
    return "\n".join(lines) + "\n"
