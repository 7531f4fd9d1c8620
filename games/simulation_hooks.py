"""What a simulation asks of a game (the ``game.simulation`` service): each deal's Setup and State, a compiled
batch of played deals where the game has one, a played deal's analysis, record as JSON and outcome, and the
columns of a table of played deals (a simulation's Parquet file)."""
from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from trickcore.cards import mask_cards
from trickcore.dealing import Deal, DealBatch
from trickcore.errors import InputError
from trickcore.games import _deal_text

if TYPE_CHECKING:  # games.base imports this module
    from trickcore.games.base import Game, Record, Setup, State

CHECK_BATCH_VARIABLE = "TRICKCORE_CHECK_BATCH"


def checking_batches() -> bool:
    """Whether the environment asks every compiled batch to check its records against the game's State before it
    returns them (TRICKCORE_CHECK_BATCH=1, a debugging aid; errors.BatchMismatch on a difference)."""
    return os.environ.get(CHECK_BATCH_VARIABLE, "") not in ("", "0")


@attrs.frozen
class DealtDeals(Sequence[DealBatch]):
    """The deals of a piece of a simulation, dealt at once: ``batch``, one DealBatch holding them all (each dealt
    under its own dealer's plan, in order), and, as a sequence, each deal's own one-deal DealBatch."""

    batch: DealBatch

    def __len__(self) -> int:
        return len(self.batch)

    def __getitem__(self, k: Any) -> Any:
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        n = self.batch.plan.n_owners
        return DealBatch(self.batch.plan, self.batch.masks[k * n:(k + 1) * n], self.batch.last[k:k + 1],
                         self.batch.seed, self.batch.number(k))

    def __iter__(self) -> Iterator[DealBatch]:
        return (self[k] for k in range(len(self)))


@functools.cache
def talon_text(mask: int) -> str:
    """A talon's cards as Deal.to_string writes them (highest first)."""
    return " ".join(str(card) for card in sorted(mask_cards(mask), reverse=True))


def flat_row(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """One table row from a nested JSON object: nested objects' keys joined with spaces ("tricks N NT")."""
    row: dict[str, Any] = {}
    for key, value in data.items():
        name = f"{prefix} {key}".strip()
        if isinstance(value, dict):
            row.update(flat_row(value, name))
        else:
            row[name] = value
    return row


def columns_of(rows: Sequence[dict[str, Any]]) -> dict[str, list[Any]]:
    """The columns of ``rows`` (dicts): every key in the order it first appears, None where a row lacks it."""
    keys = dict.fromkeys(key for row in rows for key in row)
    return {key: [row.get(key) for row in rows] for key in keys}


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

    def deal_texts(self, dealt: DealBatch) -> list[str]:
        """The text of each deal of ``dealt`` as a simulation's lines and table write it (the game's
        ``formats.format_deal``, Deal.to_string: ``N:h h h h``, or ``h h h | talon``), the hands written in
        compiled code."""
        hands = _deal_text.hand_texts(dealt.masks, dealt.plan.n_owners, self.game.n_seats)
        if self.game.n_seats == 4:
            return ["N:" + text for text in hands]
        talons = dealt.masks[dealt.plan.n_owners - 1::dealt.plan.n_owners]
        return [f"{text} | {talon_text(talon)}" for text, talon in zip(hands, talons)]

    def hand_columns(self, texts: Sequence[str]) -> dict[str, list[str]]:
        """Columns of the deals' hands, one per hand, from the deals' ``texts`` (none by default)."""
        return {}

    def table_columns(self, records: Sequence[Record]) -> dict[str, list[Any]]:
        """The table columns of played deals' ``records`` (at one table): by default each ``outcome`` key, then
        ``record``, the record's JSON (``record_dict``) as a simulation's line holds it, which its scorers read."""
        columns = columns_of([self.outcome(record) for record in records])
        columns["record"] = [json.dumps(self.record_dict(record)) for record in records]
        return columns

    def line_parts(self, records: Sequence[Record], columns: dict[str, list[Any]],
                   base: dict[str, list[Any]]) -> tuple[list[str], list[str]]:
        """The JSON texts of each deal's record and outcome in a simulation's line, from its ``records``, their
        ``table_columns`` and the deals' ``base`` columns (index, number, deal, dealer)."""
        return ([json.dumps(self.record_dict(record)) for record in records],
                [json.dumps(self.outcome(record)) for record in records])

    def outcome_columns(self, columns: dict[str, Any]) -> dict[str, list[Any]]:
        """The outcome of each deal (``outcome``, as columns: None where a deal has no value) from its
        ``table_columns``."""
        return {key: list(values) for key, values in columns.items() if key != "record"}
