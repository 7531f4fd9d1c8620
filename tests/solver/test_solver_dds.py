"""Agreement with DDS (through endplay): every number of the double-dummy table, on random endings and deals.

A full 13-card table takes this solver about 1 s (median; tails to 5-10 s), so the normal run compares
200 random endings of 5 to 8 cards per hand and 28 random full deals (about a minute), not 200; the long
run, ``pytest -m longrun``, compares 2,000 full deals (TRICKCORE_DDS_DEALS sets another count), which takes
about an hour and is not part of the normal suite.
"""
import os
import random

import pytest
from endplay.dds import calc_dd_table
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player

from trickcore import solver
from trickcore.cards import DECK52
from trickcore.deal import Deal

DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}


def _ending(rng, k):
    deck = list(DECK52.cards)
    rng.shuffle(deck)
    return Deal([deck[i * k:(i + 1) * k] for i in range(4)], deck[4 * k:], DECK52)


def _dds_table(deal):
    """DDS's table for our deal; DDS counts a short deal's tricks as 13 minus the defenders' tricks."""
    table = calc_dd_table(EndplayDeal(deal.to_pbn()))
    short = 13 - deal.hand_size
    return {seat: {st: table[DENOMS[st], Player.find(seat)] - short for st in solver.BRIDGE_STRAINS}
            for seat in solver.BRIDGE_SEATS}


@pytest.mark.parametrize("block", range(4))
def test_solver_table_matches_dds_on_endings(block):
    rng = random.Random(7000 + block)
    for _ in range(50):
        deal = _ending(rng, rng.randint(5, 8))
        assert solver.dd_table(deal) == _dds_table(deal), deal.to_pbn()


@pytest.mark.parametrize("block", range(4))
def test_solver_table_matches_dds_on_full_deals(block):
    rng = random.Random(9000 + block)
    for _ in range(7):
        deal = _ending(rng, 13)
        assert solver.dd_table(deal) == _dds_table(deal), deal.to_pbn()


@pytest.mark.longrun
def test_solver_table_matches_dds_on_many_full_deals():
    rng = random.Random(9100)
    disagree = []
    for _ in range(int(os.environ.get("TRICKCORE_DDS_DEALS", "2000"))):
        deal = _ending(rng, 13)
        if solver.dd_table(deal) != _dds_table(deal):
            disagree.append(deal.to_pbn())
    assert disagree == []


@pytest.mark.slow
def test_solver_table_matches_dds_on_long_endings():
    rng = random.Random(8000)
    for _ in range(30):
        deal = _ending(rng, 9)
        assert solver.dd_table(deal) == _dds_table(deal), deal.to_pbn()
