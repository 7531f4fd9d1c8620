"""Spec checklist for rules/whist.md: the items no other test pinned, each checked by hand against the spec's text.

Items already pinned elsewhere (the §1 preset table, the dealing example of §2, the worked examples W-1 … W-5 of
§8 through the Python functions and `tricks whist score`, the importer's checks of §7) are not repeated here.
"""
import json

from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.games.whist.game import WHIST
from trickcore.games.whist.match import WhistMatch
from trickcore.games.whist.vocab import HandResult
from trickcore.games.base import run_match
from trickcore.scoring.whist import WhistRules, WhistSheet, calls_at_eight, game_value, score_hand

SHORT, LONG, AMERICAN = WhistRules.SHORT, WhistRules.LONG, WhistRules.AMERICAN


def test_s4_1_east_west_call_at_eight_too():
    """§4 item 1: a side at exactly 8 holding three or four honours calls; E-W hold ``4 − h``.

    E-W at 8, N-S at 2, N-S hold one honour, so E-W hold 3: E-W call, 8 → 10, N-S keep 2; the losers have fewer
    than 5, so the game is a double (§5 long). With N-S holding 0 honours (E-W all four) the same.
    """
    for h in (1, 0):
        score = score_hand(LONG, HandResult(None, h), (2, 8))
        assert score.called == 1 and score.points_after == (2, 10) and score.game_winner == 1
    assert game_value(LONG, 2) == 2


def test_s4_1_the_call_needs_exactly_eight_points():
    """§4 item 1: "exactly 8". At 7 or 9 nobody calls and the hand is played.

    N-S at 7 with three honours, 7 tricks: 1 for the odd trick (8), then 2 for honours (10): game by honours.
    N-S at 9 with three honours: no call, and honours are barred at 9 (long whist): 6 tricks give E-W 1 → 9–1.
    N-S at 8 with two honours (split 2-2): no call.
    """
    assert calls_at_eight(LONG, (7, 0), 3) is None and calls_at_eight(LONG, (9, 0), 3) is None
    assert calls_at_eight(LONG, (8, 0), 2) is None
    at_seven = score_hand(LONG, HandResult(7, 3), (7, 0))
    assert at_seven.called is None and at_seven.honours_points == 2 and at_seven.points_after == (10, 0)
    at_nine = score_hand(LONG, HandResult(6, 3), (9, 0))
    assert at_nine.called is None and at_nine.honours_barred and at_nine.points_after == (9, 1)


def test_s4_1_the_opponents_at_eight_do_not_call_on_the_other_sides_honours():
    """§4 item 1: only the side at 8 holding three or more honours calls. N-S at 8 but E-W hold the three honours
    (h = 1): no call; the hand is played. N-S take 7 tricks: 8 + 1 = 9; E-W (at 0, not barred) 2 for honours."""
    assert calls_at_eight(LONG, (8, 0), 1) is None
    score = score_hand(LONG, HandResult(7, 1), (8, 0))
    assert score.called is None and score.points_after == (9, 2) and score.game_winner is None


def test_s4_1_no_call_without_call_at_eight_or_outside_long_whist():
    """§1: call_at_eight is off in short and American whist; with it off in long whist the hand is played."""
    assert calls_at_eight(SHORT, (8, 0), 4) is None
    assert calls_at_eight(LONG.override(call_at_eight=False), (8, 0), 4) is None


def test_s4_2_one_side_scores_for_tricks_and_13_make_7():
    """§4 item 2: t ≥ 7 → N-S score t − 6, else E-W score (13 − t) − 6; never both. t = 6 → E-W 1; t = 7 → N-S 1;
    t = 0 → E-W 7 (American, target 7, from 0: exactly the target, game)."""
    six = score_hand(AMERICAN, HandResult(6), (0, 0))
    seven = score_hand(AMERICAN, HandResult(7), (0, 0))
    assert (six.trick_side, six.odd_tricks, six.points_after) == (1, 1, (0, 1))
    assert (seven.trick_side, seven.odd_tricks, seven.points_after) == (0, 1, (1, 0))
    slam = score_hand(AMERICAN, HandResult(0), (0, 0))
    assert slam.points_after == (0, 7) and slam.game_winner == 1
    assert game_value(AMERICAN, 0) == 7


def test_s4_3_east_west_barred_at_four_and_winning_by_honours_from_three():
    """§4 item 3 for the E-W side. Short whist, N-S 0, E-W 4, E-W hold four honours (h = 0), N-S take 7: N-S 1,
    E-W barred → 1–4. E-W at 3 instead: 1 for N-S, then 4 for honours → 3 + 4 = 7 → capped at 5, game to E-W
    with the losers at 1: a double (§5 short: 1 or 2)."""
    barred = score_hand(SHORT, HandResult(7, 0), (0, 4))
    assert barred.honours_barred and barred.points_after == (1, 4) and barred.game_winner is None
    won = score_hand(SHORT, HandResult(7, 0), (0, 3))
    assert won.honours_points == 4 and won.points_after == (1, 5) and won.game_winner == 1
    assert game_value(SHORT, won.points_after[0]) == 2


def test_s4_3_honours_barred_only_for_the_side_at_the_barred_score():
    """§4 item 3: the bar is on the side whose points are in honours_barred_at, not on its opponents. N-S at 4,
    E-W at 0, E-W hold three honours (h = 1), N-S take 6: E-W 1 (odd trick) + 2 (honours) = 3 → 4–3."""
    score = score_hand(SHORT, HandResult(6, 1), (4, 0))
    assert not score.honours_barred and score.points_after == (4, 3)


def test_s4_3_every_setting_overridden_alone_a_five_point_game_without_honours():
    """§1: "a 5-point game without honours": 8 tricks and four honours at 0–0 give N-S only 2."""
    rules = SHORT.override(honours=False)
    score = score_hand(rules, HandResult(8), (0, 0))
    assert score.points_after == (2, 0) and score.honours_side is None


def test_s4_4_game_value_from_the_losers_points_at_that_moment_and_a_new_game_from_zero():
    """§4 item 4 and §5 short: 10 tricks → 4–0, 4 tricks (E-W 3) → 4–3; N-S take 9 → 4 + 3 = 7 → 5 (the excess
    dropped); the losers are at 3: a single. Both sides then start at 0: the next hand (8 tricks, two honours
    each) leaves 2–0."""
    sheet = WhistSheet.of(SHORT, [HandResult(10, 2), HandResult(4, 2), HandResult(9, 2), HandResult(8, 2)])
    assert [e.score.points_after for e in sheet.entries] == [(4, 0), (4, 3), (5, 3), (2, 0)]
    game = sheet.entries[2].game_result
    assert game.points == (5, 3) and game.value == 1


def test_s5_short_game_value_single_from_three_double_at_one_or_two_treble_at_nothing():
    """§5 short: losers 0 → 3; 1, 2 → 2; 3, 4 → 1. Through the sheet: N-S 13 tricks from 0–0 → treble;
    N-S at 0, E-W at 2 (8 tricks for E-W), then N-S 13 → double; E-W at 4 then N-S 13 → single."""
    treble = WhistSheet.of(SHORT, [HandResult(13, 2)]).games[0]
    double = WhistSheet.of(SHORT, [HandResult(5, 2), HandResult(13, 2)]).games[0]
    single = WhistSheet.of(SHORT, [HandResult(3, 2), HandResult(13, 2)]).games[0]
    assert (treble.points, treble.value) == ((5, 0), 3)
    assert (double.points, double.value) == ((5, 2), 2)
    assert (single.points, single.value) == ((5, 4), 1)


def test_s5_long_and_american_values_through_the_sheet():
    """§5 long: losers 4 → double (2), 5 → single (1). §5 American: 7–2 is worth 5.

    Long: E-W take 10 (4 odd) → 0–4, then N-S 13 → 7, N-S 13 → 14 → 10: game 10–4, a double.
    American: E-W take 8 (2) → 0–2, then N-S 13 → 7: game 7–2, worth 5.
    """
    long_game = WhistSheet.of(LONG, [HandResult(3, 2), HandResult(13, 2), HandResult(13, 2)]).games[0]
    assert (long_game.points, long_game.value) == ((10, 4), 2)
    long_single = WhistSheet.of(LONG, [HandResult(2, 2), HandResult(13, 2), HandResult(13, 2)]).games[0]
    assert (long_single.points, long_single.value) == ((10, 5), 1)
    american = WhistSheet.of(AMERICAN, [HandResult(5), HandResult(13)]).games[0]
    assert (american.points, american.value) == ((7, 2), 5)


def test_s6_third_game_not_played_after_two_nil_and_the_value_of_the_rubber():
    """§6: a rubber ends when one side wins two games; value = (winners' game points + bonus) − losers'.

    Long whist: N-S win 10–0 twice (13 + 13 tricks → 14 → 10 each game): 2 + 2 + 1 = 5; the next hand starts
    rubber 2. American: E-W win 7–0 twice: 7 + 7 + 0 = 14 to E-W.
    """
    sheet = WhistSheet.of(LONG, [HandResult(13, 2)] * 4 + [HandResult(7, 2)])
    first, second = sheet.all_rubbers()
    assert first.finished and len(first.games) == 2 and first.value == 5 and first.winner == 0
    assert not second.finished and sheet.entries[-1].rubber == 2
    american = WhistSheet.of(AMERICAN, [HandResult(0)] * 2).rubbers[0]
    assert american.winner == 1 and american.value == 14 and american.bonus == 0


def test_s6_unfinished_rubber_one_game_each_and_the_unfinished_games_points_dropped():
    """§6 unfinished rubber: N-S win a treble (13 tricks from 0–0), E-W a double (N-S at 2 when E-W reach 5),
    then N-S 4–0 in game 3: no bonus, the 4 points dropped, value 3 − 2 = 1 to N-S."""
    hands = [HandResult(13, 2), HandResult(8, 2), HandResult(2, 2), HandResult(10, 2)]
    sheet = WhistSheet.of(SHORT, hands)
    (rubber,) = sheet.all_rubbers()
    assert [g.value for g in rubber.games] == [3, 2]
    assert not rubber.finished and rubber.bonus == 0 and rubber.winner == 0 and rubber.value == 1
    assert sheet.points == (4, 0) and sheet.totals() == (1, -1)


def test_s2_the_deal_passes_to_the_left_across_games_and_rubbers():
    """§2: after every hand the deal passes to the left, across games and rubbers; the eldest hand leads.
    A 14-hand short-whist match from first dealer W: dealers W N E S W …; each hand's first lead is dealer + 1."""
    match = WhistMatch.setup(WHIST, 3, hands=14, dealer="W")
    result = run_match(match, ["random"], 3)
    assert [h.dealer for h in result.records] == [(3 + k) % 4 for k in range(14)]
    assert all(h.tricks[0].leader == (h.dealer + 1) % 4 for h in result.records if h.tricks)
    assert result.ledger.sheet.rubbers and result.ledger.sheet.entries[-1].rubber >= 2   # the rotation ran on


def test_s6_the_sheet_records_what_the_spec_lists(tmp_path):
    """§6: the ledger records for each hand dealer, turn-up, trump, t, h, the points for tricks and honours (or
    "honours barred", or "called at eight"), the score after the hand and the game/rubber events — through
    `tricks whist score --format json` on W-3 (N-S at 4, 6 tricks, four honours → 4–1, honours barred)."""
    path = tmp_path / "hands.json"
    hands = [{"tricks_ns": 9, "honours_ns": 2, "dealer": "N", "turn_up": "C2"},
             {"tricks_ns": 7, "honours_ns": 2, "dealer": "E", "turn_up": "H9"},
             {"tricks_ns": 6, "honours_ns": 4, "dealer": "S", "trump": "S"}]
    path.write_text(json.dumps({"ruleset": "short", "hands": hands}), encoding="utf-8")
    result = CliRunner().invoke(tricks, ["whist", "score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    last = json.loads(result.output)["hands"][-1]
    assert last["dealer"] == "S" and last["trump"] == "S" and last["tricks_ns"] == 6 and last["honours_ns"] == 4
    assert last["tricks"] == {"side": "EW", "points": 1}
    assert last["honours"] == {"side": "NS", "points": 0, "barred": True}
    assert last["score"] == {"NS": 4, "EW": 1} and last["called_at_eight"] is None
    first = json.loads(result.output)["hands"][0]
    assert first["turn_up"] == "C2" and first["trump"] == "C"
