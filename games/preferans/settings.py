"""The settings of preferans.md §10 that govern dealing, the auction, the defence and the play, per variant.

The scoring settings belong to the scorer (``scoring.preferans``); the engine only needs these, and a
protocol it writes carries only the keys the user chose (e.g. ``pool_target``), so the scorer applies the
same preset.
"""
import attrs

from trickcore.errors import InputError

VARIANTS = ("sochi", "leningrad", "rostov", "classic")


@attrs.frozen
class PlaySettings:
    """The play-relevant settings of one variant (names as in §10)."""

    variant: str
    num_players: int = 3
    pool_target: int = 20
    allow_hold: bool = True
    half_whist: bool = True
    gentleman_half_whist_switch: bool = False
    dealer_may_whist: bool = True
    mandatory_whist_6s: bool = False
    ten_trick_mode: str = "whist"
    all_pass_talon: str = "dealer_owns"
    all_pass_exit: str = "any_game"
    all_pass_exit_levels: tuple = (6,)
    same_dealer_after_all_pass: bool = False
    dealer_talon_bonus: bool = False
    open_after_first_lead: bool = False

    def dealer_talon_bonus_recorded(self, n_players):
        """True when a trick contract's record carries the talon for the dealer's talon bonus (§7.8, 4 players)."""
        return self.dealer_talon_bonus and n_players == 4

    def talon_mode(self, n_players):
        """The effective all-pass talon mode: ``dealer_owns`` behaves as ``suit_only`` with 3 players (§6.3)."""
        if self.all_pass_talon == "dealer_owns" and n_players == 3:
            return "suit_only"
        return self.all_pass_talon


PRESETS = {
    "sochi": PlaySettings("sochi"),
    "leningrad": PlaySettings("leningrad", gentleman_half_whist_switch=True, all_pass_exit="whisted_game"),
    "rostov": PlaySettings("rostov", all_pass_talon="suit_only"),
    "classic": PlaySettings("classic", num_players=4, allow_hold=False, mandatory_whist_6s=True,
                            ten_trick_mode="checked", same_dealer_after_all_pass=True, dealer_talon_bonus=True),
}


def play_settings(variant, **overrides):
    """The PlaySettings of ``variant`` with single keys overridden; InputError for an unknown variant or key."""
    key = (variant or "").strip().lower()
    if key not in PRESETS:
        raise InputError(f"unknown preferans variant {variant!r} (known: {', '.join(VARIANTS)})", field="variant")
    known = {f.name for f in attrs.fields(PlaySettings)} - {"variant"}
    for name in overrides:
        if name not in known:
            raise InputError(f"unknown preferans setting {name!r}", field=name)
    return attrs.evolve(PRESETS[key], **overrides)
