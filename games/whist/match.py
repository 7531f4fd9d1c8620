"""A whist match with agents (``tricks play --game whist --agents ...``): hands dealt in rotation, scored
into games and rubbers by the whist ledger, reported as text and JSON. Before each hand is played the deal is
shown to the omniscient (double-dummy) agents only, through games.double_dummy.show_deal."""
import attrs

from trickcore.files import write_text_atomically
from trickcore.games.base import MatchReport
from trickcore.games.double_dummy import show_deal
from trickcore.games.whist.agents import make_agents
from trickcore.games.whist.pbn import hands_to_pbn
from trickcore.games.whist.play import play_hand
from trickcore.games.whist.record import SEATS, WhistHand, eldest_hand, honours_ns
from trickcore.scoring.whist import WhistLedger, WhistRules, calls_at_eight
from trickcore.scoring.whist.sheet import describe_hand, render_rubbers
from trickcore.cards import format_card
from trickcore.errors import InputError

MAX_HANDS = 10_000


def match_rules(options):
    """The WhistRules of a match from the ``tricks play`` options: ``variant`` (ruleset), ``trump``, ``dealer``."""
    rules = WhistRules.preset(options.get("variant") or "short")
    trump = options.get("trump")
    if trump:
        if str(trump).strip().upper() == "NT":
            raise InputError("whist always has trumps: --trump takes S, H, D or C", field="trump")
        rules = rules.override(trump_selection="fixed", fixed_trump=trump)
    if options.get("dealer") is not None:
        rules = rules.override(first_dealer=options["dealer"])
    return rules


def play_match(game, agent_names, seed, options):
    """Play hands until the rubber ends (or ``options["hands"]`` hands); a MatchReport with every hand."""
    for flag in ("players", "pool_target"):
        if options.get(flag) is not None:
            raise InputError(f"--{flag.replace('_', '-')} is not a whist option", field=flag)
    count = options.get("hands")
    if count is not None and not 1 <= count <= MAX_HANDS:
        raise InputError(f"--hands must be from 1 to {MAX_HANDS}, not {count}", field="hands")
    rules = match_rules(options)
    agents = make_agents(agent_names, seed)
    first = SEATS.index(rules.first_dealer)
    ledger, hands = WhistLedger(rules), []
    while (len(hands) < count) if count is not None else not ledger.rubber_over:
        index = len(hands)
        dealer = (first + index) % 4
        batch = game.deal_batch(seed, 1, dealer, index)
        deal, turn_up = batch[0], batch.last_card(0)
        trump = rules.fixed_trump if rules.trump_selection == "fixed" else turn_up.suit
        fields = {"trump_selection": rules.trump_selection, "ruleset": rules.ruleset}
        if calls_at_eight(rules, ledger.points, honours_ns(deal, trump)) is None:
            show_deal(agents, deal.hands)
            hand = play_hand(deal, dealer, trump, turn_up, agents, index, **fields)
        else:
            hand = WhistHand(deal, dealer, trump, turn_up, **fields)
        ledger = ledger.add(hand.result())
        hands.append(attrs.evolve(hand, score=ledger.entries[-1].score.points_after))
    if options.get("protocol"):
        write_text_atomically(options["protocol"], hands_to_pbn(hands))
    names = [type(a).name for a in agents]
    return MatchReport(_text(seed, names, rules, hands, ledger), _data(seed, names, rules, hands, ledger))


def _text(seed, names, rules, hands, ledger):
    lines = [f"Whist, {rules.ruleset} ruleset, seed {seed}; agents "
             + ", ".join(f"{s} {n}" for s, n in zip(SEATS, names)), ""]
    for number, (hand, entry) in enumerate(zip(hands, ledger.entries), 1):
        turn = "-" if hand.turn_up is None else format_card(hand.turn_up, "symbol")
        played = ("not played" if hand.tricks_ns is None else
                  f"{SEATS[eldest_hand(hand.dealer)]} leads, tricks N-S {hand.tricks_ns} E-W {13 - hand.tricks_ns}")
        lines.append(f"Hand {number}: dealer {SEATS[hand.dealer]}, turn-up {turn}, trumps {hand.trump.symbol}, "
                     f"{played}, honours N-S {hand.honours_ns}")
        lines.append(f"    {describe_hand(entry)}; score N-S {hand.score[0]} E-W {hand.score[1]}")
    lines.append("")
    return "\n".join(lines) + "\n" + render_rubbers(ledger)


def _data(seed, names, rules, hands, ledger):
    return {"game": "whist", "seed": seed, "agents": dict(zip(SEATS, names)), "rules": rules.to_dict(),
            "hands": [hand.to_dict() for hand in hands], "ledger": ledger.to_dict()}
