"""Bridge boards played in one compiled loop: the random and heuristic agents' compiled twins (``played_boards``)."""
