"""The compiled heuristic deals (games.preferans.heuristic_deals) give exactly the records HeuristicAgent gives
through the protocol (``play_deal``), in every variant the batch plays, the State replaying their actions makes
the same records (the check mode), and ``simulate`` writes the same lines with and without the batch."""
import array

import pytest
from hypothesis import given, settings, strategies as st

from trickcore.errors import BatchMismatch
from trickcore.games.base import play_deal
from trickcore.games.preferans.agents import HeuristicAgent
from trickcore.games.preferans.game import PREFERANS
from trickcore.cards import hand_mask
from trickcore.games.preferans.heuristic_deals import HeuristicBatch, batch_playable, check, heuristic_records
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.variants import VARIANTS, play_settings
from trickcore.games.simulate import Simulation, choose_deals, run_chunk
from trickcore.games.simulation_hooks import CHECK_BATCH_VARIABLE


def protocol_record(deal, index, dealer, variant):
    state = PREFERANS.new_state(deal, PreferansSetup(dealer=dealer, variant=variant))
    return play_deal(state, [HeuristicAgent(seat, 0) for seat in range(3)]).record()


def masks_of(deals):
    """The hand1, hand2, hand3 and talon masks of ``deals``, one after another."""
    return array.array("Q", [hand_mask(cards) for deal in deals for cards in deal.hands + (deal.talon,)])


def assert_same_records(numbers, seed, dealer, variant):
    """The batch's record of each deal ``numbers`` of ``seed`` equals the protocol's, and the State replaying the
    batch's actions makes it too (the check mode); returns the records."""
    deals = [PREFERANS.deal(seed, n, dealer) for n in numbers]
    states = [PREFERANS.new_state(deal, PreferansSetup(dealer=dealer, variant=variant)) for deal in deals]
    played = HeuristicBatch(masks_of(deals), states[0].settings)
    records = heuristic_records(masks_of(deals), [dealer] * len(deals), states[0].settings, states[0].players,
                                lambda i: states[i])
    for i, (n, deal, record) in enumerate(zip(numbers, deals, records)):
        expected = protocol_record(deal, n, dealer, variant)
        assert record == expected, f"deal {n} of seed {seed}, dealer {dealer}, {variant}"
        assert PREFERANS.simulation.record_dict(record) == PREFERANS.simulation.record_dict(expected)
        check(played, i, states[i], record)
    return records


def features(record):
    """The branches of the agent and the deal that ``record`` went through."""
    calls = [call for _, call in record.auction]
    defence = tuple(call for _, call in record.defence)
    found = {record.kind, record.defence_kind or "no defence"}
    found |= {"hold"} & set(calls)
    if record.is_open:
        found.add("open play")
    if defence[-1:] == ("return",):
        found.add("returned half-whist")
    if len(defence) == 4 or defence == ("whist", "pass", "whist"):
        found.add("gentleman switch")
    if record.kind == "misere" and record.declarer == 0:
        found.add("misere by hand1")
    if record.contract not in (None, "misere", record.bid):
        found.add("contract above the bid")
    return found


# What 450 deals of each variant must go through, so that the comparison covers every branch the variant has.
EXPECTED = {"game", "all_pass", "misere", "played", "half_whist", "passed_out", "open play", "returned half-whist",
            "misere by hand1", "contract above the bid"}
VARIANT_EXPECTED = {"sochi": {"hold"}, "leningrad": {"hold", "gentleman switch"}, "rostov": {"hold"}, "classic": set()}


@pytest.mark.parametrize("variant", VARIANTS)
def test_consecutive_deals_equal_the_protocol(variant):
    """150 consecutive deals of three seeds, one per dealer: the same records, through every branch."""
    seen = set()
    for dealer, seed in enumerate((11, 12, 13)):
        for record in assert_same_records(range(150), seed, dealer, variant):
            seen |= features(record)
    assert EXPECTED | VARIANT_EXPECTED[variant] <= seen


@pytest.mark.parametrize("variant", ("sochi", "classic"))
def test_rare_deals_equal_the_protocol(variant):
    """Deals of seed 11 found among its first 30,000 (by the batch, checked here by the protocol): nine-level
    contracts, a trick bid over a misère, the longest auctions."""
    assert_same_records([9295, 12285, 15324, 19241, 21547, 23113, 29481], 11, 0, variant)


@pytest.mark.parametrize("variant, overrides", [("sochi", {"open_after_first_lead": True}),
                                                ("rostov", {"all_pass_talon": "none"}),
                                                ("leningrad", {"mandatory_whist_6s": True, "allow_hold": False})])
def test_settings_the_batch_reads_equal_the_protocol(variant, overrides):
    """Play settings no main variant combines this way (the batch reads each one)."""
    assert_same_records(range(150), 14, 1, play_settings(variant, **overrides))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), start=st.integers(0, 10**6), dealer=st.integers(0, 2),
       variant=st.sampled_from(VARIANTS + (None,)))
def test_any_deals_equal_the_protocol(seed, start, dealer, variant):
    assert_same_records(range(start, start + 3), seed, dealer, variant)


@pytest.mark.parametrize("variant", (None, "leningrad"))
def test_simulate_lines_equal_without_the_batch(monkeypatch, variant):
    simulation = Simulation("preferans", 48, 5, variant=variant, agents=("heuristic",))
    items = list(enumerate(choose_deals(simulation)))
    calls = []
    batch = type(PREFERANS.simulation).batch_records

    def spy(self, *args):
        calls.append(args)
        return batch(self, *args)

    monkeypatch.setattr(type(PREFERANS.simulation), "batch_records", spy)
    with_batch = run_chunk(simulation, items)
    assert calls
    monkeypatch.setattr(type(PREFERANS.simulation), "batch_records", lambda self, *args: None)
    assert run_chunk(simulation, items) == with_batch


@pytest.mark.parametrize("names, variant", [(["random"] * 3, None), (["heuristic", "random", "heuristic"], None),
                                            (["heuristic"] * 3, "gusarik"), (["heuristic"] * 3, "old")])
def test_other_agents_and_variants_go_through_the_protocol(names, variant):
    dealt = [PREFERANS.deal_batch(1, 1, 0, n) for n in range(3)]
    assert PREFERANS.simulation.batch_records(dealt, [0, 1, 2], [0, 1, 0], variant, names, [1, 2, 3]) is None


def test_only_fresh_three_player_deals_are_batched():
    deal = PREFERANS.deal(1, 0)
    assert batch_playable(PREFERANS.new_state(deal))
    assert not batch_playable(PREFERANS.new_state(deal, PreferansSetup(players=4)))
    assert not batch_playable(PREFERANS.new_state(deal, PreferansSetup(exit_level=7)))
    state = PREFERANS.new_state(deal)
    state.apply("pass")
    assert not batch_playable(state)


def test_the_check_mode_replays_every_record(monkeypatch):
    """With TRICKCORE_CHECK_BATCH=1 the batch replays each deal into a new State; a record that differs from the
    State's is a BatchMismatch naming the field."""
    deals = [PREFERANS.deal(3, n) for n in range(40)]
    made = []

    def new_state(i):
        made.append(i)
        return PREFERANS.new_state(deals[i], PreferansSetup(dealer=0))

    settings, players = new_state(0).settings, new_state(0).players
    made.clear()
    monkeypatch.setenv(CHECK_BATCH_VARIABLE, "1")
    records = heuristic_records(masks_of(deals), [0] * 40, settings, players, new_state)
    assert sorted(made) == list(range(40))
    played = HeuristicBatch(masks_of(deals), settings)
    i = next(i for i, record in enumerate(records) if record.tricks)
    played.winners[10 * i] = (played.winners[10 * i] + 1) % 3      # another hand wins the first trick
    with pytest.raises(BatchMismatch, match=f"deal {i} of the compiled heuristic preferans batch: its tricks"):
        check(played, i, new_state(i), played.record(i, records[i].players, 0))
    played.keys[0] = 5                              # hand1's first call a card (the seven of spades)
    with pytest.raises(BatchMismatch, match="deal 0 of .* the State refuses its actions"):
        check(played, 0, new_state(0), records[0])
