"""Bridge agents: random, and a heuristic bidder and card player. Each sees only its view (rules/bridge.md §4.2).

Every agent is built as ``Agent(seat, seed=0)`` and answers ``act(view)`` with a call (auction views) or a card
(play views; games.bridge.table). The agent of declarer's seat also chooses dummy's cards.

``RandomAgent`` picks uniformly among the legal calls and cards with a ``trickcore.rng.Stream``: on board ``n``
the stream of (seed + n − 1, seat), so that every board of a match can be replayed alone.

``HeuristicAgent`` bids a simple natural system ("SAYC-lite"):

* Hand evaluation: high-card points (A4 K3 Q2 J1); for suit contracts one extra point per card beyond four in a
  suit. Balanced = 4333, 4432 or 5332.
* Openings: 1NT = 15-17 balanced; 2NT = 20-21 balanced; 1 of a suit with 12+ (11 with two suits of 5+ cards or
  a 6-card suit): a 5-card major (the higher of two), else the longer minor (1C with 3-3, 1D with 4-4). Weak
  two (2D/2H/2S) = 6-card suit and 6-10; preempt at the 3 level = 7-card suit and 6-10. No strong 2C.
* Responses to 1 of a suit (6+ points): raise partner's major with 3 cards (6-9 two level, 10-12 three level
  = invitational limit raise, 13+ game), a 4-card major at the one level (up the line), raise a minor with 5
  cards, a new suit at the two level with 10+ and 5 cards (4 in a minor), else 1NT (6-10), 2NT (11-12) or 3NT
  (13-15) balanced. An unpassed responder's new suit is forcing for one round in an uncontested auction: the
  opener never passes it. Uncontested, a raise to one below game in an agreed suit is an invitation, which
  partner reads as the top of the range shown (+3 points).
* Responses to a preempt: game in a major with 2+ cards and 16+ points (a minor needs 3 cards), 3NT with 16+
  balanced or opposite a three-level minor preempt.
* Responses to 1NT: 5-card major and 0-7 → two of it (to play), 10+ → three of it, 6 cards and 9+ → game;
  otherwise balanced 8-9 → 2NT, 10-15 → 3NT, 16-17 → 4NT (quantitative), 18+ → 6NT. To 2NT: 4+ → 3NT.
* Competition: overcall a 5-card suit (8-16 at the one level, 11+ at the two level), 1NT overcall 15-18
  balanced, takeout double with 12+ and at most two cards in the opponents' suit (or any 17+); partner of a
  takeout doubler advances in his longest unbid suit (a 4-card major first): cheapest bid with 0-8, a jump
  with 9-11 (below the four level), game with 12+ (four of a major, else 3NT); the doubler reads the advance
  as 4.5, 10 or 13 points. Penalty double when the opponents outbid a side holding 23+ combined points.
* After that, every call places the contract: the seat estimates partner's points and suit lengths from
  partner's calls, chooses a strain (an 8-card major fit, a fit in a minor, a 6-card suit of its own, else NT)
  and a level by combined points (game 25+, 28+ in a minor, small slam 33+, grand slam 37+, invitation
  23-24), and passes once the side's contract is high enough: the target reached in a part-score, or any game
  already bid when no slam is in view. Competitive limit: once the opponents have bid, the combined points
  are HCP plus one per trump beyond eight, with partner counted one point below the estimate, so a contested
  part-score is not pushed into a light game. No conventions (no Stayman, transfers or Blackwood), and no
  strong 2C: a hand of 22+ opens at the one level and may be passed out there.

Playing styles (the agent option ``style``, e.g. ``--agents "heuristic style=aggressive"``): the thresholds
above are those of the ``normal`` style; ``cautious`` asks a point more for invitations, games and slams and two
more to overcall or double for penalty, ``aggressive`` a point less, and two less to double (one less to
overcall). The figures of each style are named once in games/bridge/compiled/constants.py (``STYLES``).

At the two- and three-player tables (rules/bridge-variants.md) a player sees his dummy, or calls in the three-player
phases, so the bidder judges his side from the hands he sees instead (``HeuristicBidder._side_call``).

The card player: opening lead of partner's suit, else the top of an honour sequence, else fourth best of the
longest suit (no trump leads); defenders return partner's suit; declarer draws trumps while the opponents hold
some, then cashes winners; second hand low, cover an honour with a higher honour; third hand plays the cheapest
card that wins for sure, else third hand high (the lowest of the cards as good as his highest: the queen from
K-Q-x, the king from K-J-x), and low when partner's card wins for sure; fourth hand wins as cheaply as possible;
ruff when the opponents are winning, else discard the lowest card of the longest side suit. What third hand
weighs is what fourth hand may hold: dummy's cards when fourth hand is dummy, else the cards third hand cannot
see, less the suits fourth hand has shown out of; fourth hand may overruff third hand's ruff when he may hold
none of the suit led (he is dummy without it, has shown out of it, or its unseen cards fit in the other hidden
hands). His ruff of a card third hand follows suit with is left out, as no card of the suit stops it: third hand
does not ruff partner's card that only a ruff could beat.

The rules above are written once, in compiled code over card masks and call codes
(games/bridge/compiled/_heuristic.pxi): ``HeuristicBidder`` and ``HeuristicPlayer`` below are thin adapters that
turn the view into that encoding and call the functions that the compiled batch of ``tricks simulate`` calls at
the standard table (games/bridge/compiled/played_boards.py), so both play the same calls and cards
(tests/games/bridge/test_heuristic_boards.py). The contract thresholds are named in
games/bridge/compiled/constants.py.

``DoubleDummyAgent`` ("dd") bids with the heuristic bidder above and plays the cards double dummy: it is the
one agent exempt from the view rule (``omniscient``: it is given ``State.open_view``, every hand as it stands).
It solves the position with ``trickcore.solver.solve_cards`` and plays a card with the most tricks for the side
it plays for (declarer's side when it plays declarer's or dummy's cards), the lowest card of the best group.
"""
import array

import attrs

from trickcore.cards import Card, hand_mask
from trickcore.games.base import Agent
from trickcore.games.bridge.auction import DOUBLE, PASS, REDOUBLE, Auction
from trickcore.games.bridge.compiled._boards import choose_card, contract_level, decide_call, hand_facts
from trickcore.games.agent_spec import style_index
from trickcore.games.bridge.compiled.constants import AGENT_SALT, CALLS, STYLES, call_code
from trickcore.games.bridge.vocab import Seat, Strain
from trickcore.games.double_dummy import best_card
from trickcore.games.options import Option
from trickcore.rng import Stream
from trickcore.solver import Position


class RandomAgent(Agent):
    """Uniformly random legal calls and cards, from the seeded stream of (seed + board − 1, seat)."""

    game = "bridge"
    name = "random"

    def __init__(self, seat, seed=0, **options):
        super().__init__(seat, seed, **options)
        self.board, self.stream = None, None

    def act(self, view):
        """A uniformly random legal call or card."""
        if view.board != self.board:
            self.board, self.stream = view.board, Stream(self.seed + view.board - 1, int(self.seat), AGENT_SALT)
        legal = view.legal_actions
        return legal[self.stream.below(len(legal))]


# ---- hand evaluation -------------------------------------------------------------------------------------

SUIT_STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S)


@attrs.frozen
class HandShape:
    """The bidder's evaluation of a hand (the compiled one it bids with): high-card points, the length of each suit
    strain (C D H S), whether it is balanced, and the points for a suit contract (a point per card beyond four)."""

    hcp: int
    lens: dict
    balanced: bool
    suit_points: int

    @classmethod
    def of(cls, cards):
        """Evaluate a hand."""
        facts = hand_facts(hand_mask(cards))
        return cls(facts["hcp"], dict(zip(SUIT_STRAINS, facts["lens"])), facts["balanced"], facts["suit_points"])


def hcp(cards):
    """High-card points: A 4, K 3, Q 2, J 1."""
    return HandShape.of(cards).hcp


# ---- the bidder ------------------------------------------------------------------------------------------

STYLE = Option("style", "The heuristic bidder's playing style: the points it asks for invitations, games, slams, "
                        "overcalls and penalty doubles (cautious asks more, aggressive less).", tuple(STYLES),
               "normal", owner="heuristic")


class HeuristicBidder:
    """The natural system of the module docstring, in the playing style that the agent option ``style`` names
    (constants.STYLES; normal by default)."""

    declared_options = (STYLE,)
    style = 0     # the style's index in STYLES

    def __init__(self, seat, seed=0, **options):
        super().__init__(seat, seed, **options)
        self.style = style_index(STYLE, options, self.name)

    @property
    def figures(self):
        """The thresholds of the bidder's style (a constants.BiddingStyle)."""
        return STYLES[STYLE.type[self.style]]

    def choose_call(self, view):
        """A call for ``view`` (always legal: a wanted call that is not legal becomes Pass)."""
        if view.callers is not None or len(view.visible or ()) == 2:
            return self._side_call(view)
        # The game's auction says which bid is the last, by whom, and whether it is doubled; the compiled rules
        # decide; the game's auction says whether the call is legal.
        auction = Auction(view.dealer, view.calls)
        last = auction.last_bid
        code = decide_call(hand_mask(view.hand), view.dealer, bytes(map(call_code, view.calls)),
                           -1 if last is None else last.index, -1 if last is None else auction.last_bidder,
                           auction.doubled, self.style)
        call = None if code is None else CALLS[code]
        return call if call is not None and auction.is_legal(call) else PASS

    def _side_call(self, view):
        """A call at the two- and three-player tables (rules/bridge-variants.md §2-§3), where a player sees his dummy or
        calls in the phases of rules/bridge-variants.md §3.2: judged from the hands he sees, an unseen partner counting
        for the average 10 points and 3.25 cards a suit. Bid the side's strain up to the level its points are worth (a
        player who sees both hands of his side bids that level at once); double an opposing contract when the side
        holds 23+ points (the style's penalty double), redouble with 26+; otherwise pass."""
        seen = HandShape.of(frozenset().union(*view.visible.values()))
        unseen = 2 - len(view.visible)
        points = seen.hcp + 10 * unseen
        fits = {s: seen.lens[s] + 3.25 * unseen for s in SUIT_STRAINS}
        best = max(fits, key=lambda s: (fits[s] >= 8 and s.is_major, fits[s], s))
        strain = best if fits[best] >= 8 else Strain.NT
        target, game = contract_level(points, strain, self.style)
        if not target:
            target = max(0, min(game - 1, (points - 17) // 3))
        legal = view.legal_calls
        bids = [c for c in legal if c.is_bid and c.strain == strain and c.level <= target]
        ours = [view.seat_of(k) for k, c in enumerate(view.calls) if c.is_bid]
        ours = bool(ours) and ours[-1].side == view.seat.side
        if bids and not ours:
            return bids[-1] if unseen == 0 else bids[0]
        if bids and ours and target >= game and bids[0].level < game:
            return next((b for b in bids if b.level == game), PASS)
        if DOUBLE in legal and points >= self.figures.penalty_double:
            return DOUBLE
        if REDOUBLE in legal and points >= 26:
            return REDOUBLE
        return PASS


# ---- the card player -------------------------------------------------------------------------------------

class HeuristicPlayer:
    """The card-play rules of the module docstring."""

    def choose_card(self, view, legal=None):
        """A legal card for ``view``: one of ``legal`` when given (some of the legal cards, e.g. one suit)."""
        legal = view.legal_cards if legal is None else legal
        if len(legal) == 1:
            return legal[0]      # no choice: no view to encode
        seen = array.array("Q", [hand_mask(view.visible.get(seat, ())) for seat in Seat])
        current, tricks = view.current, view.tricks
        trump = view.contract.strain.suit
        history = [card.index for trick in tricks for card in trick.cards] + [card.index for _, card in current]
        return Card.from_index(choose_card(
            view.seat, view.player, view.declarer, -1 if trump is None else trump, hand_mask(legal), seen,
            array.array("i", [trick.leader for trick in tricks]), array.array("i", history),
            current[0][0] if current else view.seat, view.dealer, bytes(map(call_code, view.calls))))


class HeuristicAgent(HeuristicBidder, HeuristicPlayer, Agent):
    """The heuristic bidder and card player together."""

    game = "bridge"
    name = "heuristic"

    def act(self, view):
        """The bidder's call in the auction, the card player's card in the play."""
        return self.choose_call(view) if view.phase == "auction" else self.choose_card(view)


class DoubleDummyAgent(HeuristicBidder, Agent):
    """The heuristic bidder with double-dummy card play (sees every hand: see the module docstring)."""

    game = "bridge"
    name = "dd"
    omniscient = True

    def act(self, view):
        """The bidder's call in the auction, the double-dummy card in the play."""
        return self.choose_call(view) if view.phase == "auction" else self.choose_card(view)

    def choose_card(self, view):
        """The legal card with the most tricks for the side that plays it, every hand face up (an open view)."""
        leader = view.current[0][0] if view.current else view.seat
        trick = tuple(c for _, c in view.current)
        return best_card(Position(view.rules, view.hands, int(leader), trick))
