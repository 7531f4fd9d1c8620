"""Whist matches on the shared runner (WhistMatch + run_match): the same hands, scores and report text/JSON as the
whist match driver gave before the State protocol (digests and figures of its ``tricks play --agents`` output),
calls at eight, the dealer rotation, the PBN protocol and the option checks."""
import hashlib
import json

import pytest

from trickcore.errors import InputError, InvalidRecord, PluginError, SettingsError
from trickcore.games.base import run_match
from trickcore.games.whist.game import WHIST
from trickcore.games.whist.match import WhistMatch
from trickcore.games.whist.pbn import parse_pbn
from trickcore.games.whist.record import WhistHand


def _options(**given):
    options = {"variant": None, "players": None, "pool_target": None, "hands": None, "protocol": None,
               "dealer": None, "trump": None}
    options.update(given)
    return options


def _digest(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# (agents, seed, options, digest of the text report, digest of the JSON report), from the pre-protocol driver.
REPORTS = [
    ("random", 1, {}, "be20268c44621ec9", "92363c2d4516ba0d"),
    ("heuristic", 1, {}, "6feb14c56cabbc98", "5140559b5efa4f49"),
    ("heuristic,random,heuristic,random", 1, {}, "b3553566ad74adf7", "329a6a07a6bc7c3f"),
    ("heuristic", 3, {"variant": "american"}, "9ee671b9329f5584", "d56e427aca7bcf64"),
    ("random,heuristic,random,heuristic", 9, {"hands": 12, "variant": "long", "dealer": "E"},
     "1e078cedfefebdf6", "3df96d5f4f154aea"),
    ("heuristic", 11, {"hands": 6, "trump": "H"}, "2282f98fd42e3d27", "b203f79a4f55d8a1"),
    ("random", 1, {"variant": "long"}, "7f49a5f9de739c4e", "8e97e46a2d70f603"),
    ("heuristic,random,heuristic,dd", 2, {"variant": "long"}, "75dfa70a6d1b9528", "7bb77c8a7063546d"),
]


@pytest.mark.parametrize("agents, seed, options, text, data", REPORTS)
def test_reports_are_the_same_as_before(agents, seed, options, text, data):
    report = WHIST.play_match(agents.split(","), seed, _options(**options))
    assert _digest(report.text) == text
    assert _digest(json.dumps(report.data, indent=2, ensure_ascii=False) + "\n") == data


# (agents, seed, options, (dealer, turn-up, N-S tricks) of every hand, net totals N-S), from the same outputs.
FIGURES = [
    ("random", 1, {}, [("N", "D7", 7), ("E", "SK", 5), ("S", "D4", 3), ("W", "C6", 2)], -7),
    ("heuristic,random,heuristic,random", 1, {},
     [("N", "D7", 7), ("E", "SK", 7), ("S", "D4", 8), ("W", "C6", 8), ("N", "HQ", 7), ("E", "C7", 9),
      ("S", "DA", 8)], 5),
    ("heuristic", 11, {"hands": 6, "trump": "H"},
     [("N", "D8", 7), ("E", "SQ", 6), ("S", "H9", 6), ("W", "HA", 5), ("N", "CQ", 8), ("E", "CA", 8)], 1),
    ("dd,random,heuristic,random", 8, {"hands": 2}, [("N", "DA", 5), ("E", "CK", 4)], -3),
    ("heuristic,random,heuristic,dd", 2, {"variant": "long"},
     [("N", "DT", 9), ("E", "S7", 7), ("S", "HT", None), ("W", "C4", 6), ("N", "SJ", 8), ("E", "H3", 6),
      ("S", "D4", 11)], 4),
]


@pytest.mark.parametrize("agents, seed, options, hands, total", FIGURES)
def test_match_figures(agents, seed, options, hands, total):
    data = WHIST.play_match(agents.split(","), seed, _options(**options)).data
    assert [(h["dealer"], h["turn_up"], h["tricks_ns"]) for h in data["hands"]] == hands
    assert data["ledger"]["totals"]["NS"] == total
    trumps = {h["trump"] for h in data["hands"]}
    assert trumps == ({"H"} if options.get("trump") else {h["turn_up"][0] for h in data["hands"]})


def test_the_runner_rotates_the_dealer_and_calls_at_eight_skip_the_play():
    match = WhistMatch.setup(WHIST, 1, variant="long")
    result = run_match(match, ["random"], 1)
    assert [h.dealer for h in result.records] == [k % 4 for k in range(len(result.records))]
    called = [h for h in result.records if h.tricks_ns is None]
    assert len(called) == 1 and called[0].tricks == ()
    assert result.ledger.is_over and result.ledger.sheet.entries[3].score.called is not None
    assert result.agent_names == ("random",) * 4


def test_protocol_file_holds_the_hands_with_their_scores(tmp_path):
    path = tmp_path / "hands.pbn"
    data = WHIST.play_match(["heuristic"], 7, _options(hands=3, protocol=str(path))).data
    hands = parse_pbn(path.read_text(encoding="utf-8"))
    assert [h.to_dict() for h in hands] == data["hands"]
    assert hands[-1].score == (data["hands"][-1]["score"]["NS"], data["hands"][-1]["score"]["EW"])


@pytest.mark.parametrize("options, error, field", [
    ({"players": 3}, InputError, "players"), ({"pool_target": 10}, InputError, "pool_target"),
    ({"hands": 0}, InputError, "hands"), ({"trump": "NT"}, InputError, "trump"),
    ({"variant": "bogus"}, SettingsError, "ruleset"), ({"dealer": "X"}, SettingsError, "first_dealer"),
])
def test_bad_options_name_the_option(options, error, field):
    with pytest.raises(error) as info:
        WHIST.play_match(["random"], 1, _options(**options))
    assert info.value.field == field


def test_unknown_agents_and_wrong_counts():
    with pytest.raises(PluginError, match="unknown whist agent 'wizard'"):
        WHIST.play_match(["wizard"], 1, _options())
    with pytest.raises(InputError, match="4 agents"):
        WHIST.play_match(["random", "random"], 1, _options())


@pytest.mark.parametrize("field, value", [("tricks_ns", ""), ("tricks_ns", 7.5), ("tricks_ns", True),
                                          ("ruleset", ["short"]), ("trump_selection", {})])
def test_a_hand_field_of_the_wrong_kind_is_an_error_naming_it(field, value):
    # Found by the readers' fuzz test: an empty TricksNS string reached a comparison with numbers.
    hand = {"game": "whist", "ruleset": "short", "dealer": "E", "trump": "H", "turn_up": "H8",
            "deal": "N:AJ92.94.753.Q832 KT7.J85.AKJ8.A76 83.KQ732.QT.KJ54 Q654.AT6.9642.T9", field: value}
    with pytest.raises(InvalidRecord):
        WhistHand.from_dict(hand)
