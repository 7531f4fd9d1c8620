"""What a simulation asks of preferans (``PREFERANS.simulation``): the compiled deals of heuristic players, a
played deal's outcome and the columns of a table of played deals."""
import array
import functools
import json

import attrs

from trickcore.games.agent_spec import shared_agent
from trickcore.games.preferans.analysis import solve_preferans
from trickcore.games.preferans.variants import default_players, play_settings
from trickcore.games.preferans.vocab import Contract
from trickcore.games.simulation_hooks import SimulationHooks, columns_of

OUTCOME = ("contract", "declarer tricks", "made")     # the outcome's keys (PreferansSimulation.outcome)


@attrs.frozen
class PreferansSimulation(SimulationHooks):
    """The preferans simulation hooks."""

    def dealer(self, index, variant=None):
        """The dealer of deal ``index``: the deal passes round the table's players (two in Gusarik)."""
        return index % default_players(play_settings(variant or "sochi"))

    def analysis_options(self, index, dealer, options):
        """The user's analysis options as they are: the hands are named from the dealer's left, so the dealer
        changes nothing in a deal's analysis."""
        return options

    def analyse_played(self, deal, index, dealer):
        """The double-dummy analysis of a played deal: every hand's tricks per strain after its best discard and its
        misère, and all-pass (the talon leading tricks 1 and 2 by suit), as ``tricks solve --game preferans`` gives
        one declarer's; the hands are named from the dealer's left, so the dealer changes nothing."""
        return solve_preferans(deal)

    def outcome(self, record):
        """The kind of deal, the contract, the declarer's tricks and whether he made it (misère: no trick)."""
        if record.declarer is None:
            return {"contract": record.kind}
        contract = Contract.parse(record.contract)
        if "tricks" not in record.protocol:
            # Both defenders passed: the contract is written as made without play (rules/preferans.md §5).
            return {"contract": str(contract), "made": True}
        tricks = record.won[record.declarer]
        made = tricks == 0 if contract.is_misere else tricks >= contract.level
        return {"contract": str(contract), "declarer tricks": tricks, "made": made}

    def table_columns(self, records):
        """The outcome's columns, then the kind of deal, the declarer, each player's defence call and tricks, and
        ``protocol``, the deal's protocol entry as JSON (what the scorers read), from the records' own data (no
        JSON form of the whole deal)."""
        columns = columns_of([self.outcome(record) for record in records])
        protocols = [record.protocol for record in records]
        players = sorted({player for record in records for player in record.players})
        columns["kind"] = [record.kind for record in records]
        columns["declarer"] = [protocol.get("declarer") for protocol in protocols]
        for player in players:
            columns[f"call {player}"] = [protocol.get("calls", {}).get(player) for protocol in protocols]
        for player in players:
            columns[f"tricks {player}"] = [protocol.get("tricks", {}).get(player) for protocol in protocols]
        columns["protocol"] = [json.dumps(protocol) for protocol in protocols]
        return columns

    def outcome_columns(self, columns):
        """The outcome's columns of the table's (``table_columns``)."""
        return {key: list(values) for key, values in columns.items() if key in OUTCOME}

    def batch_records(self, dealt, indices, dealers, variant, agent_names, agent_seeds):
        """Heuristic players' deals from the compiled batch (games.preferans.heuristic_deals): the records of the
        deals ``dealt`` played by HeuristicAgent (of one playing style) through the protocol (it decides without
        chance, so its seeds play no part); None for other agents and for the deals the batch does not play
        (Gusarik, the old game)."""
        spec = shared_agent("preferans", agent_names)
        if spec is None or spec.cls.name != "heuristic":
            return None
        scope = _batch_scope(self, variant)
        if scope is None:
            return None
        from trickcore.games.preferans.heuristic_deals import heuristic_records
        masks = array.array("Q")
        for one in dealt:
            masks.extend(one.masks)
        settings, players = scope
        return heuristic_records(masks, dealers, settings, players,
                                 lambda i: self.state(dealt[i], indices[i], dealers[i], variant),
                                 dict(spec.options).get("style", "normal"))


@functools.lru_cache(maxsize=64)
def _batch_scope(hooks, variant):
    """The settings and players of a simulation's deals under ``variant`` when the compiled heuristic batch plays
    them (games.preferans.heuristic_deals.batch_playable), else None: the same for every deal of the simulation."""
    from trickcore.games.preferans.heuristic_deals import batch_playable
    state = hooks.state(hooks.game.deal_batch(0, 1), 0, 0, variant)
    return (state.settings, state.players) if batch_playable(state) else None
