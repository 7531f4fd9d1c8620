"""Preferans: three active players, 32 cards, a two-card talon, must trump when void."""
from trickcore.games.preferans.game import PREFERANS, Preferans

__all__ = ["PREFERANS", "Preferans"]
