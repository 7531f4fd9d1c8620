"""Gusarik at the table (variants-preferans.md §1): seating and the dealer (§1.2), the auction with the dummy
and the razboinik obligations (§1.4, §1.5), the opponent's calls (§1.6), who plays the dummy and what each
player sees (§1.2, D7), all-pass under the duck rule (§1.10), the protocol record (§1.13), the match and the
double-dummy table."""
import json

from hypothesis import given, settings, strategies as st

import pytest
from click.testing import CliRunner

from trickcore.cards import parse_card
from trickcore.cli.main import tricks
from trickcore.errors import IllegalCall, IllegalPlay, InputError, SettingsError
from trickcore.games.base import run_match
from trickcore.games.double_dummy import view_for
from trickcore.games.preferans.agents import DDAgent, HeuristicAgent, RandomAgent
from trickcore.games.preferans.analysis import preferans_contract, preferans_misere, solve_gusarik
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.gusarik import RAZBOINIK_GAMES, GusarikAuction, contracts_of, game_of
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.variants import play_settings
from trickcore.games.preferans.vocab import MISERE, TalonChoice

# hand1 holds the top cards; the talon is two small clubs.
DEAL = PREFERANS.formats.parse_deal("AKQJ.AKQ.AK.A T98.JT9.QJ.KQ 7.87.T987.JT9 | C8 C7")
A, B = 0, 1
ALL = [set(RAZBOINIK_GAMES), set(RAZBOINIK_GAMES)]


def state(dealer=A, owed=None, closing=False, stage="pool"):
    settings = play_settings("gusarik", gusarik_stage=stage)
    return PREFERANS.new_state(DEAL, PreferansSetup(dealer=dealer, variant=settings, players=("A", "B"), owed=owed,
                                                    closing=closing))


def announce(st, contract):
    """The declarer keeps his best ten: discards the two lowest of his twelve cards."""
    twelve = sorted(st.view(st.current_seat).hand, key=lambda c: (c.rank, c.suit))
    st.apply(TalonChoice(twelve[:2], contract))


# -- §1.2 seating, dealer, first call ------------------------------------------------------------------------
@pytest.mark.parametrize("dealer,hand1,hand2,hand3", [(A, "B", "dummy", "A"), (B, "dummy", "A", "B")])
def test_the_seating_table_the_non_dealer_speaks_first(dealer, hand1, hand2, hand3):
    st = state(dealer)
    names = [st.players[p] for p in st.slot_player[:3]]
    assert names == [hand1, hand2, hand3]
    assert st.current_seat == 1 - dealer                  # the first live caller is the non-dealer
    record_players = st.players
    assert record_players == ("A", "B", "dummy")


def test_the_dummy_never_calls_it_passes_at_its_turn():
    st = state(B)                                         # dummy = hand1, A = hand2
    assert st.auction.calls == [(0, "pass")]
    st.apply("6S")                                        # A
    st.apply("pass")                                      # B
    assert st.phase == "talon" and st.declarer == st.slot_of(A)


def test_a_player_id_dummy_is_refused():
    with pytest.raises(InputError):
        PREFERANS.new_state(DEAL, PreferansSetup(dealer=0, variant="gusarik", players=("dummy", "B")))


def test_gusarik_is_played_by_two():
    with pytest.raises(InputError):
        PREFERANS.new_state(DEAL, PreferansSetup(dealer=0, variant="gusarik", players=("A", "B", "C")))


# -- §1.6 the opponent's calls ---------------------------------------------------------------------------------
def bid_and_announce(contract, dealer=A, stage="pool"):
    st = state(dealer, stage=stage)
    st.apply("6S" if contract != MISERE else MISERE)     # the non-dealer bids
    st.apply("pass")
    announce(st, contract)
    return st


@pytest.mark.parametrize("contract,calls", [("6S", ["whist"]), ("7H", ["pass", "whist"]), ("8NT", ["pass", "whist"]),
                                             ("9D", ["pass", "whist"])])
def test_only_the_opponent_calls_whist_and_6s_must_be_whisted(contract, calls):
    st = bid_and_announce(contract)
    assert st.phase == "defence" and st.current_seat == A       # B declared: A is the opponent
    assert st.legal_actions() == calls
    if calls == ["whist"]:
        with pytest.raises(IllegalCall):
            st.apply("pass")


def test_6s_is_free_to_pass_when_mandatory_whist_6s_is_off():
    """§1.6 takes the mandatory whist on 6♠ from Classic's setting (§1.12): switched off, the opponent may pass,
    as the scorer already allowed."""
    st = PREFERANS.new_state(DEAL, PreferansSetup(dealer=A, variant=play_settings(
        "gusarik", gusarik_stage="pool", mandatory_whist_6s=False), players=("A", "B")))
    st.apply("6S")
    st.apply("pass")
    announce(st, "6S")
    assert st.legal_actions() == ["pass", "whist"]
    st.apply("pass")
    assert st.phase == "done" and st.record().protocol["calls"] == {"A": "pass"}


@pytest.mark.parametrize("contract", ["10S", MISERE])
def test_checked_ten_and_misere_have_no_call_the_opponent_plays_both_hands(contract):
    st = bid_and_announce(contract)
    assert st.phase == "play"
    assert st.controllers == {st.dummy: st.slot_of(A)}


def test_a_passed_out_contract_is_not_played_and_the_record_has_the_pass():
    st = bid_and_announce("7H")
    st.apply("pass")
    entry = st.record().protocol
    assert entry == {"dealer": "A", "declarer": "B", "type": "game", "contract": "7H", "calls": {"A": "pass"}}


# -- who plays the dummy, what each player sees (D7) ------------------------------------------------------------
def test_after_the_whist_the_dummy_and_the_whister_are_face_up_before_the_first_lead():
    st = bid_and_announce("7H")
    assert st.dummy not in st.view(B).visible                     # before the whist: nobody sees the dummy
    assert st.view(A).visible == {}
    st.apply("whist")
    assert not st.done and not st.trick
    declarer_sees = st.view(B).visible
    assert set(declarer_sees) == {st.dummy, st.slot_of(A)}
    assert st.dummy in st.view(A).visible or st.view(A).seat == st.dummy


def test_the_opponent_plays_the_dummys_cards():
    st = bid_and_announce("7H")
    st.apply("whist")
    seen_dummy_turn = False
    while not st.is_terminal:
        seat = st._to_play()
        if seat == st.dummy:
            assert st.current_seat == A
            view = st.view(A)
            assert view.seat == st.dummy and set(view.hand) == set(st.left[st.dummy])
            seen_dummy_turn = True
        st.apply(min(st.legal_actions(), key=lambda c: (c.rank, c.suit)))
    assert seen_dummy_turn
    entry = st.record().protocol
    assert sum(entry["tricks"].values()) + entry["dummy_tricks"] == 10
    assert entry["calls"] == {"A": "whist"}


def test_views_are_for_the_two_players_only():
    st = state()
    with pytest.raises(InputError):
        st.view(2)


# -- §1.10 all-pass with the dummy out ------------------------------------------------------------------------
def test_all_pass_the_non_dealer_leads_two_cards_a_trick_the_dummy_out():
    st = state(A)
    st.apply("pass")
    st.apply("pass")
    assert st.kind == "all_pass" and st.phase == "play" and st.current_seat == B
    assert st.view(A).talon == () and st.view(A).visible == {}
    assert st.view(A).trick_size == 2
    while not st.is_terminal:
        st.apply(st.legal_actions()[0])
    assert all(len(t.plays) == 2 and st.dummy not in [w for w, _ in t.plays] for t in st.done)
    entry = st.record().protocol
    assert entry["type"] == "all_pass" and sum(entry["tricks"].values()) == 10 and "dummy_tricks" not in entry


def test_the_duck_rule_is_enforced():
    st = state(A)                                  # hand1 B leads: ♠AKQJ ♥AKQ ♦AK ♣A; A (hand3) holds ♦T987
    st.apply("pass")
    st.apply("pass")
    st.apply(parse_card("DK"))
    assert set(st.legal_actions()) == {parse_card(c) for c in ("DT", "D9", "D8", "D7")}
    st.apply(parse_card("DT"))
    assert st.won[st.slot_of(B)] == 1              # the leader takes the trick the follower ducked
    st.apply(parse_card("SA"))                     # A's one spade, ♠7, is lower: he must play it
    assert st.legal_actions() == [parse_card("S7")]
    st.undo()
    st.undo()
    assert st.won[st.slot_of(B)] == 0 and st.trick == [(st.slot_of(B), parse_card("DK"))]


def test_playing_a_higher_card_while_holding_a_lower_one_is_a_named_error():
    st = state(B)                                  # A = hand2 leads (non-dealer)
    st.apply("pass")
    st.apply("pass")
    st.apply(parse_card("ST"))                     # A leads ♠T; B (hand3) holds ♠7 only: must duck
    with pytest.raises(IllegalPlay, match="duck rule|must follow"):
        st.apply(parse_card("DT"))


# -- §1.4 razboinik ------------------------------------------------------------------------------------------
def test_a_bid_needs_an_owed_game_of_that_level_or_more():
    owed = [set(RAZBOINIK_GAMES), {"7"}]
    st = state(A, owed=owed, stage="razboinik")     # B calls first, owes only 7
    legal = st.legal_actions()
    assert "7NT" in legal and "8S" not in legal and MISERE not in legal
    with pytest.raises(IllegalCall, match="owes no game"):
        st.apply("8S")


def test_a_player_with_nothing_left_may_only_pass():
    auction = GusarikAuction(dummy=1, owed={0: frozenset(), 2: frozenset(RAZBOINIK_GAMES)})
    assert auction.turn == 0 and auction.legal_calls() == ["pass"]
    with pytest.raises(IllegalCall, match="may only pass"):
        auction.make_call("6S")


def test_both_pass_the_forced_player_names_any_unplayed_game():
    st = state(A, owed=[{"9"}, {"6", MISERE}], stage="razboinik")
    st.apply("pass")
    st.apply("pass")
    assert st.phase == "talon" and st.declarer == st.slot_of(B)        # the non-dealer still owes games
    assert st.allowed == tuple(contracts_of({"6", MISERE}))
    st = state(A, owed=[{"9"}, set()], stage="razboinik")                # B owes nothing: no auction
    assert st.declarer == st.slot_of(A) and st.allowed == tuple(contracts_of({"9"}))


def test_the_winner_announces_one_of_his_unplayed_games_not_below_his_bid():
    st = state(A, owed=[set(RAZBOINIK_GAMES), {"6", "8"}], stage="razboinik")
    st.apply("7S")
    st.apply("pass")
    assert all(game_of(c) == "8" for c in st.allowed) and "8S" in st.allowed


def test_a_closing_deal_has_no_auction():
    st = state(B, owed=[set(), set()], closing=True, stage="razboinik")
    assert st.kind == "all_pass" and st.auction.calls == [] and st.current_seat == A


# -- settings (§1.12) ----------------------------------------------------------------------------------------
def test_the_gusarik_preset_is_classic_with_its_differences():
    s = play_settings("gusarik")
    assert (s.num_players, s.half_whist, s.dealer_may_whist, s.all_pass_talon, s.dealer_talon_bonus) == \
        (2, False, False, "none", False)
    assert (s.allow_hold, s.mandatory_whist_6s, s.ten_trick_mode, s.same_dealer_after_all_pass) == \
        (False, True, "checked", True)
    assert (s.gusarik_stage, s.razboinik_all_pass_deals) == ("razboinik", 4)


@pytest.mark.parametrize("name,value", [("num_players", 3), ("all_pass_talon", "dealer_owns"), ("half_whist", True),
                                        ("gusarik_stage", "pulya"), ("razboinik_all_pass_deals", 3)])
def test_gusarik_settings_that_cannot_be(name, value):
    with pytest.raises(SettingsError):
        play_settings("gusarik", **{name: value})


def test_gusarik_keys_are_an_error_with_another_variant():
    with pytest.raises(SettingsError):
        play_settings("classic", gusarik_stage="pool")


# -- whole deals and the match -------------------------------------------------------------------------------
AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "dd": DDAgent}


@pytest.mark.parametrize("name", ["random", "heuristic", "dd"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_legal_action_always_exists_and_the_tricks_sum_to_ten(name, seed):
    for k in range(4):
        st = PREFERANS.new_state(PREFERANS.deal(seed, k), PreferansSetup(dealer=k % 2, variant="gusarik",
                                                                         owed=ALL if k < 2 else None))
        agents = [AGENTS[name](p, seed) for p in (0, 1)]
        while not st.is_terminal:
            assert st.legal_actions()
            seat = st.current_seat
            st.apply(agents[seat].act(view_for(agents[seat], st, seat)))
        entry = st.record().protocol
        if "tricks" in entry:
            assert sum(entry["tricks"].values()) + entry.get("dummy_tricks", 0) == 10


def test_the_razboinik_stage_twelve_games_then_four_closing_all_pass_deals():
    match = PREFERANS.new_match(7, variant="gusarik")
    records = run_match(match, ["heuristic"], 7).records
    kinds = [r.kind for r in records]
    assert len(records) == 16 and kinds[12:] == ["all_pass"] * 4
    assert all(k in ("game", "misere") for k in kinds[:12])
    for player in ("A", "B"):
        played = sorted(game_of(r.contract) for r in records[:12] if r.protocol["declarer"] == player)
        assert played == sorted(RAZBOINIK_GAMES)
    assert [r.protocol["dealer"] for r in records] == ["A", "B"] * 8


def test_same_seed_same_match():
    one = PREFERANS.play_match(["heuristic", "random"], 9, {"variant": "gusarik"})
    two = PREFERANS.play_match(["heuristic", "random"], 9, {"variant": "gusarik"})
    assert one.data["protocol"] == two.data["protocol"] and one.text == two.text


def test_the_cli_plays_gusarik_and_writes_the_protocol(tmp_path):
    path = tmp_path / "g.json"
    result = CliRunner().invoke(tricks, ["play", "--game", "preferans", "--variant", "gusarik", "--agents",
                                         "heuristic", "--seed", "2", "--protocol", str(path)])
    assert result.exit_code == 0, result.output
    protocol = json.loads(path.read_text())
    assert protocol["variant"] == "gusarik" and protocol["players"] == ["A", "B"]
    assert protocol["settings"] == {"gusarik_stage": "razboinik"} and len(protocol["deals"]) == 16
    assert "hand2 dummy" in result.output or "hand1 dummy" in result.output


def test_the_cli_refuses_three_players_for_gusarik():
    result = CliRunner().invoke(tricks, ["play", "--game", "preferans", "--variant", "gusarik", "--agents",
                                         "random", "--players", "3"])
    assert result.exit_code == 2 and "2 players" in result.output


# -- double dummy ------------------------------------------------------------------------------------------------
def test_the_gusarik_table_is_the_three_hand_search_and_all_pass_shares_ten_tricks():
    deal = PREFERANS.deal(4, 0)
    result = solve_gusarik(deal, 0, 1)
    row = result.contracts[0]
    assert row["NT"] == preferans_contract(deal, 0, "NT") and row["misere"] == preferans_misere(deal, 0)
    assert result.all_pass[0] + result.all_pass[2] == 10 and result.all_pass[1] is None
    assert result.to_dict()["dummy"] == "hand2" and set(result.to_dict()["all_pass"]) == {"hand1", "hand3"}


def test_solve_gusarik_from_the_cli():
    text = PREFERANS.formats.format_deal(PREFERANS.deal(4, 0))
    result = CliRunner().invoke(tricks, ["solve", "--game", "preferans", "--variant", "gusarik", "--deal", text,
                                         "--declarer", "hand3", "--dealer", "B", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["dummy"] == "hand1"
    bad = CliRunner().invoke(tricks, ["solve", "--game", "preferans", "--variant", "gusarik", "--deal", text,
                                      "--declarer", "hand1", "--dealer", "B"])
    assert bad.exit_code == 2 and "dummy" in bad.output


# -- with the scorer of issue 19 (its scoring part): the match ends by its sheet --------------------------------
def _installed(name):
    from trickcore.games.registry import scoring_names
    return name in scoring_names()


@pytest.mark.skipif(not _installed("preferans-gusarik"), reason="Gusarik's scoring system is not installed")
@pytest.mark.parametrize("options", [{"variant": "gusarik"}, {"variant": "gusarik", "pool_target": 6}])
def test_a_gusarik_match_plays_to_its_end_and_its_protocol_scores_to_the_sheet_shown(tmp_path, options):
    path = tmp_path / "g.json"
    report = PREFERANS.play_match(["heuristic", "dd"], 4, {**options, "protocol": str(path)})
    assert report.data["sheet"]["finished"] is True
    result = CliRunner().invoke(tricks, ["preferans", "score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == json.loads(json.dumps(report.data["sheet"]))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 1), st.booleans())
def test_any_seeded_deal_any_random_play_ends_with_ten_tricks_shared(seed, dealer, razboinik):
    agents = [RandomAgent(p, seed) for p in (0, 1)]
    state = PREFERANS.new_state(PREFERANS.deal(seed, 0), PreferansSetup(dealer=dealer, variant="gusarik",
                                                                        owed=ALL if razboinik else None))
    while not state.is_terminal:
        assert state.legal_actions()
        seat = state.current_seat
        state.apply(agents[seat].act(state.view(seat)))
    entry = state.record().protocol
    assert "tricks" not in entry or sum(entry["tricks"].values()) + entry.get("dummy_tricks", 0) == 10
    assert razboinik is False or entry["type"] != "all_pass"            # both pass: the forced player plays


def test_misere_declarer_on_lead_plays_blind_then_the_opponent_and_the_dummy_are_face_up():
    st = bid_and_announce(MISERE)                 # dealer A: B is hand1, the misère declarer, and leads
    assert st.current_seat == B and st.view(B).visible == {}
    st.apply(min(st.legal_actions(), key=lambda c: (c.rank, c.suit)))
    assert set(st.view(B).visible) == {st.dummy, st.slot_of(A)}
    while not st.is_terminal:
        st.apply(min(st.legal_actions(), key=lambda c: (c.rank, c.suit)))
    entry = st.record().protocol
    assert entry["type"] == "misere" and "calls" not in entry
    assert entry["tricks"]["A"] + entry["tricks"]["B"] + entry["dummy_tricks"] == 10
