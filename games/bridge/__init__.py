"""Contract bridge: four seats in two partnerships, 52 cards."""
from trickcore.games.bridge.game import BRIDGE, Bridge

__all__ = ["BRIDGE", "Bridge"]
