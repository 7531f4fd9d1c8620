"""``game.formats.format_deals``: the game hook behind ``tricks deal --format pbn`` (the CLI knows no game's
notation)."""
import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks
from trickcore.errors import InputError
from trickcore.games import registry


def test_pbn_names_every_game_but_bridge_in_a_game_tag():
    for name in ("bridge", "whist", "preferans"):
        game = registry.get_game(name)
        text = game.formats.format_deals(game.deal_batch(7, 2), "pbn", 7, 0)
        assert text.startswith("% PBN 2.1\n% EXPORT\n\n") and text.count("[Deal ") == 2
        assert ('[Game "' in text) == (name != "bridge")


class Mute(type(registry.get_game("whist"))):
    """Whist that writes its deals in no notation."""

    name = "mute"
    deal_notations = ()


def test_a_game_without_the_notation_refuses_it_clearly():
    game = Mute()
    with pytest.raises(InputError) as info:
        game.formats.format_deals(game.deal_batch(7, 1), "pbn", 7, 0)
    assert info.value.field == "format" and "mute deals are not written as pbn" in info.value.message


def test_tricks_deal_pbn_goes_through_the_hook():
    result = CliRunner().invoke(tricks, ["deal", "--game", "whist", "--count", "1", "--format", "pbn"])
    game = registry.get_game("whist")
    assert result.exit_code == 0 and result.output == game.formats.format_deals(game.deal_batch(0, 1), "pbn", 0, 0)
