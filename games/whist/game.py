"""The whist game: the bridge deal (whist.md §2), the last card dealt turned up to fix trumps."""
import attrs

from trickcore.games.base import Game
from trickcore.games.whist import analysis
from trickcore.games.whist.match import play_match
from trickcore.cards import DECK52


@attrs.frozen
class Whist(Game):
    """Whist. Dealt like bridge; the last card (always the dealer's) is the turn-up and names trumps."""

    name = "whist"
    title = "Whist"
    deck = DECK52
    seats = ("N", "E", "S", "W")
    variants = ("short", "long", "american")
    analysis_options = {"dealer": "the dealer, whose left-hand opponent leads (default N)",
                        "trump": "the one trump suit to analyse (default: each suit in turn)"}

    def turn_up(self, seed, index=0, dealer=0):
        """The turn-up of seeded deal ``index``: the card dealt last, in the dealer's hand."""
        return self.deal_batch(seed, 1, dealer, index).last_card(0)

    def analyse(self, deal, **opts):
        """Each side's double-dummy tricks per trump suit (a TrickTable); options ``dealer``, ``trump``."""
        return analysis.analyse(self, deal, **self.analysis_settings(opts))

    def natural_trumps(self, batch):
        """The suit of each deal's turn-up."""
        return [batch.last_card(i).suit for i in range(len(batch))]

    def play_match(self, agents, seed, options):
        """Play hands with agents until the rubber ends (or ``options["hands"]``); a MatchReport.

        ``options``: ``variant`` (ruleset short, long or american), ``hands``, ``dealer`` (the first dealer),
        ``trump`` (a fixed trump instead of the turn-up), ``protocol`` (write the hands as PBN to this file).
        """
        return play_match(self, agents, seed, options)


WHIST = Whist()
