"""LIN (bridge.md §16.3): real BBO hand records and vugraph files read board by board across lines, headers make
no boards, nothing is lost on export, and any board → LIN → board is the identity on what LIN holds."""
import json
import os

import attrs
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickcore.cli.main import tricks
from trickcore.errors import InvalidRecord, NotationError, ReadLog
from trickcore.games.base import play_deal
from trickcore.games.bridge.agents import RandomAgent
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.formats.lin import read_lin, read_lin_board, write_lin
from trickcore.games.bridge.formats.pbn_read import read_pbn
from trickcore.games.bridge.formats.pbn_write import write_pbn
from trickcore.games.bridge.record import PartialDeal, board_to_dict
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.vocab import Contract, Seat, Strain, Vulnerability

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "data", "lin")


def text_of(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def played(seed, number):
    """A board played to its end by random agents: a complete auction and play."""
    state = BRIDGE.new_state(BRIDGE.board_deal(seed, number), BridgeSetup(board=number))
    return play_deal(state, [RandomAgent(seat, seed) for seat in range(4)]).record()


def test_bbo_hand_record_with_explained_alerts():
    board = read_lin_board(text_of("endplay_example1.lin"))
    assert board.number == 1 and board.dealer == Seat.N and board.vulnerability == Vulnerability.NONE
    assert board.contract == Contract(3, Strain.NT, 0) and board.declarer == Seat.N
    assert len(board.play) == 52 and board.result == 11 and not board.claimed   # the complete play gives it
    assert board.tag("South") == "domtp" and board.tag("East") == "~~M16162vx"
    assert [n for n, _ in board.notes] == ["1", "2", "3", "4", "5"]
    assert board.notes[0][1].startswith("Major suit opening")
    # each explanation stays with its call: 1H is the 3rd call, 2S the 4th, X the 5th, 3H the 7th, 3NT the 9th
    assert board.annotations == (("auction", 3, "=1="), ("auction", 4, "=2="), ("auction", 5, "=3="),
                                 ("auction", 7, "=4="), ("auction", 9, "=5="))


def test_vugraph_header_makes_no_board_and_gives_event_players_and_result():
    log = ReadLog()
    boards = read_lin(text_of("romanian_superleague_2023.lin"), "vugraph.lin", log)
    assert len(boards) == 1                                  # vg|, rs|, pn| and pg|| make no board
    board = boards[0]
    assert board.number == 17 and board.tag("lin_qx") == "o17"
    assert board.tag("Event") == "ROMANIAN SUPERLEAGUE FINAL"
    assert [board.tag(s) for s in ("South", "West", "North", "East")] == ["MORARU M.", "MIHAI R.", "MOLDOVAN",
                                                                          "MIHAI G."]   # the open room's four
    assert board.contract == Contract(3, Strain.NT, 0) and board.declarer == Seat.W
    assert board.claimed and board.result == 11 and len(board.play) == 38    # rs| says 3NW+2: it agrees
    assert board.annotations == (("auction", 3, "!"),)      # 1S! alerted
    assert len(board.commentary) == 6 and board.commentary[-1].endswith("9th trick")
    # the 31 other results of rs| belong to boards the excerpt does not hold: said, not dropped silently
    assert [w.field for w in log.warnings] == ["rs"] and "2, 3, 4" in log.warnings[0].message


def vugraph(n_boards):
    """A vugraph file as BBO writes it: a header, then each board over several lines, open and closed room."""
    boards = []
    for k in range(n_boards):
        board = played(5, k // 2 + 1)
        boards.append(attrs.evolve(board, tags=(("lin_qx", f"{'oc'[k % 2]}{k // 2 + 1}"),)))
    names = "pn|Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal|"
    text = f"vg|Club teams,Segment 1,I,1,{(n_boards + 1) // 2},Red,0,Blue,0|\n{names}pg||\n"
    for line in write_lin(boards).splitlines():
        text += line.replace("pg||", "pg||\n") + "\n"
    return boards, text


def test_a_vugraph_file_of_30_boards_reads_as_30():
    boards, text = vugraph(30)
    assert text.count("\n") > 200                             # boards spread over many lines
    again = read_lin(text)
    assert len(again) == 30
    assert [(b.deal, b.auction, b.play, b.result) for b in again] == \
           [(b.deal, b.auction, b.play, b.result) for b in boards]
    assert again[1].tag("South") == "Eve" and again[0].tag("South") == "Ann"      # closed room: the last four
    assert all(b.tag("Event") == "Club teams" for b in again)


def test_convert_a_vugraph_file_to_pbn_and_back(tmp_path):
    _, text = vugraph(30)
    path = tmp_path / "match.lin"
    path.write_text(text)
    result = CliRunner().invoke(tricks, ["bridge", "convert", str(path), "--to", "pbn"])
    assert result.exit_code == 0 and result.exception is None, result.output
    assert len(read_pbn(result.stdout)) == 30
    again = CliRunner().invoke(tricks, ["bridge", "convert", str(path), "--to", "lin"])
    assert [b.deal for b in read_lin(again.stdout)] == [b.deal for b in read_lin(text)]


def test_hand_records_one_per_line_keep_each_boards_names():
    text = "".join(write_lin([attrs.evolve(played(1, n), tags=(("South", f"s{n}"),))]) for n in (1, 2, 3))
    assert [b.tag("South") for b in read_lin(text)] == ["s1", "s2", "s3"]


def test_names_holding_the_separator_do_not_break_the_line():
    board = attrs.evolve(played(2, 1), tags=(("North", "a|b"), ("East", "c,d")), commentary=("x|y",))
    line = write_lin([board])
    assert line.count("\n") == 1
    again = read_lin_board(line)
    assert again.tag("North") == "a\u00a6b" and again.tag("East") == "c;d" and again.commentary == ("x\u00a6y",)
    assert (again.deal, again.auction, again.play) == (board.deal, board.auction, board.play)


def test_unfinished_play_stays_unfinished():
    board = played(3, 4)
    cut = attrs.evolve(board, play=board.play[:9], result=None, claimed=False)
    again = read_lin_board(write_lin([cut]))
    assert again.play == cut.play and again.result is None and not again.claimed
    data = board_to_dict(again)
    assert (len(data["play"]), data["result"], data["claimed"]) == (9, None, False)


def test_claims_are_kept():
    board = played(3, 5)
    won = attrs.evolve(board, play=board.play[:8]).played_result()
    claim = attrs.evolve(board, play=board.play[:8], result=won + 3, claimed=True)
    line = write_lin([claim])
    assert line.rstrip().endswith(f"mc|{won + 3}|")
    again = read_lin_board(line)
    assert (again.play, again.result, again.claimed) == (claim.play, won + 3, True)


def test_results_only_boards_are_kept_through_rs():
    full = played(4, 1)
    only = attrs.evolve(full, auction=None, play=(), result=full.contract.tricks_needed - 1)
    passed = attrs.evolve(played(4, 2), auction=None, play=(), contract=None, declarer=None, passed_out=True,
                          result=None)
    text = write_lin([only, passed])
    assert text.startswith("rs|")
    again = read_lin(text)
    assert [(b.contract, b.declarer, b.passed_out, b.result, b.auction) for b in again] == \
           [(only.contract, only.declarer, False, only.result, None), (None, None, True, None, None)]
    data = json.loads(json.dumps([board_to_dict(b) for b in again]))
    assert data[0]["contract"] == str(only.contract) and data[1]["contract"] == "Pass"


def test_results_contradicting_the_play_are_warned_about_or_refused_when_strict():
    board = played(6, 1)
    contract = board.contract
    over = (13 - board.result) - contract.tricks_needed       # 13 - result is never the result itself
    strain = "N" if contract.strain == Strain.NT else contract.strain.name
    header = f"rs|{contract.level}{strain}{board.declarer.name}{'x' * contract.doubled}" \
             f"{'=' if over == 0 else f'{over:+d}'}|pg||\n"
    log = ReadLog()
    assert read_lin(header + write_lin([board]), log=log)[0].result == board.result      # the play is kept
    assert [w.field for w in log.warnings] == ["rs"]
    with pytest.raises(InvalidRecord):
        read_lin(header + write_lin([board]), log=ReadLog(strict=True))


def test_a_bad_board_fails_or_is_skipped():
    good = write_lin([played(7, 1)])
    text = good + good.replace("md|", "md|9", 1) + good
    with pytest.raises(NotationError) as err:
        read_lin(text, "x.lin")
    assert (err.value.source, err.value.line, err.value.field) == ("x.lin", 2, "md")
    log = ReadLog(on_error="skip")
    assert len(read_lin(text, "x.lin", log)) == 2
    assert len(log.warnings) == 1 and log.warnings[0].message.startswith("board skipped")


SAFE_TEXT = st.text(st.characters(blacklist_characters="|\r\n,?", blacklist_categories=("Cs",)), max_size=12)
NAMES = SAFE_TEXT.map(str.strip)
NOTE = st.text(st.characters(blacklist_characters="|\r\n", blacklist_categories=("Cs",)), max_size=20)


@st.composite
def boards(draw):
    """Any board LIN can hold: complete or unfinished play, claims, results-only boards, names, explained alerts,
    commentary."""
    board = played(draw(st.integers(0, 2**32)), draw(st.integers(1, 36)))
    shape = draw(st.sampled_from(["complete", "unfinished", "claimed", "results-only"]))
    cut = draw(st.integers(0, len(board.play)))
    if shape == "unfinished":
        # A whole play gives its result: only a play cut short may have none.
        result = board.result if cut == len(board.play) else draw(st.sampled_from([None, board.result]))
        board = attrs.evolve(board, play=board.play[:cut], result=result)
    elif shape == "claimed" and board.contract is not None:
        won = attrs.evolve(board, play=board.play[:cut]).played_result() or 0
        board = attrs.evolve(board, play=board.play[:cut], claimed=True,
                             result=won + draw(st.integers(0, 13 - cut // 4)))
    elif shape == "results-only":
        board = attrs.evolve(board, auction=None, play=(), result=board.result if board.contract else None)
    notes, annotations = [], []
    for k in range(1, len(board.auction or ()) + 1):
        if draw(st.booleans()):
            annotations.append(("auction", k, "!"))
        if draw(st.integers(0, 3)) == 0:
            notes.append((str(len(notes) + 1), draw(NOTE)))
            annotations.append(("auction", k, f"={len(notes)}="))
    tags = tuple((seat, name) for seat in ("South", "West", "North", "East") if (name := draw(NAMES)))
    return attrs.evolve(board, number=draw(st.none() | st.integers(1, 10**6)),
                        vulnerability=draw(st.none() | st.sampled_from(list(Vulnerability))),
                        notes=tuple(notes), annotations=tuple(annotations), tags=tags,
                        commentary=tuple(draw(st.lists(NOTE, max_size=2))))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(boards(), min_size=1, max_size=3))
def test_any_board_to_lin_and_back_is_the_identity(original):
    again = read_lin(write_lin(original))
    assert again == [attrs.evolve(b, auction=b.auction or None) for b in original]


def test_header_lines_not_kept_are_warned_about():
    log = ReadLog()
    boards = read_lin("vg|Cup,Final,I,1,1,A,0,B,0|mp|3,1|bn|1|pg||\n" + write_lin([played(8, 1)]), "h.lin", log)
    assert len(boards) == 1 and boards[0].tag("Event") == "Cup"
    assert [(w.line, w.field) for w in log.warnings] == [(1, "mp")]


@pytest.mark.parametrize("name", ["endplay_example1.lin", "romanian_superleague_2023.lin"])
def test_real_files_lose_nothing_from_lin_to_lin(name):
    boards = read_lin(text_of(name))
    assert read_lin(write_lin(boards)) == boards        # header, names, alerts, commentary, claim: all kept


def test_cards_without_a_contract_leave_the_play_out_with_a_warning(tmp_path):
    # As PBN keeps such a play as text: the deal stands, only the play that cannot be read goes.
    path = tmp_path / "cards.lin"
    path.write_text(write_lin([attrs.evolve(played(9, 1), auction=None, contract=None, declarer=None,
                                            result=None)]))
    result = CliRunner().invoke(tricks, ["bridge", "convert", str(path), "--to", "pbn"])
    assert result.exit_code == 0 and '[Deal "' in result.stdout and "[Play" not in result.stdout
    assert "board 1: the play is left out" in result.stderr and "play needs the contract" in result.stderr
    strict = CliRunner().invoke(tricks, ["bridge", "convert", str(path), "--to", "pbn", "--strict"])
    assert strict.exit_code == 2 and strict.stdout == ""
    assert strict.stderr.startswith("Error: ") and "play needs the contract" in strict.stderr


def test_stray_separators_of_vugraph_files_are_stepped_over():
    # BBO vugraph files write runs such as pn|...||pg|| (an empty key between two pipes); the real excerpt with
    # every pg|| so written gives the same boards, and no warning beyond the excerpt's own.
    text = text_of("romanian_superleague_2023.lin")
    stray = text.replace("|pg||\n", "||pg||\n")
    assert stray.count("||pg||") > 10
    log, stray_log = ReadLog(), ReadLog()
    assert read_lin(stray, "v.lin", stray_log) == read_lin(text, "v.lin", log)
    assert [w.message for w in stray_log.warnings] == [w.message for w in log.warnings]


def test_text_where_a_key_should_be_is_left_out_up_to_the_next_key():
    log = ReadLog()
    [board] = read_lin("xyz|garbage|more||" + write_lin([played(7, 1)]), "g.lin", log)
    assert board.number == 1 and len(board.play) == 52
    [warning] = log.warnings
    assert warning.line == 1 and "'xyz garbage more' is not a LIN key and value" in warning.message


def test_short_hands_are_a_partial_deal():
    # A problem or lesson file: two to four cards a hand (bridge.md §16.3, as PBN's partial deals).
    text = "pn|a,b,c,d|st||md|3SAKHA,SQJD2,ST9C2,|rh||ah|Board 1|sv|o|pg||\n"
    [board] = read_lin(text, "problem.lin", ReadLog())
    assert isinstance(board.deal, PartialDeal)
    assert [None if h is None else len(h) for h in board.deal.hands] == [3, None, 3, 3]   # N E S W
    assert read_lin(write_lin([board])) == [board]
    assert "[Deal \"N:" in write_pbn([board])
