"""The compiled batch's records are the game's own: replayed through BridgeState (check_boards, and every batch when
TRICKCORE_CHECK_BATCH=1), each call and card is legal and the State's record equals the batch's field for field;
a batch that breaks a rule or records a wrong outcome raises BatchMismatch, which the CLI reports with status 1."""
import array

import attrs
import click
import pytest

from trickcore.cli.common import user_errors
from trickcore.errors import BatchMismatch
from trickcore.games.bridge.compiled import _boards, played_boards
from trickcore.games.bridge.compiled.constants import CALLS, DOUBLE_CODE, call_code
from trickcore.games.bridge.compiled.played_boards import check_boards, heuristic_boards, random_boards
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.simulation_hooks import CHECK_BATCH_VARIABLE

COUNT = 300


def dealers_and_numbers(count):
    return [k % 4 for k in range(count)], list(range(1, count + 1))


def test_random_and_heuristic_batches_replay_through_the_state():
    dealers, numbers = dealers_and_numbers(COUNT)
    check_boards(random_boards(BRIDGE.deal_batch(21, COUNT), dealers, [5] * COUNT, numbers))
    check_boards(heuristic_boards(BRIDGE.deal_batch(22, COUNT), dealers, numbers))


def test_the_call_codes_are_the_calls_positions():
    assert [call_code(call) for call in CALLS] == list(range(len(CALLS)))


def played(count=8):
    dealers, numbers = dealers_and_numbers(count)
    return heuristic_boards(BRIDGE.deal_batch(23, count), dealers, numbers)


def with_array(boards, name, index, value):
    values = array.array(getattr(boards, name).typecode, getattr(boards, name))
    values[index] = value
    return attrs.evolve(boards, **{name: values})


def test_a_wrong_outcome_is_named_with_its_board_and_field():
    boards = played()
    i = next(i for i in range(len(boards)) if boards.outcomes[5 * i])        # a played (not passed-out) board
    wrong = with_array(boards, "outcomes", 5 * i + 4, boards.outcomes[5 * i + 4] ^ 1)
    with pytest.raises(BatchMismatch, match=rf"board {i + 1} \(index {i}\) differs .* in result: "):
        check_boards(wrong)


def test_an_illegal_call_is_refused_by_the_state():
    boards = played()
    # Board 1 is dealt by N, whose first call cannot be a double.
    wrong = with_array(boards, "calls", 0, DOUBLE_CODE)
    with pytest.raises(BatchMismatch, match=r"board 1 \(index 0\) breaks the rules: X by N"):
        check_boards(wrong)


def test_the_environment_variable_checks_every_batch(monkeypatch):
    play = _boards.play_boards

    def misplaying(*args):
        play(*args)
        args[-1][0] ^= 1      # the first card of the first board, changed after the loop wrote it

    monkeypatch.setattr(played_boards._boards, "play_boards", misplaying)
    dealers, numbers = dealers_and_numbers(4)
    random_boards(BRIDGE.deal_batch(24, 4), dealers, [1] * 4, numbers)     # unchecked by default
    monkeypatch.setenv(CHECK_BATCH_VARIABLE, "1")
    with pytest.raises(BatchMismatch, match="board 1"):
        random_boards(BRIDGE.deal_batch(24, 4), dealers, [1] * 4, numbers)


def test_the_command_line_reports_an_internal_error_with_status_1():
    @user_errors()
    def command():
        raise BatchMismatch("the compiled batch's board 1 differs")

    with pytest.raises(click.ClickException) as caught:
        command()
    assert caught.value.exit_code == 1
