"""The generic solver API: tricks tables by trump, the best discard, the fewest tricks with talon leads,
threads; and the kernel's independence of every game (trickcore imports nothing from games or scoring)."""
import ast
import os
import pathlib
import random
import signal

import pytest

from trickcore import brute, solver
from trickcore.cards import DECK32, DECK52, Suit
from trickcore.dealing import Deal
from trickcore.errors import InputError, InvalidDeal, WorkerLost
from trickcore.rules import TrickRules
from trickcore.solver import Position

TRICKCORE = pathlib.Path(solver.__file__).parent


def _game_imports(path):
    """The modules of games, scoring or the CLI that a Python or Cython source file imports."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":            # Cython: its imports are plain import lines
        lines = [ln.strip() for ln in text.splitlines()]
        names = [ln.split()[1] for ln in lines if ln.startswith(("import ", "from "))]
    else:
        names = []
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                names += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names.append("." * node.level + (node.module or ""))
    out = []
    for name in names:
        parts = name.lstrip(".").split(".")
        if name.startswith("trickcore."):
            parts = parts[1:]
        if parts[0] in ("games", "scoring", "cli"):
            out.append(name)
    return out


def test_the_kernel_imports_no_game_and_no_scoring():
    # The package's __init__ offers the Python route (trickcore.cli.api) by name, loaded on first use; every
    # module of the kernel itself imports no game, scorer or command.
    sources = sorted(p for p in TRICKCORE.iterdir() if p.suffix in (".py", ".pyx", ".pxi", ".pxd")
                     and p.name != "__init__.py")
    assert TRICKCORE / "solver.py" in sources
    for path in sources:
        assert _game_imports(path) == [], path.name


def test_the_import_scan_sees_a_game_import(tmp_path):
    """The scan above fails on a module importing a game or a scoring system, however written."""
    for line in ("from trickcore.games.bridge.vocab import Seat", "import trickcore.scoring.bridge",
                 "from .games import base", "from games.bridge import vocab", "def f():\n    import trickcore.cli"):
        path = tmp_path / "bad.py"
        path.write_text(line + "\n")
        assert _game_imports(path), line


def test_the_solver_names_no_game():
    public = [name for name in dir(solver) if not name.startswith("_")]
    for word in ("bridge", "preferans", "whist", "par", "talon_mode"):
        assert not [name for name in public if word in name.lower().split("_")], word
    source = (TRICKCORE / "solver.py").read_text(encoding="utf-8").lower()
    assert "bridge" not in source


def _random_deal(rng, k):
    deck = list(DECK52.cards)
    rng.shuffle(deck)
    return Deal([deck[i * k:(i + 1) * k] for i in range(4)], deck[4 * k:], DECK52)


@pytest.mark.parametrize("block", range(3))
def test_tricks_table_is_each_declarers_solve(block):
    """Row entry d: the tricks of d's side with d's left-hand opponent leading, as one Position solve."""
    rng = random.Random(700 + block)
    for _ in range(4):
        deal = _random_deal(rng, rng.randint(2, 6))
        table = solver.tricks_table(deal)
        assert list(table) == [Suit.S, Suit.H, Suit.D, Suit.C, None]
        for trump, row in table.items():
            for declarer in range(4):
                position = Position(TrickRules(4, trump, True), deal.hands, (declarer + 1) % 4, seat=declarer)
                assert row[declarer] == solver.solve(position), (deal.to_pbn(), trump, declarer)


def test_tricks_table_of_chosen_trumps_and_bad_input():
    deal = _random_deal(random.Random(5), 3)
    table = solver.tricks_table(deal, ("H", None))
    assert list(table) == [Suit.H, None] and table[None] == solver.tricks_table(deal)[None]
    with pytest.raises(InvalidDeal, match="4 hands"):
        solver.tricks_table(Deal([list(DECK32.cards)[i * 8:(i + 1) * 8] for i in range(3)], list(DECK32.cards)[24:],
                                 DECK32))
    with pytest.raises(InputError, match="expected a Deal"):
        solver.tricks_table("N:...")


@pytest.mark.parametrize("block", range(2))
def test_best_discard_matches_brute_force(block):
    rng = random.Random(800 + block)
    for _ in range(25):
        hands, surplus = brute.preferans_ending(rng, rng.randint(1, 4))
        declarer, leader = rng.randrange(3), rng.randrange(3)
        objective = rng.choice(["tricks", "misere"])
        rules = TrickRules(3, None if objective == "misere" else rng.choice([None, *Suit]), True, True)
        held = [h + surplus if seat == declarer else h for seat, h in enumerate(hands)]
        assert (solver.best_discard(rules, held, declarer, leader, objective)
                == brute.best_discard(rules, hands, declarer, leader, surplus, objective == "misere"))


def test_best_discard_checks_its_input():
    hands, surplus = brute.preferans_ending(random.Random(1), 3)
    rules = TrickRules(3, None, True, True)
    with pytest.raises(InvalidDeal, match="two cards more"):
        solver.best_discard(rules, hands, 0)
    with pytest.raises(InvalidDeal, match="twice"):
        solver.best_discard(rules, [hands[0] + [hands[1][0], surplus[0]], hands[1], hands[2]], 0)
    with pytest.raises(InputError, match="objective"):
        solver.best_discard(rules, [hands[0] + surplus, hands[1], hands[2]], 0, objective="all_pass")
    with pytest.raises(InputError, match="declarer"):
        solver.best_discard(rules, [hands[0] + surplus, hands[1], hands[2]], 3)


@pytest.mark.parametrize("block", range(2))
def test_fewest_tricks_matches_brute_force(block):
    rng = random.Random(900 + block)
    for _ in range(25):
        hands, talon = brute.preferans_ending(rng, rng.randint(2, 4))
        seat, talon_wins = rng.randrange(3), rng.random() < 0.5
        assert solver.fewest_tricks(hands, seat, talon, talon_wins) == brute.all_pass(hands, talon, seat, talon_wins)


def test_fewest_tricks_without_talon_is_the_all_pass_objective():
    rng = random.Random(11)
    for _ in range(10):
        hands, _ = brute.preferans_ending(rng, 4)
        seat = rng.randrange(3)
        position = Position(TrickRules(3, None, True), hands, 0, objective="all_pass", seat=seat)
        assert solver.fewest_tricks(hands, seat) == solver.solve(position)
    with pytest.raises(InvalidDeal, match="talon"):
        solver.fewest_tricks(hands, 0, (hands[1][0],))


def test_a_failing_search_fails_the_call_on_any_thread():
    tasks = [(int, "1")] * 5 + [(int, "not a number")] + [(int, "2")] * 5
    with pytest.raises(ValueError):
        solver.run_tasks(tasks, 3)
    assert solver.run_tasks(tasks[:5], 3) == [1] * 5


def _square_or_die(number, fatal):
    """``number`` squared; the worker process given ``fatal`` kills itself (as the out-of-memory killer does)."""
    if number == fatal:
        os.kill(os.getpid(), signal.SIGKILL)
    return number * number


def test_a_batch_gives_its_results_in_order_on_processes():
    assert list(solver.solve_batch(_square_or_die, ((n, None) for n in range(50)), 2, chunksize=3)) == \
        [n * n for n in range(50)]


def test_a_dead_worker_process_ends_the_batch_after_the_results_before_it(no_hang):
    given = []
    with pytest.raises(WorkerLost, match=r"^worker process \d+ died \(killed by SIGKILL"):
        for result in solver.solve_batch(_square_or_die, ((n, 20) for n in range(40)), 2, chunksize=2):
            given.append(result)
    assert given == [n * n for n in range(len(given))] and len(given) <= 20


@pytest.mark.parametrize("threads", [0, -1, 1.5, True, "2"])
def test_bad_thread_count(threads):
    with pytest.raises(InputError, match="threads"):
        solver.run_tasks([(int, "1")], threads)
