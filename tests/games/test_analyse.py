"""game.analysis.analyse: the default (each side's tricks per trump) for any game, the games' own analyses through
the same hook, and options checked by name."""
import attrs
import pytest

from trickcore.cards import DECK32, Deck, Rank, Suit
from trickcore.errors import InputError
from trickcore.games.analysis import TrickTable
from trickcore.games.base import Game
from trickcore.games.bridge.analysis import BridgeResult, solve_bridge
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.preferans.analysis import PreferansResult, solve_preferans
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.whist.game import WHIST
from trickcore.rules import TrickRules
from trickcore.solver import Position, solve


@attrs.frozen
class Threes(Game):
    """A three-seat game of the 24 cards from nine to ace, no must-trump: only the protocol's defaults."""

    name = "threes"
    deck = Deck.from_ranks("24", Rank.NINE)
    seats = ("A", "B", "C")


@attrs.frozen
class Fours(Game):
    """A four-seat game of the 32-card deck with partnerships: only the protocol's defaults."""

    name = "fours"
    deck = DECK32
    seats = ("P", "Q", "R", "T")


def test_default_analysis_of_three_seats_is_each_seat_alone_per_trump():
    game = Threes()
    deal = game.deal(4)
    result = game.analysis.analyse(deal, dealer="B")
    assert isinstance(result, TrickTable) and result.dealer == "B" and result.leader == "C"
    assert list(result.tricks) == ["S", "H", "D", "C", "NT"]
    for trump, row in result.tricks.items():
        rules = TrickRules(3, None if trump == "NT" else Suit[trump], True)
        assert row == {s: solve(Position(rules, deal.hands, 2, seat=k, declarer=k)) for k, s in enumerate("ABC")}
    assert result.to_dict() == {"deal": deal.to_string(), "dealer": "B", "leader": "C", "tricks": result.tricks}
    lines = result.text().splitlines()
    assert lines[:2] == [deal.to_string(), "dealer B, C leads; tricks A / B / C:"]
    assert lines[-1] == "  no trump: " + " / ".join(str(n) for n in result.tricks["NT"].values())


def test_default_analysis_of_four_seats_is_each_partnership_per_trump():
    game = Fours()
    deal = game.deal(9)
    result = game.analysis.analyse(deal)
    assert result.dealer == "P" and result.leader == "Q"
    for trump, row in result.tricks.items():
        rules = TrickRules(4, None if trump == "NT" else Suit[trump], True)
        pr = solve(Position(rules, deal.hands, 1, seat=0))
        assert row == {"PR": pr, "QT": 8 - pr}


def test_an_option_the_game_does_not_take_is_an_error_naming_it():
    for game, deal, name in ((Threes(), Threes().deal(1), "vul"), (WHIST, WHIST.deal(1), "declarer"),
                             (BRIDGE, BRIDGE.deal(1), "talon_mode"), (PREFERANS, PREFERANS.deal(1), "dealer")):
        with pytest.raises(InputError, match=f"no option '{name}'") as caught:
            game.analysis.analyse(deal, **{name: "x"})
        assert caught.value.field == name


def test_the_games_analyses_go_through_the_hook():
    deal = BRIDGE.deal(2)
    result = BRIDGE.analysis.analyse(deal, vul="NS", dealer="E")
    assert isinstance(result, BridgeResult) and result == solve_bridge(deal, "NS", "E")
    pref = PREFERANS.deal(3)
    result = PREFERANS.analysis.analyse(pref, declarer="hand2", talon_mode="none")
    assert isinstance(result, PreferansResult) and result == solve_preferans(pref, (1,), "none")
    with pytest.raises(InputError, match="declarer"):
        PREFERANS.analysis.analyse(pref)


def test_whist_analyses_the_trump_suits_only():
    deal = WHIST.deal(5)
    every = WHIST.analysis.analyse(deal, dealer="W")
    assert list(every.tricks) == ["S", "H", "D", "C"] and every.leader == "N"
    assert WHIST.analysis.analyse(deal, dealer="W", trump="h").tricks == {"H": every.tricks["H"]}
    assert "tricks North-South / East-West:" in every.text()


def test_analyse_batch_takes_each_deals_own_options_over_the_common_ones():
    deals = [BRIDGE.deal(7, i) for i in range(2)]
    items = [(deals[0], {}), (deals[1], {"dealer": "W"})]
    results = list(BRIDGE.analysis.analyse_batch(items, jobs=1, vul="All", dealer="S"))
    assert results == [solve_bridge(deals[0], "All", "S"), solve_bridge(deals[1], "All", "W")]
    with pytest.raises(InputError, match="no option 'talon_mode'"):
        BRIDGE.analysis.analyse_batch(items, talon_mode="S")
