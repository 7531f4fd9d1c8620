"""The preferans double-dummy agent's decisions: discard and contract by solving, whist/pass against the
obligation, and declarer play that beats the heuristic agent's over 200 seeded deals."""
from trickcore.games.double_dummy import show_deal, show_play_hands
from trickcore.games.preferans.agents import DDAgent, HeuristicAgent, make_agents
from trickcore.games.preferans.auction import contracts_allowed
from trickcore.games.preferans.cardplay import play_tricks
from trickcore.games.preferans.cardplay import trick_rules
from trickcore.games.preferans.contract import LADDER_RANK, OBLIGATION, level, strain, trump_of
from trickcore.games.preferans.engine import View
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.analysis import preferans_contract
from trickcore.solver import Position, solve


def _discard_view(deal, declarer, bid):
    twelve = tuple(sorted(tuple(deal.hands[declarer]) + tuple(deal.talon), reverse=True))
    return View("talon", declarer, declarer, 3, twelve, tuple(contracts_allowed(bid)), declarer=declarer, bid=bid,
                talon=tuple(deal.talon))


def _dd_contract(deal, declarer, bid="6S"):
    """(contract, the hands as played) chosen by a dd declarer who won the auction with ``bid``."""
    agent = DDAgent(0, declarer)
    show_deal([agent], deal.hands, deal.talon)
    view = _discard_view(deal, declarer, bid)
    pair, contract = agent.choose_discard(view)
    hands = [tuple(h) for h in deal.hands]
    hands[declarer] = tuple(c for c in view.hand if c not in pair)
    return contract, hands


def test_dd_announces_the_highest_contract_that_makes_with_a_discard_that_makes_it():
    for k in range(6):
        deal, declarer = PREFERANS.deal(3, k), k % 3
        tricks = {st: preferans_contract(deal, declarer, st) for st in ("S", "C", "D", "H", "NT")}
        contract, hands = _dd_contract(deal, declarer)
        rules = trick_rules(trump_of(contract))
        assert solve(Position(rules, hands, 0, (), "tricks", declarer, declarer)) == tricks[strain(contract)]
        making = [c for c in contracts_allowed("6S") if tricks[strain(c)] >= level(c)]
        if making:
            assert level(contract) == max(level(c) for c in making) <= tricks[strain(contract)]
        else:
            assert contract in {"6S", "6C", "6D", "6H", "6NT"}    # the cheapest failure: fewest undertricks


def test_dd_never_announces_below_the_winning_bid():
    deal = PREFERANS.deal(3, 0)
    contract, _ = _dd_contract(deal, 1, "8D")
    assert LADDER_RANK[contract] >= LADDER_RANK["8D"]


def test_dd_whists_exactly_when_the_defence_reaches_the_obligation_or_sets_the_contract():
    seen = set()
    for k in range(12):
        deal, declarer = PREFERANS.deal(5, k), 0
        best, hands = _dd_contract(deal, declarer)
        contract = f"6{strain(best)}"         # played at the six level, a strong declarer leaves no obligation
        agent = DDAgent(0, 1)
        show_deal([agent], deal.hands, deal.talon)
        show_play_hands([agent], hands)
        view = View("defence", 1, 1, 3, hands[1], ("pass", "whist"), declarer=declarer, contract=contract)
        declarer_tricks = solve(Position(trick_rules(trump_of(contract)), hands, 0, (), "tricks", 0, 0))
        good = 10 - declarer_tricks >= OBLIGATION[level(contract)] or declarer_tricks < level(contract)
        assert agent.choose_call(view) == ("whist" if good else "pass")
        seen.add(good)
    assert seen == {True, False}


def _declarer_tricks(declarer_agent, hands, declarer, contract, talon):
    """Play ``contract`` with ``declarer_agent`` as declarer against two heuristic defenders (closed)."""
    agents = {declarer: declarer_agent}
    agents.update({d: HeuristicAgent(0, d) for d in range(3) if d != declarer})
    show_deal(agents.values(), hands, talon)
    remaining = [set(h) for h in hands]
    trump = trump_of(contract)

    def choose(seat, legal, trick, done):
        view = View("play", seat, seat, 3, tuple(sorted(remaining[seat], reverse=True)), tuple(legal),
                    declarer=declarer, bid=contract, contract=contract, talon=talon, trick=trick, done=done,
                    trump=trump, kind="game")
        card = agents[seat].choose_card(view)
        assert card in legal
        remaining[seat].discard(card)
        return card

    return sum(1 for t in play_tricks(hands, trump, 0, choose) if t.winner == declarer)


def test_dd_declarer_beats_the_heuristic_declarer_over_200_deals():
    dd_total = heuristic_total = dd_made = heuristic_made = 0
    for k in range(200):
        deal, declarer = PREFERANS.deal(2024, k), k % 3
        contract, hands = _dd_contract(deal, declarer)
        talon = tuple(deal.talon)
        value = solve(Position(trick_rules(trump_of(contract)), hands, 0, (), "tricks", declarer, declarer))
        dd = _declarer_tricks(DDAgent(0, declarer), hands, declarer, contract, talon)
        heuristic = _declarer_tricks(HeuristicAgent(0, declarer), hands, declarer, contract, talon)
        assert dd >= value              # double dummy guarantees the solved tricks against any defence
        dd_total, heuristic_total = dd_total + dd, heuristic_total + heuristic
        dd_made += dd >= level(contract)
        heuristic_made += heuristic >= level(contract)
    assert dd_total > heuristic_total
    assert dd_made > heuristic_made


def test_dd_is_a_known_agent_name_per_seat():
    agents = make_agents(["dd", "heuristic", "random"], 3, 1)
    assert [type(a).__name__ for a in agents] == ["DDAgent", "HeuristicAgent", "RandomAgent"]
    assert agents[0].omniscient and not getattr(agents[1], "omniscient", False)
