"""What a simulation asks of whist (``WHIST.simulation``): hand ``index + 1`` with the card dealt last turned
up, and a played hand's outcome."""
import attrs

from trickcore.games.simulation_hooks import SimulationHooks
from trickcore.games.whist.setup import WhistSetup


@attrs.frozen
class WhistSimulation(SimulationHooks):
    """The whist simulation hooks."""

    def setup(self, dealt, index, dealer, variant=None):
        """Hand ``index + 1`` of a simulation, the card dealt last turned up."""
        return WhistSetup(dealer=dealer, variant=variant, turn_up=dealt.last_card(0), number=index + 1)

    def outcome(self, record):
        """Trumps, each side's tricks and N-S honours of a played hand."""
        data = record.to_dict()
        return {"trump": data["trump"], "NS tricks": data["tricks_ns"], "NS honours": data["honours_ns"]}
