"""Scoring plug-ins: pure functions over result records, found through the entry-point group
``trickcore.scorings``."""
