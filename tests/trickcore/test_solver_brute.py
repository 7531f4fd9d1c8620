"""The solver against the brute-force minimax reference on random small endings, every objective, 3 and 4 seats."""
import random

import pytest

from trickcore import _solver, brute, solver
from trickcore.cards import DECK32, DECK52, Suit, hand_mask, parse_hand
from trickcore.errors import InputError
from trickcore.play import legal_cards
from trickcore.rules import TrickRules
from trickcore.solver import Position


def random_position(rng, max_cards):
    """A random ending, possibly mid-trick, with a random objective and reported seat."""
    n = rng.choice([3, 4])
    k = rng.randint(1, max_cards)
    deck = list(DECK52.cards if n == 4 else DECK32.cards)
    rng.shuffle(deck)
    hands = [deck[i * k:(i + 1) * k] for i in range(n)]
    rules = TrickRules(n, rng.choice([None, *Suit]), True, n == 3 and rng.random() < 0.7)
    leader = rng.randrange(n)
    trick = []
    for j in range(rng.randrange(n)):
        seat = (leader + j) % n
        card = rng.choice(legal_cards(rules, hands[seat], trick))
        hands[seat].remove(card)
        trick.append(card)
    objective = rng.choice(solver.OBJECTIVES)
    return Position(rules, hands, leader, trick, objective, seat=rng.randrange(n), declarer=rng.randrange(n))


@pytest.mark.parametrize("block", range(7))
def test_solver_matches_brute_force_on_small_endings(block):
    rng = random.Random(1000 + block)
    for _ in range(120):
        pos = random_position(rng, 3)
        counted, maxim = pos.masks()
        expected = brute.minimax(pos.rules, pos.hands, pos.leader, pos.trick, counted, maxim)
        assert solver.solve(pos) == expected, pos
        values = brute.card_values(pos.rules, pos.hands, pos.leader, pos.trick, counted, maxim)
        assert solver.solve_cards(pos) == values, pos
        some = [card for k, card in enumerate(sorted(values)) if k % 2 == 0]
        subset = solver.solve_cards(pos, some)
        assert set(some) <= set(subset) and all(values[card] == v for card, v in subset.items()), pos


@pytest.mark.parametrize("block", range(4))
def test_solver_matches_brute_force_on_five_card_endings(block):
    rng = random.Random(2000 + block)
    for _ in range(15):
        pos = random_position(rng, 5)
        counted, maxim = pos.masks()
        assert solver.solve(pos) == brute.minimax(pos.rules, pos.hands, pos.leader, pos.trick, counted, maxim)


def assert_every_leader_matches_brute_force(rules, hands):
    """The tricks of the side on lead, each seat leading in turn: the solver against brute force."""
    for leader in range(len(hands)):
        pos = Position(rules, hands, leader, (), "tricks", seat=leader)
        counted, maxim = pos.masks()
        assert solver.solve(pos) == brute.minimax(rules, pos.hands, leader, (), counted, maxim), pos


@pytest.mark.parametrize("block", range(4))
def test_need_every_trick_bound_matches_brute_force(block):
    """No-trump endings (or trumps all gone) dealt from each suit's top six cards, so that one side often
    needs every trick while the other holds top cards, guards and squeeze threats: the bound on the suits
    whose top cards the side on lead holds (short_of_top_suits) against brute force, for every leader."""
    rng = random.Random(7000 + block)
    deck = [card for card in DECK52.cards if card.index & 15 >= 7]
    for _ in range(60):
        k = rng.randint(2, 4)
        rng.shuffle(deck)
        hands = [deck[i * k:(i + 1) * k] for i in range(4)]
        dealt = {card.suit for hand in hands for card in hand}
        rules = TrickRules(4, rng.choice([None, *(suit for suit in Suit if suit not in dealt)]))
        assert_every_leader_matches_brute_force(rules, hands)


@pytest.mark.parametrize("block", range(2))
def test_need_every_trick_bound_where_an_opponent_holds_only_top_cards(block):
    """The one case the bound's argument leaves to checking: a seat holding nothing but the top cards of two
    or three suits must let one go when a fourth suit is led; the side on lead still cannot take every trick
    when the bound says so (no trump, every leader, brute force)."""
    rng = random.Random(7500 + block)
    deck = [card for card in DECK52.cards if card.index & 15 >= 6]
    rules = TrickRules(4, None)
    for _ in range(150):
        k, holder = rng.randint(2, 3), rng.randrange(4)
        tops = [max((card for card in deck if card.suit == suit), key=lambda card: card.index)
                for suit in rng.sample(list(Suit), k)]
        rest = [card for card in deck if card not in tops]
        rng.shuffle(rest)
        others = iter(rest[i * k:(i + 1) * k] for i in range(3))
        hands = [tops if seat == holder else next(others) for seat in range(4)]
        assert_every_leader_matches_brute_force(rules, hands)


@pytest.mark.parametrize("block", range(4))
def test_lone_seat_matches_brute_force_on_preferans_endings(block):
    """Misère and all-pass (no trump, 3 seats) on longer endings, where the lone-seat bounds cut."""
    rng = random.Random(5000 + block)
    rules = TrickRules(3, None, True, True)
    for _ in range(30):
        k = rng.randint(4, 5)
        deck = list(DECK32.cards)
        rng.shuffle(deck)
        hands = [deck[i * k:(i + 1) * k] for i in range(3)]
        seat, leader = rng.randrange(3), rng.randrange(3)
        pos = Position(rules, hands, leader, (), rng.choice(["misere", "all_pass"]), seat=seat)
        counted, maxim = pos.masks()
        assert solver.solve(pos) == brute.minimax(rules, pos.hands, leader, (), counted, maxim), pos


@pytest.mark.parametrize("block", range(4))
def test_best_discard_matches_brute_force(block):
    rng = random.Random(3000 + block)
    engine = _solver.Solver(16)
    for _ in range(40):
        hands, talon = brute.preferans_ending(rng, rng.randint(1, 4))
        declarer, leader, misere = rng.randrange(3), rng.randrange(3), rng.random() < 0.4
        rules = TrickRules(3, None if misere else rng.choice([None, *Suit]), True, True)
        masks = [hand_mask(h) for h in hands]
        masks[declarer] |= hand_mask(talon)
        assert (engine.best_discard(rules.kernel_tuple(), masks, declarer, leader, misere)
                == brute.best_discard(rules, hands, declarer, leader, talon, misere))


@pytest.mark.parametrize("block", range(4))
def test_discard_bound_matches_brute_force(block):
    """The relaxed game bounding every discard at once: the solver plays it as the reference does (which
    lets the declarer set aside any cards at any turn), and it bounds the best fixed discard."""
    rng = random.Random(3500 + block)
    engine = _solver.Solver(16)
    for _ in range(30):
        k, budget = rng.randint(1, 4), rng.randint(1, 2)
        hands, talon = brute.preferans_ending(rng, k)
        declarer, leader, misere = rng.randrange(3), rng.randrange(3), rng.random() < 0.4
        rules = TrickRules(3, None if misere else rng.choice([None, *Suit]), True, rng.random() < 0.8)
        held = [list(h) for h in hands]
        held[declarer] += talon[:budget]
        relaxed = brute.set_aside_value(rules, held, declarer, leader, budget, misere)
        if budget == 2:
            fixed = brute.best_discard(rules, hands, declarer, leader, talon, misere)
            assert relaxed <= fixed if misere else relaxed >= fixed
        for best in range(k + 1):
            assert (engine.discard_bound(rules.kernel_tuple(), [hand_mask(h) for h in held], declarer, leader,
                                         misere, budget, best)
                    == (relaxed < best if misere else relaxed > best)), (held, declarer, leader, misere, best)


@pytest.mark.parametrize("hands, declarer, trump, must_trump, value", [
    # The declarer (seat 2, on lead) holds two trumps and a club, two cards to set aside and one trick to play:
    # the ace of trumps beats either trump and ruffs the club. Two trumps under one top trump win one trick
    # over two tricks, not over one: the count must not take more trumps than the cards he will still play.
    ((".7..", "..A.", "..JT.T"), 2, Suit.D, True, 0),
    # Seat 0 declares: three trumps under the king, two tricks to play: one trick, not two.
    (("K...T97", "..K.K", "..Q8."), 0, Suit.C, True, 1),
    # Four trumps under the ace, three tricks to play: two tricks, not three.
    ((".KQJ9..8", "A9.A..", "T8..7."), 0, Suit.H, False, 2),
])
def test_discard_bound_counts_the_lazy_seats_trumps_by_the_tricks_left(hands, declarer, trump, must_trump, value):
    """The discard bound (the relaxed game) on endings where the declarer holds more trumps than tricks left."""
    rules = TrickRules(3, trump, True, must_trump)
    held = [list(parse_hand(h)) for h in hands]
    budget, tricks, leader = 2, len(held[1]), 2
    assert brute.set_aside_value(rules, held, declarer, leader, budget, False) == value
    engine = _solver.Solver(16)
    for best in range(tricks + 1):
        assert engine.discard_bound(rules.kernel_tuple(), [hand_mask(h) for h in held], declarer, leader, False,
                                    budget, best) == (value > best)


@pytest.mark.parametrize("block", range(4))
def test_all_pass_talon_leads_match_brute_force(block):
    rng = random.Random(4000 + block)
    engine = _solver.Solver(16)
    for _ in range(40):
        hands, talon = brute.preferans_ending(rng, rng.randint(2, 4))
        seat, dealer_owns = rng.randrange(3), rng.random() < 0.5
        assert (engine.all_pass([hand_mask(h) for h in hands], [c.index for c in talon], seat, dealer_owns)
                == brute.all_pass(hands, talon, seat, dealer_owns))


@pytest.mark.parametrize("hands, leader, tricks", [
    # North's ace and South's king of trumps are both above East's, but as singletons they fall together
    # when East leads a trump, and East ruffs the heart that follows: one trick, not two (partners' top
    # trumps count together only as far as their trump lengths keep them apart).
    (("A.2..", "32...", "K.3..", ".4.2."), 1, 1),
    # North's guarded king of trumps sits behind West's ace, but North must lead from K2 of trumps: West
    # ducks the two, then cashes the ace through the bare king (the guarded-trump bound needs the holder
    # not to lead from trumps alone).
    (("K2...", ".AK..", ".32..", "A3..."), 0, 0),
    # North's king and South's queen of trumps are beaten by East's ace alone, but they sit in two hands:
    # the ace draws both, and East's heart ace takes the last trick (the count under the other side's top
    # trumps is one seat's trumps).
    (("K.2..", "A.A..", "Q.3..", ".KQ.."), 1, 0),
])
def test_trump_bounds_on_handmade_endings(hands, leader, tricks):
    """North-South's tricks in spades where a careless top-trump bound would count one more."""
    rules = TrickRules(4, Suit.S)
    pos = Position(rules, [parse_hand(h) for h in hands], leader=leader, objective="tricks", seat=0)
    counted, maxim = pos.masks()
    assert brute.minimax(rules, pos.hands, leader, (), counted, maxim) == tricks
    assert solver.solve(pos) == tricks


@pytest.mark.parametrize("hands, leader, tricks", [
    # West's spades duck the others' (7 under 8, 9 under ten) though the 9 is not under all of them: when
    # they lead spades he plays under each time, and the heart 8 lies under the 9 and ace.
    (("97.8..", "T8.A..", "QJ.9.."), 1, 0),
    # The same spades with West on lead: the 7 loses, but North then covers it with the ten and leads the
    # 8 under the 9; leading the 9 instead loses to the 8 and the 7 wins later. No suit of his still ducks
    # once its lowest card is gone, so the "no more tricks" bound must not apply.
    (("97...", "T8...", ".AK.."), 0, 1),
    (("97...", "T8...", ".AK.."), 1, 0),
])
def test_lone_seat_bound_on_handmade_endings(hands, leader, tricks):
    """Misère tricks of seat 0 (no trump, three seats) where his suits duck the others' without lying under
    all their cards."""
    rules = TrickRules(3, None, True, True)
    pos = Position(rules, [parse_hand(h) for h in hands], leader=leader, objective="misere", seat=0)
    counted, maxim = pos.masks()
    assert brute.minimax(rules, pos.hands, leader, (), counted, maxim) == tricks
    assert solver.solve(pos) == tricks


def test_two_side_results_are_complementary():
    rng = random.Random(5)
    for _ in range(100):
        pos = random_position(rng, 4)
        if pos.objective != "tricks":
            continue
        other = next(s for s in range(pos.rules.n_seats) if not (pos.masks()[0] >> s) & 1)
        mirror = Position(pos.rules, pos.hands, pos.leader, pos.trick, "tricks", seat=other,
                          declarer=pos.declarer)
        cards_left = len(pos.hands[pos.turn])
        assert solver.solve(pos) + solver.solve(mirror) == cards_left



@pytest.mark.parametrize("block", range(3))
def test_table_kept_between_positions_of_one_game(block):
    """One solver solves endings under a few games and objectives in turn, each ending several times: it
    keeps its stored bounds while the game and objective stay the same (they hold for any deal) and must
    drop them when the trump or the counted seats change."""
    rng = random.Random(6000 + block)
    engine = _solver.Solver(16)
    for _ in range(25):
        hands, _ = brute.preferans_ending(rng, rng.randint(3, 4))
        leader = rng.randrange(3)
        for _ in range(4):
            rules = TrickRules(3, rng.choice([None, Suit.S]), True, True)
            objective, seat = rng.choice(["misere", "tricks"]), rng.randrange(2)
            counted, maxim = Position(rules, hands, leader, (), objective, seat=seat, declarer=seat).masks()
            assert (engine.solve(rules.kernel_tuple(), [hand_mask(h) for h in hands], leader, [], counted, maxim)
                    == brute.minimax(rules, hands, leader, (), counted, maxim))


def test_solve_cards_of_no_card_or_of_a_non_card():
    pos = random_position(random.Random(7), 3)
    assert solver.solve_cards(pos, []) == {}
    with pytest.raises(InputError):
        solver.solve_cards(pos, ["SA"])
