"""Four-deal duplicate scoring (bridge.md §7.4): duplicate boards with the Chicago vulnerability, no carry-over,
the chicago_duplicate_partscore premium, through the ledger and ``tricks bridge chicago --set scoring=...``."""
import json
import os

import pytest
from click.testing import CliRunner

from trickcore.cli.bridge import bridge
from trickcore.games.bridge.vocab import Seat, parse_contract
from trickcore.scoring.bridge.rubber.chicago import ChicagoDuplicateLedger, ChicagoLedger, chicago_ledger
from trickcore.scoring.bridge.rubber.sheet import TableResult
from trickcore.scoring.bridge.settings import BridgeScoringSettings, preset
from trickcore.errors import InvalidRecord, SettingsError

CHICAGO = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "bridge", "chicago.txt")


def deal(contract, declarer, tricks):
    return TableResult(parse_contract(contract), Seat.parse(declarer), tricks)


# The deals of §17 E-O (a pass-out before deal 2 is redealt by the same dealer).
E_O = [deal("2S", "N", 8), TableResult(), deal("3H", "E", 8), deal("3NT", "S", 8), deal("1C", "W", 7)]


def play(settings):
    ledger = chicago_ledger(settings)
    for result in E_O:
        ledger.add(result)
    return ledger


@pytest.mark.parametrize("changes,scores,totals", [
    # ACBL schedule: deal 2 EW vul (-1 vul = +100 NS), deal 3 NS vul, deal 4 both: 1C= is 70 (50 premium).
    ({}, [110, 100, -100, -70], (210, 170)),
    ({"chicago_duplicate_partscore": 100}, [160, 100, -100, -120], (260, 220)),
    # Seed schedule: deal 2 NS vul, so 3H-1 by E is +50 to NS; deal 3 EW vul, 3NT-1 by S is -50.
    ({"chicago_vulnerability": "non_dealer"}, [110, 50, -50, -70], (160, 120)),
])
def test_bridge_more_chicago_duplicate_e_o(changes, scores, totals):
    ledger = play(BridgeScoringSettings(scoring="chicago_duplicate", **changes))
    assert isinstance(ledger, ChicagoDuplicateLedger) and ledger.complete
    assert ledger.ns_scores() == scores
    result = ledger.settle()
    assert (result.totals[0]["total"], result.totals[1]["total"]) == totals
    assert ledger.to_dict()["scoring"] == "chicago_duplicate"


def test_bridge_more_chicago_duplicate_no_carry_over_and_game_by_vulnerability():
    # Two 2S part-scores in a row stay part-scores; 4S on deal 4 (both vul) is a vulnerable game.
    ledger = chicago_ledger(BridgeScoringSettings(scoring="chicago_duplicate"))
    for result in (deal("2S", "N", 8), deal("2S", "N", 8), deal("4S", "N", 10), deal("4S", "E", 10)):
        ledger.add(result)
    # Deal 2 (dealer E, EW vulnerable) and deal 3 (dealer S, NS vulnerable): 4S by N = 620.
    assert ledger.ns_scores() == [110, 110, 620, -620]


def test_bridge_more_chicago_duplicate_passout_count_and_honours():
    ledger = chicago_ledger(BridgeScoringSettings(scoring="chicago_duplicate", chicago_passout="count"))
    ledger.add(TableResult())
    assert ledger.counted == 1 and ledger.ns_scores() == [0]
    with pytest.raises(InvalidRecord):
        ledger.add(TableResult(parse_contract("4S"), Seat.N, 10, ("N", 100)))


def test_bridge_more_scoring_setting():
    assert type(chicago_ledger(preset("standard"))) is ChicagoLedger
    assert BridgeScoringSettings().scoring == "duplicate"
    with pytest.raises(SettingsError):
        BridgeScoringSettings(scoring="chicago-duplicate")


def test_bridge_more_chicago_duplicate_cli():
    runner = CliRunner()
    result = runner.invoke(bridge, ["chicago", CHICAGO, "--set", "scoring=chicago_duplicate"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Chicago duplicate")
    assert "NS win by 40" in result.output and "total        210     170" in result.output
    data = json.loads(runner.invoke(bridge, ["chicago", CHICAGO, "--set", "scoring=chicago_duplicate",
                                             "--set", "chicago_duplicate_partscore=100", "--format", "json"]).output)
    assert data["totals"]["NS"]["total"] == 260 and data["totals"]["EW"]["total"] == 220
    bad = runner.invoke(bridge, ["chicago", CHICAGO, "--set", "chicago_duplicate_partscore=70"])
    assert bad.exit_code == 2
