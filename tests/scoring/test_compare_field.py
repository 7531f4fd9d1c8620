"""Comparing systems on a field of tables (a simulation with ``--agents`` per table): matchpoints and IMPs against
a datum score every table's result of a deal against the others', as the pairs scorers score a traveller; the
one-table systems score each table alone; clean errors where a file is not a field or a system cannot take one."""
import json

import pytest
from click.testing import CliRunner

from trickcore.scoring.compare import entrants_of
from trickcore.cli.main import tricks
from trickcore.errors import InvalidRecord
from trickcore.games.simulate import Simulation
from trickcore.games.simulation_output import simulate_to_file
from trickcore.scoring.base import FieldDeal
from trickcore.scoring.bridge.contract.imps import imps
from trickcore.scoring.bridge.systems import BUTLER, DUPLICATE, MATCHPOINTS
from trickcore.scoring.compare import compare

TABLES = 3


@pytest.fixture(scope="module")
def field(tmp_path_factory):
    """24 boards at three tables: heuristic agents, random agents, and a mixed table."""
    path = str(tmp_path_factory.mktemp("field") / "field.jsonl")
    simulate_to_file(Simulation("bridge", 24, 11, agents=("heuristic",),
                                field=[("random",), ("heuristic", "random", "heuristic", "random")]), path)
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(row) for row in f][1:]
    return path, lines


def _travellers(lines):
    """Each board's N-S scores table by table, from the simulation's own outcomes."""
    return [[table["outcome"]["NS score"] for table in line["tables"]] for line in lines]


def _totals(system, travellers):
    """Each entry's total over the boards, scored by the pairs scorer from plain traveller scores."""
    settings = system.settings()
    totals = {}
    for scores in travellers:
        for entry, row in enumerate(system.board(scores, settings)["results"], 1):
            for side in ("ns", "ew"):
                name = f"{side.upper()} {entry}"
                totals[name] = totals.get(name, 0) + float(row[side])
    return totals


def test_a_field_file_reads_as_one_field_deal_per_board(field):
    path, lines = field
    found = DUPLICATE.read_records(path)
    assert len(found.records) == 24
    assert all(isinstance(r, FieldDeal) and len(r.tables) == TABLES for r in found.records)


@pytest.mark.parametrize("system, label", [(MATCHPOINTS, "matchpoints"), (BUTLER, "butler")])
def test_field_systems_score_each_table_against_the_others_as_the_pairs_scorer_does(field, system, label):
    path, lines = field
    entrants = entrants_of(["duplicate", label])
    data = compare(entrants, entrants[0].system.read_records(path))
    expected = _totals(system, _travellers(lines))
    assert set(data["participants"]) == set(expected) == {f"{s} {t}" for s in ("NS", "EW") for t in (1, 2, 3)}
    for name, total in expected.items():
        assert data["standings"][label][name]["mean"] == pytest.approx(total)


def test_matchpoints_share_each_boards_top_and_butler_imps_are_zero_sum_across_a_side(field):
    path, lines = field
    data = compare(entrants_of(["matchpoints,butler"]), MATCHPOINTS.read_records(path))
    mp, butler = data["standings"]["matchpoints"], data["standings"]["butler"]
    top = 2 * (TABLES - 1)          # two units per table beaten: bridge.md §9
    for t in range(1, TABLES + 1):
        assert mp[f"NS {t}"]["mean"] + mp[f"EW {t}"]["mean"] == pytest.approx(top * len(lines))
        assert butler[f"NS {t}"]["mean"] == pytest.approx(-butler[f"EW {t}"]["mean"])


def test_a_butler_board_of_three_tables_is_imps_against_their_rounded_mean(field):
    path, lines = field
    scores = _travellers(lines)[0]
    datum = round(sum(scores) / len(scores) / 10 + 1e-9 * (1 if sum(scores) >= 0 else -1)) * 10
    board = BUTLER.board(scores, BUTLER.settings())
    assert board["datum"] == datum
    assert [int(row["ns"]) for row in board["results"]] == [imps(s - datum) for s in scores]


def test_one_table_systems_score_each_table_alone(field):
    path, lines = field
    data = compare(entrants_of(["duplicate,chicago"]), DUPLICATE.read_records(path))
    for t in range(1, TABLES + 1):
        ns = sum(line["tables"][t - 1]["outcome"]["NS score"] for line in lines)
        assert data["standings"]["duplicate"][f"NS {t}"]["mean"] == ns
        assert data["standings"]["duplicate"][f"EW {t}"]["mean"] == -ns
    assert data["participants"][:2] == ["EW 1", "NS 1"]      # table by table


def test_situations_count_every_tables_contract(field):
    path, lines = field
    data = compare(entrants_of(["duplicate,matchpoints"]), DUPLICATE.read_records(path))
    played = sum(1 for line in lines for table in line["tables"] if table["outcome"]["contract"] != "Pass")
    counted = sum(row["deals"] for row in data["situations"])
    assert 0 < counted <= played


def test_a_one_table_file_is_not_a_field(tmp_path):
    path = str(tmp_path / "one.jsonl")
    simulate_to_file(Simulation("bridge", 4, 1, agents=("heuristic",)), path)
    with pytest.raises(InvalidRecord, match="simulate a field"):
        MATCHPOINTS.score_file(path)


def test_scoring_a_field_with_a_one_table_system_says_to_compare(field):
    result = CliRunner().invoke(tricks, ["score", "--system", "bridge-duplicate", field[0]])
    assert result.exit_code == 2 and "field of 3 tables" in result.output and "Traceback" not in result.output


def test_simulate_a_field_and_compare_in_one_go():
    result = CliRunner().invoke(tricks, ["simulate", "--game", "bridge", "--deals", "8", "--agents", "heuristic",
                                         "--agents", "random", "--compare", "matchpoints,butler,duplicate",
                                         "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["simulation"]["field"] == [["random"]]
    assert data["comparison"]["participants"] == ["EW 1", "NS 1", "EW 2", "NS 2"]
    assert "table 2 NS score" in data["outcomes"]


def test_preferans_pools_of_a_field_settle_to_zero_table_by_table():
    result = CliRunner().invoke(tricks, ["simulate", "--game", "preferans", "--deals", "20", "--agents", "heuristic",
                                         "--agents", "random", "--compare", "sochi,rostov", "--per", "10",
                                         "--format", "json"])
    assert result.exit_code == 0, result.output
    for match in json.loads(result.output)["comparison"]["matches_detail"]:
        for standing in match.values():
            for table in ("1", "2"):
                assert sum(v for k, v in standing.items() if k.endswith(table)) == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize("per", [1, 3])
def test_a_simulated_board_is_scored_at_its_own_vulnerability_in_a_match_of_any_length(field, per):
    # Board 4 (both vulnerable) opens the second match of three boards: it is scored as played, not as a board 1.
    path, lines = field
    data = compare(entrants_of(["duplicate,cross-imps,butler"]), DUPLICATE.read_records(path), per=per)
    whole = compare(entrants_of(["duplicate,cross-imps,butler"]), DUPLICATE.read_records(path))
    for label in ("duplicate", "cross-imps", "butler"):
        for name, standing in whole["standings"][label].items():
            assert sum(m[label][name] for m in data["matches_detail"]) == pytest.approx(standing["mean"])
    for m, match in enumerate(data["matches_detail"]):
        boards = lines[m * per:(m + 1) * per]
        for t in range(1, TABLES + 1):
            assert match["duplicate"][f"NS {t}"] == sum(line["tables"][t - 1]["outcome"]["NS score"] for line in boards)
    assert {line["tables"][0]["record"]["vulnerability"] for line in lines} == {"None", "NS", "EW", "All"}
