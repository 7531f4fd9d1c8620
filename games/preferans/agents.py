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

- **Playing styles** (the agent option ``style``, e.g. ``--agents "heuristic style=greedy"``): the figures above
  are those of the ``normal`` style. ``cautious`` bids with a margin of 1.3 and a misère danger of at most 2,
  ``aggressive`` with 0.3 and 4; ``greedy`` whists on less (D1 with 35 % of the obligation, D2 alone with 45 %,
  the switch keeps it with 60 %, a second whister on 8+ with 1 trick, a return with the obligation minus 2),
  ``careful`` on more (65 %, 75 %, 90 %, 2 tricks, minus 1). Each style's figures are named once in
  games.preferans.heuristic_figures (``STYLES``).

These decisions are written once, compiled over hand masks in games/preferans/_heuristic.pyx, with the
numbers above in games.preferans.heuristic_figures: ``HeuristicAgent`` turns its view into masks and codes and
calls them, and simulations of three heuristic players (``tricks simulate --agents heuristic``) call the same
decisions from a compiled loop of whole deals (games.preferans.heuristic_deals).

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
import itertools

from trickcore.cards import Card, Suit, hand_mask
from trickcore.duck import duck_fewest_tricks, follower_wins
from trickcore.errors import InputError
from trickcore.games.base import Agent
from trickcore.games.double_dummy import best_card
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans import _heuristic
from trickcore.games.agent_spec import style_index
from trickcore.games.options import Option
from trickcore.games.preferans.heuristic_figures import STYLES
from trickcore.games.preferans.old import DECLINE, SUITS as OLD_SUITS, TAKE
from trickcore.games.preferans.vocab import (CLOSED, DEALER, HALF_WHIST, HOLD, LADDER, LADDER_RANK, MISERE, OBLIGATION,
                                            OPEN, PASS, RETURN, STRAINS, TALON, TRICK_BIDS, WHIST, TalonChoice, level,
                                            price, strain, trump_of)
from trickcore.rng import Stream
from trickcore.games.preferans.analysis import PREFERANS_STRAINS, preferans_contract, preferans_misere
from trickcore.solver import Position, solve

AGENT_SALT = 0x70726566   # "pref"
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


# ---- the hand's figures (compiled in games/preferans/_heuristic.pyx) ----------------------------------------

STRAIN_INDEX = {name: i for i, name in enumerate(STRAINS)}


def _word(code):
    """The call or word of a compiled action code."""
    return _heuristic.WORDS[code - _heuristic.FIRST_WORD]


def _trump_index(trump):
    return -1 if trump is None else int(trump)


def evaluate(cards, strain_letter):
    """Expected declarer tricks of ``cards`` played in ``strain_letter`` (S, C, D, H or NT)."""
    return _heuristic.hand_estimate(hand_mask(cards), STRAIN_INDEX[strain_letter])


def defensive_tricks(cards, trump):
    """Tricks a defender expects against a contract with ``trump`` (a Suit or None)."""
    return _heuristic.hand_defence(hand_mask(cards), _trump_index(trump))


def misere_danger(cards):
    """How far the suits are from safe misère ladders: Σ max(0, pos_i − 2i) over each suit's cards from the
    lowest (pos 0 = seven); 0 means every suit can always duck when led."""
    return _heuristic.hand_misere_danger(hand_mask(cards))


def bidding_estimates(hand):
    """Estimated declarer tricks per strain for a 10-card hand, with the talon's expectation."""
    return dict(zip(STRAINS, _heuristic.hand_bidding_estimates(hand_mask(hand))))


def max_bid(estimates, style=0):
    """The highest trick bid the estimates (per strain) support in the playing style of index ``style``, or
    None."""
    top = _heuristic.highest_bid([estimates[st] for st in STRAINS], style)
    return None if top < 0 else LADDER[top]


def _high(view):
    """The ladder index of the highest bid of the auction so far, or -1."""
    for _, call in reversed(view.auction):
        if call in LADDER_RANK:
            return LADDER_RANK[call]
    return -1


def _cheapest(legal):
    """The ladder index of the cheapest legal trick bid, or -1."""
    return next((LADDER_RANK[c] for c in legal if c in LADDER_RANK and c != MISERE), -1)


def call_within(view, top):
    """Hold (здесь) when allowed and the held bid is within ``top``, else the cheapest legal bid within it,
    else pass."""
    return _word(_heuristic.within(HOLD in view.legal, _high(view), _cheapest(view.legal), LADDER_RANK[top]))


def _played_mask(view):
    return hand_mask(c for t in view.done for _, c in t.plays) | hand_mask(c for _, c in view.trick)


STYLE = Option("style", "The heuristic player's playing style: its bidding (cautious or aggressive) or its whisting "
                        "(careful or greedy).", tuple(STYLES), "normal", owner="heuristic")


def defence_is_good(hands, contract, declarer):
    """Whether the defence against the trick ``contract`` is worth a whist with the three ``hands`` (the declarer's
    after his discard) played double dummy, hand1 leading: it takes the obligation (§5.4) or beats the contract."""
    declarer_tricks = solve(Position(PREFERANS.trick_rules(trump_of(contract)), hands, 0, (), "tricks", declarer,
                                     declarer))
    lv = level(contract)
    return 10 - declarer_tricks >= OBLIGATION[lv] or declarer_tricks < lv


def defence_call(good, legal):
    """The defence call among ``legal`` of a defender who finds the defence ``good`` (defence_is_good) or not: a
    whist (or the return of a half-whist), else a pass (a half-whist at the gentleman switch, where he may not
    pass)."""
    for call in ((WHIST, RETURN) if good else (PASS, HALF_WHIST)):
        if call in legal:
            return call
    return legal[0]


class HeuristicAgent(PreferansAgent):
    """The rule-based player documented in the module docstring, in the playing style that the agent option
    ``style`` names (heuristic_figures.STYLES; normal by default): it turns its view into hand masks and codes for
    the compiled player (games/preferans/_heuristic.pyx), which decides."""

    name = "heuristic"
    declared_options = (STYLE,)

    def __init__(self, seat, seed=0, **options):
        super().__init__(seat, seed, **options)
        self.style = style_index(STYLE, options, self.name)
        self.figures = STYLES[STYLE.type[self.style]]

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
        legal = view.legal
        return _word(_heuristic.bid(hand_mask(view.hand), HOLD in legal, MISERE in legal, _cheapest(legal),
                                    _high(view), self.style))

    def _declare_suit(self, view):
        """The old game's phase A (rules/preferans-variants.md §3.2): the most valuable legal suit in which the hand
        alone is worth six tricks with the bidding margin, else pass."""
        good = [s for s in view.legal if s in OLD_SUITS and evaluate(view.hand, s) - self.figures.bid_margin >= 6]
        return good[-1] if good else "pass"

    def _would_buy(self, view):
        """Buy the old game's talon when some suit reaches six tricks with the talon's expectation."""
        estimates = bidding_estimates(view.hand)
        return max(estimates[s] for s in OLD_SUITS) - self.figures.bid_margin >= 6

    def _defend(self, view):
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.player == DEALER:
            stage = "dealer" if WHIST in legal else "return"
            seen = next(iter(view.visible.values()), ())     # the defender the dealer looked at (§5.2)
        else:
            seen = view.hand
            if RETURN in legal:
                stage = "return"
            elif legal == (WHIST, HALF_WHIST):
                stage = "switch"
            elif not view.defence:
                stage = "d1"
            else:
                stage = "d2 after whist" if view.defence[0][1] == WHIST else "d2 after pass"
        est = _heuristic.hand_defence(hand_mask(seen), _trump_index(trump_of(view.contract)))
        stage_code = _heuristic.DEFENCE_STAGES[stage]
        return _word(_heuristic.whist(est, level(view.contract), stage_code, HALF_WHIST in legal, self.style))

    def choose_discard(self, view):
        """The best discard and contract for the twelve cards (see the module docstring)."""
        allowed = sum(1 << LADDER_RANK[c] for c in view.legal)
        first, second, contract = _heuristic.discard_and_contract(hand_mask(view.hand), allowed, self.style)
        return (Card.from_index(first), Card.from_index(second)), LADDER[contract]

    # -- cards --
    def choose_card(self, view):
        """A card by the play heuristics of the module docstring."""
        if len(view.legal) == 1:
            return view.legal[0]
        known = hand_mask(view.discard)
        if view.seat == view.declarer and view.kind != "all_pass":
            known |= hand_mask(view.talon)
        visible = [hand_mask(view.visible.get(h, ())) for h in range(3)]
        trick = [(who, c.index) for who, c in view.trick]
        card = _heuristic.card(view.seat, hand_mask(view.hand), visible, _played_mask(view), known, trick,
                               _heuristic.KINDS[view.kind], -1 if view.declarer is None else view.declarer,
                               _trump_index(view.trump), view.trick_size, hand_mask(view.legal))
        return Card.from_index(card)


class DDAgent(HeuristicAgent):
    """The double-dummy player documented in the module docstring (decides from the open view)."""

    name = "dd"
    omniscient = True
    declared_options = ()      # it decides from the solver, in no style

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
        return defence_call(defence_is_good(view.hands, view.contract, view.declarer), view.legal)

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
            return HeuristicAgent.choose_card(self, view)         # kind all_pass: the heuristic's duck
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
