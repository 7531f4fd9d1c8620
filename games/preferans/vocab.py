"""The words of preferans (§1, §3.1, §5, §5.4): hands, the bid ladder, contracts, auction and defence
calls, the declarer's talon choice, and the obligation table, as plain values the game and its scorer share.

Bids and contracts are canonical text (``6S`` ... ``10NT``, ``misere``); :class:`Contract` is the same contract
as a value with its level and strain, for the scorer.

Sections (§) are those of docs/rules/preferans.md.
"""
import attrs

from trickcore.cards import Suit
from trickcore.errors import NotationError

# The places a card can come from in a deal: the active hands by index (seniority order, hand1 leads), and
# one slot beyond them for the 4-player dealer, who also owns the all-pass talon cards (§6.3).
HANDS = ("hand1", "hand2", "hand3")
# The players' ids of a simulated game, clockwise (the protocol's ``players``, §11.2).
PLAYERS = ("A", "B", "C", "D")
DEALER = 3
TALON = 3

STRAINS = ("S", "C", "D", "H", "NT")
MISERE = "misere"
LADDER = tuple([f"{lv}{s}" for lv in (6, 7, 8) for s in STRAINS] + [MISERE]
               + [f"{lv}{s}" for lv in (9, 10) for s in STRAINS])
LADDER_RANK = {bid: i for i, bid in enumerate(LADDER)}
TRICK_BIDS = tuple(b for b in LADDER if b != MISERE)
# §5.4: tricks the defence must take (total), normative (not "10 minus level").
OBLIGATION = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
_SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}

# Auction calls (§3.2) besides the bids.
PASS = "pass"
HOLD = "hold"
AUCTION_CALLS = (PASS, HOLD) + LADDER
# The declarer's refusal to play after seeing the talon, where ``allow_walkaway`` (§4 item 4).
WALKAWAY = "walkaway"
# Defence calls (§5.2) and the lone whister's choice of open or closed play (§5.5).
WHIST, HALF_WHIST, RETURN = "whist", "half_whist", "return"
OPEN, CLOSED = "open", "closed"


def parse_contract(text):
    """A contract or bid in the spec's notation (``7H``, ``7♥``, ``10NT``, ``misere``) in canonical form."""
    if not isinstance(text, str):
        raise NotationError(f"a contract is text like 7H or misere, not {text!r}")
    t = text.strip().upper()
    for sym, letter in _SYMBOLS.items():
        t = t.replace(sym, letter)
    if t in ("MISERE", "MISÈRE"):
        return MISERE
    if t in LADDER_RANK:
        return t
    raise NotationError(f"{text!r} is not a preferans contract (6S ... 10NT or misere)")


def parse_call(text):
    """An auction call in canonical form: ``pass``, ``hold`` (also ``здесь``), ``misere`` or a trick bid."""
    t = text.strip().lower() if isinstance(text, str) else text
    if t in (PASS, HOLD, "здесь"):
        return HOLD if t == "здесь" else t
    return parse_contract(text)


def level(bid):
    """The number of tricks a trick bid undertakes (6..10)."""
    return int(bid[:-2] if bid.endswith("NT") else bid[:-1])


def strain(bid):
    """The strain letter of a trick bid: S, C, D, H or NT."""
    return "NT" if bid.endswith("NT") else bid[-1]


def trump_of(bid):
    """The trump Suit of a trick bid, or None for no trump and misère."""
    if bid == MISERE or strain(bid) == "NT":
        return None
    return Suit[strain(bid)]


def price(level):
    """P(L), the worth of a contract of ``level`` (§7.1): the pool points it writes when made (2, 4, 6, 8, 10)."""
    return 2 * (level - 5)


def is_higher(bid, other):
    """True if ``bid`` ranks strictly above ``other`` in the ladder (``other`` None = nothing bid yet)."""
    return other is None or LADDER_RANK[bid] > LADDER_RANK[other]


@attrs.frozen
class Contract:
    """A trick contract (``level`` 6..10 and ``strain``) or misère (``level`` None, ``strain`` "misere")."""

    level: int | None
    strain: str

    @classmethod
    def parse(cls, text):
        """The Contract of ``"7H"``, ``"10NT"``, ``"6♠"`` or ``"misere"`` (NotationError otherwise)."""
        bid = parse_contract(text)
        return cls(None, MISERE) if bid == MISERE else cls(level(bid), strain(bid))

    @property
    def is_misere(self):
        """True for misère."""
        return self.strain == MISERE

    def __str__(self):
        return MISERE if self.is_misere else f"{self.level}{self.strain}"


@attrs.frozen
class TalonChoice:
    """The declarer's action after taking the talon (§4): the two cards he discards and the contract he names."""

    discard: tuple = attrs.field(converter=tuple)
    contract: str = attrs.field()

    def __str__(self):
        return f"discard {' '.join(str(c) for c in self.discard)}, play {self.contract}"
