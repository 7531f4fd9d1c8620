"""Bridge positions: endings read and solved, and every legal card of the seat to play valued (with cards
already on the trick) as the brute-force oracle and DDS (through endplay, when importable) value them."""
import json
import random

import pytest
from click.testing import CliRunner

import trickcore
from trickcore import brute
from trickcore.cards import DECK52
from trickcore.cli.main import tricks
from trickcore.dealing import Deal, parse_deal
from trickcore.errors import IllegalPlay, InputError, InvalidDeal
from trickcore.games.bridge.analysis import BridgeResult, read_deals
from trickcore.games.bridge.position import solve_position
from trickcore.games.bridge.vocab import Strain
from trickcore.play import legal_cards
from trickcore.rules import TrickRules

ENDING = "N:A2.J.3. ..8765. 4.3..AK K3.Q.Q."
STRAINS = ("S", "H", "D", "C", "NT")


def _ending(rng, k):
    """A random bridge ending of ``k`` cards a hand, a random trump and leader, and a random legal start of the
    current trick (the deal still holding its cards)."""
    deck = list(DECK52.cards)
    rng.shuffle(deck)
    deal = Deal([deck[i * k:(i + 1) * k] for i in range(4)], deck[4 * k:])
    trump, leader = rng.choice(STRAINS), rng.randrange(4)
    rules = TrickRules(4, Strain.parse(trump).suit)
    hands = [set(hand) for hand in deal.hands]
    played = []
    for step in range(rng.randrange(4)):
        seat = (leader + step) % 4
        card = rng.choice(sorted(legal_cards(rules, hands[seat], played)))
        hands[seat].discard(card)
        played.append(card)
    return deal, trump, leader, played, rules, hands


def test_parse_deal_takes_an_ending_its_other_cards_out_of_play():
    deal = parse_deal(ENDING)
    assert deal.hand_size == 4 and len(deal.talon) == 36 and str(deal) == ENDING
    with pytest.raises(InvalidDeal, match="different sizes"):
        parse_deal("N:A2.J.3. ..8765. 4.3..A K3.Q.Q.")


@pytest.mark.parametrize("block", range(4))
def test_every_card_matches_the_brute_force_oracle(block):
    rng = random.Random(3100 + block)
    for _ in range(25):
        deal, trump, leader, played, rules, hands = _ending(rng, rng.randint(1, 3))
        result = solve_position(deal, trump, "NESW"[leader], [str(card) for card in played])
        turn = (leader + len(played)) % 4
        side = (1 << turn) | (1 << ((turn + 2) % 4))
        expected = brute.card_values(rules, hands, leader, played, side, side)
        assert result.cards == {str(card): value for card, value in expected.items()}, (deal, trump, leader, played)
        assert result.seat == "NESW"[turn]


def test_every_card_matches_dds():
    dds = pytest.importorskip("endplay.dds")
    types = pytest.importorskip("endplay.types")
    rng = random.Random(3200)
    for _ in range(30):
        deal, trump, leader, played, _, _ = _ending(rng, rng.randint(3, 6))
        theirs = types.Deal(deal.to_pbn(), first=types.Player.find("NESW"[leader]),
                            trump=types.Denom.find(trump))
        for card in played:
            theirs.play(str(card))
        expected = {f"{'SHDC'[card.suit]}{card.rank.abbr}": value for card, value in dds.solve_board(theirs)}
        ours = solve_position(deal, trump, "NESW"[leader], played).cards
        # DDS leaves out cards equal to one it gives; each it gives has our value.
        assert {card: ours[card] for card in expected} == expected, (deal, trump, leader, played)


def test_the_python_route_takes_leader_trump_and_played():
    found = trickcore.solve("bridge", ENDING, trump="S", leader="W", played="SK")
    assert found.to_dict() == {"deal": ENDING, "trump": "S", "leader": "W", "played": ["SK"], "seat": "N",
                               "cards": {"SA": 1, "S2": 1}}
    table = trickcore.solve("bridge", ENDING).to_dict()
    assert "par" not in table and table["tricks"]["W"]["NT"] == 3


@pytest.mark.parametrize("played, error, words", [
    ("SK SK", InvalidDeal, "SK twice"),
    ("SA", InvalidDeal, "SA is not in W's hand"),
    ("SK H3", InvalidDeal, "H3 is not in N's hand"),
    ("HQ S2", IllegalPlay, "must follow suit"),
])
def test_played_cards_that_do_not_fit_are_refused(played, error, words):
    with pytest.raises(error, match=words):
        trickcore.solve("bridge", ENDING, trump="NT", leader="W", played=played)


def test_a_position_needs_trump_and_leader_and_no_table_options():
    with pytest.raises(InputError, match="give --trump"):
        trickcore.solve("bridge", ENDING, leader="W")
    with pytest.raises(InputError, match="give --leader"):
        trickcore.solve("bridge", ENDING, played="SK")
    with pytest.raises(InputError, match="--contract does not go"):
        trickcore.solve("bridge", ENDING, leader="W", trump="S", contract="3NT", declarer="S")
    with pytest.raises(InvalidDeal, match="13 cards a hand"):
        trickcore.solve("bridge", ENDING, contract="3NT", declarer="S")


def run(*args):
    return CliRunner().invoke(tricks, ["solve", "--game", "bridge", *args])


def test_cli_solves_an_ending_and_a_position():
    table = run("--deal", ENDING)
    assert table.exit_code == 0 and "par" not in table.stdout
    position = run("--deal", ENDING, "--trump", "S", "--leader", "W", "--format", "json")
    assert position.exit_code == 0
    assert json.loads(position.stdout)["cards"] == {"SK": 3, "S3": 2, "HQ": 3, "DQ": 1}
    text = run("--deal", ENDING, "--trump", "NT", "--leader", "W", "--played", "SK S2")
    assert text.exit_code == 0 and "E to play, tricks for E-W" in text.stdout


@pytest.mark.parametrize("args, words", [
    (["--deal", "N:A2.J.3. ..8765. 4.3..A K3.Q.Q."], "different sizes"),
    (["--deal", ENDING, "--trump", "S", "--leader", "W", "--played", "SK SK"], "twice"),
    (["--deal", ENDING, "--trump", "S", "--leader", "W", "--played", "SA"], "not in W's hand"),
    (["--deal", ENDING, "--leader", "W"], "give --trump"),
    (["--deal", ENDING, "--trump", "S", "--leader", "W", "--vul", "NS"], "--vul does not go"),
])
def test_cli_refuses_what_does_not_fit_with_exit_2(args, words):
    result = run(*args)
    assert result.exit_code == 2 and result.stdout == "" and words in result.stderr


def test_a_files_partial_deal_of_equal_hands_is_solved(tmp_path):
    path = tmp_path / "ending.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{ENDING}"]\n\n')
    [(deal, _, label)] = read_deals(str(path))
    assert deal.hand_size == 4 and label == {"index": 1, "board": 1}
    result = run("--deals", str(path))
    assert result.exit_code == 0 and json.loads(result.stdout)["tricks"]["W"]["NT"] == 3
    assert BridgeResult(ENDING, {}, None).to_dict() == {"deal": ENDING, "tricks": {}}


def test_whist_solves_an_ending_too():
    found = trickcore.solve("whist", ENDING).to_dict()
    assert found["deal"] == ENDING


def test_a_lin_partial_deal_of_equal_hands_is_solved(tmp_path):
    path = tmp_path / "ending.lin"
    path.write_text("pn|a,b,c,d|md|3SA2HJD3,D8765,S4H3CAK,SK3HQDQ|ah|Board 1|\n")
    [(deal, _, _)] = read_deals(str(path))
    assert deal.hand_size == 4 and deal.hands[2] == parse_deal(ENDING).hands[0]
