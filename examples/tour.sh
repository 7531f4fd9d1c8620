#!/usr/bin/env bash
# The README quick start's main job: deal, play, score and convert on the bundled example data.
set -euo pipefail
cd "$(dirname "$0")/.."
set -x
tricks games
tricks deal --game bridge --count 1 --seed 1
tricks play --game preferans --seed 1 --trump S
tricks play --game bridge --count 100000 --seed 1
tricks play --game bridge --agents heuristic --seed 1
tricks bridge score 3NT+1 --vul
tricks bridge rubber examples/bridge/rubber_2_1.txt
tricks bridge session score examples/bridge/pairs_session.csv
tricks bridge convert examples/bridge_pbn/bbo_style.pbn --to lin
tricks play --game whist --agents heuristic --seed 1 --hands 2
tricks whist score examples/whist/rubber.json
tricks preferans score examples/preferans/sochi_game.json
tricks solve --game preferans --deal "AKJT.J8.QJ.AJ Q.AKT.K7.T987 987.97.A98.KQ | HQ DT" --declarer hand1
