"""Bridge boards played in one compiled loop (``played_boards``), with the heuristic agents' rules written once
(``_heuristic.pxi``, which games.bridge.agents calls too) and the numbers both share (``constants``)."""
