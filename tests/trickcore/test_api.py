"""The Python route (trickcore.cli.api): each function gives what its command gives, results turn into JSON-ready
dicts and DataFrames, and the mismatches a notebook user met are gone."""
import doctest
import json
import os
import pathlib
import subprocess
import sys

import pytest
from click.testing import CliRunner

import trickcore
from trickcore.cli import api
from trickcore.cards import Suit, parse_suit
from trickcore.cli.main import tricks
from trickcore.errors import MissingExtra, TrickcoreError
from trickcore.games.bridge.record import Board
from trickcore.games.bridge.vocab import Strain
from trickcore.games.registry import get_scoring
from trickcore.games.simulate import Simulation
from trickcore.rules import TrickRules

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def cli_json(*args):
    result = CliRunner().invoke(tricks, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_examples_in_the_docstrings_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    failed, tried = doctest.testmod(api, optionflags=doctest.ELLIPSIS)
    assert tried >= 12 and not failed


def test_the_functions_are_trickcore_s_and_the_dealing_module_is_not_shadowed():
    import trickcore.dealing as dealing

    assert trickcore.deal is api.deal and hasattr(dealing, "deal_where")
    assert {"deal", "simulate", "compare", "solve", "load", "score"} <= set(trickcore.__all__)


def test_importing_trickcore_imports_no_game_and_no_scoring():
    code = ("import sys, trickcore; print(sorted(m for m in sys.modules if m.startswith(('trickcore.games', "
            "'trickcore.scoring', 'trickcore.cli'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT.parent))
    assert done.stdout.strip() == "[]", done.stderr


def test_deal_gives_the_command_s_deals():
    found = trickcore.deal("bridge", 3, seed=5, where="hcp(north) >= 12", predeal="south=AKQ...")
    assert found.to_dict()["deals"] == cli_json("deal", "--game", "bridge", "--count", 3, "--seed", 5, "--where",
                                                "hcp(north) >= 12", "--predeal", "south=AKQ...", "--format", "json")
    assert found.to_pbn().startswith("% PBN 2.1")
    json.dumps(found.to_dict())


def test_simulate_agents_as_one_name_a_comma_list_or_a_list():
    one = trickcore.simulate("preferans", 3, seed=2, agents="heuristic")
    assert one.simulation.agents == ("heuristic",)
    listed = trickcore.simulate("preferans", 3, seed=2, agents=["heuristic", "heuristic", "heuristic"])
    assert [line["outcome"] for line in listed.lines()] == [line["outcome"] for line in one.lines()]
    assert Simulation("preferans", 3, 2, agents="heuristic,random,dd").agents == ("heuristic", "random", "dd")
    field = trickcore.simulate("bridge", 2, seed=4, agents=[["heuristic"], ["random"]])
    assert field.simulation.field == (("random",),) and "tables" in field.lines()[0]


def test_simulate_gives_the_command_s_summary(tmp_path):
    found = trickcore.simulate("bridge", 4, seed=1, agents="heuristic", compare="duplicate,chicago")
    assert found.to_dict() == cli_json("simulate", "--game", "bridge", "--deals", 4, "--seed", 1, "--agents",
                                       "heuristic", "--compare", "duplicate,chicago", "--format", "json")
    out = tmp_path / "sim.jsonl"
    written = trickcore.simulate("bridge", 4, seed=1, agents="heuristic", out=str(out))
    assert written.lines() == found.lines() and out.read_text() == found.lines_text()
    # A path object names the file as its text does; anything else is refused by name.
    as_path = tmp_path / "path.jsonl"
    assert trickcore.simulate("bridge", 4, seed=1, agents="heuristic", out=as_path).lines() == found.lines()
    assert as_path.read_text() == found.lines_text()
    with pytest.raises(trickcore.TrickcoreError, match="out must be text or a path or None, not 7"):
        trickcore.simulate("bridge", 4, seed=1, agents="heuristic", out=7)


def test_compare_takes_a_result_a_list_of_records_or_a_path(tmp_path):
    out = tmp_path / "sim.jsonl"
    played = trickcore.simulate("preferans", 12, seed=3, agents="heuristic", out=str(out))
    from_file = trickcore.compare(str(out), ["sochi", "rostov"], per=4).to_dict()
    in_memory = trickcore.simulate("preferans", 12, seed=3, agents="heuristic")
    assert trickcore.compare(in_memory, "sochi,rostov", per=4).to_dict()["standings"] == from_file["standings"]
    assert trickcore.compare(played, "sochi,rostov", per=4).to_dict() == from_file
    boards = json.loads((EXAMPLES / "bridge" / "pairs_boards.json").read_text())["boards"]
    assert trickcore.compare(boards, "matchpoints,butler").to_dict()["records"] == len(boards)


def test_solve_gives_the_command_s_analysis():
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    found = trickcore.solve("bridge", deal, vul="NS")
    assert found.to_dict() == cli_json("solve", "--game", "bridge", "--deal", deal, "--vul", "NS", "--format", "json")
    assert found.rows()[0]["tricks N NT"] == 13


@pytest.mark.parametrize("path,game,kind", [
    ("bridge_pbn/bbo_style.pbn", "bridge", "boards"),
    ("bridge/deals_with_par.json", "bridge", "deals"),
    ("whist/records.json", "whist", "hands"),
    ("preferans/sochi_game.json", "preferans", "deals"),
])
def test_load_finds_the_game_from_the_content(path, game, kind):
    found = trickcore.load(EXAMPLES / path)
    assert (found.game, found.kind) == (game, kind) and len(found) > 0
    json.dumps(found.to_dict())


def test_load_reads_a_simulation(tmp_path):
    out = tmp_path / "sim.jsonl"
    trickcore.simulate("whist", 2, seed=9, agents="random", out=str(out))
    found = trickcore.load(out)
    assert (found.game, found.kind, len(found)) == ("whist", "deals", 2)


def test_score_a_pairs_session_gives_the_command_s_ranking():
    path = EXAMPLES / "bridge" / "pairs_session.csv"
    found = trickcore.score("matchpoints", path)
    assert found.to_dict() == cli_json("bridge", "session", "score", path, "--format", "json")
    assert trickcore.score("mp", path).to_dict() == found.to_dict()
    butler = trickcore.score("butler", path, imp_ranking="per_board")
    assert butler.to_dict() == cli_json("bridge", "session", "score", path, "--method", "butler", "--set",
                                        "imp_ranking=per_board", "--format", "json")
    assert trickcore.score("cross_imps", path).to_dict()["method"] == "cross_imps"


def test_score_records_with_settings_by_keyword():
    path = EXAMPLES / "preferans" / "sochi_game.json"
    found = trickcore.score("sochi", path, pool_target=20)
    assert found.to_dict() == cli_json("score", path, "--system", "preferans-sochi", "--set", "pool_target=20",
                                       "--format", "json")


@pytest.mark.parametrize("short,full", [("rostov", "preferans-rostov"), ("mp", "bridge-matchpoints"),
                                        ("cross-imps", "bridge-cross-imps"), ("cross_imps", "bridge-cross-imps"),
                                        ("matchpoints", "bridge-matchpoints"), ("bridge-rubber", "bridge-rubber")])
def test_scoring_systems_are_found_by_the_names_the_cli_takes(short, full):
    assert get_scoring(short).name == full


def test_the_library_takes_its_own_enums_and_their_strings():
    assert TrickRules(trump=Strain.H).trump is Suit.H
    assert TrickRules(trump=Strain.NT).trump is None and TrickRules(trump="nt").trump is None
    assert TrickRules(trump="h").trump is Suit.H and parse_suit(Strain.C) is Suit.C
    with pytest.raises(TrickcoreError):
        TrickRules(trump=2)       # a bare number could be either enum's: not a suit


def test_reprs_are_short():
    deal = trickcore.deal("bridge", 1)[0]
    assert repr(deal) == f"<Deal {deal.to_pbn()}>"
    board = trickcore.load(EXAMPLES / "bridge_pbn" / "bbo_style.pbn")
    from trickcore.games.bridge.formats.notation import read_boards

    first = read_boards(str(EXAMPLES / "bridge_pbn" / "bbo_style.pbn"))[0]
    assert repr(first).startswith("<Board 3 N:") and "3NT by S, 9 tricks" in repr(first) and len(repr(first)) < 120
    assert repr(Board(number=2)) == "<Board 2>" and "Card" not in repr(board)


def test_results_are_json_ready():
    for found in (trickcore.deal("preferans", 2), trickcore.solve("whist", trickcore.deal("whist", 1)[0]),
                  trickcore.score("matchpoints", EXAMPLES / "bridge" / "pairs_session.csv")):
        assert json.loads(json.dumps(found.to_dict())) == found.to_dict()


def test_to_pandas_gives_one_row_per_item():
    pandas = pytest.importorskip("pandas")
    session = trickcore.score("matchpoints", EXAMPLES / "bridge" / "pairs_session.csv").to_pandas()
    assert isinstance(session, pandas.DataFrame) and session["total"].dtype.kind == "f"
    assert list(session["pair"][:2]) == [3, 2]
    deals = trickcore.deal("preferans", 3).to_pandas()
    assert len(deals) == 3 and "talon" in deals.columns
    played = trickcore.simulate("bridge", 3, agents="heuristic").to_pandas()
    assert len(played) == 3 and "deal" in played.columns


def test_to_pandas_keeps_whole_numbers_whole_where_values_are_missing():
    # A passed-out preferans deal has no declarer: its tricks and "made" are missing, which pandas would hold as
    # float (7.0, NaN) and object; they keep pandas' nullable dtypes instead.
    pytest.importorskip("pandas")
    played = trickcore.simulate("preferans", 12, agents="heuristic", seed=1)
    frame = played.to_pandas()
    assert frame["declarer tricks"].isna().any() and frame["made"].isna().any()
    assert str(frame["declarer tricks"].dtype) == "Int64" and str(frame["made"].dtype) == "boolean"
    assert str(frame["number"].dtype) == "int64"     # a column without missing values keeps its numpy dtype
    tricks = frame["declarer tricks"]
    assert tricks.astype(object).where(tricks.notna(), None).tolist() == \
        played.to_arrow().column("declarer tricks").to_pylist()


def test_rows_frame_gives_missing_values_a_nullable_dtype():
    pytest.importorskip("pandas")
    from trickcore.cli.results import rows_frame

    frame = rows_frame([{"n": 1, "ok": True, "x": 1.5, "s": "a", "mixed": 1},
                        {"n": None, "ok": None, "x": None, "s": None, "mixed": "b"},
                        {"n": 3, "ok": False, "x": 2.0, "s": "c", "mixed": None}])
    assert str(frame["n"].dtype) == "Int64" and frame["n"].tolist()[::2] == [1, 3]
    assert str(frame["ok"].dtype) == "boolean"
    assert frame["x"].dtype.kind == "f"            # floats already hold a missing value
    assert frame["mixed"].dtype == object          # mixed kinds are left to pandas
    assert str(rows_frame([{"n": 1}, {"n": 2}])["n"].dtype) == "int64"


def test_to_pandas_without_pandas_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(MissingExtra, match=r"pip install 'trickcore\[data\]'"):
        trickcore.deal("bridge", 1).to_pandas()


def test_bad_input_is_a_trickcore_error():
    with pytest.raises(TrickcoreError, match="count"):
        trickcore.deal("bridge", -1)
    with pytest.raises(TrickcoreError, match="give agents"):
        trickcore.simulate("bridge", 2, solve=True, compare="duplicate,chicago")
    with pytest.raises(TrickcoreError, match="unknown scoring system"):
        trickcore.score("nonesuch", os.devnull)


def test_score_check_is_the_commands_check():
    # The Python route's check=True is `tricks bridge session score --check`: the same JSON, a row a difference.
    path = str(ROOT / "tests" / "data" / "session" / "ffb_dn1_seance5.pbn")
    found = trickcore.score("matchpoints", path, check=True)
    shown = CliRunner().invoke(tricks, ["bridge", "session", "score", path, "--check", "--format", "json"])
    assert shown.exit_code == 0, shown.output
    assert found.to_dict() == json.loads(shown.output)
    assert len(found.rows()) == len(found.to_dict()["differences"]) > 0
    with pytest.raises(TrickcoreError, match="check compares"):
        trickcore.score("duplicate", str(EXAMPLES / "bridge" / "chicago.txt"), check=True)


# A call of each function that works, for the arguments of a wrong kind below.
WORKING = {
    "deal": {"game": "bridge", "count": 2},
    "simulate": {"game": "bridge", "deals": 2, "agents": "random"},
    "compare": {"records": str(EXAMPLES / "bridge" / "pairs_boards.json"), "system": "matchpoints,butler"},
    "solve": {"game": "bridge", "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"},
    "analyse": {"file": str(EXAMPLES / "bridge_pbn" / "bbo_style.pbn")},
    "load": {"path": str(EXAMPLES / "bridge_pbn" / "bbo_style.pbn")},
    "score": {"system": "bridge-matchpoints", "records": str(EXAMPLES / "bridge" / "pairs_boards.json")},
    "analyse_play": {},
}


@pytest.mark.parametrize("name", sorted(WORKING))
def test_an_argument_of_a_wrong_kind_is_refused_by_name_before_any_work(name):
    """Every argument of every function, given a value of no kind it takes (or the wrong kind of number or
    text), is an InputError naming it, never a traceback from inside the work."""
    import inspect

    func = getattr(trickcore, name)
    for parameter in inspect.signature(func).parameters.values():
        if parameter.kind is parameter.VAR_KEYWORD:
            continue
        for wrong in (object(), b"bytes", 2.5):
            arguments = dict(WORKING[name], **{parameter.name: wrong})
            with pytest.raises(trickcore.TrickcoreError) as raised:
                func(**arguments)
            assert parameter.name in str(raised.value).lower(), (name, parameter.name, wrong, raised.value)


def test_the_annotations_read_as_the_checks_say():
    from collections.abc import Iterable, Mapping

    from trickcore.cli.arguments import describe, fits

    assert fits(3, int) and not fits(True, int) and not fits("3", int) and fits(3, float) and not fits(True, float)
    assert fits(None, str | None) and fits(pathlib.Path("x"), str | os.PathLike) and not fits(b"x", str | os.PathLike)
    assert fits(["a", "b"], str | Iterable[str]) and not fits(["a", 7], Iterable[str]) and not fits("ab", Iterable[str])
    assert fits(iter([7]), Iterable[str])        # an iterator is not consumed to look at its items
    assert fits({"a": 1}, Mapping[str, int]) and not fits([("a", 1)], Mapping[str, int])
    assert not fits({"a": 1}, Iterable[str]) and not fits({1: 2}, Iterable[int])   # a dict's keys are not a list
    assert describe(str | Iterable[str]) == "text or a list of text"
    assert describe(int | None) == "a whole number or None"


def test_numpy_s_whole_numbers_are_taken_as_python_s():
    numpy = pytest.importorskip("numpy")
    found = trickcore.simulate("bridge", numpy.int64(3), seed=numpy.uint32(1), agents="heuristic")
    assert found.to_dict() == trickcore.simulate("bridge", 3, seed=1, agents="heuristic").to_dict()
    assert found.lines()[0]["number"] == 0 and len(trickcore.deal("bridge", numpy.int8(2), seed=numpy.int64(7))) == 2
    with pytest.raises(TrickcoreError, match="deals must be a whole number, not np.float64"):
        trickcore.simulate("bridge", numpy.float64(2.0))


DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


@pytest.mark.parametrize("call, field", [
    # Found by probing the Python route: each stopped with a TypeError, AttributeError or KeyError from inside.
    (lambda: trickcore.simulate("bridge", 1, agents=[3]), "agents"),
    (lambda: trickcore.simulate("bridge", 1, agents=[None]), "agents"),
    (lambda: trickcore.compare([1, 2], "sochi,rostov"), "records"),
    (lambda: trickcore.score("duplicate", ["3NT S ="]), "records"),
    (lambda: trickcore.solve("bridge", DEAL, contract=3, declarer="N"), "contract"),
    (lambda: trickcore.solve("bridge", DEAL, trump="S", leader="N", played=5), "played"),
    # Given and silently ignored before.
    (lambda: trickcore.simulate("bridge", 1, agents="random", compare=""), "system"),
    (lambda: trickcore.simulate("bridge", 1, agents="random", compare=[]), "system"),
    (lambda: trickcore.simulate("bridge", 1, agents="random", out=""), "out"),
    (lambda: trickcore.simulate("bridge", 1, agents="random", dask=""), "dask"),
    (lambda: trickcore.simulate("bridge", 1, agents="random", dask="local:100000000000"), "dask"),
    (lambda: trickcore.simulate("bridge", 1, solve=True, variant="nonesuch"), "variant"),
    (lambda: trickcore.score("duplicate", str(EXAMPLES / "bridge" / "chicago.txt"), movement="mitchell"), "movement"),
    (lambda: trickcore.score("duplicate", str(EXAMPLES / "bridge" / "chicago.txt"), hands="hands.pbn"), "hands"),
])
def test_bad_arguments_found_by_probing_are_errors_naming_them(call, field):
    with pytest.raises(trickcore.TrickcoreError) as raised:
        call()
    assert raised.value.field == field, raised.value


def test_a_preferans_system_given_no_protocol_says_so():
    """score("sochi", []) stopped with KeyError: 'protocol'."""
    with pytest.raises(trickcore.TrickcoreError, match="protocol is scored whole"):
        trickcore.score("sochi", [])


def test_errors_in_records_given_as_a_list_name_the_records_not_a_scratch_file():
    with pytest.raises(trickcore.TrickcoreError) as raised:
        trickcore.score("duplicate", [{"contract": "9NT", "declarer": "S", "result": "="}])
    assert str(raised.value).startswith("records deal 1") and raised.value.field == "contract"


@pytest.mark.parametrize("options, field", [({"vul": "foo"}, "vul"), ({"dealer": "X"}, "dealer"),
                                            ({"contract": "3NT", "declarer": "X"}, "declarer"),
                                            ({"trump": "Q", "leader": "N"}, "trump"),
                                            ({"trump": "S", "leader": "Z"}, "leader"),
                                            ({"trump": "S", "leader": "N", "played": "ZZ"}, "played")])
def test_a_bad_bridge_analysis_option_is_an_error_naming_it(options, field):
    with pytest.raises(trickcore.TrickcoreError) as raised:
        trickcore.solve("bridge", DEAL, **options)
    assert raised.value.field == field


def test_load_reads_bridge_deal_results_and_refuses_a_file_of_no_boards():
    """A deal-results file loaded as one empty board (every field None), a pairs file too."""
    found = trickcore.load(EXAMPLES / "bridge" / "deals_with_par.json")
    assert len(found) == 3 and found.records[0]["contract"] == "3NT"
    with pytest.raises(trickcore.TrickcoreError, match="not a board record"):
        trickcore.load(EXAMPLES / "bridge" / "pairs_boards.json")
