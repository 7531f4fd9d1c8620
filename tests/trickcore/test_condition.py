"""The condition language of constrained dealing, and the kernel's batch dealer that runs it: every feature on
known hands, the reader's errors, and the kernel against the plain-Python evaluation on random conditions."""
import pytest
from hypothesis import given, settings, strategies as st

from trickcore.cards import hand_mask, parse_hand
from trickcore.condition import compile_condition, evaluate
from trickcore.dealing import deal_batch, deal_one, deal_where, owner_sizes, parse_predeal
from trickcore.errors import InputError, NotationError
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.preferans.game import PREFERANS

NAMES = BRIDGE.hand_names()
PLAN = BRIDGE.dealing_plan(0)
SIZES = owner_sizes(PLAN)


def value(text, *hands):
    """The value of an expression on hands given as PBN hands, north first (missing hands empty)."""
    masks = [hand_mask(parse_hand(h)) for h in hands] + [0] * (5 - len(hands))
    return evaluate(compile_condition(text, NAMES, SIZES).tree, masks)


@pytest.mark.parametrize("text, expected", [
    ("hcp(north)", 4 + 3 + 2 + 1 + 4 + 3),          # AKQJ of spades, AK of hearts
    ("hcp(north, spades)", 10),
    ("hcp(n, H)", 7),
    ("controls(north)", 2 + 1 + 2 + 1),
    ("controls(north, hearts)", 3),
    ("spades(north)", 5),
    ("hearts(north)", 3),
    ("diamonds(north)", 3),
    ("clubs(north)", 2),
    ("length(north, D)", 3),
    ("hascard(north, SA)", 1),
    ("hascard(north, DA)", 0),
    # losing-trick count: AKQJ2 0, AK2 1, 432 3, 32 2
    ("losers(north)", 6),
    ("losers(north, clubs)", 2),
    ("losers(north, hearts)", 1),
    ("shape(north, 5332)", 1),
    ("shape(north, any 3352)", 1),
    ("shape(north, 5xxx)", 1),
    ("shape(north, x5xx)", 0),
    ("shape(north, 5-3-3-2)", 1),
    ("shape(north, 5+M)", 1),
    ("shape(north, 5+m)", 0),
    ("shape(north, any 5332 - 5xxx)", 0),
    ("shape(north, 4333 + 5+S)", 1),
    ("hcp(north) + hcp(south) * 2 - -1", 17 + 2 * 0 + 1),
    ("hcp(north) >= 15 and hcp(north) <= 17", 1),
    ("not hcp(north) > 16 || spades(north) == 4", 0),
    ("!(hcp(north) != 17) && clubs(north) < 3", 1),
])
def test_features_of_a_known_hand(text, expected):
    assert value(text, "AKQJ2.AK2.432.32", "T98.QJT9.KJT9.54") == expected


def test_losing_trick_count_of_a_long_suit_counts_three_cards_at_most():
    assert value("losers(north)", "A.K.Q.JT98765432") == 0 + 1 + 1 + 3


def test_losing_trick_count_of_doubletons_and_singletons():
    # AK 0, Ax 1, KQ 1, Qx 2, singleton A 0, singleton K 1, void 0
    assert value("losers(north, S)", "AK...") == 0
    assert value("losers(north, S)", "A2...") == 1
    assert value("losers(north, S)", "KQ...") == 1
    assert value("losers(north, S)", "Q2...") == 2
    assert value("losers(north, S)", "A...") == 0
    assert value("losers(north, S)", "K...") == 1
    assert value("losers(north, S)", "...") == 0


def test_any_shape_covers_every_suit_order():
    condition = compile_condition("shape(north, any 4432)", NAMES, SIZES)
    shapes = {s for s in condition.tree.arg}
    assert len(shapes) == 12 and (2, 4, 3, 4) in shapes


@pytest.mark.parametrize("text, where", [
    ("", "empty"),
    ("hcp(nort) > 3", "'nort' is not a hand"),
    ("hcp(north > 3", "expected ')'"),
    ("hcp(north) >", "unexpected end"),
    ("hcp(north) 3", "unexpected '3'"),
    ("points(north) > 3", "unknown function 'points'"),
    ("hascard(north, ZZ)", "'ZZ' is not a card"),
    ("hcp(north, X) > 1", "'X' is not a suit"),
    ("shape(north, 4334)", "does not add up to a hand of 13 cards"),
    ("shape(north, 44)", "expected a shape"),
    ("shape(north, 4333 4432)", "join shapes with + or -"),
    ("hcp(north) > 3 $", "cannot read '$'"),
    ("hcp(north) > 99999999999", "too large"),
])
def test_an_unreadable_condition_is_one_located_error(text, where):
    with pytest.raises(NotationError) as caught:
        compile_condition(text, NAMES, SIZES)
    assert where in str(caught.value) and caught.value.field == "where"


def test_deeply_nested_conditions_are_refused_not_crashed():
    text = "(" * 70 + "1" + ")" * 70
    compile_condition(text, NAMES, SIZES)   # parentheses alone need no stack
    with pytest.raises(InputError, match="nests deeper"):
        compile_condition("1 + (" * 70 + "1" + ")" * 70, NAMES, SIZES)


@pytest.mark.parametrize("text", ["(" * 1000 + "1" + ")" * 1000, "not " * 5000 + "1", "1+" * 600 + "1",
                                  "-" * 5000 + "1"])
def test_conditions_past_the_reader_s_recursion_are_refused_not_crashed(text):
    """Found by probing `tricks deal --where`: a RecursionError traceback."""
    with pytest.raises(InputError) as caught:
        compile_condition(text, NAMES, SIZES)
    assert caught.value.field == "where" and "too deeply" in str(caught.value)


def test_arithmetic_that_could_overflow_the_kernel_is_refused():
    compile_condition(" * ".join(["hcp(north)"] * 10) + " > 5", NAMES, SIZES)
    with pytest.raises(InputError, match="exceed"):
        compile_condition(" * ".join(["hcp(north)"] * 11) + " > 5", NAMES, SIZES)


# Random conditions, written as text, for the kernel-versus-Python property.
HANDS = st.sampled_from(["north", "east", "south", "west"])
SUITS = st.sampled_from(["spades", "hearts", "diamonds", "clubs", "S", "H"])
FEATURE = st.one_of(
    st.builds("hcp({})".format, HANDS),
    st.builds("hcp({}, {})".format, HANDS, SUITS),
    st.builds("controls({})".format, HANDS),
    st.builds("losers({}, {})".format, HANDS, SUITS),
    st.builds("losers({})".format, HANDS),
    st.builds("{}({})".format, st.sampled_from(["spades", "hearts", "diamonds", "clubs"]), HANDS),
    st.builds("hascard({}, {})".format, HANDS, st.sampled_from(["SA", "HK", "D2", "CT"])),
    st.builds("shape({}, {})".format, HANDS, st.sampled_from(
        ["any 4333 + any 4432", "5+M", "any 5431 - 5xxx", "4xxx + x4xx", "3-3-3-4", "6+m + any 7xxx"])),
)
NUMBER = st.integers(0, 20).map(str)
TERM = st.one_of(FEATURE, NUMBER)
SUM = st.builds("{} {} {}".format, TERM, st.sampled_from(["+", "-", "*"]), TERM) | TERM
COMPARISON = st.builds("{} {} {}".format, SUM, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), NUMBER)
CONDITION = st.recursive(COMPARISON, lambda inner: st.one_of(
    st.builds("({}) and ({})".format, inner, inner),
    st.builds("({}) or ({})".format, inner, inner),
    st.builds("not ({})".format, inner)), max_leaves=6)


def first_qualifying(plan, seed, condition, count, tries):
    """The candidate numbers of the first ``count`` qualifying deals among ``tries``, in plain Python."""
    found = []
    for k in range(tries):
        deal = deal_one(plan, seed, k)
        if condition.holds([*deal.masks(), hand_mask(deal.talon)]):
            found.append(k)
            if len(found) == count:
                break
    return found


@settings(max_examples=60, deadline=None)
@given(text=CONDITION, seed=st.integers(0, 2**64 - 1))
def test_the_kernel_keeps_exactly_the_deals_the_python_evaluation_keeps(text, seed):
    condition = compile_condition(text, NAMES, SIZES)
    expected = first_qualifying(PLAN, seed, condition, 5, 300)
    try:
        batch = deal_where(PLAN, seed, 5, condition, tries=300)
    except InputError:
        assert len(expected) < 5
        return
    assert [batch.number(i) for i in range(len(batch))] == expected
    assert [batch[i] for i in range(len(batch))] == [deal_one(PLAN, seed, k) for k in expected]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), split=st.integers(0, 30))
def test_the_deals_chosen_do_not_depend_on_how_the_run_is_split(seed, split):
    condition = compile_condition("hcp(north) >= 12 and shape(north, 5+M)", NAMES, SIZES)
    whole = deal_where(PLAN, seed, 30, condition)
    first = deal_where(PLAN, seed, split, condition)
    rest = deal_where(PLAN, seed, 30 - split, condition, start=first.next_number)
    assert list(first) + list(rest) == list(whole)
    assert [first.number(i) for i in range(split)] + [rest.number(i) for i in range(30 - split)] == \
        [whole.number(i) for i in range(30)]


def test_without_a_condition_the_deals_are_the_plain_seeded_deals():
    assert list(deal_where(PLAN, 11, 50).masks) == list(deal_batch(PLAN, 11, 50).masks)


def test_predealt_cards_are_in_every_deal_and_the_rest_is_shuffled():
    predealt = parse_predeal("north=AKQ.AK..; south=SJ, ST, C2", NAMES, PLAN)
    batch = deal_where(PLAN, 3, 40, predealt=predealt)
    north, south = hand_mask(parse_hand("AKQ.AK..")), hand_mask(parse_hand("JT...2"))
    for deal in batch:
        masks = deal.masks()
        assert masks[0] & north == north and masks[2] & south == south
        assert [len(h) for h in deal.hands] == [13, 13, 13, 13]
    assert len({deal.hands[1] for deal in batch}) == 40


def test_a_python_callable_runs_on_the_deals_the_kernel_kept():
    condition = compile_condition("hcp(north) >= 10", NAMES, SIZES)
    batch = deal_where(PLAN, 5, 10, condition, accept=lambda deal: len([c for c in deal.hands[0] if c.suit == 0]) >= 5)
    for deal in batch:
        masks = [*deal.masks(), 0]
        assert condition.holds(masks)
        assert sum(1 for c in deal.hands[0] if c.suit == 0) >= 5


@pytest.mark.parametrize("text, message", [
    ("north=SA; south=SA", "predealt twice"),
    ("north=AKQJT98765432.A..", "holds 13 cards"),
    ("middle=SA", "HAND=CARDS"),
    ("north SA", "HAND=CARDS"),
    ("north=SZ", "not a card"),
])
def test_bad_predealt_cards_are_one_error(text, message):
    with pytest.raises(NotationError, match=message):
        parse_predeal(text, NAMES, PLAN)


def test_preferans_conditions_name_the_hands_and_the_talon():
    batch = PREFERANS.deal_where(4, 10, "hcp(talon) >= 4 and spades(hand1) >= 4", predeal="talon=SA")
    for deal in batch:
        assert any(c.rank == 14 and c.suit == 0 for c in deal.talon)
        assert sum(1 for c in deal.hands[0] if c.suit == 0) >= 4
        assert len(deal.talon) == 2 and [len(h) for h in deal.hands] == [10, 10, 10]


def test_an_impossible_condition_stops_at_the_number_of_tries():
    with pytest.raises(InputError, match="only 0 of 1 deals qualify among 1000 candidates"):
        BRIDGE.deal_where(0, 1, "hcp(north) > 37", tries=1000)
