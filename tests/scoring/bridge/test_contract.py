"""Law 77 contract scores: bridge.md §5.4 and §5.6 tables, §17 E-D, the full grid against an independent
implementation written from the tables and against endplay's scorer, and property tests."""
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore.games.bridge.vocab import Contract, Strain, parse_contract
from trickcore.scoring.bridge.contract.score import duplicate_score, undertrick_penalty
from trickcore.errors import InvalidRecord

# §5.6, contract made exactly: NV, V, NV X, V X, NV XX, V XX.
MADE_EXACTLY = """
1C 70 70 140 140 230 230
1H 80 80 160 160 520 720
1NT 90 90 180 180 560 760
2C 90 90 180 180 560 760
2H 110 110 470 670 640 840
2NT 120 120 490 690 680 880
3C 110 110 470 670 640 840
3H 140 140 530 730 760 960
3NT 400 600 550 750 800 1000
4C 130 130 510 710 720 920
4H 420 620 590 790 880 1080
4NT 430 630 610 810 920 1120
5C 400 600 550 750 800 1000
5H 450 650 650 850 1000 1200
5NT 460 660 670 870 1040 1240
6C 920 1370 1090 1540 1380 1830
6H 980 1430 1210 1660 1620 2070
6NT 990 1440 1230 1680 1660 2110
7C 1440 2140 1630 2330 1960 2660
7H 1510 2210 1770 2470 2240 2940
7NT 1520 2220 1790 2490 2280 2980
"""
TWIN = {"C": "D", "H": "S"}


def _made_rows():
    for line in MADE_EXACTLY.strip().splitlines():
        name, *values = line.split()
        names = [name] + ([name[0] + TWIN[name[1]]] if name[1:] in TWIN else [])
        for contract in names:
            for (doubled, vul), value in zip(itertools.product((0, 1, 2), (False, True)), values):
                yield contract, doubled, vul, int(value)


@pytest.mark.parametrize("contract,doubled,vul,expected", list(_made_rows()))
def test_bridge_score_reference_table_made_exactly(contract, doubled, vul, expected):
    c = parse_contract(contract + "X" * doubled)
    assert duplicate_score(c, vul, c.level + 6) == expected


# §5.4 cumulative penalties, u = 1..13.
PENALTIES = {
    (0, False): [50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650],
    (0, True): [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300],
    (1, False): [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    (1, True): [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
    (2, False): [200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000],
    (2, True): [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600],
}


@pytest.mark.parametrize("doubled,vul", list(PENALTIES))
def test_bridge_score_undertrick_table(doubled, vul):
    assert [undertrick_penalty(u, doubled, vul) for u in range(1, 14)] == PENALTIES[doubled, vul]


@pytest.mark.parametrize("text,vul,tricks,expected,options", [
    ("4S", False, 11, 450, {}),
    ("2SX", True, 8, 670, {}),
    ("1CXX", False, 7, 230, {}),
    ("7NTXX", True, 13, 2980, {}),
    ("3NTX", True, 6, -800, {}),
    ("4HX", False, 6, -800, {}),
    ("4HX", False, 6, -700, {"undertrick_scale": "pre1987"}),
    ("2NTX", True, 8, 690, {}),
    ("7NTXX", True, 0, -7600, {}),
    ("3NT", True, 10, 630, {}),
    ("4SX", False, 8, -300, {}),
])
def test_bridge_score_worked_examples(text, vul, tricks, expected, options):
    assert duplicate_score(parse_contract(text), vul, tricks, **options) == expected


def independent_score(level, strain, doubled, vul, tricks):
    """Law 77 written again from the tables, sharing no code with scoring.bridge."""
    need = level + 6
    if tricks < need:
        u = need - tricks
        per = {0: ([50] * 13, [100] * 13),
               1: ([100, 200, 200] + [300] * 10, [200] + [300] * 12),
               2: ([200, 400, 400] + [600] * 10, [400] + [600] * 12)}[doubled][vul]
        return -sum(per[:u])
    first, rest = {"C": (20, 20), "D": (20, 20), "H": (30, 30), "S": (30, 30), "NT": (40, 30)}[strain]
    ts = (first + rest * (level - 1)) * (1, 2, 4)[doubled]
    over = tricks - need
    if doubled == 0:
        ot = over * rest
    else:
        ot = over * {(1, False): 100, (1, True): 200, (2, False): 200, (2, True): 400}[doubled, vul]
    bonus = (500 if vul else 300) if ts >= 100 else 50
    slam = {6: (500, 750), 7: (1000, 1500)}.get(level, (0, 0))[vul]
    return ts + ot + bonus + slam + (0, 50, 100)[doubled]


GRID = list(itertools.product(range(1, 8), ["C", "D", "H", "S", "NT"], (0, 1, 2), (False, True), range(14)))


def test_bridge_score_full_grid_against_independent_implementation():
    assert len(GRID) == 7 * 5 * 3 * 2 * 14
    for level, strain, doubled, vul, tricks in GRID:
        ours = duplicate_score(Contract(level, Strain[strain], doubled), vul, tricks)
        assert ours == independent_score(level, strain, doubled, vul, tricks), (level, strain, doubled, vul, tricks)


def test_bridge_score_full_grid_against_endplay():
    from endplay.types import Contract as EContract
    from endplay.types import Denom, Penalty, Player, Vul
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    penalties = (Penalty.passed, Penalty.doubled, Penalty.redoubled)
    for level, strain, doubled, vul, tricks in GRID:
        theirs = EContract(level=level, denom=denoms[strain], declarer=Player.north, penalty=penalties[doubled],
                           result=tricks - level - 6).score(Vul.ns if vul else Vul.none)
        assert duplicate_score(Contract(level, Strain[strain], doubled), vul, tricks) == theirs


@pytest.mark.parametrize("tricks", [-1, 14, 1.5, True])
def test_bridge_score_tricks_out_of_range(tricks):
    with pytest.raises(InvalidRecord):
        duplicate_score(parse_contract("3NT"), False, tricks)


contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.integers(0, 2))


@given(contracts, st.booleans(), st.integers(0, 13))
def test_bridge_score_properties(contract, vul, tricks):
    score = duplicate_score(contract, vul, tricks)
    assert score % 10 == 0
    assert (score > 0) == (tricks >= contract.level + 6)
    if tricks < 13:
        assert duplicate_score(contract, vul, tricks + 1) > score  # one more trick always scores more
    if tricks >= contract.level + 6:
        assert duplicate_score(contract, True, tricks) >= duplicate_score(contract, False, tricks)
    else:
        assert duplicate_score(contract, True, tricks) < duplicate_score(contract, False, tricks)
