"""Bridge scoring (rules/bridge.md §5-§11, §14): pure scorers in ``contract``, ``rubber``, ``duplicate`` and ``teams``;
the systems registered under ``trickcore.scorings`` are in ``systems``."""
