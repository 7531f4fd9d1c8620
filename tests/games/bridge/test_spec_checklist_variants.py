"""Spec checklist for rules/variants-bridge.md: the items no other test pinned, each worked by hand from the spec.

Already pinned elsewhere (tests/games/bridge/test_variants.py, tests/scoring/bridge/test_rubber_session.py,
tests/cli/test_bridge_variants_cli.py): the seatings of §2.1, §3.1, the tour and §5 tables with their properties,
the W3 auctions and the illegal-call reasons of §3.2, the views of §2.3 and §3.3, the credit table of §1.3, the
worked examples W2, W3 and W5 of §8, the unit rounding, the unfinished rubber and most validation errors of §7.1.
"""
import json
import os

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.errors import IllegalCall, TrickcoreError
from trickcore.games.bridge.auction import PASS, Bid, ThreePlayerAuction
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.variants import THREE_PLAYER, TWO_PLAYER
from trickcore.games.bridge.vocab import Seat, Strain, Vulnerability
from trickcore.scoring.bridge.rubber.rubber_session import read_session
from trickcore.scoring.bridge.systems import RUBBER

FORMAT = "trickcore.bridge.rubber_session/1"
DATA = os.path.join(os.path.dirname(__file__), "..", "..", "data", "bridge_sessions")
# Two grand slams by S from dealer N: N-S win the rubber 2-0 on the first two deals.
TWO_SLAMS = [{"dealer": "N", "contract": "7NT", "declarer": "S", "tricks": 13},
             {"dealer": "E", "contract": "7NT", "declarer": "S", "tricks": 13}]


def session(players, rubbers, **settings):
    return {"format": FORMAT, "players": players, "settings": settings, "rubbers": rubbers}


def sheet(data, *overrides):
    return RUBBER.score(read_session(data, "session.json"), None, overrides).to_dict()


def error(data):
    with pytest.raises(TrickcoreError) as caught:
        sheet(data)
    return caught.value


def _auction(dealer, pairs):
    auction = ThreePlayerAuction(dealer)
    for seat, call in pairs:
        auction.make_call(call, Seat[seat])
    return auction


# ---- §1.2 dealing across rubbers -----------------------------------------------------------------------------------

def test_s1_2_every_rubber_starts_with_first_dealer():
    """§1.2 (B1): each rubber starts with ``first_dealer``, then clockwise, a passed-out deal included.
    first_dealer = W: rubber 1 W (pass), N, E (the slams end it); rubber 2 again from W."""
    first = [{"dealer": "W", "contract": "Pass"},
             {"dealer": "N", "contract": "7NT", "declarer": "S", "tricks": 13},
             {"dealer": "E", "contract": "7NT", "declarer": "S", "tricks": 13}]
    second = [{"dealer": "W", "contract": "7NT", "declarer": "S", "tricks": 13}]
    out = sheet(session(["A", "B"], [{"deals": first}, {"deals": second}], first_dealer="W"))
    assert [[d["dealer"] for d in r["deals"]] for r in out["rubbers"]] == [["W", "N", "E"], ["W"]]
    assert out["rubbers"][0]["deals"][0] == {"index": 1, "dealer": "W", "contract": "Pass", "vulnerable": [],
                                             "below": {}, "above": {}}
    wrong = error(session(["A", "B"], [{"deals": first}, {"deals": [dict(second[0], dealer="N")]}],
                          first_dealer="W"))
    assert wrong.field == "dealer" and wrong.source == "session.json rubber 2 deal 1"


# ---- §1.3 credit in units for three players ------------------------------------------------------------------------

def test_s1_3_three_players_in_units():
    """§1.3 with settle_unit = 100: W3's M_NS = 820 → u = round(8.2) = 8; lone A +2u = +16, B and C −8 each."""
    with open(os.path.join(DATA, "w3.json")) as f:
        data = json.load(f)
    data["settings"]["settle_unit"] = 100
    out = sheet(data)
    rubber = out["rubbers"][0]
    assert rubber["margin"] == {"NS": 820, "EW": -820} and rubber["units"] == 8
    assert rubber["credit"] == out["cumulative"] == {"A": 16, "B": -8, "C": -8}


# ---- §2.5 two players: the declarer seat may be a dummy seat -------------------------------------------------------

def test_s2_5_two_players_declarer_at_a_dummy_seat_and_the_opening_lead():
    """§2.5: the declarer seat follows bridge.md §3.4 and may be a dummy seat; the opening lead comes from the seat
    to its left, by that seat's controller. Dealer N: N 1C (A for his dummy), E, S, W pass → 1C by N; the lead is
    from E, B's dummy, made by B (player 1). After it, N and E are faced (B4): A sees S N E, B sees W E N."""
    deal = BRIDGE.deal(3, 0, 0)
    state = BRIDGE.new_state(deal, BridgeSetup(dealer=Seat.N, variant=TWO_PLAYER, vulnerability=Vulnerability.NONE,
                                               seating=(None, None, 0, 1)))
    for call in (Bid(1, Strain.C), PASS, PASS, PASS):
        state.apply(call)
    assert state.declarer == Seat.N and state.current_seat == 1
    assert state.view(1).seat == Seat.E
    state.apply(state.legal_actions()[0])
    assert set(state.view(0).visible) == {Seat.S, Seat.N, Seat.E}
    assert set(state.view(1).visible) == {Seat.W, Seat.E, Seat.N}
    # The declarer's partner S is bridge's dummy here; A plays it, and it is never faced to B.
    while state.phase == "play":
        if state._play.turn in (Seat.N, Seat.S):
            assert state.current_seat == 0
        assert Seat.S not in state.view(1).visible
        state.apply(state.legal_actions()[0])


# ---- §3.2 the three-player auction ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer, pairs, outcome", [
    # P ends when a bid has been made and the partner to speak next passes (the bid came second).
    (Seat.S, [("W", "Pass"), ("E", "1H"), ("W", "Pass"), ("S", "Pass")], "1H by E"),
    # P goes on while the partners bid; the contract's strain was first named by E.
    (Seat.E, [("E", "1S"), ("W", "2S"), ("E", "Pass"), ("S", "Pass")], "2S by E"),
    # L doubles the partnership's final bid; W and E pass: the partnership's bid doubled.
    (Seat.E, [("E", "1S"), ("W", "Pass"), ("S", "X"), ("W", "Pass"), ("E", "Pass")], "1SX by E"),
    # L bids; W passes, E doubles (the first double ends D); L passes in phase R.
    (Seat.E, [("E", "1S"), ("W", "Pass"), ("S", "2H"), ("W", "Pass"), ("E", "X"), ("S", "Pass")], "2HX by S"),
    # ... or redoubles.
    (Seat.E, [("E", "1S"), ("W", "Pass"), ("S", "2H"), ("W", "Pass"), ("E", "X"), ("S", "XX")], "2HXX by S"),
    # L bids and both partners pass: undoubled.
    (Seat.N, [("E", "1C"), ("W", "Pass"), ("S", "1D"), ("W", "Pass"), ("E", "Pass")], "1D by S"),
])
def test_s3_2_phase_procedure(dealer, pairs, outcome):
    auction = _auction(dealer, pairs)
    assert auction.is_complete and str(auction.outcome) == outcome


@pytest.mark.parametrize("pairs, call, seat, reason", [
    ([("E", "1S"), ("W", "Pass")], "Pass", "W", "not your phase"),             # phase L is L's alone
    ([("E", "1S"), ("W", "Pass")], "Pass", "N", "not your phase"),             # the dummy never calls
    ([("E", "1S")], "1NT", "S", "not your phase"),                             # L takes no part in phase P
    ([("E", "1S"), ("W", "Pass"), ("S", "2H")], "Pass", "E", "not your phase"),   # W first in phase D
    ([("E", "1S"), ("W", "Pass"), ("S", "2H"), ("W", "X")], "3S", "S", "only double or redouble"),
    ([("E", "1S"), ("W", "Pass"), ("S", "X")], "2S", "W", "only double or redouble"),
])
def test_s3_2_illegal_calls(pairs, call, seat, reason):
    auction = _auction(Seat.E, pairs)
    with pytest.raises(IllegalCall, match=reason):
        auction.make_call(call, Seat[seat])


# ---- §3.3 the opening lead at three players ------------------------------------------------------------------------

@pytest.mark.parametrize("calls, declarer, leader, player", [
    ((Bid(1, Strain.S), PASS, PASS), Seat.E, Seat.S, 0),              # partner E declares: L leads from S
    ((PASS, PASS, Bid(1, Strain.NT), PASS, PASS), Seat.S, Seat.W, 1),  # L declares: W (B) leads
])
def test_s3_3_opening_lead_from_the_declarers_left_by_its_controller(calls, declarer, leader, player):
    """§3.3: the opening lead is from the seat to the declarer's left, by its controller. Seating of rubber 1 with
    A, B, C: A at S + dummy N, B at W, C at E. Dealer E: the partners' auction starts with E."""
    deal = BRIDGE.deal(5, 0, 1)
    state = BRIDGE.new_state(deal, BridgeSetup(dealer=Seat.E, variant=THREE_PLAYER, vulnerability=Vulnerability.NONE,
                                               seating=(None, 2, 0, 1)))
    for call in calls:
        state.apply(call)
    assert state.declarer == declarer and state._play.turn == leader and state.current_seat == player
    state.apply(state.legal_actions()[0])
    faced = {Seat.N, declarer.partner}
    for other in range(3):
        own = {s for s in Seat if state.controllers[s] == other}
        assert set(state.view(other).visible) == own | faced


# ---- §5 six players: a session is finished only at the end of the cycle --------------------------------------------

def test_s5_3_six_players_finished_after_fifteen_rubbers():
    """§5.3: finished only after a complete cycle (15 rubbers); over it every player plays 10 and sits out 5
    (§5.2), and those sitting out get 0 credit (§1.3). Every rubber here: 7NT by S twice, 220 + 220 below,
    grand slam 1000 (not vulnerable) + 1500 (vulnerable), rubber 700 (2-0): M_NS = 3640; each rubber's credits
    are ±3640 for the four seated players, 0 for the two out, Σ 0."""
    players = list("ABCDEF")
    assert sheet(session(players, [{"deals": TWO_SLAMS}] * 14))["finished"] is False
    out = sheet(session(players, [{"deals": TWO_SLAMS}] * 15))
    assert out["finished"] is True
    assert out["rubbers_played"] == dict.fromkeys(players, 10)
    assert out["rubbers_sat_out"] == dict.fromkeys(players, 5)
    for rubber in out["rubbers"]:
        assert all(rubber["credit"][p] == 0 for p in rubber["sitting_out"]) and sum(rubber["credit"].values()) == 0
        assert len(rubber["sitting_out"]) == 2 and rubber["margin"]["NS"] == 3640
    assert sum(out["cumulative"].values()) == 0


def test_s5_3_five_players_the_sixth_rubber_is_the_first_again():
    """§5.1: rubber 6 = rubber 1 (A sits out; B N, E S, C E, D W); the session is not finished at 6."""
    players = list("ABCDE")
    out = sheet(session(players, [{"deals": TWO_SLAMS}] * 6))
    assert out["rubbers"][5]["seats"] == out["rubbers"][0]["seats"] == {"N": "B", "E": "C", "S": "E", "W": "D"}
    assert out["rubbers"][5]["sitting_out"] == ["A"] and out["finished"] is False


# ---- §6 settings ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, rotation", [(list("AB"), None), (list("ABC"), None), (list("ABCD"), "fixed"),
                                               (list("ABCDE"), "cycle"), (list("ABCDEF"), "cycle")])
def test_s6_rotation_defaults(players, rotation):
    """§6: rotation defaults to cycle (5, 6), fixed (4), none (2, 3); table from the number of players."""
    out = sheet(session(players, [{"deals": TWO_SLAMS}]))
    assert out["settings"]["rotation"] == rotation
    assert out["table"] == {2: "two_player", 3: "three_player", 4: "four_player", 5: "five_player",
                            6: "six_player"}[len(players)]


@pytest.mark.parametrize("players, settings, field", [
    (list("ABCDE"), {"rotation": "tour"}, "rotation"),      # the tour is for four players
    (list("ABCDEF"), {"rotation": "fixed"}, "rotation"),
    (list("ABCD"), {"rotation": "cycle"}, "rotation"),
    (list("AB"), {"settle_unit": 50}, "settle_unit"),       # none or 100
    (list("AB"), {"seating": "round"}, "seating"),          # unknown keys are an error (§7.1)
])
def test_s6_bad_settings(players, settings, field):
    assert error(session(players, [{"deals": TWO_SLAMS}], **settings)).field == field


def test_s6_free_rotation_places_players_but_keeps_the_tables_dummy_seats():
    """§6 `free` with §2.1 and §3.1: the players may sit anywhere, the dummy seats stay N (three players) and
    N + E (two players), where the phase auction and the "never the dummy N" rule of §7.1 expect them.
    Three players, C lone at S + N, A at W, B at E; both slams by S: M = 220 + 220 + 1000 + 1500 + 700 = 3640;
    lone C +2M = +7280, A and B −M = −3640 each."""
    ok = sheet(session(list("ABC"), [{"seats": {"N": "dummy", "E": "B", "S": "C", "W": "A"}, "deals": TWO_SLAMS}],
                       rotation="free"))
    assert ok["rubbers"][0]["margin"]["NS"] == 3640
    assert ok["rubbers"][0]["controllers"] == {"N": "C", "E": "B", "S": "C", "W": "A"}
    assert ok["cumulative"] == {"A": -3640, "B": -3640, "C": 7280}
    for players, seats in ((list("ABC"), {"N": "A", "E": "dummy", "S": "B", "W": "C"}),
                           (list("AB"), {"N": "A", "E": "B", "S": "dummy", "W": "dummy"}),
                           (list("AB"), {"N": "dummy", "E": "A", "S": "B", "W": "dummy"}),
                           (list("ABCD"), {"N": "A", "E": "B", "S": "C", "W": "dummy"})):
        bad = error(session(players, [{"seats": seats, "deals": TWO_SLAMS}], rotation="free"))
        assert bad.field == "seats" and bad.source == "session.json rubber 1 deal 1"


# ---- §7 the protocol and the sheet ---------------------------------------------------------------------------------

def test_s7_1_a_three_player_auction_must_give_the_double_state():
    """§7.1: the auction MUST give the stated contract, declarer and double state. W3's first auction ends in
    2♠X by S; the deal stating 2S (undoubled) is refused, naming rubber 1 deal 1 and the field auction."""
    with open(os.path.join(DATA, "w3.json")) as f:
        data = json.load(f)
    data["rubbers"][0]["deals"][0]["contract"] = "2S"
    bad = error(data)
    assert bad.field == "auction" and bad.source == "session.json rubber 1 deal 1"


def test_s7_2_the_w3_sheet_through_the_command_line(tmp_path):
    """§7 and §7.2: `tricks bridge rubber FILE --format json -o FILE` writes the sheet of §7.2 for W3 (the spec's
    rubber object, field for field) and exits 0; the finished flag is false (one rubber of three)."""
    out = tmp_path / "sheet.json"
    result = CliRunner().invoke(tricks, ["bridge", "rubber", os.path.join(DATA, "w3.json"), "--format", "json",
                                         "-o", str(out)])
    assert result.exit_code == 0 and result.output == ""
    data = json.loads(out.read_text())
    assert data["format"] == "trickcore.bridge.rubber_session_sheet/1" and data["table"] == "three_player"
    assert data["players"] == ["A", "B", "C"] and data["finished"] is False
    assert data["rubbers"] == [
        {"index": 1,
         "seats": {"N": "dummy", "E": "C", "S": "A", "W": "B"},
         "controllers": {"N": "A", "E": "C", "S": "A", "W": "B"},
         "sitting_out": [],
         "deals": [
             {"index": 1, "dealer": "S", "contract": "2SX", "declarer": "S", "tricks": 8, "vulnerable": [],
              "below": {"NS": 120}, "above": {"NS": 50}, "game_won_by": "NS"},
             {"index": 2, "dealer": "W", "contract": "3NT", "declarer": "W", "tricks": 9, "vulnerable": ["NS"],
              "below": {"EW": 100}, "above": {}, "game_won_by": "EW"},
             {"index": 3, "dealer": "N", "contract": "4S", "declarer": "S", "tricks": 11, "vulnerable": ["NS", "EW"],
              "below": {"NS": 120}, "above": {"NS": 630}, "game_won_by": "NS", "rubber_bonus": {"NS": 500}}],
         "games": {"NS": 2, "EW": 1}, "finished": True,
         "totals": {"NS": {"below": 240, "above": 680, "total": 920}, "EW": {"below": 100, "above": 0, "total": 100}},
         "margin": {"NS": 820, "EW": -820}, "units": None,
         "credit": {"A": 1640, "B": -820, "C": -820}}]
    assert data["cumulative"] == {"A": 1640, "B": -820, "C": -820}
    assert data["rubbers_played"] == {"A": 1, "B": 1, "C": 1}
    assert data["rubbers_sat_out"] == {"A": 0, "B": 0, "C": 0}
    for key in ("first_dealer", "honours", "settle_unit", "clean_rubber_bonus", "redouble_insult",
                "undertrick_scale", "game_bonus_style", "unfinished_award", "unfinished_partscore_bonus"):
        assert key in data["settings"]
    assert data["settings"]["first_dealer"] == "S" and data["settings"]["settle_unit"] is None


def test_s7_invalid_input_writes_nothing_and_one_line(tmp_path):
    """§7: invalid input → nothing on standard output, one line naming the rubber and deal and the field on
    standard error, exit status 2. A three-player declarer at N (§7.1) in rubber 1 deal 2."""
    with open(os.path.join(DATA, "w3.json")) as f:
        data = json.load(f)
    data["rubbers"][0]["deals"][1]["declarer"] = "N"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(tricks, ["bridge", "rubber", str(path), "--format", "json"])
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr.count("\n") == 1
    assert "rubber 1 deal 2" in result.stderr and "declarer" in result.stderr
