"""What a scoring plug-in registers under ``trickcore.scorings``: a named system for one game family."""
import attrs


@attrs.frozen
class ScoringSystem:
    """A scoring system: its registry ``name``, the ``game`` family it scores, a one-line ``description``,
    and the named ``presets`` of its settings (variants), if any."""

    name: str
    game: str
    description: str
    presets: tuple = ()
