"""The heuristic preferans player's playing styles (games.preferans.heuristic_figures.STYLES): the compiled batch
plays each style as HeuristicAgent does through the protocol, in every variant it plays; a styled simulation gives
the same lines with or without the batch; the bidding styles bid more or less and the whisting styles whist more
or less, as their names say; and a style the player has not is a clear error."""
import array

import pytest

from trickcore.cards import hand_mask
from trickcore.errors import InputError
from trickcore.games.agent_spec import agent_spec
from trickcore.games.base import play_deal
from trickcore.games.preferans.agents import HeuristicAgent
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.heuristic_deals import HeuristicBatch, check
from trickcore.games.preferans.heuristic_figures import STYLES
from trickcore.games.preferans.pimc import PimcAgent
from trickcore.games.preferans.setup import PreferansSetup

N = 600


def masks_of(deals):
    return array.array("Q", [hand_mask(cards) for deal in deals for cards in deal.hands + (deal.talon,)])


def batch_records(deals, variant, style):
    """The records of ``deals`` (dealt by hand1's left, dealer 0) from the compiled batch in ``style``, each
    checked against the State replaying its actions; and the states."""
    states = [PREFERANS.new_state(deal, PreferansSetup(dealer=0, variant=variant)) for deal in deals]
    played = HeuristicBatch(masks_of(deals), states[0].settings, style)
    records = [played.record(i, states[0].players, 0) for i in range(len(deals))]
    for i, record in enumerate(records):
        check(played, i, states[i], record)
    return records


@pytest.mark.parametrize("variant", ["sochi", "rostov"])
@pytest.mark.parametrize("style", list(STYLES))
def test_each_style_is_played_by_the_batch_as_through_the_protocol(style, variant):
    deals = [PREFERANS.deal(6, k, 0) for k in range(40)]
    for deal, record in zip(deals, batch_records(deals, variant, style)):
        state = PREFERANS.new_state(deal, PreferansSetup(dealer=0, variant=variant))
        assert record == play_deal(state, [HeuristicAgent(seat, 0, style=style) for seat in range(3)]).record()


@pytest.fixture(scope="module")
def styled():
    deals = [PREFERANS.deal(1, k, 0) for k in range(N)]
    return {style: batch_records(deals, "sochi", style) for style in STYLES}


def test_aggressive_plays_more_games_than_normal_and_cautious_fewer(styled):
    played = {style: sum(r.kind != "all_pass" for r in records) for style, records in styled.items()}
    assert played["cautious"] < played["normal"] < played["aggressive"]
    assert styled["greedy"][0].auction == styled["normal"][0].auction    # whisting styles bid as normal


def test_greedy_whists_more_than_normal_and_careful_less(styled):
    whists = {style: sum(call == "whist" for r in records for _, call in r.defence)
              for style, records in styled.items()}
    assert whists["careful"] < whists["normal"] < whists["greedy"]
    assert [r.auction for r in styled["careful"]] == [r.auction for r in styled["normal"]]


def test_the_pimc_agent_bids_and_whists_in_its_style():
    agent = agent_spec("preferans", "pimc samples=1 style=greedy")(0, 3)
    assert isinstance(agent, PimcAgent) and agent.figures == STYLES["greedy"] and agent.settings.samples == 1


@pytest.mark.parametrize("make", [lambda: agent_spec("preferans", "heuristic style=wild"),
                                  lambda: HeuristicAgent(0, style="wild")])
def test_a_style_the_player_has_not_is_an_error_listing_the_styles(make):
    with pytest.raises(InputError, match="normal.*cautious.*aggressive.*greedy.*careful"):
        make()
