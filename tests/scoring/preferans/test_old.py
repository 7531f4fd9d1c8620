"""The old game's remise ledger (variants-preferans §3.5-§3.10): the §3.10 protocol through the journal and the
settlement, every row of the §3.5 outcome table, penalties, the equal reduction of r.34, the end, the auction
check of §3.2 and the settings of §3.9."""
import pytest

from trickcore.errors import InvalidRecord, SettingsError
from trickcore.scoring.preferans.old import check_auction, make_old_settings, score_old_protocol

FORMAT = "trickcore.preferans.protocol/1"
PLAYERS = ("P1", "P2", "P3")


def old(deals, settings=None, start=None):
    """A protocol of the old game."""
    protocol = {"format": FORMAT, "variant": "old", "players": list(PLAYERS), "deals": list(deals)}
    if settings:
        protocol["settings"] = settings
    if start:
        protocol["start"] = start
    return protocol


def calls(*pairs):
    """An auction from (player, call) pairs."""
    return [{"player": p, "call": c} for p, c in pairs]


def game(declarer, contract, tricks=None, whists=("P2", "P3"), with_talon=False, dealer="P3", **extra):
    """A game deal; ``whists`` are the defenders who whisted."""
    defenders = [p for p in PLAYERS if p != declarer]
    deal = {"dealer": dealer, "type": "game", "declarer": declarer, "contract": contract, "with_talon": with_talon,
            "calls": {d: "whist" if d in whists else "pass" for d in defenders}, **extra}
    if tricks is not None:
        deal["tricks"] = dict(zip(PLAYERS, tricks))
    return deal


SECTION_3_10 = old([
    game("P1", "6D", (6, 1, 3), auction=calls(("P1", "D"), ("P2", "pass"), ("P3", "pass"))),
    {"dealer": "P1", "type": "redeal",
     "auction": calls(("P2", "pass"), ("P3", "pass"), ("P1", "pass"), ("P2", "decline"), ("P3", "decline"),
                      ("P1", "decline"))},
    {"type": "reduce", "amount": 10},
], settings={"stake": 21}, start={"count": {"P1": 21, "P2": 21, "P3": 21}})


def test_the_protocol_of_section_3_10():
    sheet = score_old_protocol(SECTION_3_10).to_dict()
    assert [d["label"] for d in sheet["deals"]] == ["6D without talon: made", "redeal", "reduce 10"]
    assert [d["delta"]["count"] for d in sheet["deals"]] == [{"P1": -3, "P2": 3}, {},
                                                             {"P1": -10, "P2": -10, "P3": -10}]
    assert sheet["totals"] == {"P1": {"count": 8}, "P2": {"count": 14}, "P3": {"count": 11}}
    assert sheet["journal"][:2] == [{"deal": 1, "player": "P1", "amount": -3, "kind": "write_off"},
                                    {"deal": 1, "player": "P2", "amount": 3, "kind": "remise"}]
    assert [row["kind"] for row in sheet["journal"][2:]] == ["reduction"] * 3
    assert sheet["settlement"] == {"method": "remise_average", "final_count": {"P1": 8, "P2": 14, "P3": 11},
                                   "average_count": 11, "result": {"P1": 3, "P2": -3, "P3": 0},
                                   "display": {"P1": 3, "P2": -3, "P3": 0}, "money": {"P1": 3, "P2": -3, "P3": 0}}
    assert sheet["finished"] is False and sheet["settings"]["suit_values"] == {"S": 1, "C": 2, "D": 3, "H": 4}


def test_equal_reduction_of_rule_34_changes_no_result():
    start = {"count": {"P1": 23, "P2": 36, "P3": 40}}
    before = score_old_protocol(old([], start=start))
    after = score_old_protocol(old([{"type": "reduce", "amount": 10}], start=start))
    assert after.count == {"P1": 13, "P2": 26, "P3": 30}
    assert after.settle().result == before.settle().result


@pytest.mark.parametrize("deal, settings, delta", [
    (game("P1", "6H", (7, 2, 1)), None, {"P1": -4, "P3": 4}),  # made: P3 short by 1 trick
    (game("P1", "6H", (6, 0, 4)), None, {"P1": -4, "P2": 8}),  # codilles: 2 missing tricks
    (game("P1", "6H", (6, 0, 4)), {"codilles": False}, {"P1": -4, "P2": 4}),  # flat
    (game("P1", "6H", (6, 0, 4), whists=("P3",)), None, {"P1": -4}),  # a passer has no quota (D29)
    (game("P1", "6C", (4, 6, 0)), None, {"P1": 4}),  # down 2 at ♣2; whisters nothing (D35)
    (game("P1", "6C", (4, 6, 0)), {"codilles": False}, {"P1": 2}),
    (game("P1", "6S", whists=()), None, {"P1": -1}),  # both passed: made without play (D30)
    (game("P1", "6D", whists=()), {"no_talon_factor": 2}, {"P1": -6}),  # without the talon × 2
    (game("P1", "6D", whists=(), with_talon=True), {"no_talon_factor": 2}, {"P1": -3}),
    (game("P2", "6S", (1, 9, 0), whists=("P1", "P3")), {"suit_values": {"S": 5, "C": 6, "D": 7, "H": 8}},
     {"P2": -5, "P1": 5, "P3": 10}),
])
def test_outcomes_of_section_3_5(deal, settings, delta):
    sheet = score_old_protocol(old([deal], settings)).to_dict()
    assert sheet["deals"][0]["delta"]["count"] == delta


def test_penalties_are_in_the_suit_of_the_game_and_spades_without_one():
    deals = [game("P1", "6D", (6, 2, 2), penalties=[{"kind": "remise", "player": "P2", "count": 2}]),
             {"dealer": "P1", "type": "redeal", "penalties": [{"kind": "remise", "player": "P3"}]},
             {"dealer": "P2", "type": "void", "penalties": [{"kind": "remise", "player": "P1"}]}]
    sheet = score_old_protocol(old(deals)).to_dict()
    assert [d["delta"]["count"] for d in sheet["deals"]] == [{"P1": -3, "P2": 6}, {"P3": 1}, {"P1": 1}]
    assert [row["kind"] for row in sheet["journal"]] == ["write_off", "penalty", "penalty", "penalty"]


def test_the_game_ends_when_the_pot_is_played_out():
    deals = [game("P1", "6H", whists=()), game("P2", "6H", whists=()), game("P3", "6H", whists=())]
    ledger = score_old_protocol(old(deals, start={"count": {"P1": 4, "P2": 4, "P3": 4}}))
    assert ledger.finished is True and ledger.count == {"P1": 0, "P2": 0, "P3": 0}
    with pytest.raises(InvalidRecord) as caught:
        score_old_protocol(old(deals + [{"type": "reduce", "amount": 1}], start={"count": {"P1": 4, "P2": 4,
                                                                                           "P3": 4}}))
    assert caught.value.deal == 4 and caught.value.field == "deals"


def test_a_count_may_go_below_zero_and_results_sum_to_zero():
    ledger = score_old_protocol(old([game("P1", "6H", (6, 2, 2))], settings={"stake": 2}))
    assert ledger.count["P1"] == -2
    settlement = ledger.settle()
    assert sum(settlement.result.values()) == 0 and sum(settlement.display.values()) == 0


@pytest.mark.parametrize("auction, outcome", [
    (calls(("P1", "S"), ("P2", "C"), ("P3", "pass")), ("game", "P2", "C", False)),
    (calls(("P1", "H")), ("game", "P1", "H", False)),  # "preferans" ends the auction at once
    (calls(("P1", "pass"), ("P2", "D"), ("P3", "H")), ("game", "P3", "H", False)),
    (calls(("P1", "pass"), ("P2", "pass"), ("P3", "pass"), ("P1", "decline"), ("P2", "take")),
     ("game", "P2", None, True)),
    (calls(("P1", "pass"), ("P2", "pass"), ("P3", "pass"), ("P1", "decline"), ("P2", "decline"),
           ("P3", "decline")), ("redeal",)),
])
def test_auctions_of_section_3_2(auction, outcome):
    assert check_auction(auction, PLAYERS, "P3", 1) == outcome


@pytest.mark.parametrize("auction", [
    calls(("P2", "S")),  # out of turn: P1 is the forehand
    calls(("P1", "C"), ("P2", "S"), ("P3", "pass")),  # not higher
    calls(("P1", "C"), ("P2", "C"), ("P3", "pass")),  # not strictly higher
    calls(("P1", "H"), ("P2", "pass")),  # nobody speaks after "preferans"
    calls(("P1", "S"), ("P2", "pass")),  # the circuit is not finished
    calls(("P1", "pass"), ("P2", "pass"), ("P3", "pass"), ("P1", "take"), ("P2", "decline")),
    calls(("P1", "NT"), ("P2", "pass"), ("P3", "pass")),
    [{"player": "P1"}],
])
def test_illegal_auctions(auction):
    with pytest.raises(InvalidRecord) as caught:
        check_auction(auction, PLAYERS, "P3", 4)
    assert caught.value.field == "auction" and caught.value.deal == 4


@pytest.mark.parametrize("deal, field", [
    (game("P1", "6D", (6, 2, 2), auction=calls(("P1", "C"), ("P2", "pass"), ("P3", "pass"))), "auction"),
    (game("P1", "6D", (6, 2, 2), with_talon=True,
          auction=calls(("P1", "D"), ("P2", "pass"), ("P3", "pass"))), "auction"),
    (game("P2", "6D", (6, 2, 2), auction=calls(("P1", "D"), ("P2", "pass"), ("P3", "pass"))), "auction"),
    ({"dealer": "P3", "type": "redeal", "auction": calls(("P1", "D"), ("P2", "pass"), ("P3", "pass"))}, "auction"),
    (game("P1", "7D", (7, 2, 1)), "contract"),
    (game("P1", "6NT", (7, 2, 1)), "contract"),
    ({**game("P1", "6D", (7, 2, 1)), "with_talon": "no"}, "with_talon"),
    (game("P1", "6D", (7, 2, 2)), "tricks"),
    (game("P1", "6D", (7, 2, 1), whists=()), "tricks"),
    (game("P1", "6D"), "tricks"),
    ({**game("P1", "6D", (7, 2, 1)), "calls": {"P1": "whist"}}, "calls"),
    ({"type": "reduce", "amount": 0}, "amount"),
    ({"type": "reduce", "amount": 3, "dealer": "P1"}, "dealer"),
    ({"dealer": "P1", "type": "all_pass"}, "type"),
    ({"dealer": "P1", "type": "void", "penalties": [{"kind": "mountain", "player": "P1", "points": 3}]},
     "penalties"),
    ({"dealer": "P1", "type": "void", "penalties": [{"kind": "remise", "player": "Z"}]}, "penalties"),
    ({"dealer": "P1", "type": "void", "penalties": [{"kind": "remise", "player": "P1", "count": 0}]},
     "penalties"),
])
def test_bad_deals(deal, field):
    with pytest.raises(InvalidRecord) as caught:
        score_old_protocol(old([deal]))
    assert caught.value.field == field and caught.value.deal == 1


@pytest.mark.parametrize("overrides, field", [
    ({"pool_target": 20}, "pool_target"), ({"stake": 0}, "stake"), ({"no_talon_factor": 3}, "no_talon_factor"),
    ({"suit_values": {"S": 1}}, "suit_values"), ({"rounding": "code"}, "rounding"), ({"codilles": "maybe"}, "codilles"),
    ({"remise_price": -1}, "remise_price")])
def test_old_settings_are_its_own(overrides, field):
    with pytest.raises(SettingsError) as caught:
        make_old_settings(overrides)
    assert caught.value.field == field


def test_old_players_are_three():
    with pytest.raises(InvalidRecord) as caught:
        score_old_protocol({**old([]), "players": ["P1", "P2"]})
    assert caught.value.field == "players"


def test_money_and_exact_rounding():
    start = {"count": {"P1": 1, "P2": 0, "P3": 0}}
    ledger = score_old_protocol(old([], settings={"rounding": "exact", "remise_price": "0.5"}, start=start))
    assert ledger.settle().display == {"P1": -2 / 3, "P2": 1 / 3, "P3": 1 / 3}
    ledger = score_old_protocol(old([], settings={"remise_price": "0.5"}, start=start))
    assert ledger.settle().display == {"P1": 0, "P2": 0, "P3": 0}  # nearest, zero-sum in seat order (§9.4)
    ledger = score_old_protocol(old([], settings={"remise_price": "0.5"}, start={"count": {"P1": 3}}))
    assert ledger.count == {"P1": 3, "P2": 21, "P3": 21}  # the stake for the others
    assert ledger.settle().display == {"P1": 12, "P2": -6, "P3": -6}
    assert ledger.settle().money == {"P1": 6, "P2": -3, "P3": -3}
