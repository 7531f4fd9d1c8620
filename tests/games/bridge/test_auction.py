"""Auction legality, end, contract and declarer (bridge.md §3, worked examples E-A and E-B)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trickcore.games.bridge.auction import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Auction, Bid, parse_call
from trickcore.games.bridge.vocab import Contract, Seat, Strain
from trickcore.errors import IllegalCall, NotationError


def auction(text, dealer=Seat.N):
    return Auction(dealer, text.split())


@pytest.mark.parametrize("calls, call, legal", [
    ("1H 1S 2C", "2D", True), ("1H 1S 2C", "7NT", True), ("1H 1S 2C", "X", True),
    ("1H 1S 2C", "2C", False), ("1H 1S 2C", "1NT", False), ("1H 1S 2C", "XX", False),
    ("1H 1S 2H", "X", True), ("1H 1S Pass", "X", False), ("1H 1S X", "XX", True),
    ("1H X Pass Pass", "XX", True), ("1H X XX Pass", "X", False), ("1H X XX Pass", "XX", False),
    ("1H X 1S", "X", True), ("7NT X XX", "Pass", True), ("7NT X XX", "X", False), ("", "X", False),
    ("", "XX", False), ("Pass Pass", "1C", True), ("1C Pass", "X", False),
])
def test_bridge_game_legality_table(calls, call, legal):
    assert auction(calls).is_legal(parse_call(call)) is legal


def test_bridge_game_e_a_counts():
    a = auction("1H 1S 2C")
    legal = a.legal_calls()
    assert legal[:2] == [PASS, DOUBLE]
    assert len([c for c in legal if c.is_bid]) == 29
    assert auction("7NT X XX").legal_calls() == [PASS]


@pytest.mark.parametrize("calls, call, reason", [
    ("1H 1S 2C", "1NT", "insufficient bid"), ("1H Pass", "X", "double of own side"),
    ("", "X", "nothing to double"), ("1H X Pass", "X", "already doubled"), ("1H", "XX", "nothing to redouble"),
    ("1H X XX Pass", "XX", "already doubled"), ("1H X", "X", "double of own side"),
    ("Pass Pass Pass Pass", "1C", "auction complete"),
])
def test_bridge_game_illegal_reasons(calls, call, reason):
    with pytest.raises(IllegalCall, match=reason):
        auction(calls).make_call(call)


def test_bridge_game_pass_out_and_end():
    a = auction("Pass Pass Pass Pass")
    assert a.is_complete and a.passed_out and a.outcome.passed_out
    a = auction("Pass Pass Pass 1C Pass Pass Pass")
    assert a.outcome.contract == Contract(1, Strain.C, 0) and a.outcome.declarer == Seat.W
    assert auction("1C Pass Pass").outcome is None


@pytest.mark.parametrize("calls, contract, declarer, dummy, leader", [
    ("1H 1NT 2H X XX Pass Pass Pass", Contract(2, Strain.H, 2), Seat.N, Seat.S, Seat.E),
    ("1H 2H 2S 4H Pass Pass X Pass Pass Pass", Contract(4, Strain.H, 1), Seat.E, Seat.W, Seat.S),
    ("1H X 1S Pass Pass Pass", Contract(1, Strain.S, 0), Seat.S, Seat.N, Seat.W),
])
def test_bridge_game_declarer_examples(calls, contract, declarer, dummy, leader):
    out = auction(calls).outcome
    assert (out.contract, out.declarer, out.dummy, out.opening_leader) == (contract, declarer, dummy, leader)


def test_bridge_game_call_notation():
    assert parse_call("1n") == Bid(1, Strain.NT) and parse_call("Dbl") == DOUBLE and parse_call("rdbl") == REDOUBLE
    assert parse_call("p") == PASS and parse_call("3♠!") == Bid(3, Strain.S)
    assert [b.index for b in ALL_BIDS] == list(range(35))
    assert Bid(2, Strain.H).index < Bid(2, Strain.S).index < Bid(2, Strain.NT).index < Bid(3, Strain.C).index
    with pytest.raises(NotationError):
        parse_call("8S")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 3), st.lists(st.integers(0, 10**6), min_size=0, max_size=400))
def test_bridge_game_random_auctions_end(dealer, choices):
    a = Auction(Seat(dealer))
    picks = iter(choices)
    steps = 0
    while not a.is_complete:
        legal = a.legal_calls()
        # Passes are drawn often so that auctions also end early; otherwise any legal call.
        pick = next(picks, 0)
        a.make_call(PASS if pick % 3 == 0 else legal[pick % len(legal)])
        steps += 1
        assert steps <= 319  # 35 bids, each followed by at most X, XX and passes: the auction always ends
    out = a.outcome
    if out.passed_out:
        assert a.calls == [PASS] * 4
        return
    last = max(((k, c) for k, c in enumerate(a.calls) if c.is_bid), key=lambda kc: kc[0])
    assert out.declarer.side == a.seat_of(last[0]).side
    assert out.contract.strain == last[1].strain
    firsts = [a.seat_of(k) for k, c in enumerate(a.calls)
              if c.is_bid and c.strain == last[1].strain and a.seat_of(k).side == out.declarer.side]
    assert out.declarer == firsts[0]
    assert a.legal_calls() == []
