"""Whist scoring (whist.md §4-6): rulesets, hand scoring, the ledger of games and rubbers, its text sheet."""
from trickcore.scoring.base import ScoringSystem
from trickcore.scoring.whist.hand import HandScore, calls_at_eight, game_value, score_hand
from trickcore.scoring.whist.ledger import GameResult, HandEntry, RubberResult, WhistLedger
from trickcore.scoring.whist.rules import PRESETS, WhistRules
from trickcore.scoring.whist.sheet import render_ledger

WHIST_SHORT = ScoringSystem("whist-short", "whist", "Short whist: game of 5, honours, treble/double/single, "
                            "2 for the rubber (the default)", ("short",))
WHIST_LONG = ScoringSystem("whist-long", "whist", "Long whist: game of 10, calling at eight, double/single, "
                           "1 for the rubber", ("long",))
WHIST_AMERICAN = ScoringSystem("whist-american", "whist", "American whist: game of 7, no honours, "
                               "7 minus the losers' points", ("american",))

__all__ = ["HandScore", "GameResult", "HandEntry", "RubberResult", "WhistLedger", "WhistRules",
           "PRESETS", "score_hand", "calls_at_eight", "game_value", "render_ledger",
           "WHIST_SHORT", "WHIST_LONG", "WHIST_AMERICAN"]
