"""The shared sampler and chooser of the pimc agents (games.sampling) and agent options (games.agent_spec):
every sample keeps to what the player knows, the compiled dealing draws as its plain reference below, the choice
follows its rule, options are read and checked."""
from operator import itemgetter

import pytest
from hypothesis import given, settings, strategies as st

from trickcore.cards import DECK52, Card, Rank, Suit
from trickcore.errors import InputError
from trickcore.games.agent_spec import agent_spec
from trickcore.games.base import agent_classes
from trickcore.games.sampling import (FROM_TRICK, OPENING_LEAD, SAMPLING_OPTIONS, SETTLE, TRIES, Hidden,
                                      SamplingSettings, choose, deal_hidden, equivalent_lowest, voids_shown)
from trickcore.rng import Stream
from trickcore.rules import TrickRules


def _hidden_of_a_real_deal(sizes, stream):
    """A Hidden of cards dealt to holders of ``sizes``, with voids, barred and known cards taken from that real deal
    (so that a consistent sample exists), and the real deal."""
    cards = stream.shuffle(list(DECK52.cards))[:sum(sizes)]
    real, k = {}, 0
    for holder, size in enumerate(sizes):
        real[holder] = cards[k:k + size]
        k += size
    voids = {h: frozenset(s for s in Suit if not any(c.suit == s for c in real[h]) and stream.below(2)) for h in real}
    barred = {h: sum(c.bit for c in cards if c not in real[h] and stream.below(3) == 0) for h in real}
    known = {0: tuple(real[0][:1])}
    return Hidden(tuple(c for c in cards if c not in known[0]), dict(enumerate(sizes)), voids, known, barred), real


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(0, 13), min_size=2, max_size=3),
       void_seed=st.integers(0, 2**32))
def test_every_sample_honours_sizes_voids_barred_and_known_cards(seed, sizes, void_seed):
    hidden, real = _hidden_of_a_real_deal(sizes, Stream(void_seed))
    sample = deal_hidden(hidden, Stream(seed))
    assert sorted(c for h in sample for c in sample[h]) == sorted(c for h in real for c in real[h])
    for holder, size in enumerate(sizes):
        assert len(sample[holder]) == size
        assert not any(c.suit in hidden.voids[holder] for c in sample[holder])
        assert not any(c.bit & hidden.barred[holder] for c in sample[holder])
    assert set(hidden.known[0]) <= set(sample[0])


def _reference_deal(hidden, stream):
    """The plain Python dealing that the kernel's deal_hidden_once compiles (its module docstring): the holders'
    cards, or None at a dead end."""
    holders = list(hidden.sizes)
    room = {h: hidden.sizes[h] - len(hidden.known.get(h, ())) for h in holders}
    eligible = [(len(takers), card, takers) for card in hidden.cards
                for takers in [[h for h in holders if card.suit not in hidden.voids.get(h, ())
                                and not hidden.barred.get(h, 0) & card.bit]]]
    order = stream.shuffle(eligible)
    order.sort(key=itemgetter(0))
    out = {h: set(hidden.known.get(h, ())) for h in holders}
    free = next((k for k, (count, _, _) in enumerate(order) if count == len(holders)), len(order))
    for _, card, takers in order[:free]:
        takers = [h for h in takers if room[h] > 0]
        if not takers:
            return None
        pick = stream.below(sum(room[h] for h in takers))
        for h in takers:
            pick -= room[h]
            if pick < 0:
                break
        out[h].add(card)
        room[h] -= 1
    for h in holders:
        out[h].update(card for _, card, _ in order[free:free + room[h]])
        free += room[h]
    return out


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(0, 13), min_size=2, max_size=4),
       void_seed=st.integers(0, 2**32), cut=st.booleans())
def test_the_compiled_dealing_draws_as_its_reference(seed, sizes, void_seed, cut):
    hidden, _ = _hidden_of_a_real_deal(sizes, Stream(void_seed))
    if cut:    # voids that no deal can honour: the dead ends must agree too
        hidden = Hidden(hidden.cards, hidden.sizes, {h: frozenset(Suit) for h in hidden.sizes}, hidden.known)
    ours, theirs = Stream(seed), Stream(seed)
    # deal_hidden deals twice as often as it tests: a dead end is dealt again.
    dealt = _reference_deal(hidden, theirs) or _reference_deal(hidden, theirs)
    try:
        sample = deal_hidden(hidden, ours, tries=1)
    except InputError:
        assert dealt is None
    else:
        assert {h: set(cards) for h, cards in sample.items()} == dealt
        assert ours.state == theirs.state


def test_the_sample_with_the_fewest_faults_stands_when_none_fits():
    cards = tuple(DECK52.cards[:10])
    counted = []

    def faults(sample):
        counted.append(sample)
        return 1 + (sample["a"] & 1)    # never 0; 1 when "a" lacks the lowest bit's card

    sample = deal_hidden(Hidden(cards, {"a": 5, "b": 5}, faults=faults), Stream(1))
    assert len(sample["a"]) == len(sample["b"]) == 5 and len(counted) == TRIES
    assert not any(c.bit & 1 for c in sample["a"])
    fits = deal_hidden(Hidden(cards, {"a": 5, "b": 5}, faults=lambda s: s["a"] & 1), Stream(1))
    assert not any(c.bit & 1 for c in fits["a"])


def test_the_same_stream_gives_the_same_samples():
    hidden = Hidden(tuple(DECK52.cards[:26]), {1: 13, 3: 13}, {1: frozenset({Suit.C})})
    assert deal_hidden(hidden, Stream(5, 2)) == deal_hidden(hidden, Stream(5, 2))
    assert deal_hidden(hidden, Stream(5, 2)) != deal_hidden(hidden, Stream(6, 2))


def test_hidden_cards_must_match_the_sizes():
    with pytest.raises(InputError, match="unseen"):
        Hidden(tuple(DECK52.cards[:3]), {1: 2})
    with pytest.raises(InputError, match="at most 8 holders"):
        Hidden((), dict.fromkeys(range(9), 0))


def test_voids_shown_include_trumps_under_the_must_trump_rule():
    spade, heart, club = Card(Suit.S, Rank.ACE), Card(Suit.H, Rank.TWO), Card(Suit.C, Rank.TWO)
    tricks = [(0, [(0, spade), (1, heart), (2, club)])]
    assert voids_shown(TrickRules(3, "H", True, True), tricks) == {1: {Suit.S}, 2: {Suit.S, Suit.H}}
    assert voids_shown(TrickRules(3, "H"), tricks) == {1: {Suit.S}, 2: {Suit.S}}


def test_equivalent_cards_need_no_search():
    king, queen, jack = (Card(Suit.H, r) for r in (Rank.KING, Rank.QUEEN, Rank.JACK))
    ten = Card(Suit.H, Rank.TEN)
    assert equivalent_lowest([king, jack], queen.bit, ()) == jack
    assert equivalent_lowest([king, jack], 0, ()) is None
    assert equivalent_lowest([king, queen, jack, ten], 0, ()) == ten
    assert equivalent_lowest([king, Card(Suit.S, Rank.KING)], 0, ()) is None


def test_a_card_on_the_trick_in_progress_still_separates():
    # Partner's queen, led to this trick, wins it over the six but not over the ace: overtaking (say, to reach
    # the hand's winners) is a choice, and only the queens of completed tricks are gone.
    ace, queen, six = (Card(Suit.D, r) for r in (Rank.ACE, Rank.QUEEN, Rank.SIX))
    between = sum(Card(Suit.D, r).bit for r in range(Rank.SEVEN, Rank.ACE))
    assert equivalent_lowest([ace, six], between, (queen,)) is None
    assert equivalent_lowest([ace, six], between, ()) == six


def test_the_rules_choose_by_mean_or_by_most_often_best():
    hidden = Hidden((), {})
    rows = iter([{"a": 3, "b": 0}, {"a": 0, "b": 1}, {"a": 0, "b": 1}])
    assert choose(["a", "b"], hidden, lambda s, alive: next(rows), SamplingSettings(3), Stream(0)) == "a"
    rows = iter([{"a": 3, "b": 0}, {"a": 0, "b": 1}, {"a": 0, "b": 1}])
    assert choose(["a", "b"], hidden, lambda s, alive: next(rows), SamplingSettings(3, rule="best"), Stream(0)) == "b"
    rows = iter([{"a": 3, "b": 0}])
    assert choose(["b", "a"], hidden, lambda s, alive: next(rows), SamplingSettings(1), Stream(0), minimise=True) == "b"
    assert choose(["b", "a"], hidden, lambda s, alive: {"a": 1, "b": 1}, SamplingSettings(2), Stream(0)) == "b"
    # The contract: "b" makes 7 tricks in every sample, "a" more on average but only once.
    contract = SamplingSettings(3, rule="contract")
    rows = iter([{"a": 12, "b": 7}, {"a": 5, "b": 7}, {"a": 6, "b": 7}])
    assert choose(["a", "b"], hidden, lambda s, alive: next(rows), contract, Stream(0), target=7) == "b"
    rows = iter([{"a": 12, "b": 7}, {"a": 5, "b": 7}, {"a": 6, "b": 7}])
    assert choose(["a", "b"], hidden, lambda s, alive: next(rows), contract, Stream(0)) == "a"   # no contract: the mean
    # IMPs: the utility of each sample decides, the mean of tricks where there is none.
    imps = SamplingSettings(4, rule="imps")
    table = [{"a": 10, "b": 9}, {"a": 10, "b": 9}, {"a": 10, "b": 9}, {"a": 8, "b": 9}]
    worth = {8: -450, 9: 400, 10: 430}          # 3NT not vulnerable: one overtrick against the contract

    def lost(values):
        top = max(worth[v] for v in values.values())
        return {c: (0 if worth[v] == top else -1 if top - worth[v] < 50 else -10) for c, v in values.items()}

    rows = iter(table)
    assert choose(["a", "b"], hidden, lambda s, alive: next(rows), imps, Stream(0), utility=lost) == "b"
    rows = iter(table)
    assert choose(["a", "b"], hidden, lambda s, alive: next(rows), imps, Stream(0)) == "a"   # no utility: the mean


def test_a_choice_worse_than_another_in_every_sample_leaves_the_contention():
    hidden = Hidden((), {})
    seen = []

    def value(sample, alive):
        seen.append(tuple(alive))
        return {"a": 5, "b": 4, "c": 5 if len(seen) % 2 else 6}

    # "b" is worse than "a" in every sample: from the SETTLE-th on it is no longer valued; "a" and "c" stay.
    assert choose(["a", "b", "c"], hidden, value, SamplingSettings(8), Stream(0)) == "c"
    assert seen == [("a", "b", "c")] * SETTLE + [("a", "c")] * (8 - SETTLE)
    # One choice better than every other in every sample: the sampling stops at the SETTLE-th.
    seen.clear()
    assert choose(["a", "b"], hidden, lambda s, alive: seen.append(alive) or {"a": 1, "b": 2},
                  SamplingSettings(8), Stream(0)) == "b"
    assert len(seen) == SETTLE
    # Equal choices never leave: all eight samples are dealt.
    seen.clear()
    choose(["a", "b"], hidden, lambda s, alive: seen.append(alive) or {"a": 1, "b": 1}, SamplingSettings(8), Stream(0))
    assert len(seen) == 8


def test_a_time_budget_stops_the_sampling_early():
    calls = []
    hidden = Hidden((), {})
    choose(["a"], hidden, lambda s, alive: calls.append(1) or {"a": 0}, SamplingSettings(50, budget=1e-9), Stream(0))
    assert len(calls) == 1


@pytest.mark.parametrize("options, message", [({"samples": 0}, "at least 1"), ({"budget": -1.0}, "positive"),
                                              ({"rule": "vote"}, "rule"), ({"from_trick": 0}, "from_trick"),
                                              ({"from_trick": 14}, "from 1 to 13"),
                                              ({"lead": "best"}, "lead"),
                                              ({"depth": 3}, "not an option")])
def test_bad_settings_are_refused(options, message):
    with pytest.raises(InputError, match=message):
        SamplingSettings.of(options, SAMPLING_OPTIONS + (FROM_TRICK, OPENING_LEAD))


def test_agent_options_are_read_once_for_every_game():
    spec = agent_spec("bridge", "pimc samples=4 rule=BEST budget=0.5")
    assert spec.name == "pimc samples=4 rule=BEST budget=0.5" and spec.cls.name == "pimc"
    agent = spec(2, 9)
    # Bridge samples its first trick after the opening lead by default; whist leaves it to its heuristic player.
    assert agent.settings == SamplingSettings(4, 0.5, "best", 1, "suit") and agent.seat == 2 and agent.seed == 9
    assert agent_spec("whist", "pimc").cls(0).settings.from_trick == 2
    assert agent_spec("whist", "heuristic").name == "heuristic"
    specs, names = agent_classes("preferans", "pimc samples=2,heuristic,random", 3)
    assert names == ("pimc samples=2", "heuristic", "random") and specs[0](0).settings.samples == 2


@pytest.mark.parametrize("text, message", [("pimc samples=many", "takes int"), ("pimc depth=2", "not an option"),
                                           ("pimc samples", "key=value"), ("heuristic samples=2", "its options: style"),
                                           ("pimc rule=vote", "mean or best")])
def test_bad_agent_options_name_the_agent_and_its_options(text, message):
    with pytest.raises(InputError, match=message):
        agent_spec("bridge", text)


@pytest.mark.parametrize("game", ["bridge", "whist"])
def test_an_agent_option_given_twice_is_refused(game):
    """"pimc samples=1 samples=2" took the last value without a word."""
    with pytest.raises(InputError, match="samples twice"):
        agent_spec(game, "pimc samples=1 samples=2")
