"""Deals: validation, notation, and seeded dealing (single = batch row = pure-Python reference)."""
import pytest
from hypothesis import given, settings, strategies as st

from trickcore.games.bridge.game import BRIDGE
from trickcore.games.preferans.game import PREFERANS
from trickcore import reference
from trickcore.cards import DECK32, DECK52, Card, Rank, Suit, parse_hand
from trickcore.dealing import Deal, DealingPlan, deal_batch, deal_one, parse_deal
from trickcore.errors import InputError, InvalidDeal, NotationError

PBN = "N:AKQ.JT9.8765.432 JT9.8765.432.AKQ 8765.432.AKQ.JT9 432.AKQ.JT9.8765"


def test_pbn_deal_round_trip():
    deal = parse_deal(PBN)
    assert deal.to_pbn() == PBN
    assert parse_deal(deal.to_pbn(first=2)) == deal
    assert deal.to_pbn(first=2).startswith("S:8765.432.AKQ.JT9 432.AKQ")


def test_pbn_deal_forgiving():
    deal = parse_deal("  e:akq.jt9.8765.432   jt9.8765.432.akq 8765.432.AKQ.J109 432.AKQ.JT9.8765 ")
    assert deal.hands[1] == parse_hand("AKQ.JT9.8765.432")   # E holds the first hand
    assert parse_deal("N:AKQ.JT9.8765.432 JT9.8765.432.AKQ 8765.432.AKQ.JT9 -") == parse_deal(PBN)


@pytest.mark.parametrize("text,error", [
    ("N:AKQ.JT9.8765.432 JT9.8765.432.AKQ 8765.432.AKQ.JT9", NotationError),
    ("X:AKQ.JT9.8765.432 JT9.8765.432.AKQ 8765.432.AKQ.JT9 432.AKQ.JT9.8765", NotationError),
    ("N:AKQ.JT9.8765.432 AKQ.8765.432.JT9 8765.432.AKQ.JT9 432.AKQ.JT9.8765", InvalidDeal),
    ("N:AKQ.JT9.8765.43 JT9.8765.432.AKQ2 8765.432.AKQ.JT9 432.AKQ.JT9.8765", InvalidDeal),
    ("N:AKQ.JT9.8765.432 - 8765.432.AKQ.JT9 -", NotationError),
    ("", NotationError),
])
def test_bad_deals(text, error):
    with pytest.raises(error):
        parse_deal(text)


def test_duplicate_card_named():
    with pytest.raises(InvalidDeal, match="SA"):
        Deal([{Card(Suit.S, Rank.ACE)}, {Card(Suit.S, Rank.ACE)}], deck=DECK52)


def test_missing_cards():
    with pytest.raises(InvalidDeal, match="missing"):
        Deal([{Card(Suit.S, Rank.ACE)}, {Card(Suit.S, Rank.KING)}], deck=DECK52)


def test_three_hand_deal_with_talon():
    deal = PREFERANS.deal(5)
    text = deal.to_string()
    assert "|" in text and parse_deal(text) == deal
    assert len(deal.talon) == 2 and deal.hand_size == 10
    with pytest.raises(InvalidDeal):
        PREFERANS.formats.parse_deal(BRIDGE.deal(1).to_string())


def test_seeded_deal_is_reproducible_and_matches_batch_rows():
    plan = BRIDGE.dealing_plan(0)
    batch = deal_batch(plan, 2024, 50)
    assert list(batch) == list(deal_batch(plan, 2024, 50))
    assert batch[17] == deal_one(plan, 2024, 17)
    # Splitting a batch never changes a deal.
    assert list(deal_batch(plan, 2024, 20, start=30)) == list(batch)[30:50]
    assert batch[0] != deal_one(plan, 2025, 0)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), index=st.integers(0, 10**9))
def test_kernel_dealing_equals_reference(seed, index):
    for game in (BRIDGE, PREFERANS):
        plan = game.dealing_plan(0)
        deal = deal_one(plan, seed, index)
        owners = reference.deal(plan.deck, plan.pattern, plan.n_owners, seed, index)
        assert [set(h) for h in deal.hands] == owners[:-1]
        assert set(deal.talon) == owners[-1]
        assert deal_batch(plan, seed, 1, index).last_card(0) == reference.dealing_order(plan.deck, seed, index)[-1]


def test_bridge_dealer_receives_the_last_card():
    for dealer in range(4):
        batch = BRIDGE.deal_batch(9, 20, dealer)
        for i, deal in enumerate(batch):
            assert batch.last_card(i) in deal.hands[dealer]


def test_preferans_layout_puts_the_talon_pair_after_the_first_round():
    pattern = PREFERANS.pattern(0)
    assert pattern[:8] == (0, 0, 1, 1, 2, 2, 3, 3)
    assert [pattern.count(s) for s in range(4)] == [10, 10, 10, 2]


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", True])
def test_bad_seeds(seed):
    with pytest.raises(InputError):
        deal_one(BRIDGE.dealing_plan(0), seed)


def test_bad_counts_and_plans():
    with pytest.raises(InputError):
        deal_batch(BRIDGE.dealing_plan(0), 1, -5)
    with pytest.raises(InputError):
        DealingPlan(DECK32, 3, (0,) * 52)
