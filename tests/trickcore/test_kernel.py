"""The kernel against the pure-Python reference on random positions, and the play invariants."""
import pytest
from hypothesis import given, settings, strategies as st

from trickcore import reference
from trickcore.cards import DECK32, DECK52, Suit
from trickcore.dealing import Deal
from trickcore.errors import IllegalPlay, InputError, InvalidDeal
from trickcore.play import PlayState, legal_cards, playout_batch, random_playout, trick_winner
from trickcore.rng import Stream
from trickcore.rules import TrickRules


@st.composite
def rules(draw):
    n_seats = draw(st.sampled_from([3, 4]))
    trump = draw(st.sampled_from([None, *Suit]))
    must_trump = draw(st.booleans())
    return TrickRules(n_seats, trump, True, must_trump)


@st.composite
def positions(draw):
    """Rules, hands of ``size`` cards (one fewer for seats already in the trick), leader and the partial trick."""
    r = draw(rules())
    deck = list(draw(st.sampled_from([DECK52, DECK32])).cards)
    size = draw(st.integers(1, len(deck) // r.n_seats))
    cards = draw(st.permutations(deck))
    hands = [cards[k * size:(k + 1) * size] for k in range(r.n_seats)]
    leader = draw(st.integers(0, r.n_seats - 1))
    in_trick = draw(st.integers(0, r.n_seats - 1))
    trick = []
    for k in range(in_trick):
        hand = hands[(leader + k) % r.n_seats]
        trick.append(hand.pop(draw(st.integers(0, len(hand) - 1))))
    return r, hands, leader, trick


@settings(max_examples=400, deadline=None)
@given(positions())
def test_legal_cards_match_reference(position):
    r, hands, leader, trick = position
    seat = (leader + len(trick)) % r.n_seats
    kernel = legal_cards(r, hands[seat], trick)
    assert set(kernel) == reference.legal_cards(r, hands[seat], trick)
    assert kernel, "a legal card always exists"


@settings(max_examples=200, deadline=None)
@given(rules(), st.data())
def test_the_winner_of_a_trick_in_progress_is_the_card_winning_so_far(r, data):
    size = data.draw(st.integers(1, r.n_seats - 1))
    cards = data.draw(st.lists(st.sampled_from(DECK52.cards), min_size=size, max_size=size, unique=True))
    leader = data.draw(st.integers(0, r.n_seats - 1))
    winner = trick_winner(r, cards, leader)
    assert winner == reference.trick_winner(r, cards, leader)
    card = cards[(winner - leader) % r.n_seats]
    trumps = [c for c in cards if c.suit == r.trump]
    assert card == max(trumps or [c for c in cards if c.suit == cards[0].suit], key=lambda c: c.rank)


@settings(max_examples=400, deadline=None)
@given(rules(), st.data())
def test_trick_winner_matches_reference(r, data):
    cards = data.draw(st.lists(st.sampled_from(DECK52.cards), min_size=r.n_seats, max_size=r.n_seats,
                               unique=True))
    leader = data.draw(st.integers(0, r.n_seats - 1))
    winner = trick_winner(r, cards, leader)
    assert winner == reference.trick_winner(r, cards, leader)
    card = cards[(winner - leader) % r.n_seats]
    trumps = [c for c in cards if c.suit == r.trump]
    pool = trumps or [c for c in cards if c.suit == cards[0].suit]
    assert card == max(pool, key=lambda c: c.rank)   # the highest trump, else the highest card of the led suit


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 2**64 - 1))
def test_play_state_matches_reference_to_the_end_and_undoes(position, seed):
    r, hands, leader, trick = position
    state = PlayState(r, hands, leader, trick)
    held = [set(h) for h in hands]
    current, turn, won = list(trick), (leader + len(trick)) % r.n_seats, [0] * r.n_seats
    lead = leader
    played = 0
    stream = Stream(seed)
    while not state.is_over:
        assert state.turn == turn
        options = reference.legal_cards(r, held[turn], current)
        assert set(state.legal_cards()) == options and options
        card = sorted(options, key=lambda c: c.index)[stream.below(len(options))]
        state.play(card)
        played += 1
        held[turn].remove(card)
        current.append(card)
        if len(current) == r.n_seats:
            lead = reference.trick_winner(r, current, lead)
            won[lead] += 1
            current, turn = [], lead
        else:
            turn = (turn + 1) % r.n_seats
    assert list(state.tricks_won) == won
    assert sum(won) == (len(trick) + sum(len(h) for h in hands)) // r.n_seats
    for _ in range(played):
        state.undo()
    assert state.hands == [frozenset(h) for h in hands]
    assert state.current_trick == trick and state.leader == leader and state.tricks_won == (0,) * r.n_seats
    with pytest.raises(InputError):
        state.undo()


@settings(max_examples=100, deadline=None)
@given(rules(), st.integers(0, 2**64 - 1), st.integers(0, 2**32), st.data())
def test_random_playout_matches_reference(r, seed, index, data):
    deck = DECK52 if r.n_seats == 4 else DECK32
    cards = data.draw(st.permutations(deck.cards))
    size = len(deck) // r.n_seats
    hands = [cards[k * size:(k + 1) * size] for k in range(r.n_seats)]
    deal = Deal(hands, cards[r.n_seats * size:], deck)
    leader = data.draw(st.integers(0, r.n_seats - 1))
    record = random_playout(r, deal, leader, seed, index)
    won, order = reference.random_playout(r, hands, leader, seed, index)
    assert list(record.tricks_won) == won
    assert [c for t in record.tricks for c in t.cards] == order
    assert sum(record.tricks_won) == size
    assert playout_batch(r, [deal], leader, seed)[0] == tuple(reference.random_playout(r, hands, leader, seed, 0)[0])


def test_batch_rows_equal_single_playouts_and_split_batches_agree():
    from trickcore.games.bridge.game import BRIDGE
    r = TrickRules(4, "H")
    batch = BRIDGE.deal_batch(11, 200)
    results = playout_batch(r, batch, 1, seed=3)
    for i in (0, 57, 199):
        assert results[i] == random_playout(r, batch[i], 1, 3, i).tricks_won
    tail = playout_batch(r, BRIDGE.deal_batch(11, 100, start=100), 1, seed=3)
    assert [tail[i] for i in range(100)] == [results[100 + i] for i in range(100)]
    assert all(sum(results[i]) == 13 for i in range(len(results)))
    assert playout_batch(r, batch, 1, seed=3).tricks == results.tricks


def test_per_deal_trumps_in_a_batch():
    from trickcore.games.whist.game import WHIST
    batch = WHIST.deal_batch(4, 30)
    trumps = WHIST.natural_trumps(batch)
    results = playout_batch(TrickRules(4), batch, 1, seed=8, trumps=trumps)
    for i in (0, 29):
        assert results[i] == random_playout(TrickRules(4, trumps[i]), batch[i], 1, 8, i).tricks_won
    with pytest.raises(InputError):
        playout_batch(TrickRules(4), batch, 1, seed=8, trumps=trumps[:3])


def test_must_trump_rule():
    from trickcore.cards import parse_hand
    hand = parse_hand("A7..K8.7")           # void in hearts, holds spades (trump)
    led = [c for c in parse_hand(".A..")]
    assert {str(c) for c in legal_cards(TrickRules(3, "S", True, True), hand, led)} == {"SA", "S7"}
    assert len(legal_cards(TrickRules(3, "S", True, False), hand, led)) == 5
    assert len(legal_cards(TrickRules(3, None, True, True), hand, led)) == 5


def test_validation_keeps_bad_data_out_of_the_kernel():
    r = TrickRules(4, None)
    deal = Deal([c for c in DECK52.cards[k::4]] for k in range(4))
    with pytest.raises(InputError):
        TrickRules(5)
    with pytest.raises(InputError):
        TrickRules(4, None, follow_suit=False, must_trump=True)
    with pytest.raises(InputError):
        random_playout(r, deal, leader=4)
    with pytest.raises(InvalidDeal):
        random_playout(TrickRules(3), deal)
    with pytest.raises(InputError):
        trick_winner(r, DECK52.cards[:5])
    with pytest.raises(InputError):
        trick_winner(r, [])
    with pytest.raises(InvalidDeal):
        PlayState(r, [DECK52.cards[:2], DECK52.cards[1:3], DECK52.cards[4:6], DECK52.cards[6:8]])
    with pytest.raises(InvalidDeal):
        PlayState(r, [DECK52.cards[:2], DECK52.cards[2:4], DECK52.cards[4:6], DECK52.cards[6:9]])
    state = PlayState.from_deal(r, deal, leader=0)
    illegal = next(c for c in DECK52.cards if c not in state.legal_cards())
    with pytest.raises(IllegalPlay):
        state.play(illegal)
    with pytest.raises(InputError):
        state.play("SA")
