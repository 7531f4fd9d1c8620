"""TrickRules: what the kernel needs to know about a game's play: seats, trump, follow-suit and must-trump."""
import attrs

from trickcore.cards import Suit, parse_trump
from trickcore.errors import InputError


@attrs.frozen
class TrickRules:
    """The play rules of one deal.

    ``n_seats``: 3 or 4 players in the tricks. ``trump``: a Suit or None (no trump), also read from a letter,
    ``"NT"`` or a game's own suit or strain enum (bridge's ``Strain.H``). ``follow_suit``: a player holding the
    led suit must play it. ``must_trump``: a player void in the led suit must play a trump if he holds one
    (preferans); whist and bridge leave the choice free.
    """

    n_seats: int = attrs.field(default=4)
    trump: Suit | None = attrs.field(default=None, converter=parse_trump)
    follow_suit: bool = attrs.field(default=True)
    must_trump: bool = attrs.field(default=False)

    @n_seats.validator
    def _check_seats(self, attribute: "attrs.Attribute[int]", value: int) -> None:
        if value not in (3, 4):
            raise InputError(f"a trick has 3 or 4 seats, not {value!r}")

    @must_trump.validator
    def _check_must_trump(self, attribute: "attrs.Attribute[bool]", value: bool) -> None:
        if value and not self.follow_suit:
            raise InputError("the must-trump rule only applies when players must follow suit")

    def kernel_tuple(self) -> tuple[int, int, bool, bool]:
        """The rules as the kernel takes them: (seats, trump index or -1, follow_suit, must_trump)."""
        return (self.n_seats, -1 if self.trump is None else int(self.trump), self.follow_suit, self.must_trump)
