"""The shared bridge vocabulary of §0 and §2: seats, sides, strains, vulnerability, contracts, boards.

Pure value types and notation only: no auction, play or scoring logic lives here.

Sections (§) are those of docs/rules/bridge.md.
"""
import enum
import re

import attrs

from trickcore.cards import Suit
from trickcore.errors import NotationError


class Seat(enum.IntEnum):
    """A seat at the table; the index order N=0 E=1 S=2 W=3 is clockwise (§1.2)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def lho(self):
        """The left-hand opponent: the next seat clockwise."""
        return SEATS[(self + 1) % 4]

    @property
    def rho(self):
        """The right-hand opponent: the previous seat clockwise."""
        return SEATS[(self + 3) % 4]

    @property
    def partner(self):
        """The seat opposite."""
        return SEATS[(self + 2) % 4]

    @property
    def side(self):
        """The partnership this seat belongs to."""
        return SIDES[self % 2]

    @classmethod
    def parse(cls, text):
        """Read a seat letter (N E S W, any case)."""
        try:
            return cls[str(text).strip().upper()]
        except KeyError:
            raise NotationError(f"not a seat: {text!r} (expected N, E, S or W)") from None

    def __str__(self):
        return self.name


class Side(enum.IntEnum):
    """A partnership: N-S or E-W."""

    NS = 0
    EW = 1

    @property
    def other(self):
        """The opposing side."""
        return Side(1 - self)

    @property
    def seats(self):
        """The two seats of this side, N/E first."""
        return (Seat(self), Seat(self + 2))

    @classmethod
    def parse(cls, text):
        """Read a side (NS, N-S, EW, E-W, any case)."""
        key = str(text).strip().upper().replace("-", "").replace("/", "")
        try:
            return cls[key]
        except KeyError:
            raise NotationError(f"not a side: {text!r} (expected NS or EW)") from None

    def __str__(self):
        return self.name


def side_of(seat):
    """The side of ``seat``: NS for N and S, EW for E and W."""
    return SIDES[int(seat) % 2]


# Seats and sides by index: the table and the agents turn indices into seats on every card, and a tuple
# lookup is several times cheaper than the enum's constructor.
SEATS = tuple(Seat)
SIDES = tuple(Side)


class Strain(enum.IntEnum):
    """A strain (denomination), in auction order C < D < H < S < NT (§3.1)."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @property
    def is_major(self):
        """True for hearts and spades."""
        return self in (Strain.H, Strain.S)

    @property
    def is_minor(self):
        """True for clubs and diamonds."""
        return self in (Strain.C, Strain.D)

    @property
    def suit(self):
        """The trump suit as a trickcore Suit, or None at no-trump."""
        return _STRAIN_SUITS[self]

    @classmethod
    def parse(cls, text):
        """Read a strain: C D H S NT (also N), suit symbols, any case."""
        key = _STRAIN_WORDS.get(str(text).strip().upper())
        if key is None:
            raise NotationError(f"not a strain: {text!r} (expected C, D, H, S or NT)")
        return key

    def __str__(self):
        return self.name


_STRAIN_WORDS = {
    "C": Strain.C, "♣": Strain.C, "D": Strain.D, "♦": Strain.D, "H": Strain.H, "♥": Strain.H,
    "S": Strain.S, "♠": Strain.S, "NT": Strain.NT, "N": Strain.NT,
}


# Each strain's trump suit, looked up by the card player on every card.
_STRAIN_SUITS = {strain: None if strain is Strain.NT else Suit[strain.name] for strain in Strain}


class Vulnerability(enum.Enum):
    """Which sides are vulnerable on a deal (§2)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, side):
        """True when ``side`` is vulnerable: the vulnerability is BOTH or names the side."""
        side = Side(side)
        return self is Vulnerability.BOTH or self.value == side.name

    @classmethod
    def of(cls, ns_vulnerable, ew_vulnerable):
        """The vulnerability with the given side flags."""
        return [[cls.NONE, cls.EW], [cls.NS, cls.BOTH]][bool(ns_vulnerable)][bool(ew_vulnerable)]

    @classmethod
    def parse(cls, text):
        """Read a vulnerability forgivingly: None/-/Love, NS, EW, All/Both/B (any case, N-S and E-W too)."""
        if isinstance(text, Vulnerability):
            return text
        key = str(text).strip().upper().replace("-", "").replace("/", "")
        found = _VULNERABILITY_WORDS.get(key) if str(text).strip() != "-" else cls.NONE
        if found is None:
            raise NotationError(f"not a vulnerability: {text!r} (expected None, NS, EW or All)")
        return found

    def __str__(self):
        return self.value


_VULNERABILITY_WORDS = {
    "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "": Vulnerability.NONE,
    "NS": Vulnerability.NS, "EW": Vulnerability.EW,
    "ALL": Vulnerability.BOTH, "BOTH": Vulnerability.BOTH, "B": Vulnerability.BOTH,
}


def _check_level(instance, attribute, value):
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 7:
        raise NotationError(f"contract level must be 1..7, not {value!r}", field="level")


def _check_doubled(instance, attribute, value):
    if value not in (0, 1, 2) or isinstance(value, bool):
        raise NotationError(f"doubled must be 0, 1 or 2, not {value!r}", field="doubled")


@attrs.frozen(order=False)
class Contract:
    """A contract: a level 1-7, a strain, and ``doubled`` 0 (undoubled), 1 (doubled) or 2 (redoubled)."""

    level: int = attrs.field(validator=_check_level)
    strain: Strain = attrs.field(converter=Strain)
    doubled: int = attrs.field(default=0, validator=_check_doubled)

    @property
    def trump(self):
        """The trump suit as a trickcore Suit, or None at no-trump."""
        return self.strain.suit

    @property
    def tricks_needed(self):
        """Tricks the declaring side undertook: level + 6."""
        return self.level + 6

    def __str__(self):
        return f"{self.level}{self.strain.name}{'X' * self.doubled}"


_CONTRACT_RE = re.compile(r"^([1-7])\s*(NT|N|[CDHS♣♦♥♠])\s*(XX|X|\*\*|\*)?$", re.IGNORECASE)


def parse_contract(text):
    """Read a contract: "4S", "4SX", "4SXX", "3NT", "3N", suit symbols, ``*``/``**`` for doubled/redoubled."""
    raw = str(text).strip()
    match = _CONTRACT_RE.match(raw.upper().replace(" ", ""))
    if match is None:
        raise NotationError(f"not a contract: {text!r} (expected level 1-7, strain C D H S NT, then X or XX)",
                            field="contract")
    level, strain, double = match.groups()
    doubled = {None: 0, "X": 1, "*": 1, "XX": 2, "**": 2}[double]
    return Contract(int(level), Strain.parse(strain), doubled)


def _board_index(board):
    if not isinstance(board, int) or isinstance(board, bool) or board < 1:
        raise NotationError(f"board number must be an integer >= 1, not {board!r}", field="board")
    return board - 1


def board_dealer(board):
    """The dealer of duplicate board ``board`` (§2): N E S W in turn."""
    return Seat(_board_index(board) % 4)


def board_vulnerability(board):
    """The vulnerability of duplicate board ``board`` (§2, the 16-board cycle)."""
    i = _board_index(board)
    return [Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH][(i + i // 4) % 4]
