"""Artificial adjusted scores read from both sides' columns (Law 12C2, bridge.md §9.3): each pair's award is
read on its own, so "A+" for both pairs is 60 % each (neither pair at fault), never A+/A-."""
from fractions import Fraction

import pytest

from trickcore.games.bridge.formats.pbn_read import read_pbn
from trickcore.games.bridge.formats.score_table import traveller_lines
from trickcore.scoring.bridge.duplicate.formats.csv_traveller import read_csv_traveller, write_csv_traveller
from trickcore.scoring.bridge.duplicate.formats.pbn_session import read_pbn_results
from trickcore.scoring.bridge.duplicate.formats.usebio import read_usebio
from trickcore.scoring.bridge.duplicate.session import score_session

GAME = '[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
HEADER = '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\4R;Score_EW\\4R"]\n'
PLAYED = " 1  2 4S   N 10  420    -\n 3  4 4S   N  9    -   50\n 5  6 3NT  S  9  400    -\n"


def adjusted_row(contract, ns, ew):
    return f" 7  8 {contract:4} -  - {ns:>4} {ew:>4}\n"


@pytest.mark.parametrize("contract,ns,ew,code", [
    ("-", "A+", "A+", "A+/A+"),
    ("-", "A-", "A-", "A-/A-"),
    ("-", "A+", "A-", "A+/A-"),
    ("-", "A-", "A+", "A-/A+"),
    ("-", "A", "A", "A/A"),
    ("-", "A+", "-", "A+/A-"),      # one side alone: the other gets the mirror code
    ("-", "60%", "40%", "A60/40"),
    ("-", "60%", "60%", "A60/60"),
    ("-", "A+", "40%", "A60/40"),
    ("ADJ", "A+", "A+", "A+/A+"),
    ("A+", "A+", "A+", "A+/A+"),    # the score columns say more than the contract column's single code
])
def test_adjusted_score_read_from_both_columns(contract, ns, ew, code):
    board = read_pbn(GAME + HEADER + adjusted_row(contract, ns, ew), "club.pbn")[0]
    line = traveller_lines(board, "club.pbn")[-1]
    assert (line.kind, line.adjustment) == ("artificial", code)


def test_average_plus_to_both_pairs_is_sixty_percent_each():
    # Four results expected, top 6: A+ is 3.6 to each pair, whatever the other got (Law 12C2).
    session = score_session(read_pbn_results(GAME + HEADER + PLAYED + adjusted_row("-", "A+", "A+"), "club.pbn"))
    adjusted = session.lines[-1]
    assert adjusted.top == 6 and (adjusted.ns, adjusted.ew) == (Fraction(18, 5), Fraction(18, 5))
    minus = score_session(read_pbn_results(GAME + HEADER + PLAYED + adjusted_row("-", "A-", "A-"), "club.pbn"))
    assert (minus.lines[-1].ns, minus.lines[-1].ew) == (Fraction(12, 5), Fraction(12, 5))


def test_average_plus_to_both_teams_of_imp_pairs_is_three_imps_each():
    session = score_session(read_pbn_results(GAME + HEADER + PLAYED + adjusted_row("-", "A+", "A+"), "club.pbn"),
                            "butler")
    assert (session.lines[-1].ns, session.lines[-1].ew) == (3, 3)


def test_csv_keeps_both_sides_award_through_a_round_trip():
    text = "board,ns_pair,ew_pair,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,A+/A+,,\n1,5,6,A,,\n"
    session = score_session(read_csv_traveller(text, "club.csv"))
    written = write_csv_traveller(session)
    assert ",A+/A+," in written and ",A," in written
    again = score_session(read_csv_traveller(written, "again.csv"))
    assert [(s.ns, s.ew) for s in again.lines] == [(s.ns, s.ew) for s in session.lines]


def test_usebio_adjusted_score_in_the_score_element():
    text = ('<USEBIO Version="1.2"><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
            '<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>'
            '<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>'
            '<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>'
            '<SCORE>A+/A+</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>')
    line = read_usebio(text, "club.xml").lines[1]
    assert (line.kind, line.adjustment) == ("artificial", "A+/A+")
