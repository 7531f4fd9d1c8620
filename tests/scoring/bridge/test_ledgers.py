"""Rubber (§6, §17 E-M, E-N), Chicago (§7, §17 E-O), honours (§6.2), vocabulary and board table (§0, §2)."""
import pytest

from trickcore.games.bridge.vocab import (Seat, Side, Vulnerability, board_dealer, board_vulnerability, parse_contract,
                                side_of)
from trickcore.scoring.bridge.contract.honours import honours
from trickcore.scoring.bridge.rubber.chicago import ChicagoLedger, TooManyPassOuts, chicago_vulnerability
from trickcore.scoring.bridge.rubber.rubber_bridge import RubberLedger
from trickcore.scoring.bridge.rubber.sheet import TableResult
from trickcore.scoring.bridge.settings import BridgeScoringSettings, preset
from trickcore.dealing import parse_deal
from trickcore.errors import InvalidRecord, NotationError, SettingsError


def deal(text, declarer=None, tricks=None, honours=None, hands=None):
    return TableResult(parse_contract(text), declarer, tricks, honours, hands) if text else TableResult()


E_M = [deal("4H", "E", 10), deal("3NT", "S", 8), deal("2SX", "N", 8), deal("5CX", "W", 9),
       deal("6NT", "N", 13, ("N", 150))]


def _totals(ledger):
    result = ledger.totals()
    return result.totals[Side.NS]["total"], result.totals[Side.EW]["total"]


def test_bridge_score_rubber_e_m():
    ledger = RubberLedger(BridgeScoringSettings(settle_unit=100))
    vulnerabilities = [str(ledger.add(d).vulnerability) for d in E_M]
    assert vulnerabilities == ["None", "EW", "EW", "All", "All"]
    result = ledger.settle()
    assert result.totals[Side.NS] == {"below": 310, "above": 1980, "total": 2290}
    assert result.totals[Side.EW] == {"below": 120, "above": 50, "total": 170}
    assert (result.winner, result.margin, result.units) == (Side.NS, 2120, 21)
    with pytest.raises(InvalidRecord):
        ledger.add(deal("1C", "N", 7))


def test_bridge_score_rubber_honours_from_hands_and_setting_off():
    hands = parse_deal("N:AKQJ.AKQJ.AK.AK2 T98.T98.QJT9.QJT 765.765.8765.987 432.432.432.6543").hands
    assert honours(parse_contract("6NT").strain, hands) == (Seat.N, 150)
    assert honours(parse_contract("4S").strain, hands) == (Seat.N, 100)
    assert honours(parse_contract("4D").strain, hands) is None
    ledger = RubberLedger()
    sheet = ledger.add(deal("4S", "W", 9, hands=hands))
    assert [(e.side, e.points, e.item) for e in sheet.entries][-1] == (Side.NS, 100, "honours")
    # §6.2: with honours off, the honours the hands hold are simply not scored (they were refused once) ...
    off = RubberLedger(BridgeScoringSettings(honours=False)).add(deal("4S", "W", 9, hands=hands))
    assert [e.item for e in off.entries] == ["1 undertrick(s)"]
    # ... while honours entered by hand contradict the setting.
    with pytest.raises(InvalidRecord, match="honours setting is off"):
        RubberLedger(BridgeScoringSettings(honours=False)).add(deal("4S", "W", 9, honours=(Side.NS, 100)))


def test_bridge_score_rubber_e_n_unfinished():
    results = [deal("4S", "N", 10), deal("2S", "W", 8), deal("3NT", "S", 8)]
    for settings, expected in [(BridgeScoringSettings(), (420, 260)),
                               (BridgeScoringSettings(unfinished_award="each_side", unfinished_partscore_bonus=50),
                                (420, 210))]:
        ledger = RubberLedger(settings)
        for r in results:
            ledger.add(r)
        ledger.finish_unfinished()
        assert _totals(ledger) == expected


def test_bridge_score_rubber_variants():
    clean = [deal("4S", "N", 10), deal("3NT", "S", 9)]
    for settings, ns in [(BridgeScoringSettings(), 120 + 100 + 700),
                         (BridgeScoringSettings(clean_rubber_bonus=750), 120 + 100 + 750),
                         (BridgeScoringSettings(game_bonus_style="per_game_200"), 120 + 200 + 100 + 700)]:
        ledger = RubberLedger(settings)
        for r in clean:
            ledger.add(r)
        assert ledger.finished and _totals(ledger) == (ns, 0)
    ledger = RubberLedger(BridgeScoringSettings(redouble_insult=50))
    ledger.add(deal("1CXX", "N", 7))
    assert _totals(ledger) == (80 + 50, 0)  # 80 below is not a game; insult 50
    assert ledger.games[Side.NS] == 0


def test_bridge_score_rubber_partscores_build_a_game_and_passouts_move_the_deal():
    ledger = RubberLedger()
    ledger.add(deal("2D", "E", 8))
    ledger.add(TableResult())
    assert ledger.dealer is Seat.S
    ledger.add(deal("3H", "W", 9))
    assert ledger.games[Side.EW] == 1 and ledger.vulnerability is Vulnerability.EW


E_O = [deal("2S", "N", 8), deal("3H", "E", 8), deal("3NT", "S", 8), deal("1C", "W", 7)]


@pytest.mark.parametrize("name,expected", [("standard", (160, 220)), ("seed", (210, 170))])
def test_bridge_score_chicago_e_o(name, expected):
    ledger = ChicagoLedger(preset(name))
    for r in E_O:
        ledger.add(r)
    assert ledger.complete and _totals(ledger) == expected
    with pytest.raises(InvalidRecord):
        ledger.add(deal("1C", "W", 7))


def test_bridge_score_chicago_schedules_and_game_bonus():
    assert [str(chicago_vulnerability(k, Seat(k - 1))) for k in range(1, 5)] == ["None", "EW", "NS", "All"]
    assert [str(chicago_vulnerability(k, Seat(k - 1), "non_dealer")) for k in range(1, 5)] == \
        ["None", "NS", "EW", "All"]
    ledger = ChicagoLedger()
    ledger.add(deal("2S", "N", 8))
    ledger.add(deal("2H", "S", 8))  # 60 + 60 completes a game, N-S not vulnerable on deal 2
    assert _totals(ledger) == (60 + 60 + 300, 0)


def test_bridge_score_chicago_passouts():
    ledger = ChicagoLedger()
    ledger.add(TableResult())
    assert ledger.counted == 0 and ledger.dealer is Seat.N
    counting = ChicagoLedger(BridgeScoringSettings(chicago_passout="count"))
    counting.add(TableResult())
    assert counting.counted == 1 and counting.dealer is Seat.E
    limited = ChicagoLedger(BridgeScoringSettings(max_consecutive_passouts=2))
    limited.add(TableResult())
    limited.add(TableResult())
    with pytest.raises(TooManyPassOuts):
        limited.add(TableResult())


BOARDS = {1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "All"), 5: ("N", "NS"), 6: ("E", "EW"),
          7: ("S", "All"), 8: ("W", "None"), 9: ("N", "EW"), 10: ("E", "All"), 11: ("S", "None"),
          12: ("W", "NS"), 13: ("N", "All"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
          17: ("N", "None"), 23: ("S", "All"), 32: ("W", "EW"), 100: ("W", "All")}


@pytest.mark.parametrize("board", list(BOARDS))
def test_bridge_score_board_table(board):
    assert (str(board_dealer(board)), str(board_vulnerability(board))) == BOARDS[board]


@pytest.mark.parametrize("bad", [0, -1, 1.0])
def test_bridge_score_board_below_one(bad):
    with pytest.raises(NotationError):
        board_vulnerability(bad)


def test_bridge_score_vocabulary():
    assert Seat.S.lho is Seat.W and Seat.N.partner is Seat.S and side_of(Seat.E) is Side.EW
    assert [str(parse_contract(t)) for t in ["4S", "4sx", "4SXX", "3NT", "3N", "4♠", "4S*", "3NT**"]] == \
        ["4S", "4SX", "4SXX", "3NT", "3NT", "4S", "4SX", "3NTXX"]
    for bad in ["8S", "0H", "4SXXX", "4", "NT"]:
        with pytest.raises(NotationError):
            parse_contract(bad)
    spellings = {"none": "None", "-": "None", "Love": "None", "ns": "NS", "E-W": "EW", "all": "All",
                 "Both": "All", "b": "All"}
    assert {k: str(Vulnerability.parse(k)) for k in spellings} == spellings
    assert Vulnerability.NS.is_vulnerable(Side.NS) and not Vulnerability.NS.is_vulnerable(Side.EW)
    with pytest.raises(SettingsError):
        BridgeScoringSettings(clean_rubber_bonus=800)
    with pytest.raises(SettingsError):
        BridgeScoringSettings().with_values(colour="red")
