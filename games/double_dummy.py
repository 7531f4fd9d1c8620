"""What every game's double-dummy agent shares: the one hook that lets it see every hand, and the choice of a
card by solving the position (trickcore.solver).

A double-dummy agent is, by definition, the one agent exempt from the view rule (each seat sees only what it
may see): it plays as if every hand lay face up. It must not learn the cards through other agents' views, so
the shared runner asks ``view_for``, which gives the State's ``open_view`` (every hand as it stands) only to
agents that declare themselves omniscient (``omniscient = True``); every other agent gets ``view``.
"""
from trickcore.solver import solve_cards


def view_for(agent, state, seat):
    """What ``agent`` playing ``seat`` is shown: ``state.view(seat)``, or ``state.open_view(seat)`` when the
    agent declares itself omniscient (the double-dummy agent, the one exception to the view rule)."""
    return state.open_view(seat) if getattr(agent, "omniscient", False) else state.view(seat)


def lowest(cards):
    """The lowest card of ``cards`` (by rank, then suit index): the deterministic tie-break."""
    return min(cards, key=lambda c: (c.rank, c.suit))


def best_card(position, minimise=False):
    """The legal card of ``position`` with the best ``solve_cards`` value, the lowest card of the best group.

    The values count tricks for the position's reported seat (its side): the best is the largest, or the
    smallest with ``minimise`` (the seat to play is the misère declarer or an all-pass player, who keeps
    his own tricks down).
    """
    values = solve_cards(position)
    best = (min if minimise else max)(values.values())
    return lowest(c for c, v in values.items() if v == best)
