"""The preferans game: 32 cards dealt in pairs to hand1, hand2, hand3 with the talon pair after the first
round (rules/preferans.md §2); must trump when void in the led suit."""
import attrs

from trickcore.cards import DECK32
from trickcore.errors import InputError
from trickcore.games.base import Game
from trickcore.games.options import (ANALYSIS_DEALER, ANALYSIS_DECLARER, DEALER, HANDS, PLAY_SETTINGS, PLAYER_COUNT,
                                     PROTOCOL, SOLVE_DECLARER, VARIANT, Option)
from trickcore.games.preferans.analysis import TALON_MODES, PreferansAnalysis
from trickcore.games.preferans.gusarik import GusarikState
from trickcore.games.preferans.old import OldState
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.simulation import PreferansSimulation
from trickcore.games.preferans.table import PreferansState
from trickcore.games.preferans.variants import (ALL_VARIANTS, GUSARIK, OLD, OldPlaySettings, PlaySettings,
                                                default_players, play_settings)
from trickcore.games.preferans.vocab import PLAYERS

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
    variants = ALL_VARIANTS
    auctions = ("bid_ladder", "suit_and_talon_purchase")     # the old game's (rules/preferans-variants.md §3.2)
    setup_type = PreferansSetup
    match_options = (VARIANT, PLAYER_COUNT,
                     Option("pool_target", "The pool target of a game played to a pool, e.g. preferans (with "
                                           "--agents).", int, owner="preferans"),
                     HANDS, PROTOCOL, DEALER, PLAY_SETTINGS)
    # The declarer is required; ``variant`` gusarik solves the declarer against the opponent and the dummy,
    # all-pass under the duck rule, and its ``dealer`` (A, the default, or B) says whose hand is the dummy.
    analysis_options = (Option("talon_mode", "How the talon cards lead the first all-pass tricks: "
                                             + ", ".join(TALON_MODES[:1]) + " (default), "
                                             + ", ".join(TALON_MODES[1:]) + ".", owner="preferans"),
                        Option("variant", "The game's variant, where it changes the analysis (preferans gusarik).",
                               owner="preferans"),
                        ANALYSIS_DECLARER, ANALYSIS_DEALER)
    simulation_options = (Option("talon_mode", "--solve: how the talon leads the all-pass tricks (preferans).",
                                 owner="preferans"),
                          SOLVE_DECLARER)
    analysis_summary = "contracts, misère and all-pass in preferans"
    scoring_example = "preferans-sochi pool_target=20"
    analysis_type = PreferansAnalysis
    simulation_type = PreferansSimulation

    def pattern(self, dealer):
        """The canonical seeded layout of rules/preferans.md §2; seats are relative to the dealer, so it does not depend
        on him."""
        return _PATTERN

    def first_leader(self, dealer):
        """``hand1`` leads to the first trick of every deal."""
        return 0

    def new_state(self, deal, setup=PreferansSetup()):
        """The State of one deal (games.preferans.table) as ``setup`` (a PreferansSetup) says."""
        variant, players, dealer = setup.variant, setup.players, setup.dealer
        given = isinstance(variant, (PlaySettings, OldPlaySettings))
        settings = variant if given else play_settings(variant or "sochi")
        fixed = settings.variant in (GUSARIK, OLD)
        if players is None:
            players = default_players(settings)
        n = players if isinstance(players, int) else len(players)
        allowed = (settings.num_players,) if fixed else (3, 4)
        if n not in allowed:
            raise InputError(f"preferans {settings.variant} is played by {' or '.join(map(str, allowed))} players, "
                             f"not {n}", field="players")
        ids = PLAYERS[:n] if isinstance(players, int) else tuple(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(ids):
            raise InputError(f"the dealer is a player index from 0 to {len(ids) - 1}, not {dealer!r}", field="dealer")
        if settings.variant == GUSARIK:
            return GusarikState(self, deal, dealer, settings, ids, setup.owed, setup.closing)
        if settings.variant == OLD:
            return OldState(self, deal, dealer, settings, ids)
        return PreferansState(self, deal, dealer, settings, ids, setup.exit_level)

    def match_type(self):
        """A whole game (a pulya) with agents and the running sheet; see games.preferans.match."""
        from trickcore.games.preferans.match import PreferansMatch
        return PreferansMatch


PREFERANS = Preferans()
