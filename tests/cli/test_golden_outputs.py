"""What a user sees, pinned: the text of common ``tricks`` commands on fixed seeds and the bundled examples.

Each command's whole output (stdout and stderr, as the terminal shows them) must be its golden file in
tests/data/golden/ byte for byte; a difference fails with a diff. The commands run from the repository's top,
so the example paths read as a user types them. If an output is changed on purpose, regenerate the files and
say so in the commit:

    pytest tests/cli/test_golden_outputs.py --update-golden
"""
import pathlib
import shlex

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks

ROOT = pathlib.Path(__file__).resolve().parents[2]
CASES = {
    "games.txt": "games",
    "play_whist_seed_7.txt": "play --game whist --seed 7",
    "deal_bridge_seed_7.pbn": "deal --game bridge --count 4 --seed 7 --format pbn",
    "solve_bridge.txt":
        'solve --game bridge --deal "N:AJT93.KJ3.AT8.K7 Q7542.Q94.J54.62 6.62.Q97.AQJT854 K8.AT875.K632.93"',
    "preferans_score_sochi_game.txt": "preferans score examples/preferans/sochi_game.json",
    "bridge_session_score_pairs_session.txt": "bridge session score examples/bridge/pairs_session.csv",
    "compare_deals_with_par.txt":
        "compare examples/bridge/deals_with_par.json --system duplicate,rubber,chicago --per 1",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_output_is_unchanged(case, golden, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(tricks, shlex.split(CASES[case]))
    assert result.exit_code == 0, result.output
    golden(case, result.output)
