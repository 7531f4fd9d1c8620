"""The whist game: the bridge deal (whist.md §2), the last card dealt turned up to fix trumps."""
import attrs

from trickcore.cards import DECK52
from trickcore.games.base import Game
from trickcore.games.whist import analysis
from trickcore.games.whist.match import WhistMatch
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

    def new_state(self, deal, dealer=0, variant=None, turn_up=None, number=0, called=False):
        """The WhistState of ``deal`` dealt by ``dealer``, before the first lead.

        ``variant`` is a WhistVariant (or a ruleset name; default short whist): it decides trumps from
        ``turn_up`` (the card dealt last, in the dealer's hand) or fixes them. ``number`` is the hand's number
        in a match; ``called`` marks a hand not played because a side called at eight.
        """
        if not isinstance(variant, WhistVariant):
            variant = WhistVariant(variant or "short")
        dealer = self.seat_index(dealer)
        return WhistState(self, deal, dealer, variant.trump(turn_up), turn_up, number, variant, called)

    def simulation_state(self, deal, index, dealer, variant=None, last_card=None):
        """Hand ``index + 1`` of a simulation, the card dealt last turned up."""
        return self.new_state(deal, dealer, variant, turn_up=last_card, number=index + 1)

    def outcome(self, record):
        """Trumps, each side's tricks and N-S honours of a played hand."""
        data = record.to_dict()
        return {"trump": data["trump"], "NS tricks": data["tricks_ns"], "NS honours": data["honours_ns"]}

    def new_match(self, seed, variant=None, **options):
        """A match with agents: hands until the rubber ends, or ``options["hands"]`` hands (a WhistMatch).

        ``options``: ``hands``, ``dealer`` (the first dealer), ``trump`` (a fixed trump instead of the turn-up),
        ``protocol`` (write the hands as PBN to this file); ``players`` and ``pool_target`` are refused.
        """
        return WhistMatch.setup(self, seed, variant, **options)


WHIST = Whist()
