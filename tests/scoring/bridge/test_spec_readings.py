"""The readings of rules/bridge.md §18 ("Where the house rules are completed"): where the specification allows more
than one reading, these pin the one the project took, each test naming its section."""
import json
import os
from fractions import Fraction

from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.games.bridge import analysis
from trickcore.games.bridge.vocab import Side, parse_contract
from trickcore.scoring.bridge.duplicate.formats.csv_traveller import read_csv_traveller, write_csv_traveller
from trickcore.scoring.bridge.duplicate.matchpoints import parse_adjusted, score_board
from trickcore.scoring.bridge.duplicate.session import score_session
from trickcore.scoring.bridge.duplicate.traveller import adjustment_codes
from trickcore.scoring.bridge.rubber.chicago import ChicagoLedger
from trickcore.scoring.bridge.rubber.rubber_session import in_units
from trickcore.scoring.bridge.rubber.sheet import SheetEntry, TableResult, settle_entries
from trickcore.scoring.bridge.settings import BridgeScoringSettings

RUSSIAN = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "bridge", "russian.json")


def test_s6_3_units_are_the_winners_margin_with_the_winning_side():
    """§6.3: E-W win a rubber by 150: the sheet says E-W, margin 150, 2 units (positive); the rubber session's
    N-S-signed figure is −2."""
    result = settle_entries([SheetEntry(Side.EW, False, 150, "test")], 100)
    assert (result.winner, result.margin, result.units) == (Side.EW, 150, 2)
    assert result.to_dict()["units"] == 2 and result.to_dict()["winner"] == "EW"
    assert in_units(-150, 100) == -2


def test_s9_2_s9_3_average_plus_without_neuberg_is_60_percent_of_the_full_top():
    """§9.2/§9.3, neuberg = false: five results expected, two played and an A+: the real results keep their own
    top 2 (2 and 0), A+ is 60 % of the full top 8 = 4.80 and A− (E-W) 40 % = 3.20, over the board's own top."""
    board = score_board([parse_adjusted("A+"), 420, 170], expected=5, use_neuberg=False)
    assert board.top == 2
    assert board.ns == (Fraction(24, 5), 2, 0) and board.ew == (Fraction(16, 5), 0, 2)


def test_s7_2_held_at_end_is_lost_to_the_other_sides_later_game():
    """§7.2 held_at_end: deal 1 N-S 2♠= (60 toward game); deal 2 (E-W vulnerable) E-W 4♥= 120 + 500, which
    restarts both running totals; deal 3 W 1♣ one down → N-S 50; deal 4 N 1♣ one down → E-W 100. Nobody holds
    a part-score at the end: no 100 to N-S for the 60 below E-W's game. N-S 110, E-W 720."""
    ledger = ChicagoLedger(BridgeScoringSettings(chicago_partscore_bonus="held_at_end"))
    for text, declarer, taken in (("2S", "N", 8), ("4H", "E", 10), ("1C", "W", 6), ("1C", "N", 6)):
        ledger.add(TableResult(parse_contract(text), declarer, taken))
    totals = ledger.totals().totals
    assert ledger.extra == [] and (totals[Side.NS]["total"], totals[Side.EW]["total"]) == (110, 720)


def test_s5_7_par_lists_the_lowest_contract_of_each_strain():
    """§5.7: N-S take 11 tricks in hearts, N also 11 in spades (S 10): par 450 is reached by 4♥ and 5♥, 4♠ and 5♠
    by N; only the lowest of each strain is listed, 4♠ by N alone (4♠ by S makes 420)."""
    table = {s: {"C": 6, "D": 6, "H": 11, "S": 11 if s == "N" else 10, "NT": 7} for s in "NS"}
    table.update({s: {"C": 7, "D": 7, "H": 2, "S": 2, "NT": 6} for s in "EW"})
    assert analysis.par(table, "None", "N") == analysis.Par(450, ("4HN", "4HS", "4SN"))


def test_s9_3_a_lone_average_plus_on_a_csv_line_is_a_plus_for_ns_and_a_minus_for_ew():
    """§9.3/§16.5: board 1 has three results (top 4); board 2 two results and a line with `A+` alone: N-S 60 % of
    4 = 2.40, E-W 40 % = 1.60, as A+/A- (and written back so)."""
    text = ("board,ns_pair,ew_pair,contract,declarer,result\n1,1,4,4S,N,10\n1,2,5,2S,N,8\n1,3,6,1NT,N,7\n"
            "2,1,5,4S,N,10\n2,2,6,2S,N,8\n2,3,4,A+,,\n")
    session = score_session(read_csv_traveller(text, "club.csv"))
    line = session.lines[-1]
    assert adjustment_codes(line.line.adjustment) == ("A+", "A-")
    assert "A,2,,,3,4,A+/A-,,,," in write_csv_traveller(session).splitlines()
    assert (line.ns, line.ew) == (Fraction(12, 5), Fraction(8, 5))


def test_s14_russian_keeps_the_dealers_side_schedule_under_non_dealer_chicago():
    """§14/§7.1: deal 2 (dealer E) is E-W vulnerable on the dealer's-side schedule; chicago_vulnerability =
    non_dealer does not change Russian scoring (E-W vulnerable, N-S +3); russian_vulnerability = board does
    (board 2: N-S vulnerable)."""
    def boards(*settings):
        args = ["score", "--system", "bridge-russian", RUSSIAN, "--format", "json"]
        for item in settings:
            args += ["--set", item]
        result = CliRunner().invoke(tricks, args)
        assert result.exit_code == 0, result.output
        return [(b["vulnerability"], b["ns_imps"]) for b in json.loads(result.output)["boards"]]

    assert boards() == boards("chicago_vulnerability=non_dealer") == [("None", 3), ("EW", 3)]
    assert boards("russian_vulnerability=board")[1][0] == "NS"
