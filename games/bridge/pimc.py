"""Bridge's ``pimc`` agent: the heuristic bidder, and card play by perfect-information Monte Carlo
(games.sampling), declarer and defenders alike.

For each card it deals the hands it cannot see many times, consistently with its view: its own hand and, once
the opening lead is faced, dummy's; the cards played; the suits each player has shown out of; and the whole
auction: the heuristic bidder, in the agent's playing style, holding a hidden hand of the sample with the cards it
has played, makes each of that hand's calls (the compiled bidder's replay, bids_alike; when no deal within
games.sampling.TRIES fits, the deal with the fewest hands that do not). It solves every sample for every legal card
(trickcore.solver.solve_cards) and plays the card with the most tricks on average for its side (or, with
``rule=best``, the card best in the most samples; with ``rule=contract``, the card that makes or sets the
contract in the most samples). A single legal card, or legal cards that are all worth the
same (touching once the cards between them have gone), are played without a search. Every card is sampled from
the first trick on (``from_trick`` moves that later: the heuristic card player plays the tricks before it) but the
opening lead, which ``lead`` chooses (games.sampling.OPENING_LEAD): by default the samples are solved for the
heuristic player's card in each suit only, a search a suit rather than one a distinct card (``lead=card``).
"""
import attrs

from trickcore.cards import DECK52, hand_mask
from trickcore.games.bridge.agents import STYLE, HeuristicBidder, HeuristicPlayer
from trickcore.games.bridge.compiled._boards import bids_alike
from trickcore.games.bridge.compiled.constants import call_code
from trickcore.games.bridge.vocab import Seat
from trickcore.games.registry import get_scoring
from trickcore.games.sampling import (FROM_TRICK, OPENING_LEAD, SAMPLING_OPTIONS, Hidden, SamplingAgent, choose,
                                      choose_card, equivalent_lowest, voids_shown)
from trickcore.solver import Position, solve_cards

PIMC_SALT = 0x70696D63   # "pimc"
# The first trick's plays after the lead are whole-deal searches too: bridge samples them by default, with half the
# samples of a decision, which keeps a board within a second of a core. On seed 1's boards (both tables, each
# decision's cards valued double dummy on the real deal) the heuristic player's cards there gave away 27 tricks in
# 297 decisions, four samples 4 and eight samples 2.
FIRST_TRICK = attrs.evolve(FROM_TRICK, default=1)

def _plays(view):
    """Every trick so far as (leader, [(seat, card)...]), the one in progress last."""
    done = [(t.leader, [(Seat((t.leader + k) % 4), c) for k, c in enumerate(t.cards)]) for t in view.tricks]
    if view.current:
        done.append((view.current[0][0], list(view.current)))
    return done


def hidden_hands(view, style=0):
    """The Hidden of a bridge play view: the unseen cards, the hidden seats' sizes and voids, and the test that
    counts the hidden seats whose calls the heuristic bidder (in the playing style of index ``style``) would not
    make, holding the seat's hand in the sample with the cards it has played."""
    plays = _plays(view)
    played = dict.fromkeys(Seat, 0)
    for _, cards in plays:
        for seat, card in cards:
            played[seat] |= card.bit
    seen = hand_mask(view.played)
    for hand in view.visible.values():
        seen |= hand_mask(hand)
    unseen = tuple(c for c in DECK52.cards if not seen & c.bit)
    hidden = [seat for seat in Seat if seat not in view.visible]
    sizes = {seat: 13 - played[seat].bit_count() for seat in hidden}
    voids = voids_shown(view.rules, plays)
    calls = bytes(map(call_code, view.calls))

    def faults(sample):
        return sum(not bids_alike(sample[seat] | played[seat], seat, view.dealer, calls, style) for seat in hidden)

    return Hidden(unseen, sizes, {seat: frozenset(voids.get(seat, ())) for seat in hidden}, faults=faults)


def _target(view):
    """The tricks the player's side still needs from here on for its contract (declarer's side: the contract;
    the defenders: one more than declarer may lose)."""
    needed = view.contract.tricks_needed if view.player.side == view.declarer.side else 14 - view.contract.tricks_needed
    won = sum(1 for t in view.tricks if Seat(t.winner).side == view.player.side)
    return needed - won


def _imps_lost(view):
    """Rule ``imps``'s utility: one sample's {card: tricks for the player's side from here} to the IMPs each card
    loses to the sample's best, the board scored as at duplicate (the other table's double-dummy result)."""
    against_par = get_scoring("bridge-par")      # duplicate scores, and IMPs as a board against par counts them
    ours = view.player.side == view.declarer.side
    sign = 1 if ours else -1
    vulnerable = view.vulnerability.is_vulnerable(view.declarer.side)
    won = sum(1 for t in view.tricks if Seat(t.winner).side == view.declarer.side)
    left = 13 - len(view.tricks)

    def utility(values):
        points = {card: sign * against_par.contract_score(view.contract, vulnerable, won + (v if ours else left - v))
                  for card, v in values.items()}
        top = max(points.values())
        return {card: against_par.imps(p - top) for card, p in points.items()}

    return utility


def _for_side(view, north_south):
    """The tricks for the player's side of the rest of the board, from ``north_south`` ({choice: North-South's
    tricks}). Every search counts North-South's tricks, whoever plays: the solver keeps its stored bounds
    between searches of one objective, so the four players' decisions share them."""
    if view.player.side == Seat.N.side:
        return north_south
    left = 13 - len(view.tricks)
    return {choice: left - tricks for choice, tricks in north_south.items()}


def _seen(view):
    """The hands the view shows (the player's own, a dummy), by seat."""
    return {seat: tuple(cards) for seat, cards in view.visible.items()}


def _whole_deal(seen, sample):
    """The four hands, N E S W: those seen, and the sample's for the others."""
    return [seen[seat] if seat in seen else sample[seat] for seat in Seat]


class PimcAgent(HeuristicBidder, SamplingAgent):
    """The heuristic bidder (in its playing style, the option ``style``) with sampled double-dummy card play (see
    the module docstring)."""

    game = "bridge"
    name = "pimc"
    declared_options = SAMPLING_OPTIONS + (FIRST_TRICK, OPENING_LEAD, STYLE)
    salt = PIMC_SALT
    first_tricks = HeuristicPlayer()

    def act(self, view):
        """The bidder's call in the auction, the sampled card in the play."""
        return self.choose_call(view) if view.phase == "auction" else self.choose_card(view)

    def choose_card(self, view):
        """The legal card with the most tricks for its side over the samples (see the module docstring)."""
        if not view.tricks and not view.current and self.settings.lead != "card":
            return self.opening_lead(view) if self.settings.lead == "suit" else self.first_tricks.choose_card(view)
        if len(view.tricks) + 1 < self.settings.from_trick:
            return self.first_tricks.choose_card(view)
        legal = view.legal_cards
        trick = tuple(c for _, c in view.current)
        plain = legal[0] if len(legal) == 1 else equivalent_lowest(legal, hand_mask(view.played), trick)
        if plain is not None:
            return plain
        leader = int(view.current[0][0]) if view.current else int(view.seat)
        visible = _seen(view)

        def value(sample, alive):
            hands = _whole_deal(visible, sample)
            return _for_side(view, solve_cards(Position(view.rules, hands, leader, trick, seat=Seat.N), alive))

        hidden = hidden_hands(view, self.style)
        settings = self.settings
        if not view.tricks:       # whole-deal searches: half the samples (see FIRST_TRICK)
            settings = attrs.evolve(settings, samples=max(1, settings.samples // 2))
        return choose_card(legal, hidden, value, settings, self.stream, target=_target(view),
                           utility=self._utility(view))

    def opening_lead(self, view):
        """The heuristic player's card in the suit whose lead takes the most tricks for the defence over the
        samples (see OPENING_LEAD)."""
        suits = {}
        for card in view.legal_cards:
            suits.setdefault(card.suit, []).append(card)
        leads = sorted((self.first_tricks.choose_card(view, cards) for cards in suits.values()),
                       key=lambda c: (c.rank, c.suit))
        if len(leads) == 1:
            return leads[0]
        leader = int(view.seat)
        visible = _seen(view)    # two- and three-player bridge: the leader may see his own dummy already

        def value(sample, alive):
            hands = _whole_deal(visible, sample)
            north_south = solve_cards(Position(view.rules, hands, leader, seat=Seat.N), alive)
            return _for_side(view, {card: north_south[card] for card in alive})

        return choose(leads, hidden_hands(view, self.style), value, self.settings, self.stream, target=_target(view),
                      utility=self._utility(view))

    def _utility(self, view):
        """Rule ``imps``'s utility for ``view`` (None under the other rules, which do not use one)."""
        return _imps_lost(view) if self.settings.rule == "imps" else None
