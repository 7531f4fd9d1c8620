"""The numbers the compiled bridge agents and their Python side share, each written once: the call codes, the
random agents' stream salt and the heuristic bidder's contract thresholds.

The compiled module (_boards.pyx, with the heuristic rules in _heuristic.pxi) reads them when it is imported, so a
change here changes both the batch and the agents of games.bridge.agents; Python code (the agents, the batch's
records, other agents that reason like the heuristic bidder) imports them from here.
"""
from trickcore.games.bridge.auction import ALL_BIDS, DOUBLE, PASS, REDOUBLE

CALLS = ALL_BIDS + (PASS, DOUBLE, REDOUBLE)
"""The call codes: a call's code is its position here (the bids 0-34 by rank, ``Bid.index``; then Pass, X, XX)."""
PASS_CODE, DOUBLE_CODE, REDOUBLE_CODE = (CALLS.index(call) for call in (PASS, DOUBLE, REDOUBLE))
_OTHER_CODES = {call.name: code for code, call in enumerate(CALLS) if not call.is_bid}


def call_code(call):
    """The code of ``call`` (a Call of games.bridge.auction)."""
    return call.index if call.is_bid else _OTHER_CODES[call.name]


AGENT_SALT = 0x62726964
"""The random agents' stream salt: board ``n`` of seed ``s`` draws from the stream of (s + n − 1, seat)."""

# The heuristic bidder's combined points for each level of a contract (games.bridge.agents, "after that"): an
# invitation one below game, game (in a minor it needs more), the small and the grand slam. A side holding
# PENALTY_DOUBLE_POINTS doubles the opponents who outbid it.
INVITATION_POINTS = 23
GAME_POINTS = 25
MINOR_GAME_POINTS = 28
SMALL_SLAM_POINTS = 33
GRAND_SLAM_POINTS = 37
PENALTY_DOUBLE_POINTS = 23
