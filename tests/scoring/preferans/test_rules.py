"""Rule areas of spec §7-§9 beyond the worked examples: defence roles, 4 players, Classic extras, all-pass
series, penalties (§8), end of game and settlement options."""
import pytest

from trickcore.scoring.preferans import PulyaLedger, parse_protocol
from trickcore.errors import InvalidRecord

FOUR = ("A", "B", "C", "D")


# --- defence roles (§5.2, §7.3) ---

def test_returned_half_whister_shares_nothing_but_writes_consolation(g, delta):
    d = delta("leningrad", g("C", "A", "6S", {"B": "pass", "C": "half_whist"}, {"A": 5, "B": 3, "C": 2},
                             returned_by="B"))
    assert d == {"pool": {}, "mountain": {"A": 4}, "whists": {"B": {"A": 24}, "C": {"A": 4}}}


def test_returned_whist_made_contract(g, delta):
    d = delta("sochi", g("C", "A", "6S", {"B": "pass", "C": "half_whist"}, {"A": 6, "B": 3, "C": 1},
                         returned_by="B"))
    assert d == {"pool": {"A": 2}, "mountain": {}, "whists": {"B": {"A": 8}}}


def test_gentleman_switch_half_whist_by_d1(g, delta):
    d = delta("leningrad", g("C", "A", "6S", {"B": "half_whist", "C": "pass"}))
    assert d == {"pool": {"A": 2}, "mountain": {}, "whists": {"B": {"A": 8}}}


def test_gentleman_split_only_when_declarer_fails(g, delta):
    d = delta("leningrad", g("C", "A", "6S", {"B": "whist", "C": "pass"}, {"A": 7, "B": 2, "C": 1}))
    assert d == {"pool": {"A": 2}, "mountain": {"B": 2}, "whists": {"B": {"A": 12}}}


@pytest.mark.parametrize("mode, mountain", [("capped", 2), ("half_based", 4)])
def test_two_whisters_capped_or_half_based(g, delta, mode, mountain):
    d = delta("sochi", g("C", "A", "6S", {"B": "whist", "C": "whist"}, {"A": 7, "B": 3, "C": 0}),
              settings={"two_whister_shortfall": mode})
    assert d["mountain"] == {"C": mountain}
    assert d["whists"] == {"B": {"A": 6}}


def test_two_whisters_eight_to_ten_d2_liable(g, delta):
    d = delta("sochi", g("C", "A", "8S", {"B": "whist", "C": "whist"}, {"A": 10, "B": 0, "C": 0}))
    assert d == {"pool": {"A": 6}, "mountain": {"C": 6}, "whists": {}}


def test_robber_whist(g, delta):
    d = delta("classic", g("C", "A", "7S", {"B": "whist", "C": "pass"}, {"A": 5, "B": 3, "C": 2}),
              settings={"consolation": "robber"})
    assert d == {"pool": {}, "mountain": {"A": 8}, "whists": {"B": {"A": 28}, "C": {"A": 28}}}


@pytest.mark.parametrize("closed, mountain", [(False, 2), (True, 4)])
def test_classic_liability_half_until_own_pool_closed(g, delta, closed, mountain):
    start = {"pool": {"B": 20}} if closed else None
    d = delta("classic", g("C", "A", "6H", {"B": "whist", "C": "pass"}, {"A": 8, "B": 1, "C": 1}), start=start)
    assert d["mountain"] == {"B": mountain}
    assert d["whists"] == {"B": {"A": 4}}


@pytest.mark.parametrize("liability, mountain", [("responsible", 4), ("semi_responsible", 2)])
def test_liability_setting(g, delta, liability, mountain):
    d = delta("sochi", g("C", "A", "6H", {"B": "whist", "C": "pass"}, {"A": 8, "B": 1, "C": 1}),
              settings={"whist_liability": liability})
    assert d["mountain"] == {"B": mountain}


def test_consolation_payers_defenders_only(g, delta):
    deal = g("D", "A", "7S", {"B": "whist", "C": "pass"}, {"A": 5, "B": 3, "C": 2})
    assert delta("sochi", deal, players=FOUR)["whists"] == {"B": {"A": 28}, "C": {"A": 8}, "D": {"A": 8}}
    assert delta("sochi", deal, players=FOUR, settings={"consolation_payers": "defenders"})["whists"] == {
        "B": {"A": 28}, "C": {"A": 8}}


# --- 4 players: the dealer (§5.3) ---

def test_dealer_whist_is_sole_whister_without_split(g, delta):
    deal = g("D", "A", "7S", {"B": "pass", "C": "pass"}, {"A": 6, "B": 3, "C": 1}, dealer_call="whist")
    assert delta("leningrad", deal, players=FOUR) == {
        "pool": {}, "mountain": {"A": 8}, "whists": {"D": {"A": 40}, "B": {"A": 8}, "C": {"A": 8}}}


def test_dealer_whist_bears_the_shortfall(g, delta):
    deal = g("D", "A", "6S", {}, {"A": 8, "B": 1, "C": 1}, dealer_call="whist")
    assert delta("sochi", deal, players=FOUR) == {"pool": {"A": 2}, "mountain": {"D": 4}, "whists": {"D": {"A": 4}}}


def test_dealer_returns_a_half_whist(g, delta):
    deal = g("D", "A", "6S", {"B": "pass", "C": "half_whist"}, {"A": 6, "B": 2, "C": 2}, returned_by="D")
    assert delta("sochi", deal, players=FOUR) == {"pool": {"A": 2}, "mountain": {}, "whists": {"D": {"A": 8}}}


def test_sochi_four_player_all_pass_dealer_owns_talon(ap, delta):
    d = delta("sochi", ap("D", A=3, B=3, C=4, D=0), players=FOUR)
    assert d == {"pool": {"D": 1}, "mountain": {"A": 3, "B": 3, "C": 4}, "whists": {}}
    d = delta("leningrad", ap("D", A=3, B=3, C=4, D=0), players=FOUR)
    assert d == {"pool": {}, "mountain": {"A": 6, "B": 6, "C": 8}, "whists": {}}


# --- contracts not played, checked ten, misère, walkaway (§7.4-§7.6) ---

def test_classic_pass_pass_second_defender_writes_half(g, sheet):
    s = sheet("classic", g("C", "A", "6H", {"B": "pass", "C": "pass"}))
    assert s["deals"][0] == {"index": 1, "label": "6H: passed out",
                             "delta": {"pool": {"A": 2}, "mountain": {}, "whists": {"C": {"A": 4}}}}


@pytest.mark.parametrize("tricks, label, d", [
    ({"A": 9, "B": 1, "C": 0}, "10NT: down 1",
     {"pool": {}, "mountain": {"A": 10}, "whists": {"B": {"A": 10}, "C": {"A": 10}}}),
    ({"A": 10, "B": 0, "C": 0}, "10NT: made", {"pool": {"A": 10}, "mountain": {}, "whists": {}})])
def test_classic_checked_ten(sheet, tricks, label, d):
    deal = {"dealer": "C", "type": "game", "declarer": "A", "contract": "10NT", "tricks": tricks}
    s = sheet("classic", deal)
    assert (s["deals"][0]["label"], s["deals"][0]["delta"]) == (label, d)


def test_sochi_ten_is_whisted(g, delta):
    d = delta("sochi", g("C", "A", "10H", {"B": "whist"}, {"A": 9, "B": 1, "C": 0}))
    assert d == {"pool": {}, "mountain": {"A": 10}, "whists": {"B": {"A": 20}, "C": {"A": 10}}}


def test_misere_failed_and_consolation_option(sheet):
    deal = {"dealer": "C", "type": "misere", "declarer": "A", "tricks": {"A": 2, "B": 4, "C": 4}}
    s = sheet("leningrad", deal)
    assert s["deals"][0]["label"] == "misere: 2 trick(s)"
    assert s["deals"][0]["delta"] == {"pool": {}, "mountain": {"A": 40}, "whists": {}}
    d = sheet("sochi", deal, settings={"misere_consolation": True})["deals"][0]["delta"]
    assert d == {"pool": {}, "mountain": {"A": 20}, "whists": {"B": {"A": 20}, "C": {"A": 20}}}


def test_walkaway(sheet):
    deal = {"dealer": "C", "type": "walkaway", "declarer": "A", "contract": "8S"}
    s = sheet("sochi", deal, settings={"allow_walkaway": True})
    assert s["deals"][0]["label"] == "8S: walkaway (down 3)"
    assert s["deals"][0]["delta"] == {"pool": {}, "mountain": {"A": 18}, "whists": {}}
    with pytest.raises(InvalidRecord):
        sheet("sochi", deal)


# --- all-pass (§6.4, §7.7) ---

def test_leningrad_hard_exit_keeps_the_series(g, ap, sheet):
    deals = [ap("C", A=0, B=4, C=6), g("A", "A", "7S", {}), ap("B", A=2, B=3, C=5)]
    s = sheet("leningrad", *deals)
    assert s["deals"][0]["delta"] == {"pool": {"A": 1}, "mountain": {"B": 8, "C": 12}, "whists": {}}
    assert s["deals"][2]["label"] == "all-pass x2"
    assert s["deals"][2]["delta"]["mountain"] == {"A": 8, "B": 12, "C": 20}
    assert sheet("sochi", *deals)["deals"][2]["label"] == "all-pass x1"


def test_progression_last_value_repeats(ap, sheet):
    s = sheet("sochi", *[ap(d, A=3, B=3, C=4) for d in "CABCA"])
    assert [d["label"] for d in s["deals"]] == ["all-pass x1", "all-pass x2", "all-pass x3", "all-pass x3",
                                                "all-pass x3"]


def test_classic_series_per_dealer_and_mountain_writeoff(ap, sheet):
    s = sheet("classic", ap("A", A=3, B=3, C=4), ap("A", A=0, B=4, C=6), ap("B", A=0, B=4, C=6),
              start={"mountain": {"A": 5}})
    assert [d["label"] for d in s["deals"]] == ["all-pass x1", "all-pass x2", "all-pass x1"]
    assert s["deals"][1]["delta"]["mountain"] == {"A": -2, "B": 8, "C": 12}
    assert s["totals"]["A"]["mountain"] == 5 + 3 - 2 - 1


def test_all_pass_amnesty_never_negative_for_the_dealer(ap, delta):
    d = delta("sochi", ap("D", A=2, B=4, C=4, D=0), players=FOUR, settings={"all_pass_amnesty": True})
    assert d == {"pool": {"D": 1}, "mountain": {"B": 2, "C": 2}, "whists": {}}


def test_classic_zero_reward_never_below_zero(ap, delta):
    assert delta("classic", ap("C", A=0, B=4, C=6))["mountain"] == {"B": 4, "C": 6}


def test_all_pass_amnesty_and_unscaled_reward(ap, sheet):
    s = sheet("sochi", ap("C", A=1, B=3, C=6), ap("A", A=0, B=4, C=6),
              settings={"all_pass_amnesty": True, "all_pass_zero_reward_scaled": False})
    assert s["deals"][0]["delta"]["mountain"] == {"B": 2, "C": 5}
    assert s["deals"][1]["delta"] == {"pool": {"A": 1}, "mountain": {"B": 8, "C": 12}, "whists": {}}


def test_exit_levels(g, ap, sheet):
    settings = {"all_pass_exit_levels": [6, 7, 7]}
    with pytest.raises(InvalidRecord) as info:
        sheet("sochi", ap("C", A=3, B=3, C=4), ap("A", A=3, B=3, C=4), g("B", "A", "6S", {}), settings=settings)
    assert (info.value.deal, info.value.field) == (3, "contract")
    s = sheet("sochi", ap("C", A=3, B=3, C=4), g("A", "A", "6S", {}), ap("B", A=3, B=3, C=4),
              ap("C", A=3, B=3, C=4), g("A", "A", "7S", {}), settings=settings)
    assert s["deals"][4]["label"] == "7S: passed out"


@pytest.mark.parametrize("basis, whists", [("difference", {"A": {"B": 10, "C": 25}}),
                                           ("absolute", {"A": {"B": 15, "C": 30}})])
def test_rostov_basis(ap, delta, basis, whists):
    d = delta("rostov", ap("C", A=1, B=3, C=6), settings={"rostov_all_pass_basis": basis})
    assert d == {"pool": {}, "mountain": {}, "whists": whists}


def test_rostov_tie_four_players_and_dealer_prize(ap, delta):
    d = delta("rostov", ap("D", A=0, B=0, C=10), players=FOUR)
    assert d == {"pool": {"A": 1, "B": 1, "D": 1}, "mountain": {}, "whists": {"A": {"C": 25}, "B": {"C": 25}}}


def test_rostov_prize_never_closes_a_pool(ap, delta):
    d = delta("rostov", ap("C", A=0, B=4, C=6), start={"pool": {"A": 19}})
    assert d == {"pool": {}, "mountain": {"A": -1}, "whists": {"A": {"B": 20, "C": 30}}}


# --- Classic extras (§7.8) ---

def test_classic_talon_bonus_and_dark(g, delta):
    deal = g("A", "B", "6H", {"C": "whist", "D": "pass"}, {"B": 6, "C": 3, "D": 1}, talon=["AS", "AH"])
    assert delta("classic", deal, players=FOUR) == {"pool": {"B": 2}, "mountain": {},
                                                    "whists": {"A": {"B": 6}, "C": {"B": 8}}}
    dark = g("A", "B", "6H", {"C": "whist", "D": "pass"}, {"B": 6, "C": 3, "D": 1}, dark=True)
    assert delta("classic", dark, players=FOUR) == {"pool": {"B": 4}, "mountain": {}, "whists": {"C": {"B": 16}}}


def test_bombs_awarded_then_used():
    parsed = parse_protocol({"format": "trickcore.preferans.protocol/1", "variant": "classic",
                             "players": list(FOUR), "deals": []})
    ledger = PulyaLedger.for_protocol(parsed)
    ledger.add({"dealer": "A", "type": "all_pass", "tricks": {"B": 3, "C": 3, "D": 4, "A": 0},
                "bombs_awarded": {"B": 4}})
    assert ledger.state.bombs["B"] == (4,)
    result = ledger.add({"dealer": "C", "type": "misere", "declarer": "B", "tricks": {"D": 5, "A": 5, "B": 0}})
    assert result.delta()["pool"] == {"B": 20, "C": 20}  # 10 x bomb 4, the rest helps C
    assert ledger.state.bombs["B"] == ()


def test_responsible_games(g, ap, sheet):
    s = sheet("classic", ap("C", A=3, B=3, C=4),
              g("A", "A", "6H", {"B": "whist", "C": "pass"}, {"A": 6, "B": 3, "C": 1}),
              g("B", "A", "7S", {"B": "whist", "C": "pass"}, {"A": 7, "B": 2, "C": 1}))
    assert s["settlement"]["pool_adjustment"] == {"A": 16, "B": 20, "C": 20}


# --- penalties (§8) ---

def test_generic_penalties(delta):
    d = delta("sochi", {"dealer": "C", "type": "void", "penalties": [
        {"kind": "mountain", "player": "A", "points": 1}, {"kind": "whists", "writer": "B", "on": "C", "points": 3}]})
    assert d == {"pool": {}, "mountain": {"A": 1}, "whists": {"B": {"C": 3}}}


def test_peek_by_declarer_and_by_whister(g, sheet):
    s = sheet("sochi", g("C", "A", "6S", {"B": "whist"}, {"A": 6, "B": 3, "C": 1},
                         penalties=[{"kind": "peek", "player": "A"}]),
              g("A", "A", "6S", {"B": "whist"}, {"A": 6, "B": 3, "C": 1},
                penalties=[{"kind": "peek", "player": "B"}]))
    assert s["deals"][0]["label"] == "6S: down 1"
    assert s["deals"][0]["delta"] == {"pool": {}, "mountain": {"A": 2}, "whists": {"B": {"A": 8}}}
    assert s["deals"][1]["delta"] == {"pool": {"A": 2}, "mountain": {"B": 2}, "whists": {"B": {"A": 6}}}


def test_revoke_by_declarer_and_by_passer(g, sheet):
    s = sheet("sochi", g("C", "A", "7S", {"B": "whist"}, {"A": 7, "B": 2, "C": 1},
                         penalties=[{"kind": "revoke", "player": "A"}]),
              g("A", "A", "7S", {"B": "whist"}, {"A": 6, "B": 3, "C": 1},
                penalties=[{"kind": "revoke", "player": "C"}]))
    assert s["deals"][0]["delta"] == {"pool": {}, "mountain": {"A": 4}, "whists": {"B": {"A": 20}, "C": {"A": 4}}}
    assert s["deals"][1]["delta"] == {"pool": {"A": 4}, "mountain": {}, "whists": {"B": {"A": 12}}}


def test_misere_and_all_pass_penalties(ap, sheet):
    s = sheet("sochi", {"dealer": "C", "type": "misere", "declarer": "A", "tricks": {"A": 0, "B": 5, "C": 5},
                        "penalties": [{"kind": "revoke", "player": "A"}]},
              ap("A", A=0, B=4, C=6) | {"penalties": [{"kind": "peek", "player": "A"}]})
    assert s["deals"][0]["delta"] == {"pool": {}, "mountain": {"A": 10}, "whists": {}}
    assert s["deals"][1]["delta"]["mountain"] == {"A": 1, "B": 4, "C": 6}


def test_wrong_card_count_whister(g, delta):
    d = delta("sochi", g("C", "A", "6S", {"B": "whist"}, {"A": 6, "B": 3, "C": 1},
                         penalties=[{"kind": "wrong_card_count", "player": "B"}]))
    assert d == {"pool": {"A": 2}, "mountain": {"B": 4}, "whists": {"B": {"A": 8}}}


def test_undiscarded_talon_is_void_for_the_series(g, ap, sheet):
    s = sheet("sochi", ap("C", A=3, B=3, C=4),
              g("A", "A", "7S", {}, penalties=[{"kind": "undiscarded_talon", "player": "A"}]),
              ap("B", A=3, B=3, C=4))
    assert s["deals"][1] == {"index": 2, "label": "7S: undiscarded talon",
                             "delta": {"pool": {}, "mountain": {"A": 12}, "whists": {}}}
    assert s["deals"][2]["label"] == "all-pass x2"



def test_undiscarded_talon_voids_a_whisted_deal_without_its_tricks(g, sheet):
    """§8: the deal is void, so a whisted game with the penalty needs no tricks (it demanded them once)."""
    s = sheet("sochi", g("A", "A", "7S", {"B": "whist", "C": "pass"},
                         penalties=[{"kind": "undiscarded_talon", "player": "A"}]))
    assert s["deals"][0]["delta"] == {"pool": {}, "mountain": {"A": 12}, "whists": {}}

# --- end of game and settlement (§9) ---

def test_leningrad_no_help_and_early_stop_adjustment(g, sheet):
    s = sheet("leningrad", g("C", "A", "8S", {}), start={"pool": {"A": 18}})
    assert s["totals"]["A"]["pool"] == 24
    assert s["finished"] is False
    assert s["settlement"]["pool_adjustment"] == {"A": -8, "B": 40, "C": 40}


def test_no_deal_after_the_end(g, sheet):
    with pytest.raises(InvalidRecord) as info:
        sheet("sochi", g("C", "A", "7S", {}), g("A", "B", "6S", {}), settings={"pool_target": 50},
              start={"pool": {"A": 50, "B": 49, "C": 48}})
    assert info.value.deal == 2


def test_money_at_a_whist_price(sheet):
    start = {"pool": {"A": 20, "B": 20, "C": 20}, "mountain": {"A": 7}}
    s = sheet("sochi", start=start, settings={"whist_price": "0.25"})
    assert s["settlement"]["money"] == {"A": -11.5, "B": 5.75, "C": 5.75}
    exact = sheet("sochi", start=start, settings={"rounding": "exact"})["settlement"]["display"]
    assert exact["B"] == pytest.approx(70 / 3)
