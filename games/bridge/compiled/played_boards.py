"""Whole bridge boards played by random or heuristic agents in one compiled batch: deal, auction and play
exactly as ``RandomAgent`` or ``HeuristicAgent`` (games/bridge/agents.py) play them through the game protocol,
at kernel speed (the compiled loop: games/bridge/compiled/_boards.pyx, the heuristic rules in _heuristic.pxi,
which HeuristicAgent calls too).

``random_boards(deals, dealers, agent_seeds, boards)`` and ``heuristic_boards(deals, dealers, boards)`` play every
board and return a ``PlayedBoards`` batch: its arrays (calls, contracts, declarers, tricks, cards) for
statistics, and ``record(i)``, the same Board record ``BridgeState.record()`` gives after the protocol's play of
that board (tests/games/bridge/test_random_boards.py and test_heuristic_boards.py prove it).

The loop runs the auction and the play over masks and call codes; the game's rules are BridgeState's. With the
environment variable TRICKCORE_CHECK_BATCH=1 every batch is checked before it is returned (``check_boards``):
each board's calls and cards are replayed through BridgeState, which refuses an illegal one and writes its own
record, and that record must equal the batch's field for field; a difference raises BatchMismatch.
"""
import array

import attrs

from trickcore.cards import Card
from trickcore.dealing import DealBatch
from trickcore.errors import BatchMismatch, IllegalCall, IllegalPlay, InputError
from trickcore.games.bridge.compiled import _boards
from trickcore.games.bridge.compiled.constants import CALLS
from trickcore.games.bridge.record import Board
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.vocab import Contract, Seat, Strain, board_vulnerability
from trickcore.games.simulation_hooks import checking_batches

CALLS_PER_BOARD = _boards.CALLS_PER_BOARD


@attrs.frozen
class PlayedBoards:
    """Boards played by one kind of agents (``deals`` a DealBatch or a list of Deals): per board its deal, dealer,
    board number, calls, contract (level 0: passed out, strain, doubled), declarer, the declaring side's tricks
    and the 52 cards in playing order."""

    deals: object
    dealers: tuple
    boards: tuple
    calls: array.array
    n_calls: array.array
    outcomes: array.array
    cards: array.array

    def __len__(self):
        return len(self.dealers)

    def record(self, i):
        """Board ``i`` as the protocol records it (games.bridge.record.Board)."""
        number = self.boards[i]
        auction = tuple(CALLS[c] for c in self.calls[i * CALLS_PER_BOARD:i * CALLS_PER_BOARD + self.n_calls[i]])
        board = Board(number=number, dealer=Seat(self.dealers[i]), vulnerability=board_vulnerability(number),
                      deal=self.deals[i], auction=auction)
        level, strain, doubled, declarer, tricks = self.outcomes[i * 5:i * 5 + 5]
        if level == 0:
            return attrs.evolve(board, passed_out=True)
        play = tuple(Card.from_index(c) for c in self.cards[i * 52:(i + 1) * 52])
        return attrs.evolve(board, contract=Contract(level, Strain(strain), doubled), declarer=Seat(declarer),
                            play=play, result=tricks)


def random_boards(batch, dealers, agent_seeds, boards):
    """Play each deal of ``batch`` (a DealBatch of bridge deals, or a list of Deals: 13-card hands N E S W) dealt
    by ``dealers[i]`` (seat index) as board number ``boards[i]`` with random agents seeded ``agent_seeds[i]``; a
    PlayedBoards batch."""
    return _play(batch, dealers, agent_seeds, boards, "random")


def heuristic_boards(batch, dealers, boards, style="normal"):
    """Play each deal of ``batch`` (as ``random_boards``) dealt by ``dealers[i]`` as board number ``boards[i]``
    with heuristic agents at every seat, bidding in the playing ``style`` (constants.STYLES; they draw no random
    numbers: no seed); a PlayedBoards batch."""
    return _play(batch, dealers, [0] * len(dealers), boards, "heuristic", style)


def _play(batch, dealers, agent_seeds, boards, agents, style="normal"):
    if isinstance(batch, DealBatch):
        hands, stride = batch.masks, batch.plan.n_owners
        if batch.plan.n_seats != 4 or len(batch.plan.deck) != 52 or stride != 5:
            raise InputError("boards are played from bridge deals")
    else:
        hands, stride = array.array("Q"), 4
        for deal in batch:
            if deal.n_seats != 4 or deal.hand_size != 13:
                raise InputError("boards are played from 13-card hands N E S W")
            hands.extend(deal.masks())
    count = len(batch)
    if not count == len(dealers) == len(agent_seeds) == len(boards):
        raise InputError("give one dealer, agent seed and board number per deal")
    for number in boards:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 2**63:
            raise InputError(f"a board number is a whole number from 1, not {number!r}", field="board")
    for dealer in dealers:
        if dealer not in (0, 1, 2, 3):
            raise InputError(f"a dealer is a seat index 0-3, not {dealer!r}", field="dealer")
    out = PlayedBoards(batch, tuple(int(d) for d in dealers), tuple(boards),
                       array.array("B", bytes(CALLS_PER_BOARD * count)), array.array("H", bytes(2 * count)),
                       array.array("b", bytes(5 * count)), array.array("B", bytes(52 * count)))
    if style not in _boards.STYLES:
        raise InputError(f"the heuristic bidder has no style {style!r} (its styles: {', '.join(_boards.STYLES)})",
                         field="agents")
    _boards.play_boards(hands, stride, array.array("B", out.dealers), agents == "heuristic",
                        _boards.STYLES.index(style),
                        array.array("Q", agent_seeds), array.array("Q", boards), out.calls, out.n_calls,
                        out.outcomes, out.cards)
    if checking_batches():
        check_boards(out)
    return out


def check_boards(played):
    """Replay every board of ``played`` through BridgeState, the game's own rules: BatchMismatch when the State
    refuses a call or card of the batch, or when its record differs from the batch's in any field."""
    # The game object is imported here: games.bridge.game imports this module (through the simulation hooks).
    from trickcore.games.bridge.game import BRIDGE

    for i in range(len(played)):
        record = played.record(i)
        state = BRIDGE.new_state(record.deal, BridgeSetup(dealer=record.dealer, board=record.number))
        try:
            for action in record.auction + (record.play or ()):
                state.apply(action)
        except (IllegalCall, IllegalPlay) as exc:
            raise BatchMismatch(f"the compiled batch's board {record.number} (index {i}) breaks the rules: "
                                f"{exc}") from exc
        replayed = state.record()
        for field in attrs.fields(Board):
            ours, theirs = getattr(record, field.name), getattr(replayed, field.name)
            if ours != theirs:
                raise BatchMismatch(f"the compiled batch's board {record.number} (index {i}) differs from its "
                                    f"replay through BridgeState in {field.name}: {ours!r}, not {theirs!r}")
