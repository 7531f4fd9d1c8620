"""Whist hand scoring, game values and rubbers: every worked example of whist.md §8 and the rules of §4-6."""
import pytest

from trickcore.games.whist.vocab import HandResult
from trickcore.scoring.whist import WhistSheet, WhistRules, game_value, score_hand
from trickcore.errors import InvalidRecord

SHORT, LONG, AMERICAN = WhistRules.SHORT, WhistRules.LONG, WhistRules.AMERICAN


def test_w1_odd_tricks_and_honours():
    score = score_hand(SHORT, HandResult(8, 3), (0, 0))
    assert (score.trick_side, score.odd_tricks) == (0, 2)
    assert (score.honours_side, score.honours_points) == (0, 2)
    assert score.points_after == (4, 0) and score.game_winner is None


def test_w2a_tricks_before_honours_gives_a_single():
    score = score_hand(SHORT, HandResult(13 - 9, 3), (3, 0))
    assert (score.trick_side, score.odd_tricks) == (1, 3)
    assert score.points_after == (5, 3) and score.game_winner == 0
    assert game_value(SHORT, score.points_after[1]) == 1


def test_w2b_tricks_reach_game_first_and_honours_are_not_scored():
    score = score_hand(SHORT, HandResult(8, 0), (3, 0))
    assert score.points_after == (5, 0) and score.game_winner == 0
    assert score.honours_side == 1 and score.honours_points == 0
    assert game_value(SHORT, 0) == 3


def test_w3_at_four_honours_do_not_count():
    score = score_hand(SHORT, HandResult(6, 4), (4, 0))
    assert score.honours_barred and score.honours_points == 0
    assert score.points_after == (4, 1) and score.game_winner is None


def test_w4_calling_at_eight():
    score = score_hand(LONG, HandResult(None, 3), (8, 3))
    assert score.called == 0 and score.points_after == (10, 3) and score.game_winner == 0
    assert game_value(LONG, 3) == 2


def test_w4_without_calling_the_hand_is_played():
    rules = LONG.override(call_at_eight=False)
    score = score_hand(rules, HandResult(5, 3), (8, 3))
    assert score.called is None
    assert (score.trick_side, score.odd_tricks, score.honours_points) == (1, 2, 2)
    assert score.points_after == (10, 5) and score.game_winner == 0
    assert game_value(rules, 5) == 1


def test_w4_calling_ignores_tricks_and_needs_three_honours():
    assert score_hand(LONG, HandResult(0, 4), (8, 0)).points_after == (10, 0)
    with pytest.raises(InvalidRecord):
        score_hand(LONG, HandResult(None, 2), (8, 3))


W5 = [(8, 2, (2, 0)), (5, 1, (2, 4)), (7, 2, (3, 4)), (8, 2, (5, 4)), (7, 2, (1, 0)), (6, 0, (1, 5)), (9, 3, (5, 0))]


def test_w5_short_whist_rubber():
    ledger = WhistSheet.of(SHORT, [HandResult(t, h) for t, h, _ in W5])
    assert [e.score.points_after for e in ledger.entries] == [after for _, _, after in W5]
    games = [e.game_result for e in ledger.entries if e.game_result]
    assert [(g.number, g.winner, g.value) for g in games] == [(1, 0, 1), (2, 1, 2), (3, 0, 3)]
    (rubber,) = ledger.all_rubbers()
    assert rubber.finished and rubber.winner == 0
    assert rubber.game_points == (4, 2) and rubber.bonus == 2 and rubber.value == 4
    assert ledger.rubber_over and ledger.totals() == (4, -4)
    hand6 = ledger.entries[5].score
    assert (hand6.trick_side, hand6.odd_tricks, hand6.honours_side, hand6.honours_points) == (1, 1, 1, 4)


def test_win_by_honours_from_three_but_never_from_four():
    assert score_hand(SHORT, HandResult(6, 3), (3, 0)).game_winner == 0
    assert score_hand(SHORT, HandResult(6, 4), (4, 0)).game_winner is None


def test_thirteen_tricks_give_seven_points_and_the_excess_is_discarded():
    score = score_hand(SHORT, HandResult(13, 2), (0, 0))
    assert score.odd_tricks == 7 and score.points_after == (5, 0)
    assert score_hand(LONG, HandResult(0, 2), (0, 0)).points_after == (0, 7)


def test_honours_count_four_or_two():
    assert score_hand(SHORT, HandResult(7, 4), (0, 0)).points_after == (5, 0)
    assert score_hand(SHORT, HandResult(7, 0), (0, 0)).points_after == (1, 4)
    assert score_hand(SHORT, HandResult(7, 1), (0, 0)).points_after == (1, 2)
    assert score_hand(SHORT, HandResult(7, 2), (0, 0)).points_after == (1, 0)


def test_long_whist_honours_barred_at_nine_not_at_eight():
    rules = LONG.override(call_at_eight=False)
    assert score_hand(rules, HandResult(6, 4), (9, 0)).honours_barred
    assert not score_hand(rules, HandResult(6, 4), (8, 0)).honours_barred


def test_american_whist_has_no_honours():
    score = score_hand(AMERICAN, HandResult(8, 4), (0, 0))
    assert score.points_after == (2, 0) and score.honours_side is None


@pytest.mark.parametrize("rules, losers, value", [
    (SHORT, 0, 3), (SHORT, 1, 2), (SHORT, 2, 2), (SHORT, 3, 1), (SHORT, 4, 1),
    (LONG, 0, 2), (LONG, 4, 2), (LONG, 5, 1), (LONG, 9, 1),
    (AMERICAN, 0, 7), (AMERICAN, 2, 5), (AMERICAN, 6, 1),
    (SHORT.override(game_target=7), 6, 1),
])
def test_game_value_table(rules, losers, value):
    assert game_value(rules, losers) == value


def _rubber(rules, hands):
    return WhistSheet.of(rules, [HandResult(t, h) for t, h in hands]).all_rubbers()[0]


def test_smallest_and_largest_short_rubber():
    # Two singles and a treble lost: 2 + 2 - 3 = 1; two trebles: the bumper, 8.
    smallest = _rubber(SHORT, [(6, 2)] * 3 + [(13, 2), (0, 2)] + [(6, 2)] * 3 + [(13, 2)])
    assert smallest.finished and smallest.value == 1 and smallest.game_points == (2, 3)
    bumper = _rubber(SHORT, [(13, 2), (13, 2)])
    assert bumper.value == 8 and len(bumper.games) == 2


def test_rubber_bonus_per_ruleset():
    assert _rubber(LONG, [(13, 2), (12, 2), (13, 2), (12, 2)]).value == 2 + 2 + 1
    assert _rubber(AMERICAN, [(13, 2), (13, 2)]).value == 14


def test_unfinished_rubber_keeps_finished_games_without_bonus():
    ledger = WhistSheet.of(SHORT, [HandResult(t, 2) for t in (13, 7, 7)])
    rubber = ledger.all_rubbers()[0]
    assert not rubber.finished and rubber.bonus == 0
    assert rubber.game_points == (3, 0) and rubber.value == 3 and ledger.points == (2, 0)


def test_a_new_rubber_follows_a_finished_one():
    ledger = WhistSheet.of(SHORT, [HandResult(13, 2)] * 3)
    assert len(ledger.all_rubbers()) == 2 and ledger.entries[2].rubber == 2
    assert ledger.totals() == (8 + 3, -(8 + 3))


def test_tricks_needed_unless_called():
    with pytest.raises(InvalidRecord):
        score_hand(SHORT, HandResult(None, 2), (0, 0))
    with pytest.raises(InvalidRecord):
        score_hand(SHORT, HandResult(7, None), (0, 0))
    with pytest.raises(InvalidRecord):
        HandResult(14, 2)
