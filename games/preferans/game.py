"""The preferans game: 32 cards dealt in pairs to hand1, hand2, hand3 with the talon pair after the first
round (preferans.md §2); must trump when void in the led suit."""
import attrs

from trickcore.cards import DECK32
from trickcore.errors import InputError
from trickcore.games.base import Game
from trickcore.games.preferans import analysis
from trickcore.games.preferans.gusarik import GusarikState
from trickcore.games.preferans.old import OldState
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
    analysis_options = {"declarer": "the declarer whose contracts and misère are solved (required)",
                        "talon_mode": "how the talon cards lead the first all-pass tricks: "
                                      + ", ".join(analysis.TALON_MODES) + " (default suit_only)",
                        "variant": "gusarik: the declarer against the opponent and the dummy, all-pass under "
                                   "the duck rule (other variants: the base analysis)",
                        "dealer": "gusarik only: A (default; the dummy is hand2) or B (the dummy is hand1)"}

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

    def new_state(self, deal, dealer=0, variant=None, players=None, exit_level=6, owed=None, closing=False):
        """The State of one deal (games.preferans.table): ``variant`` is a PlaySettings or a variant's name
        (default Sochi), ``players`` the number of players or their ids clockwise (default 3; Gusarik 2),
        ``dealer`` his index among them, ``exit_level`` the lowest trick bid allowed after all-pass deals (§6.4).
        Gusarik (games.preferans.gusarik) also takes ``owed``, the razboinik games each player still owes (None:
        the pool stage), and ``closing`` for a closing all-pass deal."""
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
            return GusarikState(self, deal, dealer, settings, ids, owed, closing)
        if settings.variant == OLD:
            return OldState(self, deal, dealer, settings, ids)
        return PreferansState(self, deal, dealer, settings, ids, exit_level)

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

    def batch_records(self, deals, indices, dealer, variant, agent_names, agent_seeds):
        """Heuristic players' deals from the compiled batch (games.preferans.heuristic_deals): the records of
        simulation_state's deals played by HeuristicAgent through the protocol (it decides without chance, so its
        seeds play no part); None for other agents and for the deals the batch does not play (Gusarik, the old
        game)."""
        if set(agent_names) != {"heuristic"}:
            return None
        from trickcore.games.preferans.heuristic_deals import play_heuristic
        played = play_heuristic([self.simulation_state(deal, index, dealer, variant)
                                 for deal, index in zip(deals, indices)])
        return None if played is None else [state.record() for state in played]

    def new_match(self, seed, variant=None, **options):
        """A whole game (a pulya) with agents and the running sheet; see games.preferans.match."""
        from trickcore.games.preferans.match import PreferansMatch
        return PreferansMatch.setup(self, seed, variant, **options)


PREFERANS = Preferans()
