"""The per-level values of rules/preferans.md §5.4 and §7.1: set, whist, consolation, shortfall, scaled by the decimal
count's
``price_scale`` (§2.2), and the absolute values of the big/small misères and uverts (§2.3-§2.4)
(the contracts, their price and the obligation table are the game's vocabulary, ``games.preferans.vocab``).

Sections (§) and decisions are those of docs/rules/preferans-variants.md."""
from fractions import Fraction

import attrs

from trickcore.games.preferans.vocab import OBLIGATION, price

MISERE_PRICE = 10
HELP_RATE = 10
ROSTOV_WHISTS = {6: 5, 7: 10, 8: 15, 9: 20, 10: 25}
# §2.3-§2.4: made = pool entry, failed = mountain per trick taken; never × price_scale.
NO_TRICK_VALUES = {"misere_small": 5, "misere_big": 10, "uvert_small": 15, "uvert_big": 20}


def price_scale(settings):
    """The decimal count's factor on every price-derived entry (1 where the variant has no such setting)."""
    return settings.price_scale or 1


@attrs.frozen
class Values:
    """The money of one trick-contract deal: every value already multiplied by the deal multiplier ``mu`` and by
    the settings' ``price_scale``."""

    settings: object
    level: int
    mu: int = 1

    @property
    def factor(self):
        """μ × price_scale: what multiplies every price-derived value."""
        return self.mu * price_scale(self.settings)

    @property
    def pool(self):
        """P × μ."""
        return Fraction(price(self.level) * self.factor)

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
        return Fraction(base * self.factor)

    @property
    def consolation(self):
        """CONS: whists per undertrick written by each payer (robber writes W per undertrick)."""
        rule = self.settings.consolation
        if rule in ("whist_per_trick", "robber"):
            return self.whist
        if rule == "none":
            return Fraction(0)
        return Fraction(rule * self.factor)

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


def misere_value(settings, mu, form=None):
    """The pool entry of a made misère or uvert: 10 × μ × price_scale for the modern misère (rules/preferans.md §7.5),
    the absolute value × μ for a ``form`` of §2.3-§2.4."""
    if form is None:
        return Fraction(MISERE_PRICE * mu * price_scale(settings))
    return Fraction(NO_TRICK_VALUES[form] * mu)


def misere_trick_penalty(settings, mu, form=None):
    """Mountain per trick taken on a failed misère or uvert (its value × mountain_factor)."""
    return misere_value(settings, mu, form) * settings.mountain_factor
