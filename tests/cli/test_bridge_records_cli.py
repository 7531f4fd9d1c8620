"""The readers' options on the commands that read bridge boards files (issue 18): --strict, --on-error, the
warnings on stderr and in JSON output, and one clean error (exit 2, no output file) for what cannot be read."""
import json

from click.testing import CliRunner

from trickcore.cli.main import tricks

CONTRADICTION = '[Board "1"]\n[Dealer "N"]\n[Contract "2S"]\n[Declarer "E"]\n[Auction "N"]\n1H AP\n\n'
UNREADABLE = '[Board "2"]\n[Dealer "N"]\n[Auction "N"]\n1H 1C\n\n'
DEAL = '[Board "3"]\n[Dealer "E"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n\n'


def run(*args):
    return CliRunner().invoke(tricks, list(args))


def write(tmp_path, text):
    path = tmp_path / "boards.pbn"
    path.write_bytes(text.encode("latin-1"))
    return str(path)


def test_convert_keeps_the_board_and_warns(tmp_path):
    path = write(tmp_path, CONTRADICTION)
    result = run("bridge", "convert", path, "--to", "json")
    assert result.exit_code == 0
    assert "Warning:" in result.stderr and "field 'Declarer'" in result.stderr
    out = json.loads(result.stdout)
    assert out["boards"][0]["declarer"] == "E"
    assert out["warnings"][0]["field"] == "Declarer" and out["warnings"][0]["line"] == 4


def test_json_shape_unchanged_without_warnings(tmp_path):
    path = write(tmp_path, '[Board "1"]\n[Dealer "N"]\n')
    result = run("bridge", "convert", path, "--to", "json")
    assert result.exit_code == 0 and result.stderr == ""
    assert isinstance(json.loads(result.stdout), list)


def test_strict_makes_the_doubt_an_error_and_writes_nothing(tmp_path):
    path = write(tmp_path, CONTRADICTION)
    out = tmp_path / "out.pbn"
    result = run("bridge", "convert", path, "--to", "pbn", "--strict", "-o", str(out))
    assert result.exit_code == 2 and result.stdout == "" and not out.exists()
    assert result.stderr.count("\n") == 1 and "Declarer" in result.stderr


def test_on_error_skip_leaves_out_the_unreadable_board(tmp_path):
    path = write(tmp_path, CONTRADICTION + UNREADABLE + DEAL)
    failed = run("bridge", "convert", path, "--to", "pbn")
    assert failed.exit_code == 2 and failed.stdout == "" and "insufficient" in failed.stderr
    skipped = run("bridge", "convert", path, "--to", "pbn", "--on-error", "skip")
    assert skipped.exit_code == 0 and '[Board "2"]' not in skipped.stdout and '[Board "3"]' in skipped.stdout
    assert "board skipped" in skipped.stderr
    auctions = run("bridge", "auction", path, "--format", "json", "--on-error", "skip")
    assert auctions.exit_code == 0
    assert [row["board"] for row in json.loads(auctions.stdout)["auctions"]] == [1]


def test_solve_deals_refuses_a_partial_deal_cleanly(tmp_path):
    path = write(tmp_path, DEAL)
    result = run("solve", "--game", "bridge", "--deals", path)
    assert result.exit_code == 2 and result.stdout == ""
    assert "board 3" in result.stderr and "not a bridge deal of four hands of one size" in result.stderr
    skipped = run("solve", "--game", "bridge", "--deals", path, "--on-error", "skip")
    assert skipped.exit_code == 0
    assert json.loads(skipped.stdout.splitlines()[-1])["warnings"][0]["message"].startswith("board skipped")


def test_latin1_names_round_trip_through_convert(tmp_path):
    path = write(tmp_path, '% PBN 2.1\n[Board "1"]\n[West "Sévigné"]\n\n')
    out = tmp_path / "out.pbn"
    assert run("bridge", "convert", path, "--to", "pbn", "-o", str(out)).exit_code == 0
    assert "Sévigné".encode("latin-1") in out.read_bytes()
    again = run("bridge", "convert", str(out), "--to", "json")
    assert json.loads(again.stdout)[0]["tags"] == [["West", "Sévigné"]]


def test_json_boards_are_read_as_forgivingly(tmp_path):
    converted = run("bridge", "convert", write(tmp_path, CONTRADICTION), "--to", "json")
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(json.loads(converted.stdout)["boards"]
                               + [{"board": 2, "dealer": "N", "auction": ["1H", "1C"]}]))
    kept = run("bridge", "convert", str(path), "--to", "pbn", "--on-error", "skip")
    assert kept.exit_code == 0 and '[Declarer "E"]' in kept.stdout and '[Board "2"]' not in kept.stdout
    assert "field 'Declarer'" in kept.stderr and "board skipped" in kept.stderr
    assert run("bridge", "convert", str(path), "--to", "pbn").exit_code == 2


def refused(tmp_path, name, data, *extra):
    """Convert ``data`` written as ``name`` to a file: the result, and whether that file was written."""
    path, out = tmp_path / name, tmp_path / "out"
    path.write_bytes(data)
    result = run("bridge", "convert", str(path), "--to", "json", "-o", str(out), *extra)
    return result, out.exists()


def test_an_empty_file_is_an_error_naming_it(tmp_path):
    for name in ("empty.pbn", "empty.lin"):
        result, written = refused(tmp_path, name, b"")
        assert result.exit_code == 2 and not written
        assert result.stderr.startswith("Error: ") and name in result.stderr and "empty" in result.stderr


def test_binary_garbage_is_an_error_naming_the_file_and_quoting_little(tmp_path):
    garbage = bytes(range(256)) * 8 + b"\x00" * 400
    for name in ("garbage.pbn", "garbage.lin"):
        result, written = refused(tmp_path, name, garbage)
        assert result.exit_code == 2 and not written and name in result.stderr
        assert result.stderr.count("\n") == 1 and len(result.stderr) < 400


def test_a_file_whose_every_board_is_skipped_is_an_error(tmp_path):
    result, written = refused(tmp_path, "bad.pbn", UNREADABLE.encode(), "--on-error", "skip")
    assert result.exit_code == 2 and not written
    assert "no board could be read" in result.stderr and "insufficient" in result.stderr


def test_a_garbage_line_is_quoted_to_80_characters(tmp_path):
    line = "[" + "Zq#" * 200 + "\n"
    result, written = refused(tmp_path, "long.pbn", line.encode())
    assert result.exit_code == 2 and not written
    quoted = result.stderr.split("malformed tag '")[1].split("' (expected")[0]
    assert quoted.endswith("...") and len(quoted) == 80 + len("...")


def test_a_play_that_does_not_fit_keeps_the_board_and_skip_is_not_needed(tmp_path):
    board = ('[Board "5"]\n[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
             '432.AKQJ.T98.765"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n[Play "W"]\nSA S2 S5 SK\n\n')
    path = write(tmp_path, board + DEAL)
    result = run("bridge", "convert", path, "--to", "json", "--on-error", "skip")
    assert result.exit_code == 0 and "board skipped" not in result.stderr
    assert "board 5: the play is kept as text only" in result.stderr and "W does not hold SA" in result.stderr
    boards = json.loads(result.stdout)["boards"]
    assert [b["board"] for b in boards] == [5, 3] and boards[0]["result"] == 9 and boards[0]["play"] == []
    strict = run("bridge", "convert", path, "--to", "json", "--strict")
    assert strict.exit_code == 2 and strict.stdout == ""


def test_a_lin_file_of_stray_separators_only_is_an_error(tmp_path):
    result, written = refused(tmp_path, "vugraph.lin", b"vg|Cup,Final,I,1,1,A,0,B,0||pg||\npw|a,b,c,d||pg||\n")
    assert result.exit_code == 2 and not written and "no board could be read" in result.stderr
