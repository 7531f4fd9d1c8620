"""What a simulation asks of a game (the ``game.simulation`` service): each deal's Setup and State, a compiled
batch of played deals where the game has one, a played deal's analysis, record as JSON and outcome."""
import attrs

from trickcore.errors import InputError


@attrs.frozen
class SimulationHooks:
    """The simulation hooks of ``game``; games subclass it where they say more (``Game.simulation_type``)."""

    game: object

    def setup(self, dealt, index, dealer, variant=None):
        """The Setup of deal number ``index`` of a simulation: the one deal of ``dealt`` (a DealBatch, which also
        knows the order the cards were dealt in), dealt by seat index ``dealer``."""
        return self.game.setup_type(dealer=dealer, variant=variant)

    def state(self, dealt, index, dealer, variant=None):
        """The State of deal number ``index`` of a simulation (see ``setup``)."""
        return self.game.new_state(dealt[0], self.setup(dealt, index, dealer, variant))

    def batch_records(self, dealt, indices, dealer, variant, agent_names, agent_seeds):
        """The records of the deals ``dealt`` (one-deal DealBatches, numbers ``indices`` in a simulation, dealt by
        seat index ``dealer``) played by ``agent_names`` seeded ``agent_seeds``, from a compiled batch that plays
        exactly as the agents do through the protocol; None when the game has no such batch for these agents."""
        return None

    def analyse_played(self, deal, index, dealer):
        """The double-dummy analysis of deal number ``index`` of a simulation, dealt by seat index ``dealer``,
        with the options the played deal had (the dealer where the game's analysis takes one)."""
        analysis = self.game.analysis
        options = {"dealer": self.game.seats[dealer]} if "dealer" in analysis.names() else {}
        return analysis.analyse(deal, **options)

    def record_dict(self, record):
        """A deal's result record (``State.record()``) as the JSON object its scorers read."""
        return record.to_dict()

    def outcome(self, record):
        """The few facts of a played deal that a simulation summarises (name -> number, yes/no or name)."""
        raise InputError(f"{self.game.name} deals cannot be summarised yet")
