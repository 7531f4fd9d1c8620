"""The heuristic card player's third hand (games/bridge/compiled/_heuristic.pxi, ``third_hand``): the cheapest card
that wins for sure, the lowest of equal cards, third hand high when none wins for sure, low when partner's card
wins for sure; fourth hand's cards are the unseen ones when he is hidden and dummy's when he is dummy, and his
ruffs are weighed against third hand's own ruff. A property test checks the rule on seeded boards against an
oracle written from the rule's wording over the player's view."""
import pytest

from trickcore.cards import DECK52, hand_mask, parse_card, parse_hand
from trickcore.games.bridge.agents import HeuristicAgent
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.table import PlayView
from trickcore.games.bridge.vocab import Contract, Seat, Strain
from trickcore.games.sampling import equivalent_lowest, voids_shown

N, E, S, W = Seat


def third_card(strain, seat, hands, current):
    """The heuristic player's card for ``seat`` (a defender; South declares) holding ``hands[seat]`` with dummy
    holding ``hands[N]`` (PBN, the cards on the trick included), after the ``current`` trick's cards (text), led
    by partner to the first trick."""
    leader = seat.partner
    plays = tuple((Seat((leader + k) % 4), parse_card(card)) for k, card in enumerate(current.split()))
    played = frozenset(c for _, c in plays)
    visible = {s: parse_hand(text) - played for s, text in hands.items()}
    mine = visible[seat]
    legal = tuple(sorted(c for c in mine if c.suit == plays[0][1].suit)) or tuple(sorted(mine))
    view = PlayView(seat, seat, Contract(4, strain), S, (), N, visible, (), plays, legal, played=played)
    return str(HeuristicAgent(seat).choose_card(view))


DUMMY = "765.AKQ.AKQ.AKQJ"


@pytest.mark.parametrize("east, expected", [
    ("AKQT.432.432.432", "SQ"),     # the cheapest sure winner, not the ten under an unseen jack
    ("KQ4.5432.5432.32", "SQ"),     # no sure winner: third hand high, the lowest of equal cards
    ("KJ4.5432.5432.32", "SK"),     # the queen unseen: the jack is not as good as the king
    ("A84.5432.5432.32", "SA"),
    ("T84.5432.5432.32", "ST"),
])
def test_third_hand_plays_the_cheapest_sure_winner_else_high(east, expected):
    assert third_card(Strain.NT, E, {E: east, N: DUMMY}, "S2 S5") == expected


def test_third_hand_plays_low_when_partners_card_wins_for_sure():
    assert third_card(Strain.NT, E, {E: "AKQ.5432.5432.32", N: DUMMY}, "SJ S5") == "SQ"
    assert third_card(Strain.NT, E, {E: "AK3.5432.5432.32", N: DUMMY}, "SQ S5") == "S3"


@pytest.mark.parametrize("dummy, current, expected", [
    ("J4.AKQ.AKQ.AKQJ9", "S2 S5", "SQ"),      # dummy's jack cannot beat the queen, and the king is not his
    ("K4.AKQ.AKQ.AKQJ9", "S2 S5", "SA"),      # dummy's king beats the queen
    ("84.AKQ.AKQ.AKQJ9", "S2 S5", "S9"),      # dummy's eight cannot beat the nine
    ("K4.AKQ.AKQ.AKQJ9", "SQ S5", "SA"),      # dummy's king beats partner's queen: win the trick
    ("84.AKQ.AKQ.AKQJ9", "SQ S5", "S9"),      # partner's queen wins for sure: low
])
def test_dummy_as_fourth_hand_is_seen(dummy, current, expected):
    # West is third hand: East led, declarer played, and dummy (North) plays last, his cards in view.
    west = "A9.65432.5432.32" if "SQ" in current else "AQ9.5432.5432.32"
    assert third_card(Strain.NT, W, {W: west, N: dummy}, current) == expected


@pytest.mark.parametrize("dummy, expected", [
    ("87.AKQJ.AKQJT76.", "S9"),       # dummy's trumps are below the nine
    ("J8.AKQJ.AKQJT76.", "SQ"),       # dummy's jack would overruff the nine
    ("J8.AKQJ.AKQJT7.K", "S2"),       # dummy must follow to the club: no overruff, the lowest trump
])
def test_third_hand_ruffs_above_what_dummy_as_fourth_hand_may_overruff(dummy, expected):
    # Spades are trumps; East leads a club, declarer follows, West holds no club.
    assert third_card(Strain.S, W, {W: "Q92.T98765.5432.", N: dummy}, "C3 C4") == expected


@pytest.mark.parametrize("east, current, expected", [
    ("K932.AT98.KQJ32.", "C2 C5", "SK"),     # declarer may overruff any trump but the king
    ("K932.AT98.KQJ32.", "CA C5", "D2"),     # partner's ace wins unless ruffed: not ruffed by East
    ("A2.AKQT.KQJ32.32", "H2 H5", "HQ"),     # declarer's ruff beats any heart alike: as at no-trump
])
def test_a_hidden_fourth_hand_may_ruff(east, current, expected):
    # Spades are trumps: declarer (South), hidden, may hold no card of the suit led and some trumps.
    assert third_card(Strain.S, E, {E: east, N: "765.765.765.7654"}, current) == expected


# ---- the property over seeded boards --------------------------------------------------------------------------

def winner(cards, trump):
    """The position of the card that wins a trick of ``cards`` (the lead first)."""
    best = 0
    for k, card in enumerate(cards):
        top = cards[best]
        if (card.suit == top.suit and card.rank > top.rank) or (card.suit == trump and top.suit != trump):
            best = k
    return best


def fourth_hand(view):
    """The cards fourth hand may hold, and whether he may hold none of the suit led: dummy's cards when he is
    dummy, else the unseen cards of the suits he has not shown out of, void when he has shown out or the unseen
    cards of the suit fit in the other hidden hands."""
    fourth, led = view.seat.lho, view.current[0][1].suit
    if fourth in view.visible:
        cards = set(view.visible[fourth])
        return cards, not any(c.suit == led for c in cards)
    tricks = [(t, [(Seat(t.seat_of(k, 4)), c) for k, c in enumerate(t.cards)]) for t in view.tricks]
    voids = voids_shown(view.rules, tricks + [(None, list(view.current))])
    seen = set(view.played).union(*view.visible.values())
    cards = {c for c in DECK52.cards if c not in seen and c.suit not in voids.get(fourth, ())}
    on_trick = {seat for seat, _ in view.current}
    room = sum(13 - len(view.tricks) - (seat in on_trick) for seat in Seat
               if seat != fourth and seat not in view.visible and led not in voids.get(seat, ()))
    return cards, sum(c.suit == led for c in cards) <= room


def wins_for_sure(view, card, cards, void):
    """Whether ``card`` wins the trick whatever fourth hand plays of ``cards`` (any of them when ``void``, else
    those of the suit led): the brief's rule, a ruff by him included."""
    trick = [c for _, c in view.current] + [card]
    trump = view.contract.trump
    playable = [c for c in cards if void or c.suit == trick[0].suit]
    return winner(trick, trump) == 2 and all(winner(trick + [c], trump) == 2 for c in playable)


def third_hand_views(seed, boards):
    """(view, card) of every third hand's choice among two or more cards on heuristic boards of ``seed``."""
    for index in range(boards):
        state = BRIDGE.new_state(BRIDGE.deal(seed, index), BridgeSetup(dealer=Seat(index % 4), board=index + 1))
        agents = [HeuristicAgent(s) for s in range(4)]
        while not state.is_terminal:
            view = state.view(state.current_seat)
            action = agents[state.current_seat].act(view)
            if view.phase == "play" and len(view.current) == 2 and len(view.legal_cards) > 1:
                yield view, action
            state.apply(action)


def test_third_hand_plays_the_cheapest_sure_winner_and_the_lowest_of_equal_cards_on_seeded_boards():
    counted = {"sure": 0, "equal": 0, "low": 0}
    for view, card in third_hand_views(3, 40):
        cards, void = fourth_hand(view)
        trump = view.contract.trump
        trick = [c for _, c in view.current]
        winners = sorted(c for c in view.legal_cards if winner(trick + [c], trump) == 2)
        sure = [c for c in winners if wins_for_sure(view, c, cards, void)]
        playable = [c for c in cards if void or c.suit == trick[0].suit]
        partner_sure = winner(trick, trump) == 0 and not any(winner(trick + [c], trump) == 2 for c in playable)
        if card in winners and sure:
            assert card == sure[0], (view, card)       # the cheapest sure winner, never a card that may lose
            counted["sure"] += 1
        if card in winners:
            lower = [c for c in winners if c.suit == card.suit and c.rank < card.rank]
            assert not any(equivalent_lowest([c, card], hand_mask(view.played), trick) for c in lower), (view, card)
            counted["equal"] += any(c.suit == card.suit and c.rank > card.rank for c in view.legal_cards)
        if partner_sure:
            assert card not in winners or len(winners) == len(view.legal_cards), (view, card)
            counted["low"] += 1
    assert min(counted.values()) >= 10, counted
