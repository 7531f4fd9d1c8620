"""Team matches (bridge.md §11, §17 E-E and E-L): board IMPs between the rooms, artificial scores, match IMPs and
WBF VPs, a round-robin's standings with shared places, and the team-results file's errors."""
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from trickcore.errors import InvalidRecord, NotationError
from trickcore.games.bridge.record import TravellerLine
from trickcore.games.bridge.vocab import parse_contract
from trickcore.scoring.bridge.contract.vp import team_victory_points, victory_points
from trickcore.scoring.bridge.display import format_figure
from trickcore.scoring.bridge.ranking import places
from trickcore.scoring.bridge.teams import (board_imps, event_dict, event_text,
                                            parse_team_results, score_team_boards, score_team_file, standings_csv)

HEADER = "round,home,away,board,open_contract,open_declarer,open_result,open_ns_score,closed_contract," \
         "closed_declarer,closed_result,closed_ns_score\n"

# E-L: N-S scores in room 1 (team A N-S) and room 2 (team B N-S), and team A's IMPs.
E_L = [(420, 450, -1), (620, -100, 12), (-110, 100, -5), (1430, 680, 13), (0, -90, 3), (-620, 200, -13),
       (500, -650, 15), (110, 140, -1)]


def e_l_file(home="A", away="B", round_number=1):
    return "".join(f"{round_number},{home},{away},{b},,,,{o},,,,{c}\n" for b, (o, c, _) in enumerate(E_L, 1))


def test_e_l_team_match_and_its_vps():
    event = score_team_boards(parse_team_results(HEADER + e_l_file()))
    match, = event.matches
    assert [b.imps for b in match.boards] == [imps for _, _, imps in E_L]
    assert (match.home_imps, match.away_imps, match.margin) == (43, 20, 23)
    assert (format_figure(match.home_vp), format_figure(match.away_vp)) == ("17.11", "2.89")


def room(kind="played", **fields):
    return TravellerLine(board=1, kind=kind, **fields)


def played(contract, declarer, tricks):
    return room(contract=parse_contract(contract), declarer=declarer, tricks=tricks)


def test_e_e_seed_e12_board_imps():
    # 7NT making 13 (+1520) in the open room, 6C making 13 (+940) in the closed room, both by N-S, board 1.
    assert board_imps(played("7NT", "N", 13), played("6C", "S", 13)) == 11
    assert board_imps(played("6C", "S", 13), played("7NT", "N", 13)) == -11


@pytest.mark.parametrize("open_room,closed_room,home", [
    (room("artificial", adjustment="A+/A-"), played("4S", "N", 10), 3),
    (played("4S", "N", 10), room("artificial", adjustment="A+/A-"), -3),  # the away team sits N-S there
    (room("artificial", adjustment="A-"), room("passed_out"), -3),
    (room("artificial", adjustment="A+/A+"), played("4S", "N", 10), 0),
    (room("artificial", adjustment="A+/A"), played("4S", "N", 10), Fraction(3, 2)),
    (room("artificial", adjustment="A"), room("artificial", adjustment="A+/A-"), -3),
    (room("not_played"), played("4S", "N", 10), 0),
    (room("assigned", ns_score=-100), room("passed_out"), -3),
])
def test_board_imps_with_adjusted_and_not_played_rooms(open_room, closed_room, home):
    assert board_imps(open_room, closed_room) == home


ROUND_ROBIN = HEADER + """# four teams, three rounds, boards 1-2
1,Lions,Tigers,1,3NT,S,+1,,3NT,N,=,
1,Lions,Tigers,2,,,,-200,,,,-200
1,Bears,Wolves,1,,,,100,,,,100
1,Bears,Wolves,2,,,,0,,,,0
2,Lions,Bears,1,4SX,N,-2,,A+/A-,,,
2,Lions,Bears,2,,,,170,,,,-50
2,Tigers,Wolves,1,,,,-500,,,,420
2,Tigers,Wolves,2,NP,,,,PASS,,,
3,Wolves,Lions,1,,,,-100,,,,100
3,Wolves,Lions,2,,,,0,,,,0
3,Tigers,Bears,1,,,,0,,,,0
3,Tigers,Bears,2,,,,620,,,,-100
"""


def test_round_robin_standings_share_places_and_every_match_shares_20_vps():
    event = score_team_boards(parse_team_results(ROUND_ROBIN, source="rr.csv"))
    assert len(event.matches) == 6 and [m.round for m in event.matches] == [1, 1, 2, 2, 3, 3]
    assert all(m.home_vp + m.away_vp == 20 for m in event.matches)
    lions_tigers, bears_wolves = event.matches[:2]
    assert lions_tigers.boards[0].imps == 1 and lions_tigers.margin == 1
    assert bears_wolves.home_vp == bears_wolves.away_vp == 10
    totals = {s.team: s.vp for s in event.standings}
    for team in totals:
        assert totals[team] == sum(m.home_vp if m.home == team else m.away_vp
                                   for m in event.matches if team in (m.home, m.away))
    vps = [s.vp for s in event.standings]
    assert vps == sorted(vps, reverse=True)
    assert [s.place for s in event.standings] == places(vps)
    assert sum(vps) == 20 * 6 and all(s.matches == 3 for s in event.standings)
    text = event_text(event)
    assert "Standings" in text and "Round 2: Tigers v Wolves" in text
    data = event_dict(event)
    assert data["standings"][0]["team"] == event.standings[0].team
    assert standings_csv(event).splitlines()[0] == "place,team,matches,imps_for,imps_against,vp"


def test_tied_teams_share_the_place():
    text = HEADER + e_l_file("A", "B") + e_l_file("C", "D") + e_l_file("E", "F", 1)
    event = score_team_boards(parse_team_results(text))
    assert [s.place for s in event.standings] == ["1=", "1=", "1=", "4=", "4=", "4="]
    assert [s.team for s in event.standings] == ["A", "C", "E", "B", "D", "F"]
    assert places([5, 3, 3, 1]) == ["1", "2=", "2=", "4"]


@pytest.mark.parametrize("rows,line,field", [
    ("1,A,B,1,,,,420,,,,450\n1,A,C,2,,,,420,,,,450\n", 3, "home"),   # A plays twice in round 1
    ("1,A,B,1,,,,420,,,,450\n1,C,A,2,,,,420,,,,450\n", 3, "away"),
    ("1,A,A,1,,,,420,,,,450\n", 2, "away"),
    ("1,A,B,1,,,,420,,,,450\n1,A,B,1,,,,420,,,,450\n", 3, "board"),
    ("1,A,B,0,,,,420,,,,450\n", 2, "board"),
    ("1,A,B,1,4S,,10,,,,,450\n", 2, "open_declarer"),
    ("1,A,B,1,4S,N,,,,,,450\n", 2, "open_result"),
    ("1,A,B,1,4S,Q,10,,,,,450\n", 2, "open_declarer"),
    ("1,A,B,1,4S,N,+4,,,,,450\n", 2, "open_result"),
    ("1,A,B,1,4S,N,10,450,,,,450\n", 2, "open_ns_score"),
    ("1,A,B,1,4Z,N,10,,,,,450\n", 2, "open_contract"),
    ("1,A,B,1,,,,420,A60/40,,,\n", 2, "closed_contract"),
    ("1,A,B,1,,,,420,NP,,,100\n", 2, "closed_ns_score"),
    ("1,A,B,1,,,,420,PASS,N,,\n", 2, "closed_declarer"),
    ("1,A,B,1,,,,420,,,,\n", 2, "closed_contract"),
    ("1,A,B,1,,,,420,,,,x\n", 2, "closed_ns_score"),
    ("1,A,,1,,,,420,,,,450\n", 2, "away"),
    ("1,A,B,1,,,,420,,,450\n", 2, None),
])
def test_team_file_errors_name_line_and_field(rows, line, field):
    with pytest.raises((InvalidRecord, NotationError)) as info:
        score_team_boards(parse_team_results(HEADER + rows, source="t.csv"), source="t.csv")
    assert (info.value.source, info.value.line, info.value.field) == ("t.csv", line, field)


@pytest.mark.parametrize("text,field", [("home,away,board,venue\n", "venue"), ("home,board\n", "away"),
                                        ("home,away,board,board\n", "board"), ("", None),
                                        ("home,away,board\n", None)])
def test_team_file_header_errors(text, field):
    with pytest.raises((InvalidRecord, NotationError)) as info:
        parse_team_results(text, source="t.csv")
    assert info.value.field == field


def test_team_file_round_defaults_to_1_and_columns_in_any_order(tmp_path):
    path = tmp_path / "m.csv"
    path.write_text("Closed_NS_Score,BOARD,away,home,open_ns_score\n450,1,B,A,420\n", encoding="utf-8")
    event = score_team_file(path)
    assert event.matches[0].round == 1 and event.matches[0].boards[0].imps == -1


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 200), st.integers(0, 400), st.integers(1, 30))
def test_vp_scale_is_monotonic_bounded_and_shares_20(boards, margin, step):
    win, lose = victory_points(margin, boards)
    assert win + lose == 20 and 10 <= win <= 20
    assert victory_points(margin + step, boards)[0] >= win
    assert team_victory_points(-margin, boards) == (lose, win)
    assert victory_points(0, boards) == (10, 10)
    # Averaged IMPs (non-integer margins) are converted without the repair, still sharing 20 and between the
    # unrepaired values of the whole margins around them.
    half = victory_points(Fraction(2 * margin + 1, 2), boards)
    assert sum(half) == 20
    assert victory_points(margin, boards, repair=False)[0] <= half[0] <= victory_points(margin + 1, boards,
                                                                                        repair=False)[0]


scores = st.integers(-760, 760).map(lambda x: 10 * x)


@given(scores, scores)
def test_board_imps_change_sign_when_the_rooms_change_places(open_score, closed_score):
    home = board_imps(room("assigned", ns_score=open_score), room("assigned", ns_score=closed_score))
    assert home == -board_imps(room("assigned", ns_score=closed_score), room("assigned", ns_score=open_score))
    assert abs(home) <= 24
