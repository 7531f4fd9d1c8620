"""Bridge agents: random, and a heuristic bidder and card player. Each sees only its view (rules/bridge.md §4.2).

Every agent is built as ``Agent(seat, seed=0)`` and answers ``act(view)`` with a call (auction views) or a card
(play views; games.bridge.table). The agent of declarer's seat also chooses dummy's cards.

``RandomAgent`` picks uniformly among the legal calls and cards with a ``trickcore.rng.Stream``: on board ``n``
the stream of (seed + n − 1, seat), so that every board of a match can be replayed alone.

``HeuristicAgent`` bids a simple natural system ("SAYC-lite"), written so that each rule is easy to read:

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

At the two- and three-player tables (rules/bridge-variants.md) a player sees his dummy, or calls in the three-player
phases, so the bidder judges his side from the hands he sees instead (``HeuristicBidder._side_call``).

The card player: opening lead of partner's suit, else the top of an honour sequence, else fourth best of the
longest suit (no trump leads); defenders return partner's suit; declarer draws trumps while the opponents hold
some, then cashes winners; second hand low, third hand high (the cheapest card that wins), cover an honour with
a higher honour, fourth hand wins as cheaply as possible; ruff when the opponents are winning, else discard
the lowest card of the longest side suit.

At the standard table, ``tricks simulate`` plays all-heuristic boards in a compiled batch:
games/bridge/compiled/_heuristic.pxi mirrors ``HeuristicBidder`` and ``HeuristicPlayer`` rule for rule over card
masks, so a rule changed here is changed there too (tests/games/bridge/test_heuristic_boards.py fails until both
agree).

``DoubleDummyAgent`` ("dd") bids with the heuristic bidder above and plays the cards double dummy: it is the
one agent exempt from the view rule (``omniscient``: it is given ``State.open_view``, every hand as it stands).
It solves the position with ``trickcore.solver.solve_cards`` and plays a card with the most tricks for the side
it plays for (declarer's side when it plays declarer's or dummy's cards), the lowest card of the best group.
"""
import attrs

from trickcore.games.bridge.auction import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Auction, Bid
from trickcore.games.base import Agent
from trickcore.games.bridge.vocab import Seat, Strain
from trickcore.games.double_dummy import best_card
from trickcore.cards import DECK52, Rank, Suit, hand_mask
from trickcore.play import trick_winner_unchecked
from trickcore.rng import Stream
from trickcore.solver import Position

AGENT_SALT = 0x62726964


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

# Evaluation counts bits of the hand's mask (suit s at bits 16s.., rank r at offset r - 2): the bidder
# evaluates every call, and a few integer operations beat a pass over Card objects per suit.
_SHIFTS = tuple((s, 16 * s.suit) for s in SUIT_STRAINS)
_EVERY_SUIT = 0x0001_0001_0001_0001
_HONOURS = tuple((points, _EVERY_SUIT << (rank - 2)) for points, rank in enumerate(range(11, 15), 1))


def hcp(cards):
    """High-card points: A 4, K 3, Q 2, J 1."""
    mask = hand_mask(cards)
    return sum(points * (mask & bits).bit_count() for points, bits in _HONOURS)


def lengths(cards):
    """The number of cards in each suit strain (C D H S)."""
    mask = hand_mask(cards)
    return {s: (mask >> shift & 0x1FFF).bit_count() for s, shift in _SHIFTS}


def is_balanced(lens):
    """True for the shapes 4333, 4432 and 5332."""
    return sorted(lens.values(), reverse=True) in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])


@attrs.frozen
class HandShape:
    """The facts the bidder uses about its own hand."""

    hcp: int
    lens: dict
    balanced: bool

    @classmethod
    def of(cls, cards):
        """Evaluate a hand."""
        lens = lengths(cards)
        return cls(hcp(cards), lens, is_balanced(lens))

    @property
    def suit_points(self):
        """Points for a suit contract: HCP plus one per card beyond four in a suit."""
        return self.hcp + sum(max(0, n - 4) for n in self.lens.values())

    def longest(self, strains=SUIT_STRAINS):
        """The longest of ``strains``, the higher-ranking one on equal length."""
        return max(strains, key=lambda s: (self.lens[s], s))


# ---- what the auction says -------------------------------------------------------------------------------

@attrs.frozen
class PartnerPicture:
    """Partner's estimated points and suit lengths (at least), read from partner's calls."""

    points: float
    lens: dict


def _cheapest(auction, strain):
    """The lowest legal bid in ``strain`` now, or None above 7."""
    for level in range(1, 8):
        bid = ALL_BIDS[5 * (level - 1) + strain]   # Bid(level, strain), without building and checking it
        if auction.is_legal(bid):
            return bid
    return None


def _first_action_estimate(call, before, me, partner, cheapest=None, i_doubled=False):
    """Points and shape shown by partner's first non-pass call, given the bids ``before`` it (seat, bid);
    ``cheapest`` is the lowest legal level of the call's strain, ``i_doubled`` whether my first call was a
    takeout double (then partner's bid is an advance: cheapest 0-8, a jump 9-11, game 12+)."""
    opened_by_me = bool(before) and before[0][0] == me
    if not call.is_bid:
        # A double, or a redouble of our doubled bid (which a random partner may make first): strength.
        return 13.0, {}
    if i_doubled and call.is_bid and call.strain != Strain.NT:
        if call.level >= (4 if call.strain.is_major else 5):
            return 13.0, {call.strain: 4}
        return (10.0 if call.level > cheapest else 4.5), {call.strain: 4}
    if not before:
        if call.strain == Strain.NT:
            return (16.0, {}) if call.level == 1 else (20.5, {})
        if call.level == 1:
            return 14.0, {call.strain: 5 if call.strain.is_major else 3}
        return 8.0, {call.strain: 5 + call.level}
    if opened_by_me:
        opening = before[0][1]
        if opening.strain == Strain.NT:
            if call.strain == Strain.NT:
                return (8.5 if call.level == 2 else 12.0), {}
            return ({2: 4.0, 3: 11.0}.get(call.level, 11.0)), {call.strain: 5 if call.level < 4 else 6}
        if call.strain == opening.strain:
            return {2: 7.5, 3: 11.0}.get(call.level, 13.0), {call.strain: 3 if call.strain.is_major else 5}
        if call.strain == Strain.NT:
            return {1: 7.5, 2: 11.5}.get(call.level, 14.0), {}
        return (9.0 if call.level == 1 else 12.0), {call.strain: 4}
    if any(s.side == partner.side for s, _ in before):
        return 8.0, ({} if call.strain == Strain.NT else {call.strain: 4})
    if call.strain == Strain.NT:
        return 16.5, {}
    return 11.0, {call.strain: 5}


def _game_level(strain):
    """The lowest game level in ``strain``: 3 at no-trump, 4 in a major, 5 in a minor."""
    return {Strain.NT: 3, Strain.H: 4, Strain.S: 4}.get(strain, 5)


def _level_for(points, strain, game):
    """The level a side's combined ``points`` reach in ``strain``: 7 from 37, 6 from 33, ``game`` from 28 in a
    minor (25 otherwise); None below game, where each bidder has its own part-score rule."""
    if points >= 37:
        return 7
    if points >= 33:
        return 6
    if points >= (28 if strain.is_minor else 25):
        return game
    return None


def partner_picture(view):
    """Estimate partner's points and suit lengths from partner's calls in ``view``."""
    me, partner = view.seat, view.seat.partner
    bids, points, lens, passed_hand, my_first = [], None, {}, False, None
    auction = Auction(view.dealer)
    for k, call in enumerate(view.calls):
        seat = view.seat_of(k)
        if seat == partner and call == PASS and points is None and not bids:
            passed_hand = True
        if seat == me and call != PASS and my_first is None:
            my_first = call
        if seat == partner and call != PASS:
            cheapest = _cheapest(auction, call.strain) if call.is_bid else None
            if points is None:
                points, lens = _first_action_estimate(call, bids, me, partner, cheapest and cheapest.level,
                                                      my_first == DOUBLE)
                lens = dict(lens)
            elif call.is_bid:
                # A later bid: a jump shows extra strength, any other bid a little; a rebid suit one more card.
                # Uncontested, a raise of our agreed suit to one below game is an invitation (top of range).
                agreed = sum(1 for s, b in bids if s.side == me.side and b.strain == call.strain) >= 2
                uncontested = all(s.side == me.side for s, _ in bids)
                invitation = uncontested and agreed and call.level == _game_level(call.strain) - 1
                points += 3 if call.level > cheapest.level or invitation else 1
                if call.strain != Strain.NT:
                    shown = lens.get(call.strain, 0)
                    mine_before = any(s == me and b.strain == call.strain for s, b in bids)
                    lens[call.strain] = max(shown + 1, 6) if shown else (3 if mine_before else 4)
        if call.is_bid:
            bids.append((seat, call))
        auction.make_call(call)
    if points is None:
        points = 5.0 if passed_hand else 4.0
    return PartnerPicture(min(points, 11.0) if passed_hand else points, lens)


# ---- the bidder ------------------------------------------------------------------------------------------

class HeuristicBidder:
    """The natural system of the module docstring."""

    def choose_call(self, view):
        """A call for ``view`` (always legal: a wanted call that is not legal becomes Pass)."""
        if view.callers is not None or len(view.visible or ()) == 2:
            return self._side_call(view)
        auction = Auction(view.dealer, view.calls)
        call = self._decide(view, auction, HandShape.of(view.hand))
        return call if call is not None and auction.is_legal(call) else PASS

    def _decide(self, view, auction, me):
        bids = [(view.seat_of(k), c) for k, c in enumerate(view.calls) if c.is_bid]
        ours = [(k, c) for k, c in enumerate(view.calls)
                if c != PASS and view.seat_of(k).side == view.seat.side]
        if not bids:
            return self._opening(me)
        opener = bids[0][0]
        if not ours and opener == view.seat.partner:
            return None
        i_acted = any(view.seat_of(k) == view.seat for k, _ in ours)
        if not i_acted and opener == view.seat.partner and len(ours) == 1:
            return self._response(auction, bids[0][1], me) or self._place(view, auction, me)
        if not ours:
            return self._overcall(auction, bids, view.seat, me)
        if not i_acted and len(ours) == 1 and view.calls[ours[0][0]] == DOUBLE and view.calls[-1] == PASS:
            return self._advance_double(auction, bids, view.seat, me)
        return self._place(view, auction, me)

    @staticmethod
    def _side_call(view):
        """A call at the two- and three-player tables (rules/bridge-variants.md §2-§3), where a player sees his dummy or
        calls in the phases of rules/bridge-variants.md §3.2: judged from the hands he sees, an unseen partner counting
        for the average 10 points and 3.25 cards a suit. Bid the side's strain up to the level its points are worth (a
        player who sees both hands of his side bids that level at once); double an opposing contract when the side
        holds 23+ points, redouble with 26+; otherwise pass."""
        seen = frozenset().union(*view.visible.values())
        unseen = 2 - len(view.visible)
        points = hcp(seen) + 10 * unseen
        mine = lengths(seen)
        fits = {s: mine[s] + 3.25 * unseen for s in SUIT_STRAINS}
        best = max(fits, key=lambda s: (fits[s] >= 8 and s.is_major, fits[s], s))
        strain = best if fits[best] >= 8 else Strain.NT
        game = _game_level(strain)
        target = _level_for(points, strain, game)
        if target is None:
            target = max(0, min(game - 1, (points - 17) // 3))
        legal = view.legal_calls
        bids = [c for c in legal if c.is_bid and c.strain == strain and c.level <= target]
        ours = [view.seat_of(k) for k, c in enumerate(view.calls) if c.is_bid]
        ours = bool(ours) and ours[-1].side == view.seat.side
        if bids and not ours:
            return bids[-1] if unseen == 0 else bids[0]
        if bids and ours and target >= game and bids[0].level < game:
            return next((b for b in bids if b.level == game), PASS)
        if DOUBLE in legal and points >= 23:
            return DOUBLE
        if REDOUBLE in legal and points >= 26:
            return REDOUBLE
        return PASS

    def _opening(self, me):
        longest = me.longest()
        if me.balanced and 15 <= me.hcp <= 17:
            return Bid(1, Strain.NT)
        if me.balanced and 20 <= me.hcp <= 21:
            return Bid(2, Strain.NT)
        long_suits = [s for s in SUIT_STRAINS if me.lens[s] >= 5]
        if me.hcp >= 12 or (me.hcp >= 11 and (len(long_suits) >= 2 or me.lens[longest] >= 6)):
            majors = [s for s in (Strain.S, Strain.H) if me.lens[s] >= 5]
            if majors:
                return Bid(1, max(majors, key=lambda s: (me.lens[s], s)))
            if me.lens[Strain.D] > me.lens[Strain.C] or me.lens[Strain.D] == me.lens[Strain.C] == 4:
                return Bid(1, Strain.D)
            return Bid(1, Strain.C)
        if 6 <= me.hcp <= 10 and me.lens[longest] == 6 and longest != Strain.C:
            return Bid(2, longest)
        if 6 <= me.hcp <= 10 and me.lens[longest] >= 7:
            return Bid(3, longest)
        return PASS

    def _response(self, auction, opening, me):
        if opening.strain == Strain.NT:
            return self._respond_nt(opening, me)
        if opening.level > 1:
            # Partner's preempt shows 6 (two level) or 7 (three level) cards: two cards make a fit in a major.
            support = me.lens[opening.strain] >= (2 if opening.strain.is_major else 3)
            if support and me.suit_points >= 16:
                return Bid(4 if opening.strain.is_major else 5, opening.strain)
            if (me.balanced or (opening.strain.is_minor and opening.level == 3)) and me.hcp >= 16:
                return Bid(3, Strain.NT)
            return PASS
        suit = opening.strain
        points = me.suit_points
        if me.hcp < 6:
            return PASS
        if suit.is_major and me.lens[suit] >= 3:
            return Bid(2 if points <= 9 else 3 if points <= 12 else 4, suit)
        for major in (Strain.H, Strain.S):
            if me.lens[major] >= 4 and me.lens[major] >= me.lens[Strain.S if major == Strain.H else Strain.H]:
                if auction.is_legal(Bid(1, major)):
                    return Bid(1, major)
        if suit.is_minor and me.lens[suit] >= 5:
            return Bid(2 if points <= 9 else 3, suit)
        if me.lens[Strain.D] >= 4 and auction.is_legal(Bid(1, Strain.D)) and not me.balanced:
            return Bid(1, Strain.D)
        if me.hcp >= 10 and not me.balanced:
            new = [s for s in SUIT_STRAINS if s != suit and me.lens[s] >= (5 if s.is_major else 4)]
            if new:
                return _cheapest(auction, me.longest(new))
        if me.hcp <= 10:
            return Bid(1, Strain.NT)
        return Bid(2, Strain.NT) if me.hcp <= 12 else Bid(3, Strain.NT)

    def _respond_nt(self, opening, me):
        majors = [s for s in (Strain.S, Strain.H) if me.lens[s] >= 5]
        if opening.level == 2:
            if majors and me.hcp >= 4:
                return Bid(3, me.longest(majors))
            return Bid(6, Strain.NT) if me.hcp >= 12 else Bid(3, Strain.NT) if me.hcp >= 4 else PASS
        if majors:
            major = me.longest(majors)
            if me.lens[major] >= 6 and me.hcp >= 9:
                return Bid(4, major)
            if me.hcp <= 7:
                return Bid(2, major)
            if me.hcp >= 10:
                return Bid(3, major)
        if me.hcp <= 7:
            return PASS
        if me.hcp <= 9:
            return Bid(2, Strain.NT)
        if me.hcp <= 15:
            return Bid(3, Strain.NT)
        return Bid(4, Strain.NT) if me.hcp <= 17 else Bid(6, Strain.NT)

    def _overcall(self, auction, bids, seat, me):
        theirs = {b.strain for s, b in bids if s.side != seat.side}
        last = auction.last_bid
        if me.balanced and 15 <= me.hcp <= 18 and auction.is_legal(Bid(1, Strain.NT)):
            return Bid(1, Strain.NT)
        short = all(me.lens[s] <= 2 for s in theirs if s != Strain.NT)
        others = all(me.lens[s] >= 3 for s in SUIT_STRAINS if s not in theirs)
        if last.level <= 3 and ((me.hcp >= 12 and short and others) or me.hcp >= 17):
            return DOUBLE
        suits = [s for s in SUIT_STRAINS if s not in theirs and me.lens[s] >= 5]
        if suits:
            bid = _cheapest(auction, me.longest(suits))
            need = 99 if bid is None else {1: 8, 2: 11}.get(bid.level, 14)
            if need <= me.hcp <= 16 and (bid.level < 3 or me.lens[bid.strain] >= 6):
                return bid
        return PASS

    def _advance_double(self, auction, bids, seat, me):
        theirs = {b.strain for s, b in bids if s.side != seat.side}
        suits = [s for s in SUIT_STRAINS if s not in theirs]
        if not suits:
            return PASS      # they have bid every suit: no suit to advance in, so leave the double in
        major = [s for s in suits if s.is_major and me.lens[s] >= 4]
        best = me.longest(major) if major else me.longest(suits)
        if me.hcp >= 12:
            return Bid(4, best) if best.is_major and me.lens[best] >= 4 else Bid(3, Strain.NT)
        cheapest = _cheapest(auction, best)
        if me.hcp >= 9 and cheapest is not None and cheapest.level < 4:
            return Bid(cheapest.level + 1, best)   # a jump below game: 9-11, invitational
        return cheapest

    def _place(self, view, auction, me):
        picture = partner_picture(view)
        theirs = {b.strain for k, b in enumerate(view.calls) if b.is_bid and view.seat_of(k).side != view.seat.side}
        fits = {s: me.lens[s] + picture.lens.get(s, 2) for s in SUIT_STRAINS if s not in theirs}
        strain, fit = self._strain(me, fits, picture)
        if theirs:
            # Competitive limits: count partner one point below the estimate, and shape only through the fit
            # (a point per trump beyond eight), so that a contested part-score is not pushed into a light game.
            total = me.hcp + max(0, fit - 8) + picture.points - 1
        else:
            total = (me.suit_points if strain != Strain.NT else me.hcp) + picture.points
        game = _game_level(strain)
        if strain.is_minor and total < 28 and me.balanced:
            strain, game = Strain.NT, 3
        target = _level_for(total, strain, game)
        if target is None:
            target = game - 1 if total >= 23 else (3 if fit >= 9 else 2)
        current = auction.last_bid
        ours_last = auction.last_bidder is not None and auction.last_bidder.side == view.seat.side
        # Our side's contract is high enough when it reaches the target in a part-score, or is already a game
        # (in any strain) and we are not looking for a slam.
        reached = ours_last and (
            (current.level >= _game_level(current.strain) and target < 6)
            or (current.level >= target and target < game)
            or (total < 23 and (current.strain == strain or fit < 8)))
        if reached:
            # Partner's forcing new suit still needs an answer: the cheapest bid in our best strain.
            return (_cheapest(auction, strain) or PASS) if self._forcing(view) else PASS
        bid = _cheapest(auction, strain)
        if bid is not None and target >= game and bid.level <= game:
            bid = Bid(max(bid.level, target if target > game else game), strain)
        if bid is not None and bid.level <= target:
            return bid
        if not ours_last and not auction.doubled and total >= 23 and auction.last_bid.level >= 2:
            return DOUBLE
        return PASS

    @staticmethod
    def _forcing(view):
        """True when partner's last call is a new suit by an unpassed responder in an uncontested auction."""
        bids = [(view.seat_of(k), c) for k, c in enumerate(view.calls) if c.is_bid]
        if len(bids) < 2 or any(s.side != view.seat.side for s, _ in bids) or bids[0][0] != view.seat:
            return False
        seat, last = bids[-1]
        partner_passed = any(c == PASS for k, c in enumerate(view.calls[:view.calls.index(bids[0][1])])
                             if view.seat_of(k) == view.seat.partner)
        return (seat == view.seat.partner and len(bids) == 2 and last.strain != Strain.NT and not partner_passed
                and last.strain != bids[0][1].strain and bids[0][1].strain != Strain.NT and bids[0][1].level == 1)

    @staticmethod
    def _strain(me, fits, picture):
        """The side's best strain and its fit length (0 at no-trump)."""
        if not fits:
            return Strain.NT, 0
        best = max(fits, key=lambda s: (fits[s] >= 8 and s.is_major, fits[s], s))
        if fits[best] >= 8 and (best.is_major or not me.balanced):
            return best, fits[best]
        if fits[best] >= 8 and not picture.lens:
            return best, fits[best]
        return Strain.NT, 0


# ---- the card player -------------------------------------------------------------------------------------

def _trump(view):
    return view.contract.strain.suit


def _unseen(view):
    """The mask of the cards neither played nor visible to the player."""
    seen = hand_mask(view.played)
    for hand in view.visible.values():
        seen |= hand_mask(hand)
    return DECK52.mask & ~seen


def _suit_mask(suit):
    return 0x1FFF << 16 * suit


def _unseen_higher(unseen, card):
    """True when some card of ``card``'s suit above it is in ``unseen`` (the mask of ``_unseen``)."""
    return bool(unseen & _suit_mask(card.suit) & -(card.bit << 1))


class HeuristicPlayer:
    """The card-play rules of the module docstring."""

    def choose_card(self, view):
        """A legal card for ``view``."""
        legal = list(view.legal_cards)
        if len(legal) == 1:
            return legal[0]
        if not view.current:
            return self._lead(view, legal)
        return self._follow(view, legal)

    def _lead(self, view, legal):
        trump = _trump(view)
        defending = view.player.side != view.declarer.side
        if defending:
            partner_suits = self._partner_suits(view)
            for suit in partner_suits:
                cards = [c for c in legal if c.suit == suit]
                if cards:
                    return max(cards) if len(cards) <= 2 else min(cards, key=lambda c: c.rank)
            return self._lead_from_length(legal, trump)
        unseen = _unseen(view)
        if trump is not None:
            ours = [c for c in legal if c.suit == trump]
            if ours and unseen & _suit_mask(trump):
                top = max(ours, key=lambda c: c.rank)
                return top if not _unseen_higher(unseen, top) else min(ours, key=lambda c: c.rank)
        winners = [c for c in legal if not _unseen_higher(unseen, c) and c.suit != trump]
        if winners:
            return max(winners, key=lambda c: c.rank)
        return self._lead_from_length(legal, trump)

    @staticmethod
    def _partner_suits(view):
        """Suits partner led to earlier tricks (partner's bid suits before any play), most recent first."""
        partner = view.player.partner
        led = [t.cards[0].suit for t in view.tricks if t.leader == partner][::-1]
        if not view.tricks:
            led = [Suit[c.strain.name] for k, c in enumerate(view.calls)
                   if c.is_bid and c.strain != Strain.NT and Seat((view.dealer + k) % 4) == partner][::-1]
        return led

    @staticmethod
    def _lead_from_length(legal, trump):
        suits = {}
        for c in legal:
            suits.setdefault(c.suit, []).append(c)
        side = {s: cs for s, cs in suits.items() if s != trump} or suits
        for cards in side.values():
            ranks = sorted((c.rank for c in cards), reverse=True)
            if len(ranks) >= 2 and ranks[0] >= Rank.QUEEN and ranks[0] - ranks[1] == 1:
                return max(cards)
        cards = sorted(max(side.values(), key=lambda cs: (len(cs), max(cs).rank)), key=lambda c: c.rank,
                       reverse=True)
        return cards[3] if len(cards) >= 4 else cards[-1]

    def _follow(self, view, legal):
        trump = _trump(view)
        leader = view.current[0][0]
        trick = tuple(c for _, c in view.current)
        led = trick[0].suit
        best_seat = Seat(trick_winner_unchecked(view.rules, trick, leader))
        best = trick[(best_seat - leader) % 4]
        position = len(view.current)
        winning = sorted((c for c in legal if trick_winner_unchecked(view.rules, trick + (c,), leader)
                          == view.seat),
                         key=lambda c: (c.suit == trump, c.rank))
        lowest = self._discard(legal, trump) if legal[0].suit != led else min(legal, key=lambda c: c.rank)
        partner_winning = best_seat.side == view.seat.side
        if not winning or (partner_winning and (position == 3 or not _unseen_higher(_unseen(view), best))):
            return lowest
        if position == 1 and legal[0].suit == led:
            # Second hand low, but cover an honour led with a higher honour.
            return winning[0] if best.rank >= Rank.JACK and winning[0].rank >= Rank.QUEEN else lowest
        return winning[0]

    @staticmethod
    def _discard(legal, trump):
        suits = {}
        for c in legal:
            suits.setdefault(c.suit, []).append(c)
        side = {s: cs for s, cs in suits.items() if s != trump} or suits
        return min(max(side.values(), key=len), key=lambda c: c.rank)


class HeuristicAgent(Agent, HeuristicBidder, HeuristicPlayer):
    """The heuristic bidder and card player together."""

    game = "bridge"
    name = "heuristic"

    def act(self, view):
        """The bidder's call in the auction, the card player's card in the play."""
        return self.choose_call(view) if view.phase == "auction" else self.choose_card(view)


class DoubleDummyAgent(Agent, HeuristicBidder):
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
