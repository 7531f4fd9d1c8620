"""`tricks deal --where/--predeal`: constrained dealing from the command line, and its errors."""
import json

import pytest
from click.testing import CliRunner

from trickcore.cards import parse_hand
from trickcore.cli.main import tricks
from trickcore.games.bridge.game import BRIDGE


def run(*args):
    return CliRunner().invoke(tricks, list(args), catch_exceptions=False)


def test_deal_where_keeps_only_qualifying_deals_and_names_their_numbers():
    result = run("deal", "--game", "bridge", "--count", "4", "--seed", "9", "--format", "json",
                 "--where", "hcp(north) >= 15 and hcp(north) <= 17 and shape(north, any 4333 + any 4432)",
                 "--predeal", "south=SA SK")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == 4
    for row in rows:
        north = parse_hand(row["hands"]["N"])
        hcp = sum({14: 4, 13: 3, 12: 2, 11: 1}.get(c.rank, 0) for c in north)
        assert 15 <= hcp <= 17
        assert {"SA", "SK"} <= {str(c) for c in parse_hand(row["hands"]["S"])}
        # the number names the candidate: dealing it again gives the same deal when nothing is predealt
    plain = json.loads(run("deal", "--game", "bridge", "--count", "3", "--seed", "9", "--format", "json",
                           "--where", "spades(north) >= 7").output)
    for row in plain:
        assert str(BRIDGE.deal(9, row["index"]).to_pbn()) == row["deal"]


def test_deal_where_output_is_the_same_for_the_same_seed():
    args = ("deal", "--game", "whist", "--count", "5", "--seed", "3", "--where", "controls(west) >= 5")
    assert run(*args).output == run(*args).output


@pytest.mark.parametrize("args, message", [
    (("--where", "hcp(nowhere) > 1"), "'nowhere' is not a hand"),
    (("--where", "shape(north, 4-4-4-4)"), "does not add up"),
    (("--predeal", "north=SA;east=SA"), "predealt twice"),
    (("--where", "hcp(north) > 37", "--tries", "500"), "only 0 of 1 deals qualify among 500 candidates"),
    (("--tries", "0"), "--tries"),
])
def test_bad_conditions_are_one_clean_error(args, message, tmp_path):
    out = tmp_path / "deals.pbn"
    result = CliRunner().invoke(tricks, ["deal", "--game", "bridge", *args, "-o", str(out)])
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output and not out.exists()
