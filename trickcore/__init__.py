"""trickcore: a Cython trick-resolution kernel and the card vocabulary shared by every game."""
from trickcore._version import __version__
from trickcore.cards import DECK32, DECK52, Card, Deck, Rank, Suit, format_card, format_hand, parse_card, parse_hand
from trickcore.dealing import Deal, DealBatch, DealingPlan, deal_batch, deal_one, parse_deal
from trickcore.errors import TrickcoreError
from trickcore.play import PlayRecord, PlayState, Trick, legal_cards, playout_batch, random_playout, trick_winner
from trickcore.rules import TrickRules
from trickcore.api import compare, deal, load, score, simulate, solve

__all__ = [
    "DECK32", "DECK52", "Card", "Deck", "Rank", "Suit", "format_card", "format_hand", "parse_card", "parse_hand",
    "Deal", "DealBatch", "DealingPlan", "deal_batch", "deal_one", "parse_deal", "TrickcoreError",
    "PlayRecord", "PlayState", "Trick", "legal_cards", "playout_batch", "random_playout", "trick_winner",
    "TrickRules", "deal", "simulate", "compare", "solve", "load", "score", "__version__",
]
