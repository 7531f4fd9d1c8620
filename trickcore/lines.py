"""Lines of play valued double dummy: the value before and after each card of a given line (what DDS AnalysePlay
gives), and one best line from a position (each card keeping the value, to the end of the play).

Values are those of ``trickcore.solver`` for the position's reported seat and objective, counted over the whole
line: the tricks the counted seats win along it plus what they take from where it has reached. Every position
of a line is searched by the thread's one solver, whose transposition table carries over from card to card, so
valuing a whole line costs little more than solving its first position.
"""
from collections.abc import Iterable

import attrs

from trickcore.cards import Card
from trickcore.errors import IllegalPlay, InputError
from trickcore.play import PlayState
from trickcore.solver import Position, solve, solve_cards


def _state(position: Position) -> PlayState:
    """A PlayState at ``position``."""
    return PlayState(position.rules, position.hands, position.leader, position.trick)


def _play(state: PlayState, card: Card, number: int) -> None:
    """Play ``card``, card ``number`` of a line, in ``state``; an error naming it when it is not a card its seat
    may play there."""
    if not isinstance(card, Card):
        raise InputError(f"card {number} of the line: {card!r} is not a Card")
    if state.is_over or card not in state.legal_cards():
        raise IllegalPlay(f"card {number} of the line: seat {state.turn} may not play {card} there")
    state.play(card)


def _won(position: Position, state: PlayState) -> int:
    """Tricks the counted seats of ``position`` have won in ``state`` since the position."""
    counted = position.masks()[0]
    return sum(won for seat, won in enumerate(state.tricks_won) if (counted >> seat) & 1)


def _rest(position: Position, state: PlayState) -> Position:
    """``position`` moved on to ``state`` (the same rules, objective and reported seat)."""
    # The attrs plugin reads Position.trick's converter (the generic ``tuple``) as wanting an unsolved type.
    return Position(position.rules, state.hands, state.leader, state.current_trick,  # type: ignore[arg-type]
                    position.objective, position.reported_seat, position.declarer)


def _value(position: Position, state: PlayState) -> int:
    """The counted seats' tricks along the line to ``state`` and from there on with best play."""
    if state.is_over:
        return _won(position, state)
    return _won(position, state) + solve(_rest(position, state))


def line_values(position: Position, cards: Iterable[Card]) -> tuple[int, ...]:
    """The value of ``position`` (``solver.solve``) before the first of ``cards`` and after each, the tricks the
    counted seats win along them included: one number more than there are cards. A card its seat may not play
    there is an IllegalPlay naming it by its place in the line."""
    if not isinstance(position, Position):
        raise InputError(f"expected a Position, got {type(position).__name__}")
    position = attrs.evolve(position, seat=position.reported_seat)
    state = _state(position)
    values = [_value(position, state)]
    for number, card in enumerate(cards, 1):
        _play(state, card, number)
        values.append(_value(position, state))
    return tuple(values)


def seats_of(position: Position, cards: Iterable[Card]) -> tuple[int, ...]:
    """The seat that plays each of ``cards`` from ``position`` on, each trick led by the last one's winner (an
    IllegalPlay for a card its seat may not play)."""
    state = _state(position)
    seats: list[int] = []
    for number, card in enumerate(cards, 1):
        seats.append(state.turn)
        _play(state, card, number)
    return tuple(seats)


def preference(card: Card) -> tuple[int, int]:
    """The order in which a best line chooses among cards of one value: the lowest rank first, then spades,
    hearts, diamonds, clubs (the lowest card that keeps the value spends no honour it does not need)."""
    return int(card.rank), int(card.suit)


def best_line(position: Position) -> tuple[Card, ...]:
    """One best line of play from ``position`` to the end: at every turn the card the seat to play would choose
    (the most for the seats maximising the counted tricks, the fewest for the others), the first by
    ``preference`` among those of that value; every card keeps the position's value (``line_values`` is
    constant along it)."""
    if not isinstance(position, Position):
        raise InputError(f"expected a Position, got {type(position).__name__}")
    position = attrs.evolve(position, seat=position.reported_seat)
    maxim = position.masks()[1]
    state = _state(position)
    line: list[Card] = []
    while not state.is_over:
        legal = state.legal_cards()
        if len(legal) > 1:
            values = solve_cards(_rest(position, state))
            best = (max if (maxim >> state.turn) & 1 else min)(values.values())
            legal = [card for card in legal if values[card] == best]
        card = min(legal, key=preference)
        state.play(card)
        line.append(card)
    return tuple(line)
