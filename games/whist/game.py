"""The whist game: the bridge deal (rules/whist.md §2), the last card dealt turned up to fix trumps."""
import attrs

from trickcore.cards import DECK52
from trickcore.games.base import Game
from trickcore.games.options import (ANALYSIS_DEALER, ANALYSIS_TRUMP, DEALER, HANDS, LINE, PROTOCOL, TRUMP, VARIANT,
                                     Option)
from trickcore.games.whist.analysis import WhistAnalysis
from trickcore.games.whist.match import WhistMatch
from trickcore.games.whist.setup import WhistSetup
from trickcore.games.whist.simulation import WhistSimulation
from trickcore.games.whist.table import WhistState
from trickcore.games.whist.variants import VARIANTS, WhistVariant
from trickcore.games.whist.vocab import SEATS


@attrs.frozen
class Whist(Game):
    """Whist. Dealt like bridge; the last card (always the dealer's) is the turn-up and names trumps."""

    name = "whist"
    title = "Whist"
    deck = DECK52
    seats = SEATS
    seat_words = ("north", "east", "south", "west")
    variants = VARIANTS
    # ``dealer``: the first dealer; ``trump``: a fixed trump instead of the turn-up.
    setup_type = WhistSetup
    match_options = (VARIANT, HANDS, PROTOCOL, DEALER, TRUMP)
    analysis_options = (ANALYSIS_DEALER,
                        ANALYSIS_TRUMP, LINE)
    simulation_options = (Option("trump", "--solve: the one trump suit to analyse (whist).", owner="whist"),)
    analysis_summary = "each side's tricks per trump suit in whist"
    analysis_type = WhistAnalysis
    simulation_type = WhistSimulation

    def turn_up(self, seed, index=0, dealer=0):
        """The turn-up of seeded deal ``index``: the card dealt last, in the dealer's hand."""
        return self.deal_batch(seed, 1, dealer, index).last_card(0)

    def natural_trumps(self, batch):
        """The suit of each deal's turn-up."""
        return [batch.last_card(i).suit for i in range(len(batch))]

    def new_state(self, deal, setup=WhistSetup()):
        """The WhistState of ``deal`` as ``setup`` (a WhistSetup) says, before the first lead."""
        variant = setup.variant if isinstance(setup.variant, WhistVariant) else WhistVariant(setup.variant or "short")
        return WhistState(self, deal, self.seat_index(setup.dealer), variant.trump(setup.turn_up), setup.turn_up,
                          setup.number, variant, setup.called)

    def match_type(self):
        """Hands until the rubber ends, or a number of hands (a WhistMatch)."""
        return WhistMatch


WHIST = Whist()
