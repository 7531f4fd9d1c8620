"""Spec items of rules/preferans.md §5-§9 that no other test pinned, each built from a small protocol and checked
against the spec's own arithmetic (written out in each docstring)."""
import pytest

from trickcore.errors import InvalidRecord

FOUR = ("A", "B", "C", "D")


FINISHED = {"A": 20, "B": 20, "C": 20}


# --- §7.2 and §7.7: the zero-trick reward is a pool entry, with help and overflow ---

def test_sochi_zero_trick_reward_helps_the_largest_open_pool(ap, sheet):
    """Sochi, target 10, pools A 10, B 9, C 5, third all-pass of a series (k = 2, ×3); tricks A 0, B 4, C 6.
    Mountain B 4 × 3 = 12, C 6 × 3 = 18. A's reward r = 3: A is closed, so B (the larger open pool) gets 1
    (A→B 10), then C gets 2 (A→C 20)."""
    s = sheet("sochi", ap("C", A=0, B=4, C=6), settings={"pool_target": 10},
              start={"pool": {"A": 10, "B": 9, "C": 5}, "all_pass_series": 2})
    assert s["deals"][0] == {"index": 1, "label": "all-pass x3", "delta": {
        "pool": {"B": 1, "C": 2}, "mountain": {"B": 12, "C": 18}, "whists": {"A": {"B": 10, "C": 20}}}}


def test_zero_trick_rewards_are_applied_from_hand1_on(ap, sheet):
    """Dealer C, so hand1 = A, hand2 = B. Target 10, pools A 9, B 10, C 8, k = 2 (×3); tricks A 0, B 0, C 10.
    A first: own 1 (A 10), then 2 help C (C 10, A→C 20). Then B: closed, nobody open → mountain B −3.
    C: 10 × 3 = 30. Every pool is at 10: the game ends."""
    s = sheet("sochi", ap("C", A=0, B=0, C=10), settings={"pool_target": 10},
              start={"pool": {"A": 9, "B": 10, "C": 8}, "all_pass_series": 2})
    assert s["deals"][0]["delta"] == {"pool": {"A": 1, "C": 2}, "mountain": {"B": -3, "C": 30},
                                      "whists": {"A": {"C": 20}}}
    assert s["finished"] is True


def test_made_misere_overflows_into_the_mountain(delta):
    """Sochi, pools A 20, B 20, C 15; C makes misère: pool C +5, the other 5 help nobody → mountain C −5."""
    d = delta("sochi", {"dealer": "B", "type": "misere", "declarer": "C", "tricks": {"A": 5, "B": 5, "C": 0}},
              start={"pool": {"A": 20, "B": 20, "C": 15}})
    assert d == {"pool": {"C": 5}, "mountain": {"C": -5}, "whists": {}}


def test_leningrad_second_all_pass_reward_is_not_doubled(ap, delta):
    """Leningrad, k = 1: m = 2, price 2 per trick → B 4 × 2 × 2 = 16, C 6 × 4 = 24; A's reward r = m = 2 pool
    points (decision 25: not doubled, the pool is already worth double)."""
    d = delta("leningrad", ap("C", A=0, B=4, C=6), start={"all_pass_series": 1})
    assert d == {"pool": {"A": 2}, "mountain": {"B": 16, "C": 24}, "whists": {}}


def test_classic_dark_all_pass_writes_off_at_most_the_mountain(ap, delta):
    """Classic, 3 players, dealer C dealing again after an all-pass (k = 1, ×2), dark (×2 more): m = 4.
    A 0 tricks with mountain 3 → write-off 3 (never below 0); B 4 × 4 = 16, C 6 × 4 = 24."""
    d = delta("classic", {**ap("C", A=0, B=4, C=6), "dark": True}, settings={"num_players": 3},
              start={"mountain": {"A": 3}, "all_pass_series": 1, "all_pass_series_dealer": "C"})
    assert d == {"pool": {}, "mountain": {"A": -3, "B": 16, "C": 24}, "whists": {}}


def test_rostov_dealer_prize_point_never_closes_his_pool(ap, delta):
    """Rostov, 4 players, dealer D at 19 of 20: tricks A 0, B 4, C 6 → A→B 20, A→C 30; A's prize: pool A +1;
    D's prize (rostov_dealer_bonus) would close his pool → mountain D −1."""
    d = delta("rostov", ap("D", A=0, B=4, C=6), players=FOUR, start={"pool": {"D": 19}})
    assert d == {"pool": {"A": 1}, "mountain": {"D": -1}, "whists": {"A": {"B": 20, "C": 30}}}


# --- §7.3-§7.6: contracts ---

def test_two_whisters_both_short_on_a_seven(g, delta):
    """Sochi 7S, B and C whist, A 10 tricks: obl 2, half 1, s = 2; each liable min(1 − 0, 2) = 1 at SF 4."""
    d = delta("sochi", g("C", "A", "7S", {"B": "whist", "C": "whist"}, {"A": 10, "B": 0, "C": 0}))
    assert d == {"pool": {"A": 4}, "mountain": {"B": 4, "C": 4}, "whists": {}}


def test_rostov_lone_whister_short_is_semi_responsible(g, delta):
    """Rostov 7H, B whist, C pass; A 9, B 1, C 0: made, pool A 4; B writes W(7) × Td = 10 × 1 = 10; obl 2,
    s = 1 at SF = P/2 = 2 → mountain B 2."""
    d = delta("rostov", g("C", "A", "7H", {"B": "whist", "C": "pass"}, {"A": 9, "B": 1, "C": 0}))
    assert d == {"pool": {"A": 4}, "mountain": {"B": 2}, "whists": {"B": {"A": 10}}}


def test_leningrad_gentleman_four_players_dealer_writes_consolation(g, delta):
    """Leningrad, 4 players, dealer A; B plays 6S, C whist, D pass; B 5, C 3, D 2. Mountain B SET = 4;
    trick whists 4 × 5 = 20 shared 10/10; consolation 4 from each of A, C, D → C→B 14, D→B 14, A→B 4."""
    d = delta("leningrad", g("A", "B", "6S", {"C": "whist", "D": "pass"}, {"B": 5, "C": 3, "D": 2}), players=FOUR)
    assert d == {"pool": {}, "mountain": {"B": 4}, "whists": {"A": {"B": 4}, "C": {"B": 14}, "D": {"B": 14}}}


def test_leningrad_half_whist_writes_doubled_whists(g, delta):
    """Leningrad 6D, B pass, C half-whist, nobody returns: pool A 2; C writes W(6) × 2 = 4 × 2 = 8."""
    d = delta("leningrad", g("C", "A", "6D", {"B": "pass", "C": "half_whist"}))
    assert d == {"pool": {"A": 2}, "mountain": {}, "whists": {"C": {"A": 8}}}


def test_classic_pass_pass_seven_four_players(g, delta):
    """Classic, 4 players, dealer A; B plays 7D, C and D pass: pool B 4; D2 = D writes W(7) × 1 = 4."""
    d = delta("classic", g("A", "B", "7D", {"C": "pass", "D": "pass"}), players=FOUR)
    assert d == {"pool": {"B": 4}, "mountain": {}, "whists": {"D": {"B": 4}}}


def test_classic_checked_ten_down_four_players(delta):
    """Classic checked ten, 4 players, dealer A; B 9 tricks: mountain 10; consolation 10 × 1 from A, C, D."""
    deal = {"dealer": "A", "type": "game", "declarer": "B", "contract": "10NT", "tricks": {"B": 9, "C": 1, "D": 0}}
    d = delta("classic", deal, players=FOUR)
    d.pop("pool")
    assert d == {"mountain": {"B": 10}, "whists": {"A": {"B": 10}, "C": {"B": 10}, "D": {"B": 10}}}


def test_walkaway_on_a_bomb_keeps_the_bomb(protocol):
    """Classic with walkaway; B walks away at 8S with a simple bomb: 3 × SET(8) × μ = 3 × 6 × 2 = 36; a walkaway
    is no made contract, so the bomb stays."""
    from trickcore.scoring.preferans import PulyaLedger, parse_protocol
    parsed = parse_protocol(protocol("classic", [{"dealer": "A", "type": "walkaway", "declarer": "B",
                                                  "contract": "8S"}], players=FOUR,
                                     settings={"allow_walkaway": True}, start={"bombs": {"B": [2]}}))
    ledger = PulyaLedger.replay(parsed)
    assert ledger.results[0].label == "8S: walkaway (down 3)"
    assert ledger.results[0].delta()["mountain"] == {"B": 36}
    assert ledger.state.bombs["B"] == (2,)


def test_leningrad_undiscarded_talon_on_misere(delta):
    """Leningrad misère with the talon kept: 3 × 10 × mountain_factor 2 = 60; nothing else."""
    d = delta("leningrad", {"dealer": "C", "type": "misere", "declarer": "A",
                            "penalties": [{"kind": "undiscarded_talon", "player": "A"}]})
    assert d == {"pool": {}, "mountain": {"A": 60}, "whists": {}}


def test_revoke_by_declarer_to_a_named_defender(g, delta):
    """Sochi 7H, B whist, C pass; A 7, B 2, C 1, A revokes one trick to C: A 6 → down 1 (mountain 4);
    consolation 4 each; B writes W × Td = 4 × (2 + 2) = 16 (+4) = 20."""
    d = delta("sochi", g("C", "A", "7H", {"B": "whist", "C": "pass"}, {"A": 7, "B": 2, "C": 1},
                         penalties=[{"kind": "revoke", "player": "A", "to": "C"}]))
    assert d == {"pool": {}, "mountain": {"A": 4}, "whists": {"B": {"A": 20}, "C": {"A": 4}}}


# --- §6.4: exit levels ---

def test_exit_levels_use_the_last_value_after_a_long_series(g, sheet):
    """Levels [6, 7, 8]: after 5 all-pass deals the index is min(5, 3) − 1 = 2 → 8; 7NT is illegal, 8S legal."""
    start = {"all_pass_series": 5}
    with pytest.raises(InvalidRecord) as info:
        sheet("sochi", g("C", "A", "7NT", {}), settings={"all_pass_exit_levels": [6, 7, 8]}, start=start)
    assert info.value.deal == 1
    s = sheet("sochi", g("C", "A", "8S", {}), settings={"all_pass_exit_levels": [6, 7, 8]}, start=start)
    assert s["deals"][0]["label"] == "8S: passed out"


# --- §9: end and settlement ---

def test_four_player_settlement_shares_each_mountain_point_among_four(sheet):
    """Sochi, 4 players, finished; mountains A 8, B 0, C 4, D 0, A→B 10. avg = 12 / 4 = 3; terms
    10 × (3 − M): A −50, B 30, C −10, D 30; nets A +10, B −10 → results A −40, B 20, C −10, D 30."""
    start = {"pool": {p: 20 for p in FOUR}, "mountain": {"A": 8, "C": 4}, "whists": {"A": {"B": 10}}}
    settlement = sheet("sochi", players=FOUR, start=start)["settlement"]
    assert settlement["average_mountain"] == 3
    assert settlement["result"] == {"A": -40, "B": 20, "C": -10, "D": 30}
    # pair[A][q] = whists[A][q] − whists[q][A] + 10 × (M[q] − M[A]) / 4: B 10 − 20, C −10, D −20.
    assert settlement["pairwise"]["A"] == {"B": -10, "C": -10, "D": -20}


def test_leningrad_four_players_end_at_four_targets(g, sheet):
    """Leningrad, 4 players, target 10, pools A 10, B 10, C 10, D 8; dealer A, B plays 6S passed out: pool B 12,
    Σ = 42 ≥ 4 × 10 → finished. adj = 2 × (10 − pool): B −4, D +4; avg 0 → B +40, D −40."""
    s = sheet("leningrad", g("A", "B", "6S", {}), players=FOUR, settings={"pool_target": 10},
              start={"pool": {"A": 10, "B": 10, "C": 10, "D": 8}})
    assert s["finished"] is True
    assert s["settlement"]["pool_adjustment"] == {"A": 0, "B": -4, "C": 0, "D": 4}
    assert s["settlement"]["result"] == {"A": 0, "B": 40, "C": 0, "D": -40}


def test_code_rounding_with_both_remainders(sheet):
    """Rounding `code`, mountains A 1, B 2, C 0 (already amnestied), no whists. A ≡ 1: lowered to 0, B and C
    write 3 on A. B ≡ 2: raised to 3, B writes 3 on A and on C. M = 0, 3, 0, avg 1: terms 10, −20, 10;
    nets A −9 (B→A 6, C→A 3), B +9, C 0 → display 1, −11, 10 (exact results 0, −10, 10)."""
    s = sheet("sochi", settings={"rounding": "code"}, start={"pool": FINISHED, "mountain": {"A": 1, "B": 2}})
    assert s["settlement"]["result"] == {"A": 0, "B": -10, "C": 10}
    assert s["settlement"]["display"] == {"A": 1, "B": -11, "C": 10}


def test_nearest_rounding_adds_to_the_smallest_remainders_in_seat_order(sheet):
    """Mountains A 0, B 0, C 1: avg 1/3, results 10/3, 10/3, −20/3; floor(x + 1/2) = 3, 3, −7, sum −1; all
    r − x are −1/3, so the first in seat order (A) gets +1 → 4, 3, −7."""
    s = sheet("sochi", start={"pool": FINISHED, "mountain": {"C": 1}})
    assert s["settlement"]["display"] == {"A": 4, "B": 3, "C": -7}


# --- §11.2 validation: every listed error names the deal (1-based) and the field, exit 2, nothing written ---

def _game(**extra):
    return {"dealer": "C", "type": "game", "declarer": "A", "contract": "6H", **extra}


AP = {"dealer": "C", "type": "all_pass", "tricks": {"A": 3, "B": 3, "C": 4}}
VALIDATION = [
    ("declarer is the 4-player dealer", "sochi", FOUR, {}, {}, {"dealer": "A", "type": "game", "declarer": "A",
                                                               "contract": "6H"}, "declarer"),
    ("half-whist off", "sochi", None, {"half_whist": False}, {}, _game(calls={"B": "pass", "C": "half_whist"}),
     "calls"),
    ("return by the half-whister", "sochi", None, {}, {}, _game(calls={"B": "pass", "C": "half_whist"},
                                                                returned_by="C", tricks={"A": 6, "B": 2, "C": 2}),
     "returned_by"),
    ("dealer whist after a whist", "sochi", FOUR, {}, {}, {"dealer": "A", "type": "game", "declarer": "B",
                                                           "contract": "6H", "calls": {"C": "whist"},
                                                           "dealer_call": "whist"}, "dealer_call"),
    ("calls on an all-pass", "sochi", None, {}, {}, {**AP, "calls": {"A": "pass"}}, "calls"),
    ("calls on a checked ten", "classic", None, {"num_players": 3}, {},
     _game(contract="10S", calls={"B": "whist"}, tricks={"A": 10, "B": 0, "C": 0}), "calls"),
    ("6S not whisted twice", "classic", None, {"num_players": 3}, {},
     _game(contract="6S", calls={"B": "whist", "C": "pass"}, tricks={"A": 6, "B": 2, "C": 2}), "calls"),
    ("below the exit level", "sochi", None, {"all_pass_exit_levels": [7]}, {"all_pass_series": 1}, _game(),
     "contract"),
    ("bombs off", "sochi", None, {}, {}, {**AP, "bombs_awarded": {"A": 2}}, "bombs_awarded"),
    ("talon bonus off", "sochi", None, {}, {}, _game(talon=["AS", "AH"]), "talon"),
    ("walkaway off", "sochi", None, {}, {}, {"dealer": "C", "type": "walkaway", "declarer": "A", "contract": "8S"},
     "type"),
    ("tricks of a non-participant", "rostov", FOUR, {}, {}, {"dealer": "D", "type": "all_pass",
                                                             "tricks": {"A": 3, "B": 3, "C": 4, "D": 0}}, "tricks"),
    ("tricks missing", "sochi", None, {}, {}, _game(calls={"B": "whist"}), "tricks"),
]


@pytest.mark.parametrize("name, variant, players, settings, start, bad, field", VALIDATION,
                         ids=[v[0] for v in VALIDATION])
def test_validation_of_section_11_2(cli, protocol, tmp_path, name, variant, players, settings, start, bad, field):
    p = protocol(variant, [bad], players or ("A", "B", "C"), settings, start)
    out = tmp_path / "out.json"
    result = cli("--format", "json", "-o", str(out), protocol=p)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and not out.exists()
    message = result.stderr.strip()
    assert "\n" not in message and "deal 1" in message and f"field '{field}'" in message, message
