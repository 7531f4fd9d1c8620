"""Whist: four seats in two partnerships, 52 cards, trumps from the turned-up last card (``game.WHIST``)."""
