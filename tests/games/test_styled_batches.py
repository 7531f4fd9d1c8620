"""A simulation whose every seat holds the same styled heuristic agent (``heuristic style=...``) is played by the
game's compiled batch in that style and gives the same lines as through the protocol; a table of mixed styles is
left to the protocol."""
import pytest

from trickcore.games.registry import get_game
from trickcore.games.simulate import Simulation, choose_deals, run_chunk


@pytest.mark.parametrize("game, style", [("bridge", "cautious"), ("bridge", "aggressive"),
                                         ("preferans", "aggressive"), ("preferans", "greedy")])
def test_a_styled_simulation_gives_the_same_lines_with_or_without_the_batch(monkeypatch, game, style):
    simulation = Simulation(game, 30, 5, agents=(f"heuristic style={style}",))
    items = list(enumerate(choose_deals(simulation)))
    batched = run_chunk(simulation, items)
    monkeypatch.setattr(type(get_game(game).simulation), "batch_records", lambda self, *args: None)
    assert run_chunk(simulation, items) == batched


@pytest.mark.parametrize("game", ["bridge", "preferans"])
def test_only_a_table_of_one_style_is_played_by_the_batch(game):
    hooks = get_game(game).simulation
    dealt = [get_game(game).deal_batch(1, 1, 0, n) for n in range(2)]
    seats = get_game(game).n_seats
    mixed = (["heuristic style=aggressive", "heuristic"] * 2)[:seats]
    assert hooks.batch_records(dealt, [0, 1], [0, 1], None, mixed, [0, 0]) is None
    assert hooks.batch_records(dealt, [0, 1], [0, 1], None, ["heuristic style=aggressive"] * seats, [0, 0])
