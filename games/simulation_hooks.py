"""What a simulation asks of a game (the ``game.simulation`` service): each deal's Setup and State, a compiled
batch of played deals where the game has one, a played deal's analysis, record as JSON and outcome."""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from trickcore.dealing import Deal, DealBatch
from trickcore.errors import InputError

if TYPE_CHECKING:  # games.base imports this module
    from trickcore.games.base import Game, Record, Setup, State

CHECK_BATCH_VARIABLE = "TRICKCORE_CHECK_BATCH"


def checking_batches() -> bool:
    """Whether the environment asks every compiled batch to check its records against the game's State before it
    returns them (TRICKCORE_CHECK_BATCH=1, a debugging aid; errors.BatchMismatch on a difference)."""
    return os.environ.get(CHECK_BATCH_VARIABLE, "") not in ("", "0")


@attrs.frozen
class SimulationHooks:
    """The simulation hooks of ``game``; games subclass it where they say more (``Game.simulation_type``)."""

    game: Game

    def dealer(self, index: int, variant: object = None) -> int:
        """The seat index dealing deal number ``index`` of a simulation (of ``variant``) with no fixed dealer: the
        deal passes to the left after every deal, as in a match."""
        return index % self.game.n_seats

    def analysis_options(self, index: int, dealer: int, options: dict[str, Any]) -> dict[str, Any]:
        """The analysis options of deal number ``index`` of a simulation, dealt by seat index ``dealer``:
        ``options`` (the user's) with the dealer where the game's analysis takes one and the user gave none."""
        if "dealer" in self.game.analysis.names():
            options = {"dealer": self.game.seats[dealer], **options}
        return options

    def setup(self, dealt: DealBatch, index: int, dealer: int, variant: object = None) -> Setup:
        """The Setup of deal number ``index`` of a simulation: the one deal of ``dealt`` (a DealBatch, which also
        knows the order the cards were dealt in), dealt by seat index ``dealer``."""
        return self.game.setup_type(dealer=dealer, variant=variant)

    def state(self, dealt: DealBatch, index: int, dealer: int, variant: object = None) -> State:
        """The State of deal number ``index`` of a simulation (see ``setup``)."""
        return self.game.new_state(dealt[0], self.setup(dealt, index, dealer, variant))

    def batch_records(self, dealt: Sequence[DealBatch], indices: Sequence[int], dealers: Sequence[int],
                      variant: object, agent_names: Sequence[str],
                      agent_seeds: Sequence[int]) -> list[Record] | None:
        """The records of the deals ``dealt`` (one-deal DealBatches, numbers ``indices`` in a simulation, each dealt
        by its seat index in ``dealers``) played by ``agent_names`` seeded ``agent_seeds``, from a compiled batch
        that plays exactly as the agents do through the protocol; None when the game has no such batch for these
        agents."""
        return None

    def analyse_played(self, deal: Deal, index: int, dealer: int) -> Any:
        """The double-dummy analysis of deal number ``index`` of a simulation, dealt by seat index ``dealer``,
        with the options the played deal had (``analysis_options``)."""
        return self.game.analysis.analyse(deal, **self.analysis_options(index, dealer, {}))

    def record_dict(self, record: Record) -> dict[str, Any]:
        """A deal's result record (``State.record()``) as the JSON object its scorers read."""
        return record.to_dict()

    def outcome(self, record: Record) -> dict[str, object]:
        """The few facts of a played deal that a simulation summarises (name -> number, yes/no or name)."""
        raise InputError(f"{self.game.name} deals cannot be summarised yet")
