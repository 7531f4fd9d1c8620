"""The 19th-century game at the table (variants-preferans.md §3): the suit auction of one circuit and the talon
purchase (§3.2, D27, D28), the whist (§3.3, D30), closed play with the forehand leading (§3.4, D31), what each
player sees, the protocol record (§3.10) and redeals by the same dealer (D26)."""
import json

from hypothesis import given, settings, strategies as st

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.errors import IllegalCall, InputError, SettingsError
from trickcore.games.base import run_match
from trickcore.games.double_dummy import view_for
from trickcore.games.preferans.agents import DDAgent, HeuristicAgent, RandomAgent
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.old import CONTRACTS, OldAuction
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.variants import play_settings
from trickcore.games.preferans.vocab import TalonChoice

DEAL = PREFERANS.formats.parse_deal("AKQJ.AKQ.AK.A T98.JT9.QJ.KQ 7.87.T987.JT9 | C8 C7")
IDS = ("P1", "P2", "P3")        # dealer P3: hand1 = P1 (the forehand), hand2 = P2, hand3 = P3


def state():
    return PREFERANS.new_state(DEAL, PreferansSetup(dealer=2, variant="old", players=IDS))


# -- §3.2 the auction --------------------------------------------------------------------------------------------
def test_suits_rank_spades_clubs_diamonds_hearts_and_a_declaration_must_be_higher():
    a = OldAuction()
    assert a.legal_calls() == ["pass", "S", "C", "D", "H"]
    a.make_call("C")
    assert a.legal_calls() == ["pass", "D", "H"]
    with pytest.raises(IllegalCall, match="higher"):
        a.make_call("S")


def test_one_circuit_the_highest_declaration_wins():
    a = OldAuction()
    for call in ("S", "D", "pass"):
        a.make_call(call)
    assert a.is_complete and a.outcome.declarer == 1 and a.outcome.bid == "6D" and not a.with_talon


def test_hearts_preferans_ends_the_auction_at_once():
    a = OldAuction()
    a.make_call("H")
    assert a.is_complete and a.outcome.declarer == 0 and a.outcome.bid == "6H"


def test_the_talon_is_offered_in_turn_only_when_nobody_declared():
    a = OldAuction()
    with pytest.raises(IllegalCall, match="only when nobody declared"):
        a.make_call("take")
    for call in ("pass", "pass", "pass", "decline"):
        a.make_call(call)
    assert a.turn == 1 and a.legal_calls() == ["take", "decline"]
    a.make_call("take")
    assert a.is_complete and a.outcome.declarer == 1 and a.with_talon


def test_all_three_decline_the_deal_is_redealt():
    st = state()
    for call in ("pass",) * 3 + ("decline",) * 3:
        st.apply(call)
    assert st.is_terminal
    assert st.record().protocol == {
        "dealer": "P3", "type": "redeal",
        "auction": [{"player": p, "call": c} for p, c in zip(IDS * 2, ("pass",) * 3 + ("decline",) * 3)]}


# -- §3.3 whist, §3.4 play ---------------------------------------------------------------------------------------
def test_a_declared_game_the_two_others_call_in_turn_and_both_passing_is_made_without_play():
    st = state()
    st.apply("D")                        # P1, the forehand
    st.apply("pass")
    st.apply("pass")
    assert st.phase == "defence" and st.current_seat == 1
    st.apply("pass")
    st.apply("pass")
    entry = st.record().protocol
    assert entry == {"dealer": "P3", "type": "game", "declarer": "P1", "contract": "6D", "with_talon": False,
                     "auction": [{"player": "P1", "call": "D"}, {"player": "P2", "call": "pass"},
                                 {"player": "P3", "call": "pass"}],
                     "calls": {"P2": "pass", "P3": "pass"}}                 # §3.10's fields; no tricks: not played


def test_play_is_closed_the_forehand_leads_and_every_player_plays_his_own_hand():
    st = state()
    st.apply("pass")
    st.apply("C")                        # P2 declares clubs without the talon
    st.apply("pass")
    st.apply("whist")                    # P3
    st.apply("pass")                     # P1 passes and still plays his hand
    assert st.phase == "play" and st.current_seat == 0
    for p in range(3):
        assert st.view(p).visible == {} and st.view(p).talon == ()     # closed, the talon unseen
    while not st.is_terminal:
        assert st.current_seat == st.slot_player[st._to_play()]
        st.apply(st.legal_actions()[0])
    entry = st.record().protocol
    assert sum(entry["tricks"].values()) == 10 and entry["calls"] == {"P3": "whist", "P1": "pass"}


def test_the_bought_talon_is_shown_and_the_buyer_names_any_trump():
    st = state()
    for call in ("pass",) * 3 + ("take",):
        st.apply(call)
    assert st.phase == "talon" and st.allowed == CONTRACTS
    assert set(st.view(1).talon) == set(DEAL.talon)
    twelve = sorted(st.view(0).hand, key=lambda c: (c.rank, c.suit))
    with pytest.raises(IllegalCall):
        st.apply(TalonChoice(twelve[:2], "7S"))
    st.apply(TalonChoice(twelve[:2], "6H"))
    st.apply("whist")
    st.apply("whist")
    while not st.is_terminal:
        st.apply(st.legal_actions()[0])
    entry = st.record().protocol
    assert entry["with_talon"] is True and entry["declarer"] == "P1" and entry["contract"] == "6H"
    assert entry["auction"][-1] == {"player": "P1", "call": "take"}


def test_the_old_game_takes_no_play_setting_and_three_players():
    with pytest.raises(SettingsError):
        play_settings("old", allow_hold=True)
    with pytest.raises(InputError):
        PREFERANS.new_state(DEAL, PreferansSetup(dealer=0, variant="old", players=("A", "B", "C", "D")))


# -- whole deals and the match -------------------------------------------------------------------------------
AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "dd": DDAgent}


@pytest.mark.parametrize("name", ["random", "heuristic", "dd"])
def test_a_legal_action_always_exists_and_the_tricks_sum_to_ten(name):
    for k in range(5):
        st = PREFERANS.new_state(PREFERANS.deal(3, k), PreferansSetup(dealer=k % 3, variant="old"))
        agents = [AGENTS[name](p, 3) for p in range(3)]
        while not st.is_terminal:
            assert st.legal_actions()
            seat = st.current_seat
            st.apply(agents[seat].act(view_for(agents[seat], st, seat)))
        entry = st.record().protocol
        if "tricks" in entry:
            assert sum(entry["tricks"].values()) == 10


def test_a_redeal_is_dealt_by_the_same_dealer_and_same_seed_same_match():
    match = PREFERANS.new_match(3, variant="old", hands=12)
    records = run_match(match, ["heuristic"], 3).records
    assert len(records) == 12 and any(r.kind == "redeal" for r in records)
    ring = ("A", "B", "C")
    for prev, cur in zip(records, records[1:]):
        step = 0 if prev.kind == "redeal" else 1
        assert ring.index(cur.protocol["dealer"]) == (ring.index(prev.protocol["dealer"]) + step) % 3
    again = run_match(PREFERANS.new_match(3, variant="old", hands=12), ["heuristic"], 3).records
    assert [r.protocol for r in again] == [r.protocol for r in records]


def test_the_cli_plays_the_old_game_and_writes_the_protocol(tmp_path):
    path = tmp_path / "old.json"
    result = CliRunner().invoke(tricks, ["play", "--game", "preferans", "--variant", "old", "--agents",
                                         "heuristic", "--seed", "3", "--hands", "5", "--protocol", str(path)])
    assert result.exit_code == 0, result.output
    protocol = json.loads(path.read_text())
    assert protocol["variant"] == "old" and protocol["players"] == ["A", "B", "C"] and len(protocol["deals"]) == 5
    bad = CliRunner().invoke(tricks, ["play", "--game", "preferans", "--variant", "old", "--agents", "random",
                                      "--pool-target", "10"])
    assert bad.exit_code == 2 and "no pool" in bad.output


def test_tricks_games_lists_the_new_variants():
    result = CliRunner().invoke(tricks, ["games", "--format", "json"])
    pref = next(g for g in json.loads(result.output) if g["name"] == "preferans")
    assert {"gusarik", "old"} <= set(pref["variants"])


def _installed(name):
    from trickcore.games.registry import scoring_names
    return name in scoring_names()


@pytest.mark.skipif(not _installed("preferans-old"), reason="the old game's scoring system is not installed")
def test_an_old_match_plays_until_the_remises_are_played_out_and_its_protocol_scores(tmp_path):
    path = tmp_path / "old.json"
    report = PREFERANS.play_match(["heuristic"], 5, {"variant": "old", "protocol": str(path)})
    assert "Stopped after" not in report.text
    result = CliRunner().invoke(tricks, ["preferans", "score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == json.loads(json.dumps(report.data["sheet"]))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2))
def test_any_seeded_deal_any_random_play_ends_with_ten_tricks_or_none(seed, dealer):
    agents = [RandomAgent(p, seed) for p in range(3)]
    state = PREFERANS.new_state(PREFERANS.deal(seed, 0), PreferansSetup(dealer=dealer, variant="old"))
    while not state.is_terminal:
        assert state.legal_actions()
        seat = state.current_seat
        state.apply(agents[seat].act(state.view(seat)))
    entry = state.record().protocol
    assert "tricks" not in entry or sum(entry["tricks"].values()) == 10
