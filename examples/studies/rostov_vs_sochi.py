"""Study: is Rostov kinder to the declarer than Sochi?

Heuristic agents play preferans deals (Sochi play rules: Rostov's differ only in scoring). Every deal with a
declarer is scored alone under Sochi and under Rostov, as a one-deal pulya settled at once (so each system's
way of settling an unfinished pool is part of the answer), and the declarer's result in whists is compared
deal by deal: a positive paired difference means Rostov pays the declarer more.

    python examples/studies/rostov_vs_sochi.py --deals 2000 --seed 1
"""
import argparse
import json
import os
import tempfile

from trickcore.games.preferans.vocab import Contract
from trickcore.games.registry import get_scoring
from trickcore.games.simulate import Simulation
from trickcore.games.simulation_output import simulate_to_file
from trickcore.scoring.compare import Entrant, match_standings
from trickcore.statistics import mean_interval


def study(deals, seed, jobs=1):
    """The declarer's mean result per deal under each system, and the paired difference, by kind of contract."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "deals.jsonl")
        simulate_to_file(Simulation("preferans", deals, seed, agents=("heuristic",)), path, jobs)
        sochi = Entrant("sochi", get_scoring("preferans-sochi"))
        rostov = Entrant("rostov", get_scoring("preferans-rostov"))
        found = sochi.system.read_records(path)
    rows = {"all": []}
    for record in found.records:
        if not record.get("declarer"):
            continue
        declarer = record["declarer"]
        a = match_standings(sochi, found, [record])[declarer]
        b = match_standings(rostov, found, [record])[declarer]
        kind = "misere" if record["type"] == "misere" else f"{Contract.parse(record['contract']).level}-level"
        for key in ("all", kind):
            rows.setdefault(key, []).append((a, b))
    return {kind: {"deals": len(pairs),
                   "sochi": mean_interval([a for a, _ in pairs]).to_dict(),
                   "rostov": mean_interval([b for _, b in pairs]).to_dict(),
                   "rostov minus sochi": mean_interval([b - a for a, b in pairs]).to_dict()}
            for kind, pairs in sorted(rows.items())}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    found = study(args.deals, args.seed, args.jobs)
    if args.json:
        print(json.dumps(found, indent=2))
        return
    print(f"Declarer's result per deal (whists after settlement), {args.deals} deals, seed {args.seed}:")
    for kind, row in found.items():
        diff = row["rostov minus sochi"]
        print(f"  {kind:<9} {row['deals']:>5} deals  Sochi {row['sochi']['mean']:+7.2f}  Rostov "
              f"{row['rostov']['mean']:+7.2f}  Rostov - Sochi {diff['mean']:+7.2f} "
              f"(95% CI {diff['ci95'][0]:+.2f} to {diff['ci95'][1]:+.2f})")
    verdict = found["all"]["rostov minus sochi"]
    kinder = "kinder" if verdict["ci95"][0] > 0 else "harsher" if verdict["ci95"][1] < 0 else "no clearly kinder"
    print(f"Rostov is {kinder} to the declarer than Sochi on these deals.")


if __name__ == "__main__":
    main()
