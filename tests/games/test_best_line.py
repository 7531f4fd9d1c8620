"""`tricks solve ... --line` and ``trickcore.solve(..., line=True)``: one best line of play from a bridge position
or contract, or a whist deal with one trump; solving after every card of it gives the value it started from, and
a line the analysis cannot play from is refused."""
import json
import random

import pytest
from click.testing import CliRunner

import trickcore
from trickcore.cards import DECK52, parse_card
from trickcore.cli.main import tricks
from trickcore.dealing import Deal
from trickcore.errors import InputError
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.vocab import Seat, Strain
from trickcore.lines import line_values
from trickcore.rules import TrickRules
from trickcore.solver import Position

ENDING = "N:A2.J.3. ..8765. 4.3..AK K3.Q.Q."


def _ending(rng, k):
    deck = list(DECK52.cards)
    rng.shuffle(deck)
    return Deal([deck[i * k:(i + 1) * k] for i in range(4)], deck[4 * k:])


def test_a_position_line_keeps_the_value_of_the_card_it_starts_with():
    rng = random.Random(4100)
    for _ in range(12):
        deal = _ending(rng, rng.randint(2, 5))
        trump, leader = rng.choice(("S", "H", "D", "C", "NT")), rng.choice("NESW")
        found = trickcore.solve("bridge", deal, trump=trump, leader=leader, line=True).to_dict()
        line = [parse_card(card) for card in found["line"]]
        assert len(line) == 4 * deal.hand_size
        position = Position(TrickRules(4, Strain.parse(trump).suit), deal.hands, int(Seat.parse(leader)))
        values = line_values(position, line)
        assert set(values) == {max(found["cards"].values())} and found["cards"][found["line"][0]] == values[0]


def test_a_contract_line_keeps_the_declarers_tricks():
    for index in range(3):
        deal = BRIDGE.deal(17, index)
        found = trickcore.solve("bridge", deal, contract="3NT", declarer="S", line=True).to_dict()
        line = [parse_card(card) for card in found["line"]]
        values = line_values(Position(TrickRules(4, None), deal.hands, leader=3, seat=2), line)
        assert len(line) == 52 and set(values) == {found["tricks"]}


def test_a_whist_line_plays_the_one_trump_from_the_dealers_left():
    deal = BRIDGE.deal(5, 0)
    found = trickcore.solve("whist", deal, trump="H", dealer="S", line=True)
    data = found.to_dict()
    values = line_values(Position(TrickRules(4, parse_card("H2").suit), deal.hands, leader=3, seat=0),
                         [parse_card(card) for card in data["line"]])
    assert set(values) == {data["tricks"]["H"]["NS"]}
    lines = found.text().splitlines()
    assert lines[3] == "best line:" and len(lines) == 4 + 13 and lines[4].split()[0] == "W"


def test_without_line_the_results_are_as_before():
    assert "line" not in trickcore.solve("bridge", ENDING, trump="S", leader="W").to_dict()
    assert "line" not in trickcore.solve("whist", ENDING, trump="S").to_dict()


@pytest.mark.parametrize("game, options, words", [
    ("bridge", {}, "give --contract and --declarer, or --trump and --leader"),
    ("whist", {}, "give --trump"),
])
def test_a_line_needs_a_position_to_play_from(game, options, words):
    with pytest.raises(InputError, match=words):
        trickcore.solve(game, ENDING, line=True, **options)


def run(*args):
    return CliRunner().invoke(tricks, ["solve", *args])


def test_cli_prints_the_line_trick_by_trick_and_json_lists_its_cards():
    text = run("--game", "bridge", "--deal", ENDING, "--trump", "NT", "--leader", "W", "--played", "SK S2", "--line")
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    start = lines.index("best line:")
    assert lines[start + 1].split() == ["E", "D5", "S", "S4"]           # the rest of the trick in progress
    assert len(lines) == start + 5
    found = run("--game", "bridge", "--deal", ENDING, "--trump", "NT", "--leader", "W", "--played", "SK S2",
                "--line", "--format", "json")
    assert json.loads(found.stdout)["line"][:2] == ["D5", "S4"]
    refused = run("--game", "bridge", "--deal", ENDING, "--line")
    assert refused.exit_code == 2 and "field 'line'" in refused.stderr
    preferans = run("--game", "preferans", "--deal", "AKJT.J8.QJ.AJ Q.AKT.K7.T987 987.97.A98.KQ | HQ DT", "--line")
    assert preferans.exit_code == 2 and "line" in preferans.stderr
