#!/usr/bin/env bash
# The README quick start's main jobs on the bundled example data: deal, play, simulate, compare scoring systems,
# score a duplicate session (its results page goes to a temporary folder), convert.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
set -x
tricks games
tricks deal --game bridge --count 1 --seed 1
tricks play --game preferans --seed 1 --trump S
tricks play --game bridge --count 100000 --seed 1
tricks play --game bridge --agents heuristic --seed 1
tricks deal --game bridge --count 1 --seed 1 --where "hcp(north) >= 15 and hcp(north) <= 17 and shape(north, any 4333 + any 4432)"
tricks simulate --game bridge --deals 200 --seed 1 --agents heuristic --out "$out/boards.jsonl"
tricks compare "$out/boards.jsonl" --system duplicate,rubber,chicago --per 8
tricks simulate --game bridge --deals 48 --seed 1 --agents heuristic --agents dd --compare matchpoints,butler,duplicate --per 12
tricks simulate --game preferans --deals 200 --seed 1 --agents heuristic --compare sochi,leningrad,rostov --per 20
tricks simulate --game bridge --deals 20 --seed 1 --solve --contract 3NT --declarer S --where "hcp(north) + hcp(south) >= 25"
tricks bridge score 3NT+1 --vul
tricks bridge rubber examples/bridge/rubber_2_1.txt
tricks bridge session score examples/bridge/pairs_session.csv
tricks bridge session score examples/bridge/pairs_session.csv --hands examples/bridge_pbn/dealer4_style.pbn --format html -o "$out/session.html"
tricks bridge convert examples/bridge_pbn/bbo_style.pbn --to lin
tricks play --game whist --agents heuristic --seed 1 --hands 2
tricks whist score examples/whist/rubber.json
tricks preferans score examples/preferans/sochi_game.json
tricks solve --game preferans --deal "AKJT.J8.QJ.AJ Q.AKT.K7.T987 987.97.A98.KQ | HQ DT" --declarer hand1
