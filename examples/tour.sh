#!/usr/bin/env bash
# The README quick start's main job: deal, play and score on bundled example data.
set -euo pipefail
cd "$(dirname "$0")/.."
set -x
tricks games
tricks deal --game bridge --count 1 --seed 1
tricks play --game preferans --seed 1 --trump S
tricks play --game bridge --count 100000 --seed 1
