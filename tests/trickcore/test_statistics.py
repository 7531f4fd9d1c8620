"""Summary statistics: means and their intervals, Wilson intervals, correlation, and the per-key summary."""
import math

import pytest

from trickcore.statistics import correlation, mean_interval, proportion_interval, summarise, summary_text


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
