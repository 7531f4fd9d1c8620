"""Whole deals through the State/Agent protocol: every game, random and heuristic agents, deals per second.

Each deal goes the way ``tricks play --agents`` plays it (the shared match runner: auction, talon, defence and
play, scored as the match goes). The baseline measured in the same run is the pure-Python reference playout of
the same game's cards (random cards, no auction, no agents, no scoring): the ratio says what a whole deal with
agents costs next to the bare play of its cards.

Run: ``pytest benchmarks/bench_play.py --benchmark-enable``; the rates and ratios print at the end.
"""
import pytest

from trickcore import reference
from trickcore.games.base import run_match
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.compiled.played_boards import heuristic_boards, random_boards
from trickcore.games.preferans.simulation import PreferansSimulation
from trickcore.games.registry import get_game
from trickcore.games.simulate import Simulation, choose_deals, run as run_simulation, run_chunk

DEALS = 60
TRUMPS = {"bridge": "NT", "whist": "S", "preferans": "S"}


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("name", sorted(TRUMPS))
def test_whole_deals(benchmark, rates, name, agent):
    game = get_game(name)
    played = []

    def run():
        result = run_match(game.new_match(7, hands=DEALS), agent, 7)
        played.append(len(result.records))

    benchmark.pedantic(run, rounds=3)
    # A preferans pulya may end before DEALS deals: the rate counts the deals each round really played.
    rates.record(benchmark, f"{name} whole deals {agent}", sum(played) / len(played))


@pytest.mark.parametrize("name", sorted(TRUMPS))
def test_reference_playouts(benchmark, rates, name):
    game = get_game(name)
    deals = list(game.deal_batch(1, DEALS))
    rules = game.trick_rules(TRUMPS[name])

    def run():
        for i, deal in enumerate(deals):
            reference.random_playout(rules, deal.hands, 0, 7, i)

    benchmark.pedantic(run, rounds=3)
    rates.record(benchmark, f"{name} reference playouts", DEALS)


BATCH_BOARDS = 20_000


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_bridge_boards_batch(benchmark, rates, agent):
    """Deal, auction, play and the record arrays of whole bridge boards in the compiled batch: the same boards as
    the random or heuristic agents through the protocol (tests/games/bridge/test_random_boards.py and
    test_heuristic_boards.py)."""
    dealers = [(n - 1) % 4 for n in range(1, BATCH_BOARDS + 1)]
    boards = list(range(1, BATCH_BOARDS + 1))
    if agent == "random":
        def run():
            random_boards(BRIDGE.deal_batch(7, BATCH_BOARDS), dealers, [7] * BATCH_BOARDS, boards)
    else:
        def run():
            heuristic_boards(BRIDGE.deal_batch(7, BATCH_BOARDS), dealers, boards)

    benchmark.pedantic(run, rounds=5, warmup_rounds=1)
    rates.record(benchmark, f"bridge {agent} boards batch", BATCH_BOARDS)


SIMULATED = 800


def test_bridge_simulate_heuristic(benchmark, rates):
    """Heuristic bridge boards the way ``tricks simulate --agents heuristic`` plays them (simulate.run_chunk:
    dealing, the game's batch, the record and outcome of each line), one process."""
    simulation = Simulation("bridge", SIMULATED, 7, agents=("heuristic",))
    items = list(enumerate(choose_deals(simulation)))
    benchmark.pedantic(run_chunk, args=(simulation, items), rounds=3, warmup_rounds=1)
    rates.record(benchmark, "bridge simulate heuristic (run_chunk)", SIMULATED)
    rates.record(benchmark, "bridge random boards batch", BATCH_BOARDS)


SIMULATED_DEALS = 400


@pytest.mark.parametrize("path", ["batch", "protocol"])
def test_preferans_heuristic_deals(benchmark, rates, monkeypatch, path):
    """Whole preferans deals of three heuristic players the way ``tricks simulate --agents heuristic`` plays them
    (run_chunk, chunk by chunk, one result line each): from the compiled batch (games.preferans.heuristic_deals),
    and with the batch turned off, through the protocol. Each round plays deals of a new seed, so that neither
    path reuses the agent's cached hand evaluations of an earlier round."""
    if path == "protocol":
        monkeypatch.setattr(PreferansSimulation, "batch_records", lambda self, *args: None)
    seeds = iter(range(100, 200))

    def setup():
        simulation = Simulation("preferans", SIMULATED_DEALS, next(seeds), agents=("heuristic",))
        return (simulation, choose_deals(simulation)), {}

    def run(simulation, numbers):
        for _ in run_simulation(simulation, numbers):
            pass

    benchmark.pedantic(run, setup=setup, rounds=5, warmup_rounds=1)
    rates.record(benchmark, f"preferans heuristic deals {path}", SIMULATED_DEALS)


BATCH_DEALS = 4096


@pytest.mark.parametrize("variant", ["sochi", "leningrad", "rostov", "classic"])
def test_preferans_heuristic_batch_records(benchmark, rates, variant):
    """The records of all-heuristic preferans deals from the compiled batch (PreferansSimulation.batch_records,
    chunks of 1024 deals), the same records as HeuristicAgent through the protocol
    (tests/games/preferans/test_heuristic_batch.py); the ratio is against ``test_preferans_heuristic_deals``'s
    protocol path. Each round plays deals of a new seed."""
    seeds = iter(range(300, 400))
    hooks = PreferansSimulation(get_game("preferans"))

    def setup():
        seed = next(seeds)
        dealt = [hooks.game.deal_batch(seed, 1, 0, n) for n in range(BATCH_DEALS)]
        return (dealt,), {}

    def run(dealt):
        for k in range(0, BATCH_DEALS, 1024):
            chunk = range(k, k + 1024)
            hooks.batch_records(dealt[k:k + 1024], chunk, [n % 3 for n in chunk], variant, ["heuristic"] * 3,
                                [0] * 3)

    benchmark.pedantic(run, setup=setup, rounds=5, warmup_rounds=1)
    rates.record(benchmark, f"preferans heuristic batch records {variant}", BATCH_DEALS)
