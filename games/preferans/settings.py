"""The settings of preferans.md §10 that govern dealing, the auction, the defence and the play, per variant.

The values come from the scorer's one settings table (``scoring.preferans.settings``), so the engine and the
scorer never disagree on a variant's conventions; a protocol the engine writes carries only the keys the user
chose (e.g. ``pool_target``), and the scorer applies the same preset.
"""
import attrs

from trickcore.scoring.preferans.settings import VARIANTS, make_settings
from trickcore.errors import InputError


@attrs.frozen
class PlaySettings:
    """The play-relevant settings of one variant (names as in §10)."""

    variant: str
    num_players: int
    pool_target: int
    allow_hold: bool
    half_whist: bool
    gentleman_half_whist_switch: bool
    dealer_may_whist: bool
    mandatory_whist_6s: bool
    ten_trick_mode: str
    all_pass_talon: str
    all_pass_exit: str
    all_pass_exit_levels: tuple
    same_dealer_after_all_pass: bool
    dealer_talon_bonus: bool
    open_after_first_lead: bool

    def dealer_talon_bonus_recorded(self, n_players):
        """True when a trick contract's record carries the talon for the dealer's talon bonus (§7.8, 4 players)."""
        return self.dealer_talon_bonus and n_players == 4

    def talon_mode(self, n_players):
        """The effective all-pass talon mode: ``dealer_owns`` behaves as ``suit_only`` with 3 players (§6.3)."""
        if self.all_pass_talon == "dealer_owns" and n_players == 3:
            return "suit_only"
        return self.all_pass_talon


def play_settings(variant, **overrides):
    """The PlaySettings of ``variant``, read from the scorer's §10 presets (one table for both) with single
    settings overridden by name; InputError for an unknown variant, SettingsError for an unknown setting."""
    key = (variant or "").strip().lower()
    if key not in VARIANTS:
        raise InputError(f"unknown preferans variant {variant!r} (known: {', '.join(VARIANTS)})", field="variant")
    table = make_settings(key, overrides)
    return PlaySettings(key, **{f.name: getattr(table, f.name) for f in attrs.fields(PlaySettings)[1:]})
