"""Bridge scoring (bridge.md §5-§11, §14): pure scorers; the systems registered under ``trickcore.scorings``
are in ``systems``."""
