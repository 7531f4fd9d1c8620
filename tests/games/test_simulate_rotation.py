"""Simulated deals dealt as play deals them: bridge board k+1's dealer and vulnerability, whist and preferans
passing the deal to the left; ``dealer`` fixing it; the same lines whatever splits the work; `compare` saying
that its participants are seats."""
import pytest

from trickcore.cli import api
from trickcore.condition import compile_condition
from trickcore.dealing import owner_sizes, parse_deal
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.vocab import board_vulnerability
from trickcore.games.simulate import Simulation, simulate


def dealers(lines, game):
    records = [line["record"] for line in lines]
    return [record["record"]["dealer"] if game == "preferans" else record["dealer"] for record in records]


@pytest.mark.parametrize("game, variant, order", [("bridge", None, "NESW"), ("whist", None, "NESW"),
                                                  ("preferans", None, "ABC"), ("preferans", "gusarik", "AB")])
def test_deal_k_is_dealt_by_seat_k_in_turn(game, variant, order):
    lines = simulate(Simulation(game, 9, 2, variant=variant, agents="heuristic"))
    assert dealers(lines, game) == [order[k % len(order)] for k in range(9)]


def test_bridge_board_k_has_its_numbers_vulnerability():
    lines = simulate(Simulation("bridge", 16, 2, agents="random"))
    assert [line["record"]["vulnerability"] for line in lines] == [board_vulnerability(k + 1).value
                                                                   for k in range(16)]


def test_whist_turns_up_the_card_the_rotating_dealer_was_dealt_last():
    for line in simulate(Simulation("whist", 8, 3, agents="heuristic")):
        record = line["record"]
        dealer = "NESW".index(record["dealer"])
        assert record["turn_up"] in {str(card) for card in parse_deal(line["deal"]).hands[dealer]}


@pytest.mark.parametrize("game, seat, dealer", [("bridge", "E", "E"), ("whist", "S", "S"),
                                                ("preferans", "hand2", "B")])
def test_a_fixed_dealer_deals_every_deal(game, seat, dealer):
    lines = simulate(Simulation(game, 6, 2, dealer=seat, agents="heuristic"))
    assert dealers(lines, game) == [dealer] * 6


def test_a_condition_holds_for_every_rotating_dealer_and_any_split():
    where = "hcp(north) >= 15"
    simulation = Simulation("bridge", 40, 4, where=where, agents="heuristic")
    condition = compile_condition(where, BRIDGE.hand_names(), owner_sizes(BRIDGE.dealing_plan(0)))
    lines = simulate(simulation, jobs=2)
    assert lines == simulate(simulation)
    assert dealers(lines, "bridge") == ["NESW"[k % 4] for k in range(40)]
    numbers = [line["number"] for line in lines]
    assert numbers == sorted(set(numbers))
    for line in lines:
        assert condition.holds(parse_deal(line["deal"]).masks() + [0])


def test_predealt_cards_go_to_their_seat_under_every_dealer():
    lines = simulate(Simulation("whist", 8, 1, predeal=("south=SA HA",), agents="heuristic"))
    for line in lines:
        assert {"SA", "HA"} <= {str(card) for card in parse_deal(line["deal"]).hands[2]}


def test_solved_boards_use_their_numbers_dealer_and_vulnerability():
    lines = simulate(Simulation("bridge", 6, 7, solve={}))
    for k, line in enumerate(lines):
        expected = BRIDGE.analysis.analyse(parse_deal(line["deal"]), dealer="NESW"[k % 4],
                                           vul=board_vulnerability(k + 1).value).to_dict()
        expected.pop("deal", None)
        assert line["result"] == expected


def test_compare_says_its_participants_are_seats():
    rotating = api.simulate("bridge", 4, seed=1, agents="heuristic", compare="duplicate,chicago")
    assert rotating.to_dict()["comparison"]["note"] == "participants are seats; the dealer rotates"
    assert "Participants are seats; the dealer rotates." in rotating.text()
    fixed = api.simulate("bridge", 4, seed=1, agents="heuristic", compare="duplicate,chicago", dealer="N")
    assert "the figures measure the seats" in fixed.to_dict()["comparison"]["note"]


def test_a_part_file_of_the_fixed_dealer_format_is_not_resumed(tmp_path):
    # Version 1 files dealt every deal from one dealer: resuming one under the rotation would mix the two.
    from trickcore.errors import InputError
    from trickcore.games.simulate import FORMAT
    from trickcore.games.simulation_output import simulate_to_file

    simulation = Simulation(game="bridge", deals=8, seed=2, agents=("random",))
    out = tmp_path / "s.jsonl"
    simulate_to_file(simulation, str(out))
    lines = out.read_text().splitlines(keepends=True)
    assert FORMAT.endswith(" 2") and FORMAT in lines[0]
    part = tmp_path / "s.jsonl.part"
    part.write_text(lines[0].replace(FORMAT, "trickcore simulation 1") + "".join(lines[1:4]))
    out.unlink()
    with pytest.raises(InputError, match="different simulation"):
        simulate_to_file(simulation, str(out), resume=True)
    part.write_text("".join(lines[:4]))
    simulate_to_file(simulation, str(out), resume=True)
    assert out.read_text() == "".join(lines)
