"""The readings of rules/whist.md §9 (Decisions): where the specification allows more than one reading, these pin
the one the project took, each test naming its section."""
import pytest

from trickcore.errors import SettingsError
from trickcore.games.whist.vocab import HandResult
from trickcore.scoring.whist import WhistRules, calls_at_eight, score_hand

LONG = WhistRules.LONG


def test_s4_1_the_call_goes_to_game_target():
    """§4 item 1: the side calling at 8 goes to the game target: 10 in long whist, 12 when game_target is 12 (the
    call is still made at exactly 8)."""
    assert score_hand(LONG, HandResult(None, 3), (8, 0)).points_after == (10, 0)
    called = score_hand(LONG.override(game_target=12), HandResult(None, 3), (8, 0))
    assert (called.called, called.points_after, called.game_winner) == (0, (12, 0), 0)


def test_s1_calling_at_eight_needs_honours_on():
    """§1: call_at_eight = on with honours = off is refused; honours_barred_at including 8 turns the call off."""
    with pytest.raises(SettingsError, match="call_at_eight needs honours=on"):
        LONG.override(honours=False)
    assert LONG.override(honours=False, call_at_eight=False).call_at_eight is False
    assert calls_at_eight(LONG.override(honours_barred_at="8,9"), (8, 0), 3) is None
