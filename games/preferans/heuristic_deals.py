"""Preferans deals of three heuristic players decided in one compiled batch (games/preferans/_heuristic_deals.pyx)
and replayed through the game protocol: the same calls, discards, contracts and cards as
``HeuristicAgent`` (games/preferans/agents.py) chooses through ``play_deal``, several times faster.

``play_heuristic(states)`` takes fresh PreferansStates, lets the compiled twin of the agent decide every action
of each deal, and applies those actions to the states: PreferansState checks each one as it does an agent's
and writes the record, so the records are the protocol's own. tests/games/preferans/test_heuristic_batch.py
proves they equal the records of HeuristicAgent played through ``play_deal``.
"""
import array

from trickcore.cards import Card, hand_mask
from trickcore.games.preferans import _heuristic_deals
from trickcore.games.preferans.agents import _RANKS_OF_BYTE, _defence_terms, _suit_danger, _suit_terms
from trickcore.games.preferans.table import PreferansState
from trickcore.games.preferans.vocab import LADDER, TalonChoice

# The compiled loop's action codes: 0..63 a card's index, then these words (64 on), then TALON_CODE followed by
# the two discarded cards and the contract's word.
WORDS = ("pass", "hold") + LADDER + ("whist", "half_whist", "return", "open")
TALON_CODE = 64 + len(WORDS)
ACTIONS_PER_DEAL = _heuristic_deals.ACTIONS_PER_DEAL

# The agent's per-suit figures for each 8-bit suit holding (sevens to aces), taken from its own functions.
TERMS = array.array("d", [x for b in range(256) for x in _suit_terms(_RANKS_OF_BYTE[b])])
DANGER = array.array("i", [_suit_danger(_RANKS_OF_BYTE[b]) for b in range(256)])
DEFENCE = array.array("d", [x for b in range(256) for x in _defence_terms(_RANKS_OF_BYTE[b])])


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


def play_heuristic(states):
    """Play every fresh state of ``states`` to its end as three HeuristicAgents would; returns the states, or None
    when one of them is outside the compiled loop's scope (``batch_playable``) or their variants differ."""
    if not states or not all(batch_playable(s) for s in states):
        return None
    settings = states[0].settings
    if any(s.settings != settings for s in states):
        return None
    dealt = array.array("Q")
    for state in states:
        dealt.extend([hand_mask(h) for h in state.hands] + [hand_mask(state.talon)])
    actions = array.array("h", bytes(2 * ACTIONS_PER_DEAL * len(states)))
    counts = array.array("h", bytes(2 * len(states)))
    _heuristic_deals.heuristic_deals(dealt, TERMS, DANGER, DEFENCE, _flags(settings), actions, counts)
    for i, state in enumerate(states):
        codes = actions[i * ACTIONS_PER_DEAL:i * ACTIONS_PER_DEAL + counts[i]]
        k = 0
        while k < len(codes):
            code = codes[k]
            if code == TALON_CODE:
                state.apply(TalonChoice((Card.from_index(codes[k + 1]), Card.from_index(codes[k + 2])),
                                        WORDS[codes[k + 3] - 64]))
                k += 4
            else:
                state.apply(Card.from_index(code) if code < 64 else WORDS[code - 64])
                k += 1
        if not state.is_terminal:
            raise AssertionError(f"the compiled heuristic deal {i} stopped before the end of the deal")
    return states
