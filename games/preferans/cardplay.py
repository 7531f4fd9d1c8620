"""Card play of one deal: trick contracts and misère through the kernel's PlayState (must-trump rule), and
all-pass play with the talon cards leading tricks 1 and 2 (preferans.md §6).

``choose(seat, legal, trick, done)`` picks each card: ``seat`` is the hand to play (0..2), ``legal`` its legal
cards, ``trick`` the current trick as (who, card) pairs, ``done`` the completed TrickRecords.
"""
import attrs

from trickcore.errors import IllegalPlay
from trickcore.play import PlayState, legal_cards
from trickcore.rules import TrickRules

TALON = 3   # the talon / sitting-out dealer slot in plays and tricks_won


@attrs.frozen
class TrickRecord:
    """A completed trick: plays as (who, card) in order (who = hand 0..2, or TALON), and who won it."""

    plays: tuple
    winner: int

    @property
    def leader(self):
        """Who led the trick (TALON when a talon card was the lead)."""
        return self.plays[0][0]


def trick_rules(trump):
    """The play rules of preferans: three hands, follow suit, must trump when void (§6.1)."""
    return TrickRules(3, trump, True, True)


def play_tricks(hands, trump, leader, choose, done=()):
    """Play the hands out from ``leader`` through the kernel; returns the TrickRecords (after ``done``)."""
    state = PlayState(trick_rules(trump), hands, leader)
    done = list(done)
    while not state.is_over:
        trick_leader = state.leader
        current = state.current_trick
        plays = [((trick_leader + i) % 3, c) for i, c in enumerate(current)]
        seat = state.turn
        card = choose(seat, state.legal_cards(), tuple(plays), tuple(done))
        state.play(card)
        if not state.current_trick:
            t = state.completed_tricks()[-1]
            done.append(TrickRecord(tuple(((t.leader + i) % 3, c) for i, c in enumerate(t.cards)), t.winner))
    return done


def play_all_pass(hands, talon, mode, choose):
    """All-pass play (§6.3): with ``suit_only``/``dealer_owns`` the talon cards lead tricks 1 and 2, then hand1
    leads trick 3; with ``none`` hand1 leads trick 1. A talon card wins only in ``dealer_owns`` mode."""
    if mode == "none":
        return play_tricks(hands, None, 0, choose)
    hands = [set(h) for h in hands]
    rules = trick_rules(None)
    done = []
    for lead in talon:
        plays = [(TALON, lead)]
        for seat in range(3):
            card = choose(seat, legal_cards(rules, hands[seat], [lead]), tuple(plays), tuple(done))
            if card not in legal_cards(rules, hands[seat], [lead]):
                raise IllegalPlay(f"hand{seat + 1} may not play {card} to the talon card {lead}")
            hands[seat].discard(card)
            plays.append((seat, card))
        contenders = [(c.rank, who) for who, c in plays
                      if c.suit == lead.suit and (who != TALON or mode == "dealer_owns")]
        done.append(TrickRecord(tuple(plays), max(contenders)[1]))
    return play_tricks(hands, None, 0, choose, done)


def tricks_won(records):
    """Tricks per slot: hand1, hand2, hand3, TALON (the dealer's talon tricks)."""
    won = [0, 0, 0, 0]
    for t in records:
        won[t.winner] += 1
    return won
