"""The record of one whist hand (rules/whist.md §7): deal, dealer, turn-up, trumps, the play, tricks and score; and
the results files the scorer reads (JSON results or records, or PBN-style hands).

``WhistHand`` validates itself like an importer must: the turn-up is in the dealer's hand and names trumps
(unless the trump was fixed), and a recorded play is replayed through the kernel, so its tricks are legal and
``tricks_ns`` agrees with them. Its JSON form (``to_dict``/``from_dict``) lives here, the PBN style in
``pbn.py``.
"""
import json
import re

import attrs

from trickcore.cards import Card, Suit, parse_card
from trickcore.dealing import Deal, parse_deal
from trickcore.errors import InvalidRecord, TrickcoreError
from trickcore.games.whist.variants import TRUMP_SELECTIONS, VARIANTS
from trickcore.games.whist.variants import ruleset as ruleset_name
from trickcore.games.whist.vocab import (HONOURS, SEATS, TRICKS, HandResult, eldest_hand, honours_ns, parse_seat,
                                         parse_trump, side_of)
from trickcore.play import PlayState
from trickcore.rules import TrickRules


def replay(deal, trump, dealer, tricks):
    """Play ``tricks`` (each a sequence of cards in playing order) from the eldest hand through the kernel.

    Returns the Trick records; InvalidRecord naming the trick if a card is not the player's or not legal.
    """
    state = PlayState.from_deal(TrickRules(4, trump), deal, eldest_hand(dealer))
    for number, cards in enumerate(tricks, 1):
        if len(cards) != 4:
            raise InvalidRecord(f"trick {number} has {len(cards)} cards, not 4", field="play")
        for card in cards:
            seat = state.turn
            if card not in state.hands[seat]:
                raise InvalidRecord(f"trick {number}: {SEATS[seat]} does not hold {card}", field="play")
            try:
                state.play(card)
            except TrickcoreError as exc:
                raise InvalidRecord(f"trick {number}: {exc.message}", field="play") from None
    return tuple(state.completed_tricks())


@attrs.frozen
class WhistHand:
    """One whist hand: the deal and who dealt it, the turn-up and trumps, the play and its outcome.

    ``tricks`` are the played Trick records (empty when the play is unknown, or the hand was called at eight);
    ``tricks_ns`` N-S's tricks (None for a called hand); ``score`` the points (NS, EW) after the hand if known.
    """

    deal: Deal
    dealer: int
    trump: Suit
    turn_up: Card | None = None
    trump_selection: str = "turn_up"
    tricks: tuple = ()
    tricks_ns: int | None = None
    ruleset: str = "short"
    score: tuple | None = None

    def __attrs_post_init__(self):
        if self.dealer not in range(4):
            raise InvalidRecord(f"dealer must be a seat index 0-3, not {self.dealer!r}", field="Dealer")
        if self.deal.n_seats != 4 or self.deal.hand_size != 13:
            raise InvalidRecord("a whist deal has four hands of 13 cards", field="Deal")
        if not isinstance(self.trump_selection, str) or self.trump_selection not in TRUMP_SELECTIONS:
            raise InvalidRecord(f"trump selection {self.trump_selection!r} is not turn_up or fixed",
                                field="TrumpSelection")
        if not isinstance(self.ruleset, str) or self.ruleset not in VARIANTS:
            raise InvalidRecord(f"unknown ruleset {self.ruleset!r}", field="Ruleset")
        if self.turn_up is None and self.trump_selection == "turn_up":
            raise InvalidRecord("a hand without a turn-up must have a fixed trump", field="TurnUp")
        if self.turn_up is not None and self.turn_up not in self.deal.hands[self.dealer]:
            raise InvalidRecord(f"the turn-up {self.turn_up} is not in the dealer's ({SEATS[self.dealer]}) hand",
                                field="TurnUp")
        if self.trump_selection == "turn_up" and self.turn_up.suit != self.trump:
            raise InvalidRecord(f"trumps are {self.trump.name} but the turn-up is {self.turn_up}", field="Trump")
        if self.tricks_ns is not None and (isinstance(self.tricks_ns, bool) or not isinstance(self.tricks_ns, int)):
            raise InvalidRecord(f"TricksNS must be a whole number 0-13, not {self.tricks_ns!r}", field="TricksNS")
        if self.tricks and len(self.tricks) != 13:
            raise InvalidRecord(f"the play has {len(self.tricks)} tricks, not 13", field="Play")
        if self.tricks and self.tricks_ns is not None and self.tricks_ns != self.played_tricks_ns():
            raise InvalidRecord(f"TricksNS is {self.tricks_ns} but N-S won {self.played_tricks_ns()} tricks "
                                "in the play", field="TricksNS")
        if self.tricks_ns is not None and not 0 <= self.tricks_ns <= 13:
            raise InvalidRecord(f"TricksNS must be 0-13, not {self.tricks_ns}", field="TricksNS")

    @classmethod
    def played(cls, deal, dealer, trump, turn_up, tricks, **fields):
        """A hand from a replayed play (sequences of cards): validates it and counts N-S's tricks."""
        tricks = replay(deal, trump, dealer, tricks)
        won = sum(1 for t in tricks if side_of(t.winner) == 0)
        return cls(deal, dealer, trump, turn_up, tricks=tricks, tricks_ns=won, **fields)

    def played_tricks_ns(self):
        """N-S's tricks in the recorded play."""
        return sum(1 for t in self.tricks if side_of(t.winner) == 0)

    @property
    def honours_ns(self):
        """Trump honours held by N-S in the original deal (the turn-up counts in the dealer's hand)."""
        return honours_ns(self.deal, self.trump)

    def result(self):
        """The HandResult the scorer needs."""
        return HandResult(self.tricks_ns, self.honours_ns, self.dealer, self.trump, self.turn_up)

    def to_dict(self):
        """The hand as a JSON-ready dict (the fields of the PBN export, the play as tricks)."""
        out = {"game": "whist", "ruleset": self.ruleset, "dealer": SEATS[self.dealer],
               "deal": self.deal.to_pbn(), "turn_up": None if self.turn_up is None else str(self.turn_up),
               "trump": self.trump.name, "trump_selection": self.trump_selection,
               "tricks_ns": self.tricks_ns, "honours_ns": self.honours_ns}
        if self.score is not None:
            out["score"] = {"NS": self.score[0], "EW": self.score[1]}
        if self.tricks:
            out["play"] = [{"leader": SEATS[t.leader], "cards": [str(c) for c in t.cards],
                            "winner": SEATS[t.winner]} for t in self.tricks]
        return out

    @classmethod
    def from_dict(cls, data):
        """Read a hand from its JSON form (``to_dict``); InvalidRecord naming the field on bad input."""
        if not isinstance(data, dict):
            raise InvalidRecord("a hand record is a JSON object")
        known = {"game", "ruleset", "dealer", "deal", "turn_up", "trump", "trump_selection", "tricks_ns",
                 "honours_ns", "score", "play"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidRecord(f"unknown field (fields: {', '.join(sorted(known))})", field=unknown[0])
        for name in ("dealer", "deal"):
            if name not in data:
                raise InvalidRecord("missing", field=name)
        dealer = parse_seat(data["dealer"], "dealer")
        deal = _field(parse_deal, data["deal"], "deal")
        turn_up = None if data.get("turn_up") in (None, "") else _field(parse_card, data["turn_up"], "turn_up")
        selection = data.get("trump_selection", "turn_up")
        if "trump" in data:
            trump = _field(parse_trump, data["trump"], "trump")
        elif turn_up is not None and selection == "turn_up":
            trump = turn_up.suit
        else:
            raise InvalidRecord("missing (a hand without a turn-up states its trump)", field="trump")
        tricks_ns = data.get("tricks_ns")
        fields = {"trump_selection": selection, "ruleset": data.get("ruleset", "short"),
                  "score": _score(data.get("score"))}
        # The header is checked (turn-up, trumps) before the play, whose replay depends on the trump.
        hand = cls(deal, dealer, trump, turn_up, tricks_ns=tricks_ns, **fields)
        if data.get("play"):
            hand = cls.played(deal, dealer, trump, turn_up, _play(data["play"]), **fields)
        if hand.tricks:
            _check_leaders(hand, data["play"])
        if tricks_ns is not None and hand.tricks_ns != tricks_ns:
            raise InvalidRecord(f"{tricks_ns} but N-S won {hand.tricks_ns} tricks in the play", field="tricks_ns")
        if data.get("honours_ns") is not None and data["honours_ns"] != hand.honours_ns:
            raise InvalidRecord(f"{data['honours_ns']} but N-S hold {hand.honours_ns} trump honours in the deal",
                                field="honours_ns")
        return hand


def _field(parse, value, field):
    try:
        return parse(value)
    except TrickcoreError as exc:
        raise InvalidRecord(exc.message, field=field) from None


def _score(value):
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"NS", "EW"} or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()):
        raise InvalidRecord('write the score as {"NS": points, "EW": points}', field="score")
    return (value["NS"], value["EW"])


def _play(value):
    if not isinstance(value, list):
        raise InvalidRecord("the play is a list of tricks", field="play")
    tricks = []
    for trick in value:
        cards = trick.get("cards") if isinstance(trick, dict) else trick
        if not isinstance(cards, list):
            raise InvalidRecord("a trick is a list of four cards in playing order", field="play")
        tricks.append([_field(parse_card, c, "play") for c in cards])
    return tricks


def _check_leaders(hand, tricks):
    """InvalidRecord if the tricks' stated leaders or winners (JSON dicts) disagree with the replayed play."""
    for number, (given, played) in enumerate(zip(tricks, hand.tricks), 1):
        for key, seat in (("leader", played.leader), ("winner", played.winner)):
            if isinstance(given, dict) and key in given and parse_seat(given[key], "play") != seat:
                raise InvalidRecord(f"trick {number}: {key} is {SEATS[seat]}, not {given[key]}", field="play")



# A PBN-style file of whist hands (rules/whist.md §7) is told from JSON by its Deal tags, spaced as PBN allows.
_PBN_DEAL = re.compile(r"\[\s*deal\s", re.IGNORECASE)
RESULT_FIELDS = {"tricks_ns", "tricks_ew", "honours_ns", "honours_ew", "dealer", "trump", "turn_up"}
TOTALS = {"tricks": TRICKS, "honours": HONOURS}


def _count(data, name):
    """N-S's count from ``name_ns`` and/or ``name_ew`` (which must add up to the total)."""
    total = TOTALS[name]
    ns, ew = data.get(f"{name}_ns"), data.get(f"{name}_ew")
    for field, value in ((f"{name}_ns", ns), (f"{name}_ew", ew)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= total):
            raise InvalidRecord(f"must be a whole number from 0 to {total}, not {value!r}", field=field)
    if ns is not None and ew is not None and ns + ew != total:
        raise InvalidRecord(f"{name}_ns {ns} and {name}_ew {ew} do not add up to {total}", field=f"{name}_ew")
    return ns if ns is not None else (None if ew is None else total - ew)


def result_from_dict(data):
    """A HandResult from the short JSON form (tricks and honours per side)."""
    unknown = sorted(set(data) - RESULT_FIELDS)
    if unknown:
        raise InvalidRecord(f"unknown field (fields: {', '.join(sorted(RESULT_FIELDS))}, or a full record "
                            "with 'deal')", field=unknown[0])
    if all(data.get(f) is None for f in ("tricks_ns", "tricks_ew", "honours_ns", "honours_ew")):
        raise InvalidRecord("a hand needs tricks_ns (or tricks_ew) and, with honours, honours_ns", field="tricks_ns")
    dealer = None if data.get("dealer") is None else parse_seat(data["dealer"], "dealer")
    trump = turn_up = None
    try:
        if data.get("trump") is not None:
            trump = parse_trump(data["trump"])
        if data.get("turn_up") is not None:
            turn_up = parse_card(data["turn_up"])
    except TrickcoreError as exc:
        raise InvalidRecord(exc.message, field="trump" if trump is None else "turn_up") from None
    if turn_up is not None and trump is not None and turn_up.suit != trump:
        raise InvalidRecord(f"trumps are {trump.name} but the turn-up is {turn_up}", field="trump")
    if trump is None and turn_up is not None:
        trump = turn_up.suit
    return HandResult(_count(data, "tricks"), _count(data, "honours"), dealer, trump, turn_up)


def read_results(text, source):
    """The ruleset name (or None), settings dict and HandResults of a JSON or PBN-style results file.

    The JSON input (examples/whist/rubber.json) is an object, or just its ``hands`` list::

        {"ruleset": "short",                  # optional: short (default), long or american
         "settings": {"game_target": 5},      # optional: any WhistRules setting by name
         "hands": [
           {"tricks_ns": 8, "honours_ns": 2},            # a result: tricks and honours of N-S ...
           {"tricks_ew": 8, "honours_ew": 3},            # ... or of E-W (both may be given if they agree)
           {"dealer": "N", "deal": "N:...", "turn_up": "C2", "tricks_ns": 8}   # or a full hand record
         ]}

    A result may also carry ``dealer``, ``trump`` and ``turn_up`` for the sheet; ``honours`` may be left out
    when the ruleset counts none, and ``tricks`` for a hand called at eight. A full record (any hand with a
    ``deal``) is read by ``WhistHand.from_dict``: honours come from the deal, tricks from ``tricks_ns`` or the
    ``play``. A PBN-style file of whist hands (rules/whist.md §7) is read too. Errors name the file, the hand and the
    field.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if not _PBN_DEAL.search(text):
            raise InvalidRecord(f"not valid JSON: {exc.msg}", source=source, line=exc.lineno) from None
        # pbn.py builds its hands with this module's WhistHand, so it is imported only when a file needs it.
        from trickcore.games.whist.pbn import parse_pbn
        hands = parse_pbn(text, source)
        return (hands[0].ruleset if hands else None), {}, [h.result() for h in hands]
    if isinstance(data, list):
        data = {"hands": data}
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        raise InvalidRecord("expected an object with a list 'hands' (or a list of hands)", source=source,
                            field="hands")
    extra = sorted(set(data) - {"ruleset", "settings", "hands"})
    if extra:
        raise InvalidRecord("unknown field (fields: ruleset, settings, hands)", source=source, field=extra[0])
    settings = data.get("settings") or {}
    if not isinstance(settings, dict):
        raise InvalidRecord("settings is an object of NAME: value", source=source, field="settings")
    results = []
    for number, hand in enumerate(data["hands"], 1):
        try:
            if not isinstance(hand, dict):
                raise InvalidRecord("a hand is a JSON object")
            results.append(WhistHand.from_dict(hand).result() if "deal" in hand else result_from_dict(hand))
        except TrickcoreError as exc:
            raise at_hand(exc, number, source) from None
    if data.get("ruleset") is not None:
        # Checked here for every reader: a scoring system of its own ruleset would otherwise take any value.
        try:
            ruleset_name(data["ruleset"])
        except TrickcoreError as exc:
            raise exc.located(source=source, field="ruleset") from None
    return data.get("ruleset"), settings, results


def at_hand(exc, number, source):
    """``exc`` located in hand ``number`` of the file ``source`` (its message prefixed with the hand)."""
    exc.message = f"hand {number}: {exc.message}"
    exc.args = (exc.message,)
    return exc.located(source=source)
