"""The whist State (games/whist/table.py): legal actions, illegal cards refused with the rule's reason, undo,
views that hide the other hands, the open view, the record, and random agents always finishing a hand."""
import pytest
from hypothesis import given, settings, strategies as st

from trickcore.cards import Card
from trickcore.errors import IllegalPlay, InputError
from trickcore.games.base import PHASES, State, make_agents, play_deal
from trickcore.games.whist.game import WHIST
from trickcore.games.whist.setup import WhistSetup
from trickcore.games.whist.table import WhistState
from trickcore.games.whist.variants import WhistVariant
from trickcore.games.whist.vocab import SEATS

EXAMPLE = "N:J73.Q84.K95.AT62 AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73"


def _state(seed=5, dealer=1, index=0):
    batch = WHIST.deal_batch(seed, 1, dealer, index)
    return WHIST.new_state(batch[0], WhistSetup(dealer=dealer, turn_up=batch.last_card(0), number=index))


def test_a_new_hand_is_in_play_with_the_eldest_hand_to_lead():
    state = _state(dealer=1)
    assert isinstance(state, State) and isinstance(state, WhistState)
    assert state.phase == "play" and state.phase in PHASES
    assert state.current_seat == 2 and not state.is_terminal
    assert state.legal_actions() == tuple(sorted(state.deal.hands[2], reverse=True))
    assert state.trump == state.turn_up.suit and state.turn_up in state.deal.hands[1]


def test_legal_actions_follow_suit_and_are_never_empty_before_the_end():
    state = _state(seed=8)
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal
        trick = state.view(state.current_seat).trick
        hand = state.deal.hands[state.current_seat]
        if trick and any(c.suit == trick[0].suit for c in legal):
            assert all(c.suit == trick[0].suit for c in legal)
        assert set(legal) <= set(hand)
        state.apply(legal[-1])
    assert state.legal_actions() == () and state.current_seat is None and state.phase == "done"


def test_illegal_cards_are_refused_with_the_reason():
    state = WHIST.new_state(WHIST.formats.parse_deal(EXAMPLE), WhistSetup(dealer=0, turn_up=Card.parse("C2")))
    with pytest.raises(IllegalPlay, match="E does not hold SK"):
        state.apply(Card.parse("SK"))
    state.apply(Card.parse("ST"))                          # E, the eldest hand, leads a spade
    with pytest.raises(IllegalPlay, match="S must follow suit: S was led"):
        state.apply(Card.parse("HA"))
    with pytest.raises(IllegalPlay, match="not a card"):
        state.apply("S9")
    assert state.current_seat == 2 and state.view(0).trick == (Card.parse("ST"),)


def test_undo_restores_the_state_across_a_trick():
    state = _state(seed=3)
    before = [state.view(s) for s in range(4)]
    cards = []
    for _ in range(6):                                     # one trick and two cards of the next
        cards.append(state.legal_actions()[0])
        state.apply(cards[-1])
    middle = [state.view(s) for s in range(4)]
    assert len(middle[0].tricks) == 1
    state.apply(state.legal_actions()[0])
    state.undo()
    assert [state.view(s) for s in range(4)] == middle
    for _ in range(6):
        state.undo()
    assert [state.view(s) for s in range(4)] == before
    with pytest.raises(InputError, match="nothing to undo"):
        state.undo()


def test_undo_after_the_last_card_reopens_the_hand():
    state = _state(seed=4)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    last = state.record().tricks[-1]
    state.undo()
    assert state.phase == "play" and state.legal_actions() == (last.cards[-1],)
    assert state.view(0).trick == last.cards[:-1]


def test_views_show_only_the_own_hand_and_open_view_shows_all():
    state = _state(seed=6)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    played = {c for t in state.view(0).tricks for c in t.cards} | set(state.view(0).trick)
    hands = [set(h) - played for h in state.deal.hands]
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == hands[seat] and view.hands is None
        others = set().union(*(hands[s] for s in range(4) if s != seat))
        visible = set(view.hand) | set(view.legal) | {c for t in view.tricks for c in t.cards} | set(view.trick)
        assert not visible & others
        assert view.legal == (state.legal_actions() if seat == state.current_seat else ())
        assert view.played == sum(c.bit for c in played)
        assert view.turn_up == state.turn_up and view.dealer == state.dealer
        assert state.open_view(seat).hands == tuple(frozenset(h) for h in hands)


def test_views_share_the_completed_tricks():
    state = _state(seed=2)
    for _ in range(9):
        state.apply(state.legal_actions()[0])
    assert state.view(0).tricks is state.view(3).tricks and len(state.view(1).tricks) == 2


def test_record_of_a_finished_hand_and_not_before():
    state = _state(seed=9, dealer=3)
    with pytest.raises(InputError, match="not over"):
        state.record()
    play_deal(state, make_agents("whist", ["random"], 4, 9)[0])
    hand = state.record()
    assert hand.dealer == 3 and hand.turn_up == state.turn_up and len(hand.tricks) == 13
    assert hand.tricks_ns == sum(1 for t in hand.tricks if t.winner in (0, 2))
    assert hand.ruleset == "short" and hand.trump_selection == "turn_up"


def test_a_hand_called_at_eight_is_not_played():
    batch = WHIST.deal_batch(1, 1, 0, 0)
    state = WHIST.new_state(batch[0], WhistSetup(dealer=0, variant="long", turn_up=batch.last_card(0), called=True))
    assert state.is_terminal and state.legal_actions() == ()
    with pytest.raises(IllegalPlay, match="called at eight"):
        state.apply(min(batch[0].hands[1]))
    hand = state.record()
    assert hand.tricks == () and hand.tricks_ns is None and hand.ruleset == "long"


def test_a_fixed_trump_variant_overrides_the_turn_up():
    batch = WHIST.deal_batch(1, 1, 0, 0)
    variant = WhistVariant(trump_selection="fixed", fixed_trump="H")
    state = WHIST.new_state(batch[0], WhistSetup(dealer=0, variant=variant, turn_up=batch.last_card(0)))
    assert state.trump.name == "H" and state.rules.trump.name == "H"
    play_deal(state, make_agents("whist", ["heuristic"], 4, 0)[0])
    assert state.record().trump_selection == "fixed"
    with pytest.raises(InputError, match="turn-up"):
        WHIST.new_state(batch[0], WhistSetup(dealer=0))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 3), st.integers(0, 50),
       st.lists(st.sampled_from(["random", "heuristic"]), min_size=4, max_size=4))
def test_agents_always_finish_with_13_tricks_and_every_card_once(seed, dealer, index, names):
    batch = WHIST.deal_batch(seed, 1, dealer, index)
    state = WHIST.new_state(batch[0], WhistSetup(dealer=SEATS[dealer], turn_up=batch.last_card(0), number=index))
    play_deal(state, make_agents("whist", names, 4, seed)[0])
    hand = state.record()
    cards = [c for t in hand.tricks for c in t.cards]
    assert len(hand.tricks) == 13 and len(cards) == 52 and set(cards) == set().union(*batch[0].hands)
    for trick in hand.tricks:
        assert all(c in batch[0].hands[trick.seat_of(k, 4)] for k, c in enumerate(trick.cards))
