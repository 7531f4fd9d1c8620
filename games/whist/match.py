"""A whist match with agents (``tricks play --game whist --agents ...``): the facts the shared match runner asks
for. Hands are dealt in rotation from the first dealer, each hand's trump comes from its turn-up (or a fixed
suit); the whist ledger scores them into games and rubbers, says when a hand is called at eight (long whist)
and ends the match with the rubber (unless a number of hands is asked). The report is text and JSON."""
import attrs

from trickcore.cards import format_card
from trickcore.errors import InputError
from trickcore.files import write_text_atomically
from trickcore.games.base import Match, MatchReport
from trickcore.games.whist.pbn import hands_to_pbn
from trickcore.games.whist.variants import ruleset
from trickcore.games.whist.setup import WhistSetup
from trickcore.games.whist.vocab import SEATS, eldest_hand, honours_ns
from trickcore.games.registry import get_scoring

MAX_HANDS = 10_000


class WhistMatch(Match):
    """Whist hands until the rubber ends, or ``hands`` hands: hand ``k`` is ``game.deal_batch(seed, 1, dealer,
    k)``, its turn-up the card dealt last; the dealer passes to the left after every hand (rules/whist.md §2).

    ``rules`` (a WhistRules: the variant and the scoring settings) decide trumps, the first dealer and the
    score; ``protocol`` names a file to write the hands to as PBN.
    """

    n_players = 4

    def __init__(self, game, seed, rules, hands=None, protocol=None):
        self.game, self.seed, self.rules = game, seed, rules
        self.scoring = get_scoring(f"whist-{rules.ruleset}")
        self.max_deals = hands
        self.protocol = protocol
        self.running = self.ledger()

    @classmethod
    def setup(cls, game, seed, variant=None, hands=None, protocol=None, dealer=None, trump=None):
        """The match of the ``tricks play --agents`` options; InputError naming the option that is wrong."""
        if hands is not None and not 1 <= hands <= MAX_HANDS:
            raise InputError(f"--hands must be from 1 to {MAX_HANDS}, not {hands}", field="hands")
        rules = get_scoring(f"whist-{ruleset(variant or 'short')}").settings()
        if trump:
            if str(trump).strip().upper() == "NT":
                raise InputError("whist always has trumps: --trump takes S, H, D or C", field="trump")
            rules = rules.override(trump_selection="fixed", fixed_trump=trump)
        if dealer is not None:
            rules = rules.override(first_dealer=dealer)
        return cls(game, seed, rules, hands, protocol)

    def first_dealer(self):
        """The ruleset's first dealer (``--dealer``, else N)."""
        return self.rules.first_dealer_index

    def new_state(self, index, dealer):
        """Hand ``index`` dealt by ``dealer``: not played when a side calls at eight on the score so far."""
        batch = self.game.deal_batch(self.seed, 1, dealer, index)
        deal, turn_up = batch[0], batch.last_card(0)
        called = self.running.called_at_eight(honours_ns(deal, self.rules.trump(turn_up)))
        return self.game.new_state(deal, WhistSetup(dealer=dealer, variant=self.rules, turn_up=turn_up, number=index,
                                                    called=called))

    def ledger(self):
        """A fresh running score of the match (the whist scoring system's ledger), kept here too: it decides the
        calls at eight of the next hands."""
        self.running = self.scoring.ledger(self.rules)
        return self.running

    def is_over(self, ledger, records):
        """The end of the rubber, unless a number of hands was asked."""
        return self.max_deals is None and ledger.is_over

    def report(self, result):
        """The text and JSON of the match, each hand with the score after it; writes the PBN file if asked."""
        ledger = result.ledger
        hands = [attrs.evolve(hand, score=entry.score.points_after)
                 for hand, entry in zip(result.records, ledger.sheet.entries)]
        if self.protocol:
            write_text_atomically(self.protocol, hands_to_pbn(hands))
        names = list(result.agent_names)
        return MatchReport(self._text(names, hands, ledger), self._data(names, hands, ledger))

    def _text(self, names, hands, ledger):
        lines = [f"Whist, {self.rules.ruleset} ruleset, seed {self.seed}; agents "
                 + ", ".join(f"{s} {n}" for s, n in zip(SEATS, names)), ""]
        for number, (hand, entry) in enumerate(zip(hands, ledger.sheet.entries), 1):
            turn = "-" if hand.turn_up is None else format_card(hand.turn_up, "symbol")
            played = ("not played" if hand.tricks_ns is None else
                      f"{SEATS[eldest_hand(hand.dealer)]} leads, tricks N-S {hand.tricks_ns} "
                      f"E-W {13 - hand.tricks_ns}")
            lines.append(f"Hand {number}: dealer {SEATS[hand.dealer]}, turn-up {turn}, trumps {hand.trump.symbol}, "
                         f"{played}, honours N-S {hand.honours_ns}")
            lines.append(f"    {self.scoring.hand_text(entry)}; score N-S {hand.score[0]} E-W {hand.score[1]}")
        lines.append("")
        return "\n".join(lines) + "\n" + self.scoring.rubbers_text(ledger)

    def _data(self, names, hands, ledger):
        return {"game": "whist", "seed": self.seed, "agents": dict(zip(SEATS, names)),
                "rules": self.rules.to_dict(), "hands": [hand.to_dict() for hand in hands],
                "ledger": ledger.to_dict()}
