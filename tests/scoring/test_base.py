"""The ScoringSystem protocol, for every registered system: settings from each preset, overrides through the one
KEY=VALUE parser, errors naming the key, ledgers that round-trip to_dict, text and JSON renderers."""
import json
import os

import attrs
import pytest

from trickcore.errors import InvalidRecord, SettingsError
from trickcore.games import registry
from trickcore.games.bridge.record import Board
from trickcore.games.bridge.vocab import Seat, Vulnerability, parse_contract
from trickcore.games.whist.record import WhistHand
from trickcore.scoring.base import ScoringSystem, parse_assignments, typed_overrides
from trickcore.scoring.bridge.settings import BridgeScoringSettings, parse_setting_value

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
SYSTEMS = registry.scoring_names()

# One records file per system (the bundled examples) and one override per game that changes a setting.
RECORDS = {
    "bridge-rubber": "bridge/rubber_2_1.txt", "bridge-chicago": "bridge/chicago.txt",
    "bridge-duplicate": "bridge/chicago.txt", "bridge-russian": "bridge/russian.json",
    "bridge-imps": "bridge/team_match.json", "bridge-vp": "bridge/team_match.json",
    "bridge-matchpoints": "bridge/pairs_boards.json", "bridge-butler": "bridge/pairs_boards.json",
    "bridge-cross-imps": "bridge/pairs_boards.json",
    "whist-short": "whist/rubber.json", "whist-long": "whist/rubber.json", "whist-american": "whist/records.json",
    "preferans-sochi": "preferans/sochi_game.json",
    "preferans-gusarik": "preferans/gusarik_game.json", "preferans-old": "preferans/old_game.json",
}
# Per game, or per system where a system's settings are its own (the old game has no pool).
OVERRIDES = {"bridge": ("honours=off", "honours", False), "whist": ("game_target=9", "game_target", 9),
             "preferans": ("pool_target=30", "pool_target", 30), "preferans-old": ("stake=30", "stake", 30)}
BAD_VALUES = {"bridge": "honours=maybe", "whist": "game_target=five", "preferans": "pool_target=x",
              "preferans-old": "stake=x"}


def system(name):
    found = registry.get_scoring(name)
    assert isinstance(found, ScoringSystem)
    return found


def test_every_bridge_whist_and_preferans_system_is_registered():
    assert {"bridge-duplicate", "bridge-rubber", "bridge-chicago", "bridge-imps", "bridge-matchpoints", "bridge-vp",
            "bridge-russian", "bridge-butler", "bridge-cross-imps", "whist-short", "whist-long", "whist-american",
            "preferans-sochi", "preferans-leningrad", "preferans-rostov", "preferans-classic"} <= set(SYSTEMS)


@pytest.mark.parametrize("name", SYSTEMS)
def test_settings_of_every_preset_are_frozen_attrs(name):
    scoring = system(name)
    assert scoring.presets and scoring.game in registry.game_names() and {"text", "json"} <= set(scoring.formats)
    for preset in scoring.presets:
        settings = scoring.settings(preset)
        assert attrs.has(type(settings))
        first = attrs.fields(type(settings))[0].name
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(settings, first, None)
    assert scoring.settings() == scoring.settings(scoring.presets[0])


@pytest.mark.parametrize("name", SYSTEMS)
def test_overrides_apply_by_key(name):
    scoring = system(name)
    text, key, value = OVERRIDES.get(name) or OVERRIDES[scoring.game]
    assert getattr(scoring.settings(), key) != value
    assert getattr(scoring.settings(overrides=[text]), key) == value


@pytest.mark.parametrize("name", SYSTEMS)
def test_an_unknown_key_or_bad_value_fails_naming_the_key(name):
    scoring = system(name)
    with pytest.raises(SettingsError) as unknown:
        scoring.settings(overrides=["no_such_key=1"])
    assert unknown.value.field == "no_such_key" and unknown.value.source == "--set"
    assert f"unknown {scoring.game} setting 'no_such_key'" in unknown.value.message
    bad = BAD_VALUES.get(name) or BAD_VALUES[scoring.game]
    key = bad.split("=")[0]
    with pytest.raises(SettingsError) as info:
        scoring.settings(overrides=[bad])
    assert info.value.field == key and f"bad value {bad.split('=')[1]!r} for {scoring.game} setting {key!r}" \
        in info.value.message
    with pytest.raises(SettingsError) as malformed:
        scoring.settings(overrides=["no_equals_sign"])
    assert malformed.value.field == "--set"
    with pytest.raises(SettingsError) as preset:
        scoring.settings("no_such_preset")
    assert preset.value.field == "preset"


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_ledger_of_the_example_round_trips_to_dict_and_renders(name):
    scoring = system(name)
    ledger = scoring.score_file(os.path.join(EXAMPLES, RECORDS[name]))
    data = ledger.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert json.loads(scoring.render(ledger, "json")) == scoring.json_data(ledger)
    text = scoring.render(ledger, "text")
    assert isinstance(text, str) and text.endswith("\n") and len(text.splitlines()) > 2
    fresh = scoring.ledger(scoring.settings())
    assert fresh.is_over is False


def test_only_preferans_draws_svg():
    assert system("preferans-sochi").render(system("preferans-sochi").score_file(
        os.path.join(EXAMPLES, "preferans/sochi_game.json")), "svg").startswith("<svg")
    with pytest.raises(SettingsError) as info:
        system("bridge-rubber").render(system("bridge-rubber").ledger(), "svg")
    assert info.value.field == "format"


def test_rubber_ledger_is_over_when_won_and_settle_closes_an_unfinished_one():
    rubber = system("bridge-rubber")
    won = rubber.score_file(os.path.join(EXAMPLES, "bridge/rubber_2_1.txt"))
    assert won.is_over and won.extra == []
    found = rubber.read_records(os.path.join(EXAMPLES, "bridge/rubber_unfinished.json"))
    ledger = rubber.ledger()
    for record in found.records:
        ledger.add(record)
    assert not ledger.is_over and ledger.extra == []
    result = ledger.settle()
    assert ledger.is_over and ledger.extra and result == ledger.totals()


def test_whist_and_preferans_ledgers_say_when_the_rubber_or_pool_is_over():
    whist = system("whist-short")
    found = whist.read_records(os.path.join(EXAMPLES, "whist/rubber.json"))
    ledger = whist.ledger()
    over = []
    for record in found.records:
        ledger.add(record)
        over.append(ledger.is_over)
    assert over == [False] * 6 + [True]
    sochi = system("preferans-sochi")
    found = sochi.read_records(os.path.join(EXAMPLES, "preferans/sochi_game.json"))
    ledger = sochi.ledger(sochi.settings(overrides=["pool_target=2"]), players=("Anna", "Boris", "Vera"))
    added = 0
    while not ledger.is_over:
        ledger.add(found.records[added])
        added += 1
    assert added == 5 and min(ledger.sheet().state.pool.values()) >= 2
    with pytest.raises(InvalidRecord):
        ledger.add(found.records[added])
    assert ledger.settle() == ledger.sheet().settlement


def test_parse_assignments_keeps_text_and_mapping_values():
    assert parse_assignments(["a=1", " b = x=y "]) == (("a", "1"), ("b", "x=y"))
    assert parse_assignments({"a": 1, "b": [1, 2]}) == (("a", 1), ("b", [1, 2]))
    for bad in ("novalue", "=1"):
        with pytest.raises(SettingsError):
            parse_assignments([bad])


def test_typed_overrides_reads_text_but_not_typed_values():
    changes = typed_overrides(BridgeScoringSettings, ["settle_unit=100", "neuberg=no"], "bridge",
                              read_value=parse_setting_value)
    assert changes == {"settle_unit": 100, "neuberg": False}
    assert typed_overrides(BridgeScoringSettings, {"average_plus": 70}, "bridge") == {"average_plus": 70}
    with pytest.raises(SettingsError) as info:
        typed_overrides(BridgeScoringSettings, {"average_plus": "70"}, "bridge")
    assert info.value.field == "average_plus"


def test_duplicate_ledger_scores_played_boards_with_their_own_vulnerability():
    ledger = system("bridge-duplicate").ledger()
    ledger.add(Board(number=3, vulnerability=Vulnerability.EW, contract=parse_contract("4S"), declarer=Seat.E,
                     result=10))
    ledger.add(Board(number=4, passed_out=True))
    assert [(b["board"], b["vulnerability"], b["ns_score"]) for b in ledger.boards] == [(3, "EW", -620), (4, "All", 0)]
    with pytest.raises(InvalidRecord):
        ledger.add(Board(number=5))


def test_whist_ledger_takes_full_hand_records_as_their_results():
    with open(os.path.join(EXAMPLES, "whist/records.json"), encoding="utf-8") as fh:
        hands = [WhistHand.from_dict(hand) for hand in json.load(fh)["hands"] if "deal" in hand]
    whist = system("whist-short")
    by_record, by_result = whist.ledger(), whist.ledger()
    for hand in hands:
        by_record.add(hand)
        by_result.add(hand.result())
    assert hands and by_record.to_dict() == by_result.to_dict()
