"""A class name means one thing across games/ and scoring/: two classes of the same name are the same idea in
different games (each game's ``Auction``, ``Contract`` and agents), never two ideas."""
import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The per-game parallels: each game has its own, by the protocol every game follows.
PARALLELS = {"Auction", "AuctionOutcome", "Contract", "RandomAgent", "HeuristicAgent", "DoubleDummyAgent",
             "PimcAgent"}


def _classes():
    """{class name: [module path, ...]} for every module-level class of games/ and scoring/."""
    found = defaultdict(list)
    for package in ("games", "scoring"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.ClassDef):
                    found[node.name].append(path.relative_to(ROOT).as_posix())
    return found


def test_a_class_name_means_one_thing():
    twice = {name: paths for name, paths in _classes().items() if len(paths) > 1 and name not in PARALLELS}
    assert not twice, "class names defined more than once:\n" + "\n".join(
        f"  {name}: {', '.join(paths)}" for name, paths in sorted(twice.items()))


def test_the_parallels_are_one_per_game():
    for name in PARALLELS:
        games = [path.split("/")[1] for path in _classes().get(name, [])]
        assert len(games) == len(set(games)), f"{name} is defined twice in one game: {games}"
