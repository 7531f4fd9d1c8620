"""Contract bridge: four seats in two partnerships, 52 cards (the game object is ``game.BRIDGE``)."""
