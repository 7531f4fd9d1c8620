"""The whist pimc agent: seeded and reproducible, legal through whole hands, samples consistent with the view
(hand, cards played, voids, the turn-up with the dealer), and the double-dummy best card when every sample is
the real deal."""
import pytest
from hypothesis import given, settings, strategies as st

from trickcore.cards import DECK52
from trickcore.games.base import make_agents, play_deal
from trickcore.games.registry import get_game
from trickcore.games.sampling import Hidden, deal_hidden
from trickcore.games.whist import pimc
from trickcore.games.whist.agents import HeuristicAgent
from trickcore.rng import Stream
from trickcore.solver import Position, solve_cards

def _state(seed, dealer=0):
    return get_game("whist").new_match(seed).new_state(0, dealer)


def _play(seed, names):
    agents, _ = make_agents("whist", names, 4, seed)
    return play_deal(_state(seed), agents).record()


def test_the_same_seed_gives_the_same_play_and_every_card_is_legal():
    first = _play(3, "pimc samples=2,heuristic,pimc samples=1 rule=best from_trick=1,random")
    assert len(first.tricks) == 13
    assert _play(3, "pimc samples=2,heuristic,pimc samples=1 rule=best from_trick=1,random") == first


def _until(seed, cards, dealer=0):
    state = _state(seed, dealer)
    agents = [HeuristicAgent(s) for s in range(4)]
    for _ in range(cards):
        state.apply(agents[state.current_seat].act(state.view(state.current_seat)))
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), cards=st.integers(0, 50), dealer=st.integers(0, 3))
def test_every_sample_keeps_to_the_view(seed, cards, dealer):
    state = _until(seed, cards, dealer)
    view = state.view(state.current_seat)
    sample = deal_hidden(pimc.hidden_hands(view), Stream(seed))
    plays = [((t.leader + p) % 4, c, t.cards[0].suit) for t in view.tricks for p, c in enumerate(t.cards)]
    plays += [((view.leader + p) % 4, c, view.trick[0].suit) for p, c in enumerate(view.trick)]
    for seat, held in sample.items():
        assert seat != view.seat
        mine = {c for s, c, _ in plays if s == seat}
        assert len(held) == 13 - len(mine) and not set(held) & set(view.hand)
        assert not any(c.bit & view.played for c in held)
        void = {led for s, c, led in plays if s == seat and c.suit != led}
        assert not any(c.suit in void for c in held)
    if view.turn_up is not None and not view.turn_up.bit & view.played and view.dealer != view.seat:
        assert view.turn_up in sample[view.dealer]
    every = set(view.hand).union(*sample.values()) | {c for c in DECK52.cards if c.bit & view.played}
    assert every == set(DECK52.cards)


@pytest.mark.parametrize("seed, cards", [(1, 1), (2, 6), (4, 17), (5, 30)])
def test_with_the_real_deal_as_every_sample_the_card_is_double_dummy_best(seed, cards, monkeypatch):
    state = _until(seed, cards)
    seat = state.current_seat
    view, open_view = state.view(seat), state.open_view(seat)
    real = {s: tuple(open_view.hands[s]) for s in range(4) if s != seat}
    monkeypatch.setattr(pimc, "hidden_hands", lambda v: Hidden((), {s: len(h) for s, h in real.items()}, known=real))
    card = pimc.PimcAgent(seat, 1, samples=2, from_trick=1).act(view)
    values = solve_cards(Position(view.rules, open_view.hands, view.leader, view.trick))
    assert values[card] == max(values.values())
