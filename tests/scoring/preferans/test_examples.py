"""Every worked example of spec §12 (and the §11.3 sheet), each through the public API and through the CLI."""
import pytest

THREE = ("A", "B", "C")


def game(dealer, declarer, contract, calls=None, tricks=None, **extra):
    deal = {"dealer": dealer, "type": "game", "declarer": declarer, "contract": contract, **extra}
    if calls is not None:
        deal["calls"] = calls
    if tricks is not None:
        deal["tricks"] = tricks
    return deal


def last_delta(sheet):
    return sheet["deals"][-1]["delta"]


def test_spec_11_3_sheet(protocol, scored):
    protocol = protocol("sochi", [
        game("C", "A", "7H", {"B": "whist", "C": "pass"}, {"A": 7, "B": 2, "C": 1}, open=True),
        {"dealer": "A", "type": "all_pass", "tricks": {"A": 0, "B": 4, "C": 6}},
        {"dealer": "B", "type": "misere", "declarer": "C", "tricks": {"A": 5, "B": 5, "C": 0}},
    ], settings={"pool_target": 10}, start={"pool": {"A": 0}, "mountain": {}, "whists": {"A": {"B": 0}},
                                            "bombs": {}})
    sheet = scored(protocol)
    assert sheet["format"] == "trickcore.preferans.sheet/1"
    assert sheet["finished"] is False
    assert sheet["settings"]["pool_target"] == 10
    assert sheet["deals"] == [
        {"index": 1, "label": "7H: made", "delta": {"pool": {"A": 4}, "mountain": {}, "whists": {"B": {"A": 12}}}},
        {"index": 2, "label": "all-pass x1", "delta": {"pool": {"A": 1}, "mountain": {"B": 4, "C": 6},
                                                       "whists": {}}},
        {"index": 3, "label": "misere: made", "delta": {"pool": {"C": 10}, "mountain": {}, "whists": {}}},
    ]
    assert sheet["totals"] == {
        "A": {"pool": 5, "mountain": 0, "whists": {"B": 0, "C": 0}},
        "B": {"pool": 0, "mountain": 4, "whists": {"A": 12, "C": 0}},
        "C": {"pool": 10, "mountain": 6, "whists": {"A": 0, "B": 0}},
    }
    assert sheet["settlement"] == {
        "method": "average_mountain",
        "pool_adjustment": {"A": 5, "B": 10, "C": 0},
        "final_mountain": {"A": 5, "B": 14, "C": 6},
        "amnestied_mountain": {"A": 0, "B": 9, "C": 1},
        "average_mountain": "25/3",
        "mountain_term": {"A": "100/3", "B": "-170/3", "C": "70/3"},
        "whist_net": {"A": -12, "B": 12, "C": 0},
        "pairwise": {"A": {"B": 18, "C": "10/3"}, "B": {"A": -18, "C": "-80/3"},
                     "C": {"A": "-10/3", "B": "80/3"}},
        "result": {"A": "64/3", "B": "-134/3", "C": "70/3"},
        "display": {"A": 22, "B": -45, "C": 23},
        "money": {"A": 22, "B": -45, "C": 23},
    }
    assert list(sheet) == ["format", "variant", "players", "settings", "finished", "deals", "totals", "settlement"]


def test_e1_sochi_greedy_whist_declarer_down(protocol, scored):
    sheet = scored(protocol("sochi", [game("C", "A", "7H", {"B": "whist", "C": "pass"},
                                                 {"A": 5, "B": 3, "C": 2})]))
    assert last_delta(sheet) == {"pool": {}, "mountain": {"A": 8}, "whists": {"B": {"A": 28}, "C": {"A": 8}}}
    assert sheet["deals"][0]["label"] == "7H: down 2"


@pytest.mark.parametrize("variant, mountain, whist", [
    ("sochi", {"B": 2, "C": 4}, 2), ("leningrad", {"B": 2, "C": 4}, 4), ("rostov", {"B": 1, "C": 2}, 5)])
def test_e2_two_whisters_short(protocol, scored, variant, mountain, whist):
    sheet = scored(protocol(variant, [game("C", "A", "6H", {"B": "whist", "C": "whist"},
                                                 {"A": 9, "B": 1, "C": 0})]))
    assert last_delta(sheet) == {"pool": {"A": 2}, "mountain": mountain, "whists": {"B": {"A": whist}}}


@pytest.mark.parametrize("variant, whists", [("sochi", 4), ("rostov", 10)])
def test_e3_half_whist(protocol, scored, variant, whists):
    sheet = scored(protocol(variant, [game("C", "A", "6D", {"B": "pass", "C": "half_whist"})]))
    assert last_delta(sheet) == {"pool": {"A": 2}, "mountain": {}, "whists": {"C": {"A": whists}}}
    assert sheet["deals"][0]["label"] == "6D: half-whist"


def test_e4_help_and_overflow(protocol, scored):
    sheet = scored(protocol("sochi", [game("C", "A", "7S", {"B": "pass", "C": "pass"})],
                                  settings={"pool_target": 50}, start={"pool": {"A": 50, "B": 49, "C": 48}}))
    assert last_delta(sheet) == {"pool": {"B": 1, "C": 2}, "mountain": {"A": -1},
                                 "whists": {"A": {"B": 10, "C": 20}}}
    assert sheet["deals"][0]["label"] == "7S: passed out"
    assert [sheet["totals"][p]["pool"] for p in THREE] == [50, 50, 50]
    assert sheet["finished"] is True


def test_e5_sochi_second_all_pass(protocol, scored):
    sheet = scored(protocol("sochi", [
        {"dealer": "C", "type": "all_pass", "tricks": {"A": 3, "B": 3, "C": 4}},
        {"dealer": "A", "type": "all_pass", "tricks": {"A": 0, "B": 4, "C": 6}}]))
    assert sheet["deals"][1]["label"] == "all-pass x2"
    assert last_delta(sheet) == {"pool": {"A": 2}, "mountain": {"B": 8, "C": 12}, "whists": {}}


def test_e6_leningrad_gentleman_whist(protocol, scored):
    sheet = scored(protocol("leningrad", [game("C", "A", "6S", {"B": "whist", "C": "pass"},
                                                     {"A": 5, "B": 3, "C": 2})]))
    assert last_delta(sheet) == {"pool": {}, "mountain": {"A": 4}, "whists": {"B": {"A": 14}, "C": {"A": 14}}}


def test_e7_leningrad_end_and_settlement(protocol, scored):
    sheet = scored(protocol("leningrad", [game("C", "A", "8S", {"B": "pass", "C": "pass"})],
                                  settings={"pool_target": 50}, start={"pool": {"A": 48, "B": 48, "C": 48}}))
    assert sheet["totals"]["A"]["pool"] == 54
    assert sheet["finished"] is True
    settlement = sheet["settlement"]
    assert settlement["pool_adjustment"] == {"A": -8, "B": 4, "C": 4}
    assert settlement["average_mountain"] == 0
    assert settlement["result"] == {"A": 80, "B": -40, "C": -40}


def test_e8_rostov_all_pass(protocol, scored):
    sheet = scored(protocol("rostov", [{"dealer": "C", "type": "all_pass",
                                              "tricks": {"A": 0, "B": 4, "C": 6}}]))
    assert last_delta(sheet) == {"pool": {"A": 1}, "mountain": {}, "whists": {"A": {"B": 20, "C": 30}}}


def test_e9_rostov_gentleman_fraction(protocol, scored):
    sheet = scored(protocol("rostov", [game("C", "A", "6C", {"B": "whist", "C": "pass"},
                                                  {"A": 5, "B": 5, "C": 0})]))
    assert last_delta(sheet) == {"pool": {}, "mountain": {"A": 2},
                                 "whists": {"B": {"A": "45/2"}, "C": {"A": "45/2"}}}


def test_e10_classic_seven_on_a_bomb_four_players(protocol, scored):
    sheet = scored(protocol("classic", [game("A", "B", "7D", {"C": "whist", "D": "pass"},
                                                   {"B": 6, "C": 4, "D": 0})],
                                  players=("A", "B", "C", "D"), start={"bombs": {"B": [2]}}))
    assert last_delta(sheet) == {"pool": {}, "mountain": {"B": 8},
                                 "whists": {"A": {"B": 8}, "C": {"B": 40}, "D": {"B": 8}}}


def test_e10_bomb_stays_after_a_failed_contract(protocol):
    from trickcore.scoring.preferans import PulyaLedger, parse_protocol
    parsed = parse_protocol(protocol("classic", [game("A", "B", "7D", {"C": "whist", "D": "pass"},
                                                            {"B": 6, "C": 4, "D": 0})],
                                           players=("A", "B", "C", "D"), start={"bombs": {"B": [2]}}))
    ledger = PulyaLedger.for_protocol(parsed)
    ledger.add(parsed.deals[0])
    assert ledger.state.bombs["B"] == (2,)
    ledger.add({"dealer": "B", "type": "game", "declarer": "C", "contract": "6H", "calls": {}})
    ledger.add({"dealer": "C", "type": "game", "declarer": "B", "contract": "6D",
                "calls": {"D": "whist", "A": "whist"}, "tricks": {"B": 6, "D": 2, "A": 2}})
    assert ledger.state.bombs["B"] == ()
    assert ledger.results[-1].delta()["pool"] == {"B": 4}  # the bomb doubled the made six


def test_e11_wrong_card_count(protocol, scored):
    sheet = scored(protocol("sochi", [game("C", "A", "6H", {"B": "whist", "C": "pass"},
                                                 {"A": 4, "B": 4, "C": 2},
                                                 penalties=[{"kind": "wrong_card_count", "player": "A"}])]))
    assert last_delta(sheet) == {"pool": {}, "mountain": {"A": 8}, "whists": {"B": {"A": 16}, "C": {"A": 4}}}


def test_e12_settlement(protocol, scored):
    start = {"pool": {"A": 20, "B": 20, "C": 20}, "mountain": {"A": 10, "B": 4, "C": 22},
             "whists": {"A": {"B": 30, "C": 12}, "B": {"A": 8, "C": 40}, "C": {"A": 6, "B": 0}}}
    settlement = scored(protocol("sochi", [], start=start))["settlement"]
    assert settlement["average_mountain"] == 12
    assert settlement["mountain_term"] == {"A": 20, "B": 80, "C": -100}
    assert settlement["whist_net"] == {"A": 28, "B": 18, "C": -46}
    assert settlement["result"] == {"A": 48, "B": 98, "C": -146}
    assert settlement["display"] == {"A": 48, "B": 98, "C": -146}


@pytest.mark.parametrize("rounding", ["nearest", "code"])
def test_e12_second_sheet_rounding(protocol, scored, rounding):
    start = {"pool": {"A": 20, "B": 20, "C": 20}, "mountain": {"A": 7}}
    sheet = scored(protocol("sochi", [], start=start, settings={"rounding": rounding}))
    assert sheet["finished"] is True
    assert sheet["settlement"]["result"] == {"A": "-140/3", "B": "70/3", "C": "70/3"}
    assert sheet["settlement"]["display"] == {"A": -46, "B": 23, "C": 23}
