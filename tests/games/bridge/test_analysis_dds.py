"""Agreement with DDS (through endplay): every number of the double-dummy table, on random endings and deals.

The normal run compares 200 random endings of 5 to 8 cards per hand and 200 random full deals; the long run,
``pytest -m longrun``, compares 2,000 full deals (TRICKCORE_DDS_DEALS sets another count). Full deals are
solved on two worker processes while this process asks DDS, one deal at a time (single-threaded DDS).
"""
import multiprocessing
import os
import random

import pytest
from endplay.dds import calc_dd_table
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player

from trickcore.games.bridge import analysis
from trickcore.cards import DECK52
from trickcore.dealing import Deal

DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}


def _ending(rng, k):
    deck = list(DECK52.cards)
    rng.shuffle(deck)
    return Deal([deck[i * k:(i + 1) * k] for i in range(4)], deck[4 * k:], DECK52)


def _dds_table(deal):
    """DDS's table for our deal; DDS counts a short deal's tricks as 13 minus the defenders' tricks."""
    table = calc_dd_table(EndplayDeal(deal.to_pbn()))
    short = 13 - deal.hand_size
    return {seat: {st: table[DENOMS[st], Player.find(seat)] - short for st in analysis.STRAINS}
            for seat in analysis.SEATS}


@pytest.mark.parametrize("block", range(4))
def test_solver_table_matches_dds_on_endings(block):
    rng = random.Random(7000 + block)
    for _ in range(50):
        deal = _ending(rng, rng.randint(5, 8))
        assert analysis.dd_table(deal) == _dds_table(deal), deal.to_pbn()


def _disagreements(seed, count):
    """The PBN strings of the random full deals whose table differs from DDS's."""
    rng = random.Random(seed)
    deals = [_ending(rng, 13) for _ in range(count)]
    with multiprocessing.get_context("fork").Pool(2) as pool:
        ours = pool.map_async(analysis.dd_table, deals, chunksize=1)
        theirs = [_dds_table(deal) for deal in deals]
        return [deal.to_pbn() for deal, a, b in zip(deals, ours.get(), theirs) if a != b]


def test_solver_table_matches_dds_on_200_full_deals():
    assert _disagreements(9000, 200) == []


@pytest.mark.longrun
def test_solver_table_matches_dds_on_many_full_deals():
    assert _disagreements(9100, int(os.environ.get("TRICKCORE_DDS_DEALS", "2000"))) == []


@pytest.mark.slow
def test_solver_table_matches_dds_on_long_endings():
    rng = random.Random(8000)
    for _ in range(30):
        deal = _ending(rng, 9)
        assert analysis.dd_table(deal) == _dds_table(deal), deal.to_pbn()
