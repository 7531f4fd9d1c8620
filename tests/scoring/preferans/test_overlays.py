"""The overlays of variants-preferans §2 (simple, kurochka, kotel, decimal, big/small misère, uvert): the order
preset → overlays → settings, their checks, the countdown count and pot with kotel stages, the decimal example,
and the big/small misères and uverts, through protocol → sheet → settlement."""
import pytest

from trickcore.errors import InvalidRecord, SettingsError
from trickcore.scoring.preferans import make_settings, score_protocol
from trickcore.scoring.preferans.settings import OVERLAY_SETTING_NAMES

FORMAT = "trickcore.preferans.protocol/1"


def protocol(variant, deals, overlays=(), settings=None, start=None, players=("A", "B", "C")):
    """A protocol with ``overlays``."""
    out = {"format": FORMAT, "variant": variant, "players": list(players), "deals": list(deals)}
    if overlays:
        out["overlays"] = list(overlays)
    if settings:
        out["settings"] = settings
    if start:
        out["start"] = start
    return out


def passed(declarer, contract, dealer="C"):
    """A contract both defenders passed."""
    return {"dealer": dealer, "type": "game", "declarer": declarer, "contract": contract, "calls": {}}


def test_decimal_example_of_section_2_2():
    deal = {"dealer": "C", "type": "game", "declarer": "A", "contract": "7H", "calls": {"B": "whist", "C": "pass"},
            "tricks": {"A": 5, "B": 3, "C": 2}}
    sheet = score_protocol(protocol("sochi", [deal], ["decimal"])).to_dict()
    assert sheet["overlays"] == ["decimal"]
    assert sheet["deals"][0]["delta"] == {"pool": {}, "mountain": {"A": 40},
                                          "whists": {"B": {"A": 140}, "C": {"A": 40}}}
    assert sheet["settings"]["price_scale"] == 5 and sheet["settings"]["pool_target"] == 50


def test_settings_apply_after_the_overlays_in_order():
    settings = make_settings("classic", {"pool_target": 30}, ("decimal", "kurochka"))
    assert (settings.pool_target, settings.price_scale, settings.pool_mode, settings.help_recipient) == (
        30, 5, "countdown", "next_clockwise")
    assert make_settings("sochi", overlays=("misere_big_small", "uvert")).misere_mode == "big_small"


@pytest.mark.parametrize("variant, overlays, message", [
    ("sochi", ["bogus"], "unknown overlay"),
    ("leningrad", ["kotel"], "not allowed"),
    ("rostov", ["simple"], "not allowed"),
    ("gusarik", ["decimal"], "not allowed"),
    ("sochi", ["simple", "kotel"], "exclude"),
    ("classic", ["kurochka", "simple"], "exclude"),
    ("sochi", ["decimal", "decimal"], "twice"),
    ("sochi", "decimal", "list"),
])
def test_bad_overlays(variant, overlays, message):
    players = ("A", "B") if variant == "gusarik" else ("A", "B", "C")
    with pytest.raises(SettingsError) as caught:
        score_protocol(protocol(variant, [], overlays, players=players) | {"overlays": overlays})
    assert caught.value.field == "overlays" and message in caught.value.message


@pytest.mark.parametrize("overrides, field", [
    ({"end_condition": "pool_sum"}, "end_condition"), ({"pool_settlement_factor": 2}, "pool_settlement_factor")])
def test_countdown_has_no_pool_end_or_pool_factor(overrides, field):
    with pytest.raises(SettingsError) as caught:
        make_settings("sochi", overrides, ("simple",))
    assert caught.value.field == field


def test_countdown_only_over_sochi_and_classic_even_by_settings():
    with pytest.raises(SettingsError) as caught:
        make_settings("leningrad", {"pool_mode": "countdown"})
    assert caught.value.field == "pool_mode"


def test_simple_writes_games_off_the_count_and_remises_onto_it():
    deals = [passed("A", "8S"),
             {"dealer": "A", "type": "misere", "declarer": "B", "tricks": {"A": 4, "B": 2, "C": 4}}]
    sheet = score_protocol(protocol("sochi", deals, ["simple"], {"pool_target": 10})).to_dict()
    assert [d["delta"] for d in sheet["deals"]] == [{"count": {"A": -6}, "whists": {}},
                                                    {"count": {"B": 20}, "whists": {}}]
    assert sheet["totals"]["B"] == {"count": 30, "whists": {"A": 0, "C": 0}}
    assert sheet["countdown"] == {"stage": 1, "queued_parts": []}
    s = sheet["settlement"]
    assert "pool_adjustment" not in s and s["final_mountain"] == {"A": 4, "B": 30, "C": 10}
    assert sum(s["display"].values()) == 0


def test_simple_overflow_goes_below_zero_and_ends_when_every_count_is_written_off():
    deals = [passed("A", "10NT"), passed("B", "10NT"), passed("C", "9S")]
    sheet = score_protocol(protocol("sochi", deals, ["simple"], {"pool_target": 8})).to_dict()
    assert [d["delta"]["count"] for d in sheet["deals"]] == [{"A": -10}, {"B": -10}, {"C": -8}]
    assert sheet["finished"] is True
    with pytest.raises(InvalidRecord) as caught:
        score_protocol(protocol("sochi", deals + [passed("A", "6S")], ["simple"], {"pool_target": 8}))
    assert caught.value.deal == 4


def test_kurochka_helps_the_neighbour_tenfold():
    sheet = score_protocol(protocol("classic", [passed("A", "8S")], ["kurochka"],
                                    start={"count": {"A": 1, "B": 5, "C": 2}})).to_dict()
    # 6 points: 1 off A's own count, 5 off B's (the next clockwise), A writes 10 whists a point on B.
    assert sheet["deals"][0]["delta"] == {"count": {"A": -1, "B": -5}, "whists": {"A": {"B": 50}}}


def test_kurochka_starting_count_is_the_pool_target():
    sheet = score_protocol(protocol("sochi", [], ["kurochka"], {"pool_target": 6}))
    assert sheet.state.count == {"A": 6, "B": 6, "C": 6}


def test_kotel_pot_split_into_parts_and_stages():
    deals = [{"dealer": "C", "type": "game", "declarer": "B", "contract": "6S", "calls": {"C": "whist", "A": "pass"},
              "tricks": {"A": 2, "B": 4, "C": 4}},
             passed("A", "10NT", "A"), passed("B", "6H", "A"), passed("C", "6H", "A")]
    sheet = score_protocol(protocol("sochi", deals, ["kotel"], {"pool_target": 2})).to_dict()
    assert sheet["deals"][0]["delta"] == {"count": {}, "pot": {"B": 4}, "whists": {"A": {"B": 4}, "C": {"B": 16}}}
    assert sheet["deals"][3]["delta"]["transfer"] == {"stage": 2, "split": {"A": [0, 0], "B": [2, 2], "C": [0, 0]},
                                                      "part": {"A": 0, "B": 2, "C": 0}}
    assert sheet["countdown"] == {"stage": 2, "queued_parts": [{"A": 0, "B": 2, "C": 0}]}
    assert sheet["finished"] is False
    assert sheet["settlement"]["final_mountain"] == {"A": -8, "B": 4, "C": 0}  # count + pot + queued parts
    # B plays off the first part; the second is added (stage 3); then the pot is played out.
    more = deals + [passed("B", "6S", "A"), passed("B", "6S", "A")]
    sheet = score_protocol(protocol("sochi", more, ["kotel"], {"pool_target": 2})).to_dict()
    assert sheet["deals"][4]["delta"]["transfer"] == {"stage": 3, "part": {"A": 0, "B": 2, "C": 0}}
    assert "transfer" not in sheet["deals"][5]["delta"] and sheet["finished"] is True


def test_kotel_odd_pot_larger_part_first():
    deal = {"dealer": "C", "type": "misere", "declarer": "B", "tricks": {"A": 4, "B": 3, "C": 3}}
    deals = [deal, passed("A", "6H", "A"), passed("B", "6H", "A"), passed("C", "6H", "A")]
    sheet = score_protocol(protocol("classic", deals, ["kotel"], {"pool_target": 2})).to_dict()
    assert sheet["deals"][3]["delta"]["transfer"]["split"]["B"] == [15, 15]
    sheet = score_protocol(protocol("classic", deals, ["kotel"], {"pool_target": 2, "pot_parts": 4})).to_dict()
    assert sheet["deals"][3]["delta"]["transfer"]["split"]["B"] == [8, 8, 7, 7]


def test_big_small_misere_values_are_absolute():
    deals = [{"dealer": "C", "type": "misere", "declarer": "A", "contract": "misere_small",
              "tricks": {"A": 0, "B": 5, "C": 5}},
             {"dealer": "A", "type": "misere", "declarer": "B", "contract": "misere_big",
              "tricks": {"A": 5, "B": 2, "C": 3}},
             {"dealer": "B", "type": "misere", "declarer": "C", "contract": "misere_small",
              "tricks": {"A": 5, "B": 2, "C": 3}}]
    for overlays in (["misere_big_small"], ["misere_big_small", "decimal"]):
        sheet = score_protocol(protocol("sochi", deals, overlays, {"pool_target": 100})).to_dict()
        assert [d["label"] for d in sheet["deals"]] == ["misere_small: made", "misere_big: 2 trick(s)",
                                                        "misere_small: 3 trick(s)"]
        assert [d["delta"]["pool"] | d["delta"]["mountain"] for d in sheet["deals"]] == [
            {"A": 5}, {"B": 20}, {"C": 15}]


def test_leningrad_doubles_a_failed_big_misere():
    deal = {"dealer": "A", "type": "misere", "declarer": "B", "contract": "misere_big",
            "tricks": {"A": 5, "B": 1, "C": 4}}
    sheet = score_protocol(protocol("leningrad", [deal], ["misere_big_small"])).to_dict()
    assert sheet["deals"][0]["delta"]["mountain"] == {"B": 20}


def test_uverts():
    deals = [{"dealer": "C", "type": "uvert", "declarer": "A", "contract": "uvert_big",
              "tricks": {"A": 0, "B": 5, "C": 5}},
             {"dealer": "A", "type": "uvert", "declarer": "B", "contract": "uvert_small",
              "tricks": {"A": 5, "B": 1, "C": 4}},
             {"dealer": "B", "type": "uvert", "declarer": "C", "contract": "uvert_small", "dark": True,
              "tricks": {"A": 5, "B": 5, "C": 0}}]
    sheet = score_protocol(protocol("classic", deals, ["uvert"], {"pool_target": 100}, players="ABC")).to_dict()
    assert [d["label"] for d in sheet["deals"]] == ["uvert_big: made", "uvert_small: 1 trick(s)", "uvert_small: made"]
    assert [d["delta"]["pool"] | d["delta"]["mountain"] for d in sheet["deals"]] == [{"A": 20}, {"B": 15}, {"C": 30}]


@pytest.mark.parametrize("overlays, deal, field", [
    ([], {"type": "uvert", "contract": "uvert_big"}, "type"),
    (["uvert"], {"type": "uvert", "contract": "misere"}, "contract"),
    (["misere_big_small"], {"type": "misere"}, "contract"),
    (["misere_big_small"], {"type": "misere", "contract": "misere"}, "contract"),
    ([], {"type": "misere", "contract": "misere_big"}, "contract"),
])
def test_no_trick_contracts_need_their_overlay(overlays, deal, field):
    deal = {"dealer": "C", "declarer": "A", "tricks": {"A": 0, "B": 5, "C": 5}, **deal}
    with pytest.raises(InvalidRecord) as caught:
        score_protocol(protocol("sochi", [deal], overlays))
    assert caught.value.field == field and caught.value.deal == 1


def test_uvert_ends_an_all_pass_series_like_a_misere():
    deals = [{"dealer": "A", "type": "all_pass", "tricks": {"A": 2, "B": 4, "C": 4}},
             {"dealer": "B", "type": "uvert", "declarer": "C", "contract": "uvert_small",
              "tricks": {"A": 5, "B": 5, "C": 0}},
             {"dealer": "C", "type": "all_pass", "tricks": {"A": 2, "B": 4, "C": 4}}]
    sheet = score_protocol(protocol("leningrad", deals, ["uvert"])).to_dict()
    assert sheet["deals"][2]["label"] == "all-pass x1"


def test_sheet_echoes_every_overlay_setting_only_with_overlays():
    with_overlay = score_protocol(protocol("sochi", [], ["uvert"])).to_dict()["settings"]
    assert set(OVERLAY_SETTING_NAMES) <= set(with_overlay) and with_overlay["uvert"] is True
    without = score_protocol(protocol("sochi", [])).to_dict()["settings"]
    assert not set(OVERLAY_SETTING_NAMES) & set(without)


@pytest.mark.parametrize("start, field", [({"count": {"A": 3}}, "start"), ({"pot": {"A": 3}}, "start")])
def test_count_and_pot_start_need_countdown(start, field):
    with pytest.raises(InvalidRecord) as caught:
        score_protocol(protocol("sochi", [], start=start))
    assert caught.value.field == field
    with pytest.raises(InvalidRecord):
        score_protocol(protocol("sochi", [], ["simple"], start={"pot": {"A": 3}}))


def test_an_empty_overlay_list_scores_exactly_as_none():
    deals = [passed("A", "8S"), {"dealer": "A", "type": "all_pass", "tricks": {"A": 0, "B": 4, "C": 6}}]
    assert score_protocol(protocol("sochi", deals) | {"overlays": []}).to_dict() == \
        score_protocol(protocol("sochi", deals)).to_dict()


def test_next_clockwise_help_in_the_standard_pool():
    start = {"pool": {"A": 9, "B": 2, "C": 8}}
    largest = score_protocol(protocol("sochi", [passed("A", "8S")], settings={"pool_target": 10}, start=start))
    clockwise = score_protocol(protocol("sochi", [passed("A", "8S")], settings={"pool_target": 10,
                                                                                  "help_recipient": "next_clockwise"},
                                        start=start))
    # 6 points: 1 closes A's pool; then the largest open pool (C: 2 points) or the next clockwise (B: 5).
    assert largest.to_dict()["deals"][0]["delta"]["whists"] == {"A": {"C": 20, "B": 30}}
    assert clockwise.to_dict()["deals"][0]["delta"]["whists"] == {"A": {"B": 50}}
    assert clockwise.to_dict()["settings"]["help_recipient"] == "next_clockwise"


@pytest.mark.parametrize("variant", ["sochi", "rostov"])
def test_a_null_setting_the_variant_uses_is_refused(variant):
    # Found by the readers' fuzz test: a protocol's "pool_target": null reached the sheet as None.
    with pytest.raises(SettingsError, match="needs a value") as caught:
        make_settings(variant, {"pool_target": None})
    assert caught.value.field == "pool_target"
