"""Gusarik scoring (variants-preferans §1): the worked examples G1-G3 and the §1.13 protocol through the sheet and
the settlement, the dummy's tricks, the razboinik stage's obligations, and every validation rule of §1.4 and §1.13."""
from fractions import Fraction

import pytest

from trickcore.errors import InvalidRecord, SettingsError, TrickcoreError
from trickcore.scoring.preferans import make_settings, score_protocol
from trickcore.scoring.preferans.settings import PRESETS, settings_to_dict

FORMAT = "trickcore.preferans.protocol/1"


def gusarik(deals, settings=None, start=None, players=("A", "B")):
    """A Gusarik protocol."""
    protocol = {"format": FORMAT, "variant": "gusarik", "players": list(players), "deals": list(deals)}
    if settings:
        protocol["settings"] = settings
    if start:
        protocol["start"] = start
    return protocol


def game(dealer, declarer, contract, call=None, tricks=None, dummy=None):
    """A Gusarik trick-contract deal; ``call`` is the opponent's."""
    deal = {"dealer": dealer, "type": "game", "declarer": declarer, "contract": contract}
    if call:
        deal["calls"] = {"B" if declarer == "A" else "A": call}
    if tricks is not None:
        deal["tricks"], deal["dummy_tricks"] = tricks, dummy
    return deal


def test_g1_seven_down_one_with_a_dummy_trick():
    sheet = score_protocol(gusarik([game("A", "B", "7H", "whist", {"A": 3, "B": 6}, 1)])).to_dict()
    assert sheet["deals"][0]["delta"] == {"pool": {}, "mountain": {"B": 4}, "whists": {"A": {"B": 20}}}


@pytest.mark.parametrize("mountain, written_off", [("indivisible", -3), ("divisible", -6)])
def test_g2_overflow_and_the_indivisible_mountain(mountain, written_off):
    protocol = gusarik([game("B", "A", "9S")], settings={"gusarik_stage": "pool", "gusarik_mountain": mountain},
                       start={"pool": {"A": 18, "B": 20}})
    sheet = score_protocol(protocol).to_dict()
    assert sheet["deals"][0]["delta"]["pool"] == {"A": 2}
    assert sheet["deals"][0]["delta"]["mountain"] == {"A": written_off}
    assert sheet["finished"] is True
    assert sheet["settlement"]["result"] == {"A": 30, "B": -30}


@pytest.mark.parametrize("mountain, final, result, value, conversion", [
    ("divisible", {"A": -10, "B": 16}, 106, 5, 1), ("indivisible", {"A": 1, "B": 23}, 196, 10, "1/2")])
def test_g3_razboinik_settlement(mountain, final, result, value, conversion):
    start = {"pool": {"A": 22, "B": 14}, "mountain": {"A": 12, "B": 30}, "whists": {"A": {"B": 56}, "B": {"A": 80}}}
    s = score_protocol(gusarik([], settings={"gusarik_mountain": mountain}, start=start)).to_dict()["settlement"]
    assert s["method"] == "gusarik" and s["mountain_value"] == value and s["pool_conversion"] == conversion
    assert s["final_mountain"] == final
    assert s["whist_net"] == {"A": -24, "B": 24}
    assert s["result"] == {"A": result, "B": -result}
    assert s["display"] == {"A": result, "B": -result}


def test_mountain_only_ignores_pools_and_whists():
    start = {"pool": {"A": 22, "B": 14}, "mountain": {"A": 12, "B": 30}, "whists": {"A": {"B": 56}, "B": {"A": 80}}}
    s = score_protocol(gusarik([], settings={"gusarik_settlement": "mountain_only"}, start=start)).settlement
    assert s.final_mountain == {"A": 12, "B": 30}
    assert s.result == {"A": 90, "B": -90}  # 5 × (30 − 12), no whist term


def test_the_protocol_of_section_1_13():
    protocol = gusarik([
        game("A", "B", "7H", "whist", {"A": 3, "B": 6}, 1),
        {"dealer": "B", "type": "game", "declarer": "A", "contract": "10NT", "tricks": {"A": 10, "B": 0},
         "dummy_tricks": 0},
        {"dealer": "A", "type": "misere", "declarer": "B", "tricks": {"A": 5, "B": 0}, "dummy_tricks": 5},
        {"dealer": "B", "type": "all_pass", "tricks": {"A": 4, "B": 6}},
    ], settings={"gusarik_stage": "pool", "gusarik_mountain": "divisible"})
    sheet = score_protocol(protocol).to_dict()
    assert [d["label"] for d in sheet["deals"]] == ["7H: down 1", "10NT: made", "misere: made", "all-pass x1"]
    assert sheet["totals"] == {"A": {"pool": 10, "mountain": 4, "whists": {"B": 20}},
                               "B": {"pool": 10, "mountain": 10, "whists": {"A": 0}}}
    s = sheet["settlement"]
    assert "pool_conversion" not in s and "razboinik" not in sheet
    # Early stop in pool mode: M = mountain + (target − pool) = 14 / 20; A: 5 × 6 + 20.
    assert s["final_mountain"] == {"A": 14, "B": 20}
    assert s["result"] == {"A": 50, "B": -50}
    assert sheet["settings"]["gusarik_stage"] == "pool" and "pool_mode" not in sheet["settings"]


def test_checked_ten_down_the_opponent_writes_consolation_only():
    deal = {"dealer": "A", "type": "game", "declarer": "B", "contract": "10S", "tricks": {"A": 1, "B": 8},
            "dummy_tricks": 1}
    delta = score_protocol(gusarik([deal])).to_dict()["deals"][0]["delta"]
    assert delta == {"pool": {}, "mountain": {"B": 20}, "whists": {"A": {"B": 20}}}


@pytest.mark.parametrize("dealer", ["A", "B"])
def test_a_passed_six_gives_the_opponent_the_half_whist_whatever_the_seats(dealer):
    delta = score_protocol(gusarik([game(dealer, "B", "6H", "pass")])).to_dict()["deals"][0]["delta"]
    assert delta == {"pool": {"B": 2}, "mountain": {}, "whists": {"A": {"B": 4}}}  # W × obl/2 = 2 × 2


def test_razboinik_shortfall_is_always_half_the_price():
    # 8D made with 9 tricks, the opponent and the dummy took 1: obligation met; 6D with 7: shortfall 1 at P/2.
    made = score_protocol(gusarik([game("A", "B", "6D", "whist", {"A": 2, "B": 7}, 1)]),
                          ).to_dict()["deals"][0]["delta"]
    assert made == {"pool": {"B": 2}, "mountain": {"A": 1}, "whists": {"A": {"B": 6}}}
    closed = score_protocol(gusarik([game("A", "B", "6D", "whist", {"A": 2, "B": 7}, 1)],
                                    start={"pool": {"A": 40}})).to_dict()["deals"][0]["delta"]
    assert closed["mountain"] == {"A": 1}  # no target in the razboinik: a big pool does not make it P


def test_all_pass_leaves_the_dummy_out_and_writes_off_the_mountain():
    protocol = gusarik([{"dealer": "A", "type": "all_pass", "tricks": {"A": 0, "B": 10}}],
                       settings={"gusarik_stage": "pool"}, start={"mountain": {"A": 3}})
    delta = score_protocol(protocol).to_dict()["deals"][0]["delta"]
    assert delta == {"pool": {}, "mountain": {"A": -1, "B": 10}, "whists": {}}


def _razboinik_games():
    """Twelve game deals fulfilling every obligation, dealers alternating."""
    deals = []
    for i, level in enumerate((6, 7, 8, 9, 10)):
        for j, player in enumerate("AB"):
            dealer = "AB"[(2 * i + j) % 2]
            contract = f"{level}NT"
            if level == 10:
                deals.append({"dealer": dealer, "type": "game", "declarer": player, "contract": contract,
                              "tricks": {player: 10, "AB".replace(player, ""): 0}, "dummy_tricks": 0})
            else:
                deals.append(game(dealer, player, contract, "pass"))
    deals += [{"dealer": "A", "type": "misere", "declarer": "A", "tricks": {"A": 0, "B": 5}, "dummy_tricks": 5},
              {"dealer": "B", "type": "misere", "declarer": "B", "tricks": {"A": 6, "B": 1}, "dummy_tricks": 3}]
    return deals


def _closing(n):
    return [{"dealer": "AB"[i % 2], "type": "all_pass", "tricks": {"A": 5, "B": 5}} for i in range(n)]


def test_a_whole_razboinik_game():
    sheet = score_protocol(gusarik(_razboinik_games() + _closing(4))).to_dict()
    assert sheet["finished"] is True
    assert sheet["razboinik"] == {"stage": "done", "remaining": {"A": [], "B": []}, "closing_all_pass_played": 4}
    assert [d["label"] for d in sheet["deals"][-4:]] == [f"all-pass x1 (closing {i}/4)" for i in range(1, 5)]
    # Razboinik: no help, no overflow: every pool entry goes in full into the declarer's pool.
    assert sheet["totals"]["A"]["pool"] == 2 + 4 + 6 + 8 + 10 + 10
    assert sum(sheet["settlement"]["result"].values()) == 0


def test_razboinik_progress_while_playing():
    sheet = score_protocol(gusarik(_razboinik_games()[:3], start={"razboinik_played": {"B": ["9"]}}))
    progress = sheet.to_dict()["razboinik"]
    assert progress["stage"] == "games"
    assert progress["remaining"] == {"A": ["8", "9", "10", "misere"], "B": ["7", "8", "10", "misere"]}
    assert sheet.finished is False


@pytest.mark.parametrize("deals, field, message", [
    ([game("A", "B", "6S", "whist", {"A": 4, "B": 6}, 0), game("B", "B", "6H", "pass")], "contract",
     "already played 6"),
    ([{"dealer": "A", "type": "all_pass", "tricks": {"A": 5, "B": 5}}], "type", "games phase"),
    (_razboinik_games() + [game("A", "A", "6S", "whist", {"A": 6, "B": 4}, 0)], "type", "closing"),
    (_razboinik_games() + _closing(4) + _closing(1), "deals", "ended"),
])
def test_razboinik_order_is_checked(deals, field, message):
    with pytest.raises(InvalidRecord) as caught:
        score_protocol(gusarik(deals))
    assert caught.value.field == field and message in caught.value.message
    assert caught.value.deal == len(deals)


@pytest.mark.parametrize("deal, field", [
    (game("A", "B", "7H", "whist", {"A": 3, "B": 6}, None), "dummy_tricks"),
    (game("A", "B", "7H", "whist", {"A": 3, "B": 6}, 2), "tricks"),  # 3 + 6 + 2 ≠ 10
    ({"dealer": "A", "type": "all_pass", "tricks": {"A": 4, "B": 6}, "dummy_tricks": 0}, "dummy_tricks"),
    ({**game("A", "B", "7H", "whist", {"A": 3, "B": 6}, 1), "calls": {"dummy": "whist"}}, "calls"),
    ({**game("A", "B", "7H", "whist", {"A": 3, "B": 6}, 1), "calls": {"A": "half_whist"}}, "calls"),
    (game("A", "B", "6S", "pass"), "calls"),  # 6S must be whisted
    ({"dealer": "dummy", "type": "all_pass", "tricks": {"A": 4, "B": 6}}, "dealer"),
    ({**game("A", "B", "7H", "pass"), "declarer": "dummy"}, "declarer"),
    ({**game("A", "B", "7H", "pass"), "returned_by": "A"}, "returned_by"),
    ({**game("A", "B", "10S"), "calls": {"A": "whist"}, "tricks": {"A": 0, "B": 10}, "dummy_tricks": 0}, "calls"),
])
def test_gusarik_deal_fields_are_checked(deal, field):
    with pytest.raises(TrickcoreError) as caught:
        score_protocol(gusarik([deal]))
    assert caught.value.field == field and caught.value.deal == 1


@pytest.mark.parametrize("players", [("A", "B", "C"), ("A",), ("A", "dummy")])
def test_gusarik_has_two_players_and_none_is_the_dummy(players):
    with pytest.raises(InvalidRecord) as caught:
        score_protocol(gusarik([], players=players))
    assert caught.value.field == "players"


@pytest.mark.parametrize("variant, overrides, field", [
    ("sochi", {"gusarik_stage": "pool"}, "gusarik_stage"),
    ("classic", {"num_players": 2}, "num_players"),
    ("gusarik", {"rounding": "code"}, "rounding"),
    ("gusarik", {"all_pass_talon": "dealer_owns"}, "all_pass_talon"),
    ("gusarik", {"razboinik_all_pass_deals": 3}, "razboinik_all_pass_deals"),
    ("gusarik", {"price_scale": 5}, "price_scale"),
])
def test_gusarik_settings_are_its_own(variant, overrides, field):
    with pytest.raises(SettingsError) as caught:
        make_settings(variant, overrides)
    assert caught.value.field == field


def test_the_gusarik_preset_is_classic_with_the_differences_of_section_1_12():
    gusarik_preset, classic = settings_to_dict(PRESETS["gusarik"]), settings_to_dict(PRESETS["classic"])
    differing = {name for name in classic if classic[name] != gusarik_preset[name]}
    assert differing == {"num_players", "half_whist", "dealer_may_whist", "all_pass_talon", "responsible_games",
                         "dealer_talon_bonus"}
    assert {name: gusarik_preset[name] for name in gusarik_preset if name not in classic} == {
        "gusarik_stage": "razboinik", "gusarik_mountain": "divisible", "gusarik_settlement": "full",
        "razboinik_all_pass_deals": 4}
    assert gusarik_preset["rounding"] == "nearest" and gusarik_preset["pool_target"] == 20


def test_fractions_stay_exact():
    start = {"mountain": {"A": 1}}
    s = score_protocol(gusarik([], settings={"rounding": "exact", "gusarik_mountain": "indivisible"},
                               start=start)).settlement
    assert s.result == {"A": Fraction(-10), "B": Fraction(10)}
