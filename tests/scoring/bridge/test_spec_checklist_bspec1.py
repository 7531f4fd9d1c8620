"""rules/bridge.md §0-§10 and their §17 examples: the spec items no other test pinned, each checked by hand.

Each test names its spec section; the docstrings carry the arithmetic, worked from the spec's own tables.
"""
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from trickcore.cards import Rank, parse_card
from trickcore.cli.main import tricks
from trickcore.dealing import parse_deal
from trickcore.errors import IllegalCall, InputError, TrickcoreError
from trickcore.games.bridge.auction import DOUBLE, PASS, REDOUBLE, Auction, Bid, parse_call
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.vocab import (Contract, Seat, Side, Strain, Vulnerability, board_dealer,
                                          board_vulnerability, parse_contract)
from trickcore.play import trick_winner
from trickcore.scoring.bridge.contract.honours import hcp, honours
from trickcore.scoring.bridge.contract.score import (duplicate_score, ns_score, overtrick_score, trick_score,
                                                     undertrick_penalty)
from trickcore.scoring.bridge.display import format_figure
from trickcore.scoring.bridge.duplicate.butler import butler, cross_imps, datum, score_board_imps, trim_count
from trickcore.scoring.bridge.duplicate.imp_pairs import PairImps
from trickcore.scoring.bridge.duplicate.matchpoints import neuberg, parse_adjusted, score_board
from trickcore.scoring.bridge.rubber.chicago import ChicagoDuplicateLedger, ChicagoLedger
from trickcore.scoring.bridge.rubber.rubber_bridge import RubberLedger
from trickcore.scoring.bridge.rubber.sheet import SheetEntry, TableResult, settle_entries
from trickcore.scoring.bridge.settings import BridgeScoringSettings


def run(*args):
    """Run ``tricks bridge ...`` in-process."""
    return CliRunner().invoke(tricks, ["bridge", *[str(a) for a in args]])


def deal(text, declarer=None, tricks_taken=None, honours_entered=None, hands=None):
    return TableResult(parse_contract(text), declarer, tricks_taken, honours_entered, hands) if text else TableResult()


def sheet_totals(ledger):
    result = ledger.totals()
    return result.totals[Side.NS]["total"], result.totals[Side.EW]["total"]


# §1 Cards, seats, deals -----------------------------------------------------------------------------------------

def test_s1_1_card_notation_forgiving_input_strict_output():
    """§1.1: `SA` = ♠A, `DT` = ♦10; input may be lower case, `10` for T, or suit symbols; output upper case."""
    assert str(parse_card("SA")) == "SA" and str(parse_card("DT")) == "DT"
    assert parse_card("sa") == parse_card("♠A") == parse_card("SA")
    assert parse_card("d10") == parse_card("DT") and parse_card("DT").rank is Rank.TEN
    assert [str(parse_card(t)) for t in ("ht", "♥10", "c2")] == ["HT", "HT", "C2"]


def test_s1_2_seats_clockwise_lho_and_index():
    """§1.2: N → E → S → W → N; LHO is the next seat clockwise (LHO(S) = W); N=0 E=1 S=2 W=3."""
    assert [int(s) for s in (Seat.N, Seat.E, Seat.S, Seat.W)] == [0, 1, 2, 3]
    assert [s.lho for s in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [s.side for s in Seat] == [Side.NS, Side.EW, Side.NS, Side.EW]


VALID = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.mark.parametrize("text", [
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543A",   # ♣A twice, ♣2 missing
    "N:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",    # N holds 12 cards
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 SA",
])
def test_s1_3_deal_validation(text):
    """§1.3: a deal is 4 × 13 distinct cards; duplicates, missing cards and wrong hand sizes are rejected."""
    assert [len(h) for h in parse_deal(VALID).hands] == [13, 13, 13, 13]
    with pytest.raises(TrickcoreError):
        parse_deal(text)


@pytest.mark.parametrize("dealer", range(4))
def test_s1_3_seeded_deal_dealer_gets_the_last_card(dealer):
    """§1.3: card c[i] goes to seat (dealer + 1 + i) mod 4: the dealer's LHO gets c[0], the dealer c[51]."""
    pattern = BRIDGE.pattern(dealer)
    assert len(pattern) == 52 and pattern[0] == (dealer + 1) % 4 and pattern[51] == dealer
    assert all(pattern.count(seat) == 13 for seat in range(4))


def test_s1_4_hcp():
    """§1.4: A4 K3 Q2 J1; the pack holds 40. N holds AKQJ in ♠ and ♥ (20) + ♦AK (7) + ♣AK (7) = 34."""
    hands = parse_deal("N:AKQJ.AKQJ.AK.AK2 T98.T98.QJT9.QJT 765.765.8765.987 432.432.432.6543").hands
    assert [hcp(h) for h in hands] == [34, 6, 0, 0] and sum(hcp(h) for h in hands) == 40


# §2 Board number → dealer and vulnerability ---------------------------------------------------------------------

def test_s2_formula_over_four_cycles():
    """§2: with i = b − 1, dealer = "NESW"[i mod 4], vulnerability = [NONE, NS, EW, BOTH][(i + ⌊i/4⌋) mod 4];
    the pattern repeats every 16 boards (board 17 is board 1)."""
    order = [Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH]
    for b in range(1, 65):
        i = b - 1
        assert board_dealer(b) is Seat(i % 4)
        assert board_vulnerability(b) is order[(i + i // 4) % 4]
        assert (board_dealer(b), board_vulnerability(b)) == (board_dealer(b + 16), board_vulnerability(b + 16))


def test_s2_vulnerable_side_and_spellings_out():
    """§2: a side is vulnerable when the vulnerability is BOTH or names it; output spellings None NS EW All."""
    assert [(v.is_vulnerable(Side.NS), v.is_vulnerable(Side.EW)) for v in Vulnerability] == \
        [(False, False), (True, False), (False, True), (True, True)]
    assert [str(v) for v in Vulnerability] == ["None", "NS", "EW", "All"]


def test_s2_negative_numbers_are_arguments_on_the_command_line():
    """§2: `tricks bridge imps -580` reads −580 as the difference: 580 is in 500–590 → −11."""
    result = run("imps", "-580")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "-11"


def test_s17_e_c_board_lookups():
    """§17 E-C: board 7 S/both; 23 = 7; 16 W/E-W; 100 W/both (i = 99: 99 mod 4 = 3 → W; 99 + 24 = 123 → 3)."""
    assert (board_dealer(7), board_vulnerability(7)) == (Seat.S, Vulnerability.BOTH)
    assert (board_dealer(23), board_vulnerability(23)) == (board_dealer(7), board_vulnerability(7))
    assert (board_dealer(16), board_vulnerability(16)) == (Seat.W, Vulnerability.EW)
    assert (board_dealer(100), board_vulnerability(100)) == (Seat.W, Vulnerability.BOTH)


# §3 Auction ------------------------------------------------------------------------------------------------------

def test_s3_1_bid_index_and_seed_e1_order():
    """§3.1: index = 5·(L − 1) + k, k(C..NT) = 0..4; 2D undertakes 8 tricks; E1: 2H < 2S < 2NT < 3C < 3D."""
    assert Bid(1, Strain.C).index == 0 and Bid(7, Strain.NT).index == 34 and Bid(3, Strain.H).index == 12
    assert parse_contract("2D").tricks_needed == 8
    ladder = [parse_call(t).index for t in ("2H", "2S", "2NT", "3C", "3D")]
    assert ladder == sorted(ladder) == [7, 8, 9, 10, 11]


def test_s3_2_a_passed_player_may_bid_and_the_dealer_calls_first():
    """§3.2: the dealer calls first, then clockwise; a player who passed may bid later."""
    auction = Auction(Seat.E)
    assert auction.turn is Seat.E
    auction.make_call("Pass")
    auction.make_call("1C")
    auction.make_call("Pass")
    auction.make_call("Pass")
    assert auction.turn is Seat.E and auction.is_legal(Bid(1, Strain.D))


def test_s3_2_call_out_of_turn_is_refused_not_your_turn():
    """§3.2: an illegal call raises IllegalCall naming the reason, among them `not your turn`. Dealer N: N has
    opened 1H, so E is on turn; a call said to come from S is refused and leaves the auction unchanged."""
    auction = Auction(Seat.N, ["1H"])
    with pytest.raises(IllegalCall, match="not your turn"):
        auction.make_call("1S", Seat.S)
    assert auction.text() == "1H" and auction.turn is Seat.E
    with pytest.raises(IllegalCall, match="not your turn"):
        auction.make_call("1S", "S")                 # a seat as the notation writes it
    auction.make_call("1S", Seat.E)
    assert auction.text() == "1H 1S" and auction.last_bidder is Seat.E


@pytest.mark.parametrize("calls, contract, declarer", [
    ("1H X 2H Pass Pass Pass", Contract(2, Strain.H, 0), Seat.N),      # the bid after X cancels it
    ("1H X XX 2C Pass Pass Pass", Contract(2, Strain.C, 0), Seat.W),   # ... and a redouble too
    ("1H X Pass Pass Pass", Contract(1, Strain.H, 1), Seat.N),         # the double stands: auction ends on it
])
def test_s3_3_double_counts_only_if_the_auction_ends_on_it(calls, contract, declarer):
    """§3.3: a double or redouble takes effect only when the auction ends after it; a later bid cancels it."""
    outcome = Auction(Seat.N, calls.split()).outcome
    assert (outcome.contract, outcome.declarer) == (contract, declarer)


def test_s3_3_auction_end_needs_three_passes_after_a_bid():
    """§3.3: complete after four opening passes, or a bid followed by three passes; `1C Pass Pass X` is not."""
    assert not Auction(Seat.N, "Pass Pass Pass".split()).is_complete
    assert not Auction(Seat.N, "1C Pass Pass X Pass Pass".split()).is_complete
    assert Auction(Seat.N, "1C Pass Pass X Pass Pass Pass".split()).outcome.contract == Contract(1, Strain.C, 1)
    with pytest.raises(IllegalCall, match="auction complete"):
        Auction(Seat.N, "Pass Pass Pass Pass".split()).make_call("Pass")


def test_s3_4_declarer_ignores_opponents_bids_of_the_strain():
    """§3.4 [SEED E8]: declarer is the member of the declaring side who first bid the strain; E-W's 1S bid by
    E does not count for N-S's spade contract, and S's 2S before N's 4S makes S declarer, dummy N, leader W."""
    out = Auction(Seat.N, "1C 1S 2S Pass 4S Pass Pass Pass".split()).outcome
    assert (out.contract, out.declarer, out.dummy, out.opening_leader) == \
        (Contract(4, Strain.S, 0), Seat.S, Seat.N, Seat.W)


def test_s3_5_legal_calls_order():
    """§3.5: legal_calls() lists Pass, X, XX, then bids by ascending index. After `1H X` (dealer N, S on turn)
    Redouble is legal and Double is not; bids start at 1S (index 3)."""
    legal = Auction(Seat.N, ["1H", "X"]).legal_calls()
    assert legal[:2] == [PASS, REDOUBLE] and DOUBLE not in legal
    assert legal[2] == Bid(1, Strain.S) and [c.index for c in legal[2:]] == list(range(3, 35))
    assert Auction(Seat.N).legal_calls()[:2] == [PASS, Bid(1, Strain.C)] and len(Auction(Seat.N).legal_calls()) == 36


# §4 Play ---------------------------------------------------------------------------------------------------------

def test_s4_1_seed_e9_trick_winner_at_nt():
    """§4.1 [SEED E9]: NT, W leads ♥J, N ♥Q, E ♥K, S ♣A → E wins (a card of another suit never wins)."""
    cards = [parse_card(t) for t in ("HJ", "HQ", "HK", "CA")]
    assert trick_winner(BRIDGE.trick_rules(None), cards, int(Seat.W)) == int(Seat.E)


def test_s4_1_highest_trump_wins():
    """§4.1: with ♣ trumps the ♣2 ruff beats ♥A led; two ruffs: the higher trump wins."""
    rules = BRIDGE.trick_rules("C")
    assert trick_winner(rules, [parse_card(t) for t in ("HA", "HK", "C2", "H3")], int(Seat.N)) == int(Seat.S)
    assert trick_winner(rules, [parse_card(t) for t in ("HA", "C3", "C2", "S3")], int(Seat.N)) == int(Seat.E)


# §5 Duplicate scoring --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, points", [
    ("3NT", 100), ("2NT", 70), ("4H", 120), ("3S", 90), ("5C", 100), ("4D", 80),
    ("2HX", 120), ("1SX", 60), ("2NTX", 140), ("1NTX", 80), ("3CX", 120), ("2DX", 80),
    ("1CXX", 80), ("1DXX", 80), ("1HXX", 120), ("1NTXX", 160), ("2CXX", 160), ("7NTXX", 880),
])
def test_s5_1_trick_score_and_game_thresholds(text, points):
    """§5.1: m × base(L, S), base 20L minors, 30L majors, 30L + 10 NT; game when ≥ 100: 3NT 100, 4♥ 120,
    5♣ 100; doubled 2♥X 120, 2NTX 140, 3♣X 120; every redoubled contract but 1♣XX/1♦XX (80) is a game."""
    assert trick_score(parse_contract(text)) == points


@pytest.mark.parametrize("text, vul, overtricks, points", [
    ("4S", False, 1, 30), ("5C", True, 2, 40), ("3NT", False, 3, 90),
    ("3NTX", False, 2, 200), ("3NTX", True, 2, 400), ("1CXX", False, 1, 200), ("1CXX", True, 1, 400),
])
def test_s5_2_overtrick_table(text, vul, overtricks, points):
    """§5.2: undoubled = trick value (20 ♣♦, 30 ♥♠NT), vulnerable or not; doubled 100/200; redoubled 200/400."""
    assert overtrick_score(parse_contract(text), vul, overtricks) == points


@pytest.mark.parametrize("text, vul, tricks_taken, points", [
    ("3NTX", False, 11, 200 + 200 + 300 + 50),     # 750
    ("3NTX", True, 11, 200 + 400 + 500 + 50),      # 1150
    ("3NTXX", False, 10, 400 + 200 + 300 + 100),   # 1000
    ("1CXX", False, 8, 80 + 200 + 50 + 100),       # 430: overtricks never count toward game
    ("1CXX", True, 8, 80 + 400 + 50 + 100),        # 630
    ("5C", True, 13, 100 + 40 + 500),              # 640
    ("1NT", False, 13, 40 + 180 + 50),             # 270
    ("6CX", True, 12, 240 + 500 + 750 + 50),       # 1540: slam premium not doubled
    ("6CX", True, 13, 240 + 200 + 500 + 750 + 50),  # 1740
    ("7NTXX", True, 13, 880 + 500 + 1500 + 100),   # 2980 (§17 E-D)
    ("6NT", False, 13, 190 + 30 + 300 + 500),      # 1020: a small slam made with an overtrick, no grand premium
])
def test_s5_3_premiums_with_overtricks(text, vul, tricks_taken, points):
    """§5.3/§5.5: trick score + overtricks + game 300/500 or part-score 50 + slam + insult 50/100."""
    assert duplicate_score(parse_contract(text), vul, tricks_taken) == points


@pytest.mark.parametrize("doubled, vul, row", [
    (1, False, [100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 1900, 2100, 2300, 2500]),
    (2, False, [200, 600, 1000, 1400, 1800, 2200, 2600, 3000, 3400, 3800, 4200, 4600, 5000]),
    (1, True, [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800]),
    (2, True, [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600]),
    (0, False, [50 * u for u in range(1, 14)]),
])
def test_s5_4_pre1987_scale(doubled, vul, row):
    """§5.4: `pre1987` replaces the doubled/redoubled NV rows by 100 + 200·(u − 1) and twice that; vulnerable
    and undoubled rows are unchanged."""
    assert [undertrick_penalty(u, doubled, vul, "pre1987") for u in range(1, 14)] == row


def test_s5_4_pre1987_through_the_cli():
    """§17 E-D [SEED D13]: 4♥X NV, 6 tricks = 4 down: 100 + 200 + 200 + 300 = 800; pre1987: 100 + 3 × 200 = 700."""
    assert run("score", "4HX", "6").output.strip() == "-800"
    assert run("score", "4HX", "-4", "--set", "undertrick_scale=pre1987").output.strip() == "-700"


def test_s5_5_passed_out_ns_sign_and_worst_score():
    """§5.5: passed out scores 0; NS score = declarer score for N/S, its negation for E/W; the worst score is
    7NTXX vulnerable with 0 tricks, 13 down redoubled vulnerable: 400 + 2 × 600 + 10 × 600 = 7600."""
    assert ns_score(None, None, Vulnerability.BOTH, None) == 0
    assert duplicate_score(parse_contract("7NTXX"), True, 0) == -7600
    assert ns_score(parse_contract("4S"), Seat.E, Vulnerability.EW, 10) == -620
    assert ns_score(parse_contract("4S"), Seat.W, Vulnerability.NS, 10) == -420
    assert ns_score(parse_contract("4S"), Seat.S, Vulnerability.NS, 9) == -100
    assert ns_score(parse_contract("4S"), Seat.E, Vulnerability.NS, 9) == 50


def test_s5_5_json_score_through_the_cli():
    """§17 E-D [SEED E10]: 2NTX V made exactly: (2×30+10)×2 = 140, + 500 game + 50 insult = 690."""
    data = json.loads(run("score", "2NTX=", "--vul", "--format", "json").output)
    assert data["score"] == 690 and data["tricks"] == 8 and data["vulnerable"] is True


# §6 Rubber bridge ------------------------------------------------------------------------------------------------

def test_s6_1_rubber_two_one_and_scores_at_the_vulnerability_of_the_deal():
    """§6.1: NS 4S (120, game), EW 4H (120, game: both vulnerable), NS 3NT+1 (100 below, 30 above, second game)
    → rubber bonus 500 (EW have a game). NS 120 + 100 + 30 + 500 = 750; EW 120."""
    ledger = RubberLedger()
    for r in (deal("4S", "N", 10), deal("4H", "E", 10), deal("3NT", "S", 10)):
        ledger.add(r)
    assert ledger.finished and sheet_totals(ledger) == (750, 120)
    assert [str(d.vulnerability) for d in ledger.deals] == ["None", "NS", "All"]


def test_s6_1_trick_points_only_count_toward_game():
    """§6.1: overtricks are above the line: 1NT+2 (40 below, 60 above) then 2C= (40) is 80 below, no game;
    a further 1D= (20) makes 100 → game."""
    ledger = RubberLedger()
    ledger.add(deal("1NT", "N", 9))
    ledger.add(deal("2C", "S", 8))
    assert ledger.games[Side.NS] == 0 and ledger.current[Side.NS] == 80
    ledger.add(deal("1D", "N", 7))
    assert ledger.games[Side.NS] == 1 and ledger.vulnerability is Vulnerability.NS


def test_s6_1_game_resets_both_part_scores():
    """§6.1: EW 2S (60 below); NS 4H (120) wins a game and EW's 60 no longer counts: EW then need 100 again,
    so EW 1NT (40) is no game (40 < 100, not 60 + 40)."""
    ledger = RubberLedger()
    ledger.add(deal("2S", "E", 8))
    ledger.add(deal("4H", "N", 10))
    ledger.add(deal("1NT", "W", 7))
    assert ledger.games == {Side.NS: 1, Side.EW: 0} and ledger.current == {Side.NS: 0, Side.EW: 40}


def test_s6_2_honours_go_to_the_holder_even_a_defender_on_a_defeated_contract():
    """§6.2: W holds ♠AKQJT (150) against N's 4S, which goes one down NV: EW 50 + 150 = 200 above; with exactly
    four of the five (♠AKQJ) in W's hand, 100."""
    five = parse_deal("W:AKQJT.AKQ.AKQ.AK 98765.JT9.JT9.QJ 432.8765.8765.T9 .432.432.8765432").hands
    ledger = RubberLedger()
    ledger.add(deal("4S", "N", 9, hands=five))
    assert sheet_totals(ledger) == (0, 200)
    assert honours(Strain.S, five) == (Seat.W, 150)
    four = parse_deal("W:AKQJ2.AKQ.AKQ.AK 98765.JT9.JT9.QJ T43.8765.8765.T9 .432.432.8765432").hands
    assert honours(Strain.S, four) == (Seat.W, 100)


def test_s6_2_split_honours_and_nt_aces():
    """§6.2: honours split between partners score nothing; at NT only the four aces in one hand count (150)."""
    split = parse_deal("N:AKQ2.AK2.A32.K32 987.T987.T987.98 JT3.QJ3.KQJ.AQJT 654.654.654.7654").hands
    assert honours(Strain.S, split) is None and honours(Strain.NT, split) is None
    aces = parse_deal("N:A2.AK2.A32.A5432 KQJ3.QJ3.KQJ.KQJ T987.T987.T987.T 654.654.654.9876").hands
    assert honours(Strain.NT, aces) == (Seat.N, 150)


def test_s6_2_duplicate_never_scores_honours():
    """§6.2/§5.5: honours are never scored in duplicate: the duplicate scorer refuses entered honours."""
    ledger = ChicagoDuplicateLedger()
    with pytest.raises(TrickcoreError, match="never scored in duplicate"):
        ledger.add(deal("4S", "N", 10, honours_entered=("N", 100)))


@pytest.mark.parametrize("margin, units", [(2120, 21), (250, 3), (150, 2), (149, 1), (50, 1), (0, 0)])
def test_s6_3_units_round_half_away_from_zero(margin, units):
    """§6.3: units = round_half_away_from_zero(margin / 100): 2120 → 21, 250 → 3, 150 → 2, 149 → 1, 50 → 1."""
    for side in Side:
        result = settle_entries([SheetEntry(side, False, margin, "test")], 100)
        assert (result.margin, result.units) == (margin, units)


def test_s6_4_law80_one_game_all_awards_only_the_part_score():
    """§6.4 law80: one game each → no 300 to either; NS hold the only part-score (60) → NS +100.
    NS 4S= (120, game), EW 4H= (120, game), NS 2S= (60): NS 120 + 60 + 100 = 280, EW 120.
    each_side with the 50 bonus: both games score 300 and NS' part-score 50: NS 530, EW 420."""
    results = [deal("4S", "N", 10), deal("4H", "E", 10), deal("2S", "N", 8)]
    for settings, expected in [(BridgeScoringSettings(), (280, 120)),
                               (BridgeScoringSettings(unfinished_award="each_side", unfinished_partscore_bonus=50),
                                (530, 420))]:
        ledger = RubberLedger(settings)
        for r in results:
            ledger.add(r)
        ledger.settle()
        assert sheet_totals(ledger) == expected


def test_s6_4_law80_part_scores_on_both_sides_award_nothing():
    """§6.4 law80: NS 2S (60) and EW 2H (60) → part-scores on both sides: nothing; each_side: 100 each."""
    for settings, expected in [(BridgeScoringSettings(), (60, 60)),
                               (BridgeScoringSettings(unfinished_award="each_side"), (160, 160))]:
        ledger = RubberLedger(settings)
        ledger.add(deal("2S", "N", 8))
        ledger.add(deal("2H", "E", 8))
        ledger.settle()
        assert sheet_totals(ledger) == expected


def test_s6_5_per_game_200_two_one():
    """§6.5 per_game_200: NS 4S (game, +200), EW 4H (game, +200), NS 4S again (rubber-ending game, +700), no
    700/500 rubber bonus. NS 120 + 200 + 120 + 700 = 1140; EW 120 + 200 = 320."""
    ledger = RubberLedger(BridgeScoringSettings(game_bonus_style="per_game_200"))
    for r in (deal("4S", "N", 10), deal("4H", "E", 10), deal("4S", "N", 10)):
        ledger.add(r)
    assert ledger.finished and sheet_totals(ledger) == (1140, 320)


def test_s6_5_redouble_insult_50_in_duplicate():
    """§6.5 `redouble_insult = 50` (§5.3): 1♣XX NV made = 80 + 50 part-score + 50 insult = 180 (230 standard)."""
    assert duplicate_score(parse_contract("1CXX"), False, 7, redouble_insult=50) == 180
    assert run("score", "1CXX=", "--set", "redouble_insult=50").output.strip() == "180"


# §7 Chicago ------------------------------------------------------------------------------------------------------

def test_s7_1_dealer_rotates_and_first_dealer_setting():
    """§7.1: deal k is dealt by first_dealer + (k − 1): first dealer S → S, W, N, E; default vulnerability: deal 2
    dealer W → E-W, deal 3 dealer N → N-S."""
    ledger = ChicagoLedger(BridgeScoringSettings(first_dealer="S"))
    seen = []
    for _ in range(4):
        seen.append((str(ledger.dealer), str(ledger.vulnerability)))
        ledger.add(deal("1C", "N", 6))
    assert seen == [("S", "None"), ("W", "EW"), ("N", "NS"), ("E", "All")]


def test_s7_2_game_bonus_at_the_deals_vulnerability():
    """§7.2: deal 1 nobody vulnerable: NS 2S (60); deal 2 (dealer E, E-W vulnerable): NS 2H (60) completes a game
    while not vulnerable → 300; deal 3 (N-S vulnerable): EW 4H (120) → 300 (EW not vulnerable on deal 3)."""
    ledger = ChicagoLedger()
    ledger.add(deal("2S", "N", 8))
    ledger.add(deal("2H", "S", 8))
    ledger.add(deal("4H", "E", 10))
    assert sheet_totals(ledger) == (60 + 60 + 300, 120 + 300)


def test_s7_2_deal4_bonus_not_for_a_game_and_not_for_the_defenders():
    """§7.2 deal4: NS 2S= on deal 1 (60), NS 1C one down on deals 2 and 3; on deal 4 NS 2S= (60 + 60 = 120)
    completes a game at both vulnerable → 500, and no part-score 100. A made part-score on deal 4 scores 100 even
    without an older part-score (EW 1C=: 20 + 100); a defeated contract on deal 4 gives nobody the bonus (EW 1C
    one down, vulnerable: NS 100 only)."""
    ledger = ChicagoLedger()
    for r in (deal("2S", "N", 8), deal("1C", "N", 6), deal("1C", "N", 6), deal("2S", "N", 8)):
        ledger.add(r)
    assert ledger.complete
    assert [(e.side, e.points, e.item) for e in ledger.deals[-1].entries if not e.below] == \
        [(Side.NS, 500, "game")]
    fresh = ChicagoLedger()
    for r in (deal("1C", "N", 6), deal("1C", "N", 6), deal("1C", "N", 6), deal("1C", "W", 7)):
        fresh.add(r)
    assert [(e.side, e.points) for e in fresh.deals[-1].entries] == [(Side.EW, 20), (Side.EW, 100)]
    down = ChicagoLedger()
    for r in (deal("1C", "N", 6), deal("1C", "N", 6), deal("1C", "N", 6), deal("1C", "W", 6)):
        down.add(r)
    assert [(e.side, e.points) for e in down.deals[-1].entries] == [(Side.NS, 100)]


def test_s7_2_held_at_end():
    """§7.2 held_at_end: after deal 4 each side still holding an unconverted part-score scores 100. Deal 1 NS 2S=
    (60); deal 2 EW 1NT= (40); deal 3 (dealer S, N-S vulnerable) EW 1C one down NV → NS 50; deal 4 (both) NS 1C
    one down → EW 100. Both hold part-scores: NS 60 + 50 + 100 = 210, EW 40 + 100 + 100 = 240."""
    settings = BridgeScoringSettings(chicago_partscore_bonus="held_at_end")
    ledger = ChicagoLedger(settings)
    for r in (deal("2S", "N", 8), deal("1NT", "E", 7), deal("1C", "W", 6), deal("1C", "N", 6)):
        ledger.add(r)
    assert sheet_totals(ledger) == (60 + 50 + 100, 40 + 100 + 100)


def test_s7_4_chicago_duplicate_part_score_premium():
    """§7.4: each deal a duplicate board at the Chicago vulnerability: deal 1 NS 2S= → 60 + 50 = 110 (or + 100 =
    160 with chicago_duplicate_partscore = 100); deal 2 (E-W vulnerable) EW 4H= → 120 + 500 = 620 (NS −620);
    deal 3 (N-S vulnerable) NS 3NT= → 600; deal 4 (both) EW 3NT 8 tricks → NS +100. No carry-over: deal 1's 60
    does not help anything."""
    for bonus, first in [(50, 110), (100, 160)]:
        ledger = ChicagoDuplicateLedger(BridgeScoringSettings(scoring="chicago_duplicate",
                                                              chicago_duplicate_partscore=bonus))
        for r in (deal("2S", "N", 8), deal("4H", "E", 10), deal("3NT", "S", 9), deal("3NT", "W", 8)):
            ledger.add(r)
        assert ledger.ns_scores() == [first, -620, 600, 100]


# §8 IMPs ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("diff, value", [(0, 0), (10, 0), (20, 1), (-20, -1), (4990, 24), (-7600, -24),
                                         (15, 0), (19, 0), (2995, 21)])
def test_s8_imps_any_integer(diff, value):
    """§8: imps(d) = sign(d) × #{x in LOWER : |d| ≥ x} for any integer d (19 → 0, 2995 → 21)."""
    assert run("imps", diff).output.strip() == str(value)


# §9 Matchpoints --------------------------------------------------------------------------------------------------

def test_s9_2_single_result_gets_half_the_top_both_units():
    """§9.2: n = 1: x' = (0 + T)·N/1 − T; N = 7: European (0 + 1)·7 − 1 = 6 = 12/2, ACBL (0 + ½)·7 − ½ = 3 = 6/2."""
    assert score_board([420, None, None, None, None, None, None], 7).ns[0] == 6
    assert score_board([420], 7, mp_units="acbl").ns[0] == 3
    assert neuberg(0, 1, 7, "acbl") == 3


def test_s9_3_e_i_in_acbl_units():
    """§17 E-I with ACBL units: top 1 × (3 − 1) = 2: A+ 60 % = 1.20, A− 0.80; the two real results raw 1 and 0
    (top 1) → (1 + ½)·3/2 − ½ = 1.75 and (0 + ½)·3/2 − ½ = 0.25."""
    board = score_board([parse_adjusted("A+/A-"), 500, -620], mp_units="acbl")
    assert board.ns == (Fraction(6, 5), Fraction(7, 4), Fraction(1, 4))
    assert board.ew == (Fraction(4, 5), Fraction(1, 4), Fraction(7, 4))
    assert board.top == 2


def test_s9_3_explicit_percentages_and_settings():
    """§9.3: `A60/40` gives NS 60 % and EW 40 % of the full top (N = 7, top 12: 7.20 and 4.80); codes need not sum
    to 100 % (`A+/A+`: 7.20 each); shares follow the settings (average_plus = 70 → 8.40)."""
    board = score_board([parse_adjusted("A60/40"), 1, 2, 3, 4, 5, 6])
    assert (board.ns[0], board.ew[0]) == (Fraction(36, 5), Fraction(24, 5))
    board = score_board([parse_adjusted("A+/A+"), 1, 2, 3, 4, 5, 6])
    assert (board.ns[0], board.ew[0]) == (Fraction(36, 5), Fraction(36, 5))
    custom = BridgeScoringSettings(average_plus=70)
    board = score_board([parse_adjusted("A+", custom), 1, 2, 3, 4, 5, 6])
    assert (board.ns[0], board.ew[0]) == (Fraction(42, 5), Fraction(24, 5))


def test_s9_cli_matchpoints_with_adjusted_and_np():
    """§9 through `tricks bridge matchpoints`: +500, A+, NP, −620 with 4 expected: real results 500 (raw 2, top 2)
    and −620 (raw 0) → (2 + 1)·4/2 − 1 = 5 and (0 + 1)·4/2 − 1 = 1; A+ = 60 % of 6 = 3.60; NP nothing."""
    data = json.loads(run("matchpoints", 500, "A+", "NP", -620, "--expected", 4, "--format", "json").output)
    assert data["top"] == "6"
    assert [(r["ns"], r["ew"]) for r in data["results"]] == [("5", "1"), ("3.60", "2.40"), (None, None), ("1", "5")]


# §10 Butler and cross-IMPs ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("scores, value", [
    ([100, 200, 300, 420], 250),          # median of an even count: (200 + 300)/2
    ([-100, 420, 430], 420),              # odd count: the middle score
    ([100, 150], 130),                    # 125 → 130 (half away from zero)
    ([-100, -150], -130),                 # −125 → −130
    ([-100, -150, 2000], -100),
])
def test_s10_1_median_datum(scores, value):
    """§10.1 `median`: the median of all n scores (mean of the two middle when n is even), rounded as step 2."""
    assert datum(scores, "median") == value


def test_s10_1_auto_trim_small_fields_and_integer_k():
    """§10.1: auto k = 0 for n ≤ 3 (mean of 620, 170, −100 = 230); an integer k with 2k ≥ n is an error; k = 0
    keeps every score (mean of 620, 620, 650, 170 = 515 → 520, half away from zero): IMPs of +100, +100, +130,
    −350 → 3, 3, 4, −8."""
    assert trim_count(3) == 0 and datum([620, 170, -100]) == 230
    assert [trim_count(n) for n in (4, 10, 11, 25, 26, 40, 41, 55, 56)] == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    with pytest.raises(InputError):
        datum([620, 170, -100, 50], 2)
    assert datum([620, 620, 650, 170], 0) == 520
    assert butler([620, 620, 650, 170], 0) == (520, [3, 3, 4, -8])


def test_s10_adjusted_and_not_played_imps():
    """§10: A+ = +3, A = 0, A− = −3 (settings), NP nothing; the real scores are compared among themselves.
    Butler 620, 170 (k = 0): datum 395 → 400; 620 → +220 → 6, 170 → −230 → −6."""
    board = score_board_imps([620, "A", None, 170, "A+/A-"], "butler")
    assert board.datum == 400
    assert board.ns == (6, 0, None, -6, 3) and board.ew == (-6, 0, None, 6, -3)
    custom = BridgeScoringSettings(imp_average_plus=2, imp_average_minus=-2)
    assert score_board_imps(["A+"], "cross_imps", custom).ns == (2,)


def test_s10_2_cross_imps_total_mode():
    """§17 E-K with `cross_imps = total`: totals 30, −24, 35, −51, 30, −20 (they sum to 0)."""
    scores = [620, 170, 650, -100, 620, 200]
    assert cross_imps(scores, "total") == [30, -24, 35, -51, 30, -20]
    assert [format_figure(x) for x in cross_imps(scores)] == ["6", "-4.80", "7", "-10.20", "6", "-4"]


def test_s10_3_per_board_ranking_figure():
    """§10.3: `per_board` ranks by the average per board played: 30 IMPs over 4 boards = 7.50."""
    pair = PairImps("A", 1, "NS", Fraction(30), 4)
    assert pair.figure() == 30 and pair.figure("per_board") == Fraction(15, 2)


# §17 E-N and E-O through the command line ------------------------------------------------------------------------

def _sheet(tmp_path, command, lines, *options):
    path = tmp_path / "deals.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run(command, path, "--format", "json", *options)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    return data["totals"]["NS"]["total"], data["totals"]["EW"]["total"]


def test_s17_e_n_unfinished_rubber_cli(tmp_path):
    """§17 E-N via `tricks bridge rubber`: NS 120 below + 300 (only game) = 420; EW 60 below + 100 (3NT by S,
    vulnerable, one down) + 100 (only part-score) = 260; each_side with 50: EW 60 + 100 + 50 = 210."""
    lines = ["4S= N", "2S= W", "3NT-1 S"]
    assert _sheet(tmp_path, "rubber", lines) == (420, 260)
    assert _sheet(tmp_path, "rubber", lines, "--set", "unfinished_award=each_side",
                  "--set", "unfinished_partscore_bonus=50") == (420, 210)


def test_s17_e_o_chicago_cli(tmp_path):
    """§17 E-O via `tricks bridge chicago`: defaults N-S 160, E-W 220; `--preset seed` N-S 210, E-W 170."""
    lines = ["2S= N", "3H-1 E", "3NT-1 S", "1C= W"]
    assert _sheet(tmp_path, "chicago", lines) == (160, 220)
    assert _sheet(tmp_path, "chicago", lines, "--preset", "seed") == (210, 170)
