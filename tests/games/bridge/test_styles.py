"""The heuristic bidder's playing styles (games.bridge.compiled.constants.STYLES): the compiled batch plays each
style as HeuristicAgent does through the protocol, a styled simulation gives the same lines with or without the
batch, each style moves the bidding the way its name says, and a style the bidder has not is a clear error."""
import pytest

from trickcore.errors import InputError
from trickcore.games.agent_spec import agent_spec
from trickcore.games.base import play_deal
from trickcore.games.bridge.agents import HeuristicAgent
from trickcore.games.bridge.compiled.constants import STYLES
from trickcore.games.bridge.compiled.played_boards import heuristic_boards
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.pimc import PimcAgent
from trickcore.games.bridge.setup import BridgeSetup

N = 400


def protocol_board(deal, dealer, number, style):
    state = BRIDGE.new_state(deal, BridgeSetup(dealer=dealer, board=number))
    return play_deal(state, [HeuristicAgent(seat, 0, style=style) for seat in range(4)]).record()


def contracts(style):
    """The contracts (None: passed out) of N boards of seed 2 bid in ``style``."""
    played = heuristic_boards(BRIDGE.deal_batch(2, N), [k % 4 for k in range(N)], list(range(1, N + 1)), style)
    return [None if r.passed_out else r.contract for r in map(played.record, range(N))]


def games(found):
    return sum(c is not None and c.level >= {4: 3, 2: 4, 3: 4}.get(int(c.strain), 5) for c in found)


@pytest.mark.parametrize("style", list(STYLES))
def test_each_style_is_played_by_the_batch_as_through_the_protocol(style):
    deals = [BRIDGE.deal(9, k) for k in range(60)]
    played = heuristic_boards(deals, [k % 4 for k in range(60)], list(range(1, 61)), style)
    for i, deal in enumerate(deals):
        assert played.record(i) == protocol_board(deal, i % 4, i + 1, style), f"board {i + 1} in style {style}"


def test_normal_is_the_default_style():
    deals = BRIDGE.deal_batch(4, 50)
    assert heuristic_boards(deals, [0] * 50, list(range(1, 51))).calls == \
        heuristic_boards(deals, [0] * 50, list(range(1, 51)), "normal").calls
    assert HeuristicAgent(0).figures == STYLES["normal"]


def test_aggressive_bids_more_games_slams_and_doubles_than_normal_and_cautious_fewer():
    found = {style: contracts(style) for style in STYLES}
    assert games(found["cautious"]) < games(found["normal"]) < games(found["aggressive"])
    slams = {style: sum(c is not None and c.level >= 6 for c in found[style]) for style in STYLES}
    assert slams["cautious"] < slams["normal"] < slams["aggressive"]
    doubled = {style: sum(c is not None and c.doubled > 0 for c in found[style]) for style in STYLES}
    assert doubled["cautious"] < doubled["normal"] < doubled["aggressive"]
    assert contracts("aggressive") == found["aggressive"]          # the styles draw no random numbers


def test_the_pimc_agent_bids_in_its_style():
    agent = agent_spec("bridge", "pimc samples=1 style=cautious")(0, 3)
    assert isinstance(agent, PimcAgent) and agent.figures == STYLES["cautious"] and agent.settings.samples == 1


@pytest.mark.parametrize("make", [lambda: agent_spec("bridge", "heuristic style=wild"),
                                  lambda: HeuristicAgent(0, style="wild"),
                                  lambda: heuristic_boards(BRIDGE.deal_batch(0, 1), [0], [1], "wild")])
def test_a_style_the_bidder_has_not_is_an_error_listing_the_styles(make):
    with pytest.raises(InputError, match="normal.*cautious.*aggressive"):
        make()
