"""Par (bridge.md §5.7) against DDS's dealer par, on DDS's own tables for random deals."""
import random

import pytest
from endplay.dds import calc_dd_table, par as dds_par
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player, Vul

from trickcore.games.bridge import analysis
from trickcore.games.bridge.game import BRIDGE

DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
VULS = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}


@pytest.mark.parametrize("vul", sorted(VULS))
def test_par_score_matches_dds(vul):
    rng = random.Random(vul)
    for i in range(12):
        deal = BRIDGE.deal(99, i)
        dds = calc_dd_table(EndplayDeal(deal.to_pbn()))
        table = {s: {st: dds[DENOMS[st], Player.find(s)] for st in analysis.STRAINS}
                 for s in analysis.SEATS}
        dealer = rng.choice("NESW")
        expected = dds_par(dds, VULS[vul], Player.find(dealer))
        ours = analysis.par(table, vul, dealer)
        assert ours.score == expected.score, (deal.to_pbn(), vul, dealer)
        assert ours.contracts or ours.score == 0


def test_par_of_a_game_for_both_declarers():
    table = {s: {"C": 6, "D": 6, "H": 10 if s in "NS" else 3, "S": 6, "NT": 7} for s in "NESW"}
    for s in "EW":
        table[s] = {"C": 7, "D": 7, "H": 3, "S": 7, "NT": 6}
    assert analysis.par(table, "None", "N") == analysis.Par(420, ("4HN", "4HS"))


def test_passed_out_par():
    table = {s: {st: 6 for st in analysis.STRAINS} for s in "NESW"}
    assert analysis.par(table, "None", "N") == analysis.Par(0, ())
