"""The preferans game: 32 cards dealt in pairs to hand1, hand2, hand3 with the talon pair after the first
round (preferans.md §2); must trump when void in the led suit."""
import attrs

from trickcore.games.base import Game
from trickcore.games.preferans import analysis
from trickcore.cards import DECK32

# d[0:2] hand1, d[2:4] hand2, d[4:6] hand3, d[6:8] talon, then pairs to hand1, hand2, hand3 until 10 each.
_PATTERN = (0, 0, 1, 1, 2, 2, 3, 3) + (0, 0, 1, 1, 2, 2) * 4


@attrs.frozen
class Preferans(Game):
    """Preferans. Seats are the active hands ``hand1`` (dealer's left, leads first), ``hand2``, ``hand3``."""

    name = "preferans"
    title = "Preferans"
    deck = DECK32
    seats = ("hand1", "hand2", "hand3")
    talon_size = 2
    must_trump = True
    variants = ("sochi", "leningrad", "rostov", "classic")
    auctions = ("bid_ladder",)
    analysis_options = {"declarer": "the declarer whose contracts and misère are solved (required)",
                        "talon_mode": "how the talon cards lead the first all-pass tricks: "
                                      + ", ".join(analysis.TALON_MODES) + " (default suit_only)"}

    def pattern(self, dealer):
        """The canonical seeded layout of §2; seats are relative to the dealer, so it does not depend on him."""
        return _PATTERN

    def first_leader(self, dealer):
        """``hand1`` leads to the first trick of every deal."""
        return 0

    def analyse(self, deal, **opts):
        """The declarer's tricks per strain after his best discard, his misère, and all-pass (a
        PreferansResult); options ``declarer`` (required), ``talon_mode``."""
        return analysis.analyse(self, deal, **self.analysis_settings(opts))

    def play_match(self, agents, seed, options):
        """Play one whole game (a pulya) with agents and the running sheet; see games.preferans.match."""
        from trickcore.games.preferans.match import play_match
        return play_match(self, agents, seed, options)


PREFERANS = Preferans()
