"""Fuzz tests, one per reader of input files: real files mutated (wrong types, fields dropped, huge numbers,
truncation, binary garbage) are scored or converted, or refused with one clean error, never a traceback."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickcore.games.bridge.formats.notation import read_boards
from trickcore.games.bridge.record import board_to_dict

# A few seconds per test: each example is one in-process CLI run.
FUZZ = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
PBN = ["bbo_style.pbn", "dealer4_style.pbn", "scorer_style.pbn"]


def check(fuzz, tmp_path, data, raw, name, *command):
    """Write a mutation of ``raw`` to ``name`` and run ``command`` on it, writing to a file."""
    path, out = tmp_path / name, tmp_path / "out"
    path.write_bytes(data.draw(fuzz.mutation(raw), label="input"))
    if out.exists():
        out.unlink()
    fuzz.assert_clean(fuzz.run(*command, path, "-o", out), out)


@FUZZ
@given(data=st.data())
def test_fuzz_pbn_reader(fuzz, tmp_path, data):
    name = data.draw(st.sampled_from(PBN))
    check(fuzz, tmp_path, data, fuzz.example("examples", "bridge_pbn", name), "in.pbn", "bridge", "convert",
          "--to", data.draw(st.sampled_from(["json", "lin", "pbn"])))


@FUZZ
@given(data=st.data())
def test_fuzz_lin_reader(fuzz, tmp_path, data):
    name = data.draw(st.sampled_from(["endplay_example1.lin", "romanian_superleague_2023.lin"]))
    check(fuzz, tmp_path, data, fuzz.example("tests", "data", "lin", name), "in.lin", "bridge", "convert",
          "--to", data.draw(st.sampled_from(["json", "lin", "pbn"])))


@FUZZ
@given(data=st.data())
def test_fuzz_json_boards_reader(fuzz, tmp_path, data):
    boards = read_boards(f"{fuzz.ROOT}/examples/bridge_pbn/{data.draw(st.sampled_from(PBN))}")
    raw = json.dumps([board_to_dict(b) for b in boards]).encode()
    check(fuzz, tmp_path, data, raw, "in.json", "bridge", "convert", "--to",
          data.draw(st.sampled_from(["json", "lin", "pbn"])))


@FUZZ
@given(data=st.data())
def test_fuzz_preferans_protocol(fuzz, tmp_path, data):
    check(fuzz, tmp_path, data, fuzz.example("examples", "preferans", "sochi_game.json"), "p.json", "preferans",
          "score", "--format", data.draw(st.sampled_from(["text", "json", "svg"])))


@FUZZ
@given(data=st.data())
def test_fuzz_whist_files(fuzz, tmp_path, data):
    name = data.draw(st.sampled_from(["records.json", "rubber.json"]))
    check(fuzz, tmp_path, data, fuzz.example("examples", "whist", name), "w.json", "whist", "score")


@FUZZ
@given(data=st.data())
def test_fuzz_rubber_and_chicago_files(fuzz, tmp_path, data):
    name, ext = data.draw(st.sampled_from([("rubber_2_1.txt", "txt"), ("chicago.txt", "txt"),
                                           ("rubber_unfinished.json", "json")]))
    check(fuzz, tmp_path, data, fuzz.example("examples", "bridge", name), f"deals.{ext}", "bridge",
          data.draw(st.sampled_from(["rubber", "chicago"])))


SYSTEM_RECORDS = [("bridge-rubber", "bridge", "rubber_2_1.txt"), ("bridge-chicago", "bridge", "chicago.txt"),
                  ("bridge-duplicate", "bridge", "rubber_2_1.txt"), ("bridge-russian", "bridge", "russian.json"),
                  ("bridge-imps", "bridge", "team_match.json"), ("bridge-vp", "bridge", "team_match.json"),
                  ("bridge-matchpoints", "bridge", "pairs_boards.json"),
                  ("bridge-butler", "bridge", "pairs_boards.json"),
                  ("bridge-cross-imps", "bridge", "pairs_boards.json"),
                  ("preferans-sochi", "preferans", "sochi_game.json"), ("whist-short", "whist", "rubber.json"),
                  ("whist-long", "whist", "records.json")]


@FUZZ
@given(data=st.data())
def test_fuzz_score_system_records(fuzz, tmp_path, data):
    system, folder, name = data.draw(st.sampled_from(SYSTEM_RECORDS))
    check(fuzz, tmp_path, data, fuzz.example("examples", folder, name), "records" + name[name.rindex("."):],
          "score", "--system", system)


@FUZZ
@given(data=st.data())
def test_fuzz_auction_files(fuzz, tmp_path, data):
    path = tmp_path / "calls.txt"
    path.write_bytes(data.draw(fuzz.mutation(b"Dealer E\n1S Pass 2S X\nXX 4S Pass Pass\nPass\n"), label="input"))
    fuzz.assert_clean(fuzz.run("bridge", "auction", path, "--format", data.draw(st.sampled_from(["text", "json"]))))


@settings(FUZZ, max_examples=15)
@given(data=st.data())
def test_fuzz_solve_deals_file(fuzz, tmp_path, data):
    check(fuzz, tmp_path, data, fuzz.example("examples", "bridge_pbn", "bbo_style.pbn"), "deals.pbn", "solve",
          "--game", "bridge", "--deals")
