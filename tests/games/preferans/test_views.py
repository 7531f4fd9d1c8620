"""What each agent may see (§5.5 exposure, the discard, the talon) and who controls which hand in play."""
import attrs
import pytest

from trickcore.games.base import play_deal
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.variants import play_settings
from trickcore.games.preferans.vocab import MISERE, TalonChoice

IDS = ["A", "B", "C"]   # dealer C: hand1 = A, hand2 = B, hand3 = C (hand = player index)


@attrs.define
class Scripted:
    """Bids ``bid`` as ``bidder`` (else passes), defends by ``calls``, plays its lowest legal card."""

    me: int
    bidder: int
    bid: str
    calls: dict
    choice: str = "closed"
    views: list = attrs.Factory(list)

    def act(self, view):
        self.views.append(view)
        if view.phase == "auction":
            return self.bid if self.me == self.bidder and not any(h == self.me for h, _ in view.auction) \
                else "pass"
        if view.phase == "talon":
            return TalonChoice(view.hand[-2:], view.legal[0])
        if view.phase == "play":
            return min(view.legal, key=lambda c: (c.rank, c.suit))
        if view.legal == ("open", "closed"):
            return self.choice
        return self.calls[self.me]


def play_with(agents, settings=None, seed=3):
    setup = PreferansSetup(dealer=2, variant=settings or play_settings("sochi"), players=IDS)
    state = PREFERANS.new_state(PREFERANS.deal(seed, 0), setup)
    return play_deal(state, agents).record()


def play(bidder, bid, calls=None, choice="closed", settings=None, seed=3):
    log = []    # one list shared by all agents: the views in the order they were shown
    agents = [Scripted(p, bidder, bid, calls or {}, choice, log) for p in range(3)]
    return play_with(agents, settings, seed), agents


def play_views(agents):
    return [v for v in agents[0].views if v.phase == "play"]


def test_closed_defence_shows_no_hands_and_the_discard_only_to_the_declarer():
    result, agents = play(0, "6S", {1: "whist", 2: "pass"}, "closed")
    assert result.protocol["open"] is False and result.protocol["calls"] == {"B": "whist", "C": "pass"}
    views = play_views(agents)
    assert len(views) == 30 and all(not v.visible for v in views)
    assert all(bool(v.discard) == (v.player == 0) for v in views)
    assert all(v.talon == result.talon for v in views)          # the talon was shown to everybody
    assert all(v.player == v.seat for v in views)


def test_open_defence_exposes_both_defenders_before_the_first_lead_and_the_whister_plays_both():
    result, agents = play(0, "6S", {1: "whist", 2: "pass"}, "open")
    assert result.protocol["open"] is True
    views = play_views(agents)
    first = views[0]
    assert first.player == 0 and set(first.visible) == {1, 2}
    assert all(v.player == 1 for v in views if v.seat in (1, 2))


def test_open_after_first_lead_setting_moves_the_exposure():
    result, agents = play(0, "6S", {1: "whist", 2: "pass"}, "open",
                          play_settings("sochi", open_after_first_lead=True))
    views = play_views(agents)
    assert not views[0].visible and set(views[1].visible) == {2}


@pytest.mark.parametrize("declarer,blind_first", [(0, True), (1, False)])
def test_misere_exposure(declarer, blind_first):
    result, agents = play(declarer, MISERE)
    assert result.kind == "misere" and "calls" not in result.protocol
    views = play_views(agents)
    assert (not views[0].visible) is blind_first
    assert all(set(v.visible) == {1, 2, 0} - {declarer, v.seat} for v in views[1:])


def test_passed_out_and_half_whist_are_not_played():
    result, _ = play(0, "6S", {1: "pass", 2: "pass"})
    assert result.defence_kind == "passed_out" and "tricks" not in result.protocol
    result, _ = play(0, "6S", {1: "pass", 2: "half_whist"})   # B, asked to return, passes
    assert result.defence_kind == "half_whist" and "tricks" not in result.protocol
    assert result.protocol["calls"] == {"B": "pass", "C": "half_whist"}


def test_half_whist_returned_by_the_passer_is_played_by_him():
    class Returner(Scripted):
        def act(self, view):
            if view.phase == "defence" and "return" in view.legal:
                return "return"
            return super().act(view)

    log = []
    agents = [Returner(p, 0, "6S", {1: "pass", 2: "half_whist"}, "open", log) for p in range(3)]
    result = play_with(agents)
    assert result.protocol["returned_by"] == "B" and result.protocol["calls"] == {"B": "pass", "C": "half_whist"}
    assert sum(result.protocol["tricks"].values()) == 10
