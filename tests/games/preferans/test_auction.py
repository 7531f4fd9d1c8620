"""Auction legality per variant (preferans.md §3), table-driven, and the bid ladder."""
import pytest

from trickcore.games.preferans.auction import Auction, AuctionOutcome, contracts_allowed
from trickcore.games.preferans.vocab import LADDER, MISERE, parse_contract
from trickcore.games.preferans.variants import play_settings
from trickcore.errors import IllegalCall, InputError, NotationError


def run(calls, variant="sochi", exit_level=6):
    a = Auction(play_settings(variant).allow_hold, exit_level)
    for c in calls:
        a.make_call(c)
    return a


def test_ladder_puts_misere_between_8nt_and_9s():
    assert LADDER[:5] == ("6S", "6C", "6D", "6H", "6NT")
    assert LADDER[LADDER.index(MISERE) - 1] == "8NT" and LADDER[LADDER.index(MISERE) + 1] == "9S"
    assert LADDER[-1] == "10NT" and len(LADDER) == 26


@pytest.mark.parametrize("text,canon", [("7♥", "7H"), ("10nt", "10NT"), ("Misere", MISERE), ("6s", "6S")])
def test_contract_notation(text, canon):
    assert parse_contract(text) == canon


def test_bad_contract_notation():
    with pytest.raises(NotationError):
        parse_contract("11S")


# (variant, calls, expected outcome)
COMPLETE = [
    ("sochi", ["pass", "pass", "pass"], AuctionOutcome(True)),
    ("sochi", ["6S", "pass", "pass"], AuctionOutcome(False, 0, "6S")),
    ("sochi", ["pass", "pass", "6S"], AuctionOutcome(False, 2, "6S")),
    ("sochi", ["6S", "6C", "pass", "hold", "pass"], AuctionOutcome(False, 0, "6C")),
    ("leningrad", ["6S", "6C", "pass", "hold", "6D", "hold", "pass"], AuctionOutcome(False, 0, "6D")),
    ("rostov", ["pass", "6S", "6C", "hold", "7S", "pass"], AuctionOutcome(False, 2, "7S")),
    ("sochi", ["misere", "pass", "pass"], AuctionOutcome(False, 0, MISERE)),
    ("sochi", ["6S", "misere", "pass", "pass"], AuctionOutcome(False, 1, MISERE)),
    ("sochi", ["6S", "misere", "pass", "9S", "pass"], AuctionOutcome(False, 0, "9S")),
    ("sochi", ["8NT", "misere", "9S", "pass", "pass"], AuctionOutcome(False, 2, "9S")),
    ("classic", ["6S", "7NT", "pass", "pass"], AuctionOutcome(False, 1, "7NT")),
    ("classic", ["pass", "10NT", "pass"], AuctionOutcome(False, 1, "10NT")),
]


@pytest.mark.parametrize("variant,calls,outcome", COMPLETE)
def test_complete_auctions(variant, calls, outcome):
    a = run(calls, variant)
    assert a.is_complete and a.outcome == outcome
    assert a.legal_calls() == []


# (variant, calls before, illegal call, words in the reason)
ILLEGAL = [
    ("sochi", ["6C"], "6S", "not higher"),
    ("sochi", ["6C"], "6C", "not higher"),
    ("sochi", [], "hold", "no bid to hold"),
    ("sochi", ["6S"], "hold", "not junior"),
    ("sochi", ["pass", "6S"], "hold", "not junior"),
    ("classic", ["6S", "6C", "pass"], "hold", "does not allow hold"),
    ("sochi", ["6S", "6C", "pass"], "misere", "first call"),
    ("sochi", ["9S"], "misere", "does not overbid"),
    ("sochi", ["misere", "pass"], "hold", "misère can never be held"),
    ("sochi", ["6S", "misere", "pass", "9S"], "9C", "may only pass"),
    ("sochi", ["6S", "pass", "pass"], "7S", "auction is over"),
    ("sochi", ["6S"], "bogus", "not a call"),
]


@pytest.mark.parametrize("variant,calls,bad,reason", ILLEGAL)
def test_illegal_calls_say_why(variant, calls, bad, reason):
    a = run(calls, variant)
    with pytest.raises(IllegalCall, match=reason):
        a.make_call(bad)
    assert bad not in a.legal_calls()


def test_illegal_call_is_an_input_error_and_changes_nothing():
    a = run(["6C"])
    with pytest.raises(InputError):
        a.make_call("6S")
    assert a.turn == 1 and a.calls == [(0, "6C")]


def test_passed_players_are_skipped():
    a = run(["6S", "pass", "6C"])
    assert a.turn == 0
    a.make_call("6D")
    assert a.turn == 2


def test_exit_level_restricts_trick_bids_not_misere():
    a = Auction(True, exit_level=7)
    assert "6NT" not in a.legal_calls() and "7S" in a.legal_calls() and MISERE in a.legal_calls()
    with pytest.raises(IllegalCall, match="exit level 7"):
        a.make_call("6H")


@pytest.mark.parametrize("variant,hold", [("sochi", True), ("leningrad", True), ("rostov", True),
                                          ("classic", False)])
def test_hold_per_variant(variant, hold):
    a = run(["6S", "6C", "pass"], variant)
    assert ("hold" in a.legal_calls()) is hold


def test_legal_calls_start_with_pass_and_cover_the_ladder():
    a = Auction()
    assert a.legal_calls() == ["pass"] + list(LADDER)


def test_contracts_allowed_after_the_auction():
    assert contracts_allowed("7D")[:3] == ["7D", "7H", "7NT"] and "7C" not in contracts_allowed("7D")
    assert contracts_allowed(MISERE) == [MISERE]
    assert contracts_allowed("9S")[0] == "9S" and MISERE not in contracts_allowed("6S")
