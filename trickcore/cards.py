"""Suits, ranks, cards and decks, and their notation: PBN hands, card codes, suit symbols, Russian rank letters.

Every card has a fixed bit in a 64-bit mask: suit ``s`` (S=0, H=1, D=2, C=3, the PBN order) owns bits
``16*s .. 16*s+12`` and rank 2..A sits at offset 0..12, so a higher bit is a higher card of the same suit.
The kernel works on these masks; this module converts between them and readable text.

Reading is forgiving (case, spacing, ``10`` for ``T``, ``♠``/``S``, rank before or after the suit, Russian
rank letters); writing is canonical (``SA``, ``AKQ.JT9.8765.432``).
"""
import enum
from collections.abc import Iterable

import attrs

from trickcore.errors import NotationError


class Suit(enum.IntEnum):
    """A suit; the value is its index in PBN hand order (spades, hearts, diamonds, clubs)."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def letter(self) -> str:
        """The suit's letter: S, H, D or C."""
        return self.name

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠, ♥, ♦ or ♣."""
        return "♠♥♦♣"[self.value]

    @property
    def mask(self) -> int:
        """The bits of every card of this suit."""
        return 0x1FFF << (16 * self.value)

    def __str__(self) -> str:
        return self.name


class Rank(enum.IntEnum):
    """A rank from two (2) to ace (14); aces are high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The rank's canonical letter: A K Q J T 9 ... 2."""
        return "23456789TJQKA"[self.value - 2]

    @property
    def russian(self) -> str:
        """The rank as written on Russian cards: Т К Д В for A K Q J, digits (10 as ``10``) below."""
        return {14: "Т", 13: "К", 12: "Д", 11: "В", 10: "10"}.get(self.value, str(self.value))

    def __str__(self) -> str:
        return self.letter


_SUIT_TOKENS = {"S": Suit.S, "H": Suit.H, "D": Suit.D, "C": Suit.C,
                "♠": Suit.S, "♥": Suit.H, "♦": Suit.D, "♣": Suit.C,
                "♤": Suit.S, "♡": Suit.H, "♢": Suit.D, "♧": Suit.C}
# Latin letters first; the Cyrillic Т (ace), К, Д, В are distinct code points from Latin T, K, B.
_RANK_TOKENS = {r.letter: r for r in Rank}
_RANK_TOKENS.update({"10": Rank.TEN, "Т": Rank.ACE, "К": Rank.KING, "Д": Rank.QUEEN, "В": Rank.JACK})


@attrs.frozen(order=False, repr=False)
class Card:
    """One playing card. ``Card(Suit.S, Rank.ACE)``; ``Card.parse("SA")``; ``str(card) == "SA"``."""

    suit: Suit = attrs.field(converter=Suit)
    rank: Rank = attrs.field(converter=Rank)
    # ``index`` (the card's bit position in a hand mask) and ``bit`` (the card as a one-bit mask) are stored
    # when the card is made, not computed per read: every hand mask and every trick winner reads them.
    # They follow from suit and rank, so equality and hashing leave them out.
    index: int = attrs.field(init=False, eq=False)
    bit: int = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", 16 * self.suit + self.rank - 2)
        object.__setattr__(self, "bit", 1 << self.index)

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """The card whose bit position is ``index``."""
        try:
            return _BY_INDEX[index]
        except (KeyError, TypeError):
            raise NotationError(f"{index!r} is not a card index") from None

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read one card: ``SA``, ``AS``, ``♠A``, ``s10``, ``10s``, ``ST``, ``Т♠`` (Russian ace)."""
        return parse_card(text)

    def __lt__(self, other: "Card") -> bool:
        # Sorting only: by suit in PBN order, then rank. Play never compares cards of different suits.
        return (-self.suit, self.rank) < (-other.suit, other.rank)

    def __str__(self) -> str:
        return self.suit.name + self.rank.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_BY_INDEX = {16 * s + r - 2: Card(s, r) for s in Suit for r in Rank}


def parse_card(text: str) -> Card:
    """Read one card, forgivingly; raise NotationError naming the text if it is not a card."""
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a card")
    token = "".join(text.split()).upper()
    if not token:
        raise NotationError("empty card")
    if "X" in token:
        raise NotationError(f"{text!r}: 'x' stands for an unknown small card, not a card")
    for suit_first in (True, False):
        suit_tok, rank_tok = (token[0], token[1:]) if suit_first else (token[-1], token[:-1])
        if suit_tok in _SUIT_TOKENS and rank_tok in _RANK_TOKENS:
            return Card(_SUIT_TOKENS[suit_tok], _RANK_TOKENS[rank_tok])
    raise NotationError(f"{text!r} is not a card (write suit and rank, e.g. SA, S10, AS or ♠A)")


def format_card(card: Card, style: str = "pbn") -> str:
    """Write a card: ``pbn`` gives ``SA``, ``symbol`` gives ``♠A``, ``rank_first`` gives ``AS``."""
    if style == "pbn":
        return str(card)
    if style == "symbol":
        return card.suit.symbol + card.rank.letter
    if style == "rank_first":
        return card.rank.letter + card.suit.name
    raise ValueError(f"unknown card style {style!r}")


def _suit_token(value: object) -> str:
    """The text naming a suit in ``value``: a string as given, an enum member by its name (a game's own suit
    or strain enum, e.g. bridge's ``Strain.H``), anything else as nothing."""
    if isinstance(value, enum.Enum):
        return value.name
    return value.strip().upper() if isinstance(value, str) else ""


def parse_suit(text: object) -> Suit:
    """Read a suit from a Suit, its letter or symbol (any case), or a game's enum member named by its letter."""
    if isinstance(text, Suit):
        return text
    token = _suit_token(text)
    if token in _SUIT_TOKENS:
        return _SUIT_TOKENS[token]
    raise NotationError(f"{text!r} is not a suit (S, H, D, C or ♠ ♥ ♦ ♣)")


NO_TRUMP_WORDS = ("NT", "N", "NONE", "")


def parse_trump(value: object) -> Suit | None:
    """Read a trump: None or a no-trump word (NT, N, none, a game's NT member) for no trump, else a suit as
    ``parse_suit`` reads it."""
    if value is None or isinstance(value, Suit):
        return value
    if _suit_token(value) in NO_TRUMP_WORDS and isinstance(value, (str, enum.Enum)):
        return None
    return parse_suit(value)


def _parse_ranks(text: str, suit: Suit, whole: str) -> list[Card]:
    ranks = []
    i = 0
    while i < len(text):
        tok = text[i:i + 2] if text.startswith("10", i) else text[i]
        i += len(tok)
        if tok in ("X",):
            raise NotationError(f"{whole!r}: 'x' stands for an unknown small card, not a card")
        if tok not in _RANK_TOKENS:
            raise NotationError(f"{whole!r}: {tok!r} is not a rank")
        ranks.append(Card(suit, _RANK_TOKENS[tok]))
    return ranks


def parse_hand(text: str) -> frozenset[Card]:
    """Read a hand as a frozenset of cards.

    Accepts PBN ``AKQ.JT9.8765.432`` (spades, hearts, diamonds, clubs; a void is empty) and the dotless form
    with suit letters ``SAKQ HJT9 D8765 C432``. Duplicate cards are an error.
    """
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a hand")
    token = "".join(text.split()).upper()
    cards: list[Card] = []
    if "." in token or token == "":
        parts = token.split(".")
        if len(parts) != 4:
            raise NotationError(f"{text!r}: a PBN hand has four suits separated by three dots")
        for pbn_suit, part in zip(Suit, parts):
            cards.extend(_parse_ranks(part, pbn_suit, text))
    else:
        suit: Suit | None = None
        start = 0
        for i, ch in enumerate(token + "S"):
            if ch in _SUIT_TOKENS and ch not in _RANK_TOKENS:
                if suit is not None:
                    cards.extend(_parse_ranks(token[start:i], suit, text))
                elif i > 0:
                    raise NotationError(f"{text!r}: ranks before the first suit letter")
                if i < len(token):
                    suit, start = _SUIT_TOKENS[ch], i + 1
        if suit is None:
            raise NotationError(f"{text!r} is not a hand (write AKQ.JT9.8765.432)")
    hand = frozenset(cards)
    if len(hand) != len(cards):
        raise NotationError(f"{text!r}: a card is written twice")
    return hand


def format_hand(cards: Iterable[Card]) -> str:
    """Write a hand in canonical PBN form: suits S.H.D.C, ranks high to low, ``T`` for ten."""
    by_suit: dict[Suit, list[Rank]] = {s: [] for s in Suit}
    for card in cards:
        by_suit[card.suit].append(card.rank)
    return ".".join("".join(r.letter for r in sorted(by_suit[s], reverse=True)) for s in Suit)


def hand_mask(cards: Iterable[Card]) -> int:
    """The bitmask of an iterable of cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def mask_cards(mask: int) -> list[Card]:
    """The cards of a bitmask, highest suit (spades) and rank first."""
    # Suit by suit from spades (bits 0..12), each from its highest bit down: already in order, no sort.
    cards = []
    for base in (0, 16, 32, 48):
        chunk = mask >> base & 0xFFFF
        while chunk:
            top = chunk.bit_length() - 1
            cards.append(_BY_INDEX[base + top])
            chunk ^= 1 << top
    return cards


@attrs.frozen(repr=False)
class Deck:
    """A pack of cards: its name, its cards (high to low) and their mask."""

    name: str
    cards: tuple[Card, ...]
    mask: int

    @classmethod
    def from_ranks(cls, name: str, lowest: Rank) -> "Deck":
        """The deck holding every rank from ``lowest`` to the ace in each suit."""
        cards = tuple(sorted((Card(s, r) for s in Suit for r in Rank if r >= lowest), reverse=True))
        return cls(name, cards, hand_mask(cards))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: Card) -> bool:
        return bool(self.mask & card.bit)

    def __repr__(self) -> str:
        return f"<Deck {self.name}>"


DECK52 = Deck.from_ranks("52", Rank.TWO)
"""The full pack: bridge and whist."""
DECK32 = Deck.from_ranks("32", Rank.SEVEN)
"""The piquet pack, seven to ace: preferans."""
