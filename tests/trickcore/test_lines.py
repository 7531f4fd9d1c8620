"""Lines of play valued double dummy (trickcore.lines): the value after each card of a random line and every card
of a best line agree with the brute-force oracle on small endings of four and three seats; a best line keeps the
value at every step; a card that may not be played is refused by its place in the line."""
import random

import pytest

from trickcore import brute
from trickcore.cards import DECK52, Suit, parse_card
from trickcore.errors import IllegalPlay, InputError
from trickcore.lines import best_line, line_values, preference, seats_of
from trickcore.play import PlayState
from trickcore.rules import TrickRules
from trickcore.solver import Position


def _bridge_ending(rng, k):
    """A random 4-seat ending of ``k`` cards a hand: its Position (a random trump, leader and reported seat)."""
    deck = list(DECK52.cards)
    rng.shuffle(deck)
    hands = [deck[i * k:(i + 1) * k] for i in range(4)]
    rules = TrickRules(4, rng.choice([*Suit, None]))
    return Position(rules, hands, leader=rng.randrange(4), seat=rng.randrange(4))


def _three_seat_ending(rng, k):
    """A random 3-seat ending from the 32-card deck, one seat playing alone against the two others."""
    hands, _ = brute.preferans_ending(rng, k)
    declarer = rng.randrange(3)
    return Position(TrickRules(3, rng.choice([*Suit, None])), hands, leader=rng.randrange(3), seat=declarer,
                    declarer=declarer)


def _oracle(position, state):
    """The brute-force value of ``state`` (reached from ``position``): tricks won since plus the minimax of the
    rest, for the counted seats."""
    counted, maxim = position.masks()
    won = sum(n for seat, n in enumerate(state.tricks_won) if (counted >> seat) & 1)
    if state.is_over:
        return won
    return won + brute.minimax(position.rules, state.hands, state.leader, state.current_trick, counted, maxim)


def _random_line(rng, position):
    state = PlayState(position.rules, position.hands, position.leader, position.trick)
    line = []
    while not state.is_over:
        card = rng.choice(sorted(state.legal_cards()))
        state.play(card)
        line.append(card)
    return line


ENDINGS = [(_bridge_ending, 3100), (_three_seat_ending, 3200)]


@pytest.mark.parametrize("ending, seed", ENDINGS)
def test_the_value_after_every_card_of_a_random_line_is_the_oracles(ending, seed):
    rng = random.Random(seed)
    for _ in range(20):
        position = ending(rng, rng.randint(1, 3))
        line = _random_line(rng, position)
        values = line_values(position, line)
        state = PlayState(position.rules, position.hands, position.leader)
        expected = [_oracle(position, state)]
        for card in line:
            state.play(card)
            expected.append(_oracle(position, state))
        assert list(values) == expected, (position, line)


@pytest.mark.parametrize("ending, seed", ENDINGS)
def test_a_best_line_plays_the_first_preferred_of_the_best_cards_and_keeps_the_value(ending, seed):
    rng = random.Random(seed + 50)
    for _ in range(20):
        position = ending(rng, rng.randint(1, 3))
        line = best_line(position)
        counted, maxim = position.masks()
        state = PlayState(position.rules, position.hands, position.leader)
        for card in line:
            values = brute.card_values(position.rules, state.hands, state.leader, state.current_trick, counted, maxim)
            best = (max if (maxim >> state.turn) & 1 else min)(values.values())
            assert card == min((c for c, v in values.items() if v == best), key=preference), (position, line)
            state.play(card)
        assert state.is_over
        values = line_values(position, line)
        assert set(values) == {values[0]}, (position, line)


def test_a_line_from_a_trick_in_progress_counts_the_trick_and_names_its_seats():
    # E led S2; S, W and N still to play to the last trick: N's ace wins it for N-S.
    hands = [[parse_card("SA")], [], [parse_card("HA")], [parse_card("S3")]]
    position = Position(TrickRules(4, None), hands, leader=1, trick=[parse_card("S2")], seat=0)
    line = best_line(position)
    assert [str(card) for card in line] == ["HA", "S3", "SA"]
    assert seats_of(position, line) == (2, 3, 0)
    assert line_values(position, line) == (1, 1, 1, 1)


def test_cards_that_may_not_be_played_are_refused_by_their_place():
    hands = [[parse_card(card) for card in hand] for hand in (["SA", "H2"], ["S2", "H3"], ["S3", "H4"], ["S4", "H5"])]
    position = Position(TrickRules(4, None), hands, leader=0)
    with pytest.raises(IllegalPlay, match="card 2 of the line"):
        line_values(position, [parse_card("SA"), parse_card("H3")])
    with pytest.raises(IllegalPlay, match="card 1 of the line"):
        seats_of(position, [parse_card("S2")])
    with pytest.raises(InputError, match="is not a Card"):
        line_values(position, ["SA"])
    with pytest.raises(InputError, match="expected a Position"):
        best_line("N:A.2.3.4")
