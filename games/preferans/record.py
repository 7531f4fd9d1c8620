"""The result record of one preferans deal: what happened (hands, auction, talon, defence, tricks), its §11.2
protocol entry (§11.2), and its JSON form.

Sections (§) are those of docs/rules/preferans.md."""
import functools

import attrs

from trickcore.cards import Rank, Suit, hand_mask
from trickcore.games.preferans.vocab import DEALER, TALON

PROTOCOL_FORMAT = "trickcore.preferans.protocol/1"   # the ``format`` of a §11.2 protocol of such records
SUIT_ORDER = (Suit.S, Suit.C, Suit.D, Suit.H)   # preferans order ♠ ♣ ♦ ♥


@attrs.frozen
class TrickRecord:
    """A completed trick: plays as (who, card) in order (who = hand 0..2, or TALON), and who won it."""

    plays: tuple
    winner: int

    @property
    def leader(self):
        """Who led the trick (TALON when a talon card was the lead)."""
        return self.plays[0][0]


@attrs.frozen
class PlayedDeal:
    """Everything that happened in one deal, for display, and its §11.2 protocol entry (``protocol``).

    Hands are by index (hand1, hand2, hand3); ``players`` are the ids clockwise and ``dealer`` the dealer's index
    among them. ``won`` counts tricks per hand and, last, the TALON (the 4-player dealer's talon tricks).
    """

    players: tuple
    dealer: int
    hands: tuple
    talon: tuple
    auction: tuple
    kind: str
    declarer: int | None
    bid: str | None
    contract: str | None
    discard: tuple
    defence: tuple
    defence_kind: str | None
    is_open: bool
    tricks: tuple
    won: tuple
    protocol: dict

    def names(self):
        """Who sits at each hand (and ``talon`` for the TALON slot): the players' ids."""
        n = len(self.players)
        names = {s: self.players[(self.dealer + 1 + s) % n] for s in range(3)}
        names[TALON] = "talon"
        return names

    def winner_name(self, winner):
        """Who took a trick; a talon card that wins (dealer_owns, 4 players) is the dealer's trick."""
        return f"{self.players[self.dealer]} (talon)" if winner == TALON else self.names()[winner]

    def to_dict(self):
        """The deal as JSON-ready data: the protocol entry plus the cards, auction, discard, calls and tricks."""
        who = self.names()
        return {"record": self.protocol,
                "hands": {who[s]: hand_text(self.hands[s]) for s in range(3)},
                "talon": [card_code(c) for c in self.talon],
                "auction": [[who[h], c] for h, c in self.auction],
                "discard": [card_code(c) for c in self.discard],
                "defence": [[self.players[self.dealer] if w == DEALER else who[w], c] for w, c in self.defence],
                "tricks": [{"plays": [[who[w], card_code(c)] for w, c in t.plays],
                            "winner": self.winner_name(t.winner)} for t in self.tricks]}


def protocol_entry(ids, dealer, kind, declarer, contract, outcome, is_open, won, played, talon=None,
                   dealer_tricks=False):
    """The §11.2 protocol entry of a finished deal of ``kind`` (``game``, ``misere``, ``all_pass`` or ``walkaway``,
    whose ``contract`` is the winning bid).

    ``ids`` names the player at each hand (and at DEALER), ``dealer`` the dealer's id; ``outcome`` is the
    DefenceOutcome (None without defence calls), ``won`` the tricks per hand and TALON, ``played`` whether the
    tricks were played; ``talon`` the talon written for the dealer's bonus (None: not written); ``dealer_tricks``
    whether the 4-player dealer's all-pass talon tricks are counted.
    """
    entry = {"dealer": dealer}
    if kind == "all_pass":
        entry.update(type="all_pass", tricks={ids[s]: won[s] for s in range(3)})
        if dealer_tricks:
            entry["tricks"][ids[DEALER]] = won[TALON]
        return entry
    entry["declarer"] = ids[declarer]
    if talon is not None:
        entry["talon"] = [card_code(c) for c in talon]
    if kind == "misere":
        entry["type"] = "misere"
    else:
        entry.update(type=kind, contract=contract)
    if outcome is not None:
        entry["calls"] = {ids[h]: c for h, c in outcome.calls.items()}
        if outcome.returned_by is not None:
            entry["returned_by"] = ids[outcome.returned_by]
        if outcome.dealer_call == "whist":
            entry["dealer_call"] = "whist"
        if outcome.kind == "played":
            entry["open"] = is_open
    if played:
        entry["tricks"] = {ids[s]: won[s] for s in range(3)}
    return entry


# Every record writes each of its cards: the codes by card index, made once from the ranks' and suits' letters.
_CODES = {16 * s + r - 2: Rank(r).letter + s.letter for s in Suit for r in Rank}
_SYMBOLS = tuple((16 * s, s.symbol) for s in SUIT_ORDER)


def card_code(card):
    """A card in the protocol's rank-then-suit notation (``AS``, ``TH``; §1)."""
    return _CODES[card.index]


@functools.lru_cache(maxsize=None)
def _suit_text(ranks):
    """The rank letters of one suit's 13 bits of a hand mask (``ranks``), from the top; ``-`` for a void."""
    return "".join(Rank(r).letter for r in range(14, 1, -1) if ranks >> (r - 2) & 1) or "-"


def hand_text(cards):
    """A hand by suit in preferans order, ranks from the top: ``♠AK7 ♣- ♦QJ ♥T98``."""
    mask = hand_mask(cards)
    return " ".join(symbol + _suit_text(mask >> shift & 0x1FFF) for shift, symbol in _SYMBOLS)
