"""The worked studies of examples/studies run to the end on a few deals, each in a fresh process, and their
figures hang together."""
import json
import os
import subprocess
import sys

import pytest

STUDIES = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "studies")


def run(script, *args):
    done = subprocess.run([sys.executable, os.path.join(STUDIES, script), *args, "--json"], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_rostov_or_sochi_for_the_declarer():
    found = run("rostov_vs_sochi.py", "--deals", "60", "--seed", "3")
    kinds = {k: v for k, v in found.items() if k != "all"}
    assert found["all"]["deals"] == sum(v["deals"] for v in kinds.values()) > 0
    row = found["all"]
    assert row["rostov minus sochi"]["mean"] == pytest.approx(row["rostov"]["mean"] - row["sochi"]["mean"], abs=1e-3)


def test_three_notrump_or_five_clubs():
    found = run("three_nt_or_five_clubs.py", "--deals", "12", "--seed", "2")
    mp = found["matchpoints"]
    assert mp["3NT scores more"] + mp["5C scores more"] + mp["same"] == 12
    assert mp["3NT share of the matchpoints"] == pytest.approx((mp["3NT scores more"] + mp["same"] / 2) / 12,
                                                               abs=1e-4)
    assert found["imps for 3NT over 5C"]["n"] == 12


def test_how_often_the_honours_decide_a_whist_rubber():
    found = run("whist_honours.py", "--hands", "80", "--seed", "4")
    assert found["rubbers"] > 0 and 0 <= found["decided by honours"] <= found["rubbers"]
