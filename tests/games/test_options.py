"""The options games declare as data (games.options): merged into one set of flags in every game's order, an
option a game does not declare refused naming it, and command modules that name no game."""
import pathlib
import re

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.errors import InputError
from trickcore.games.options import Option, given_options, merged
from trickcore.games.registry import game_names
from trickcore.games.whist.game import WHIST

A, B, C, D = (Option(name, name) for name in "abcd")


def test_merged_keeps_each_declarations_order_and_one_option_per_name():
    assert [o.name for o in merged([(A, C), (C, D), (A, B)])] == ["a", "b", "c", "d"]
    assert merged([(A, B), (A, B)]) == (A, B)


def test_an_undeclared_option_is_refused_naming_it_and_the_declared_ones():
    assert given_options((A, B), {"a": 1, "b": None}, "a test") == {"a": 1}
    with pytest.raises(InputError, match="--c does not apply to a test .*--a, --b") as caught:
        given_options((A, B), {"c": 1}, "a test")
    assert caught.value.field == "c"


def test_the_cli_refuses_an_option_the_chosen_game_does_not_declare():
    result = CliRunner().invoke(tricks, ["play", "--game", "whist", "--agents", "random", "--pool-target", "5"])
    assert result.exit_code == 2 and "--pool-target does not apply to a whist match" in result.output
    with pytest.raises(InputError, match="players"):
        WHIST.new_match(1, players=3)


@pytest.mark.parametrize("module", ["main", "solve", "simulate", "compare", "score"])
def test_the_command_modules_name_no_game(module):
    code = (pathlib.Path(__file__).parents[2] / "cli" / f"{module}.py").read_text(encoding="utf-8")
    for name in game_names():
        assert not re.search(rf"\b{name}\b", code, re.IGNORECASE), f"cli/{module}.py names {name}"
