"""`tricks play --agents` with the double-dummy agent, alone and mixed per seat, in all three games."""
import json

from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.cards import parse_card
from trickcore.dealing import parse_deal
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.vocab import Seat, parse_contract
from trickcore.solver import Position, solve


def run(*args):
    return CliRunner().invoke(tricks, list(args), catch_exceptions=False)


def play_json(*args):
    result = run("play", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_preferans_dd_against_two_heuristic_agents_plays_a_whole_pulya(tmp_path):
    protocol = tmp_path / "pulya.json"
    result = run("play", "--game", "preferans", "--agents", "dd,heuristic,heuristic", "--seed", "5",
                 "--pool-target", "10", "--protocol", str(protocol))
    assert result.exit_code == 0, result.output
    assert "agents A dd, B heuristic, C heuristic" in result.output
    scored = run("preferans", "score", str(protocol))
    assert scored.exit_code == 0, scored.output


def test_preferans_mixed_agents_with_dd_in_the_last_seat():
    data = play_json("--game", "preferans", "--agents", "heuristic,random,dd", "--seed", "5",
                     "--pool-target", "10", "--hands", "12")
    assert data["agents"] == ["heuristic", "random", "dd"]
    assert len(data["deals"]) == 12


def test_preferans_four_players_with_dd_dealer():
    data = play_json("--game", "preferans", "--players", "4", "--agents", "dd,heuristic,random,dd", "--seed", "2",
                     "--pool-target", "10", "--hands", "8")
    assert data["agents"] == ["dd", "heuristic", "random", "dd"]


def test_bridge_board_with_dd_card_play():
    data = play_json("--game", "bridge", "--agents", "dd", "--seed", "2")
    board = data["boards"][0]
    assert data["agents"] == {"N": "dd", "E": "dd", "S": "dd", "W": "dd"}
    assert len(board["tricks"]) == 13
    # Four dd agents take exactly the double-dummy value of the contract from the opening lead: a random or
    # heuristic card anywhere that gives a trick away would change it.
    contract, declarer = parse_contract(board["contract"]), Seat.parse(board["declarer"])
    position = Position(BRIDGE.trick_rules(contract.trump), parse_deal(board["deal"]).hands, int(declarer.lho),
                        seat=int(declarer))
    assert board["result"] == solve(position)
    # And the value holds at every trick: tricks won so far plus the solved value of the rest.
    rules, hands, won = position.rules, [set(h) for h in position.hands], 0
    for trick in board["tricks"]:
        leader = Seat.parse(trick["leader"])
        assert won + solve(Position(rules, hands, int(leader), seat=int(declarer))) == board["result"]
        for k, card in enumerate(trick["cards"]):
            hands[(leader + k) % 4].discard(parse_card(card))
        won += Seat.parse(trick["winner"]).side == declarer.side


def test_whist_hand_with_dd_against_heuristic():
    data = play_json("--game", "whist", "--agents", "dd,heuristic,dd,heuristic", "--hands", "1", "--seed", "3")
    assert data["agents"] == {"N": "dd", "E": "heuristic", "S": "dd", "W": "heuristic"}
    assert len(data["hands"]) == 1


def test_unknown_agent_is_still_a_clear_error():
    result = run("play", "--game", "whist", "--agents", "ddd", "--hands", "1")
    assert result.exit_code == 2
    assert "unknown whist agent 'ddd'" in result.output
