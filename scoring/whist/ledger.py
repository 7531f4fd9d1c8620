"""The whist score sheet (§5-6): hands into games, games into rubbers, with the history of every hand.

``WhistSheet`` is immutable: ``sheet.add(result)`` returns the sheet with one more hand (the whist systems'
ledger keeps the latest). When a rubber ends, the next hand starts a new one, so one sheet can hold a whole
evening.

Sections (§) are those of docs/rules/whist.md.
"""
import attrs

from trickcore.games.whist.vocab import SEATS, SIDES
from trickcore.scoring.whist.hand import game_value, score_hand
from trickcore.scoring.whist.rules import WhistRules

GAMES_TO_WIN = 2


@attrs.frozen
class GameResult:
    """A finished game: its ``rubber`` and ``number`` in it, the ``winner``, the final ``points`` and its value."""

    rubber: int
    number: int
    winner: int
    points: tuple
    value: int


@attrs.frozen
class RubberResult:
    """A rubber's games and value; ``finished`` False for a rubber cut short (§6, unfinished rubber).

    ``game_points`` per side count the finished games only; ``bonus`` goes to ``winner``; ``value`` is what
    ``winner`` gains: (winner's game points + bonus) − loser's game points. An unfinished rubber has no bonus and
    its ``winner`` is the side ahead in game points (None when level).
    """

    number: int
    games: tuple
    finished: bool
    winner: int | None
    game_points: tuple
    bonus: int
    value: int


@attrs.frozen
class HandEntry:
    """One line of the sheet: the hand's result, how it scored, and the game and rubber it ended (if any)."""

    number: int
    rubber: int
    game: int
    result: object
    score: object
    game_result: GameResult | None = None
    rubber_result: RubberResult | None = None


def rubber_result(rules, number, games, finished):
    """Value the rubber ``number`` made of ``games`` (GameResults), finished or cut short."""
    totals = [sum(g.value for g in games if g.winner == side) for side in (0, 1)]
    if finished:
        winner = 0 if sum(g.winner == 0 for g in games) >= GAMES_TO_WIN else 1
        bonus = rules.rubber_bonus
    else:
        winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        bonus = 0
    value = 0 if winner is None else totals[winner] + bonus - totals[1 - winner]
    return RubberResult(number, tuple(games), finished, winner, tuple(totals), bonus, value)


@attrs.frozen
class WhistSheet:
    """The sheet of a sequence of hands under ``rules``: ``entries`` in order, the running score and rubbers."""

    rules: WhistRules = WhistRules.SHORT
    entries: tuple = ()
    points: tuple = (0, 0)
    games: tuple = ()
    rubbers: tuple = ()

    @classmethod
    def of(cls, rules, results):
        """The sheet after scoring every HandResult of ``results`` in order."""
        sheet = cls(rules)
        for result in results:
            sheet = sheet.add(result)
        return sheet

    @property
    def rubber_number(self):
        """The number (from 1) of the rubber the next hand belongs to."""
        return len(self.rubbers) + 1

    @property
    def rubber_over(self):
        """True when the last hand ended a rubber (and no hand of the next one has been played)."""
        return bool(self.entries) and self.entries[-1].rubber_result is not None

    def add(self, result):
        """The sheet with hand ``result`` scored (tricks before honours, then game and rubber)."""
        score = score_hand(self.rules, result, self.points)
        rubber, game_number = self.rubber_number, len(self.games) + 1
        entry = HandEntry(len(self.entries) + 1, rubber, game_number, result, score)
        if score.game_winner is None:
            return attrs.evolve(self, entries=self.entries + (entry,), points=score.points_after)
        winner = score.game_winner
        game = GameResult(rubber, game_number, winner, score.points_after,
                          game_value(self.rules, score.points_after[1 - winner]))
        games = self.games + (game,)
        over = sum(g.winner == winner for g in games) >= GAMES_TO_WIN
        done = rubber_result(self.rules, rubber, games, True) if over else None
        entry = attrs.evolve(entry, game_result=game, rubber_result=done)
        return attrs.evolve(self, entries=self.entries + (entry,), points=(0, 0),
                            games=() if over else games, rubbers=self.rubbers + ((done,) if over else ()))

    def all_rubbers(self):
        """Every rubber: the finished ones, then the one in progress (valued as unfinished) if it has begun."""
        started = self.entries and not self.rubber_over
        current = (rubber_result(self.rules, self.rubber_number, self.games, False),) if started else ()
        return self.rubbers + current

    def totals(self):
        """Net game points per side over every rubber (finished rubbers with their bonus)."""
        net = [0, 0]
        for rubber in self.all_rubbers():
            if rubber.winner is not None:
                net[rubber.winner] += rubber.value
                net[1 - rubber.winner] -= rubber.value
        return tuple(net)

    def to_dict(self):
        """The whole sheet as a JSON-ready dict: settings, hands, games, rubbers and totals."""
        return {"rules": self.rules.to_dict(),
                "hands": [entry_dict(e) for e in self.entries],
                "rubbers": [rubber_dict(r) for r in self.all_rubbers()],
                "score": dict(zip(SIDES, self.points)),
                "totals": dict(zip(SIDES, self.totals()))}


def _side(side):
    return None if side is None else SIDES[side]


def game_dict(game):
    """A GameResult as a JSON-ready dict."""
    return {"rubber": game.rubber, "game": game.number, "winner": SIDES[game.winner],
            "score": dict(zip(SIDES, game.points)), "value": game.value}


def rubber_dict(rubber):
    """A RubberResult as a JSON-ready dict."""
    return {"rubber": rubber.number, "finished": rubber.finished, "winner": _side(rubber.winner),
            "games": [game_dict(g) for g in rubber.games], "game_points": dict(zip(SIDES, rubber.game_points)),
            "rubber_bonus": rubber.bonus, "value": rubber.value}


def entry_dict(entry):
    """A HandEntry as a JSON-ready dict (the fields §6 asks the ledger to record)."""
    result, score = entry.result, entry.score
    out = {"hand": entry.number, "rubber": entry.rubber, "game": entry.game,
           "dealer": None if result.dealer is None else SEATS[result.dealer],
           "turn_up": None if result.turn_up is None else str(result.turn_up),
           "trump": None if result.trump is None else result.trump.name,
           "tricks_ns": result.tricks_ns, "honours_ns": result.honours_ns,
           "called_at_eight": _side(score.called),
           "tricks": None if score.trick_side is None else {"side": SIDES[score.trick_side],
                                                            "points": score.odd_tricks},
           "honours": {"side": _side(score.honours_side), "points": score.honours_points,
                       "barred": score.honours_barred},
           "score": dict(zip(SIDES, score.points_after))}
    if entry.game_result is not None:
        out["game_won"] = game_dict(entry.game_result)
    if entry.rubber_result is not None:
        out["rubber_won"] = rubber_dict(entry.rubber_result)
    return out
