"""Preferans deals of three heuristic players from one compiled batch (games/preferans/_heuristic.pyx): the
records that three HeuristicAgents give through ``play_deal``, made straight from the loop's actions.

The compiled loop runs the deal's rules over masks (the auction, the talon, the defence calls, the tricks), so
its records are checked against the game's own State: tests/games/preferans/test_heuristic_batch.py replays the
actions of every deal it plays through PreferansState and compares the records, and with the environment
variable ``TRICKCORE_CHECK_BATCH=1`` every batch does the same before it returns (``BatchMismatch`` on a
difference).
"""
import array
import functools
import gc

import attrs

from trickcore.cards import Card, mask_cards
from trickcore.errors import BatchMismatch, TrickcoreError
from trickcore.games.agent_spec import style_index
from trickcore.games.preferans import _heuristic
from trickcore.games.preferans.agents import STYLE
from trickcore.games.preferans.defence import DefenceCalls
from trickcore.games.preferans.record import PlayedDeal, TrickRecord, protocol_entry
from trickcore.games.preferans.table import PreferansState
from trickcore.games.preferans.vocab import DEALER, LADDER, MISERE, OPEN, TALON, TalonChoice, level, strain
from trickcore.games.simulation_hooks import checking_batches

ACTIONS, KEYS = _heuristic.ACTIONS_PER_DEAL, _heuristic.KEYS_PER_HAND
FIRST_WORD, TALON_CODE, WORDS = _heuristic.FIRST_WORD, _heuristic.TALON_CODE, _heuristic.WORDS


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


def heuristic_records(dealt, dealers, settings, players, new_state, style="normal"):
    """The records of the deals ``dealt`` (hand1, hand2, hand3 and talon masks per deal) dealt by ``dealers``
    (indices among ``players``, their ids clockwise) as three HeuristicAgents of the playing ``style`` play them
    under ``settings``: those of a ``batch_playable`` State. In the check mode each deal is replayed into its
    fresh State, ``new_state(i)``."""
    played = HeuristicBatch(dealt, settings, style)
    # The records hold no reference cycles: the cyclic collector, run every few hundred new objects, would only
    # walk the growing list of them again and again (a third of the time of a batch of thousands).
    collecting = gc.isenabled()
    gc.disable()
    try:
        records = [played.record(i, players, dealer) for i, dealer in enumerate(dealers)]
    finally:
        if collecting:
            gc.enable()
    if checking_batches():
        for i, record in enumerate(records):
            check(played, i, new_state(i), record)
    return records


def _action(key):
    """What action ``key`` (who x KEYS + code) stands for: (who, a Card, a call or word, or TALON_CODE)."""
    who, code = divmod(key, KEYS)
    if code < FIRST_WORD:
        return who, Card.from_index(code) if code % 16 < 13 else None
    return who, WORDS[code - FIRST_WORD] if code < TALON_CODE else TALON_CODE


# Every action key's (who, what) pair, made once: a record's plays and calls are these very pairs.
_ACTIONS = tuple(_action(key) for key in range(4 * KEYS))


def _suit_holdings(suit):
    """The cards of each 8-bit holding (sevens to aces) of ``suit``, from the top."""
    return tuple(tuple(mask_cards(byte << (16 * suit + 5))) for byte in range(256))


_HOLDINGS = tuple(_suit_holdings(suit) for suit in range(4))


def _hand(mask):
    """A hand's cards as the State holds them (from the top, spades first)."""
    spades, hearts, diamonds, clubs = _HOLDINGS
    return (spades[mask >> 5 & 255] + hearts[mask >> 21 & 255] + diamonds[mask >> 37 & 255]
            + clubs[mask >> 53 & 255])


class HeuristicBatch:
    """The compiled loop's output for the deals ``dealt`` (hand1, hand2, hand3 and talon masks per deal) under
    ``settings``, played in the playing ``style``: each deal's actions (who took them and their codes) and the
    tricks' winners."""

    def __init__(self, dealt, settings, style="normal"):
        n = len(dealt) // 4
        self.dealt = dealt
        self.settings = settings
        self.keys = array.array("h", bytes(2 * ACTIONS * n))
        self.winners = array.array("b", bytes(10 * n))
        self.marks = array.array("h", bytes(6 * n))
        self.counts = array.array("h", bytes(2 * n))
        _heuristic.heuristic_deals(dealt, _flags(settings), style_index(STYLE, {"style": style}, "heuristic"),
                                   self.keys, self.winners, self.marks, self.counts)
        self._outcomes = {}

    def actions(self, i):
        """Deal ``i``'s actions in order: (who, what) pairs, what a Card, a call or word, or TALON_CODE (followed
        by the two discarded cards and the contract)."""
        start = i * ACTIONS
        return list(map(_ACTIONS.__getitem__, self.keys[start:start + self.counts[i]]))

    def record(self, i, players, dealer):
        """Deal ``i``'s PlayedDeal among ``players`` (their ids clockwise) dealt by ``dealer`` (an index)."""
        actions = self.actions(i)
        calls_end, play_start, high = self.marks[3 * i:3 * i + 3]
        auction = tuple(actions[:calls_end])
        bid = declarer = contract = outcome = None
        discard = defence = ()
        is_open = False
        if high >= 0:
            declarer, bid = actions[calls_end][0], LADDER[high]
            discard, contract = (actions[calls_end + 1][1], actions[calls_end + 2][1]), actions[calls_end + 3][1]
            defence = tuple(actions[calls_end + 4:play_start])
            if defence and defence[-1][1] == OPEN:
                is_open, defence = True, defence[:-1]
            if defence:
                outcome = self._outcome(declarer, contract, defence)
        kind = "all_pass" if declarer is None else "misere" if contract == MISERE else "game"
        tricks, won = _tricks(actions, play_start, self.winners[10 * i:10 * i + 10].tolist())
        ids = _ids(players, dealer)
        entry = protocol_entry(ids, ids[DEALER], kind, declarer, contract, outcome, is_open, won, bool(tricks))
        hand1, hand2, hand3, talon = self.dealt[4 * i:4 * i + 4]
        return PlayedDeal(players, dealer, (_hand(hand1), _hand(hand2), _hand(hand3)), _hand(talon), auction,
                          kind, declarer, bid, contract, discard, defence, outcome.kind if outcome else None,
                          is_open if tricks else False, tricks, won, entry)

    def _outcome(self, declarer, contract, calls):
        """The DefenceOutcome of the defence ``calls`` (who, call), from the game's own DefenceCalls; the batch
        meets few distinct ones and keeps them."""
        key = (declarer, contract, calls)
        if key not in self._outcomes:
            defence = DefenceCalls(declarer, level(contract), strain(contract) == "S", 3, self.settings)
            for _, call in calls:
                defence.make_call(call)
            self._outcomes[key] = defence.outcome
        return self._outcomes[key]


@functools.lru_cache(maxsize=None)
def _ids(players, dealer):
    """The player at each hand and at DEALER, of ``players`` dealt by ``dealer``."""
    ids = {s: players[(dealer + 1 + s) % 3] for s in range(3)}
    ids[DEALER] = players[dealer]
    return ids


def _tricks(actions, k, winners):
    """The TrickRecords of the cards played from action ``k`` on, won by ``winners`` (all-pass: the first two
    led by a talon card, four cards each), and the tricks won per hand and TALON."""
    if k == len(actions):
        return (), (0, 0, 0, 0)                      # no play: passed out, or a half-whist stands
    tricks = []
    if actions[k][0] == TALON:
        tricks = [TrickRecord(tuple(actions[k:k + 4]), winners[0]),
                  TrickRecord(tuple(actions[k + 4:k + 8]), winners[1])]
        k += 8
    plays = iter(actions[k:])
    tricks += map(TrickRecord, zip(plays, plays, plays), winners[len(tricks):])
    # A talon card never wins a trick of the batch's deals (three players: it leads by suit only).
    return tuple(tricks), (winners.count(0), winners.count(1), winners.count(2), 0)


def check(played, i, state, record):
    """Replay deal ``i`` of ``played`` through its fresh ``state`` (the game's own rules) and compare the State's
    record with ``record``; BatchMismatch naming the first field that differs, or the action the State refused."""
    actions = iter(played.actions(i))
    try:
        for who, what in actions:
            if who == TALON:
                continue                             # a talon card turned to lead: no one's action
            if what == TALON_CODE:
                (_, first), (_, second), (_, contract) = next(actions), next(actions), next(actions)
                state.apply(TalonChoice((first, second), contract))
            else:
                state.apply(what)
        expected = state.record()
    except TrickcoreError as exc:
        raise BatchMismatch(f"deal {i} of the compiled heuristic preferans batch: the State refuses its actions "
                            f"({exc})") from exc
    if record != expected:
        field = next(a.name for a in attrs.fields(PlayedDeal) if getattr(record, a.name) != getattr(expected, a.name))
        raise BatchMismatch(f"deal {i} of the compiled heuristic preferans batch: its {field} "
                            f"{getattr(record, field)!r} differs from the State's {getattr(expected, field)!r}")
