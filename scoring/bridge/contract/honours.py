"""Honours in rubber and Chicago bridge (rules/bridge.md §6.2), read from the original hands of a deal."""
from trickcore.games.bridge.vocab import Seat, Strain
from trickcore.cards import Rank

_TOP_FIVE = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


def hcp(hand):
    """High-card points of a hand (or of any collection of cards): A4 K3 Q2 J1."""
    return sum(max(0, card.rank - 10) for card in hand)


def honours(strain, hands):
    """The honours premium of a deal as (seat, points), or None; ``hands[seat]`` are the original hands N E S W.

    Trump contract: 150 for all five of A K Q J 10 of trumps in one hand, 100 for exactly four; no-trump: 150
    for the four aces in one hand.
    """
    strain = Strain(strain)
    for seat, hand in enumerate(hands):
        if strain is Strain.NT:
            if sum(1 for card in hand if card.rank == Rank.ACE) == 4:
                return Seat(seat), 150
            continue
        held = sum(1 for card in hand if card.suit == strain.suit and card.rank in _TOP_FIVE)
        if held >= 4:
            return Seat(seat), 150 if held == 5 else 100
    return None
