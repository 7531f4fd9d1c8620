"""What every game's double-dummy agent shares: the hook that shows it the deal, and the choice of a card by
solving the position (trickcore.solver).

A double-dummy agent is, by definition, the one agent exempt from the view rule (each seat sees only what it
may see): it plays as if every hand lay face up. It must not learn the cards through other agents' views, so a
game shows the deal only to agents that declare themselves omniscient (``omniscient = True``), through
``show_deal`` when the deal starts (before the auction or before the play), or, in a game driven by its State
(preferans), through ``view_for``: the State's ``open_view``. Every other agent's view is unchanged. The agent
then follows the play from its own views: the hands it was shown minus the cards played so far are the
position it solves.
"""
from trickcore.errors import InputError
from trickcore.solver import solve_cards


def view_for(agent, state, seat):
    """What ``agent`` playing ``seat`` is shown: ``state.view(seat)``, or ``state.open_view(seat)`` when the
    agent declares itself omniscient (the double-dummy agent, the one exception to the view rule)."""
    return state.open_view(seat) if getattr(agent, "omniscient", False) else state.view(seat)


def show_deal(agents, hands, talon=()):
    """Show ``hands`` (seat order) and ``talon`` to every omniscient agent of ``agents``; others see nothing."""
    hands = tuple(tuple(h) for h in hands)
    for agent in _omniscient(agents):
        agent.see_deal(hands, tuple(talon))


def _omniscient(agents):
    """The distinct omniscient agents of ``agents`` (one object may play several seats)."""
    out = []
    for agent in agents:
        if getattr(agent, "omniscient", False) and all(agent is not a for a in out):
            out.append(agent)
    return out


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


class DoubleDummyBase:
    """The omniscient part of a double-dummy agent: it keeps the hands the game showed it (``hands``)."""

    omniscient = True

    def __init__(self):
        self.hands, self.talon = None, ()

    def see_deal(self, hands, talon=()):
        """The game's hook at the start of a deal: every hand (seat order) and the talon."""
        self.hands, self.talon = hands, talon

    def hands_now(self, played):
        """Each seat's remaining cards: the hands shown minus the cards in ``played``."""
        if self.hands is None:
            raise InputError("the double-dummy agent was not shown the deal (the game must call show_deal "
                             "before the play)", field="agents")
        return tuple(tuple(c for c in h if c not in played) for h in self.hands)
