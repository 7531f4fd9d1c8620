"""Whist scoring (rules/whist.md §4-6): rulesets, hand scoring, the ledger of games and rubbers, its text sheet; the
systems registered under ``trickcore.scorings`` are in ``systems``."""
from trickcore.scoring.whist.hand import HandScore, calls_at_eight, game_value, score_hand
from trickcore.scoring.whist.ledger import GameResult, HandEntry, RubberResult, WhistSheet
from trickcore.scoring.whist.rules import PRESETS, WhistRules
from trickcore.scoring.whist.sheet import render_ledger

__all__ = ["HandScore", "GameResult", "HandEntry", "RubberResult", "WhistSheet", "WhistRules",
           "PRESETS", "score_hand", "calls_at_eight", "game_value", "render_ledger"]
