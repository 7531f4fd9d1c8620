"""One board at the table (bridge.md §3-§4): the auction and the play through the kernel, with agent views.

Agents see only what their seat may see (§4.2): their own hand, the auction, the cards played, and dummy's
remaining cards once the opening lead is faced. Declarer's agent chooses dummy's cards too. The one exception
is the double-dummy agent, which declares itself omniscient: ``run_play`` shows it all four hands before the
opening lead (games.double_dummy.show_deal); no other agent's view changes.
"""
import attrs

from trickcore.games.bridge.auction import Auction
from trickcore.games.bridge.vocab import Seat
from trickcore.games.double_dummy import show_deal
from trickcore.errors import InvalidRecord
from trickcore.play import PlayState
from trickcore.rules import TrickRules


@attrs.frozen
class AuctionView:
    """What ``seat`` knows when it is its turn to call."""

    seat: Seat
    hand: frozenset
    dealer: Seat
    vulnerability: object
    calls: tuple
    legal_calls: tuple

    def seat_of(self, position):
        """The seat that made call number ``position``."""
        return Seat((self.dealer + position) % 4)


@attrs.frozen
class PlayView:
    """What the player choosing a card knows: ``seat`` is the hand to play from (dummy's for declarer).

    ``visible`` maps each seat whose remaining cards this player may see to those cards; ``tricks`` are the
    completed tricks (trickcore Trick records), ``current`` the (seat, card) pairs of the trick in progress.
    """

    seat: Seat
    player: Seat
    contract: object
    declarer: Seat
    calls: tuple
    dealer: Seat
    visible: dict
    tricks: tuple
    current: tuple
    legal_cards: tuple

    @property
    def hand(self):
        """The cards of the hand to play from."""
        return self.visible[self.seat]

    @property
    def dummy(self):
        """Declarer's partner."""
        return self.declarer.partner

    @property
    def played(self):
        """Every card played so far."""
        return frozenset(c for t in self.tricks for c in t.cards) | frozenset(c for _, c in self.current)


@attrs.frozen
class Claim:
    """An agent's claim (§4.3): ``tricks`` of the remaining tricks go to the declaring side."""

    tricks: int


@attrs.frozen
class PlayResult:
    """The play of a board: every trick played, the declaring side's tricks, and a claim when one ended it."""

    tricks: tuple
    result: int
    claimed: int = None


def trick_rules(contract):
    """The play rules of a contract: four seats, its trump (None at no-trump), follow suit."""
    return TrickRules(4, contract.strain.suit, True, False)


def run_auction(deal, dealer, vulnerability, agents):
    """Ask the agents (one per seat, N first) for calls until the auction is complete; returns the Auction."""
    auction = Auction(dealer)
    while not auction.is_complete:
        seat = auction.turn
        view = AuctionView(seat, deal.hands[seat], auction.dealer, vulnerability, tuple(auction.calls),
                           tuple(auction.legal_calls()))
        auction.make_call(agents[seat].choose_call(view))
    return auction


def run_play(deal, auction, agents):
    """Play the contract of a complete, not passed-out auction with the agents; returns a PlayResult."""
    outcome = auction.outcome
    declarer, dummy = outcome.declarer, outcome.dummy
    show_deal(agents, deal.hands)
    state = PlayState(trick_rules(outcome.contract), deal.hands, outcome.opening_leader)
    while not state.is_over:
        seat = Seat(state.turn)
        player = declarer if seat == dummy else seat
        hands = state.hands
        exposed = bool(state.completed_tricks() or state.current_trick)
        seen = {player, seat} | ({dummy} if exposed else set())
        trick = state.current_trick
        view = PlayView(seat, player, outcome.contract, declarer, tuple(auction.calls), auction.dealer,
                        {s: hands[s] for s in sorted(seen)}, tuple(state.completed_tricks()),
                        tuple((Seat((state.leader + k) % 4), c) for k, c in enumerate(trick)),
                        tuple(state.legal_cards()))
        choice = agents[player].choose_card(view)
        if isinstance(choice, Claim):
            return _claimed(state, declarer, choice.tricks)
        state.play(choice)
    tricks = tuple(state.completed_tricks())
    return PlayResult(tricks, _declarer_tricks(tricks, declarer))


def _declarer_tricks(tricks, declarer):
    return sum(1 for t in tricks if Seat(t.winner).side == declarer.side)


def _claimed(state, declarer, claimed):
    tricks = tuple(state.completed_tricks())
    remaining = 13 - len(tricks)
    if not 0 <= claimed <= remaining:
        raise InvalidRecord(f"a claim of {claimed} tricks with {remaining} to play")
    total = _declarer_tricks(tricks, declarer) + claimed
    return PlayResult(tricks, total, total)
