"""Preferans's ``pimc`` agent: the heuristic bidder, with the discard, the defence calls and the card play by
perfect-information Monte Carlo (games.sampling).

**Discard.** The contract is the heuristic agent's choice; the two cards to discard are chosen among DISCARDS
pairs, the heuristic agent's own and the others its evaluation likes best for the contract, by sampling the two
other hands from the twenty unseen cards and solving each sample for each discard (hand1 leads).

**Defence calls.** A defender (and the 4-player dealer) deals the hands he cannot see consistently with his
view (his hand, the talon with the declarer or in his discard, the defender the dealer looked at) and calls as
the dd agent would (games.preferans.agents.defence_call: whist or return when the defence is good, taking the
obligation of §5.4 or beating the contract double dummy, else pass, a half-whist at the gentleman switch) when
the defence is good in more than the style's ``whist_odds`` of the samples (a half, a greedy style's 0.35, a
careful one's 0.65).

**Cards.** For each card it deals the hands it cannot see many times, consistently with its view: its own
hand, the hands exposed to it (an open defence, the misère declarer's opponents), the cards played, the suits
each hand has shown out of (under the must-trump rule, a hand that neither followed nor trumped holds no
trump), the talon when it was shown, and the declarer's discard (two unseen cards out of play, for a defender;
the talon the declarer took lies with him or in that discard). It solves every sample for every legal card
(trickcore.solver.solve_cards) with the objective of the deal: the side's tricks in a game, the misère
declarer's tricks (he keeps them down, the defenders up), each all-pass player's own tricks (kept down). It
plays the card best on average (or, with ``rule=best``, best in the most samples). A single legal card, or
legal cards all worth the same, are played without a search; a trick led by a talon card, which a solver
position cannot express, and Gusarik's two-hand play are left to the heuristic agent.

Sections (§) are those of docs/rules/preferans.md.
"""
import itertools

import attrs

from trickcore.cards import DECK32, hand_mask
from trickcore.games.preferans.agents import (STYLE, HeuristicAgent, defence_call, defence_is_good, evaluate,
                                             misere_danger)
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.vocab import DEALER, MISERE, TALON, level, strain, trump_of
from trickcore.games.sampling import (SAMPLING_OPTIONS, Hidden, SamplingAgent, choose,
                                     choose_card, equivalent_lowest, voids_shown)
from trickcore.solver import Position, solve, solve_cards

PIMC_SALT = 0x70696D70   # "pimp"
DISCARDS = 6             # the discards the samples decide between: the heuristic's own and the next best
REST = "rest"            # the holder of unseen cards out of play: the declarer's discard, an unturned talon


def _game_hidden(view):
    """The Hidden of a play view (see the module docstring)."""
    plays = [(t.leader, list(t.plays)) for t in view.done]
    if view.trick:
        plays.append((view.trick[0][0], list(view.trick)))
    count = {hand: 0 for hand in range(3)}
    played = 0
    for _, cards in plays:
        for who, card in cards:
            played |= card.bit
            if who != TALON:
                count[who] += 1
    known = played | hand_mask(view.hand) | hand_mask(view.discard)
    for cards in view.visible.values():
        known |= hand_mask(cards)
    talon = hand_mask(view.talon)
    declarer_knows = view.player == view.declarer or view.kind == "all_pass"
    if declarer_knows:
        known |= talon
    hidden = [hand for hand in range(3) if hand != view.seat and hand not in view.visible]
    unseen = tuple(c for c in DECK32.cards if not known & c.bit)
    sizes = {hand: 10 - count[hand] for hand in hidden}
    rest = len(unseen) - sum(sizes.values())
    if rest:
        sizes[REST] = rest
    voids = voids_shown(PREFERANS.trick_rules(view.trump), plays)
    # The talon a defender saw lies with the declarer or in his discard: no other hand holds it.
    barred = {} if declarer_knows else {hand: talon for hand in hidden if hand != view.declarer}
    return Hidden(unseen, sizes, {h: frozenset(voids.get(h, ())) for h in hidden}, barred=barred)


def _seen(view):
    """The hands the player sees, by hand: his own (the 4-player dealer holds none) and those exposed to him."""
    seen = {hand: tuple(cards) for hand, cards in view.visible.items()}
    if view.seat != DEALER:
        seen[view.seat] = tuple(view.hand)
    return seen


def _hands(seen, sample):
    """The three hands: those ``seen``, and the sample's for the others."""
    return [seen[hand] if hand in seen else sample[hand] for hand in range(3)]


def _position(view, hands, leader, trick):
    """The solver's Position of the deal's objective (see the module docstring)."""
    if view.kind == "game":
        return Position(PREFERANS.trick_rules(view.trump), hands, leader, trick, "tricks", None, view.declarer)
    if view.kind == "misere":
        return Position(PREFERANS.trick_rules(None), hands, leader, trick, "misere", view.declarer)
    return Position(PREFERANS.trick_rules(None), hands, leader, trick, "all_pass", view.seat)


def _target(view):
    """In a game, the tricks the side of the hand to play still needs (the declarer: his contract; the
    defenders: one more than he may lose); None in misère and all-pass, which have no such target."""
    if view.kind != "game":
        return None
    declaring = view.seat == view.declarer
    needed = level(view.contract) if declaring else 11 - level(view.contract)
    won = sum(1 for t in view.done if (t.winner == view.declarer) == declaring)
    return needed - won


class PimcAgent(SamplingAgent, HeuristicAgent):
    """The heuristic bidder (in its playing style, the option ``style``) with sampled discards, defence calls and
    card play (see the module docstring)."""

    name = "pimc"
    salt = PIMC_SALT
    declared_options = SAMPLING_OPTIONS + (STYLE,)

    def choose_card(self, view):
        """The legal card best for the deal's objective over the samples (see the module docstring)."""
        talon_trick = any(who == TALON for who, _ in view.trick)
        if talon_trick or view.trick_size != 3 or view.dummy is not None:
            return super().choose_card(view)
        legal = tuple(view.legal)
        plain = legal[0] if len(legal) == 1 else equivalent_lowest(legal, hand_mask(
            c for t in view.done for _, c in t.plays), ())
        if plain is not None:
            return plain
        leader = view.trick[0][0] if view.trick else view.seat
        trick = tuple(c for _, c in view.trick)
        seen = _seen(view)

        def value(sample, _cards):
            return solve_cards(_position(view, _hands(seen, sample), leader, trick))

        minimise = view.kind == "all_pass" or (view.kind == "misere" and view.seat == view.declarer)
        return choose_card(legal, _game_hidden(view), value, self.settings, self.stream, minimise, _target(view))

    def _defend(self, view):
        """The defence call of the dd agent in more than the style's ``whist_odds`` of the samples (see the module
        docstring)."""
        legal = view.legal
        calls = (defence_call(False, legal), defence_call(True, legal))
        if calls[0] == calls[1]:
            return calls[0]
        seen = _seen(view)
        odds = self.figures.whist_odds

        def value(sample, _calls):
            good = defence_is_good(_hands(seen, sample), view.contract, view.declarer)
            # The whist's mean over the samples is above the pass's 0 when more than ``odds`` of them are good.
            return {calls[0]: 0.0, calls[1]: 1 - odds if good else -odds}

        return choose(calls, _game_hidden(view), value, attrs.evolve(self.settings, rule="mean"), self.stream)

    def choose_discard(self, view):
        """The heuristic agent's contract, and the discard the samples find best for it."""
        pair, contract = super().choose_discard(view)
        twelve = tuple(view.hand)
        misere = contract == MISERE

        def merit(p):
            ten = [c for c in twelve if c not in p]
            return misere_danger(ten) if misere else -evaluate(ten, strain(contract))

        candidates = [pair] + [p for p in sorted(itertools.combinations(twelve, 2), key=merit)
                               if set(p) != set(pair)][:DISCARDS - 1]
        decl = view.declarer
        others = [hand for hand in range(3) if hand != decl]
        mask = hand_mask(twelve)
        hidden = Hidden(tuple(c for c in DECK32.cards if not mask & c.bit), {hand: 10 for hand in others})
        rules = PREFERANS.trick_rules(None if misere else trump_of(contract))

        def value(sample, alive):
            found = {}
            for p in alive:
                hands = [tuple(c for c in twelve if c not in p) if h == decl else sample[h] for h in range(3)]
                found[p] = solve(Position(rules, hands, 0, (), "misere" if misere else "tricks", decl, decl))
            return found

        return choose(candidates, hidden, value, self.settings, self.stream, minimise=misere), contract
