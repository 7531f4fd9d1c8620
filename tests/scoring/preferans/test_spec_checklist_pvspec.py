"""Items of rules/variants-preferans.md (Gusarik §1, the overlays §2) that no other test pinned, each built from a
small protocol or deal and checked against the spec's own arithmetic (written out in each docstring).

Checklist of what this module adds (spec item -> code -> test):

- §1.4 item 2, "when one player has no obligation left ... the auction is skipped" -> games/preferans/gusarik.py
  ``GusarikState.auction_held`` / ``_forced_game`` -> the first two tests (the engine used to hold an auction
  in which the player with nothing left could only pass).
- §1.8 6/7 passed out (opponent writes W × obl/2), 8/9 passed out (pool P only) -> contract_play._contract_result.
- §1.8 Classic liability P when the whister's pool had reached the target (pool mode) -> values.Values.shortfall,
  state.Writer.closed.
- §1.10 pool mode: series per dealer ×1, ×2, ×4 with the same dealer, ×1 again for the other dealer; dark ×2
  -> all_pass.score_all_pass, ledger.score_deal.
- §1.11 early stop in pool mode, ``M = mountain + f × (target − pool)``, both mountains give one result
  -> settlement.gusarik_final_mountain.
- §1.4 items 3-5 and §1.13: closing labels ``closing k/4``, the ``razboinik`` object's stages, a deal after the
  end, through the API and the CLI -> ledger._razboinik, sheet.Sheet.razboinik.
- §2.1 rule 2 ``help_recipient = largest_pool`` in a countdown (smallest positive count first), rule 3 (the
  Classic all-pass write-off never takes a count below zero), rule 5 (several kotel transfers after one deal
  form a list) -> state.Writer, ledger._kotel_transfers, sheet._deal.
- §2.2 decimal: all-pass price, zero-trick reward and modern misère × 5, the help conversion not -> values,
  all_pass.
- §2.3 ``misere_consolation`` with a big misère: ``value × μ × t`` per other player -> contract_play.score_misere.
"""
import pytest

from trickcore.errors import InvalidRecord
from trickcore.games.base import run_match
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.gusarik import RAZBOINIK_GAMES, contracts_of, game_of
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.variants import play_settings
from trickcore.games.preferans.vocab import TalonChoice
from trickcore.scoring.preferans import score_protocol

POOL = {"gusarik_stage": "pool"}
ALL_PLAYED = {"razboinik_played": {"A": list(RAZBOINIK_GAMES), "B": list(RAZBOINIK_GAMES)}}


def with_overlays(protocol_dict, *overlays):
    """The protocol with its top-level ``overlays`` (§2.0)."""
    return {**protocol_dict, "overlays": list(overlays)}


# --- §1.4 item 2: the forced player of every deal once the other has played his six games ---

@pytest.mark.parametrize("dealer", [0, 1])
def test_razboinik_auction_is_skipped_once_one_player_owes_nothing(dealer):
    """A owes all six games, B none: whoever deals, there is no call at all (not even the dummy's pass), A takes
    the talon and may announce any of his games, from 6S (no minimum) to misère."""
    setup = PreferansSetup(dealer=dealer, variant=play_settings("gusarik"), players=("A", "B"),
                           owed=[set(RAZBOINIK_GAMES), set()])
    st = PREFERANS.new_state(PREFERANS.deal(3, 0), setup)
    assert st.phase == "talon" and st.auction.calls == [] and st.bid is None
    assert st.players[st.slot_player[st.declarer]] == "A" and st.current_seat == 0
    assert st.allowed == tuple(contracts_of(set(RAZBOINIK_GAMES)))
    twelve = st.view(0).hand
    st.apply(TalonChoice(twelve[-2:], "7S"))
    st.apply("pass")                                       # B, the opponent, passes the seven
    assert st.is_terminal and st.record().auction == ()
    assert st.record().protocol["declarer"] == "A"


def test_tricks_play_deals_without_an_auction_to_the_player_who_still_owes():
    """In a whole razboinik game (seed 7, heuristic agents) every games-phase deal that follows one player's sixth
    game has no auction, and its declarer is the other player."""
    records = run_match(PREFERANS.new_match(7, variant="gusarik"), ["heuristic"], 7).records
    owed = {"A": set(RAZBOINIK_GAMES), "B": set(RAZBOINIK_GAMES)}
    forced = 0
    for record in records[:12]:
        declarer = record.protocol["declarer"]
        if not all(owed.values()):
            forced += 1
            assert record.auction == () and owed[declarer]
        else:
            assert record.auction
        owed[declarer].discard(game_of(record.contract))
    assert forced and not any(owed.values())


# --- §1.8 scoring a deal ---

@pytest.mark.parametrize("contract, pool, half", [("6H", 2, 4), ("7H", 4, 4), ("8H", 6, 0), ("9D", 8, 0)])
def test_gusarik_passed_out_contracts(g, delta, contract, pool, half):
    """A deals, B declares, A passes. 6: pool 2, A writes W × obl/2 = 2 × 4/2 = 4; 7: pool 4, A writes 4 × 2/2 = 4;
    8 and 9: pool 6 and 8, nothing else (base §7.4)."""
    d = delta("gusarik", g("A", "B", contract, {"A": "pass"}), players=("A", "B"), settings=POOL)
    assert d == {"pool": {"B": pool}, "mountain": {}, "whists": {"A": {"B": half}} if half else {}}


def test_gusarik_closed_whister_is_liable_at_the_full_price(g, delta):
    """Pool mode, A's pool at the target 20: B plays 7S, A whists, tricks B 9, A 1, dummy 0. Td = 1, obl 2,
    s = 1; A's pool had reached the target, so SF = P = 4: mountain A 4; A writes W × Td = 4 × 1 = 4; B's pool 4."""
    d = delta("gusarik", g("A", "B", "7S", {"A": "whist"}, {"A": 1, "B": 9}, dummy_tricks=0), players=("A", "B"),
              settings=POOL, start={"pool": {"A": 20}})
    assert d == {"pool": {"B": 4}, "mountain": {"A": 4}, "whists": {"A": {"B": 4}}}


# --- §1.10 all-pass with the dummy out ---

def test_gusarik_pool_all_pass_series_is_per_dealer(ap, sheet):
    """Pool mode, A deals three all-passes (A 4, B 6 each): ×1, ×2, ×4 → mountains A 4 × 7 = 28, B 6 × 7 = 42;
    then B deals: a new series, ×1."""
    deals = [ap("A", A=4, B=6)] * 3 + [ap("B", A=4, B=6)]
    s = sheet("gusarik", *deals, players=("A", "B"), settings=POOL)
    assert [d["label"] for d in s["deals"]] == ["all-pass x1", "all-pass x2", "all-pass x4", "all-pass x1"]
    assert s["totals"]["A"]["mountain"] == 32 and s["totals"]["B"]["mountain"] == 48


def test_gusarik_dark_all_pass_doubles(ap, delta):
    """A dark all-pass (dark_games is on, as in Classic): ×2 → A 4 × 2 = 8, B 6 × 2 = 12."""
    d = delta("gusarik", {**ap("A", A=4, B=6), "dark": True}, players=("A", "B"), settings=POOL)
    assert d["mountain"] == {"A": 8, "B": 12}


# --- §1.11 settlement between two players ---

@pytest.mark.parametrize("mountain, final, value", [("divisible", {"A": 10, "B": 20}, 5),
                                                    ("indivisible", {"A": 5, "B": 10}, 10)])
def test_gusarik_pool_early_stop_converts_the_open_pools(sheet, mountain, final, value):
    """Pool mode stopped early at pools A 10, B 0, no mountain: M = f × (20 − pool), f = 1 → 10 / 20, f = ½ →
    5 / 10; result A = 10 × ½ × 10 = 10 × 1 × 5 = +50 either way."""
    s = sheet("gusarik", players=("A", "B"), settings={**POOL, "gusarik_mountain": mountain},
              start={"pool": {"A": 10}})
    assert s["finished"] is False and "razboinik" not in s
    settlement = s["settlement"]
    assert settlement["final_mountain"] == final and settlement["mountain_value"] == value
    assert "pool_conversion" not in settlement
    assert settlement["result"] == {"A": 50, "B": -50} and settlement["mountain_term"] == {"A": 50, "B": -50}


# --- §1.4 items 3-5 and §1.13: the closing raspasy on the sheet ---

def test_razboinik_closing_deals_labels_and_progress(ap, protocol, scored):
    """Both players' six games played (start.razboinik_played): four closing all-passes, dealers A B A B, each ×1
    (`all-pass x1 (closing k/4)`); tricks A 4, B 6 each → mountains 16 / 24; the game is then done. Settlement:
    pools 0, M = 16 / 24, result A = 5 × (24 − 16) = +40."""
    deals = [ap(dealer, A=4, B=6) for dealer in "ABAB"]
    two = scored(protocol("gusarik", deals[:2], ("A", "B"), start=ALL_PLAYED))
    assert two["razboinik"] == {"stage": "closing", "remaining": {"A": [], "B": []}, "closing_all_pass_played": 2}
    assert two["finished"] is False
    four = scored(protocol("gusarik", deals, ("A", "B"), start=ALL_PLAYED))
    assert [d["label"] for d in four["deals"]] == [f"all-pass x1 (closing {k}/4)" for k in range(1, 5)]
    assert four["razboinik"]["stage"] == "done" and four["finished"] is True
    assert four["settlement"]["pool_conversion"] == 1 and four["settlement"]["result"] == {"A": 40, "B": -40}
    with pytest.raises(InvalidRecord) as caught:
        score_protocol(protocol("gusarik", deals + [ap("A", A=4, B=6)], ("A", "B"), start=ALL_PLAYED))
    assert caught.value.deal == 5


# --- §2.1 the countdown family ---

@pytest.mark.parametrize("count, written_off", [(0, {}), (3, {"A": -1})])
def test_countdown_classic_all_pass_write_off_stops_at_zero(ap, protocol, count, written_off):
    """Classic + simple, A takes no trick (B 5, C 5): B and C add 5 remises each; A's reward ×1 writes
    min(1, max(count, 0)) off: nothing from a count of 0, 1 from a count of 3 (rule 3)."""
    sheet = score_protocol(with_overlays(protocol("classic", [ap("C", A=0, B=5, C=5)], start={"count": {"A": count}}),
                                         "simple")).to_dict()
    assert sheet["deals"][0]["delta"] == {"count": {"B": 5, "C": 5, **written_off}, "whists": {}}


def test_countdown_largest_pool_help_takes_the_smallest_positive_count_first(g, protocol, scored):
    """Sochi + simple with help on (largest_pool), counts A 1, B 5, C 2: A's 8S passed out, v = 6. A writes 1 off his
    own count; 5 left: C (2, the smallest positive) first, g = 2, A→C 20; then B, g = 3, A→B 30 (rule 2)."""
    sheet = scored(with_overlays(protocol("sochi", [g("C", "A", "8S")], settings={"help": True},
                                          start={"count": {"A": 1, "B": 5, "C": 2}}), "simple"))
    assert sheet["deals"][0]["delta"] == {"count": {"A": -1, "C": -2, "B": -3}, "whists": {"A": {"C": 20, "B": 30}}}


def test_kotel_several_transfers_after_one_deal_form_a_list(g, protocol, scored):
    """Sochi + kotel, target 2, counts A 0, B −5, C 2, pot B 2. C's 6S passed out writes C's count to 0: every count
    is ≤ 0, so B's pot is split [1, 1] (stage 2, B −4), still all ≤ 0 so the second part follows (stage 3, B −3);
    nothing left: the game is finished. M = count + pot + parts: A 0, B −3, C 0 (rule 5, §2.6)."""
    sheet = scored(with_overlays(protocol("sochi", [g("A", "C", "6S")], settings={"pool_target": 2},
                                          start={"count": {"A": 0, "B": -5}, "pot": {"B": 2}}), "kotel"))
    assert sheet["deals"][0]["delta"]["transfer"] == [
        {"stage": 2, "split": {"A": [0, 0], "B": [1, 1], "C": [0, 0]}, "part": {"A": 0, "B": 1, "C": 0}},
        {"stage": 3, "part": {"A": 0, "B": 1, "C": 0}}]
    assert sheet["finished"] is True and sheet["countdown"] == {"stage": 3, "queued_parts": []}
    assert sheet["settlement"]["final_mountain"] == {"A": 0, "B": -3, "C": 0}


# --- §2.2 decimal count ---

def test_decimal_scales_all_pass_prices_and_rewards_but_not_the_help(ap, protocol, scored):
    """Sochi + decimal (target 50), A's pool 48: all-pass ×1, tricks A 0, B 4, C 6 → mountains B 4 × 5 = 20,
    C 6 × 5 = 30; A's zero-trick reward 1 × 5 = 5: 2 close his pool, 3 help B (pool 0, first clockwise among the
    equal pools) at 10 whists a point, not 50: A→B 30."""
    sheet = scored(with_overlays(protocol("sochi", [ap("C", A=0, B=4, C=6)], start={"pool": {"A": 48}}), "decimal"))
    assert sheet["deals"][0]["delta"] == {"pool": {"A": 2, "B": 3}, "mountain": {"B": 20, "C": 30},
                                          "whists": {"A": {"B": 30}}}


def test_decimal_scales_the_modern_misere(protocol, scored):
    """Sochi + decimal: a made misère writes 10 × 5 = 50 into the pool; a misère with 2 tricks 2 × 50 = 100 on the
    mountain."""
    deals = [{"dealer": "C", "type": "misere", "declarer": "A", "tricks": {"A": 0, "B": 4, "C": 6}},
             {"dealer": "A", "type": "misere", "declarer": "B", "tricks": {"A": 4, "B": 2, "C": 4}}]
    sheet = scored(with_overlays(protocol("sochi", deals), "decimal"))
    assert [d["delta"]["pool"] for d in sheet["deals"]] == [{"A": 50}, {}]
    assert sheet["deals"][1]["delta"]["mountain"] == {"B": 100}


# --- §2.3 big and small misères ---

def test_big_misere_consolation_is_value_times_mu_per_trick(protocol, scored):
    """Classic + misere_big_small, misere_consolation on: a dark big misère (μ 2) with 2 tricks → mountain
    10 × 2 × 2 = 40; B and C each write 10 × 2 × 2 = 40 on A."""
    deal = {"dealer": "C", "type": "misere", "contract": "misere_big", "declarer": "A", "dark": True,
            "tricks": {"A": 2, "B": 4, "C": 4}}
    sheet = scored(with_overlays(protocol("classic", [deal], settings={"misere_consolation": True}),
                                 "misere_big_small"))
    assert sheet["deals"][0] == {"index": 1, "label": "misere_big: 2 trick(s)",
                                 "delta": {"pool": {}, "mountain": {"A": 40},
                                           "whists": {"B": {"A": 40}, "C": {"A": 40}}}}
