"""Places in a ranking (rules/bridge.md §13.4): shared by the pairs of a field and the teams of a round-robin."""


def places(figures):
    """The standard competition places of ``figures`` sorted best first (rules/bridge.md §13.4): ``1``, ``1=``, ``1=``,
    ``3``."""
    out, start = [], 0
    while start < len(figures):
        end = start
        while end + 1 < len(figures) and figures[end + 1] == figures[start]:
            end += 1
        out.extend([f"{start + 1}{'=' if end > start else ''}"] * (end - start + 1))
        start = end + 1
    return out
