"""Preferans deals of three heuristic players from one compiled batch (games/preferans/_heuristic.pyx): the
records three ``HeuristicAgent``\\ s give through ``play_deal``, made straight from the loop's actions.

The compiled loop runs the deal's rules over masks (the auction, the talon, the defence calls, the tricks), so
its records are checked against the game's own State: tests/games/preferans/test_heuristic_batch.py replays the
actions of every deal it plays through PreferansState and compares the records, and with the environment
variable ``TRICKCORE_CHECK_BATCH=1`` every batch does the same before it returns (``BatchMismatch`` on a
difference).
"""
import array
import functools
import os

import attrs

from trickcore.cards import Card, mask_cards
from trickcore.errors import TrickcoreError
from trickcore.games.preferans import _heuristic
from trickcore.games.preferans.defence import DefenceCalls
from trickcore.games.preferans.record import PlayedDeal, TrickRecord, protocol_entry
from trickcore.games.preferans.table import PreferansState
from trickcore.games.preferans.vocab import DEALER, HOLD, MISERE, PASS, TALON, TalonChoice, level, strain

CHECK_VARIABLE = "TRICKCORE_CHECK_BATCH"
ACTIONS = _heuristic.ACTIONS_PER_DEAL
FIRST_WORD, TALON_CODE, WORDS = _heuristic.FIRST_WORD, _heuristic.TALON_CODE, _heuristic.WORDS
_CARDS = tuple(Card.from_index(i) if i % 16 < 13 else None for i in range(64))


class BatchMismatch(AssertionError):
    """A record of the compiled batch differs from the one the State makes of the same actions: a bug in
    trickcore, never in the input."""


def batch_playable(state):
    """True for a fresh three-player deal of the four main variants' rules (the compiled loop's scope): not
    Gusarik or the old game, no exit level after all-pass, the talon leading all-pass tricks by suit or not at
    all."""
    return (type(state) is PreferansState and state.n == 3 and state.phase == "auction" and not state.auction.calls
            and state.auction.exit_level == 6 and state.settings.talon_mode(3) in ("suit_only", "none"))


def _flags(settings):
    """The variant's settings in the order of the compiled loop's Settings."""
    return (settings.allow_hold, settings.half_whist, settings.gentleman_half_whist_switch,
            settings.mandatory_whist_6s, settings.ten_trick_mode == "checked", settings.open_after_first_lead,
            settings.talon_mode(3) == "suit_only")


def heuristic_records(dealt, dealers, new_state):
    """The records of the deals ``dealt`` (hand1, hand2, hand3 and talon masks per deal) dealt by ``dealers``
    (indices among the players) as three HeuristicAgents play them; ``new_state(i)`` makes deal ``i``'s fresh
    State, which holds the variant and players every deal shares. None when the first deal's State is outside the
    compiled loop's scope (``batch_playable``). The check mode replays each deal into its own new State."""
    first = new_state(0)
    if not batch_playable(first):
        return None
    played = HeuristicBatch(dealt, first.settings)
    records = [played.record(i, first.players, dealer) for i, dealer in enumerate(dealers)]
    if os.environ.get(CHECK_VARIABLE, "") not in ("", "0"):
        for i, record in enumerate(records):
            check(played, i, first if i == 0 else new_state(i), record)
    return records


class HeuristicBatch:
    """The compiled loop's output for the deals ``dealt`` (hand1, hand2, hand3 and talon masks per deal) under
    ``settings``: each deal's action codes, who took them and the tricks' winners."""

    def __init__(self, dealt, settings):
        n = len(dealt) // 4
        self.dealt = dealt
        self.settings = settings
        self.codes = array.array("h", bytes(2 * ACTIONS * n))
        self.who = array.array("b", bytes(ACTIONS * n))
        self.winners = array.array("b", bytes(10 * n))
        self.counts = array.array("h", bytes(2 * n))
        _heuristic.heuristic_deals(dealt, _flags(settings), self.codes, self.who, self.winners, self.counts)

    def actions(self, i):
        """Deal ``i``'s (who, code) pairs in order."""
        start = i * ACTIONS
        end = start + self.counts[i]
        return list(zip(self.who[start:end], self.codes[start:end]))

    def record(self, i, players, dealer):
        """Deal ``i``'s PlayedDeal among ``players`` (their ids clockwise) dealt by ``dealer`` (an index)."""
        actions = self.actions(i)
        ids = {s: players[(dealer + 1 + s) % 3] for s in range(3)}
        ids[DEALER] = players[dealer]
        k, auction = _calls(actions, 0)
        bid = declarer = contract = outcome = None
        discard = defence = ()
        is_open = False
        if k < len(actions) and actions[k][1] == TALON_CODE:
            declarer = actions[k][0]
            bid = next(call for _, call in reversed(auction) if call not in (PASS, HOLD))
            discard = (_CARDS[actions[k + 1][1]], _CARDS[actions[k + 2][1]])
            contract = WORDS[actions[k + 3][1] - FIRST_WORD]
            k, calls = _calls(actions, k + 4)
            if calls and calls[-1][1] == "open":
                is_open, calls = True, calls[:-1]
            if calls:
                outcome = _defence_outcome(declarer, contract, calls, self.settings)
                defence = tuple(calls)
        kind = "all_pass" if declarer is None else "misere" if contract == MISERE else "game"
        tricks, won = _tricks(actions[k:], self.winners[10 * i:10 * i + 10])
        entry = protocol_entry(ids, ids[DEALER], kind, declarer, contract, outcome, is_open, won, bool(tricks))
        masks = self.dealt[4 * i:4 * i + 4]
        return PlayedDeal(players, dealer, tuple(_hand(m) for m in masks[:3]), _hand(masks[3]), tuple(auction),
                          kind, declarer, bid, contract, discard, defence, outcome.kind if outcome else None,
                          is_open if tricks else False, tricks, won, entry)


@functools.lru_cache(maxsize=65536)
def _hand(mask):
    """A hand's cards as the State holds them (from the top: spades first)."""
    return tuple(mask_cards(mask))


def _calls(actions, k):
    """The calls from action ``k`` on, (who, word) pairs, to the first card or talon choice; (where they end,
    the calls)."""
    calls = []
    while k < len(actions) and FIRST_WORD <= actions[k][1] < TALON_CODE:
        calls.append((actions[k][0], WORDS[actions[k][1] - FIRST_WORD]))
        k += 1
    return k, calls


def _defence_outcome(declarer, contract, calls, settings):
    """The DefenceOutcome of the defence ``calls``, from the game's own DefenceCalls."""
    defence = DefenceCalls(declarer, level(contract), strain(contract) == "S", 3, settings)
    for _, call in calls:
        defence.make_call(call)
    return defence.outcome


def _tricks(plays, winners):
    """The TrickRecords of the (who, card index) ``plays`` (a talon card's trick holds four), and the tricks won
    per hand and TALON."""
    tricks, won = [], [0, 0, 0, 0]
    k = 0
    while k < len(plays):
        size = 4 if plays[k][0] == TALON else 3
        winner = winners[len(tricks)]
        tricks.append(TrickRecord(tuple((who, _CARDS[code]) for who, code in plays[k:k + size]), winner))
        won[winner] += 1
        k += size
    return tuple(tricks), tuple(won)


def check(played, i, state, record):
    """Replay deal ``i`` of ``played`` through its fresh ``state`` (the game's own rules) and compare the State's
    record with ``record``; BatchMismatch naming the first field that differs, or the action the State refused."""
    actions = iter(played.actions(i))
    try:
        for who, code in actions:
            if who == TALON:
                continue                             # a talon card turned to lead: no one's action
            if code == TALON_CODE:
                (_, first), (_, second), (_, word) = next(actions), next(actions), next(actions)
                state.apply(TalonChoice((_CARDS[first], _CARDS[second]), WORDS[word - FIRST_WORD]))
            else:
                state.apply(_CARDS[code] if code < FIRST_WORD else WORDS[code - FIRST_WORD])
        expected = state.record()
    except TrickcoreError as exc:
        raise BatchMismatch(f"deal {i} of the compiled heuristic preferans batch: the State refuses its actions "
                            f"({exc})") from exc
    if record != expected:
        field = next(a.name for a in attrs.fields(PlayedDeal) if getattr(record, a.name) != getattr(expected, a.name))
        raise BatchMismatch(f"deal {i} of the compiled heuristic preferans batch: its {field} "
                            f"{getattr(record, field)!r} differs from the State's {getattr(expected, field)!r}")
