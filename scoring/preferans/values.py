"""The per-level values of spec §5.4 and §7.1: set, whist, consolation, shortfall (the contracts, their price and
the obligation table are the game's vocabulary, ``games.preferans.vocab``)."""
from fractions import Fraction

import attrs

from trickcore.games.preferans.vocab import OBLIGATION, price

MISERE_PRICE = 10
HELP_RATE = 10
ROSTOV_WHISTS = {6: 5, 7: 10, 8: 15, 9: 20, 10: 25}


@attrs.frozen
class Values:
    """The money of one trick-contract deal: every value already multiplied by the deal multiplier ``mu``."""

    settings: object
    level: int
    mu: int = 1

    @property
    def pool(self):
        """P × μ."""
        return Fraction(price(self.level) * self.mu)

    @property
    def set(self):
        """SET: mountain per declarer undertrick."""
        return self.pool * self.settings.mountain_factor

    @property
    def whist(self):
        """W: whists per defence trick."""
        rule = self.settings.whist_per_trick
        if rule == "price":
            base = price(self.level)
        elif rule == "price_x2":
            base = 2 * price(self.level)
        elif rule == "rostov":
            base = ROSTOV_WHISTS[self.level]
        else:
            base = dict(rule)[self.level]
        return Fraction(base * self.mu)

    @property
    def consolation(self):
        """CONS: whists per undertrick written by each payer (robber writes W per undertrick)."""
        rule = self.settings.consolation
        if rule in ("whist_per_trick", "robber"):
            return self.whist
        if rule == "none":
            return Fraction(0)
        return Fraction(rule * self.mu)

    def shortfall(self, whister_closed):
        """SF for a liable whister; ``whister_closed``: his pool had reached the target before the deal."""
        liability = self.settings.whist_liability
        if liability == "responsible" or (liability == "classic" and whister_closed):
            return self.set
        return self.set / 2

    @property
    def obligation(self):
        """Tricks the defence must take."""
        return OBLIGATION[self.level]


def misere_trick_penalty(settings, mu):
    """Mountain per trick taken on a failed misère (10 × mountain_factor × μ)."""
    return Fraction(MISERE_PRICE * settings.mountain_factor * mu)
