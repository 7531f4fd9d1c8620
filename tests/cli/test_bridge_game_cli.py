"""The bridge record commands (auction, convert) on their click objects, and `tricks play --game bridge`."""
import json
import os

from click.testing import CliRunner

from trickcore.cli.bridge_records import auction_command, commands, convert_command
from trickcore.cli.main import tricks
from trickcore.games.bridge.formats.pbn_read import read_pbn

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "bridge_pbn")
DEALER4 = os.path.join(ROOT, "dealer4_style.pbn")


def run(command, *args):
    return CliRunner().invoke(command, list(args))


def test_bridge_game_commands_list():
    assert [c.name for c in commands] == ["auction", "convert"]


def test_bridge_game_cli_auction_plain(tmp_path):
    path = tmp_path / "calls.txt"
    path.write_text("# E-B\nDealer N\n1H 2H 2S 4H\nPass Pass X AP\n")
    result = run(auction_command, str(path))
    assert result.exit_code == 0 and result.output == "4HX by E (dummy W, S leads)\n"
    data = json.loads(run(auction_command, str(path), "--format", "json").output)
    assert (data["contract"], data["declarer"]) == ("4HX", "E")
    path.write_text("Pass Pass Pass Pass\n")
    assert run(auction_command, str(path)).output == "passed out\n"
    path.write_text("1C Pass\n")
    assert run(auction_command, str(path), "--dealer", "w").output.startswith("incomplete")


def test_bridge_game_cli_auction_insufficient_bid(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("Dealer N\n1H 1S\n2C 1NT\n")
    result = run(auction_command, str(path))
    assert result.exit_code == 2
    assert result.output.count("\n") == 1
    assert f"{path}, line 3, field '1NT'" in result.output and "insufficient bid" in result.output


def test_bridge_game_cli_auction_pbn():
    result = run(auction_command, DEALER4)
    assert result.exit_code == 0 and result.output == "Board 1: 4H by N (dummy S, E leads)\n"


def test_bridge_game_cli_malformed_tag(tmp_path):
    path = tmp_path / "bad.pbn"
    path.write_text('[Event "x"]\n[Board 1]\n')
    out = tmp_path / "out.lin"
    result = run(convert_command, str(path), "--to", "lin", "-o", str(out))
    assert result.exit_code == 2 and f"{path}, line 2, field 'tag'" in result.output
    assert not out.exists()


def test_bridge_game_cli_convert_round_trip(tmp_path):
    lin, js, pbn = tmp_path / "a.lin", tmp_path / "a.json", tmp_path / "a.pbn"
    assert run(convert_command, DEALER4, "--to", "lin", "-o", str(lin)).exit_code == 0
    assert run(convert_command, str(lin), "--to", "json", "-o", str(js)).exit_code == 0
    assert run(convert_command, str(js), "--to", "pbn", "-o", str(pbn)).exit_code == 0
    original = [b for b in read_pbn(open(DEALER4).read()) if b.deal is not None][:1]
    back = read_pbn(pbn.read_text())
    assert (back[0].deal, back[0].auction, back[0].play, back[0].contract, back[0].result) == \
           (original[0].deal, original[0].auction, original[0].play, original[0].contract, original[0].result)
    assert run(convert_command, DEALER4, "--to", "pbn").output.startswith("% PBN 2.1\n% EXPORT\n")


def test_bridge_game_tricks_play():
    result = CliRunner().invoke(tricks, ["play", "--game", "bridge", "--agents", "heuristic", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Board 1 (seed 1), dealer N, vulnerable None")
    assert "Result: " in result.output or "Passed out" in result.output
    result = CliRunner().invoke(tricks, ["play", "--game", "bridge", "--agents", "heuristic", "--seed", "1",
                                         "--format", "json"])
    assert set(json.loads(result.output)["boards"][0]) >= {"deal", "auction", "contract", "tricks", "ns_score"}
    result = CliRunner().invoke(tricks, ["play", "--game", "bridge", "--agents", "heuristic", "--trump", "S"])
    assert result.exit_code == 2


def test_bridge_game_cli_convert_pbn_encoding(tmp_path):
    source = tmp_path / "names.pbn"
    source.write_text('[Board "1"]\n[West "Łukasz"]\n[North "José"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                      '[Deal "N:AKQ.JT9.8765.432 JT9.8765.432.AKQ 8765.432.AKQ.JT9 432.AKQ.JT9.8765"]\n',
                      encoding="utf-8")
    utf8 = tmp_path / "utf8.pbn"
    assert run(convert_command, str(source), "--to", "pbn", "--encoding", "utf-8", "-o", str(utf8)).exit_code == 0
    data = utf8.read_bytes()
    assert b"% Content-type: text/x-pbn; charset=UTF-8" in data and "Łukasz".encode() in data
    latin = tmp_path / "latin.pbn"
    result = CliRunner().invoke(convert_command, [str(source), "--to", "pbn", "-o", str(latin)])
    assert result.exit_code == 2 and "pbn_encoding" in result.output and not latin.exists()
