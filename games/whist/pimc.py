"""Whist's ``pimc`` agent: card play by perfect-information Monte Carlo (games.sampling).

For each card it deals the three hands it cannot see many times, consistently with its view: its own hand, the
cards played, the suits each player has shown out of, and the turn-up, which stays in the dealer's hand until
he plays it. It solves every sample for every legal card (trickcore.solver.solve_cards) and plays the card
with the most tricks on average for its partnership (or, with ``rule=best``, the card best in the most
samples). A single legal card, or legal cards all worth the same, are played without a search. The first
trick is the heuristic agent's unless ``from_trick=1`` (games.sampling.FROM_TRICK: its searches solve whole
deals).
"""
from trickcore.cards import DECK52, hand_mask
from trickcore.games.whist.agents import HeuristicAgent
from trickcore.games.sampling import (FROM_TRICK, SAMPLING_OPTIONS, Hidden, SamplingAgent, choose_card,
                                      equivalent_lowest, voids_shown)
from trickcore.solver import Position, solve_cards

PIMC_SALT = 0x70696D77   # "pimw"


def hidden_hands(view):
    """The Hidden of a whist view: the unseen cards, the other seats' sizes and voids, the turn-up's holder."""
    plays = [(t.leader, [((t.leader + k) % 4, c) for k, c in enumerate(t.cards)]) for t in view.tricks]
    if view.trick:
        plays.append((view.leader, [((view.leader + k) % 4, c) for k, c in enumerate(view.trick)]))
    played = {seat: 0 for seat in range(4)}
    for _, cards in plays:
        for seat, _card in cards:
            played[seat] += 1
    others = [seat for seat in range(4) if seat != view.seat]
    turn_up = view.turn_up
    known = {}
    if turn_up is not None and view.dealer != view.seat and not view.played & turn_up.bit:
        known[view.dealer] = (turn_up,)
    seen = view.played | hand_mask(view.hand) | sum(c.bit for cards in known.values() for c in cards)
    unseen = tuple(c for c in DECK52.cards if not seen & c.bit)
    voids = voids_shown(view.rules, plays)
    return Hidden(unseen, {seat: 13 - played[seat] for seat in others},
                  {seat: frozenset(voids.get(seat, ())) for seat in others}, known)


class PimcAgent(SamplingAgent):
    """Sampled double-dummy card play (see the module docstring)."""

    game = "whist"
    name = "pimc"
    declared_options = SAMPLING_OPTIONS + (FROM_TRICK,)
    salt = PIMC_SALT

    def __init__(self, seat, seed=0, **options):
        super().__init__(seat, seed, **options)
        self.first_tricks = HeuristicAgent(seat, seed)

    def act(self, view):
        """The legal card with the most tricks for the partnership over the samples."""
        if len(view.tricks) + 1 < self.settings.from_trick:
            return self.first_tricks.act(view)
        legal = view.legal
        plain = legal[0] if len(legal) == 1 else equivalent_lowest(legal, view.played, view.trick)
        if plain is not None:
            return plain
        hand = tuple(view.hand)

        def value(sample, _cards):
            hands = [hand if seat == view.seat else sample[seat] for seat in range(4)]
            return solve_cards(Position(view.rules, hands, view.leader, view.trick))

        return choose_card(legal, hidden_hands(view), value, self.settings, self.stream)
