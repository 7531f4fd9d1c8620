"""Property tests for Gusarik, the overlays and the old game: settlements sum to zero; the decimal count is the base
count × 5; an overlay changes only what variants-preferans §2 says it changes; replaying deal by deal equals
scoring at once; the old game's equal reduction changes no result."""
from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from trickcore.errors import InvalidRecord
from trickcore.scoring.preferans import PulyaLedger, parse_protocol, score_protocol
from trickcore.scoring.preferans.old import RemiseLedger, score_old_protocol
from trickcore.scoring.preferans.settlement import responsible_penalty

FORMAT = "trickcore.preferans.protocol/1"
STRAINS = ("S", "C", "D", "H", "NT")
PROPS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def split(draw, players, total=10):
    """Tricks of ``players`` summing to ``total``."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=len(players) - 1, max_size=len(players) - 1)))
    bounds = [0, *cuts, total]
    return {p: bounds[i + 1] - bounds[i] for i, p in enumerate(players)}


@st.composite
def three_player_deal(draw, variant, players=("A", "B", "C")):
    """A valid deal of a base variant without half-whists, bombs or penalties."""
    dealer = draw(st.sampled_from(players))
    kind = draw(st.sampled_from(["game", "game", "game", "misere", "all_pass"]))
    if kind == "all_pass":
        return {"dealer": dealer, "type": "all_pass", "tricks": split(draw, players)}
    declarer = draw(st.sampled_from(players))
    if kind == "misere":
        return {"dealer": dealer, "type": "misere", "declarer": declarer, "tricks": split(draw, players)}
    level = draw(st.integers(6, 10))
    contract = f"{level}{draw(st.sampled_from(STRAINS))}"
    deal = {"dealer": dealer, "type": "game", "declarer": declarer, "contract": contract}
    if level == 10 and variant == "classic":
        return {**deal, "tricks": split(draw, players)}
    at = players.index(declarer)
    d1, d2 = players[(at + 1) % 3], players[(at + 2) % 3]
    patterns = [("whist", "pass"), ("pass", "whist"), ("whist", "whist"), ("pass", "pass")]
    calls = ("whist", "whist") if variant == "classic" and contract == "6S" else draw(st.sampled_from(patterns))
    deal["calls"] = {d1: calls[0], d2: calls[1]}
    if "whist" in calls:
        deal["tricks"] = split(draw, players)
    return deal


def valid_deals(draw, protocol, deal_strategy, count):
    """Append up to ``count`` deals to ``protocol``, each valid after the ones before (the game may end)."""
    ledger = PulyaLedger.for_protocol(parse_protocol({**protocol, "deals": []}))
    for _ in range(count):
        if ledger.is_over:
            break
        deal = draw(deal_strategy)
        try:
            ledger.add(deal)
        except InvalidRecord:
            continue
        protocol["deals"].append(deal)
    return protocol


@st.composite
def base_protocols(draw, variants=("sochi", "leningrad", "rostov", "classic"), overlays=()):
    variant = draw(st.sampled_from(variants))
    protocol = {"format": FORMAT, "variant": variant, "players": ["A", "B", "C"], "deals": [],
                "settings": {"pool_target": draw(st.sampled_from([6, 10, 20]))}}
    if overlays:
        protocol["overlays"] = list(overlays)
    return valid_deals(draw, protocol, three_player_deal(variant), draw(st.integers(0, 10)))


@st.composite
def gusarik_deal(draw, stage):
    dealer, declarer = draw(st.sampled_from("AB")), draw(st.sampled_from("AB"))
    opponent = "B" if declarer == "A" else "A"
    kind = draw(st.sampled_from(["game", "game", "misere", "all_pass"] if stage == "pool" else ["game", "misere"]))
    if kind == "all_pass":
        return {"dealer": dealer, "type": "all_pass", "tricks": split(draw, "AB")}
    dummy = draw(st.integers(0, 10))
    played = {"tricks": split(draw, "AB", 10 - dummy), "dummy_tricks": dummy}
    if kind == "misere":
        return {"dealer": dealer, "type": "misere", "declarer": declarer, **played}
    level = draw(st.integers(6, 10))
    deal = {"dealer": dealer, "type": "game", "declarer": declarer,
            "contract": f"{level}{draw(st.sampled_from(STRAINS))}"}
    if level == 10:
        return {**deal, **played}
    call = "whist" if deal["contract"] == "6S" else draw(st.sampled_from(["whist", "pass"]))
    deal["calls"] = {opponent: call}
    return {**deal, **played} if call == "whist" else deal


@st.composite
def gusarik_protocols(draw):
    stage = draw(st.sampled_from(["pool", "razboinik"]))
    protocol = {"format": FORMAT, "variant": "gusarik", "players": ["A", "B"], "deals": [],
                "settings": {"gusarik_stage": stage, "pool_target": draw(st.sampled_from([6, 20])),
                             "gusarik_mountain": draw(st.sampled_from(["divisible", "indivisible"])),
                             "gusarik_settlement": draw(st.sampled_from(["full", "mountain_only"]))}}
    protocol = valid_deals(draw, protocol, gusarik_deal(stage), draw(st.integers(0, 14)))
    if stage == "razboinik" and draw(st.booleans()):  # the closing raspasy, when the games are done
        closing = [{"dealer": "AB"[i % 2], "type": "all_pass", "tricks": split(draw, "AB")} for i in range(4)]
        protocol = valid_deals(draw, protocol, st.sampled_from(closing), 4)
    return protocol


def assert_zero_sum(settlement):
    assert sum(settlement.result.values()) == 0
    assert sum(settlement.display.values()) == 0
    assert all(abs(settlement.display[p] - settlement.result[p]) < 1 for p in settlement.result)


def scored_zero_sum_and_replayed(protocol):
    """The sheet of ``protocol``, after checking its settlement sums to zero and that feeding its deals one by
    one to an empty ledger gives the same sheet."""
    sheet = score_protocol(protocol)
    assert_zero_sum(sheet.settlement)
    ledger = PulyaLedger.for_protocol(parse_protocol({**protocol, "deals": []}))
    for deal in protocol["deals"]:
        ledger.add(deal)
    assert ledger.sheet().to_dict() == sheet.to_dict()
    return sheet


@PROPS
@given(gusarik_protocols())
def test_gusarik_settlements_sum_to_zero_and_replay_deal_by_deal(protocol):
    scored_zero_sum_and_replayed(protocol)


@PROPS
@given(base_protocols(), st.sampled_from([(), ("misere_big_small",), ("uvert",), ("misere_big_small", "uvert")]))
def test_misere_and_uvert_overlays_change_nothing_without_their_deals(protocol, overlays):
    protocol["deals"] = [d for d in protocol["deals"] if d["type"] != "misere"]
    plain = score_protocol(protocol).to_dict()
    overlaid = score_protocol({**protocol, "overlays": list(overlays)}).to_dict()
    for sheet in (plain, overlaid):
        sheet.pop("settings"), sheet.pop("overlays", None)
    assert overlaid == plain


def _scaled(value, factor):
    if isinstance(value, dict):
        return {k: _scaled(v, factor) for k, v in value.items()}
    if isinstance(value, list):
        return [_scaled(v, factor) for v in value]
    return Fraction(value) * factor


@PROPS
@given(base_protocols())
def test_decimal_is_the_base_count_times_five(protocol):
    target = protocol["settings"]["pool_target"]
    base = score_protocol(protocol).to_dict()
    decimal = score_protocol({**protocol, "overlays": ["decimal"], "settings": {"pool_target": 5 * target}})
    decimal = decimal.to_dict()
    assert [d["label"] for d in decimal["deals"]] == [d["label"] for d in base["deals"]]
    assert _scaled([d["delta"] for d in decimal["deals"]], 1) == _scaled([d["delta"] for d in base["deals"]], 5)
    assert _scaled(decimal["totals"], 1) == _scaled(base["totals"], 5)
    assert _scaled(decimal["settlement"]["result"], 1) == _scaled(base["settlement"]["result"], 5)
    assert decimal["finished"] == base["finished"]


@PROPS
@given(base_protocols(variants=("sochi",)))
def test_simple_countdown_keeps_the_whists_and_counts_pool_and_mountain_together(protocol):
    protocol["settings"]["pool_target"] = 400  # far away: no help and no overflow in either form
    standard = score_protocol(protocol)
    simple = score_protocol({**protocol, "overlays": ["simple"]})
    assert simple.state.whists == standard.state.whists
    assert simple.state.count == {p: 400 - standard.state.pool[p] + standard.state.mountain[p]
                                  for p in standard.players}
    assert simple.settlement.result == standard.settlement.result  # an early stop: pools are mountain too


@PROPS
@given(st.sampled_from(["simple", "kurochka", "kotel"]).flatmap(
    lambda form: base_protocols(variants=("sochi", "classic"), overlays=(form,))))
def test_countdown_settlements_sum_to_zero_and_replay_deal_by_deal(protocol):
    sheet = scored_zero_sum_and_replayed(protocol)
    final = sheet.settlement.final_mountain
    queued = {p: sum((part[p] for part in sheet.state.queued), Fraction(0)) for p in sheet.players}
    assert final == {p: sheet.state.count[p] + sheet.state.pot[p] + queued[p]
                     + responsible_penalty(sheet.state, sheet.settings, p) for p in sheet.players}


@st.composite
def old_deal(draw):
    players = ("P1", "P2", "P3")
    kind = draw(st.sampled_from(["game", "game", "game", "redeal", "reduce", "void"]))
    if kind == "reduce":
        return {"type": "reduce", "amount": draw(st.integers(1, 5))}
    deal = {"dealer": draw(st.sampled_from(players)), "type": kind}
    if draw(st.booleans()):
        deal["penalties"] = [{"kind": "remise", "player": draw(st.sampled_from(players)),
                              "count": draw(st.integers(1, 2))}]
    if kind != "game":
        return deal
    declarer = draw(st.sampled_from(players))
    deal.update(declarer=declarer, contract=f"6{draw(st.sampled_from('SCDH'))}", with_talon=draw(st.booleans()))
    deal["calls"] = {p: draw(st.sampled_from(["whist", "pass"])) for p in players if p != declarer}
    if "whist" in deal["calls"].values():
        deal["tricks"] = split(draw, players)
    return deal


@st.composite
def old_protocols(draw):
    protocol = {"format": FORMAT, "variant": "old", "players": ["P1", "P2", "P3"], "deals": [],
                "settings": {"stake": draw(st.integers(1, 21)), "codilles": draw(st.booleans()),
                             "no_talon_factor": draw(st.sampled_from([1, 2]))}}
    ledger = RemiseLedger(("P1", "P2", "P3"), score_old_protocol(protocol).settings)
    for _ in range(draw(st.integers(0, 12))):
        if ledger.is_over:
            break
        deal = draw(old_deal())
        ledger.add(deal)
        protocol["deals"].append(deal)
    return protocol


@PROPS
@given(old_protocols(), st.integers(1, 30))
def test_old_settlement_sums_to_zero_and_a_reduction_changes_no_result(protocol, amount):
    ledger = score_old_protocol(protocol)
    assert_zero_sum(ledger.settle())
    stakes = 3 * protocol["settings"]["stake"]
    assert sum(row["amount"] for row in ledger.journal) == sum(ledger.count.values()) - stakes
    assume(not ledger.finished)
    reduced = score_old_protocol({**protocol, "deals": protocol["deals"] + [{"type": "reduce", "amount": amount}]})
    assert reduced.settle().result == ledger.settle().result
