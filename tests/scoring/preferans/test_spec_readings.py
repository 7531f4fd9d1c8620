"""The readings of rules/preferans.md §13 (decisions 66-68) and rules/preferans-variants.md D42-D44: where the
specification allows more than one reading, these pin the one the project took, each test naming its section."""
from decimal import Decimal
from fractions import Fraction

from trickcore.cards import Card
from trickcore.games.preferans.game import PREFERANS
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.variants import play_settings
from trickcore.games.preferans.vocab import TALON
from trickcore.scoring.preferans import score_protocol
from trickcore.scoring.preferans.old import score_old_protocol
from trickcore.scoring.preferans.settlement import round_nearest, to_money

FORMAT = "trickcore.preferans.protocol/1"
FOUR = ("A", "B", "C", "D")


def test_9_4_display_halves_go_up_money_halves_away_from_zero():
    """§9.4 (decision 66): floor(x + ½) takes −2.5 to −2 (1.25 and 1.25 to 1 and 1, the sum is 0); money at
    0.005 a whist: −7 → −0.035 → −0.04 and 7 → 0.04, halves of a cent away from zero."""
    assert round_nearest(["A", "B", "C"], {"A": Fraction(-5, 2), "B": Fraction(5, 4), "C": Fraction(5, 4)}) == {
        "A": -2, "B": 1, "C": 1}
    price = Decimal("0.005")
    assert (to_money(-7, price), to_money(7, price), to_money(-1, price)) == (-0.04, 0.04, -0.01)


def test_6_3_the_talon_card_first_in_deal_order_leads_trick_1():
    """§6.3 (decision 67): talon ♣A and ♦7: the ♦7 (♦ before ♣ in the order ♠ ♥ ♦ ♣) leads trick 1 and the ♣A
    trick 2, whatever the order the talon is written in."""
    for talon in ("CA D7", "D7 CA"):
        deal = PREFERANS.formats.parse_deal(f"AKQJT.KQ.J.87 987.JT9.AK.K9 .A87.QT98.QJT | {talon}")
        state = PREFERANS.new_state(deal, PreferansSetup(dealer=2, variant=play_settings("sochi"), players=3))
        for _ in range(3):
            state.apply("pass")
        while not state.is_terminal:
            state.apply(min(state.legal_actions(), key=lambda c: (c.rank, c.suit)))
        first, second = state.record().tricks[:2]
        assert first.plays[0] == (TALON, Card.parse("D7")) and second.plays[0] == (TALON, Card.parse("CA"))


def test_7_4_checked_ten_follows_consolation_payers(delta):
    """§7.3/§7.4 (decision 68): Classic checked ten, 4 players, dealer A; B 9 tricks: with consolation_payers =
    defenders only C and D write 10 × 1 on B, the dealer A nothing (with `all` A writes 10 too)."""
    deal = {"dealer": "A", "type": "game", "declarer": "B", "contract": "10NT", "tricks": {"B": 9, "C": 1, "D": 0}}
    d = delta("classic", deal, players=FOUR, settings={"consolation_payers": "defenders"})
    assert d["mountain"] == {"B": 10} and d["whists"] == {"C": {"B": 10}, "D": {"B": 10}}


def test_variants_1_10_a_closing_all_pass_by_the_same_dealer_twice_is_x2():
    """preferans-variants §1.4 item 3, §1.10 (D42): closing all-pass deals dealt by A, A, B, A: the second is the
    second of A's series, ×2 (the twelve games already played) (5 tricks each → 10 on each mountain); the others ×1."""
    games = ["6", "7", "8", "9", "10", "misere"]
    closing = [{"dealer": d, "type": "all_pass", "tricks": {"A": 5, "B": 5}} for d in "AABA"]
    sheet = score_protocol({"format": FORMAT, "variant": "gusarik", "players": ["A", "B"], "deals": closing,
                            "start": {"razboinik_played": {"A": games, "B": games}}}).to_dict()
    assert [d["label"] for d in sheet["deals"]] == [
        "all-pass x1 (closing 1/4)", "all-pass x2 (closing 2/4)", "all-pass x1 (closing 3/4)",
        "all-pass x1 (closing 4/4)"]
    assert sheet["deals"][1]["delta"]["mountain"] == {"A": 10, "B": 10} and sheet["finished"] is True


def test_variants_2_6_pot_only_under_kotel(protocol):
    """preferans-variants §2.1, §2.6 (D43): A's 6♥ one down (B whists, C passes): the count forms write the 2 to
    `count` and have no `pot` key in the delta or the totals; the kotel writes it to `pot`."""
    deal = {"dealer": "C", "type": "game", "declarer": "A", "contract": "6H", "calls": {"B": "whist", "C": "pass"},
            "tricks": {"A": 5, "B": 3, "C": 2}}
    for overlay, delta, total in (("simple", {"count": {"A": 2}}, {"count": 22}),
                                  ("kurochka", {"count": {"A": 2}}, {"count": 22}),
                                  ("kotel", {"count": {}, "pot": {"A": 2}}, {"count": 20, "pot": 2})):
        sheet = score_protocol({**protocol("sochi", [deal]), "overlays": [overlay]}).to_dict()
        got = sheet["deals"][0]["delta"]
        assert {k: v for k, v in got.items() if k != "whists"} == delta, overlay
        assert {k: v for k, v in sheet["totals"]["A"].items() if k != "whists"} == total, overlay


def test_variants_3_6_penalty_remise_ignores_no_talon_factor():
    """preferans-variants §3.6 (D44): 6♦ without the talon, no_talon_factor 2: the write-off is 2 × 3 = 6, but
    P2's penalty of 2 remises is 2 × V[♦] = 6, not 12."""
    deal = {"dealer": "P3", "type": "game", "declarer": "P1", "contract": "6D", "with_talon": False,
            "calls": {"P2": "whist", "P3": "whist"}, "tricks": {"P1": 6, "P2": 2, "P3": 2},
            "penalties": [{"kind": "remise", "player": "P2", "count": 2}]}
    sheet = score_old_protocol({"format": FORMAT, "variant": "old", "players": ["P1", "P2", "P3"], "deals": [deal],
                                "settings": {"no_talon_factor": 2}}).to_dict()
    assert sheet["deals"][0]["delta"]["count"] == {"P1": -6, "P2": 6}
