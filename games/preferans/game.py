"""The preferans game: 32 cards dealt in pairs to hand1, hand2, hand3 with the talon pair after the first
round (preferans.md §2); must trump when void in the led suit."""
import attrs

from trickcore.cards import DECK32
from trickcore.errors import InputError
from trickcore.games.base import Game
from trickcore.games.preferans import analysis
from trickcore.games.preferans.table import PreferansState
from trickcore.games.preferans.variants import VARIANTS, PlaySettings, play_settings
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
    variants = VARIANTS
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

    def new_state(self, deal, dealer=0, variant=None, players=3, exit_level=6):
        """The State of one deal (games.preferans.table): ``variant`` is a PlaySettings or a variant's name
        (default Sochi), ``players`` the number of players or their ids clockwise, ``dealer`` his index among
        them, ``exit_level`` the lowest trick bid allowed after all-pass deals (§6.4)."""
        settings = variant if isinstance(variant, PlaySettings) else play_settings(variant or "sochi")
        n = players if isinstance(players, int) else len(players)
        if n not in (3, 4):
            raise InputError(f"preferans is played by 3 or 4 players, not {n}", field="players")
        ids = PLAYERS[:n] if isinstance(players, int) else tuple(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(ids):
            raise InputError(f"the dealer is a player index from 0 to {len(ids) - 1}, not {dealer!r}", field="dealer")
        return PreferansState(self, deal, dealer, settings, ids, exit_level)

    def outcome(self, record):
        """The kind of deal, the contract, the declarer's tricks and whether he made it (misère: no trick)."""
        if record.declarer is None:
            return {"contract": record.kind}
        contract = Contract.parse(record.contract)
        tricks = record.won[record.declarer]
        made = tricks == 0 if contract.is_misere else tricks >= contract.level
        return {"contract": str(contract), "declarer tricks": tricks, "made": made}

    def new_match(self, seed, variant=None, **options):
        """A whole game (a pulya) with agents and the running sheet; see games.preferans.match."""
        from trickcore.games.preferans.match import PreferansMatch
        return PreferansMatch.setup(self, seed, variant, **options)


PREFERANS = Preferans()
