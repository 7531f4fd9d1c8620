"""The same file as Windows, an old Mac, a spreadsheet or a hand edit saves it is valid input: every reader gives
the same result as for the file itself (as test_byte_order_mark.py does for the UTF-8 byte-order mark).

Before: the readers that decode bytes themselves (PBN, LIN, JSON boards) refused old-Mac CR line ends ("no board
could be read") or read a table's rows as one (different numbers); a UTF-16 ("Unicode") save was refused by every
reader, often quoting garbage; a CSV saved with semicolons (European spreadsheets) or with a separator ending every
line was refused for an "unknown column"; the team-results CSV refused ISO-8859-1 names; USEBIO and session PBN
files read in another encoding than the one they declare (a windows-1252 ’ lost); simulation lines after a blank
line, and whist PBN hands with spaced tags, were refused as "not valid JSON"."""
import codecs
import csv
import io
import re

import pytest

FILES = {
    "rubber": (("examples", "bridge", "rubber_2_1.txt"), ("bridge", "rubber")),
    "chicago": (("examples", "bridge", "chicago.txt"), ("bridge", "chicago")),
    "pairs csv": (("examples", "bridge", "pairs_session.csv"), ("bridge", "session", "score")),
    "skanderborg csv": (("tests", "data", "session", "skanderborg_board1.csv"), ("bridge", "session", "score")),
    "teams csv": (("examples", "bridge", "teams.csv"), ("bridge", "teams", "score")),
    "deal results json": (("examples", "bridge", "rubber_unfinished.json"), ("score", "--system", "bridge-rubber")),
    "pairs boards json": (("examples", "bridge", "pairs_boards.json"), ("score", "--system", "matchpoints")),
    "rubber session json": (("tests", "data", "bridge_sessions", "w3.json"), ("bridge", "rubber")),
    "whist json": (("examples", "whist", "records.json"), ("whist", "score")),
    "preferans json": (("examples", "preferans", "sochi_kotel_game.json"), ("preferans", "score")),
    "old preferans json": (("examples", "preferans", "old_game.json"), ("preferans", "score")),
    "pbn": (("examples", "bridge_pbn", "bbo_style.pbn"), ("bridge", "convert", "--to", "json")),
    "pbn tables": (("tests", "data", "corpus", "endplay_sample_partial_dd.pbn"), ("bridge", "convert", "--to", "json")),
    "pbn big deal": (("tests", "data", "pbn", "big-deal.pbn"), ("bridge", "convert", "--to", "json")),
    "lin": (("tests", "data", "corpus", "bbo_myhands_full.lin"), ("bridge", "convert", "--to", "json")),
    "lin vugraph": (("tests", "data", "lin", "romanian_superleague_2023.lin"), ("bridge", "convert", "--to", "json")),
    "pbn score table": (("tests", "data", "session", "ruter_hallstahammar_board1.pbn"), ("bridge", "session", "score")),
}


def _lines(raw, change):
    return b"\n".join(change(line) for line in raw.replace(b"\r\n", b"\n").split(b"\n"))


def _text(raw):
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


VARIANTS = {
    "crlf": lambda raw: raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"),
    "cr": lambda raw: raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r"),
    "no final newline": lambda raw: raw.rstrip(b"\r\n"),
    "trailing blanks": lambda raw: _lines(raw, lambda line: line + b" \t " if line.strip() else line) + b"\n\n\n",
    "utf-16-le": lambda raw: codecs.BOM_UTF16_LE + _text(raw).encode("utf-16-le"),
    "utf-16-be": lambda raw: codecs.BOM_UTF16_BE + _text(raw).encode("utf-16-be"),
}


def _same(fuzz, tmp_path, name, command, original, variant, ignore=None):
    """Run ``command`` on both files (named ``name``): the same success, the same output."""
    outputs = []
    for folder, data in (("original", original), ("variant", variant)):
        (tmp_path / folder).mkdir()
        path = tmp_path / folder / name
        path.write_bytes(data)
        result = fuzz.run(*command, path)
        assert result.exit_code == 0, result.output
        output = result.output.replace(str(tmp_path / folder), "FOLDER")
        outputs.append(output if ignore is None else ignore(output))
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("reader", FILES)
def test_line_ends_blanks_and_utf16_read_as_the_file_itself(fuzz, tmp_path, reader, variant):
    parts, command = FILES[reader]
    raw = fuzz.example(*parts)
    # Trailing blanks are kept verbatim in what PBN keeps as text (% lines, commentary): compare what is read.
    ignore = (lambda out: out.replace(" \\t ", "").replace(" \t ", "")) if variant == "trailing blanks" else None
    _same(fuzz, tmp_path, parts[-1], command, raw, VARIANTS[variant](raw), ignore)


def _csv(raw, **dialect):
    """The CSV file written again by a spreadsheet's writer with ``dialect``; # lines kept."""
    out = []
    for line in raw.decode("utf-8").split("\n"):
        if line.strip() and not line.startswith("#"):
            cells = io.StringIO()
            csv.writer(cells, lineterminator="", **dialect).writerow(next(csv.reader([line])))
            line = cells.getvalue()
        out.append(line)
    return "\n".join(out).encode()


def _header_upper(raw):
    lines = raw.split(b"\n")
    k = next(k for k, line in enumerate(lines) if line.strip() and not line.startswith(b"#"))
    return b"\n".join(lines[:k] + [lines[k].upper()] + lines[k + 1:])


CSV_VARIANTS = {
    "semicolons": lambda raw: _csv(raw, delimiter=";").replace(b"\n", b"\r\n"),
    "trailing separator": lambda raw: _lines(raw, lambda line: line + b"," if line.strip() and not line.startswith(b"#")
                                             else line),
    "all quoted": lambda raw: _csv(raw, quoting=csv.QUOTE_ALL),
    "header upper case": _header_upper,
    "spaces around cells": lambda raw: _lines(_csv(raw), lambda line: line if line.startswith(b"#")
                                              else line.replace(b",", b" , ")),
}
CSV_FILES = ["pairs csv", "skanderborg csv", "teams csv"]


@pytest.mark.parametrize("variant", CSV_VARIANTS)
@pytest.mark.parametrize("reader", CSV_FILES)
def test_a_csv_as_spreadsheets_save_it_reads_as_the_file_itself(fuzz, tmp_path, reader, variant):
    parts, command = FILES[reader]
    raw = fuzz.example(*parts)
    _same(fuzz, tmp_path, parts[-1], command, raw, CSV_VARIANTS[variant](raw))


def test_a_movement_file_with_semicolons_reads_as_with_commas(fuzz, tmp_path):
    movement = fuzz.run("bridge", "movement", "mitchell", "--tables", "3", "--boards", "6", "--format", "csv")
    raw = movement.output.encode()
    _same(fuzz, tmp_path, "mitchell.csv", ("bridge", "movement", "check"), raw, CSV_VARIANTS["semicolons"](raw))


@pytest.mark.parametrize("encoding", ["iso-8859-1", "windows-1252"])
def test_team_names_in_a_windows_encoding(fuzz, tmp_path, encoding):
    text = fuzz.example("examples", "bridge", "teams.csv").decode().replace("Lions", "Bjørn Société")
    _same(fuzz, tmp_path, "teams.csv", FILES["teams csv"][1], text.encode(), text.encode(encoding))


def _declared(text, encoding):
    return text.replace('encoding="UTF-8"', f'encoding="{encoding}"', 1)


@pytest.mark.parametrize("encoding, name", [("iso-8859-1", "Bjørn Séverin"), ("windows-1252", "Bjørn O’Hare"),
                                            ("utf-16", "Bjørn O’Hare")])
def test_usebio_in_the_encoding_it_declares(fuzz, tmp_path, encoding, name):
    session = fuzz.run("bridge", "session", "score", fuzz.ROOT + "/examples/bridge/pairs_session.csv",
                       "--format", "usebio")
    player = f"<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME></PLAYER>"
    text = session.output.replace("<PAIR_NUMBER>3</PAIR_NUMBER>", "<PAIR_NUMBER>3</PAIR_NUMBER>" + player)
    assert name in text
    _same(fuzz, tmp_path, "session.xml", ("bridge", "session", "score"), text.encode(),
          _declared(text, encoding).encode(encoding))


def test_session_pbn_in_the_charset_it_declares(fuzz, tmp_path):
    text = fuzz.example(*FILES["pbn score table"][0]).decode().replace("Leo Skogsholm", "Leo O’Skogsholm")
    declared = text.replace("% EXPORT\n", "% EXPORT\n%Content-type: text/x-pbn; charset=windows-1252\n", 1)
    _same(fuzz, tmp_path, "board1.pbn", ("bridge", "session", "score"), text.encode(), declared.encode("cp1252"))


def _simulation(fuzz, tmp_path):
    """The lines `tricks simulate --out` writes for three deals played by the heuristic agents."""
    out = tmp_path / "sim.jsonl"
    assert fuzz.run("simulate", "--game", "bridge", "--deals", 3, "--agents", "heuristic", "--out", out).exit_code == 0
    return out.read_bytes()


@pytest.mark.parametrize("command", [("score", "--system", "bridge-duplicate"), ("bridge", "analyse")])
def test_simulation_lines_after_blank_lines(fuzz, tmp_path, command):
    raw = _simulation(fuzz, tmp_path)
    _same(fuzz, tmp_path, "sim.jsonl", command, raw, b"\n\n" + raw.replace(b"\n", b"\r\n"))


@pytest.mark.parametrize("command", [("bridge", "analyse"), ("compare", "--system", "bridge-duplicate,bridge-rubber")])
def test_simulation_lines_in_utf16(fuzz, tmp_path, command):
    raw = _simulation(fuzz, tmp_path)
    _same(fuzz, tmp_path, "sim.jsonl", command, raw, codecs.BOM_UTF16_LE + raw.decode().encode("utf-16-le"))


def test_whist_pbn_hands_with_spaced_tags(fuzz, tmp_path):
    out = tmp_path / "match.pbn"
    assert fuzz.run("play", "--game", "whist", "--agents", "heuristic", "--seed", "1", "--protocol", out).exit_code == 0
    raw = out.read_bytes()
    spaced = re.sub(rb'\[(\w+) "', rb'[ \1   "', raw)
    assert spaced != raw
    _same(fuzz, tmp_path, "match.pbn", ("whist", "score"), raw, spaced)


def test_a_quoted_csv_cell_may_run_over_several_lines():
    """As a spreadsheet saves a cell with a line break: one row, numbered by its first line; the line numbers of
    the rows after it stay those of the file."""
    from trickcore.files import csv_rows

    text = 'board,ns,note\n# a comment\n\n1,2,"first\nsecond"\n3,4,x\n'
    assert csv_rows(text) == [(1, ["board", "ns", "note"]), (4, ["1", "2", "first\nsecond"]), (6, ["3", "4", "x"])]
