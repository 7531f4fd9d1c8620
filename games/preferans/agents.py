"""Preferans agents: ``random`` (any legal call and card) and ``heuristic`` (hand evaluation and simple play).

Every agent is built as ``Agent(seat, seed)`` (``seat`` = the player's index in the match) and decides in
``act(view)`` from a ``View`` (games.preferans.table) holding only what its player may see.

Heuristics of the ``heuristic`` agent:

- **Suit evaluation.** For one suit, our ranks play against the 8 − n outstanding ranks, split alternately
  (by rank) between the two other hands. Rounds are simulated: when our top card beats both opponents' tops
  we win and they play low; otherwise we lose the round with our lowest card, one opponent wins with his top
  and the other plays low. The tricks won before the first lost round are **sure**; the rest are **likely**
  (they need the suit to be set up). In a suit contract a side suit's winners count fully only while both
  opponents still follow (half afterwards) unless we hold five or more trumps (trumps get drawn first).
- **Strain evaluation.** Sum of the suits; a trump contract adds ruffing value (a void 1, a singleton ½,
  at most trumps − 4); no-trump loses one trick per suit without a stopper (A, Kx or Qxx).
- **Talon expectation.** Twice the mean gain of adding one of the 22 unseen cards to the hand, minus ¼
  (the discard rarely keeps all of it).
- **Bidding.** The agent's maximum is the highest ladder bid ``L``+strain with ``L ≤ estimate − 0.8``. It
  holds (здесь) when it may and the held bid is within its maximum, else makes the cheapest legal bid within
  it, else passes. It bids misère as its first call when its suits are close to safe "ladders": the misère
  danger Σ max(0, pos_i − 2i) (pos_i = rank of the i-th lowest card of a suit above the seven; 7, 9, J, K is
  a clean ladder that can always duck) is at most 3 — in seeded self-play 43 of 47 such misères were made.
- **Discard and contract.** All 66 discards and all strains are evaluated; for misère the discard with the
  lowest misère danger. The announced contract maximises ``P(L)`` if the estimate reaches ``L`` and
  ``−1.5 × P(L) × shortfall`` otherwise, among the contracts allowed by the winning bid, on the estimate
  minus 1.3 (1.8 in no-trump): the best of 330 discard/strain evaluations overrates the hand by about that
  much in seeded self-play.
- **Whist/pass** (§5.4 obligation 4/2/1): defensive tricks = sure winners of the side suits (the first
  round fully, the second half) plus the defender's winners in trumps. D1 whists with at least half the
  obligation; D2 whists alone with 60 % of the obligation, half-whists below that on 6 and 7, and as a
  second whister on 8+ only with 1.5 tricks (he alone is liable). A passer returns a half-whist with at least
  the obligation minus 1.5; the 4-player dealer whists a passed-out 8+ and returns when the defender he looked
  at holds that much. A lone whister always plays open (he controls both defence hands).
- **Card play.** Declarer draws trumps while holding the top trump and opponents may hold trumps, then cashes
  top winners from his longest suit, else leads low from it; following, he wins as cheaply as is safe,
  else plays low. Defenders cash top winners; otherwise they lead **through** the declarer (low from their
  longest side suit when the declarer plays next) or lead their shortest side suit for a ruff; they play low
  when the partner's card already wins. Misère declarer and every all-pass player **duck**: follow with the
  highest card that still loses, discard their highest card when void, lead the card with the fewest
  outstanding lower cards. Misère defenders lead low in a suit where the declarer's cards lie above theirs,
  and play under the declarer's winning card.

Simulations of three heuristic players (``tricks simulate --agents heuristic``) take these decisions from a
compiled twin, games/preferans/_heuristic_deals.pyx: a rule changed here must be changed there too, and
tests/games/preferans/test_heuristic_batch.py fails until it is.

The ``dd`` agent (``DDAgent``) plays double dummy. It is the one agent exempt from the view rule: it is shown
the open view (games.double_dummy.view_for), which adds every hand as it stands and the deal as dealt with its
talon; no other agent sees more than its view. Seeing the talon while bidding is part of that omniscience.
All its decisions come from ``trickcore.solver`` (hand1 leads, must trump):

- **Bidding.** Its maximum is the highest ladder bid ``L``+strain whose ``preferans_contract`` (its tricks
  after the best discard of the talon it will get) reaches ``L``; it bids misère as its first call when
  ``preferans_misere`` is 0 and no trick bid of 9 or more makes. Otherwise it holds or bids the cheapest legal
  bid within its maximum, as the heuristic agent does, else passes. Misère is solved only for hands that
  pass a cheap screen (some discard leaves a misère danger of at most ``MISERE_SCREEN``), to save time.
- **Discard and contract.** Among the allowed contracts it announces the highest level that makes (more
  tricks, then the lower ladder rank, break ties); when none makes, the one with the smallest expected loss
  (price × undertricks). The discard is the first of the 66, in the order the heuristic evaluation prefers
  them, whose solved result equals that best result; for misère the same with ``preferans_misere``.
- **Whist/pass.** It knows the defence's double-dummy tricks: it whists (or returns a half-whist) when they
  reach the obligation (§5.4) or beat the contract, else passes (half-whists at the gentleman switch). A lone
  whister plays open.
- **Card play.** Declarer, defenders (as one side) and the misère declarer play the card with the best
  ``solve_cards`` value for their side ("tricks" and "misere" objectives), the lowest card of the best group.
  In all-pass play each seat plays to hold its own tricks down against the other two (the "all_pass"
  objective) from trick 3 on; in the two tricks led by talon cards, which a solver ``Position`` cannot
  express, it ducks like the heuristic agent.

Sections (§) are those of docs/rules/preferans.md.
"""
import functools
import itertools

from trickcore.cards import DECK32, Suit, hand_mask
from trickcore.duck import duck_fewest_tricks, follower_wins
from trickcore.errors import InputError
from trickcore.games.base import Agent
from trickcore.games.double_dummy import best_card
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.old import DECLINE, SUITS as OLD_SUITS, TAKE
from trickcore.games.preferans.vocab import (CLOSED, DEALER, LADDER_RANK, MISERE, OBLIGATION, OPEN, TALON, TRICK_BIDS,
                                            TalonChoice, level, price, strain, trump_of)
from trickcore.play import trick_winner
from trickcore.rng import Stream
from trickcore.rules import TrickRules
from trickcore.games.preferans.analysis import PREFERANS_STRAINS, preferans_contract, preferans_misere
from trickcore.solver import Position, solve

AGENT_SALT = 0x70726566   # "pref"
RANKS32 = tuple(range(7, 15))
# The best of 66 discards x 5 strains overrates the hand; measured on seeded self-play (declarer's estimate
# minus tricks taken), so the announced contract is chosen on the estimate minus this.
OPTIMISM = {"S": 1.3, "C": 1.3, "D": 1.3, "H": 1.3, "NT": 1.8}
STRAIN_SUITS = {"S": Suit.S, "C": Suit.C, "D": Suit.D, "H": Suit.H}
# The dd agent solves misère (its slowest solve) only for hands whose best discard leaves at most this misère
# danger: every misère made double dummy in seeded deals (seed 11, deals 0-249, every seat: 37 made) passed it.
MISERE_SCREEN = 9


class PreferansAgent(Agent):
    """What every preferans agent shares: ``act`` hands the decision of ``view.phase`` to ``choose_call`` (auction
    and defence calls, open or closed), ``choose_discard`` (the talon: two cards and the contract) or
    ``choose_card``."""

    game = "preferans"

    def act(self, view):
        """The call, TalonChoice or card this agent takes in ``view``."""
        if view.phase == "play":
            return self.choose_card(view)
        if view.phase == "talon":
            return TalonChoice(*self.choose_discard(view))
        return self.choose_call(view)


class RandomAgent(PreferansAgent):
    """Any legal call, discard, contract and card, uniformly, from its own seeded stream."""

    name = "random"

    def __init__(self, seat, seed=0, **options):
        super().__init__(seat, seed, **options)
        self.stream = Stream(seed, seat, AGENT_SALT)

    def _pick(self, options):
        return options[self.stream.below(len(options))]

    def choose_call(self, view):
        """A uniformly random legal call."""
        return self._pick(view.legal)

    def choose_discard(self, view):
        """Two random cards of the twelve and a random allowed contract."""
        cards = self.stream.shuffle(list(view.hand))
        return (cards[0], cards[1]), self._pick(view.legal)

    def choose_card(self, view):
        """A uniformly random legal card."""
        return self._pick(sorted(view.legal, reverse=True))


# ---- evaluation -------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def suit_winners(ours):
    """(sure, total, safe) winners of our ranks ``ours`` (descending tuple) in one suit of the 32-card deck.

    ``safe`` counts the winners taken while both other hands still follow (not ruffable).
    """
    mine = list(ours)
    theirs = [r for r in reversed(RANKS32) if r not in ours]
    opp = [theirs[0::2], theirs[1::2]]
    sure = total = safe = 0
    lost = False
    while mine:
        tops = [h[0] for h in opp if h]
        if not tops:
            total += len(mine)
            if not lost:
                sure += len(mine)
            break
        both = all(opp)
        if mine[0] > max(tops):
            total += 1
            sure += not lost
            safe += both
            mine.pop(0)
            for h in opp:
                if h:
                    h.pop()
        else:
            lost = True
            mine.pop()
            winner = max((h for h in opp if h), key=lambda h: h[0])
            winner.pop(0)
            for h in opp:
                if h is not winner and h:
                    h.pop()
    return sure, total, safe


# The ranks (descending) of each 8-bit pattern of sevens to aces in one suit's 16 bits of a hand mask: the
# evaluations below run hundreds of times per decision, and a table lookup per suit beats sorting Card objects.
_RANKS_OF_BYTE = tuple(tuple(r for r in reversed(RANKS32) if byte >> (r - 7) & 1) for byte in range(256))
_SHIFTS = tuple((s, 16 * s + 5) for s in Suit)   # each suit's seven in a hand mask


def _by_suit_mask(mask):
    """The ranks of the 32-card hand ``mask`` in each suit, a descending tuple per suit (S H D C order)."""
    return {s: _RANKS_OF_BYTE[mask >> shift & 0xFF] for s, shift in _SHIFTS}


def _by_suit(cards):
    return _by_suit_mask(hand_mask(cards))


def _stopper(ranks):
    return 14 in ranks or (13 in ranks and len(ranks) >= 2) or (12 in ranks and len(ranks) >= 3)


def evaluate(cards, strain_letter):
    """Expected declarer tricks of ``cards`` played in ``strain_letter`` (S, C, D, H or NT)."""
    return _evaluate(_by_suit(cards), strain_letter)


@functools.lru_cache(maxsize=None)
def _suit_terms(ranks):
    """One suit's parts of ``_evaluate``: its winners as trumps or beside five trumps, beside fewer trumps,
    at no-trump (one less without a stopper), and its shortness value beside trumps."""
    sure, total, safe = suit_winners(ranks)
    return total, safe + 0.5 * (total - safe), total - (not _stopper(ranks)), {0: 1.0, 1: 0.5}.get(len(ranks), 0.0)


def _evaluate(suits, strain_letter):
    """``evaluate`` of a hand already split by ``_by_suit_mask``.

    Every term is a multiple of one half, so the float sums are exact and need not follow any one order; the
    terms of each suit come from a cache, as a hand has few distinct suit holdings.
    """
    trump = STRAIN_SUITS.get(strain_letter)
    est = 0.0
    if trump is None:
        for ranks in suits.values():
            est += _suit_terms(ranks)[2]
        return min(est, 10.0)
    n_trump = len(suits[trump])
    shortness = 0
    for s, ranks in suits.items():
        full, beside, _, short = _suit_terms(ranks)
        if s == trump:
            est += full
        else:
            est += full if n_trump >= 5 else beside
            shortness += short
    est += min(max(0, n_trump - 4), shortness)
    if n_trump <= 2:
        est -= 1
    return min(est, 10.0)


def defensive_tricks(cards, trump):
    """Tricks a defender expects against a contract with ``trump`` (a Suit or None)."""
    est = 0.0
    for s, ranks in _by_suit(cards).items():
        as_trump, at_no_trump, beside_trumps = _defence_terms(ranks)
        est += as_trump if s == trump else at_no_trump if trump is None else beside_trumps
    return est


@functools.lru_cache(maxsize=None)
def _defence_terms(ranks):
    """One suit's share of ``defensive_tricks``: as the trump suit, at no-trump, and as a side suit beside
    trumps."""
    sure, total, safe = suit_winners(ranks)
    as_trump = max(0, total - 1) * 0.5 + (sure > 0) * 0.5 if len(ranks) < 4 else total * 0.75
    return as_trump, sure, min(sure, 1) + 0.5 * (sure >= 2)


def misere_danger(cards):
    """How far the suits are from safe misère ladders: Σ max(0, pos_i − 2i) over each suit's cards from the
    lowest (pos 0 = seven); 0 means every suit can always duck when led."""
    return _misere_danger_mask(hand_mask(cards))


def _misere_danger_mask(mask):
    return sum(_suit_danger(ranks) for ranks in _by_suit_mask(mask).values())


@functools.lru_cache(maxsize=None)
def _suit_danger(ranks):
    """One suit's share of ``misere_danger``."""
    return sum(max(0, (r - 7) - 2 * i) for i, r in enumerate(sorted(ranks)))


@functools.lru_cache(maxsize=4096)
def bidding_estimates(hand):
    """Estimated declarer tricks per strain for a 10-card hand (a sorted tuple), with the talon's expectation."""
    mask = hand_mask(hand)
    unseen = [c for c in DECK32.cards if not mask & c.bit]
    suits = _by_suit_mask(mask)
    # Each eleven-card hand is split once for all five strains.
    elevens = [_by_suit_mask(mask | c.bit) for c in unseen]
    out = {}
    for st in ("S", "C", "D", "H", "NT"):
        base = _evaluate(suits, st)
        gain = sum(_evaluate(eleven, st) - base for eleven in elevens) / len(unseen)
        out[st] = base + 2 * gain - 0.25
    return out


def max_bid(estimates, margin=0.8):
    """The highest trick bid the estimates support, or None."""
    best = None
    for bid in TRICK_BIDS:
        if level(bid) <= estimates[strain(bid)] - margin:
            if best is None or LADDER_RANK[bid] > LADDER_RANK[best]:
                best = bid
    return best


def call_within(view, top):
    """Hold (здесь) when allowed and the held bid is within ``top``, else the cheapest legal bid within it,
    else pass."""
    high = None
    for _, call in view.auction:
        if call not in ("pass", "hold"):
            high = call
    if "hold" in view.legal and high != MISERE and LADDER_RANK[high] <= LADDER_RANK[top]:
        return "hold"
    bids = [c for c in view.legal if c in LADDER_RANK and c != MISERE]
    if bids and LADDER_RANK[bids[0]] <= LADDER_RANK[top]:
        return bids[0]
    return "pass"


# ---- card play helpers ------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _winner_rules(trump):
    # Four places: a trick led by a talon card in all-pass play holds four cards (§6.3).
    return TrickRules(4, trump)


def _winning_play(trick, trump):
    """The (who, card) pair that wins ``trick`` (a trick so far, lead first) by the kernel's trick winner."""
    return trick[trick_winner(_winner_rules(trump), [c for _, c in trick])]


def _would_win(card, trick, trump):
    """True if ``card``, played now to ``trick`` (a trick so far), would win it."""
    return trick_winner(_winner_rules(trump), [c for _, c in trick] + [card]) == len(trick)


def _played_mask(view):
    return hand_mask(c for t in view.done for _, c in t.plays) | hand_mask(c for _, c in view.trick)


class HeuristicAgent(PreferansAgent):
    """The rule-based player documented in the module docstring."""

    name = "heuristic"

    # -- calls --
    def choose_call(self, view):
        """Auction bid, defence call or open/closed choice."""
        if view.phase == "auction" and TAKE in view.legal:
            return TAKE if self._would_buy(view) else DECLINE
        if view.phase == "auction" and set(view.legal) <= {"pass", *OLD_SUITS}:
            return self._declare_suit(view)
        if view.phase == "auction":
            return self._bid(view)
        if view.legal == (OPEN, CLOSED):
            return OPEN
        return self._defend(view)

    def _bid(self, view):
        hand = tuple(sorted(view.hand))
        if MISERE in view.legal and misere_danger(hand) <= 3:
            return MISERE
        top = max_bid(bidding_estimates(hand))
        if top is None:
            return "pass"
        return call_within(view, top)

    def _declare_suit(self, view):
        """The old game's phase A (rules/preferans-variants.md §3.2): the most valuable legal suit in which the hand
        alone is worth six tricks with the bidding margin, else pass."""
        hand = tuple(sorted(view.hand))
        good = [s for s in view.legal if s in OLD_SUITS and evaluate(hand, s) - 0.8 >= 6]
        return good[-1] if good else "pass"

    def _would_buy(self, view):
        """Buy the old game's talon when some suit reaches six tricks with the talon's expectation."""
        estimates = bidding_estimates(tuple(sorted(view.hand)))
        return max(estimates[s] for s in OLD_SUITS) - 0.8 >= 6

    def _defend(self, view):
        lv = level(view.contract)
        obl = OBLIGATION[lv]
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.player == DEALER:
            if "whist" in legal:
                return "whist" if lv >= 8 else "pass"
            seen = next(iter(view.visible.values()), ())
            return "return" if defensive_tricks(seen, trump_of(view.contract)) >= obl - 1.5 else "pass"
        est = defensive_tricks(view.hand, trump_of(view.contract))
        if "return" in legal:
            return "return" if est >= obl - 1.5 else "pass"
        if legal == ("whist", "half_whist"):          # the gentleman switch
            return "whist" if est >= 0.75 * obl else "half_whist"
        if not view.defence:                            # D1
            return "whist" if est >= obl / 2 else "pass"
        d1_call = view.defence[0][1]
        if d1_call == "whist":
            need = obl / 2 if lv <= 7 else 1.5
            return "whist" if est >= need else "pass"
        if est >= 0.6 * obl:
            return "whist"
        return "half_whist" if "half_whist" in legal else "pass"

    def choose_discard(self, view):
        """The best discard and contract for the twelve cards (see the module docstring)."""
        twelve = tuple(view.hand)
        mask = hand_mask(twelve)
        pair = min(itertools.combinations(twelve, 2),
                   key=lambda p: (_misere_danger_mask(mask & ~(p[0].bit | p[1].bit)), -sum(c.rank for c in p)))
        # Misère when it is the only choice, or (Gusarik's forced player, who may name any game he owes) when
        # the hand is a clean misère by the bidding screen.
        if view.legal == (MISERE,) or (MISERE in view.legal
                                       and _misere_danger_mask(mask & ~(pair[0].bit | pair[1].bit)) <= 3):
            return pair, MISERE
        best = {}
        for pair in itertools.combinations(twelve, 2):
            ten = _by_suit_mask(mask & ~(pair[0].bit | pair[1].bit))
            for st in ("S", "C", "D", "H", "NT"):
                est = _evaluate(ten, st)
                if st not in best or est > best[st][0]:
                    best[st] = (est, pair)

        def utility(contract):
            est = best[strain(contract)][0] - OPTIMISM[strain(contract)]
            lv = level(contract)
            return price(lv) if est >= lv else -1.5 * price(lv) * (lv - est)

        contract = max((c for c in view.legal if c != MISERE), key=lambda c: (utility(c), -LADDER_RANK[c]))
        return best[strain(contract)][1], contract

    # -- cards --
    def choose_card(self, view):
        """A card by the play heuristics of the module docstring."""
        legal = sorted(view.legal, key=lambda c: (c.rank, c.suit))
        if len(legal) == 1:
            return legal[0]
        if view.kind == "all_pass" or (view.kind == "misere" and view.seat == view.declarer):
            return self._duck(view, legal)
        if view.kind == "misere":
            return self._catch(view, legal)
        if view.seat == view.declarer:
            return self._declare(view, legal)
        return self._defend_card(view, legal)

    def _outstanding(self, view, friends=()):
        """Cards that opponents may still hold: not ours, not played, not discarded, not in a friend's hand."""
        # One mask of the known cards, tested bit by bit over the deck: cheaper than a set of Card objects.
        known = hand_mask(view.hand) | _played_mask(view) | hand_mask(view.discard)
        for seat in friends:
            known |= hand_mask(view.visible.get(seat, ()))
        if view.seat == view.declarer and view.kind != "all_pass":
            known |= hand_mask(view.talon)
        return [c for c in DECK32.cards if not known & c.bit]

    def _is_top(self, card, outstanding):
        return not any(o.suit == card.suit and o.rank > card.rank for o in outstanding)

    def _duck(self, view, legal):
        outstanding = self._outstanding(view)
        if view.trick:
            led = view.trick[0][1].suit
            if any(c.suit == led for c in legal):
                under = [c for c in legal if not _would_win(c, view.trick, None)]
                if under:
                    return under[-1]
                last = len([w for w, _ in view.trick if w != TALON]) == view.trick_size - 1
                return legal[-1] if last else legal[0]
            return legal[-1]                            # void: throw the highest card
        return min(legal, key=lambda c: (sum(o.suit == c.suit and o.rank < c.rank for o in outstanding),
                                         -sum(o.suit == c.suit and o.rank > c.rank for o in outstanding),
                                         c.rank))

    def _catch(self, view, legal):
        outstanding = self._outstanding(view, friends=tuple(view.visible))
        if not view.trick:
            def score(c):
                higher = [o for o in outstanding if o.suit == c.suit and o.rank > c.rank]
                lower = [o for o in outstanding if o.suit == c.suit and o.rank < c.rank]
                return (not lower and bool(higher), len(higher), -c.rank)
            return max(legal, key=score)
        led = view.trick[0][1].suit
        who, _ = _winning_play(view.trick, None)
        declarer_played = any(w == view.declarer for w, _ in view.trick)
        if not any(c.suit == led for c in legal):
            return legal[-1]
        if declarer_played:
            if who == view.declarer:
                under = [c for c in legal if not _would_win(c, view.trick, None)]
                return under[-1] if under else legal[0]
            return legal[-1]
        return legal[0]

    def _declare(self, view, legal):
        trump = view.trump
        outstanding = self._outstanding(view)
        if not view.trick:
            trumps = [c for c in legal if c.suit == trump]
            opp_trumps = [o for o in outstanding if o.suit == trump]
            if trumps and opp_trumps and self._is_top(trumps[-1], outstanding):
                return trumps[-1]
            tops = [c for c in legal if c.suit != trump and self._is_top(c, outstanding)]
            length = {s: sum(c.suit == s for c in view.hand) for s in Suit}
            if tops:
                return max(tops, key=lambda c: (length[c.suit], c.rank))
            side = [c for c in legal if c.suit != trump] or legal
            longest = max(side, key=lambda c: (length[c.suit], -c.rank)).suit
            return min(c for c in side if c.suit == longest)
        return self._follow(view, legal, outstanding, partner=None)

    def _follow(self, view, legal, outstanding, partner):
        trump = view.trump
        led = view.trick[0][1].suit
        who, best = _winning_play(view.trick, trump)
        last = len(view.trick) == 2
        if partner is not None and who == partner and (last or self._is_top(best, outstanding)):
            return min(legal, key=lambda c: (c.suit == trump, c.rank))
        winners = [c for c in legal if _would_win(c, view.trick, trump)]
        winners.sort(key=lambda c: (c.suit == trump and led != trump, c.rank))
        if winners:
            if last:
                return winners[0]
            safe = [c for c in winners if self._is_top(c, outstanding)
                    or (c.suit == trump and led != trump)]
            if safe:
                return safe[0]
        return min(legal, key=lambda c: (c.suit == trump, c.rank))

    def _defend_card(self, view, legal):
        trump = view.trump
        partner = next(s for s in range(3) if s not in (view.seat, view.declarer))
        outstanding = self._outstanding(view, friends=(partner,))
        if view.trick:
            return self._follow(view, legal, outstanding, partner)
        tops = [c for c in legal if c.suit != trump and self._is_top(c, outstanding)]
        if tops:
            return max(tops, key=lambda c: c.rank)
        side = [c for c in legal if c.suit != trump] or legal
        length = {s: sum(c.suit == s for c in view.hand) for s in Suit}
        if view.declarer == (view.seat + 1) % 3:       # declarer plays next: lead through him
            suit = max(side, key=lambda c: (length[c.suit], -c.rank)).suit
        else:
            suit = min(side, key=lambda c: (length[c.suit], c.rank)).suit
        return min(c for c in side if c.suit == suit)


class DDAgent(HeuristicAgent):
    """The double-dummy player documented in the module docstring (decides from the open view)."""

    name = "dd"
    omniscient = True

    def __init__(self, seat, seed=0, **options):
        super().__init__(seat, seed, **options)
        self._deal, self._tables = None, {}

    def act(self, view):
        """The decision in the open ``view``; the solved tables are kept while the deal is the same."""
        if view.deal is None:
            raise InputError("the double-dummy agent needs the open view of the deal (games.double_dummy.view_for)",
                             field="agents")
        if view.deal is not self._deal:
            self._deal, self._tables = view.deal, {}
        return super().act(view)

    def _table(self, seat):
        """{strain: tricks after the best discard} for ``seat`` declaring (cached for the deal)."""
        if seat not in self._tables:
            self._tables[seat] = {st: preferans_contract(self._deal, seat, st) for st in PREFERANS_STRAINS}
        return self._tables[seat]

    def _misere(self, seat):
        """The fewest tricks ``seat`` takes in misère after the best discard (cached for the deal)."""
        table = self._table(seat)
        if MISERE not in table:
            table[MISERE] = preferans_misere(self._deal, seat)
        return table[MISERE]

    def _misere_candidate(self, seat):
        """The screen before solving misère (the slowest solve): some discard leaves a misère danger of at
        most MISERE_SCREEN."""
        twelve = tuple(self._deal.hands[seat]) + tuple(self._deal.talon)
        return min(misere_danger([c for c in twelve if c not in p])
                   for p in itertools.combinations(twelve, 2)) <= MISERE_SCREEN

    # -- calls --
    def _declare_suit(self, view):
        """The old game's phase A: the most valuable legal suit whose double-dummy tricks without the talon
        (the forehand leads) reach six, else pass."""
        seat = view.seat
        good = [s for s in view.legal if s in OLD_SUITS
                and solve(Position(PREFERANS.trick_rules(Suit[s]), self._deal.hands, 0, (), "tricks", seat, seat)) >= 6]
        return good[-1] if good else "pass"

    def _would_buy(self, view):
        """Buy the old game's talon when some suit makes six after the best discard."""
        table = self._table(view.seat)
        return max(table[s] for s in OLD_SUITS) >= 6

    def _bid(self, view):
        table = self._table(view.seat)
        top = None
        for bid in TRICK_BIDS:
            if table[strain(bid)] >= level(bid):
                top = bid
        if (MISERE in view.legal and (top is None or level(top) < 9) and self._misere_candidate(view.seat)
                and self._misere(view.seat) == 0):
            return MISERE
        if top is None:
            return "pass"
        return call_within(view, top)

    def _defend(self, view):
        declarer_tricks = solve(Position(PREFERANS.trick_rules(trump_of(view.contract)), view.hands, 0, (), "tricks",
                                         view.declarer, view.declarer))
        lv = level(view.contract)
        good = 10 - declarer_tricks >= OBLIGATION[lv] or declarer_tricks < lv
        for call in (("whist", "return") if good else ("pass", "half_whist")):
            if call in view.legal:
                return call
        return view.legal[0]

    def choose_discard(self, view):
        """The contract and discard the solver finds best (see the module docstring)."""
        decl = view.declarer
        if view.legal == (MISERE,) or (MISERE in view.legal and self._misere(decl) == 0):
            return self._discard(view, MISERE, self._misere(decl)), MISERE
        table = self._table(decl)

        def merit(contract):
            lv, tricks = level(contract), table[strain(contract)]
            if tricks >= lv:
                return (1, lv, tricks, -LADDER_RANK[contract])
            return (0, -price(lv) * (lv - tricks), tricks, -LADDER_RANK[contract])

        contract = max((c for c in view.legal if c != MISERE), key=merit)
        return self._discard(view, contract, table[strain(contract)]), contract

    def _discard(self, view, contract, target):
        """The first discard of the twelve whose solved result for ``contract`` is ``target``."""
        decl, twelve = view.declarer, tuple(sorted(view.hand, reverse=True))
        misere = contract == MISERE
        rules = PREFERANS.trick_rules(None if misere else trump_of(contract))
        # Try the discards the heuristic evaluation likes first: the search stops at the first that reaches it.
        if misere:
            order = sorted(itertools.combinations(twelve, 2),
                           key=lambda p: misere_danger([c for c in twelve if c not in p]))
        else:
            order = sorted(itertools.combinations(twelve, 2),
                           key=lambda p: -evaluate([c for c in twelve if c not in p], strain(contract)))
        for pair in order:
            hands = list(self._deal.hands)
            hands[decl] = tuple(c for c in twelve if c not in pair)
            position = Position(rules, hands, 0, (), "misere" if misere else "tricks", decl, decl)
            if solve(position) == target:
                return pair
        # preferans_contract / preferans_misere are the best over these same 66 discards: one reaches it.
        raise AssertionError(f"no discard reaches the solver's best result {target} for {contract}")

    # -- cards --
    def choose_card(self, view):
        """The card with the best solved value for the side (or seat) it plays for."""
        if view.kind == "all_pass" and any(who == TALON for who, _ in view.trick):
            return self._duck(view, sorted(view.legal, key=lambda c: (c.rank, c.suit)))
        if view.kind == "all_pass" and view.trick_size == 2:
            return self._duck_rule_card(view)
        leader = view.trick[0][0] if view.trick else view.seat
        trick = tuple(c for _, c in view.trick)
        hands = view.hands
        if view.kind == "game":
            position = Position(PREFERANS.trick_rules(view.trump), hands, leader, trick, "tricks", None, view.declarer)
            return best_card(position)
        if view.kind == "misere":
            position = Position(PREFERANS.trick_rules(None), hands, leader, trick, "misere", view.declarer)
            return best_card(position, minimise=view.seat == view.declarer)
        rules = PREFERANS.trick_rules(None)
        return best_card(Position(rules, hands, leader, trick, "all_pass", view.seat), minimise=True)

    def _duck_rule_card(self, view):
        """Gusarik's all-pass (two hands, the duck rule): the legal card after which this hand can hold itself
        to the fewest tricks (trickcore.duck), the lowest of the best."""
        other = next(h for h in range(3) if h not in (view.seat, view.dummy))
        mine, theirs = view.hands[view.seat], view.hands[other]

        def tricks_after(card):
            rest = tuple(c for c in mine if c != card)
            if not view.trick:
                return duck_fewest_tricks((rest, theirs), 0, 0, card)
            led = view.trick[0][1]
            won = follower_wins(led, card)
            return won + (duck_fewest_tricks((rest, theirs), 0, 0 if won else 1) if rest else 0)

        values = {card: tricks_after(card) for card in view.legal}
        best = min(values.values())
        return min((c for c, v in values.items() if v == best), key=lambda c: (c.rank, c.suit))
