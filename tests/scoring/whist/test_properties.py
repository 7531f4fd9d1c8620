"""Property tests of whist scoring and play: rubbers always end, points go only to the side that earned
them, every played hand has 13 tricks covering the pack, won as the reference rules say."""
from hypothesis import given, settings, strategies as st

from trickcore import reference
from trickcore.games.base import make_agents, play_deal
from trickcore.games.whist.game import WHIST
from trickcore.games.whist.setup import WhistSetup
from trickcore.games.whist.vocab import HandResult
from trickcore.rules import TrickRules
from trickcore.scoring.whist import WhistSheet, WhistRules

RULESETS = st.sampled_from([WhistRules.SHORT, WhistRules.LONG, WhistRules.AMERICAN,
                            WhistRules.SHORT.override(honours=False, game_target=1),
                            WhistRules.LONG.override(call_at_eight=False)])
PAIRS = st.tuples(st.integers(0, 13), st.integers(0, 4))


def _results(pairs):
    return [HandResult(t, h) for t, h in pairs]


def _max_hands(rules):
    # Every hand scores at least one point, so a game lasts at most 2 * target - 1 hands; a rubber 3 games.
    return 3 * (2 * rules.game_target - 1)


@settings(max_examples=60, deadline=None)
@given(RULESETS, st.lists(PAIRS, min_size=57, max_size=57))
def test_a_rubber_always_ends(rules, pairs):
    ledger = WhistSheet.of(rules, _results(pairs[:_max_hands(rules)]))
    assert ledger.rubbers, "no rubber finished within the bound"
    first = ledger.rubbers[0]
    assert first.finished and 2 <= len(first.games) <= 3
    loser = 1 - first.winner
    assert first.value == first.game_points[first.winner] + rules.rubber_bonus - first.game_points[loser]
    if rules.game_value != "american":
        assert first.value >= 1
    assert sum(g.winner == first.winner for g in first.games) == 2


@settings(max_examples=60, deadline=None)
@given(RULESETS, st.lists(PAIRS, min_size=1, max_size=40))
def test_points_only_go_to_the_side_that_earned_them(rules, pairs):
    ledger = WhistSheet.of(rules, _results(pairs))
    for entry in ledger.entries:
        score = entry.score
        for side in (0, 1):
            gain = score.points_after[side] - score.points_before[side]
            earned = score.points_for(side) + (rules.game_target if score.called == side else 0)
            assert 0 <= gain <= earned
        if entry.game_result is not None:
            assert entry.game_result.winner == score.game_winner
            assert score.points_after[score.game_winner] == rules.game_target
            assert score.points_after[1 - score.game_winner] < rules.game_target
    for rubber in ledger.all_rubbers():
        for side in (0, 1):
            assert rubber.game_points[side] == sum(g.value for g in rubber.games if g.winner == side)
    assert sum(ledger.totals()) == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 3), st.sampled_from(["random", "heuristic"]))
def test_played_hands_have_13_tricks_covering_the_pack(seed, dealer, agent):
    batch = WHIST.deal_batch(seed, 1, dealer, 0)
    turn_up = batch.last_card(0)
    agents, _ = make_agents("whist", [agent, "random"] * 2, 4, seed)
    hand = play_deal(WHIST.new_state(batch[0], WhistSetup(dealer=dealer, turn_up=turn_up)), agents).record()
    assert len(hand.tricks) == 13
    assert len({c for t in hand.tricks for c in t.cards}) == 52
    # Each trick's winner, and so N-S's tricks, recomputed by the reference rules under the turn-up's trump.
    rules = TrickRules(4, turn_up.suit)
    winners = [reference.trick_winner(rules, list(t.cards), t.leader) for t in hand.tricks]
    assert [t.winner for t in hand.tricks] == winners
    assert hand.tricks_ns == sum(1 for w in winners if w in (0, 2))
    assert hand.tricks[0].leader == (dealer + 1) % 4
    assert all(nxt.leader == prev.winner for prev, nxt in zip(hand.tricks, hand.tricks[1:]))
