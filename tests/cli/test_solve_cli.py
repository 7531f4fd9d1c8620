"""`tricks solve`: JSON shape, PBN files on several processes (one of them killed), preferans, bad input."""
import json
import os
import signal

from click.testing import CliRunner

from trickcore.cli import api
from trickcore.cli.solve import solve
from trickcore.games.bridge import analysis
from trickcore.games.registry import get_game

# Each hand holds one whole suit: every table entry is 13 or 0 in its own suit, found at once.
EASY = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
PREF = "AKJT.J8.QJ.AJ Q.AKT.K7.T987 987.97.A98.KQ | HQ DT"


def test_bridge_json_shape():
    result = CliRunner().invoke(solve, ["--game", "bridge", "--deal", EASY, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["deal"] == EASY
    assert list(data["tricks"]) == ["N", "E", "S", "W"]
    assert data["tricks"]["N"] == {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0}
    assert set(data["par"]) == {"score", "contracts"}


def test_bridge_pbn_file_jobs(tmp_path):
    pbn = tmp_path / "deals.pbn"
    pbn.write_text(f'[Board "1"]\n[Deal "{EASY}"]\n\n[Board "2"]\n[Deal "{EASY}"]\n')
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(solve, ["--game", "bridge", "--deals", str(pbn), "--jobs", "2", "-o", str(out)])
    assert result.exit_code == 0, result.output
    first, second = (json.loads(line) for line in out.read_text().splitlines())
    assert (first.pop("index"), first.pop("board"), second.pop("index"), second.pop("board")) == (1, 1, 2, 2)
    assert first == second


def test_a_killed_worker_stops_the_file_with_one_error_and_no_output(tmp_path, monkeypatch, no_hang):
    deals = api.deal("bridge", 6, seed=2)
    pbn = tmp_path / "deals.pbn"
    pbn.write_text("".join(f'[Board "{k}"]\n[Deal "{deal.to_pbn()}"]\n\n' for k, deal in enumerate(deals, 1)))
    fatal, parent = deals[3].to_pbn(), os.getpid()
    service = type(get_game("bridge").analysis)
    analyse = service.analyse

    def dying(self, deal, **opts):
        if os.getpid() != parent and deal.to_pbn() == fatal:
            os.kill(os.getpid(), signal.SIGKILL)       # as the out-of-memory killer does
        return analyse(self, deal, **opts)

    monkeypatch.setattr(service, "analyse", dying)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(solve, ["--game", "bridge", "--deals", str(pbn), "--jobs", "2", "-o", str(out)])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert result.output.startswith("Error: worker process ") and "killed by SIGKILL" in result.output
    assert not out.exists()


def test_real_pbn_file_with_tags_auction_and_commentary(tmp_path):
    """A PBN file as exported by bridge programs: several tags, an auction, comments; per-board par."""
    pbn = tmp_path / "real.pbn"
    pbn.write_text('% PBN 2.1\n% EXPORT\n[Event "Club"]\n[Board "1"]\n[Dealer "E"]\n[Vulnerable "All"]\n'
                   f'[Deal "{EASY}"]\n{{a comment}}\n[Auction "E"]\nPass Pass Pass Pass\n\n'
                   f'[Event "#"]\n[Board "2"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{EASY}"]\n')
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(solve, ["--game", "bridge", "--deals", str(pbn), "-o", str(out)])
    assert result.exit_code == 0, result.output
    first, second = (json.loads(line) for line in out.read_text().splitlines())
    assert first["tricks"] == second["tricks"]
    # Each line can be matched back to its board: number, and the dealer and vulnerability its par used.
    assert [(d["index"], d["board"], d["dealer"], d["vul"]) for d in (first, second)] == [(1, 1, "E", "All"),
                                                                                         (2, 2, "N", "None")]
    assert first["par"] == analysis.par(first["tricks"], "All", "E").to_dict()
    assert second["par"] == analysis.par(second["tricks"], "None", "N").to_dict()


def test_bad_pbn_deal_names_line_and_writes_nothing(tmp_path):
    pbn = tmp_path / "bad.pbn"
    pbn.write_text(f'[Deal "{EASY}"]\n\n[Deal "N:AKQ.XYZ - - -"]\n')
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(solve, ["--game", "bridge", "--deals", str(pbn), "-o", str(out)])
    assert result.exit_code == 2
    assert "line 3" in result.output and not out.exists()


def test_preferans_text_and_json():
    result = CliRunner().invoke(solve, ["--game", "preferans", "--deal", PREF, "--declarer", "hand1",
                                        "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["contracts"]["hand1"] == {"S": 6, "C": 2, "D": 5, "H": 5, "NT": 5, "misere": 5}
    assert data["all_pass"] == {"hand1": 6, "hand2": 6, "hand3": 3}
    text = CliRunner().invoke(solve, ["--game", "preferans", "--deal", PREF, "--declarer", "hand2"])
    assert text.exit_code == 0 and "misere" in text.output


def test_bad_input_exits_2():
    for args in (["--game", "bridge", "--deal", "N:garbage"],
                 ["--game", "preferans", "--deal", PREF, "--declarer", "hand9"],
                 ["--game", "preferans", "--deal", PREF],
                 ["--game", "bridge"]):
        result = CliRunner().invoke(solve, args)
        assert result.exit_code == 2, (args, result.output)
        assert len(result.output.strip().splitlines()) == 1


def test_whist_tricks_are_the_bridge_table_seen_from_the_dealers_left():
    from trickcore.dealing import parse_deal
    deal_text = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    table = analysis.dd_table(parse_deal(deal_text))
    for dealer in "NESW":
        # The dealer's left leads: in the bridge table the dealer is the declarer.
        declarer = dealer
        result = CliRunner().invoke(solve, ["--game", "whist", "--deal", deal_text, "--dealer", dealer,
                                            "--format", "json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["leader"] == "NESW"[("NESW".index(dealer) + 1) % 4]
        for trump in "SHDC":
            side = table[declarer][trump]
            ns = side if declarer in "NS" else 13 - side
            assert data["tricks"][trump] == {"NS": ns, "EW": 13 - ns}


def test_whist_one_trump_and_bad_input():
    result = CliRunner().invoke(solve, ["--game", "whist", "--deal", EASY, "--trump", "d"])
    assert result.exit_code == 0, result.output
    assert "trumps D: 13 / 0" in result.output and "trumps S" not in result.output
    result = CliRunner().invoke(solve, ["--game", "whist", "--deal", "N:AKQJ.T98"])
    assert result.exit_code == 2 and "four hands" in result.output
