"""The defence call sequence of preferans.md §5.2, table-driven per variant and table size."""
import pytest

from trickcore.games.preferans.defence import DEALER, DefenceCalls
from trickcore.games.preferans.variants import play_settings
from trickcore.errors import IllegalCall


def run(calls, level=6, spades=False, n=3, variant="sochi", declarer=0):
    d = DefenceCalls(declarer, level, spades, n, play_settings(variant))
    for c in calls:
        d.make_call(c)
    return d


# declarer hand1 (0): D1 = hand2 (1), D2 = hand3 (2).
# (variant, n, level, calls, calls-by-defender, whisters, kind, returned_by, dealer_call)
SEQUENCES = [
    ("sochi", 3, 7, ["whist", "pass"], {1: "whist", 2: "pass"}, (1,), "played", None, None),
    ("sochi", 3, 7, ["whist", "whist"], {1: "whist", 2: "whist"}, (1, 2), "played", None, None),
    ("sochi", 3, 8, ["pass", "pass"], {1: "pass", 2: "pass"}, (), "passed_out", None, None),
    ("sochi", 3, 6, ["pass", "half_whist", "pass"], {1: "pass", 2: "half_whist"}, (), "half_whist", None, None),
    ("sochi", 3, 6, ["pass", "half_whist", "return"], {1: "pass", 2: "half_whist"}, (1,), "played", 1, None),
    ("sochi", 4, 7, ["pass", "half_whist", "pass", "return"], {1: "pass", 2: "half_whist"}, (DEALER,),
     "played", DEALER, None),
    ("sochi", 4, 7, ["pass", "half_whist", "pass", "pass"], {1: "pass", 2: "half_whist"}, (), "half_whist",
     None, None),
    ("sochi", 4, 6, ["pass", "pass", "whist"], {1: "pass", 2: "pass"}, (DEALER,), "played", None, "whist"),
    ("sochi", 4, 9, ["pass", "pass", "pass"], {1: "pass", 2: "pass"}, (), "passed_out", None, "pass"),
    ("leningrad", 3, 6, ["whist", "pass", "half_whist", "pass"], {1: "half_whist", 2: "pass"}, (),
     "half_whist", None, None),
    ("leningrad", 3, 7, ["whist", "pass", "half_whist", "return"], {1: "half_whist", 2: "pass"}, (2,),
     "played", 2, None),
    ("leningrad", 3, 7, ["whist", "pass", "whist"], {1: "whist", 2: "pass"}, (1,), "played", None, None),
    ("leningrad", 3, 8, ["whist", "pass"], {1: "whist", 2: "pass"}, (1,), "played", None, None),
    ("classic", 4, 10, ["pass", "pass", "whist"], {1: "pass", 2: "pass"}, (DEALER,), "played", None, "whist"),
]


@pytest.mark.parametrize("variant,n,level,calls,final,whisters,kind,returned_by,dealer_call", SEQUENCES)
def test_sequences(variant, n, level, calls, final, whisters, kind, returned_by, dealer_call):
    d = run(calls, level, n=n, variant=variant)
    assert d.is_complete and d.legal_calls() == []
    out = d.outcome
    assert (out.calls, out.whisters, out.kind, out.returned_by, out.dealer_call) == \
        (final, whisters, kind, returned_by, dealer_call)


# (variant, n, level, spades, calls before, illegal call, words in the reason)
ILLEGAL = [
    ("sochi", 3, 8, False, ["pass"], "half_whist", "only on 6 and 7"),
    ("sochi", 3, 6, False, ["whist"], "half_whist", "by D2 after D1 passed"),
    ("sochi", 3, 6, False, [], "half_whist", "only on 6 and 7"),
    ("sochi", 3, 7, False, [], "return", "may only call"),
    ("sochi", 3, 7, False, ["pass", "pass"], "whist", "defence is over"),
    ("classic", 4, 6, True, [], "pass", "may only call whist"),
    ("classic", 4, 6, True, ["whist"], "pass", "may only call whist"),
]


@pytest.mark.parametrize("variant,n,level,spades,calls,bad,reason", ILLEGAL)
def test_illegal_defence_calls(variant, n, level, spades, calls, bad, reason):
    d = run(calls, level, spades, n, variant)
    with pytest.raises(IllegalCall, match=reason):
        d.make_call(bad)


def test_d1_is_the_first_hand_after_the_declarer():
    d = run([], declarer=1)
    assert (d.d1, d.d2, d.to_call) == (2, 0, 2)
    d = run([], declarer=2)
    assert (d.d1, d.d2) == (0, 1)


def test_no_dealer_call_with_three_players_or_when_the_setting_is_off():
    assert run(["pass", "pass"], 9, n=3).is_complete
    s = play_settings("sochi", dealer_may_whist=False)
    d = DefenceCalls(0, 9, False, 4, s)
    d.make_call("pass")
    d.make_call("pass")
    assert d.is_complete and d.outcome.kind == "passed_out"


def test_mandatory_whist_on_6s_only():
    assert run([], 6, True, 4, "classic").legal_calls() == ["whist"]
    assert run([], 6, False, 4, "classic").legal_calls() == ["pass", "whist"]
    assert run([], 6, True, 3, "sochi").legal_calls() == ["pass", "whist"]
