"""Bridge at tables of 2-6 players (variants-bridge §2-§5): the seatings and rotation tables, the three-player
phase auction of §3.2, the views each player is shown, and sessions played by agents."""
import json

import pytest
from hypothesis import given, settings, strategies as st

from trickcore.errors import IllegalCall
from trickcore.games.base import run_match
from trickcore.games.bridge.agents import RandomAgent
from trickcore.games.bridge.auction import DOUBLE, PASS, REDOUBLE, Bid, ThreePlayerAuction
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.match import RubberSessionMatch
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.variants import (
    DUMMY, FIVE_PLAYER, FOUR_PLAYER, SIX_PLAYER, THREE_PLAYER, TWO_PLAYER, VARIANTS, rotation_counts,
    rotation_table)
from trickcore.games.bridge.vocab import Seat, Strain, Vulnerability
from trickcore.scoring.bridge.systems import RUBBER

FIVE = list("ABCDE")
SIX = list("ABCDEF")

# variants-bridge §5.1: rubber, sits out, N S E W.
FIVE_TABLE = ["A BECD", "B CADE", "C DBEA", "D ECAB", "E ADBC"]
# variants-bridge §5.2: rubber, sit out (two), N S E W.
SIX_TABLE = ["AF BCDE", "BE CFAD", "CD AFBE", "BF CDEA", "AC DFBE", "DE BFCA", "CF DEAB", "BD EFCA",
             "AE CFDB", "DF EABC", "CE AFDB", "AB DFEC", "EF ABCD", "AD BFEC", "BC EFAD"]


def _rows(players, table):
    return [(row["sitting_out"], [row["seats"][s] for s in "NSEW"]) for row in rotation_table(players, table)]


def test_five_player_table_of_section_5_1():
    assert _rows(FIVE, None) == [(list(r[0]), list(r[2:])) for r in FIVE_TABLE]


def test_six_player_table_of_section_5_2():
    assert _rows(SIX, None) == [(list(r[:2]), list(r[3:])) for r in SIX_TABLE]


def test_tour_table_of_section_4():
    assert _rows(list("ABCD"), "tour") == [([], list("ABCD")), ([], list("ACBD")), ([], list("ADBC"))]


def test_two_and_three_player_seating():
    assert TWO_PLAYER.seating(["A", "B"], 1) == {Seat.N: DUMMY, Seat.E: DUMMY, Seat.S: "A", Seat.W: "B"}
    lone = [THREE_PLAYER.seating(["A", "B", "C"], k) for k in (1, 2, 3)]
    assert [(s[Seat.S], s[Seat.W], s[Seat.E], s[Seat.N]) for s in lone] == [
        ("A", "B", "C", DUMMY), ("B", "C", "A", DUMMY), ("C", "A", "B", DUMMY)]


def test_five_player_rotation_is_fair():
    counts = rotation_counts(FIVE, rotation_table(FIVE))
    assert set(counts["sat_out"].values()) == {1} and set(counts["at_north"].values()) == {1}
    assert set(counts["partners"].values()) == {1} and len(counts["partners"]) == 10
    assert set(counts["opponents"].values()) == {2}


def test_six_player_rotation_is_fair():
    rows = rotation_table(SIX)
    counts = rotation_counts(SIX, rows)
    assert set(counts["sat_out"].values()) == {5}
    assert set(counts["partners"].values()) == {2} and len(counts["partners"]) == 15
    assert set(counts["opponents"].values()) == {4}
    assert counts["at_north"] == {"A": 3, "B": 3, "C": 3, "D": 3, "E": 3, "F": 0}
    pairs = [frozenset(r["sitting_out"]) for r in rows]
    assert len(set(pairs)) == 15                                   # every pair sits out once
    for block in range(5):                                         # each player once per block of three
        assert sorted(p for pair in pairs[3 * block:3 * block + 3] for p in pair) == SIX


@pytest.mark.parametrize("players,cycle", [(FIVE, 5), (SIX, 15)])
def test_after_each_rubber_the_sitting_out_players_come_in(players, cycle):
    rows = rotation_table(players)
    for k in range(cycle):
        now, then = set(rows[k]["sitting_out"]), set(rows[(k + 1) % cycle]["sitting_out"])
        assert not now & then                                        # those who sat out now play
        assert len(now) == len(then) == len(players) - 4             # and as many leave


def test_tour_partners_each_player_once():
    counts = rotation_counts(list("ABCD"), rotation_table(list("ABCD"), "tour"))
    assert set(counts["partners"].values()) == {1}


def test_rotation_repeats_after_the_cycle():
    assert FIVE_PLAYER.seating(FIVE, 6) == FIVE_PLAYER.seating(FIVE, 1)
    assert SIX_PLAYER.seating(SIX, 16) == SIX_PLAYER.seating(SIX, 1)
    assert FOUR_PLAYER.seating(list("ABCD"), 7) == FOUR_PLAYER.seating(list("ABCD"), 1)


# ---- the three-player auction (§3.2) -----------------------------------------------------------------------

def _auction(dealer, pairs):
    auction = ThreePlayerAuction(dealer)
    for seat, call in pairs:
        auction.make_call(call, Seat[seat])
    return auction


@pytest.mark.parametrize("dealer,pairs,outcome", [
    # W3 of §8: the three deals of the worked example.
    (Seat.S, [("W", "1H"), ("E", "2H"), ("W", "Pass"), ("S", "2S"), ("W", "Pass"), ("E", "X"), ("S", "Pass")],
     "2SX by S"),
    (Seat.W, [("W", "1NT"), ("E", "3NT"), ("W", "Pass"), ("S", "Pass")], "3NT by W"),
    (Seat.N, [("E", "Pass"), ("W", "Pass"), ("S", "4S"), ("W", "Pass"), ("E", "Pass")], "4S by S"),
    # The lone player doubles the partners' bid; a partner redoubles.
    (Seat.E, [("E", "1S"), ("W", "Pass"), ("S", "X"), ("W", "Pass"), ("E", "XX")], "1SXX by E"),
    # The lone player redoubles a partner's double (phase R).
    (Seat.W, [("W", "Pass"), ("E", "Pass"), ("S", "1C"), ("W", "X"), ("S", "XX")], "1CXX by S"),
    # Nobody bids: passed out.
    (Seat.N, [("E", "Pass"), ("W", "Pass"), ("S", "Pass")], "passed out"),
    # The declarer is the partner who first named the strain.
    (Seat.S, [("W", "1H"), ("E", "4H"), ("W", "Pass"), ("S", "Pass")], "4H by W"),
])
def test_three_player_auctions(dealer, pairs, outcome):
    auction = _auction(dealer, pairs)
    assert auction.is_complete and str(auction.outcome) == outcome
    assert auction.legal_calls() == []
    assert ThreePlayerAuction(dealer, [c for _, c in pairs]).callers == [Seat[s] for s, _ in pairs]


def test_the_partners_auction_starts_with_the_first_partner_from_the_dealer():
    assert [ThreePlayerAuction(d).turn for d in Seat] == [Seat.E, Seat.E, Seat.W, Seat.W]


@pytest.mark.parametrize("dealer,pairs,call,seat,reason", [
    (Seat.W, [("W", "1H")], "X", "E", "double of own side"),             # partners never double in phase P
    (Seat.W, [], "X", "W", "nothing to double"),
    (Seat.W, [("W", "Pass"), ("E", "Pass")], "X", "S", "nothing to double"),   # L doubles only a bid
    (Seat.W, [("W", "1H"), ("E", "Pass")], "1D", "S", "insufficient bid"),
    (Seat.W, [("W", "1H"), ("E", "Pass"), ("S", "2S")], "3S", "W", "only double or redouble"),
    (Seat.W, [("W", "1H"), ("E", "Pass"), ("S", "2S")], "XX", "W", "nothing to redouble"),
    (Seat.W, [("W", "1H"), ("E", "Pass"), ("S", "X")], "X", "W", "already doubled"),
    (Seat.W, [("W", "1H"), ("E", "Pass"), ("S", "2S"), ("W", "X")], "4S", "S", "only double or redouble"),
    (Seat.W, [("W", "1H")], "Pass", "S", "not your phase"),
    (Seat.W, [("W", "1H"), ("E", "Pass"), ("S", "Pass")], "Pass", "E", "auction complete"),
])
def test_three_player_illegal_calls_say_why(dealer, pairs, call, seat, reason):
    auction = _auction(dealer, pairs)
    with pytest.raises(IllegalCall, match=reason):
        auction.make_call(call, Seat[seat])


def test_who_may_double_or_redouble_table():
    p = ThreePlayerAuction(Seat.W, ["1H"])
    assert DOUBLE not in p.legal_calls() and REDOUBLE not in p.legal_calls()          # partner, phase P
    lone = ThreePlayerAuction(Seat.W, ["1H", "Pass"])
    assert DOUBLE in lone.legal_calls() and REDOUBLE not in lone.legal_calls()        # L: the final bid
    after_bid = ThreePlayerAuction(Seat.W, ["1H", "Pass", "2S"])
    assert after_bid.legal_calls() == [PASS, DOUBLE]                                  # partner, phase D
    after_double = ThreePlayerAuction(Seat.W, ["1H", "Pass", "X"])
    assert after_double.legal_calls() == [PASS, REDOUBLE]
    phase_r = ThreePlayerAuction(Seat.W, ["1H", "Pass", "2S", "Pass", "X"])
    assert phase_r.turn == Seat.S and phase_r.legal_calls() == [PASS, REDOUBLE]       # L, phase R
    assert Bid(1, Strain.C) in ThreePlayerAuction(Seat.W, ["Pass", "Pass"]).legal_calls()   # any bid after none


# ---- views and control at the table --------------------------------------------------------------------------

def _state(variant, seating, seed=7, dealer=Seat.N):
    deal = BRIDGE.deal(seed, 0, int(dealer))
    return BRIDGE.new_state(deal, BridgeSetup(dealer=dealer, variant=variant, vulnerability=Vulnerability.NONE,
                                              seating=seating))


def _play_to_opening_lead(state):
    while state.phase == "auction":
        state.apply(PASS if PASS in state.legal_actions() and state.auction.last_bid is not None
                    else next(c for c in state.legal_actions() if c != PASS))
    assert state.phase == "play"


def test_two_player_views_show_own_hands_then_both_dummies():
    state = _state(TWO_PLAYER, (None, None, 0, 1))      # A: S + N, B: W + E
    a, b = state.view(0), state.view(1)
    assert set(a.visible) == {Seat.S, Seat.N} and set(b.visible) == {Seat.W, Seat.E}
    _play_to_opening_lead(state)
    assert set(state.view(0).visible) == {Seat.S, Seat.N}     # no dummy faced before the opening lead
    state.apply(state.legal_actions()[0])
    for player, own in ((0, {Seat.S}), (1, {Seat.W})):
        seen = set(state.view(player).visible)
        assert seen == own | {Seat.N, Seat.E}                  # both dummies, never the other live hand


def test_two_player_calls_alternate_between_the_players():
    state = _state(TWO_PLAYER, (None, None, 0, 1))
    players = []
    for _ in range(4):
        players.append(state.current_seat)
        state.apply(PASS)
    assert players == [0, 1, 0, 1]


def test_three_player_lone_sees_the_dummy_only_from_his_declaration():
    state = _state(THREE_PLAYER, (None, 2, 0, 1), dealer=Seat.W)    # A lone at S, C at E, B at W
    assert set(state.view(0).visible) == {Seat.S}
    state.apply(Bid(1, Strain.H))       # W
    state.apply(PASS)                   # E: phase P over
    assert state.current_seat == 0 and set(state.view(0).visible) == {Seat.S, Seat.N}
    assert set(state.view(1).visible) == {Seat.W} and set(state.view(2).visible) == {Seat.E}
    assert state.view(0).callers == (Seat.W, Seat.E)


def test_three_player_open_dummy_and_the_partners_dummy_after_the_lead():
    state = _state(THREE_PLAYER, (None, 2, 0, 1), dealer=Seat.W)
    for call in (Bid(1, Strain.H), PASS, PASS):      # 1H by W; L passes
        state.apply(call)
    assert state.declarer == Seat.W and state.phase == "play"
    assert state.current_seat == 0                    # L leads from the dummy N (declarer W's left)
    state.apply(state.legal_actions()[0])
    assert set(state.view(2).visible) == {Seat.E, Seat.N}        # E is W's dummy: faced, and N
    assert set(state.view(1).visible) == {Seat.W, Seat.E, Seat.N}
    # Declarer B plays E's cards: whenever E is to play, B acts.
    while state.phase == "play":
        if state._play.turn == Seat.E:
            assert state.current_seat == 1
        state.apply(state.legal_actions()[0])


@pytest.mark.parametrize("seed", range(6))
def test_declarer_sees_the_dummy_he_plays_from_with_an_agent_at_every_seat(seed):
    """A simulation seats an agent at every seat (seating 0 1 2 3). In two-player bridge the seats faced are
    N and E, so when N or E declares, dummy (S or W) is faced to nobody: declarer must still see it when he
    plays its cards, and sees it only then."""
    state = _state(VARIANTS["two_player"], (0, 1, 2, 3), seed, Seat(seed % 4))
    agents = [RandomAgent(p, seed) for p in range(4)]
    while not state.is_terminal:
        player = state.current_seat
        view = state.view(player)
        if view.phase == "play":
            assert view.seat in view.visible
            hidden_dummy = state.declarer.partner not in VARIANTS["two_player"].exposed(state.declarer)
            if hidden_dummy and view.seat != state.declarer.partner and player != int(state.declarer.partner):
                assert state.declarer.partner not in view.visible
        state.apply(agents[player].act(view))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["two_player", "three_player", "four_player", "five_player", "six_player"]),
       st.integers(0, 2**32))
def test_a_legal_action_always_exists_and_views_hide_other_hands(name, seed):
    variant = VARIANTS[name]
    players = list("ABCDEF"[:variant.players])
    seats = variant.seating(players, 1 + seed % 3)
    seating = tuple(None if seats[s] == DUMMY else players.index(seats[s]) for s in Seat)
    state = _state(variant, seating, seed, Seat(seed % 4))
    agents = [RandomAgent(p, seed) for p in range(variant.players)]
    while not state.is_terminal:
        assert state.legal_actions()
        player = state.current_seat
        view = state.view(player)
        assert set(view.legal_actions) == set(state.legal_actions())
        for seat in view.visible:
            controlled = state.controllers[seat] == player
            faced = state.phase == "play" and state._cards and seat in variant.exposed(state.declarer)
            assert controlled or faced
        assert view.hands is None
        state.apply(agents[player].act(view))
    assert state.record().passed_out or 0 <= state.record().result <= 13


# ---- sessions played by agents ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name,agents", [("two_player", "dd,heuristic"), ("three_player", "heuristic"),
                                         ("four_player", "random"), ("five_player", "random"),
                                         ("six_player", "heuristic")])
def test_sessions_play_with_agents_and_score_to_the_sheet(name, agents, tmp_path):
    path = tmp_path / "session.json"
    report = BRIDGE.play_match(agents.split(","), 5, {"variant": name, "hands": 6, "protocol": str(path)})
    sheet = report.data["sheet"]
    assert sheet["table"] == name and sum(sheet["cumulative"].values()) == 0
    rescored = RUBBER.render(RUBBER.score_file(str(path)), "json")
    assert json.loads(rescored) == sheet                      # the protocol scores to the same sheet
    assert report.data == BRIDGE.play_match(agents.split(","), 5, {"variant": name, "hands": 6}).data


def test_the_tour_is_played_in_three_rubbers():
    report = BRIDGE.play_match(["random"], 3, {"variant": "four_player", "rotation": "tour"})
    sheet = report.data["sheet"]
    assert sheet["finished"] is True and len(sheet["rubbers"]) == 3
    assert sheet["settings"]["settle_unit"] == 100


def test_a_session_match_runs_to_the_end_of_its_rubbers():
    match = RubberSessionMatch.setup(BRIDGE, 11, THREE_PLAYER)
    result = run_match(match, ["random"], 11)
    assert result.ledger.finished and len(result.ledger.rubbers) == 3
