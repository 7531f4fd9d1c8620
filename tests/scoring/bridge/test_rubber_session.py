"""Rubber sessions of 2-6 players (variants-bridge §1, §5.3, §7, §8): the worked examples W2, W3 and W5, the
per-seat credit table of §1.3, the protocol's validation, and the zero-sum property of every settlement."""
import json
import os

import pytest
from hypothesis import given, settings, strategies as st

from trickcore.errors import InvalidRecord, TrickcoreError
from trickcore.games.bridge.variants import FIVE_PLAYER, table
from trickcore.scoring.bridge.rubber.rubber_session import in_units, read_session, seat_credit
from trickcore.scoring.bridge.systems import RUBBER

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "data", "bridge_sessions")
FORMAT = "trickcore.bridge.rubber_session/1"

# Example E-M of bridge.md §17 (the deals of W2), first dealer N.
E_M = [{"dealer": "N", "contract": "4H", "declarer": "E", "tricks": 10},
       {"dealer": "E", "contract": "3NT", "declarer": "S", "tricks": 8},
       {"dealer": "S", "contract": "2SX", "declarer": "N", "tricks": 8},
       {"dealer": "W", "contract": "5CX", "declarer": "W", "tricks": 9},
       {"dealer": "N", "contract": "6NT", "declarer": "N", "tricks": 13, "honours": {"seat": "N", "points": 150}}]

TWO_SLAMS = [{"dealer": "N", "contract": "7NT", "declarer": "S", "tricks": 13},
             {"dealer": "E", "contract": "7NT", "declarer": "S", "tricks": 13}]


def session(players, rubbers, **settings):
    return {"format": FORMAT, "players": players, "settings": settings, "rubbers": rubbers}


def score(data, *overrides):
    return RUBBER.score(read_session(data, "session.json"), None, overrides)


def sheet(data, *overrides):
    return score(data, *overrides).to_dict()


def test_w2_two_players():
    out = sheet(session(["A", "B"], [{"deals": E_M}]))
    rubber = out["rubbers"][0]
    assert out["table"] == "two_player" and out["finished"] is True
    assert rubber["controllers"] == {"N": "A", "E": "B", "S": "A", "W": "B"}
    assert rubber["seats"] == {"N": "dummy", "E": "dummy", "S": "A", "W": "B"}
    assert rubber["totals"]["NS"]["total"] == 2290 and rubber["totals"]["EW"]["total"] == 170
    assert rubber["margin"] == {"NS": 2120, "EW": -2120}
    assert out["cumulative"] == {"A": 4240, "B": -4240}


def test_w2_in_units():
    out = sheet(session(["A", "B"], [{"deals": E_M}], settle_unit=100))
    assert out["rubbers"][0]["units"] == 21
    assert out["cumulative"] == {"A": 42, "B": -42}


def test_w3_three_players_matches_the_sheet_of_section_7_2():
    with open(os.path.join(DATA, "w3.json")) as f:
        out = sheet(json.load(f))
    rubber = out["rubbers"][0]
    assert out["table"] == "three_player" and out["finished"] is False   # one rubber of three
    assert rubber["seats"] == {"N": "dummy", "E": "C", "S": "A", "W": "B"}
    assert rubber["controllers"] == {"N": "A", "E": "C", "S": "A", "W": "B"}
    assert rubber["deals"][0] == {"index": 1, "dealer": "S", "contract": "2SX", "declarer": "S", "tricks": 8,
                                  "vulnerable": [], "below": {"NS": 120}, "above": {"NS": 50},
                                  "game_won_by": "NS"}
    assert rubber["deals"][1] == {"index": 2, "dealer": "W", "contract": "3NT", "declarer": "W", "tricks": 9,
                                  "vulnerable": ["NS"], "below": {"EW": 100}, "above": {}, "game_won_by": "EW"}
    assert rubber["deals"][2] == {"index": 3, "dealer": "N", "contract": "4S", "declarer": "S", "tricks": 11,
                                  "vulnerable": ["NS", "EW"], "below": {"NS": 120}, "above": {"NS": 630},
                                  "game_won_by": "NS", "rubber_bonus": {"NS": 500}}
    assert rubber["games"] == {"NS": 2, "EW": 1} and rubber["finished"] is True
    assert rubber["totals"] == {"NS": {"below": 240, "above": 680, "total": 920},
                                "EW": {"below": 100, "above": 0, "total": 100}}
    assert rubber["margin"] == {"NS": 820, "EW": -820} and rubber["units"] is None
    assert rubber["credit"] == {"A": 1640, "B": -820, "C": -820}
    assert out["cumulative"] == {"A": 1640, "B": -820, "C": -820}
    assert out["rubbers_played"] == {"A": 1, "B": 1, "C": 1} and out["rubbers_sat_out"] == {"A": 0, "B": 0, "C": 0}
    assert out["settings"]["first_dealer"] == "S" and out["settings"]["settle_unit"] is None


def test_w5_five_players():
    players = ["A", "B", "C", "D", "E"]
    total = dict.fromkeys(players, 0)
    for rubber, margin in enumerate((820, -1310, 950, 2120, -1210), 1):
        for player, value in seat_credit(FIVE_PLAYER.seating(players, rubber), players, margin).items():
            total[player] += value
    assert total == {"A": -5590, "B": 860, "C": 1200, "D": 230, "E": 3300}


@pytest.mark.parametrize("players,credits", [
    (["A", "B"], {"A": 2, "B": -2}),                               # each holds a whole side
    (["A", "B", "C"], {"A": 2, "B": -1, "C": -1}),                 # lone +2M, partners -M each
    (["A", "B", "C", "D"], {"A": 1, "B": -1, "C": 1, "D": -1}),    # one seat each
    (["A", "B", "C", "D", "E"], {"A": 0, "B": 1, "C": -1, "D": -1, "E": 1}),   # A sits out rubber 1
])
def test_credit_table_of_section_1_3(players, credits):
    seats = table(len(players)).seating(players, 1)
    assert seat_credit(seats, players, 1) == credits


@pytest.mark.parametrize("value,units", [(2120, 21), (250, 3), (-150, -2), (-2120, -21), (49, 0), (50, 1)])
def test_units_round_half_away_from_zero(value, units):
    assert in_units(value, 100) == units


def test_tour_settles_in_units_by_default_and_gives_way_to_an_explicit_setting():
    rubbers = [{"deals": E_M}]
    assert sheet(session(["A", "B", "C", "D"], rubbers, rotation="tour"))["cumulative"] == \
        {"A": 21, "B": 21, "C": -21, "D": -21}
    out = sheet(session(["A", "B", "C", "D"], rubbers, rotation="tour"), "settle_unit=none")
    assert out["cumulative"] == {"A": 2120, "B": 2120, "C": -2120, "D": -2120}


def test_tour_seats_partners_as_the_table_says():
    out = sheet(session(["A", "B", "C", "D"], [{"deals": E_M}] * 3, rotation="tour"))
    assert [r["seats"] for r in out["rubbers"]] == [
        {"N": "A", "E": "C", "S": "B", "W": "D"}, {"N": "A", "E": "B", "S": "C", "W": "D"},
        {"N": "A", "E": "B", "S": "D", "W": "C"}]
    assert out["finished"] is True
    assert out["cumulative"] == {"A": 63, "B": -21, "C": -21, "D": -21}


def test_unfinished_rubber_gets_law_80_awards_and_the_session_is_not_finished():
    deals = [{"dealer": "N", "contract": "4S", "declarer": "N", "tricks": 10},
             {"dealer": "E", "contract": "2S", "declarer": "W", "tricks": 8},
             {"dealer": "S", "contract": "3NT", "declarer": "S", "tricks": 8}]
    out = sheet(session(["A", "B"], [{"deals": deals}]))     # example E-N of bridge.md §17
    rubber = out["rubbers"][0]
    assert rubber["finished"] is False and out["finished"] is False
    assert rubber["unfinished_award"] == {"NS": 300, "EW": 100}
    assert rubber["totals"]["NS"]["total"] == 420 and rubber["totals"]["EW"]["total"] == 260
    assert out["cumulative"] == {"A": 320, "B": -320}


def test_passed_out_deal_passes_the_deal_and_scores_nothing():
    deals = [{"dealer": "N", "contract": "Pass"}, {"dealer": "E", "contract": "4H", "declarer": "E", "tricks": 10}]
    rubber = sheet(session(["A", "B", "C", "D"], [{"deals": deals}]))["rubbers"][0]
    assert rubber["deals"][0] == {"index": 1, "dealer": "N", "contract": "Pass", "vulnerable": [], "below": {},
                                  "above": {}}


def test_five_players_finish_at_the_end_of_a_cycle():
    players = ["A", "B", "C", "D", "E"]
    assert sheet(session(players, [{"deals": TWO_SLAMS}] * 4))["finished"] is False
    out = sheet(session(players, [{"deals": TWO_SLAMS}] * 5))
    assert out["finished"] is True
    assert out["rubbers_sat_out"] == dict.fromkeys(players, 1) and out["rubbers_played"] == dict.fromkeys(players, 4)
    assert sum(out["cumulative"].values()) == 0


def test_honours_from_the_deal_must_agree_with_entered_honours():
    deal = "N:AKQJ.AK2.AK2.A32 T98.QJT.QJT.KQJT 7654.9876.9876.9 32.543.543.87654"
    ok = session(["A", "B"], [{"deals": [{"dealer": "N", "contract": "4S", "declarer": "N", "tricks": 10,
                                          "deal": deal, "honours": {"seat": "N", "points": 100}}]}])
    assert sheet(ok)["rubbers"][0]["deals"][0]["above"] == {"NS": 100}
    bad = session(["A", "B"], [{"deals": [{"dealer": "N", "contract": "4S", "declarer": "N", "tricks": 10,
                                           "deal": deal, "honours": {"seat": "N", "points": 150}}]}])
    with pytest.raises(InvalidRecord, match="disagree"):
        sheet(bad)


@pytest.mark.parametrize("players,rubbers,settings,where,field", [
    (["A", "B"], [{"deals": [{"dealer": "E", "contract": "Pass"}]}], {}, "rubber 1 deal 1", "dealer"),
    (["A", "B"], [{"deals": E_M + [{"dealer": "E", "contract": "Pass"}]}], {}, "rubber 1 deal 6", "deal"),
    (["A", "B", "C"], [{"deals": TWO_SLAMS}] * 4, {}, "rubber 4 deal 1", "rubbers"),
    (["A", "B", "C", "D"], [{"deals": E_M}] * 4, {"rotation": "tour"}, "rubber 4 deal 1", "rubbers"),
    (["A", "B"], [{"deals": [{"dealer": "N", "contract": "4H", "declarer": "E", "tricks": 14}]}], {},
     "rubber 1 deal 1", "tricks"),
    (["A", "B", "C"], [{"deals": [{"dealer": "N", "contract": "4H", "declarer": "N", "tricks": 10}]}], {},
     "rubber 1 deal 1", "declarer"),
    (["A", "B", "C", "D", "E"], [{"seats": {"N": "A", "E": "B", "S": "C", "W": "D"},
                                  "deals": [{"dealer": "N", "contract": "Pass"}]}], {}, "rubber 1 deal 1", "seats"),
    (["A", "B", "C", "D"], [{"deals": [{"dealer": "N", "contract": "Pass"}]}], {"rotation": "free"},
     "rubber 1 deal 1", "seats"),
    (["A", "B"], [{"deals": [{"dealer": "N", "contract": "4H", "declarer": "E", "tricks": 10,
                              "auction": ["Pass", "Pass", "Pass", "4H", "Pass", "Pass", "Pass"]}]}], {},
     "rubber 1 deal 1", "auction"),
    (["A", "B", "C"], [{"deals": [{"dealer": "S", "contract": "2S", "declarer": "S", "tricks": 8,
                                   "auction": [["W", "1H"], ["E", "Pass"], ["S", "2S"], ["W", "2NT"]]}]}],
     {"first_dealer": "S"},
     "rubber 1 deal 1", "auction"),
    (["A", "B"], [{"deals": [{"dealer": "N", "contract": "4H", "declarer": "E", "tricks": 10, "note": 1}]}], {},
     "rubber 1 deal 1", "note"),
])
def test_invalid_sessions_name_rubber_deal_and_field(players, rubbers, settings, where, field):
    with pytest.raises(TrickcoreError) as caught:
        sheet(session(players, rubbers, **settings))
    assert caught.value.source == f"session.json {where}" and caught.value.field == field


@pytest.mark.parametrize("players", [["A"], ["A", "A"], ["A", "dummy"], list("ABCDEFG"), "AB"])
def test_bad_player_lists(players):
    with pytest.raises(InvalidRecord):
        read_session(session(players, [{"deals": E_M}]), "session.json")


def test_table_setting_must_match_the_players():
    with pytest.raises(InvalidRecord, match="table"):
        sheet(session(["A", "B", "C"], [{"deals": E_M}], table="five_player"))


def test_free_rotation_takes_the_given_seats():
    seats = {"N": "C", "E": "A", "S": "B", "W": "E"}
    out = sheet(session(list("ABCDE"), [{"seats": seats, "deals": E_M}], rotation="free"))
    assert out["rubbers"][0]["sitting_out"] == ["D"]
    assert out["cumulative"] == {"A": -2120, "B": 2120, "C": 2120, "D": 0, "E": -2120}


def test_a_deal_results_file_still_scores_as_one_rubber(tmp_path):
    path = tmp_path / "rubber.txt"
    path.write_text("4H E 10\n3NT S 8\n2SX N 8\n5CX W 9\n6NT N 13 honours=N:150\n")
    ledger = RUBBER.score_file(str(path))
    assert ledger.totals().margin == 2120


# ---- property: every settlement sums to zero ------------------------------------------------------------------

CONTRACTS = ["Pass", "1C", "2HX", "3NT", "4S", "5DXX", "6H", "7NT"]
deal_results = st.tuples(st.sampled_from(CONTRACTS), st.sampled_from("NESW"), st.integers(0, 13))


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.lists(deal_results, min_size=1, max_size=40), st.sampled_from([None, 100]))
def test_settlements_sum_to_zero(size, results, unit):
    players = list("ABCDEF"[:size])
    ledger = RUBBER.ledger(RUBBER.settings(None, [f"settle_unit={unit or 'none'}"]), players=players)
    for contract, declarer, tricks in results:
        dealer = ledger.next_deal()[2]
        if size == 3 and declarer == "N":
            declarer = "S"
        if contract == "Pass":
            record = {"dealer": dealer.name, "contract": "Pass"}
        else:
            record = {"dealer": dealer.name, "contract": contract, "declarer": declarer, "tricks": tricks}
        found = read_session(session(players, [{"deals": [record]}]), "s")
        deal = found.records[0]
        ledger.add(type(deal)(deal.dealer, deal.result))
        if ledger.is_over and size in (2, 4):
            break
        if size == 3 and len(ledger.rubbers) == 3 and ledger.current.ledger.is_over:
            break
    ledger.settle()
    data = ledger.to_dict()
    assert sum(data["cumulative"].values()) == 0
    for rubber in data["rubbers"]:
        assert sum(rubber["credit"].values()) == 0
        assert all(rubber["credit"][p] == 0 for p in rubber["sitting_out"])


def test_a_rubber_may_name_its_first_dealer():
    deals = [{"dealer": "W", "contract": "7NT", "declarer": "S", "tricks": 13},
             {"dealer": "N", "contract": "7NT", "declarer": "S", "tricks": 13}]
    out = sheet(session(["A", "B"], [{"deals": TWO_SLAMS}, {"first_dealer": "W", "deals": deals}]))
    assert [d["dealer"] for d in out["rubbers"][1]["deals"]] == ["W", "N"]
    with pytest.raises(InvalidRecord, match="the dealer is N"):
        sheet(session(["A", "B"], [{"deals": TWO_SLAMS}, {"deals": deals}]))


def test_three_player_session_gives_each_player_the_dummy_once():
    out = sheet(session(["A", "B", "C"], [{"deals": TWO_SLAMS}] * 3))
    assert out["finished"] is True
    assert [r["controllers"]["N"] for r in out["rubbers"]] == ["A", "B", "C"]
    # Each rubber: the lone player +2M, the partners -M each; M is the same in every rubber here.
    margin = out["rubbers"][0]["margin"]["NS"]
    assert out["cumulative"] == {"A": 0, "B": 0, "C": 0} and margin > 0
