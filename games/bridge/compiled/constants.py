"""The numbers the compiled bridge agents and their Python side share, each written once: the call codes, the
random agents' stream salt and the heuristic bidder's thresholds, one set for each of its playing styles.

The compiled module (_boards.pyx, with the heuristic rules in _heuristic.pxi) reads them when it is imported, so a
change here changes both the batch and the agents of games.bridge.agents; Python code (the agents, the batch's
records, other agents that reason like the heuristic bidder) imports them from here.
"""
import attrs

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

@attrs.frozen
class BiddingStyle:
    """A playing style of the heuristic bidder (games.bridge.agents, "after that" and "competition"): the side's
    combined points for an invitation one below game, game (in a minor it needs more), the small and the grand
    slam; the points with which a side doubles the opponents who outbid it; and the fewest high-card points of a
    suit overcall at the one level (the two level asks three more, the three level six more)."""

    invitation: int
    game: int
    minor_game: int
    small_slam: int
    grand_slam: int
    penalty_double: int
    overcall: int


STYLES = {
    "normal": BiddingStyle(invitation=23, game=25, minor_game=28, small_slam=33, grand_slam=37, penalty_double=23,
                           overcall=8),
    # A point more for every level and two more to overcall or double for penalty: fewer games, slams and
    # sacrifices doubled, a quieter competition.
    "cautious": BiddingStyle(invitation=24, game=26, minor_game=29, small_slam=34, grand_slam=38, penalty_double=25,
                             overcall=10),
    # A point less for every level and two less to double: light games and slams, more doubles and overcalls.
    "aggressive": BiddingStyle(invitation=22, game=24, minor_game=27, small_slam=32, grand_slam=36, penalty_double=21,
                               overcall=7),
}
"""The heuristic bidder's playing styles by name (the agent option ``style``); ``normal`` is the default."""
