"""Random playouts and dealing: the batch kernel against the pure-Python reference, measured in the same run.

Run: ``pytest benchmarks --benchmark-enable``; the rates and ratios print at the end.
"""
import random

import pytest

from trickcore.games.bridge.game import BRIDGE
from trickcore.games.preferans.game import PREFERANS
from trickcore import _kernel, reference
from trickcore.condition import compile_condition
from trickcore.dealing import deal_where, owner_sizes
from trickcore.play import playout_batch

BATCH = 100_000
REFERENCE_BATCH = 1_000
NATIVE = _kernel.native()      # whether the kernel was built for this CPU: said in each report


GAMES = {"bridge": (BRIDGE, "NT"), "preferans": (PREFERANS, "S")}


@pytest.mark.parametrize("name", GAMES)
def test_playouts_kernel(benchmark, rates, name):
    game, trump = GAMES[name]
    deals = game.deal_batch(1, BATCH)
    rules = game.trick_rules(trump)
    benchmark.pedantic(playout_batch, args=(rules, deals, 0, 7), rounds=7, warmup_rounds=1)
    rates.record(benchmark, f"{name} playouts kernel", BATCH, native_build=NATIVE)


@pytest.mark.parametrize("name", GAMES)
def test_playouts_reference(benchmark, rates, name):
    game, trump = GAMES[name]
    deals = list(game.deal_batch(1, REFERENCE_BATCH))
    rules = game.trick_rules(trump)

    def run():
        for i, deal in enumerate(deals):
            reference.random_playout(rules, deal.hands, 0, 7, i)

    benchmark.pedantic(run, rounds=3)
    rates.record(benchmark, f"{name} playouts reference", REFERENCE_BATCH, native_build=NATIVE)


def test_dealing_kernel(benchmark, rates):
    benchmark.pedantic(BRIDGE.deal_batch, args=(3, BATCH), rounds=7, warmup_rounds=1)
    rates.record(benchmark, "dealing kernel", BATCH, native_build=NATIVE)


def test_dealing_random_shuffle(benchmark, rates):
    deck = list(range(52))

    def run():
        for _ in range(BATCH // 10):
            random.shuffle(deck)

    benchmark.pedantic(run, rounds=3)
    rates.record(benchmark, "dealing random.shuffle", BATCH // 10, native_build=NATIVE)


# A 15-17 balanced opening hand: about 1 candidate in 30 qualifies.
CONDITION = "hcp(north) >= 15 and hcp(north) <= 17 and shape(north, any 4333 + any 4432 + any 5332)"


def test_dealing_with_a_condition(benchmark, rates):
    kept = 10_000
    plan = BRIDGE.dealing_plan(0)
    condition = compile_condition(CONDITION, BRIDGE.hand_names(), owner_sizes(plan))
    batch = deal_where(plan, 3, kept, condition)
    benchmark.pedantic(deal_where, args=(plan, 3, kept, condition), rounds=7, warmup_rounds=1)
    rates.record(benchmark, "dealing with a condition (candidates)", batch.next_number, native_build=NATIVE)
