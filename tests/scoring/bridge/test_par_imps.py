"""IMPs against par (bridge-par): each deal's duplicate score against its double-dummy par, from a deal-results
file's ``par`` or from a simulation's analysis; compared with the other systems on the same boards."""
import json

import pytest

from trickcore.dealing import parse_deal
from trickcore.errors import InvalidRecord
from trickcore.games.bridge.analysis import solve_bridge
from trickcore.games.bridge.vocab import board_vulnerability
from trickcore.games.registry import get_scoring
from trickcore.games.simulate import Simulation
from trickcore.games.simulation_output import simulate_to_file
from trickcore.scoring.bridge.contract.imps import imps
from trickcore.scoring.compare import Entrant, compare

PAR = get_scoring("bridge-par")
EXAMPLE = "examples/bridge/deals_with_par.json"


def test_each_deal_scores_its_imps_against_its_par():
    ledger = PAR.score_file(EXAMPLE)
    rows = ledger.to_dict()["boards"]
    assert [(r["ns_score"], r["par"], r["ns_imps"]) for r in rows] == [(400, 920, -11), (-170, -430, 6),
                                                                        (-50, 430, -10)]
    assert ledger.settle() == {"NS": -15, "EW": 15}


def test_a_deal_without_par_is_refused_naming_it(tmp_path):
    path = tmp_path / "deals.json"
    path.write_text(json.dumps({"deals": [{"contract": "3NT", "declarer": "S", "result": "="}]}))
    with pytest.raises(InvalidRecord, match="deal 1 has no par") as caught:
        PAR.score_file(str(path))
    assert caught.value.field == "par"


@pytest.mark.parametrize("par", ["400", 405, 10**6, True])
def test_a_par_that_is_no_score_is_refused(tmp_path, par):
    path = tmp_path / "deals.json"
    path.write_text(json.dumps({"deals": [{"contract": "3NT", "declarer": "S", "result": "=", "par": par}]}))
    with pytest.raises(InvalidRecord, match="par is an N-S score"):
        PAR.score_file(str(path))


def test_a_simulation_with_analysis_carries_each_boards_par(tmp_path):
    path = tmp_path / "boards.jsonl"
    simulate_to_file(Simulation("bridge", 6, 3, analyse=True, agents=("heuristic",)), str(path))
    lines = [json.loads(row) for row in path.read_text().splitlines()[1:]]
    for line in lines:
        number = line["index"] + 1
        solved = solve_bridge(parse_deal(line["deal"]), board_vulnerability(number).value, "N")
        assert line["analysis"]["par"]["score"] == solved.par.score
    found = PAR.read_records(str(path))
    ledger = PAR.score(found)
    for row, line in zip(ledger.to_dict()["boards"], lines):
        assert row["ns_imps"] == imps(row["ns_score"] - line["analysis"]["par"]["score"])
    data = compare([_entrant("bridge-duplicate"), _entrant("bridge-par")], found)
    assert data["standings"]["bridge-par"]["NS"]["mean"] == ledger.settle()["NS"]


def _entrant(name):
    return Entrant(name, get_scoring(name))
