"""Study: how often does the honours bonus decide a whist rubber?

Heuristic agents play short-whist hands; the rubbers are cut as the game cut them (honours counted). Each
rubber's hands are then scored again with honours off: the honours decided the rubber when the side that won
it would not have come out ahead without them.

    python examples/studies/whist_honours.py --hands 2000 --seed 1
"""
import argparse
import json
import os
import tempfile

from trickcore.games.registry import get_scoring
from trickcore.games.simulate import Simulation
from trickcore.games.simulation_output import simulate_to_file
from trickcore.statistics import proportion_interval


def rubbers(system, settings, hands):
    """The hands cut into rubbers as ``settings`` score them (an unfinished last rubber is left out)."""
    cut, ledger, current = [], system.ledger(settings), []
    for hand in hands:
        ledger.add(hand)
        current.append(hand)
        if ledger.is_over:
            cut.append(current)
            ledger, current = system.ledger(settings), []
    return cut


def study(hands, seed, jobs=1):
    """Rubbers played, and how many of them the honours decided."""
    system = get_scoring("whist-short")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "hands.jsonl")
        simulate_to_file(Simulation("whist", hands, seed, agents=("heuristic",)), path, jobs)
        found = system.read_records(path)
    with_honours, without = system.settings(), system.settings(None, ["honours=false"])
    decided = 0
    played = rubbers(system, with_honours, found.records)
    for rubber in played:
        ledger = system.ledger(with_honours)
        for hand in rubber:
            ledger.add(hand)
        winner = max(system.standings(ledger.settle()).items(), key=lambda item: item[1])[0]
        plain = system.ledger(without)
        for hand in rubber:
            if plain.is_over:
                plain = system.ledger(without)
            plain.add(hand)
        standing = system.standings(plain.settle())
        if standing[winner] <= max(v for side, v in standing.items() if side != winner):
            decided += 1
    return {"hands": hands, "rubbers": len(played), "decided by honours": decided,
            "share": proportion_interval(decided, len(played)).to_dict() if played else None}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found = study(args.hands, args.seed, args.jobs)
    if args.json:
        print(json.dumps(found, indent=2))
        return
    share = found["share"]
    print(f"{found['rubbers']} rubbers in {args.hands} hands: the honours decided {found['decided by honours']} "
          f"({share['mean']:.1%}, 95% CI {share['ci95'][0]:.1%} to {share['ci95'][1]:.1%})")


if __name__ == "__main__":
    main()
