"""Whist: four seats in two partnerships, 52 cards, trumps from the turned-up last card."""
from trickcore.games.whist.game import WHIST, Whist

__all__ = ["WHIST", "Whist"]
