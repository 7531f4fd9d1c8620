"""Preferans: three active players, 32 cards, a two-card talon, must trump when void (``game.PREFERANS``)."""
