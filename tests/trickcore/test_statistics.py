"""Summary statistics: means and their intervals, Wilson intervals, correlation, and the per-key summary; tallies
of pieces merged into the whole's summary, whatever the pieces."""
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trickcore.statistics import (Tally, correlation, mean_interval, proportion_interval, summarise,
                                  summarise_columns, summary_text)


def test_mean_interval_uses_the_sample_deviation():
    found = mean_interval([1, 2, 3, 4])
    assert found.mean == 2.5 and found.sd == pytest.approx(math.sqrt(5 / 3))
    assert found.high - found.mean == pytest.approx(1.959963984540054 * math.sqrt(5 / 3) / 2)


def test_wilson_interval_matches_the_textbook_value():
    # 5 successes in 10: the Wilson 95% interval is 0.2366 to 0.7634
    found = proportion_interval(5, 10)
    assert (round(found.low, 4), round(found.high, 4)) == (0.2366, 0.7634)
    assert proportion_interval(0, 20).low == 0.0 and proportion_interval(20, 20).high == 1.0


def test_correlation_of_linear_series_is_one_and_of_a_constant_undefined():
    assert correlation([1, 2, 3], [2, 4, 6]) == pytest.approx(1.0)
    assert correlation([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert math.isnan(correlation([1, 1, 1], [1, 2, 3]))


def test_summarise_sorts_values_by_kind():
    found = summarise([{"made": True, "tricks": 9, "contract": "3NT"}, {"made": False, "tricks": 8, "contract": "3NT"},
                       {"tricks": 10, "contract": "4S", "made": None}])
    assert found["made"]["kind"] == "share" and found["made"]["n"] == 2 and found["made"]["mean"] == 0.5
    assert found["tricks"]["distribution"] == {"8": 1, "9": 1, "10": 1} and found["tricks"]["mean"] == 9
    assert found["contract"]["frequencies"] == {"3NT": 2, "4S": 1}
    text = summary_text(found)
    assert "made: 50.0%" in text and "tricks: mean 9.000" in text and "3NT 66.7%" in text


# Columns of one kind of value each, or of mixed kinds, with gaps (None); names and numbers from small sets so that
# frequencies tie and whole numbers have distributions, and some numbers from a wide range.
VALUES = {
    "bool": st.booleans(),
    "int": st.integers(-3, 9),
    "wide": st.integers(-10**6, 10**6),
    "float": st.floats(-1e6, 1e6, allow_nan=False),
    "name": st.sampled_from(["3NT", "4S", "Pass", "1", "True", "1.0"]),
}
MIXED = st.one_of(VALUES["bool"], VALUES["int"], st.sampled_from([1.0, 2.5, -0.0]), VALUES["name"])


@st.composite
def _columns_and_cuts(draw):
    rows = draw(st.integers(0, 40))
    columns = {}
    for key in draw(st.lists(st.sampled_from([*VALUES, "mixed", "gaps"]), unique=True, max_size=6)):
        values = MIXED if key == "mixed" else st.none() if key == "gaps" else VALUES[key]
        columns[key] = draw(st.lists(st.one_of(st.none(), values, values), min_size=rows, max_size=rows))
    cuts = sorted(draw(st.lists(st.integers(0, rows), max_size=5)))
    return columns, [0, *cuts, rows]


@settings(max_examples=300, deadline=None)
@given(_columns_and_cuts())
def test_tallies_of_any_pieces_merge_into_the_summary_of_the_whole(found):
    columns, cuts = found
    pieces = [{key: values[start:end] for key, values in columns.items()} for start, end in zip(cuts, cuts[1:])]
    merged = Tally()
    for piece in pieces:
        merged = merged + Tally.from_dict(json.loads(json.dumps(Tally.of(piece).to_dict())))
    whole = summarise_columns(columns)
    assert merged.summary() == whole and Tally.of(columns).summary() == whole
    assert json.dumps(merged.summary()) == json.dumps(whole)
    assert merged.rows == (len(next(iter(columns.values()))) if columns else 0)


def test_a_tally_keeps_true_one_and_one_point_nought_apart():
    found = Tally.of({"x": [True, 1, 1.0, "1", None]}).summary()["x"]
    assert found == {"kind": "names", "n": 4, "frequencies": {"True": 1, "1": 2, "1.0": 1}}
    assert Tally.of({"x": [1, 1.0]}).summary()["x"]["min"] == 1 and "distribution" not in \
        Tally.of({"x": [1, 1.0]}).summary()["x"]
