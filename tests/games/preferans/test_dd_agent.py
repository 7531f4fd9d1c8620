"""The preferans double-dummy agent's decisions: discard and contract by solving, whist/pass against the
obligation, and declarer play that beats the heuristic agent's over 200 seeded deals."""
import pytest

from trickcore.errors import InputError
from trickcore.games.base import make_agents, play_deal
from trickcore.games.preferans.agents import DDAgent, HeuristicAgent
from trickcore.games.preferans.auction import contracts_allowed
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.analysis import preferans_contract
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.table import View
from trickcore.games.preferans.vocab import LADDER_RANK, OBLIGATION, level, strain, trump_of
from trickcore.solver import Position, solve


def _discard_view(deal, declarer, bid):
    twelve = tuple(sorted(tuple(deal.hands[declarer]) + tuple(deal.talon), reverse=True))
    return View("talon", declarer, declarer, 3, twelve, tuple(contracts_allowed(bid)), declarer=declarer, bid=bid,
                talon=tuple(deal.talon), hands=tuple(deal.hands), deal=deal)


def _dd_contract(deal, declarer, bid="6S"):
    """(discard, contract, the hands as played) chosen by a dd declarer who won the auction with ``bid``."""
    view = _discard_view(deal, declarer, bid)
    choice = DDAgent(declarer, 0).act(view)
    hands = [tuple(h) for h in deal.hands]
    hands[declarer] = tuple(c for c in view.hand if c not in choice.discard)
    return choice, hands


def test_dd_announces_the_highest_contract_that_makes_with_a_discard_that_makes_it():
    for k in range(6):
        deal, declarer = PREFERANS.deal(3, k), k % 3
        tricks = {st: preferans_contract(deal, declarer, st) for st in ("S", "C", "D", "H", "NT")}
        choice, hands = _dd_contract(deal, declarer)
        contract = choice.contract
        rules = PREFERANS.trick_rules(trump_of(contract))
        assert solve(Position(rules, hands, 0, (), "tricks", declarer, declarer)) == tricks[strain(contract)]
        making = [c for c in contracts_allowed("6S") if tricks[strain(c)] >= level(c)]
        if making:
            assert level(contract) == max(level(c) for c in making) <= tricks[strain(contract)]
        else:
            assert contract in {"6S", "6C", "6D", "6H", "6NT"}    # the cheapest failure: fewest undertricks


def test_dd_never_announces_below_the_winning_bid():
    choice, _ = _dd_contract(PREFERANS.deal(3, 0), 1, "8D")
    assert LADDER_RANK[choice.contract] >= LADDER_RANK["8D"]


def test_dd_whists_exactly_when_the_defence_reaches_the_obligation_or_sets_the_contract():
    seen = set()
    for k in range(12):
        deal, declarer = PREFERANS.deal(5, k), 0
        best, hands = _dd_contract(deal, declarer)
        contract = f"6{strain(best.contract)}"   # played at the six level, a strong declarer leaves no obligation
        view = View("defence", 1, 1, 3, hands[1], ("pass", "whist"), declarer=declarer, contract=contract,
                    hands=tuple(hands), deal=deal)
        declarer_tricks = solve(Position(PREFERANS.trick_rules(trump_of(contract)), hands, 0, (), "tricks", 0, 0))
        good = 10 - declarer_tricks >= OBLIGATION[level(contract)] or declarer_tricks < level(contract)
        assert DDAgent(1, 0).act(view) == ("whist" if good else "pass")
        seen.add(good)
    assert seen == {True, False}


class Whister:
    """A defender who whists, then plays with ``agent`` (the omniscient flag is the agent's)."""

    def __init__(self, agent):
        self.agent, self.omniscient = agent, agent.omniscient

    def act(self, view):
        return "whist" if view.phase == "defence" else self.agent.act(view)


def _declarer_tricks(declarer_agent, deal, declarer, choice):
    """Play ``choice`` (discard and contract) with ``declarer_agent`` as declarer against two heuristic
    defenders who both whist (closed play); the declarer's tricks."""
    agents = [Whister(HeuristicAgent(s, 0)) for s in range(3)]
    agents[declarer] = declarer_agent
    state = PREFERANS.new_state(deal, PreferansSetup(dealer=2, variant="sochi",
                                                     players=3))      # dealer C: hand k is player k
    while state.phase == "auction":
        state.apply("6S" if state.current_seat == declarer else "pass")
    state.apply(choice)
    record = play_deal(state, agents).record()
    assert record.contract == choice.contract and record.protocol["calls"] == {
        "ABC"[(declarer + 1) % 3]: "whist", "ABC"[(declarer + 2) % 3]: "whist"}
    return record.won[declarer]


def test_dd_declarer_beats_the_heuristic_declarer_over_200_deals():
    dd_total = heuristic_total = dd_made = heuristic_made = 0
    for k in range(200):
        deal, declarer = PREFERANS.deal(2024, k), k % 3
        choice, hands = _dd_contract(deal, declarer)
        value = solve(Position(PREFERANS.trick_rules(trump_of(choice.contract)), hands, 0, (), "tricks", declarer,
                               declarer))
        dd = _declarer_tricks(DDAgent(declarer, 0), deal, declarer, choice)
        heuristic = _declarer_tricks(HeuristicAgent(declarer, 0), deal, declarer, choice)
        assert dd >= value              # double dummy guarantees the solved tricks against any defence
        dd_total, heuristic_total = dd_total + dd, heuristic_total + heuristic
        dd_made += dd >= level(choice.contract)
        heuristic_made += heuristic >= level(choice.contract)
    assert dd_total > heuristic_total
    assert dd_made > heuristic_made


def test_dd_is_a_known_agent_name_per_seat():
    agents, _ = make_agents("preferans", ["dd", "heuristic", "random"], 3, 1)
    assert [type(a).__name__ for a in agents] == ["DDAgent", "HeuristicAgent", "RandomAgent"]
    assert agents[0].omniscient and not agents[1].omniscient


def test_dd_refuses_a_view_without_the_deal():
    state = PREFERANS.new_state(PREFERANS.deal(1, 0), PreferansSetup(dealer=2, variant="sochi", players=3))
    assert DDAgent(0, 0).act(state.open_view(0)) is not None
    with pytest.raises(InputError, match="open view"):
        DDAgent(0, 0).act(state.view(0))
