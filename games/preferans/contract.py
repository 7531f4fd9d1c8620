"""The preferans bid ladder and contract notation (preferans.md §1, §3.1, §5.4): ``6S`` ... ``10NT`` and ``misere``."""
from trickcore.cards import Suit
from trickcore.errors import NotationError

STRAINS = ("S", "C", "D", "H", "NT")
MISERE = "misere"
LADDER = tuple([f"{lv}{s}" for lv in (6, 7, 8) for s in STRAINS] + [MISERE]
               + [f"{lv}{s}" for lv in (9, 10) for s in STRAINS])
LADDER_RANK = {bid: i for i, bid in enumerate(LADDER)}
TRICK_BIDS = tuple(b for b in LADDER if b != MISERE)
# §5.4: tricks the defence must take (total), normative (not "10 minus level").
OBLIGATION = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
_SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}


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


def is_higher(bid, other):
    """True if ``bid`` ranks strictly above ``other`` in the ladder (``other`` None = nothing bid yet)."""
    return other is None or LADDER_RANK[bid] > LADDER_RANK[other]
