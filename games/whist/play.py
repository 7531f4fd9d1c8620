"""Playing one whist hand with agents through the kernel's PlayState (whist.md §3): eldest hand leads."""
from trickcore.games.whist.agents import WhistView
from trickcore.games.whist.record import WhistHand, eldest_hand
from trickcore.play import PlayState
from trickcore.rules import TrickRules


def play_tricks(deal, dealer, trump, turn_up, agents, hand_number=0):
    """The 13 tricks (Trick records) the four ``agents`` (one per seat, N first) play on ``deal``.

    Each agent sees only its WhistView; an agent that returns an illegal card raises IllegalPlay.
    """
    state = PlayState.from_deal(TrickRules(4, trump), deal, eldest_hand(dealer))
    hands = [set(h) for h in deal.hands]
    tricks = ()
    while not state.is_over:
        seat = state.turn
        view = WhistView(seat, dealer, trump, turn_up, frozenset(hands[seat]), tuple(state.legal_cards()),
                         tuple(state.current_trick), state.leader, tricks, hand_number)
        card = agents[seat].choose_card(view)
        state.play(card)
        hands[seat].discard(card)
        if not state.current_trick:
            tricks += (state.completed_tricks()[-1],)
    return tricks


def play_hand(deal, dealer, trump, turn_up, agents, hand_number=0, **fields):
    """The WhistHand record of ``agents`` playing ``deal`` (``fields``: trump_selection, ruleset, score)."""
    tricks = play_tricks(deal, dealer, trump, turn_up, agents, hand_number)
    won = sum(1 for t in tricks if t.winner % 2 == 0)
    return WhistHand(deal, dealer, trump, turn_up, tricks=tricks, tricks_ns=won, **fields)
