"""Session results files (bridge.md §16.2, §16.4, §16.5): the CSV traveller, PBN ScoreTables as real scorers
write them, USEBIO 1.2; real tournament boards whose scorers' own figures the session reproduces; and the same
session written as CSV, PBN and USEBIO and read back gives the same ranking."""
import os
from fractions import Fraction

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from trickcore.errors import InputError, NotationError
from trickcore.games.bridge.formats.pbn_read import read_pbn
from trickcore.games.bridge.formats.score_table import table_cells, total_score_rows, traveller_lines
from trickcore.scoring.bridge.display import round_half_away
from trickcore.scoring.bridge.duplicate.formats.csv_traveller import read_csv_traveller, write_csv_traveller
from trickcore.scoring.bridge.duplicate.formats.pbn_session import read_pbn_results
from trickcore.scoring.bridge.duplicate.formats.report import render_text, session_to_dict
from trickcore.scoring.bridge.duplicate.formats.session_files import read_results, render_session
from trickcore.scoring.bridge.duplicate.formats.usebio import read_usebio
from trickcore.scoring.bridge.duplicate.session import score_session
from trickcore.scoring.bridge.settings import BridgeScoringSettings

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "data", "session")

# The §16.5 example (board 2's NP line moved to a pair that has no other line on board 2).
SPEC_CSV = """board,ns_pair,ew_pair,contract,declarer,result,lead,ns_score
1,1,4,4S,N,10,HK,420
1,3,5,4SX,N,-1,,-100
2,2,6,PASS,,,,0
4,2,5,A+/A-,,,,
2,3,5,NP,,,,
"""


def test_bridge_session_csv_spec_example():
    lines = read_csv_traveller(SPEC_CSV, "spec.csv").lines
    assert [line.kind for line in lines] == ["played", "played", "passed_out", "artificial", "not_played"]
    assert (str(lines[1].contract), lines[1].tricks) == ("4SX", 9)
    assert lines[3].adjustment == "A+/A-" and lines[0].section == "A"


def test_bridge_session_csv_forgiving_layout():
    text = ("# comment line\n\nNS_Pair, EW_Pair ,Board,Contract,Declarer,Result,Section,Round,Table,Lead\n"
            "1,4,1,3n,s,=,B,1,1,d10\n1,4,2,ASSIGNED,,,B,1,1,\n")
    with pytest.raises(InputError, match="a score when the director assigned one") as info:
        read_csv_traveller(text, "club.csv")
    assert info.value.line == 5
    lines = read_csv_traveller(text.replace("1,4,2,ASSIGNED,,,B,1,1,\n", "2,5,1,A60/40,,,B,1,2,\n"),
                               "club.csv").lines
    assert (lines[0].section, str(lines[0].contract), lines[0].tricks, str(lines[0].lead)) == ("B", "3NT", 9, "DT")
    assert lines[1].adjustment == "A60/40"


@pytest.mark.parametrize("text,line,field", [
    ("board,ns_pair,ew_pair,contract,declarer,reslt\n", 1, "reslt"),
    ("board,ns_pair,contract\n", 1, "ew_pair"),
    ("board,ns_pair,ew_pair,contract,declarer,result\n0,1,4,4S,N,10\n", 2, "board"),
    ("board,ns_pair,ew_pair,contract,declarer,result\n-3,1,4,4S,N,10\n", 2, "board"),
    ("board,ns_pair,ew_pair,contract,declarer,result\n1,1,4,4S,N,14\n", 2, "result"),
    ("board,ns_pair,ew_pair,contract,declarer,result\n1,1,4,4S,N,+4\n", 2, "result"),
    ("board,ns_pair,ew_pair,contract,declarer,result\n1,1,4,8S,N,10\n", 2, "contract"),
    ("board,ns_pair,ew_pair,contract,declarer,result\n1,1,4,4S,Q,10\n", 2, "declarer"),
    ("board,ns_pair,ew_pair,contract,declarer,result\n1,1,4,4S,,10\n", 2, "declarer"),
    ("board,ns_pair,ew_pair,contract,declarer,result\n1,x,4,4S,N,10\n", 2, "ns_pair"),
    ("board,ns_pair,ew_pair,contract,declarer,result,lead\n1,1,4,4S,N,10,ZZ\n", 2, "lead"),
])
def test_bridge_session_csv_bad_lines(text, line, field):
    with pytest.raises(InputError) as info:
        read_csv_traveller(text, "bad.csv")
    assert (info.value.source, info.value.line, info.value.field) == ("bad.csv", line, field)


PBN_GAME = """[Event "Club"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
"""


def test_bridge_session_score_table_as_scorers_write_it():
    text = PBN_GAME + (
        '[ScoreTable "+PairId_NS\\2R;-PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;'
        'Multiplicity;Names_NS;Names_EW"]\n'
        ' 1  5 3NT   S  9   400     - 1 "Ann - Bob" "Cy - Di"\n'
        ' - -  3NT   S 10   430     - 3 - -\n'
        ' 2  6 -     -  -   A+    A-  1 - -\n'
        ' 3  7 -     -  -   60%     - 1 - -\n'
        ' 4  8 ADJ   -  -    -   40%  1 - -\n')
    board = read_pbn(text, "club.pbn")[0]
    lines = traveller_lines(board, "club.pbn")
    assert [line.kind for line in lines] == ["played"] * 4 + ["artificial"] * 3
    assert [line.tricks for line in lines[:4]] == [9, 10, 10, 10]
    assert [line.adjustment for line in lines[4:]] == ["A+/A-", "A60/40", "A60/40"]
    assert table_cells(board, "ScoreTable")[0][1]["pairid_ns"] == "1"
    results = read_pbn_results(text, "club.pbn")
    assert results.names[("A", 1)] == ("Ann", "Bob") and results.names[("A", 5)] == ("Cy", "Di")
    assert results.where[2] == "club.pbn, board 3, ScoreTable row 2"


def test_bridge_session_score_table_of_the_pbn_standard_with_multiplicity():
    # The layout of the PBN 2.1 standard's ScoreTable example (§5.9): a rank, no pair ids, a width without
    # alignment ("Declarer\1"), cross-IMPs, and identical results counted by Multiplicity.
    text = PBN_GAME.replace('"3"', '"1"').replace('"S"', '"N"').replace('"EW"', '"None"') + (
        '[ScoreTable "Rank\\3R;Contract\\5L;Declarer\\1;Result\\2R;Score_NS\\5R;IMP_NS\\6R;Multiplicity"]\n'
        '  1 6C    W  9   150   9.91 1\n'
        '  2 5CX   E 10   100   9.46 1\n'
        ' 14 6C    W 11    50   8.47 5\n')
    lines = traveller_lines(read_pbn(text, "standard.pbn")[0], "standard.pbn")
    assert len(lines) == 7 and {line.ns_pair for line in lines} == {None}
    session = score_session(read_pbn_results(text, "standard.pbn"), "cross_imps")
    assert [s.line.ns_score for s in session.lines] == [150, 100] + [50] * 5 and session.standings == ()


def test_bridge_session_score_table_scores_that_disagree():
    text = PBN_GAME + '[ScoreTable "Contract;Declarer;Result;Score_NS;Score_EW"]\n3NT S 9 400 -400\n3NT S 9 400 400\n'
    with pytest.raises(NotationError) as info:
        traveller_lines(read_pbn(text, "club.pbn")[0], "club.pbn")
    assert info.value.field == "Score_EW" and "ScoreTable row 2" in str(info.value)


def test_bridge_session_score_table_bad_multiplicity():
    text = PBN_GAME + '[ScoreTable "Contract;Declarer;Result;Multiplicity"]\n3NT S 9 0\n'
    with pytest.raises(NotationError) as info:
        traveller_lines(read_pbn(text, "club.pbn")[0], "club.pbn")
    assert info.value.field == "Multiplicity" and "ScoreTable row 1" in str(info.value)


def test_bridge_session_real_ffb_board_reproduces_magic_contest_figures():
    path = os.path.join(DATA, "ffb_magic_contest_board28.pbn")
    results = read_results(path)
    session = score_session(results)
    board = read_pbn(open(path, encoding="utf-8").read())[0]
    rows = [cells for _, cells in table_cells(board, "ScoreTable")]
    assert len(session.lines) == len(rows) == 22
    for scored, cells in zip(session.lines, rows):
        assert scored.ns == Fraction(cells["mp_ns"]) and scored.ew == Fraction(cells["mp_ew"])
        # Magic Contest prints the board percentage as a whole number.
        assert round_half_away(100 * scored.ns / scored.top, 0) == int(cells["percentage_ns"])
        assert round_half_away(100 * scored.ew / scored.top, 0) == int(cells["percentage_ew"])
    assert session.event.name.startswith("Open /2 DN1")


def test_bridge_session_real_ruter_board_with_a_bye():
    path = os.path.join(DATA, "ruter_hallstahammar_board1.pbn")
    results = read_results(path)
    assert len(results.lines) == 3                     # the Bye row is the sit-out, no result
    session = score_session(results)
    rows = [cells for _, cells in table_cells(results.boards[0], "ScoreTable")][:3]
    for scored, cells in zip(session.lines, rows):
        assert scored.ns == Fraction(cells["mp_ns"]) and scored.ew == Fraction(cells["mp_ew"])
        assert 100 * scored.ns / scored.top == int(cells["percentage_ns"])
    ranking = total_score_rows(results.boards[0])
    assert [row["pairid"] for row in ranking] == ["6", "1", "7", "5", "2", "3", "8"]
    assert results.names[("A", 5)] == ("Johnny Ramsten", "Tommy Lindström")
    assert results.event.site == "Hallstahammars BK, Sverige"


def test_bridge_session_real_danish_board_three_sections():
    session = score_session(read_results(os.path.join(DATA, "skanderborg_board1.csv")))
    published = {"A": [1, 6, 8, 1, 4], "B": [2, 12, 0, 9, 5, 9, 5], "C": [1, 5, 1, 8, 5]}
    for section, figures in published.items():
        assert [s.ns for s in session.travellers()[(section, 1)]] == figures
    assert session.expected == {"A": 5, "B": 7, "C": 5}
    assert {(s.section, s.field) for s in session.standings} == {(x, f) for x in "ABC" for f in ("NS", "EW")}


USEBIO = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
  <CLUB><CLUB_NAME>Riverside</CLUB_NAME></CLUB>
  <EVENT EVENT_TYPE="PAIRS">
    <EVENT_DESCRIPTION>Tuesday pairs</EVENT_DESCRIPTION>
    <DATE>09/01/2024</DATE>
    <PARTICIPANTS>
      <PAIR PAIR_NUMBER="1"><DIRECTION>NS</DIRECTION>
        <PLAYER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Bob</PLAYER_NAME></PLAYER></PAIR>
    </PARTICIPANTS>
    <BOARD BOARD_NUMBER="1">
      <TRAVELLER_LINE NS_PAIR_NUMBER="1" EW_PAIR_NUMBER="4"><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>
        <TRICKS>10</TRICKS><SCORE>420</SCORE><LEAD>HK</LEAD><UNKNOWN_ELEMENT/></TRAVELLER_LINE>
      <TRAVELLER_LINE><EW_PAIR_NUMBER>5</EW_PAIR_NUMBER><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER>
        <CONTRACT>PASS</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE>
    </BOARD>
  </EVENT>
</USEBIO>
"""


def test_bridge_session_usebio_forgiving_read():
    results = read_usebio(USEBIO, "club.xml")
    assert [(line.kind, line.ns_pair, line.ew_pair) for line in results.lines] == [("played", 1, 4),
                                                                                    ("passed_out", 2, 5)]
    assert results.names[("A", 1)] == ("Ann", "Bob")
    assert (results.event.name, results.event.date, results.event.club) == ("Tuesday pairs", "2024.01.09",
                                                                            "Riverside")
    assert results.where == ("club.xml, line 12", "club.xml, line 14")


@pytest.mark.parametrize("old,new,line,field", [
    ("<TRICKS>10</TRICKS>", "<TRICKS>14</TRICKS>", 12, "TRICKS"),
    ('BOARD_NUMBER="1"', 'BOARD_NUMBER="0"', 11, "BOARD_NUMBER"),
    ("<CONTRACT>4S</CONTRACT>", "<CONTRACT>9S</CONTRACT>", 12, "CONTRACT"),
    ('NS_PAIR_NUMBER="1"', 'NS_PAIR_NUMBER="one"', 12, "NS_PAIR_NUMBER"),
    ("</BOARD>", "</BORD>", 16, None),
])
def test_bridge_session_usebio_errors_name_the_line(old, new, line, field):
    with pytest.raises(InputError) as info:
        read_usebio(USEBIO.replace(old, new), "club.xml")
    assert (info.value.source, info.value.line, info.value.field) == ("club.xml", line, field)


# --- the same session in every format --------------------------------------------------------------------------

def _session_csv(scores):
    # A Mitchell-like layout: board b, table t: N-S pair t, E-W pair 10 + t; scores drawn per line.
    rows = ["board,ns_pair,ew_pair,contract,ns_score"]
    for (board, table), score in scores.items():
        code = {-1: "NP", -2: "A+/A-", -3: "PASS"}.get(score)
        rows.append(f"{board},{table},{10 + table},{code or 'ASSIGNED'},{'' if code else score * 10}"
                    .replace("PASS,", "PASS,0"))
    return "\n".join(rows) + "\n"


def ranking(session):
    return [(s.section, s.field, s.pair, s.place, s.total, s.boards) for s in session.standings]


line_values = st.one_of(st.integers(-150, 150), st.sampled_from([-1, -2, -3]))
sessions = st.dictionaries(st.tuples(st.integers(1, 4), st.integers(1, 4)), line_values, min_size=2, max_size=16)


@given(sessions, st.sampled_from(["matchpoints", "butler", "cross_imps"]))
@hsettings(max_examples=40, deadline=None)
def test_bridge_session_same_ranking_from_csv_pbn_and_usebio(scores, method):
    settings = BridgeScoringSettings()
    if method != "matchpoints":
        scores = {k: (v if v != -2 else 0) for k, v in scores.items()}
    if all(v == -1 for v in scores.values()):
        return
    first = score_session(read_csv_traveller(_session_csv(scores), "s.csv"), method, settings)
    for fmt, reader in (("csv", read_csv_traveller), ("usebio", read_usebio), ("pbn", read_pbn_results)):
        written = render_session(first, fmt)
        text = written.decode("iso-8859-1") if isinstance(written, bytes) else written
        again = score_session(reader(text, f"s.{fmt}"), method, settings)
        assert ranking(again) == ranking(first), fmt
        assert figures(again) == figures(first), fmt


def figures(session):
    return sorted((s.line.board, s.line.ns_pair, s.ns, s.ew) for s in session.lines)


def test_bridge_session_outputs_carry_names_and_figures(tmp_path):
    path = os.path.join(DATA, "ruter_hallstahammar_board1.pbn")
    session = score_session(read_results(path))
    data = session_to_dict(session)
    assert data["event"]["site"] == "Hallstahammars BK, Sverige"
    # Figures are JSON numbers, rounded as shown; the results page keeps their shown text.
    assert [p["percentage"] for p in data["ranking"][0]["pairs"]] == [100.0, 25.0, 25.0]
    shown = session_to_dict(session, as_shown=True)
    assert [p["percentage"] for p in shown["ranking"][0]["pairs"]] == ["100.00", "25.00", "25.00"]
    assert data["ranking"][0]["pairs"][1]["place"] == "2="
    assert data["boards"][0]["lines"][0]["ns"] == 4 and data["boards"][0]["top"] == 4
    assert data["boards"][0]["deal"].startswith("N:J76.AK.AQJ954.J3")
    card = next(c for c in data["cards"] if c["pair"] == 5)
    assert card["names"] == ["Johnny Ramsten", "Tommy Lindström"]
    assert card["boards"] == [{"board": 1, "direction": "EW", "opponents": 6, "contract": "5HX", "declarer": "E",
                               "result": "-4", "score": -800, "figure": 0}]
    text = render_text(session)
    assert "Johnny Ramsten - Tommy Lindström" in text and "Board 1 (section A, top 4)" in text
    pbn = render_session(session, "pbn").decode("iso-8859-1")
    assert '[TotalScoreTable "Rank\\3R;PairId\\3R;Direction\\2L' in pbn and '"Johnny Ramsten - Tommy Lindström"' in pbn
    again = read_pbn_results(pbn, "again.pbn")
    assert again.names[("A", 5)] == ("Johnny Ramsten", "Tommy Lindström")
    assert again.boards[0].deal == session.boards[1].deal
    usebio = read_usebio(render_session(session, "usebio"), "again.xml")
    assert usebio.names[("A", 5)] == ("Johnny Ramsten", "Tommy Lindström")
    assert write_csv_traveller(session).splitlines()[1] == "A,1,1,1,8,1,4S,S,+1,CA,450"
