"""Study: 3NT or 5♣ with these two hands, at IMPs and at matchpoints.

North and South hold fixed hands; East and West get every other card at random. Each deal is solved double
dummy for 3NT and for 5♣, both by South (West leads). At IMPs the question is the mean IMP gain of choosing 3NT;
at matchpoints, how often 3NT scores more than 5♣ (a top against the pair in 5♣), less, or the same.

    python examples/studies/three_nt_or_five_clubs.py --deals 500 --seed 1
"""
import argparse
import json

from trickcore.games.simulate import Simulation, simulate
from trickcore.scoring.bridge.contract.imps import imps
from trickcore.statistics import mean_interval, proportion_interval

NORTH = "A5.K4.Q73.AQJ842"       # 16 HCP, six good clubs, hearts K4
SOUTH = "K72.963.AK5.K1065"      # 13 HCP, four clubs, three small hearts: is there a heart stopper?


def study(deals, seed, vul="None", jobs=1):
    """The two contracts' scores deal by deal, and what each form of scoring makes of them."""
    predeal = [f"north={NORTH}", f"south={SOUTH}"]
    runs = {}
    for contract in ("3NT", "5C"):
        simulation = Simulation("bridge", deals, seed, predeal=predeal,
                                solve={"contract": contract, "declarer": "S", "vul": vul})
        runs[contract] = [line["result"]["score"] for line in simulate(simulation, jobs)]
    gains = [imps(a - b) for a, b in zip(runs["3NT"], runs["5C"])]
    better = sum(1 for a, b in zip(runs["3NT"], runs["5C"]) if a > b)
    worse = sum(1 for a, b in zip(runs["3NT"], runs["5C"]) if a < b)
    return {"deals": deals, "vulnerability": vul,
            "made": {c: proportion_interval(sum(1 for s in runs[c] if s > 0), deals).to_dict() for c in runs},
            "mean score": {c: mean_interval(runs[c]).to_dict() for c in runs},
            "imps for 3NT over 5C": mean_interval(gains).to_dict(),
            "matchpoints": {"3NT scores more": better, "5C scores more": worse, "same": deals - better - worse,
                            "3NT share of the matchpoints": round((better + (deals - better - worse) / 2) / deals, 4)}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--vul", default="None")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found = study(args.deals, args.seed, args.vul, args.jobs)
    if args.json:
        print(json.dumps(found, indent=2))
        return
    print(f"North {NORTH}, South {SOUTH}; {args.deals} deals, vulnerable: {args.vul}")
    for contract in ("3NT", "5C"):
        made, score = found["made"][contract], found["mean score"][contract]
        print(f"  {contract:<4} makes {made['mean']:.1%}, mean score {score['mean']:+.0f}")
    gain = found["imps for 3NT over 5C"]
    print(f"IMPs: choosing 3NT gains {gain['mean']:+.2f} IMPs a deal (95% CI {gain['ci95'][0]:+.2f} to "
          f"{gain['ci95'][1]:+.2f})")
    mp = found["matchpoints"]
    print(f"Matchpoints: 3NT scores more on {mp['3NT scores more']}, less on {mp['5C scores more']}, the same on "
          f"{mp['same']}: {mp['3NT share of the matchpoints']:.1%} of the matchpoints against 5C")


if __name__ == "__main__":
    main()
