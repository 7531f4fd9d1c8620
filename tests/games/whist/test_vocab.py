"""Whist's words and variants (games/whist/vocab.py, variants.py): seats, trumps, hand results, the settings that
change play, and the scorer's rulesets built on them."""
import pytest

from trickcore.cards import Card, Suit
from trickcore.errors import InvalidRecord, NotationError, SettingsError
from trickcore.games.whist.game import WHIST
from trickcore.games.whist.variants import VARIANTS, WhistVariant
from trickcore.games.whist.vocab import HandResult, eldest_hand, parse_seat, parse_trump, side_of
from trickcore.scoring.whist import WhistRules


def test_seats_sides_and_the_eldest_hand():
    assert WHIST.seats == ("N", "E", "S", "W")
    assert [parse_seat(s, "dealer") for s in ("n", "East", " S ", "WEST")] == [0, 1, 2, 3]
    with pytest.raises(InvalidRecord) as info:
        parse_seat("Nord", "dealer")
    assert info.value.field == "dealer"
    assert [eldest_hand(d) for d in range(4)] == [1, 2, 3, 0] and [side_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_parse_trump():
    assert parse_trump("h") == Suit.H and parse_trump(Suit.C) == Suit.C
    for bad, message in ((None, "always has a trump"), ("NT", "not a suit"), ("-", "always has a trump")):
        with pytest.raises(NotationError, match=message):
            parse_trump(bad)


def test_hand_result_checks_its_counts():
    assert HandResult(7, 2).tricks_ns == 7
    with pytest.raises(InvalidRecord) as info:
        HandResult(14, 2)
    assert info.value.field == "tricks_ns"
    with pytest.raises(InvalidRecord):
        HandResult(7, 5)


def test_variant_decides_trumps_and_the_first_dealer():
    turn_up = Card.parse("D9")
    assert WhistVariant().trump(turn_up) == Suit.D
    fixed = WhistVariant("long", "fixed", "s", "w")
    assert fixed.trump(turn_up) == Suit.S and fixed.trump(None) == Suit.S and fixed.first_dealer_index == 3
    with pytest.raises(InvalidRecord):
        WhistVariant().trump(None)
    with pytest.raises(SettingsError):
        WhistVariant(trump_selection="fixed")
    with pytest.raises(SettingsError):
        WhistVariant(fixed_trump="H")
    with pytest.raises(SettingsError):
        WhistVariant("bridge")
    assert WHIST.variants == VARIANTS == ("short", "long", "american")


def test_the_scorers_rulesets_extend_the_variant():
    for name in VARIANTS:
        rules = WhistRules.preset(name)
        assert isinstance(rules, WhistVariant) and rules.ruleset == name
    rules = WhistRules.LONG.override(trump_selection="fixed", fixed_trump="C", first_dealer="S")
    assert rules.trump(Card.parse("H2")) == Suit.C and rules.first_dealer_index == 2
    with pytest.raises(SettingsError) as info:
        WhistRules.SHORT.override(first_dealer="X")
    assert info.value.field == "first_dealer"


def test_the_game_imports_no_scoring_except_for_the_match_ledger():
    import pathlib
    import trickcore.games.whist as package
    # match.py keeps the match's ledger (the scoring system's, and its sheet for the report).
    allowed = {"match.py"}
    for path in pathlib.Path(package.__file__).parent.glob("*.py"):
        if path.name not in allowed:
            text = path.read_text(encoding="utf-8")
            assert "from trickcore.scoring" not in text and "import trickcore.scoring" not in text, path.name
