"""A bridge position solved card by card, as DDS SolveBoard does for all cards: the trump, the seat that leads the
current trick and the cards already on it; for every legal card of the seat to play, the tricks his side takes
from there (the current trick included)."""
from collections.abc import Iterable

import attrs

from trickcore.cards import Card, parse_card
from trickcore.errors import IllegalPlay, InputError, InvalidDeal
from trickcore.games.analysis import line_lines, named_line
from trickcore.games.bridge.vocab import Seat, Strain
from trickcore.rules import TrickRules
from trickcore.solver import Position, solve_cards


SEATS = tuple(seat.name for seat in Seat)


@attrs.frozen
class PositionResult:
    """One position solved: the deal at the start of the current trick, its trump and leader, the cards already
    played to the trick, the seat to play and {card: tricks his side takes if he plays it}; asked for, one best
    ``line`` of play from there, as (seat, card) pairs."""

    deal: str
    trump: str
    leader: str
    played: tuple
    seat: str
    cards: dict
    line: tuple | None = None

    def to_dict(self):
        """The JSON object of ``tricks solve --game bridge --trump T --leader SEAT`` (with ``--line``, its cards)."""
        line = {} if self.line is None else {"line": [card for _, card in self.line]}
        return {"deal": self.deal, "trump": self.trump, "leader": self.leader, "played": list(self.played),
                "seat": self.seat, "cards": dict(self.cards), **line}

    def text(self):
        """The position, then a line per legal card of the seat to play with his side's tricks."""
        played = f", played {' '.join(self.played)}" if self.played else ""
        side = "N-S" if Seat[self.seat].side == 0 else "E-W"
        lines = [self.deal, f"trump {self.trump}, {self.leader} leads{played}; {self.seat} to play, tricks for {side}:"]
        lines += [f"  {card} {tricks:>2}" for card, tricks in self.cards.items()]
        return "\n".join(lines + line_lines(self.line, len(self.played))) + "\n"


def played_cards(played):
    """The cards of ``played`` (a text "C1 C2", or a sequence of cards or card texts), each once."""
    if not isinstance(played, (str, Iterable)):
        raise InputError(f"--played is the cards on the trick, as text (\"SK S2\") or a list, not {played!r}",
                         field="played")
    items = played.split() if isinstance(played, str) else list(played)
    cards = [item if isinstance(item, Card) else parse_card(item) for item in items]
    twice = [card for k, card in enumerate(cards) if card in cards[:k]]
    if twice:
        raise InvalidDeal(f"--played gives {twice[0]} twice", field="played")
    if len(cards) > 3:
        raise InvalidDeal(f"--played gives {len(cards)} cards: a trick in progress has at most 3", field="played")
    return tuple(cards)


def solve_position(deal, trump, leader, played=(), line=False):
    """The PositionResult of ``deal`` (any bridge deal with hands of one size, the cards of ``played`` still in
    their hands) with ``trump`` (C D H S or NT), ``leader`` leading the current trick and ``played`` (text or
    cards) the cards already on it, played by the leader and the seats after him in turn; with ``line``, one best
    line of play from there to the end (``trickcore.lines.best_line``)."""
    strain, leader = Strain.parse(trump), Seat.parse(leader)
    trick = played_cards(played)
    hands = [set(hand) for hand in deal.hands]
    for k, card in enumerate(trick):
        seat = Seat((leader + k) % 4)
        if card not in hands[seat]:
            raise InvalidDeal(f"--played: {card} is not in {seat.name}'s hand ({seat.name} plays card {k + 1} of "
                              f"the trick, {leader.name} leading)", field="played")
        led = trick[0].suit
        if k and card.suit != led and any(c.suit == led for c in hands[seat]):
            raise IllegalPlay(f"--played: {seat.name} holds {led.name} and must follow suit, not play {card}",
                              field="played")
        hands[seat].discard(card)
    position = Position(TrickRules(4, strain.suit), hands, leader=int(leader), trick=trick)
    values = solve_cards(position)
    return PositionResult(deal.to_pbn(), str(strain), leader.name, tuple(str(card) for card in trick),
                          Seat(position.turn).name, {str(card): values[card] for card in sorted(values, reverse=True)},
                          named_line(position, SEATS) if line else None)

