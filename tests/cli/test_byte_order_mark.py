"""Files saved with a UTF-8 byte-order mark (as Windows Notepad and spreadsheets' "CSV UTF-8" write them) are valid
input: every reader gives the same result as for the file without it. Most readers refused them (the JSON
decoder's "Unexpected UTF-8 BOM", a first line or column named "\\ufeff...")."""
import pytest

BOM = b"\xef\xbb\xbf"

CASES = [
    (("examples", "bridge", "rubber_2_1.txt"), ("bridge", "rubber")),
    (("examples", "bridge", "chicago.txt"), ("bridge", "chicago")),
    (("examples", "bridge", "pairs_session.csv"), ("bridge", "session", "score")),
    (("examples", "bridge", "teams.csv"), ("bridge", "teams", "score")),
    (("examples", "bridge", "rubber_unfinished.json"), ("score", "--system", "bridge-rubber")),
    (("examples", "bridge", "russian.json"), ("score", "--system", "bridge-russian")),
    (("examples", "bridge", "deals_with_par.json"), ("score", "--system", "bridge-par")),
    (("examples", "bridge", "pairs_boards.json"), ("score", "--system", "matchpoints")),
    (("examples", "bridge", "team_match.json"), ("score", "--system", "bridge-imps")),
    (("examples", "whist", "rubber.json"), ("whist", "score")),
    (("examples", "whist", "records.json"), ("whist", "score")),
    (("examples", "preferans", "sochi_game.json"), ("preferans", "score")),
    (("examples", "preferans", "gusarik_game.json"), ("preferans", "score")),
    (("examples", "preferans", "old_game.json"), ("preferans", "score")),
    (("examples", "bridge_pbn", "bbo_style.pbn"), ("bridge", "convert", "--to", "json")),
    (("tests", "data", "lin", "endplay_example1.lin"), ("bridge", "convert", "--to", "json")),
    (("tests", "data", "session", "skanderborg_board1.csv"), ("bridge", "session", "score")),
]


@pytest.mark.parametrize("parts, command", CASES, ids=[parts[-1] for parts, _ in CASES])
def test_a_file_with_a_byte_order_mark_reads_as_without_it(fuzz, tmp_path, parts, command):
    raw = fuzz.example(*parts)
    outputs = []
    for folder, data in (("plain", raw), ("marked", BOM + raw)):
        (tmp_path / folder).mkdir()
        path = tmp_path / folder / parts[-1]
        path.write_bytes(data)
        result = fuzz.run(*command, path)
        assert result.exit_code == 0, result.output
        outputs.append(result.output.replace(str(tmp_path / folder), "FOLDER"))
    assert outputs[0] == outputs[1]
