"""The spec checklist of rules/bridge.md §11-§16 and their §17 examples: the items no other test pinned, each from
the spec's own numbers (the arithmetic is in each test's docstring).

§11 VPs: the whole repaired scale against an independent build of the §11.3 algorithm, blitz, non-integer margins;
§12 Mitchell/Howell properties on small inputs by hand; §13 ranking places and available tops; §14 every row of the
target table, the 20-20 rule and pass-outs; §16 exports (PBN Deal from North, ScoringMethod, ScoreTable rows of
each kind, USEBIO method and winner type, CSV canonical forms and order, LIN layout) and import variants.
"""
import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

from trickcore.games.bridge.formats.lin import read_lin_board, write_lin
from trickcore.games.bridge.formats.pbn_read import read_pbn
from trickcore.games.bridge.formats.pbn_write import write_pbn
from trickcore.games.bridge.vocab import Seat, Vulnerability, parse_contract
from trickcore.scoring.bridge.contract.vp import blitz, team_victory_points, victory_points
from trickcore.scoring.bridge.display import format_vp
from trickcore.scoring.bridge.duplicate.formats.csv_traveller import read_csv_traveller, write_csv_traveller
from trickcore.scoring.bridge.duplicate.formats.pbn_session import write_session_pbn
from trickcore.scoring.bridge.duplicate.formats.usebio import write_usebio
from trickcore.scoring.bridge.duplicate.movement import howell, mitchell
from trickcore.scoring.bridge.duplicate.session import score_session
from trickcore.scoring.bridge.ranking import places
from trickcore.scoring.bridge.rubber.russian import QOOBAA_TARGETS, russian_imps, target_score
from trickcore.scoring.bridge.settings import BridgeScoringSettings

# --- §11.3 victory points -------------------------------------------------------------------------------------


def _independent_scale(boards):
    """§11.3 written out again from the spec text alone: v(0) … v(⌈B⌉ + 1), half-up rounding of the double, then
    the concavity repair (smallest k ≥ 2 with v(k) − v(k−1) > v(k−1) − v(k−2): add 0.01 to v(k−1), search again)."""
    tau = (math.sqrt(5) - 1) / 2
    b = 15 * math.sqrt(boards)

    def raw(m):
        return 20.0 if m >= b else 10 + 10 * (1 - tau ** (3 * m / b)) / (1 - tau ** 3)

    v = [Decimal(raw(m)).quantize(Decimal("0.01"), ROUND_HALF_UP) for m in range(math.ceil(b) + 2)]
    while True:
        for k in range(2, len(v)):
            if v[k] - v[k - 1] > v[k - 1] - v[k - 2]:
                v[k - 1] += Decimal("0.01")
                break
        else:
            return [Fraction(x) for x in v]


@pytest.mark.parametrize("boards", [1, 2, 7, 8, 12, 16, 20, 24, 28, 32, 48, 64])
def test_vp_repaired_scale_is_the_spec_algorithm_for_every_margin(boards):
    """Every integer margin 0 … ⌈B⌉ + 3 against the §11.3 algorithm built independently; beyond ⌈B⌉ + 1 the
    winner has 20 (raw(M) = 20 for M ≥ B), and the loser always 20 − v(M)."""
    scale = _independent_scale(boards)
    for margin in range(len(scale) + 2):
        expected = scale[margin] if margin < len(scale) else Fraction(20)
        assert victory_points(margin, boards) == (expected, 20 - expected), margin


def test_vp_repair_examples_of_11_3_and_the_other_repaired_values():
    """§11.3: 16 boards 14 IMPs 13.74 → 13.75; 24 boards 5 IMPs 11.22 → 11.23; 24 boards 13 IMPs 12.95 unchanged.
    8 boards: the only value the repair changes is 40 IMPs, 19.73 → 19.74 (found by the independent build above).
    Without repair the plain rounding stays."""
    assert victory_points(14, 16) == (Fraction("13.75"), Fraction("6.25"))
    assert victory_points(14, 16, repair=False)[0] == Fraction("13.74")
    assert victory_points(5, 24)[0] == Fraction("11.23") and victory_points(5, 24, repair=False)[0] == Fraction("11.22")
    assert victory_points(13, 24) == (Fraction("12.95"), Fraction("7.05"))
    assert victory_points(40, 8)[0] == Fraction("19.74") and victory_points(40, 8, repair=False)[0] == Fraction("19.73")


def test_vp_blitz_and_draw():
    """B = 15·√N: 8 boards 42.43 (E-L), so 42 IMPs is 19.95 and 43 is 20.00 – 0.00; a drawn match is 10.00–10.00,
    shown with two decimals."""
    assert round(blitz(8), 2) == 42.43
    assert victory_points(42, 8)[0] == Fraction("19.95")
    assert victory_points(43, 8) == (20, 0)
    assert [format_vp(v) for v in team_victory_points(0, 16)] == ["10.00", "10.00"]


def test_vp_non_integer_margins_use_v_without_repair():
    """§11.3: a non-integer margin uses v(M) without repair. 23.5 IMPs over 8 boards: raw = 10 + 10·(1 −
    τ^(70.5/42.426…))/(1 − τ³) = 17.2062… → 17.21; 40.5 over 8: 19.77 (between the repaired 19.74 and 19.80);
    the loser has 20 − v and a negative margin swaps the teams."""
    assert victory_points(Fraction(47, 2), 8) == (Fraction("17.21"), Fraction("2.79"))
    tau = (math.sqrt(5) - 1) / 2
    raw = 10 + 10 * (1 - tau ** (3 * 40.5 / (15 * math.sqrt(8)))) / (1 - tau ** 3)
    assert victory_points(Fraction(81, 2), 8)[0] == Fraction(Decimal(raw).quantize(Decimal("0.01"), ROUND_HALF_UP))
    assert team_victory_points(Fraction(-47, 2), 8) == (Fraction("2.79"), Fraction("17.21"))


# --- §12 movements --------------------------------------------------------------------------------------------


def test_mitchell_3_tables_by_the_normative_formulas():
    """§12.2, N = 3 (odd: no skip), B = 1: ew = 3 + wrap_3(t − (r − 1)), set = wrap_3(t + r − 1).
    r1: t1 1v4 s1, t2 2v5 s2, t3 3v6 s3; r2: t1 1v6 s2, t2 2v4 s3, t3 3v5 s1; r3: t1 1v5 s3, t2 2v6 s1, t3 3v4 s2.
    Each E-W pair meets the three N-S pairs (R = N, odd) and each set is played at three tables."""
    got = [(e.round, e.table, e.ns_pair, e.ew_pair, e.boards) for e in mitchell(3, 1).entries]
    assert got == [(1, 1, 1, 4, (1,)), (1, 2, 2, 5, (2,)), (1, 3, 3, 6, (3,)),
                   (2, 1, 1, 6, (2,)), (2, 2, 2, 4, (3,)), (2, 3, 3, 5, (1,)),
                   (3, 1, 1, 5, (3,)), (3, 2, 2, 6, (1,)), (3, 3, 3, 4, (2,))]


def test_mitchell_6_tables_skip_and_revenge_round():
    """§12.2, N = 6 even, R = N: after round 3 the E-W pairs skip a table, so pair 7 (starts at table 1) sits at
    tables 1, 2, 3, then 5, 6, and 1 again in round 6 (the revenge round against N-S pair 1), never meeting N-S
    pair 4 (N/2 = 3 tables above its start); with R = 5 it meets five different N-S pairs."""
    seven = [e.ns_pair for e in mitchell(6, 1).entries if e.ew_pair == 7]
    assert seven == [1, 2, 3, 5, 6, 1]
    assert [e.ns_pair for e in mitchell(6, 1, rounds=5).entries if e.ew_pair == 7] == [1, 2, 3, 5, 6]


def test_mitchell_arrow_switch_last_round_preset():
    """§12.2 arrow switch, preset last_round on 3 tables: round 3's E-W-field pairs sit N-S (t1 5 v 1, t2 6 v 2,
    t3 4 v 3) and the section is one field."""
    movement = mitchell(3, 1, arrow_switch="last_round")
    assert movement.arrow_switch == {3}
    assert [(e.ns_pair, e.ew_pair) for e in movement.round_entries(3)] == [(5, 1), (6, 2), (4, 3)]
    assert movement.fields() == (frozenset(range(1, 7)),)


def test_howell_2_tables_by_the_normative_formulas():
    """§12.3, N = 2, M = 3, B = 1: table 1 is 4 v r; table 2 (k even): x = wrap_3(r + 1) N-S, y = wrap_3(r − 1) E-W.
    r1: 4v1, 2v3; r2: 4v2, 3v1; r3: 4v3, 1v2 — every pair meets every other once, set r at both tables; pairs
    1-3 sit N-S N − 1 = 1 time and E-W N = 2 times."""
    got = [(e.round, e.table, e.ns_pair, e.ew_pair, e.boards) for e in howell(2, 1).entries]
    assert got == [(1, 1, 4, 1, (1,)), (1, 2, 2, 3, (1,)), (2, 1, 4, 2, (2,)), (2, 2, 3, 1, (2,)),
                   (3, 1, 4, 3, (3,)), (3, 2, 1, 2, (3,))]


# --- §13 sessions ---------------------------------------------------------------------------------------------


def test_standard_competition_places():
    """§13.4: equal values share the place, the next is skipped, ties written with '='."""
    assert places([70, 70, 60, 55, 55, 55, 40]) == ["1=", "1=", "3", "4=", "4=", "4=", "7"]
    assert places([Fraction(1, 3), Fraction(2, 6)]) == ["1=", "1="]


SESSION_CSV = """board,ns_pair,ew_pair,contract,declarer,result,lead,ns_score
1,1,4,4S,N,10,HK,420
1,2,5,4S,N,11,,450
1,3,6,3NT,S,8,,-50
2,1,5,PASS,,,,0
2,2,6,2H,E,8,,-110
2,3,4,NP,,,,
"""


def test_session_available_neuberg_and_np():
    """§13.2-§13.3 without a movement: N = 3 (board 1 has 3 lines). Board 2: n = 2 real results (0, −110),
    raw MPs 2 and 0 (top 2), Neuberg to 3: (2+1)·3/2 − 1 = 3.5 and (0+1)·3/2 − 1 = 0.5; E-W 0.5 and 3.5.
    Board 1: 420 → 2, 450 → 4, −50 → 0. Pair 1 (N-S): 2 + 3.5 = 5.5 of 2 × 4 = 8 → 68.75 %; pair 3's NP board
    counts in neither: 0 of 4 → 0 %; pair 4 (E-W): 2 on board 1 only (NP on 2) → 2/4 = 50 %."""
    session = score_session(read_csv_traveller(SESSION_CSV, "s.csv"))
    by_pair = {s.pair: s for s in session.standings}
    assert (by_pair[1].total, by_pair[1].available, by_pair[1].percentage) == (Fraction(11, 2), 8, Fraction(275, 4))
    assert (by_pair[3].total, by_pair[3].available, by_pair[3].boards) == (0, 4, 1)
    assert (by_pair[4].total, by_pair[4].available, by_pair[4].percentage) == (2, 4, 50)
    assert [s.place for s in session.standings if s.field == "NS"] == ["1", "2", "3"]
    assert [s.pair for s in session.standings if s.field == "NS"] == [1, 2, 3]


# --- §14 Russian scoring --------------------------------------------------------------------------------------

TARGETS = """20 0 0 | 21 50 50 | 22 70 70 | 23 110 110 | 24 200 290 | 25 300 440 | 26 350 520 | 27 400 600 |
28 430 630 | 29 460 660 | 30 490 690 | 31 600 900 | 32 700 1050 | 33 900 1350 | 34 1000 1500 | 35 1100 1650 |
36 1200 1800 | 37 1300 1950 | 38 1300 1950 | 39 1300 1950 | 40 1300 1950"""


def test_russian_target_table_every_row():
    """§14 step 3: the whole table, 37-40 sharing the last row."""
    rows = [row.split() for row in TARGETS.replace("\n", " ").split("|")]
    assert len(rows) == 21
    for hcp, nv, vul in rows:
        assert (target_score(int(hcp), False), target_score(int(hcp), True)) == (int(nv), int(vul)), hcp
    assert QOOBAA_TARGETS[37] == (1300, 1950)


def test_russian_tie_pass_out_and_sign():
    """§14: 20-20: target 0 and reference side N-S (or E-W by setting); the result's sign is N-S's either way:
    3NT by S making 9 NV (+400): imps(400 − 0) = +9 for N-S whatever the reference side.
    Pass-out, N-S hold 25 HCP NV: actual 0, target 300, imps(−300) = −7 for N-S, +7 E-W.
    E-W hold 31 HCP vulnerable (N-S 9) and make 4S by E with 10 tricks: actual = 620, target 900, imps(−280) = −7
    for E-W, so N-S +7. E-P: N-S 23 HCP NV, E-W make 3S (+140 to E-W): −140 − 110 = −250 → N-S −6."""
    three_nt = parse_contract("3NT")
    assert russian_imps(three_nt, Seat.S, Vulnerability.NONE, 9, ns_hcp=20) == 9
    assert russian_imps(three_nt, Seat.S, Vulnerability.NONE, 9, ns_hcp=20, tie_side="EW") == 9
    assert russian_imps(None, None, Vulnerability.NONE, None, ns_hcp=25) == -7
    assert russian_imps(parse_contract("4S"), Seat.E, Vulnerability.BOTH, 10, ns_hcp=9) == 7
    assert russian_imps(parse_contract("3S"), Seat.W, Vulnerability.NONE, 9, ns_hcp=23) == -6


# --- §16 file formats -----------------------------------------------------------------------------------------

DEAL_E = "E:K.KQ973.AT973.K2 QT965.AJT42..AQT 843.6.Q64.J98765 AJ72.85.KJ852.43"
DEAL_N = "N:AJ72.85.KJ852.43 K.KQ973.AT973.K2 QT965.AJT42..AQT 843.6.Q64.J98765"


def test_pbn_export_deal_always_starts_with_north():
    """§16.2 export: `Deal` always starts `N:` and lists N E S W, whatever the dealer (board 2: dealer E) and
    whichever seat the file's Deal began with; the deal reads back the same."""
    board, = read_pbn(f'[Board "2"]\n[Dealer "E"]\n[Deal "{DEAL_E}"]\n')
    text = write_pbn([board])
    assert f'[Deal "{DEAL_N}"]' in text
    assert read_pbn(text)[0].deal == board.deal


def test_pbn_export_mandatory_tags_in_order_and_passed_out():
    """§16.2 export: header lines, then the 15 mandatory tags in order with '?' for unknown values; a passed-out
    deal has Declarer "", Contract "Pass", Result ""."""
    board, = read_pbn(f'[Board "2"]\n[Dealer "E"]\n[Deal "{DEAL_E}"]\n[Contract "Pass"]\n')
    lines = write_pbn([board]).splitlines()
    assert lines[:3] == ["% PBN 2.1", "% EXPORT", ""]
    names = [line[1:].split(" ", 1)[0] for line in lines[3:18]]
    assert names == ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
                     "Deal", "Scoring", "Declarer", "Contract", "Result"]
    assert lines[3] == '[Event "?"]' and lines[5] == '[Date "????.??.??"]' and lines[14] == '[Scoring "?"]'
    assert lines[15:18] == ['[Declarer ""]', '[Contract "Pass"]', '[Result ""]']


@pytest.mark.parametrize("tags,dealer,vulnerability", [
    ('[Dealer "north"][Vulnerable "Love"]', Seat.N, Vulnerability.NONE),
    ('[Dealer "w"][Vulnerable "-"]', Seat.W, Vulnerability.NONE),
    ('[Dealer "S"][Vulnerable "0"]', Seat.S, Vulnerability.NONE),
    ('[Dealer "East"][Vulnerable "n-s"]', Seat.E, Vulnerability.NS),
    ('[Dealer "E"][Vulnerable "E-W"]', Seat.E, Vulnerability.EW),
    ('[Dealer "E"][Vulnerable "Both"]', Seat.E, Vulnerability.BOTH),
    ('[Dealer "E"][Vulnerable "b"]', Seat.E, Vulnerability.BOTH),
    ('[Dealer "E"][Vulnerable "ALL"]', Seat.E, Vulnerability.BOTH),
])
def test_pbn_import_dealer_and_vulnerable_spellings(tags, dealer, vulnerability):
    """§16.2 import: Dealer N E S W or North …, any case; Vulnerable None/Love/-/0, NS/N-S, EW/E-W, All/Both/B."""
    board, = read_pbn(f'[Board "5"]{tags}[Deal "{DEAL_N}"]\n')
    assert (board.dealer, board.vulnerability) == (dealer, vulnerability)


@pytest.mark.parametrize("contract,text", [("4S*", "4SX"), ("4s**", "4SXX"), ("3 N", "3NT"), ("3♥", "3H"),
                                           ("6nt x", "6NTX")])
def test_pbn_import_contract_spellings(contract, text):
    """§16.2 import: level + strain (C D H S N NT or a symbol) + X/XX, also * / **, spaces ignored."""
    board, = read_pbn(f'[Board "1"][Dealer "N"][Deal "{DEAL_N}"][Declarer "N"][Contract "{contract}"]'
                      '[Result "9"]\n')
    assert str(board.contract) == text


def test_pbn_import_hands_in_any_order_ten_and_suit_letters_and_missing_fourth():
    """§16.2 import: ranks in any order and case with 10 for T, a hand of suit letters without dots, and a fourth
    hand left out (completed with the remaining 13 cards) give the same deal."""
    written = "N:2a7j.58.k2j58.34 SKHKQ973DAT973CK2 QT965.AJ1042..AQT -"
    board, = read_pbn(f'[Board "1"][Dealer "N"][Deal "{written}"]\n')
    reference, = read_pbn(f'[Board "1"][Dealer "N"][Deal "{DEAL_N}"]\n')
    assert board.deal == reference.deal


def _scored_session(text, method="matchpoints"):
    return score_session(read_csv_traveller(text, "s.csv"), method)


KINDS_CSV = """board,ns_pair,ew_pair,contract,declarer,result,lead,ns_score
1,1,4,4S,N,10,HK,420
1,2,5,4SX,N,9,,-100
1,3,6,PASS,,,,0
2,1,5,A+/A-,,,,
2,2,6,NP,,,,
2,3,4,3NT,S,10,,630
"""


def test_pbn_session_score_table_rows_of_each_kind():
    """§16.2 export: Score_NS holds the NS score when ≥ 0, else '-'; Score_EW −(NS score) when > 0, else '-';
    passed out 'Pass - -' with Score_NS 0; artificial: the CSV code, Declarer/Result/Scores '-'; NP: every figure
    '-'. Board 1 MPs (top 4): 420 → 4, −100 → 0, 0 → 2."""
    pbn = write_session_pbn(_scored_session(KINDS_CSV)).decode("iso-8859-1")
    rows = {tuple(line.split()[3:5]): line.split() for line in pbn.splitlines()
            if line[:1] == "A" and len(line.split()) == 13}
    assert rows[("1", "4")][5:] == ["4S", "N", "10", "HK", "420", "-", "4", "0"]
    assert rows[("2", "5")][5:] == ["4SX", "N", "9", "-", "-", "100", "0", "4"]
    assert rows[("3", "6")][5:] == ["Pass", "-", "-", "-", "0", "-", "2", "2"]
    assert rows[("1", "5")][5:11] == ["A+/A-", "-", "-", "-", "-", "-"]
    assert rows[("2", "6")][5:] == ["NP"] + ["-"] * 7
    assert '[Scoring "MP"]' in pbn and "ScoringMethod" not in pbn
    assert '[TotalScoreTable "Rank\\3R;PairId\\3R;Direction\\2L;NrBoards\\2R;TotalScoreMP\\7R;' \
           'TotalPercentage\\6R;Names\\30L"]' in pbn


@pytest.mark.parametrize("method,tag", [("butler", "Butler"), ("cross_imps", "CrossImps")])
def test_pbn_session_imp_methods_add_scoring_method(method, tag):
    """§16.2 export: Scoring IMP, the supplemental tag ScoringMethod for Butler and cross-IMPs, IMP_NS/IMP_EW
    columns and TotalScoreIMP."""
    pbn = write_session_pbn(_scored_session(KINDS_CSV, method)).decode("iso-8859-1")
    assert '[Scoring "IMP"]' in pbn and f'[ScoringMethod "{tag}"]' in pbn
    assert "IMP_NS\\6R;IMP_EW\\6R" in pbn and "TotalScoreIMP\\7R" in pbn and ";MP_NS" not in pbn


@pytest.mark.parametrize("method,name,figures", [("matchpoints", "MATCH_POINTS", "NS_MATCH_POINTS"),
                                                 ("butler", "BUTLER_IMPS", "NS_IMPS"),
                                                 ("cross_imps", "CROSS_IMPS", "NS_IMPS")])
def test_usebio_export_method_winner_type_and_figures(method, name, figures):
    """§16.4: BOARD_SCORING_METHOD names the method, WINNER_TYPE 2 for N-S and E-W fields (a Mitchell), IMP
    events write NS_IMPS/EW_IMPS; SCORE is the NS score; the traveller line's tricks."""
    xml = write_usebio(_scored_session(KINDS_CSV, method))
    assert xml.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">')
    assert f"<BOARD_SCORING_METHOD>{name}</BOARD_SCORING_METHOD>" in xml
    assert "<WINNER_TYPE>2</WINNER_TYPE>" in xml and f"<{figures}>" in xml
    assert "<SCORE>420</SCORE>" in xml and "<TRICKS>10</TRICKS>" in xml and '<EVENT EVENT_TYPE="PAIRS">' in xml


def test_usebio_one_field_is_winner_type_1():
    """§16.4: WINNER_TYPE 1 = one field (a Howell: pairs sit both ways)."""
    text = "board,ns_pair,ew_pair,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n2,2,3,3NT,S,9\n" \
           "2,4,1,3NT,S,8\n"
    assert "<WINNER_TYPE>1</WINNER_TYPE>" in write_usebio(_scored_session(text))


def test_csv_export_canonical_forms_and_order():
    """§16.5 export: the eleven columns, sorted by section, board, round, table; contracts canonical, result
    relative, ns_score for contracts, PASS (0) and ASSIGNED, empty otherwise; A alone only when both parts are A."""
    text = ("section,board,round,table,ns_pair,ew_pair,contract,declarer,result,ns_score\n"
            "B,1,1,1,1,2,3n,s,9,\n"
            "A,2,2,1,1,2,4hx,e,8,\n"
            "A,1,2,2,3,4,a,,,\n"
            "A,1,1,1,1,2,p,,,\n"
            "A,1,1,2,3,4,ASSIGNED,,,-50\n"
            "A,2,1,2,3,4,NP,,,\n"
            "A,2,1,1,5,6,a+/a-,,,\n")
    written = write_csv_traveller(_scored_session(text.replace("A,1,2,2,3,4", "A,1,2,2,5,6"))).splitlines()
    assert written == ["section,board,round,table,ns_pair,ew_pair,contract,declarer,result,lead,ns_score",
                       "A,1,1,1,1,2,PASS,,,,0",
                       "A,1,1,2,3,4,ASSIGNED,,,,-50",
                       "A,1,2,2,5,6,A,,,,",
                       "A,2,1,1,5,6,A+/A-,,,,",
                       "A,2,1,2,3,4,NP,,,,",
                       "A,2,2,1,1,2,4HX,E,-2,,300",
                       "B,1,1,1,1,2,3NT,S,=,,400"]


def test_lin_export_layout_hand_order_and_dealer_digit():
    """§16.3 export: pn S,W,N,E; md the dealer digit (1 S, 2 W, 3 N, 4 E) then the hands S, W, N, E with ranks
    ascending (S holds QT965.AJT42..AQT → S569TQH24TJADCTQA); rh, ah Board n, sv; then mb per call and pg||.
    Dealer E → digit 4; N-S vulnerable → n."""
    board, = read_pbn(f'[Board "2"][Dealer "E"][Vulnerable "NS"][South "s"][West "w"][North "n"][East "e"]'
                      f'[Deal "{DEAL_E}"][Auction "E"]\nPass Pass Pass Pass\n')
    line = write_lin([board]).strip()
    assert line == ("pn|s,w,n,e|st||md|4S569TQH24TJADCTQA,S348H6D46QC56789J,S27JAH58D258JKC34,SKH379QKD379TAC2K|rh||"
                    "ah|Board 2|sv|n|mb|p|mb|p|mb|p|mb|p|pg||")
    again = read_lin_board(line)
    assert (again.dealer, again.vulnerability, again.deal) == (Seat.E, Vulnerability.NS, board.deal)


@pytest.mark.parametrize("sv,vulnerability", [("o", Vulnerability.NONE), ("0", Vulnerability.NONE),
                                              ("n", Vulnerability.NS), ("e", Vulnerability.EW),
                                              ("b", Vulnerability.BOTH)])
def test_lin_import_vulnerability_and_missing_last_hand(sv, vulnerability):
    """§16.3 import: sv o/0 none, n, e, b; keys in any case; the last hand missing is completed; 7NT accepted
    beside 7N and a trailing ! alerts."""
    line = (f"PN|s,w,n,e|MD|3S569TQH24TJADCTQA,S348H6D46QC56789J,S27JAH58D258JKC34,|SV|{sv}|AH|Board 3|"
            "mb|7NT!|mb|p|mb|p|mb|p|")
    board = read_lin_board(line)
    assert board.vulnerability == vulnerability and board.dealer == Seat.N
    assert str(board.contract) == "7NT" and board.declarer == Seat.N
    assert len(board.deal.hands[Seat.E]) == 13


def test_settings_defaults_of_15_1():
    """§15.1 preset standard: the defaults of the table for the keys the scorers hold."""
    s = BridgeScoringSettings()
    assert (s.scoring, s.first_dealer, s.honours, s.clean_rubber_bonus, s.redouble_insult, s.undertrick_scale,
            s.game_bonus_style, s.unfinished_award, s.unfinished_partscore_bonus, s.settle_unit) == (
        "duplicate", Seat.N, True, 700, 100, "current", "rubber_bonus", "law80", 100, None)
    assert (s.chicago_vulnerability, s.chicago_partscore_bonus, s.chicago_passout, s.max_consecutive_passouts,
            s.chicago_duplicate_partscore, s.mp_units, s.neuberg, s.average_plus, s.average, s.average_minus,
            s.average_plus_mode, s.imp_average_plus, s.imp_average_minus, s.butler_trim, s.cross_imps,
            s.imp_ranking, s.vp_scale, s.vp_repair, s.russian_targets, s.russian_tie_side,
            s.russian_vulnerability, s.pbn_encoding) == (
        "dealer", "deal4", "redeal", 100, 50, "european", True, 60, 50, 40, "fixed", 3, -3, "auto", "average",
        "total", "wbf2013", True, "qoobaa", "NS", "chicago", "latin-1")
