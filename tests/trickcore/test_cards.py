"""Card, suit and rank notation: forgiving reading, canonical writing, round trips."""
import pytest
from hypothesis import given, strategies as st

from trickcore.cards import (DECK32, DECK52, Card, Rank, Suit, format_card, format_hand, hand_mask, mask_cards,
                             parse_card, parse_hand, parse_suit)
from trickcore.errors import NotationError

SA = Card(Suit.S, Rank.ACE)


@pytest.mark.parametrize("text", ["SA", "sa", "AS", "as", "♠A", "A♠", " S A ", "♤a"])
def test_spade_ace_forms(text):
    assert parse_card(text) == SA


@pytest.mark.parametrize("text,card", [
    ("S10", Card(Suit.S, Rank.TEN)), ("ST", Card(Suit.S, Rank.TEN)), ("10s", Card(Suit.S, Rank.TEN)),
    ("HT", Card(Suit.H, Rank.TEN)), ("D2", Card(Suit.D, Rank.TWO)), ("c9", Card(Suit.C, Rank.NINE)),
    ("♥K", Card(Suit.H, Rank.KING)), ("♦q", Card(Suit.D, Rank.QUEEN)), ("♣J", Card(Suit.C, Rank.JACK)),
])
def test_card_forms(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text,rank", [("Т♠", Rank.ACE), ("К♠", Rank.KING), ("Д♠", Rank.QUEEN),
                                       ("В♠", Rank.JACK), ("10♠", Rank.TEN), ("т♠", Rank.ACE)])
def test_russian_rank_letters(text, rank):
    assert parse_card(text) == Card(Suit.S, rank)


def test_latin_t_is_ten_and_cyrillic_t_is_ace():
    assert parse_card("TS").rank == Rank.TEN
    assert parse_card("ТS").rank == Rank.ACE


@pytest.mark.parametrize("text", ["", "x", "Sx", "S1", "S11", "Z9", "SAK", "♠", 12, None])
def test_bad_cards(text):
    with pytest.raises(NotationError):
        parse_card(text)


def test_x_is_not_a_card_and_says_so():
    with pytest.raises(NotationError, match="unknown small card"):
        parse_card("Sx")


def test_canonical_writing():
    card = Card(Suit.H, Rank.TEN)
    assert str(card) == "HT"
    assert format_card(card, "symbol") == "♥T"
    assert format_card(card, "rank_first") == "TH"
    assert Rank.ACE.russian == "Т" and Suit.C.symbol == "♣"


def test_suits():
    assert [parse_suit(s) for s in "shdc"] == [Suit.S, Suit.H, Suit.D, Suit.C]
    assert parse_suit("♦") == Suit.D
    with pytest.raises(NotationError):
        parse_suit("NT")


def test_decks():
    assert len(DECK52) == 52 and len(DECK32) == 32
    assert min(c.rank for c in DECK32.cards) == Rank.SEVEN
    assert Card(Suit.S, Rank.SIX) not in DECK32 and Card(Suit.S, Rank.SIX) in DECK52
    assert hand_mask(DECK52.cards) == DECK52.mask


def test_bit_layout():
    # Suit s owns bits 16*s .. 16*s+12, and a higher bit is a higher card of the same suit.
    assert Card(Suit.S, Rank.TWO).index == 0 and Card(Suit.S, Rank.ACE).index == 12
    assert Card(Suit.C, Rank.ACE).index == 60
    assert Card.from_index(Card(Suit.D, Rank.NINE).index) == Card(Suit.D, Rank.NINE)


def test_pbn_hand():
    hand = parse_hand("AKQ.JT9.8765.432")
    assert len(hand) == 13 and format_hand(hand) == "AKQ.JT9.8765.432"
    assert parse_hand(" qka . 9tj.5678.234 ") == hand
    assert parse_hand("AKQ.J109.8765.432") == hand
    assert parse_hand("SAKQ HJT9 D8765 C432") == hand
    assert parse_hand("♠AKQ♥JT9♦8765♣432") == hand
    assert format_hand(parse_hand("...")) == "..."
    assert format_hand(parse_hand("AKQJT98765432...")) == "AKQJT98765432..."


@pytest.mark.parametrize("text", ["AKQ.JT9.8765", "AKQ.JT9.8765.432.2", "AAK...", "AKx...", "AKZ...", "KQ"])
def test_bad_hands(text):
    with pytest.raises(NotationError):
        parse_hand(text)


cards = st.sampled_from(DECK52.cards)


@given(cards)
def test_card_round_trip(card):
    for style in ("pbn", "symbol", "rank_first"):
        assert parse_card(format_card(card, style)) == card


@given(st.frozensets(cards))
def test_hand_round_trip(hand):
    text = format_hand(hand)
    assert parse_hand(text) == hand
    assert format_hand(parse_hand(text.lower())) == text
    assert set(mask_cards(hand_mask(hand))) == set(hand)
