"""Gusarik's duck rule (variants-preferans.md §1.10, D10): the legal cards, who takes a trick, and the exact
search of trickcore.duck against the brute-force oracle on random positions."""
import pytest
from hypothesis import given, settings, strategies as st

from trickcore.brute import duck_minimax
from trickcore.cards import DECK32, parse_card
from trickcore.duck import duck_fewest_tricks, duck_legal, follower_wins
from trickcore.errors import InputError, InvalidDeal


def cards(text):
    return [parse_card(t) for t in text.split()]


def test_the_follower_must_play_a_card_lower_than_the_card_led_if_he_has_one():
    hand = cards("AS 9S 7S KH")
    assert set(duck_legal(hand, parse_card("TS"))) == set(cards("9S 7S"))      # either lower card, his choice


def test_with_only_higher_cards_of_the_suit_he_plays_one_and_takes_the_trick():
    hand = cards("AS KS 7H")
    assert set(duck_legal(hand, parse_card("TS"))) == set(cards("AS KS"))
    assert follower_wins(parse_card("TS"), parse_card("KS"))


def test_a_void_follower_plays_any_card_and_the_leader_takes_the_trick():
    hand = cards("AH 8D")
    assert set(duck_legal(hand, parse_card("7S"))) == set(hand)
    assert not follower_wins(parse_card("7S"), parse_card("AH"))


def test_the_leader_may_lead_any_card():
    hand = cards("AS 7D")
    assert set(duck_legal(hand)) == set(hand)


def test_a_lone_high_card_facing_the_whole_suit_takes_every_trick_it_cannot_give_away():
    # A holds the ace of spades only; B the rest of the suit: whoever leads, the ace wins its trick.
    assert duck_fewest_tricks((cards("AS"), cards("7S")), 0, 0) == 1
    assert duck_fewest_tricks((cards("AS"), cards("7S")), 0, 1) == 1


def test_bad_positions_are_refused():
    with pytest.raises(InvalidDeal):
        duck_fewest_tricks((cards("AS 7S"), cards("8S")), 0, 0)
    with pytest.raises(InvalidDeal):
        duck_fewest_tricks((cards("AS"), cards("AS")), 0, 0)
    with pytest.raises(InputError):
        duck_fewest_tricks((cards("AS"), cards("8S")), 2, 0)


@settings(max_examples=60, deadline=None)
@given(st.permutations(DECK32.cards), st.integers(1, 4), st.integers(0, 1), st.integers(0, 1))
def test_the_search_agrees_with_the_brute_force_oracle(deck, k, leader, seat):
    hands = (tuple(deck[:k]), tuple(deck[k:2 * k]))
    assert duck_fewest_tricks(hands, seat, leader) == duck_minimax(hands, leader, seat)


@settings(max_examples=40, deadline=None)
@given(st.permutations(DECK32.cards), st.integers(1, 5), st.integers(0, 1))
def test_the_two_hands_results_sum_to_the_tricks(deck, k, leader):
    hands = (tuple(deck[:k]), tuple(deck[k:2 * k]))
    assert duck_fewest_tricks(hands, 0, leader) + duck_fewest_tricks(hands, 1, leader) == k


@settings(max_examples=40, deadline=None)
@given(st.permutations(DECK32.cards), st.integers(1, 4), st.integers(0, 1))
def test_a_position_after_the_lead_is_the_best_answer_to_it(deck, k, leader):
    hands = [tuple(deck[:k]), tuple(deck[k:2 * k])]
    best = min if leader == 0 else max        # hand 0 keeps his tricks down, hand 1 pushes them up
    values = []
    for lead in hands[leader]:
        rest = list(hands)
        rest[leader] = tuple(c for c in hands[leader] if c != lead)
        values.append(duck_fewest_tricks(rest, 0, leader, lead))
    assert best(values) == duck_fewest_tricks(hands, 0, leader)
