"""A simulation's deals as a Parquet table (`tricks simulate --out FILE.parquet`, ``DIR/``, ``trickcore.simulate``'s
to_arrow): the same deals as its JSON lines, scored to the same standings under every system family, the same
table whatever splits the work (jobs, an interruption resumed, a Dask cluster's tasks), the simulation in its
metadata, and a clear error without pyarrow."""
import functools
import json
import os
import sys

import pytest
from click.testing import CliRunner

from trickcore.cli import api
from trickcore.cli.main import tricks
from trickcore.errors import InputError, MissingExtra, TrickcoreError
from trickcore.games.simulate import Simulation, summary
from trickcore.games.simulation_output import partial_path, simulate_to_file

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

# Each game with the agents of its compiled batch and of the protocol, and its scoring systems of every family.
SYSTEMS = {
    "bridge": "duplicate,chicago,rubber,russian",
    "preferans": "sochi,leningrad,rostov",
    "whist": "whist-short,whist-long,whist-american",
}
RUNS = [("bridge", "random", 40), ("bridge", "heuristic", 40), ("bridge", "random,heuristic,random,heuristic", 12),
        ("preferans", "heuristic", 60), ("preferans", "random", 30), ("whist", "random", 24),
        ("whist", "heuristic", 24)]


def _scored(result):
    """A comparison's or a score's data without the file's name (or the error's message and where in the file)."""
    if callable(result):
        try:
            result = result()
        except TrickcoreError as exc:
            return exc.message, exc.line, exc.field
    data = result.to_dict()
    return {key: value for key, value in data.items() if key != "source"} if isinstance(data, dict) else data


def _run(tmp_path, game, agents, deals, suffix, **options):
    path = str(tmp_path / f"{game}-{agents}.{suffix}")
    simulate_to_file(Simulation(game, deals, 7, agents=tuple(agents.split(",")), **options), path)
    return path


@pytest.mark.parametrize("game, agents, deals", RUNS)
def test_the_table_scores_as_the_lines_do(tmp_path, game, agents, deals):
    lines, table = (_run(tmp_path, game, agents, deals, suffix) for suffix in ("jsonl", "parquet"))
    assert _scored(api.compare(table, SYSTEMS[game], per=12)) == _scored(api.compare(lines, SYSTEMS[game], per=12))
    for system in SYSTEMS[game].replace("chicago,", "").split(","):    # a Chicago file holds four deals
        assert _scored(functools.partial(api.score, system, table)) == \
            _scored(functools.partial(api.score, system, lines))


@pytest.mark.parametrize("game, agents, deals", RUNS)
def test_the_table_holds_the_lines_deals(tmp_path, game, agents, deals):
    lines, path = (_run(tmp_path, game, agents, deals, suffix) for suffix in ("jsonl", "parquet"))
    with open(lines, encoding="utf-8") as f:
        head, *rows = [json.loads(row) for row in f]
    table = pq.read_table(path)
    assert json.loads(table.schema.metadata[b"simulation"]) == head["simulation"]
    assert table.schema.metadata[b"format"].decode() == head["format"]
    assert table.column("index").to_pylist() == [row["index"] for row in rows]
    assert table.column("deal").to_pylist() == [row["deal"] for row in rows]
    for key in ("declarer tricks", "made", "NS score", "NS tricks", "NS honours", "trump"):
        if key in table.column_names:
            assert table.column(key).to_pylist() == [row["outcome"].get(key) for row in rows], key


def test_bridge_columns_are_typed_and_agree_with_the_records(tmp_path):
    lines, path = (_run(tmp_path, "bridge", "heuristic", 60, suffix) for suffix in ("jsonl", "parquet"))
    with open(lines, encoding="utf-8") as f:
        rows = [json.loads(row) for row in f][1:]
    table = pq.read_table(path)
    assert table.schema.field("NS score").type == pa.int64() and table.schema.field("made").type == pa.bool_()
    assert table.column_names[:8] == ["index", "number", "deal", "dealer", "N", "E", "S", "W"]
    for row, found in zip(rows, table.to_pylist()):
        record = row["record"]
        assert found["deal"] == "N:" + " ".join(found[seat] for seat in "NESW")
        assert (found["board"], found["dealer"], found["vulnerability"]) == \
            (record["board"], record["dealer"], record["vulnerability"])
        assert found["auction"].split() == record["auction"] and found["play"].split() == record["play"]
        assert (found["contract"], found["declarer"], found["declarer tricks"]) == \
            (record["contract"], record["declarer"], record["result"])
        assert (found["made"], found["NS score"]) == (row["outcome"].get("made"), row["outcome"]["NS score"])


@pytest.mark.parametrize("agents", ["random", "heuristic"])
def test_the_compiled_boards_columns_and_lines_are_the_protocol_records(tmp_path, agents):
    """Boards from the compiled batch, and the same boards' records through the generic path (the Boards the batch
    gives, coded back): the same columns, and line texts equal to board_to_dict's JSON and the outcome's."""
    from trickcore.games.bridge.simulation import BoardRecords
    from trickcore.games.registry import get_game
    from trickcore.games.simulate import Piece

    hooks = get_game("bridge").simulation
    simulation = Simulation("bridge", 300, 7, agents=(agents,))
    piece = Piece.of(simulation, list(enumerate(range(300))))
    records, columns = piece.tables[0]
    assert isinstance(records, BoardRecords)
    assert hooks.table_columns(list(records)) == columns
    texts, outcomes = hooks.line_parts(records, columns, piece.base())
    assert texts == [json.dumps(hooks.record_dict(record)) for record in records]
    assert outcomes == [json.dumps(hooks.outcome(record)) for record in records]
    assert agents == "random" or "Pass" in columns["contract"]      # boards passed out are among them
    lines = _run(tmp_path, "bridge", agents, 300, "jsonl")
    with open(lines, encoding="utf-8") as f:
        assert [json.loads(row)["record"] for row in list(f)[1:]] == [json.loads(text) for text in texts]


def test_a_field_and_its_analysis_as_rows_per_table(tmp_path):
    simulation = Simulation("bridge", 6, 3, agents=("heuristic",), field=[("random",)], analyse=True)
    path = str(tmp_path / "field.parquet")
    simulate_to_file(simulation, path)
    rows = pq.read_table(path).to_pylist()
    assert [(row["index"], row["table"]) for row in rows] == [(k // 2, k % 2 + 1) for k in range(12)]
    assert all(isinstance(row["par score"], int) and isinstance(row["tricks N NT"], int) for row in rows)
    lines = str(tmp_path / "field.jsonl")
    simulate_to_file(simulation, lines)
    systems = "matchpoints,cross-imps,butler,par"
    assert _scored(api.compare(path, systems)) == _scored(api.compare(lines, systems))


def test_solved_deals_as_a_table(tmp_path):
    simulation = Simulation("bridge", 3, 1, solve={"contract": "3NT", "declarer": "S"})
    path = str(tmp_path / "solved.parquet")
    outcomes = simulate_to_file(simulation, path)
    table = pq.read_table(path)
    lines = api.simulate("bridge", 3, 1, solve={"contract": "3NT", "declarer": "S"}).lines()
    assert table.column("tricks").to_pylist() == [line["result"]["tricks"] for line in lines]
    assert summary(simulation, outcomes)["deals"] == 3
    with pytest.raises(TrickcoreError, match="was it solved, not played"):
        api.compare(path, "duplicate,chicago")


@pytest.mark.parametrize("cut", [1, 3])
def test_jobs_and_an_interrupted_run_give_the_same_table(tmp_path, cut):
    simulation = Simulation("bridge", 600, 5, agents=("heuristic",))
    whole = str(tmp_path / "whole.parquet")
    simulate_to_file(simulation, whole)
    two = str(tmp_path / "two.parquet")
    simulate_to_file(simulation, two, jobs=2)
    assert pq.read_table(two).equals(pq.read_table(whole))
    # An interruption left the first fragments (and one cut short, under its temporary name).
    resumed = str(tmp_path / "resumed.parquet")
    simulate_to_file(simulation, str(tmp_path / "scratch.parquet"))
    part = partial_path(resumed)
    os.makedirs(part)
    from trickcore.games.simulate import chunk_size, output_chunk
    from trickcore.games.simulation_output import _write_pending
    from trickcore.games.simulation_table import StreamedTable

    size = chunk_size(simulation)
    items = list(enumerate(range(600)))
    pending = [output_chunk(("table",), simulation, items[k:k + size])[1:] for k in range(0, cut * size, size)]
    _write_pending(part, simulation, 0, pending, StreamedTable(part))
    with open(os.path.join(part, "deals-000000000999-000000001000.arrow.tmp"), "wb") as f:
        f.write(b"ARROW1")
    # and a chunk a worker wrote, which the main process had not renamed yet
    with open(os.path.join(part, "deals-000000000500-000000000600.arrow.chunk"), "wb") as f:
        f.write(b"ARROW1")
    seen = []
    found = simulate_to_file(simulation, resumed, jobs=cut, resume=True, progress=seen.append)
    assert seen[0] == cut * size and pq.read_table(resumed).equals(pq.read_table(whole))
    assert summary(simulation, found) == summary(simulation, simulate_to_file(simulation, whole))
    assert not os.path.exists(part)


def test_resuming_another_simulation_s_table_is_refused(tmp_path):
    out = str(tmp_path / "run.parquet")
    simulate_to_file(Simulation("whist", 40, 1, agents=("random",)), out)
    part = partial_path(out)
    os.makedirs(part)
    simulate_to_file(Simulation("whist", 40, 1, agents=("random",)), str(tmp_path / "x") + "/")
    for name in os.listdir(tmp_path / "x"):
        os.replace(tmp_path / "x" / name, os.path.join(part, name))
    with pytest.raises(InputError, match="different simulation"):
        simulate_to_file(Simulation("whist", 40, 2, agents=("random",)), out, resume=True)
    with pytest.raises(InputError, match="nothing to resume"):
        simulate_to_file(Simulation("whist", 40, 2, agents=("random",)), str(tmp_path / "none.parquet"), resume=True)


def test_a_dataset_on_dask_reads_as_the_one_table(tmp_path):
    from trickcore.games.simulate import dask_client

    simulation = Simulation("preferans", 300, 2, agents=("heuristic",))
    whole = str(tmp_path / "whole.parquet")
    simulate_to_file(simulation, whole)
    client = dask_client("local:2")
    try:
        simulate_to_file(simulation, str(tmp_path / "set") + "/", dask=client)
    finally:
        client.close()
    files = sorted(os.listdir(tmp_path / "set"))
    assert len(files) > 1 and all(name.endswith(".parquet") for name in files)
    import pyarrow.dataset as ds
    import pandas

    found = ds.dataset(str(tmp_path / "set")).to_table()
    assert found.equals(pq.read_table(whole).replace_schema_metadata(found.schema.metadata))
    assert pandas.read_parquet(str(tmp_path / "set")).equals(pq.read_table(whole).to_pandas())
    found = api.compare(str(tmp_path / "set") + "/", "sochi,rostov")
    assert _scored(found) == _scored(api.compare(whole, "sochi,rostov"))
    with pytest.raises(InputError, match="holds files already"):
        simulate_to_file(simulation, str(tmp_path / "set") + "/")


def test_the_python_route_s_table_is_the_command_s_file(tmp_path):
    out = tmp_path / "deals.parquet"
    args = ["simulate", "--game", "bridge", "--deals", "12", "--seed", "4", "--agents", "heuristic", "--analyse"]
    result = CliRunner().invoke(tricks, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    played = api.simulate("bridge", 12, 4, agents="heuristic", analyse=True)
    assert played.to_arrow().equals(pq.read_table(out)) and played.to_arrow().schema.metadata
    written = api.simulate("bridge", 12, 4, agents="heuristic", analyse=True, out=str(tmp_path / "again.parquet"))
    assert written.to_arrow().equals(pq.read_table(out))
    played.to_parquet(str(tmp_path / "copy.parquet"))
    assert pq.read_table(tmp_path / "copy.parquet").equals(pq.read_table(out))
    assert played.to_pandas()["NS score"].tolist() == pq.read_table(out).column("NS score").to_pylist()
    with pytest.raises(InputError, match="wrote a Parquet table"):
        written.lines()
    for command in (["compare", str(out), "--system", "duplicate,par"],
                    ["score", str(out), "--system", "chicago"]):
        lines = tmp_path / "deals.jsonl"
        CliRunner().invoke(tricks, [*args, "--out", str(lines)])
        same = [str(lines) if part == str(out) else part for part in command]
        found = CliRunner().invoke(tricks, command).output.replace("deals.parquet", "deals.jsonl")
        assert found == CliRunner().invoke(tricks, same).output


def test_without_pyarrow_the_error_names_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(MissingExtra, match=r"trickcore\[data\]"):
        simulate_to_file(Simulation("bridge", 2, 1, agents=("random",)), str(tmp_path / "x.parquet"))
    result = CliRunner().invoke(tricks, ["simulate", "--game", "bridge", "--deals", "2", "--agents", "random",
                                         "--out", str(tmp_path / "x.parquet")])
    assert result.exit_code == 2 and "trickcore[data]" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", ["bridge", "whist", "preferans"])
def test_the_compiled_deal_texts_are_the_game_s_own(game):
    from trickcore.games.registry import get_game

    found = get_game(game)
    for dealer in range(found.n_seats):
        batch = found.deal_batch(5, 300, dealer=dealer)
        assert found.simulation.deal_texts(batch) == [found.formats.format_deal(deal) for deal in batch]


def test_load_reads_a_table(tmp_path):
    path = _run(tmp_path, "preferans", "heuristic", 20, "parquet")
    found = api.load(path)
    assert (found.game, found.kind, len(found)) == ("preferans", "deals", 20)
    assert found.records[0]["deal"] == pq.read_table(path).column("deal")[0].as_py()


@pytest.mark.parametrize("later", [{"x": [1, 2]}, {"x": [None, None]}, {"y": ["a", "b"]}])
def test_the_single_file_is_written_as_its_fragments_finish_or_else_combined_at_the_end(tmp_path, monkeypatch, later):
    """Row groups of ROW_GROUP rows while the fragments fit the first row group's columns; a fragment with a column
    it lacks, or of a wider type, ends the streaming, and the fragments are combined at the end: the same table."""
    from trickcore.games import simulation_table
    from trickcore.games.simulation_table import (StreamedTable, combined, finish, fragment_path, table_of,
                                                  write_fragment)

    monkeypatch.setattr(simulation_table, "ROW_GROUP", 4)
    head = {"format": "test", "simulation": {"deals": 8}}
    pieces = [table_of({"index": [0, 1, 2], "x": [None] * 3}, head),
              table_of({"index": [3, 4, 5], "x": [None] * 3}, head), table_of({"index": [6, 7], **later}, head)]
    part, path = str(tmp_path / "deals.parquet.part"), str(tmp_path / "deals.parquet")
    os.makedirs(part)
    streamed, start = StreamedTable(part), 0
    for piece in pieces:
        write_fragment(fragment_path(part, start, start + piece.num_rows, dataset=False), [piece])
        streamed.add(piece)
        start += piece.num_rows
    finish(part, path, False, streamed)
    assert streamed.finished() == (later == {"x": [None, None]}) and not os.path.exists(part)
    assert pq.read_table(path).equals(combined(pieces, head))
    if streamed.finished():
        assert [group.num_rows for group in map(pq.ParquetFile(path).metadata.row_group, range(2))] == [4, 4]
