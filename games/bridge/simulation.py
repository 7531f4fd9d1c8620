"""What a simulation asks of bridge (``BRIDGE.simulation``): board ``index + 1`` of each deal, the compiled
boards of random or heuristic tables, a played board's table and par, its JSON and its outcome."""
import attrs

from trickcore.games.agent_spec import shared_agent
from trickcore.games.bridge.match import board_score
from trickcore.games.bridge.compiled.played_boards import heuristic_boards, random_boards
from trickcore.games.bridge.record import board_to_dict
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.variants import STANDARD, variant as find_variant
from trickcore.games.bridge.vocab import board_dealer, board_vulnerability
from trickcore.games.simulation_hooks import SimulationHooks


@attrs.frozen
class BridgeSimulation(SimulationHooks):
    """The bridge simulation hooks."""

    def dealer(self, index, variant=None):
        """The dealer of board ``index + 1`` (N E S W in turn)."""
        return board_dealer(index + 1).value

    def analysis_options(self, index, dealer, options):
        """The analysis options of board ``index + 1``: the user's, else its dealer and its number's
        vulnerability."""
        return {"dealer": self.game.seats[dealer], "vul": board_vulnerability(index + 1).value, **options}

    def setup(self, dealt, index, dealer, variant=None):
        """Board ``index + 1`` of a simulation: its number fixes the vulnerability; the deal's dealer deals."""
        return BridgeSetup(dealer=dealer, variant=variant, board=index + 1)

    def batch_records(self, dealt, indices, dealers, variant, agent_names, agent_seeds):
        """Random or heuristic agents' boards at the standard table from the compiled batch
        (games.bridge.compiled.played_boards), the same boards as ``state``'s played by RandomAgent or
        HeuristicAgent (of one playing style) at every seat; None for any other agents or variant."""
        spec = shared_agent("bridge", agent_names)
        if spec is None or spec.cls.name not in ("random", "heuristic") or find_variant(variant) is not STANDARD:
            return None
        deals = [batch[0] for batch in dealt]
        numbers = [index + 1 for index in indices]
        if spec.cls.name == "random":
            played = random_boards(deals, dealers, agent_seeds, numbers)
        else:
            played = heuristic_boards(deals, dealers, numbers, dict(spec.options).get("style", "normal"))
        return [played.record(i) for i in range(len(played))]

    def record_dict(self, record):
        """A played board as a JSON board (games.bridge.record.board_to_dict)."""
        return board_to_dict(record)

    def outcome(self, record):
        """Contract, declarer, declarer's tricks, whether made, and the N-S duplicate score of a played board."""
        if record.passed_out:
            return {"contract": "Pass", "NS score": 0}
        declarer_score, ns_score = board_score(record)
        return {"contract": f"{record.contract} {record.declarer}", "declarer": record.declarer.name,
                "declarer tricks": record.result, "made": record.result >= record.contract.tricks_needed,
                "NS score": ns_score}
