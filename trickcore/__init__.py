"""trickcore: a Cython trick-resolution kernel and the card vocabulary shared by every game."""
from trickcore._version import __version__
from trickcore.cards import DECK32, DECK52, Card, Deck, Rank, Suit, format_card, format_hand, parse_card, parse_hand
from trickcore.dealing import Deal, DealBatch, DealingPlan, deal_batch, deal_one, parse_deal
from trickcore.errors import TrickcoreError
from trickcore.play import PlayRecord, PlayState, Trick, legal_cards, playout_batch, random_playout, trick_winner
from trickcore.rules import TrickRules

# The Python route (one function per `tricks` command) belongs to the application layer above the games and
# the scorers (trickcore.cli.api); the package offers it by name, loaded on first use, so that the kernel's
# modules import no game and `import trickcore` stays as light as the kernel. `tricks play`'s function is
# trickcore.cli.api.play only: trickcore.play names the kernel's play module.
_ROUTE = ("deal", "simulate", "compare", "solve", "analyse", "analyse_play", "load", "score", "bridge_score", "imps",
          "vp", "matchpoints", "butler", "cross_imps", "rubber", "chicago", "whist_score", "preferans_score",
          "teams_score", "auction", "convert", "mitchell", "howell", "movement_check", "rotation")


def __getattr__(name: str) -> object:
    if name in _ROUTE:
        import importlib

        return getattr(importlib.import_module("trickcore.cli.api"), name)
    raise AttributeError(f"module 'trickcore' has no attribute {name!r}")


__all__ = [
    "DECK32", "DECK52", "Card", "Deck", "Rank", "Suit", "format_card", "format_hand", "parse_card", "parse_hand",
    "Deal", "DealBatch", "DealingPlan", "deal_batch", "deal_one", "parse_deal", "TrickcoreError",
    "PlayRecord", "PlayState", "Trick", "legal_cards", "playout_batch", "random_playout", "trick_winner",
    "TrickRules", "deal", "simulate", "compare", "solve", "analyse", "analyse_play", "load", "score", "bridge_score",
    "imps", "vp", "matchpoints", "butler", "cross_imps", "rubber", "chicago", "whist_score", "preferans_score",
    "teams_score", "auction", "convert", "mitchell", "howell", "movement_check", "rotation", "__version__",
]
