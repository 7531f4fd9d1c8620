"""Comparing scoring systems on the same records: standings per match, ranking differences, correlations and
situations against direct computations; the report formats; clean errors."""
import json
import math

import pytest
from click.testing import CliRunner

from trickcore.scoring.compare import entrants_of
from trickcore.cli.main import tricks
from trickcore.errors import InputError, TrickcoreError
from trickcore.games.simulate import Simulation
from trickcore.games.simulation_output import simulate_to_file
from trickcore.scoring.compare import compare, match_standings
from trickcore.statistics import correlation


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("runs")
    paths = {}
    for game, agents, deals in (("preferans", "heuristic", 60), ("bridge", "heuristic", 24), ("whist", "random", 24)):
        paths[game] = str(folder / f"{game}.jsonl")
        simulate_to_file(Simulation(game, deals, 11, agents=(agents,)), paths[game])
    return paths


def test_preferans_settlements_sum_to_zero_in_every_match_and_system(runs):
    entrants = entrants_of(["sochi,leningrad,rostov"])
    data = compare(entrants, entrants[0].system.read_records(runs["preferans"]), per=15)
    assert data["matches"] == 4 and data["participants"] == ["A", "B", "C"]
    for match in data["matches_detail"]:
        for label in data["systems"]:
            assert sum(match[label].values()) == pytest.approx(0, abs=1e-9)


def test_statistics_match_a_direct_computation(runs):
    entrants = entrants_of(["sochi", "rostov"])
    found = entrants[0].system.read_records(runs["preferans"])
    data = compare(entrants, found, per=10)
    records = list(found.records)
    direct = {e.label: [match_standings(e, found, records[k:k + 10]) for k in range(0, 60, 10)] for e in entrants}
    for label, rows in direct.items():
        mean = sum(row["A"] for row in rows) / len(rows)
        assert data["standings"][label]["A"]["mean"] == pytest.approx(mean, abs=1e-4)
    differ = sum(1 for x, y in zip(direct["sochi"], direct["rostov"])
                 if [sorted(g) for g in _groups(x)] != [sorted(g) for g in _groups(y)])
    assert data["rankings_differ"][0]["differ"] == differ
    xs = [row[p] for row in direct["sochi"] for p in "ABC"]
    ys = [row[p] for row in direct["rostov"] for p in "ABC"]
    assert data["correlation"][0]["correlation"] == pytest.approx(correlation(xs, ys), abs=1e-4)


def _groups(row):
    values = sorted(set(round(v, 9) for v in row.values()), reverse=True)
    return [[p for p in row if round(row[p], 9) == v] for v in values]


def test_a_system_compared_with_itself_agrees_completely(runs):
    entrants = entrants_of(["duplicate", "duplicate undertrick_scale=current"])
    data = compare(entrants, entrants[0].system.read_records(runs["bridge"]), per=6)
    assert data["rankings_differ"][0]["differ"] == 0
    assert data["correlation"][0]["correlation"] == pytest.approx(1.0)


def test_duplicate_standings_are_the_sum_of_the_board_scores(runs):
    entrants = entrants_of(["duplicate", "rubber"])
    found = entrants[0].system.read_records(runs["bridge"])
    ledger = entrants[0].system.score(found)
    ns = sum(board["ns_score"] for board in ledger.to_dict()["boards"])
    data = compare(entrants, found)
    assert data["standings"]["duplicate"]["NS"]["mean"] == ns
    assert data["standings"]["rubber"]["NS"]["mean"] == -data["standings"]["rubber"]["EW"]["mean"]


def test_a_simulated_board_keeps_its_score_in_matches_of_any_length(runs):
    # Each board is scored at the vulnerability it was played at, not at its place in a match of five.
    entrants = entrants_of(["duplicate", "russian russian_vulnerability=board"])
    found = entrants[0].system.read_records(runs["bridge"])
    whole, matches = compare(entrants, found), compare(entrants, found, per=5)
    for label in ("duplicate", "russian russian_vulnerability=board"):
        assert sum(m[label]["NS"] for m in matches["matches_detail"]) == whole["standings"][label]["NS"]["mean"]


def test_situations_name_the_contracts_with_their_deal_counts(runs):
    entrants = entrants_of(["duplicate,chicago"])
    found = entrants[0].system.read_records(runs["bridge"])
    data = compare(entrants, found)
    played = [r for r in found.records if not r.passed_out]
    assert sum(row["deals"] for row in data["situations"]) <= len(played)
    assert all(row["spread"] >= 0 for row in data["situations"])


@pytest.mark.parametrize("specs, message", [
    (["sochi"], "at least two systems"),
    (["sochi", "short"], "different games"),
    (["sochi", "nowhere"], "unknown scoring system 'nowhere'"),
    (["sochi", "rostov pool_target"], "KEY=VALUE"),
    (["sochi", "rostov pool_target=-5"], "pool_target"),
])
def test_bad_comparisons_are_one_error(runs, specs, message):
    with pytest.raises(TrickcoreError, match=message):
        entrants = entrants_of(specs)
        compare(entrants, entrants[0].system.read_records(runs["preferans"]))


def test_records_played_under_other_rules_are_refused_naming_the_system(runs):
    entrants = entrants_of(["sochi", "classic"])
    found = entrants[0].system.read_records(runs["preferans"])
    with pytest.raises(InputError, match="classic cannot score these records: .*mandatory_whist_6s"):
        compare(entrants, found)
    relaxed = entrants_of(["sochi", "classic mandatory_whist_6s=false"])
    assert compare(relaxed, found)["records"] == 60


@pytest.mark.parametrize("fmt, check", [
    ("json", lambda out: json.loads(out)["systems"] == ["short", "long", "american"]),
    ("csv", lambda out: out.splitlines()[0] == "match,system,participant,result"
     and len(out.splitlines()) == 1 + 4 * 3 * 2),
    ("html", lambda out: out.startswith("<!DOCTYPE html>") and "<svg" in out and "Plots are off" not in out),
    ("text", lambda out: "Matches ranked differently:" in out),
])
def test_tricks_compare_formats(runs, fmt, check, tmp_path):
    out = tmp_path / f"report.{fmt}"
    result = CliRunner().invoke(tricks, ["compare", runs["whist"], "--system", "short,long,american", "--per", "6",
                                         "--format", fmt, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert check(out.read_text(encoding="utf-8"))


def test_the_html_report_says_when_plots_are_off(runs):
    result = CliRunner().invoke(tricks, ["compare", runs["whist"], "--system", "short,long", "--format", "html",
                                         "--no-plots"])
    assert "Plots are off" in result.output and "<svg" not in result.output


def test_simulate_and_compare_in_one_go():
    result = CliRunner().invoke(tricks, ["simulate", "--game", "whist", "--deals", "8", "--agents", "random",
                                         "--compare", "short,american", "--per", "4", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["deals"] == 8 and data["comparison"]["matches"] == 2
    assert not math.isnan(data["comparison"]["standings"]["short"]["NS"]["mean"])


def test_a_solved_simulation_cannot_be_compared(tmp_path):
    path = tmp_path / "solved.jsonl"
    simulate_to_file(Simulation("whist", 2, 1, solve={}), str(path))
    result = CliRunner().invoke(tricks, ["compare", str(path), "--system", "short,long"])
    assert result.exit_code == 2 and "was it solved, not played?" in result.output
