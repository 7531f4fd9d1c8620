"""The preferans game: 32 cards dealt in pairs to hand1, hand2, hand3 with the talon pair after the first
round (preferans.md §2); must trump when void in the led suit."""
import attrs

from trickcore.cards import DECK32
from trickcore.errors import InputError
from trickcore.games.base import Game
from trickcore.games.options import (ANALYSIS_DEALER, ANALYSIS_DECLARER, DEALER, HANDS, PLAYER_COUNT, PROTOCOL,
                                     SOLVE_DECLARER, VARIANT, Option)
from trickcore.games.preferans import analysis
from trickcore.games.preferans.gusarik import GusarikState
from trickcore.games.preferans.old import OldState
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.table import PreferansState
from trickcore.games.preferans.variants import ALL_VARIANTS, GUSARIK, OLD, OldSettings, PlaySettings, play_settings
from trickcore.games.preferans.vocab import PLAYERS, Contract

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
    auctions = ("bid_ladder", "suit_and_talon_purchase")     # the old game's (variants-preferans.md §3.2)
    setup_type = PreferansSetup
    match_options = (VARIANT, PLAYER_COUNT,
                     Option("pool_target", "The pool target of a game played to a pool, e.g. preferans (with "
                                           "--agents).", int, owner="preferans"),
                     HANDS, PROTOCOL, DEALER)
    # The declarer is required; ``variant`` gusarik solves the declarer against the opponent and the dummy,
    # all-pass under the duck rule, and its ``dealer`` (A, the default, or B) says whose hand is the dummy.
    analysis_options = (Option("talon_mode", "How the talon cards lead the first all-pass tricks: "
                                             + ", ".join(analysis.TALON_MODES[:1]) + " (default), "
                                             + ", ".join(analysis.TALON_MODES[1:]) + ".", owner="preferans"),
                        Option("variant", "The game's variant, where it changes the analysis (preferans gusarik).",
                               owner="preferans"),
                        ANALYSIS_DECLARER, ANALYSIS_DEALER)
    simulation_options = (Option("talon_mode", "--solve: how the talon leads the all-pass tricks (preferans).",
                                 owner="preferans"),
                          SOLVE_DECLARER)
    analysis_summary = "contracts, misère and all-pass in preferans"

    def pattern(self, dealer):
        """The canonical seeded layout of §2; seats are relative to the dealer, so it does not depend on him."""
        return _PATTERN

    def first_leader(self, dealer):
        """``hand1`` leads to the first trick of every deal."""
        return 0

    def analyse(self, deal, **opts):
        """The declarer's tricks per strain after his best discard, his misère, and all-pass (a
        PreferansResult); options ``declarer`` (required), ``talon_mode``, ``variant``, ``dealer``."""
        return analysis.analyse(self, deal, **self.analysis_settings(opts))

    def new_state(self, deal, setup=PreferansSetup()):
        """The State of one deal (games.preferans.table) as ``setup`` (a PreferansSetup) says."""
        variant, players, dealer = setup.variant, setup.players, setup.dealer
        settings = variant if isinstance(variant, (PlaySettings, OldSettings)) else play_settings(variant or "sochi")
        fixed = settings.variant in (GUSARIK, OLD)
        if players is None:
            players = settings.num_players if fixed else 3
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

    def outcome(self, record):
        """The kind of deal, the contract, the declarer's tricks and whether he made it (misère: no trick)."""
        if record.declarer is None:
            return {"contract": record.kind}
        contract = Contract.parse(record.contract)
        if "tricks" not in record.protocol:
            # Both defenders passed: the contract is written as made without play (spec §5).
            return {"contract": str(contract), "made": True}
        tricks = record.won[record.declarer]
        made = tricks == 0 if contract.is_misere else tricks >= contract.level
        return {"contract": str(contract), "declarer tricks": tricks, "made": made}

    def batch_records(self, dealt, indices, dealer, variant, agent_names, agent_seeds):
        """Heuristic players' deals from the compiled batch (games.preferans.heuristic_deals): the records of
        simulation_state's deals played by HeuristicAgent through the protocol (it decides without chance, so its
        seeds play no part); None for other agents and for the deals the batch does not play (Gusarik, the old
        game)."""
        if set(agent_names) != {"heuristic"}:
            return None
        from trickcore.games.preferans.heuristic_deals import play_heuristic
        played = play_heuristic([self.simulation_state(one, index, dealer, variant)
                                 for one, index in zip(dealt, indices)])
        return None if played is None else [state.record() for state in played]

    def match_type(self):
        """A whole game (a pulya) with agents and the running sheet; see games.preferans.match."""
        from trickcore.games.preferans.match import PreferansMatch
        return PreferansMatch


PREFERANS = Preferans()
