"""The engine against rules/preferans.md §1-§6 and §13 (the items the other game tests leave open), through the
game protocol: ``PREFERANS.new_state``, ``legal_actions``, ``apply``, ``view`` and ``record``.

Checklist (spec item -> code -> test):

- §1 notation (``6♠``, ``10`` for ``T``) -> vocab.parse_contract, cards -> test_auction, here
- §2 canonical seeded layout, 4-player dealer sits out, hand1 bids and leads first -> game._PATTERN, table -> here
- §3.1 ladder -> vocab.LADDER -> test_auction; §3.2 calls (jumps, hold, misère first call) -> auction -> test_auction,
  here; §3.3 end -> auction.outcome -> test_auction; §3.4 per-variant table -> variants.PLAY_TABLE -> here
- §4 talon shown, contracts from the winning bid (the 7D example), misère stays misère, walkaway -> table -> here
- §5.1-§5.3 who calls, the state machine, the dealer as sole open whister -> defence, table -> test_defence, here
- §5.4 obligation table -> vocab.OBLIGATION -> here; §5.5 exposure -> table._play_view -> test_views
- §6.1 hand1 leads, must follow / must trump, no duty to over-trump -> table, kernel -> test_play, here
- §6.2 misère without trump -> here; §6.3 talon modes per variant and table size -> variants.talon_mode -> here
- §6.4 exit levels and the hard exit in a match -> match.PreferansMatch -> here
- §13 items 3, 4, 28, 31, 32, 33, 52, 60 -> here
"""
import pytest

from trickcore.cards import Card, Suit
from trickcore.errors import IllegalCall, SettingsError
from trickcore.games.preferans.auction import contracts_allowed
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.match import PreferansMatch, deal_text
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.variants import VARIANTS, play_settings
from trickcore.games.preferans.vocab import (DEALER, LADDER, MISERE, OBLIGATION, TALON, WALKAWAY, TalonChoice,
                                            parse_contract)
from trickcore.scoring.preferans import score_protocol, validate_protocol

# hand1, hand2, hand3 (PBN order S.H.D.C), talon ♠A ♥A (the deal of test_play.py)
DEAL = PREFERANS.formats.parse_deal("KQJT.KQ.J7.87 987.JT9.AK.K9 .87.QT98.AQJT | SA HA")


def state_of(variant="sochi", n=3, deal=DEAL, **overrides):
    """A fresh deal whose dealer is the last player (hand k is player k; with four, D sits out)."""
    return PREFERANS.new_state(deal, PreferansSetup(dealer=n - 1, variant=play_settings(variant, **overrides),
                                                    players=n))


def bid_and_announce(state, calls, contract, discard=("SA", "HA")):
    """Make the auction ``calls``, then the declarer discards ``discard`` and names ``contract``."""
    for call in calls:
        state.apply(call)
    state.apply(TalonChoice(tuple(Card.parse(c) for c in discard), contract))
    return state


def test_notation_accepts_suit_symbols_and_ten_as_10():
    """§1: ``6♠`` is 6S, ``10NT`` is the ten in no-trump, and a card's ten is ``T`` or ``10``."""
    assert parse_contract("6♠") == "6S" and parse_contract("10♥") == "10H" and parse_contract("10nt") == "10NT"
    assert Card.parse("10H") == Card.parse("TH")


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_seeded_layout_is_the_canonical_one(dealer):
    """§2: d[0:2] hand1, d[2:4] hand2, d[4:6] hand3, d[6:8] talon, then pairs to hand1, hand2, hand3 until each
    has 10 (3 = the talon); hands are relative to the dealer, so the layout does not depend on him."""
    assert PREFERANS.pattern(dealer) == (0, 0, 1, 1, 2, 2, 3, 3) + (0, 0, 1, 1, 2, 2) * 4


def test_four_players_the_dealer_takes_no_cards_and_hand1_on_his_left_bids_and_leads_first():
    """§2, §3.3: with four, dealer D sits out; hand1 = A (his left) calls first, D never calls in the auction;
    hand1 leads trick 1 even when hand3 declares (§6.1)."""
    state = state_of(n=4)
    assert state.view(3).hand == () and state.view(3).legal == ()
    seats = []
    for call in ("pass", "pass", "6S"):
        seats.append(state.current_seat)
        state.apply(call)
    assert seats == [0, 1, 2]
    assert state.outcome is None and state.declarer == 2 and state.current_seat == 2
    state.apply(TalonChoice((Card.parse("SA"), Card.parse("HA")), "6S"))
    assert state.current_seat == 0                              # D1 = hand1, the first active after hand3 (§13.52)
    state.apply("whist")
    state.apply("whist")
    assert state.phase == "play" and state.current_seat == 0    # hand1 leads to trick 1


def test_jumps_are_allowed_and_an_equal_bid_only_through_hold():
    """§3.2 item 2 and §13.60: any higher bid (6S then 9NT) is legal; the same bid again is not, except by hold."""
    state = state_of()
    state.apply("6S")
    assert "9NT" in state.legal_actions() and "6S" not in state.legal_actions()
    state.apply("9NT")
    assert "hold" not in state.legal_actions()              # hand3 is junior to hand2: he cannot hold
    state.apply("pass")
    assert state.legal_actions()[:2] == ["pass", "hold"]     # hand1 is senior to hand2
    state.apply("hold")
    assert state.legal_actions() == ["pass", "10S", "10C", "10D", "10H", "10NT"]   # the junior bids higher or passes
    state.apply("pass")
    assert (state.declarer, state.bid) == (0, "9NT")


def test_a_player_who_bid_misere_may_later_only_pass_and_nobody_holds_it():
    """§3.2 item 3, §13.31: misère only as a first call, over 8NT; after it only pass; never held."""
    state = state_of()
    state.apply("8NT")
    assert MISERE in state.legal_actions()
    state.apply(MISERE)
    state.apply("9S")
    assert state.legal_actions() == ["pass", "hold"] + list(LADDER[17:])   # hand1: no misère after his 8NT
    state.apply("pass")
    assert state.legal_actions() == ["pass"]                 # hand2 bid misère: only pass
    state.apply("pass")
    assert (state.declarer, state.bid) == (2, "9S")


@pytest.mark.parametrize("variant,hold,switch,mandatory,ten,talon", [
    ("sochi", True, False, False, "whist", "dealer_owns"),
    ("leningrad", True, True, False, "whist", "dealer_owns"),
    ("rostov", True, False, False, "whist", "suit_only"),
    ("classic", False, False, True, "checked", "dealer_owns"),
])
def test_the_variants_play_settings_are_the_tables_columns(variant, hold, switch, mandatory, ten, talon):
    """§3.4 and §10: hold, the gentleman switch, mandatory whist on 6S, the ten, the all-pass talon; every variant
    has half-whist and the dealer's whist, no walkaway, no exit levels ([6]) and exposure before the lead."""
    s = play_settings(variant)
    assert (s.allow_hold, s.gentleman_half_whist_switch, s.mandatory_whist_6s, s.ten_trick_mode, s.all_pass_talon) \
        == (hold, switch, mandatory, ten, talon)
    assert s.half_whist and s.dealer_may_whist and not s.allow_walkaway and not s.open_after_first_lead
    assert s.all_pass_exit_levels == (6,)
    assert s.all_pass_exit == ("whisted_game" if variant == "leningrad" else "any_game")


def test_won_at_7d_the_declarer_may_name_7d_to_10nt_only():
    """§4 item 2, its example: won at 7D, 7D 7H 7NT 8S ... 10NT are allowed; 7C is not, nor misère. The talon is
    shown to every player; the discard only to the declarer (§4 item 1)."""
    expected = ["7D", "7H", "7NT"] + [f"{lv}{s}" for lv in (8, 9, 10) for s in ("S", "C", "D", "H", "NT")]
    assert contracts_allowed("7D") == expected
    state = state_of()
    for call in ("7D", "pass", "pass"):
        state.apply(call)
    assert list(state.view(0).legal) == expected and len(state.view(0).hand) == 12
    assert all(state.view(p).talon == state.talon for p in range(3))
    assert {a.contract for a in state.legal_actions()} == set(expected) and len(state.legal_actions()) == 66 * 18
    with pytest.raises(IllegalCall):
        state.apply(TalonChoice((Card.parse("SA"), Card.parse("HA")), "7C"))
    state.apply(TalonChoice((Card.parse("SA"), Card.parse("HA")), "7NT"))
    assert state.view(0).discard and not state.view(1).discard and not state.view(2).discard


def test_misere_won_is_played_as_misere_without_trump():
    """§4 item 3, §6.2: after misère the only contract is misère; no whist calls; no trump, so hand3, void in
    spades, may discard any card on a spade lead (here no heart, the would-be trump, is forced)."""
    state = state_of()
    for call in (MISERE, "pass", "pass"):
        state.apply(call)
    assert state.view(0).legal == (MISERE,) and not state.view(0).walkaway
    state.apply(TalonChoice((Card.parse("SA"), Card.parse("HA")), MISERE))
    assert state.phase == "play" and state.trump is None and state.defence is None
    state.apply(Card.parse("S7") if Card.parse("S7") in state.legal_actions() else Card.parse("ST"))
    state.apply(Card.parse("S7") if Card.parse("S7") in state.legal_actions() else state.legal_actions()[-1])
    assert {c.suit for c in state.legal_actions()} == {Suit.H, Suit.D, Suit.C}


def test_walkaway_where_allowed_ends_the_deal_down_three_at_the_winning_bid():
    """§4 item 4, §7.6: with allow_walkaway the declarer of a trick bid may refuse after seeing the talon: no
    discard, no whists, no play; the record is a walkaway at the winning bid, scored 3 × SET(8) = 18 (Sochi).
    Off by default in every variant (§10); never after misère."""
    assert WALKAWAY not in bid_states("sochi")[0].legal_actions()
    state, misere = bid_states("sochi", allow_walkaway=True)
    assert WALKAWAY in state.legal_actions() and state.view(0).walkaway and not state.view(1).walkaway
    assert WALKAWAY not in misere.legal_actions()
    with pytest.raises(IllegalCall):
        misere.apply(WALKAWAY)
    state.apply(WALKAWAY)
    record = state.record()
    assert state.is_terminal and record.kind == WALKAWAY and not record.tricks and not record.discard
    assert record.protocol == {"dealer": "C", "declarer": "A", "type": "walkaway", "contract": "8S"}
    assert "walks away" in "\n".join(deal_text(1, record))
    protocol = {"format": "trickcore.preferans.protocol/1", "variant": "sochi", "players": ["A", "B", "C"],
                "settings": {"allow_walkaway": True}, "deals": [record.protocol]}
    validate_protocol(protocol)
    assert score_protocol(protocol).to_dict()["deals"][0]["delta"]["mountain"] == {"A": 18}
    with pytest.raises(SettingsError):
        play_settings("gusarik", allow_walkaway=True)


def bid_states(variant, **overrides):
    """(hand1 won at 8S, hand1 won at misère), both in the talon phase."""
    states = []
    for bid in ("8S", MISERE):
        state = state_of(variant, **overrides)
        for call in (bid, "pass", "pass"):
            state.apply(call)
        states.append(state)
    return states


def test_the_obligation_table_is_normative():
    """§5.4, §13.1: 4/2/1/1/1, not 10 minus the level."""
    assert OBLIGATION == {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}


def test_half_whist_off_is_not_offered():
    """§5.2: half_whist only with the setting (D2 after D1 passed, on 6 or 7)."""
    state = bid_and_announce(state_of(half_whist=False), ("6S", "pass", "pass"), "6S")
    state.apply("pass")
    assert state.legal_actions() == ["pass", "whist"]


def test_gentleman_switch_then_the_four_player_dealer_returns_and_plays_open():
    """§5.2, §5.3, §13.3: Leningrad, four players, 7S by hand1: D1 (hand2) whists, D2 (hand3) passes; D1 switches
    to half-whist; D2 passes the return; the dealer, who may look at one defender's cards (the passer's), returns:
    he is the sole whister, play is open and he plays both defenders' cards."""
    state = bid_and_announce(state_of("leningrad", n=4), ("7S", "pass", "pass"), "7S")
    state.apply("whist")
    state.apply("pass")
    assert state.legal_actions() == ["whist", "half_whist"] and state.current_seat == 1
    state.apply("half_whist")
    assert state.legal_actions() == ["pass", "return"] and state.current_seat == 2
    state.apply("pass")
    assert state.current_seat == 3 and state.legal_actions() == ["pass", "return"]
    assert set(state.view(3).visible) == {2}
    state.apply("return")
    assert state.phase == "play" and state.is_open and state.whisters == (DEALER,)
    state.apply(state.legal_actions()[0])                     # hand1, the declarer, leads
    assert state.current_seat == 3 and state.view(3).seat == 1
    while not state.is_terminal:
        assert state.current_seat in (0, 3)
        state.apply(state.legal_actions()[0])
    protocol = state.record().protocol
    assert protocol["calls"] == {"B": "half_whist", "C": "pass"} and protocol["returned_by"] == "D"
    assert protocol["open"] is True


@pytest.mark.parametrize("level", [6, 7, 8])
def test_the_four_player_dealer_may_whist_after_two_passes_at_any_level(level):
    """§5.2, §13.4: pass-pass, four players: the dealer may whist on 6 and 7 too (then open, §5.3)."""
    state = bid_and_announce(state_of(n=4), (f"{level}H", "pass", "pass"), f"{level}H")
    state.apply("pass")
    state.apply("pass")
    assert state.current_seat == 3 and state.legal_actions() == ["pass", "whist"]
    state.apply("whist")
    assert state.phase == "play" and state.is_open


def test_two_whisters_play_closed_without_being_asked_and_a_checked_ten_has_no_calls():
    """§5.5: two whisters always closed; §5.1, §13.33: Classic's ten is checked, nobody calls; elsewhere whisted."""
    state = bid_and_announce(state_of(), ("6H", "pass", "pass"), "6H")
    state.apply("whist")
    state.apply("whist")
    assert state.phase == "play" and not state.is_open and not state.view(0).visible
    checked = bid_and_announce(state_of("classic"), ("10S", "pass", "pass"), "10S")
    assert checked.phase == "play" and checked.defence is None and checked.trump == Suit.S
    whisted = bid_and_announce(state_of("sochi"), ("10S", "pass", "pass"), "10S")
    assert whisted.phase == "defence" and whisted.legal_actions() == ["pass", "whist"]


def test_hand1_leads_whoever_declares_and_nobody_must_over_trump():
    """§6.1: hand2 declares 6H (discarding ♠9 ♠8); hand1 leads trick 1 with ♠K, hand2 follows with the talon's ♠A;
    hand3, void in spades, must trump and may play either heart (♥8 or ♥7): he need not win the trick or play
    his highest trump, and no other suit is legal."""
    state = state_of()
    for call in ("pass", "6H", "pass"):
        state.apply(call)
    state.apply(TalonChoice((Card.parse("S9"), Card.parse("S8")), "6H"))
    state.apply("whist")
    state.apply("whist")
    assert state.current_seat == 0
    state.apply(Card.parse("SK"))
    state.apply(Card.parse("SA"))
    assert set(state.legal_actions()) == {Card.parse("H8"), Card.parse("H7")}


FOUR_PLAYER_TALON = {"sochi": "dealer_owns", "leningrad": "dealer_owns", "rostov": "suit_only",
                     "classic": "dealer_owns"}


@pytest.mark.parametrize("variant,n,mode", [(v, n, m) for v, m in FOUR_PLAYER_TALON.items() for n in (3, 4)])
def test_all_pass_talon_per_variant_and_table_size(variant, n, mode):
    """§6.3, §13.28: three players: suit only; four: the dealer owns the talon cards, except Rostov (suit only)."""
    assert play_settings(variant).talon_mode(n) == (mode if n == 4 else "suit_only")
    state = state_of(variant, n)
    for _ in range(3):
        state.apply("pass")
    assert state.kind == "all_pass" and state.trump is None and state.trick == [(TALON, Card.parse("SA"))]
    while not state.is_terminal:
        state.apply(min(state.legal_actions(), key=lambda c: (c.rank, c.suit)))
    record = state.record()
    assert record.tricks[2].leader == 0 and sum(record.protocol["tricks"].values()) == 10
    assert ("D" in record.protocol["tricks"]) == (n == 4 and mode == "dealer_owns")


@pytest.mark.parametrize("series,level", [(0, 6), (1, 6), (2, 7), (3, 8), (5, 8)])
def test_exit_levels_in_a_match(series, level):
    """§6.4: after j all-pass deals of the series, trick bids below levels[min(j, len) - 1] are illegal, misère
    stays legal; with [6, 7, 8]: j = 1 -> 6, 2 -> 7, 3 and more -> 8."""
    settings = play_settings("sochi", all_pass_exit_levels=[6, 7, 8])
    match = PreferansMatch(PREFERANS, 1, settings, ("A", "B", "C"), 20, 0)
    match.series = series
    state = match.new_state(0, 0)
    legal = state.legal_actions()
    assert min(int(c[:-2] if c.endswith("NT") else c[:-1]) for c in legal if c[0].isdigit()) == level
    assert MISERE in legal


def test_hard_exit_only_a_whisted_game_ends_the_series():
    """§6.4, §13.29: Leningrad (whisted_game): a passed-out contract and a standing half-whist leave the series as it
    was; a played game ends it. Sochi (any_game): a passed-out contract ends it."""
    def finished(variant, calls):
        state = bid_and_announce(state_of(variant), ("6S", "pass", "pass"), "6S")
        for call in calls:
            state.apply(call)
        while not state.is_terminal:
            state.apply(state.legal_actions()[0])
        return state.record()
    for variant, calls, after in (("leningrad", ("pass", "pass"), 2), ("leningrad", ("pass", "half_whist", "pass"), 2),
                                  ("leningrad", ("whist", "whist"), 0), ("sochi", ("pass", "pass"), 0)):
        match = PreferansMatch(PREFERANS, 1, play_settings(variant), ("A", "B", "C"), 20, 0)
        match.series = 2
        assert match.next_dealer(0, finished(variant, calls)) == 1 and match.series == after


def test_the_ladder_has_misere_between_8nt_and_9s():
    """§3.1: 26 bids; misère overbids every eight and is overbid by any nine."""
    assert LADDER.index(MISERE) == 15 and LADDER[14] == "8NT" and LADDER[16] == "9S"


@pytest.mark.parametrize("variant", VARIANTS)
def test_engine_records_of_four_players_validate(variant):
    """§11.2: a 4-player deal's record (passed out, then a dealer whist where allowed) is a valid protocol entry."""
    state = bid_and_announce(state_of(variant, 4), ("7H", "pass", "pass"), "7H")
    state.apply("pass")
    state.apply("pass")
    state.apply("whist")
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    entry = state.record().protocol
    assert entry["dealer_call"] == "whist" and set(entry["tricks"]) == {"A", "B", "C"}
    validate_protocol({"format": "trickcore.preferans.protocol/1", "variant": variant,
                       "players": ["A", "B", "C", "D"], "deals": [entry]})
