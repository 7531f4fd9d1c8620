"""Reading a file of whist hand results (the records the whist scoring systems score: ``tricks whist score FILE``).

The JSON input (examples/whist/rubber.json) is an object, or just its ``hands`` list::

    {"ruleset": "short",                  # optional: short (default), long or american
     "settings": {"game_target": 5},      # optional: any WhistRules setting by name
     "hands": [
       {"tricks_ns": 8, "honours_ns": 2},            # a result: tricks and honours of N-S ...
       {"tricks_ew": 8, "honours_ew": 3},            # ... or of E-W (both may be given if they agree)
       {"dealer": "N", "deal": "N:...", "turn_up": "C2", "tricks_ns": 8}   # or a full hand record
     ]}

A result may also carry ``dealer``, ``trump`` and ``turn_up`` for the sheet; ``honours`` may be left out when
the ruleset counts none, and ``tricks`` for a hand called at eight. A full record (any hand with a ``deal``) is
read by ``WhistHand.from_dict``: honours come from the deal, tricks from ``tricks_ns`` or the ``play``. A
PBN-style file of whist hands (§7) is read too. Errors name the file, the hand and the field.
"""
import json

from trickcore.games.whist.pbn import parse_pbn
from trickcore.games.whist.record import WhistHand, parse_seat
from trickcore.scoring.whist.hand import HandResult
from trickcore.scoring.whist.rules import parse_trump
from trickcore.cards import parse_card
from trickcore.errors import InvalidRecord, TrickcoreError

RESULT_FIELDS = {"tricks_ns", "tricks_ew", "honours_ns", "honours_ew", "dealer", "trump", "turn_up"}
TOTALS = {"tricks": 13, "honours": 4}


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
    """The ruleset name (or None), settings dict and HandResults of a JSON or PBN-style results file."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if "[deal" not in text.lower():
            raise InvalidRecord(f"not valid JSON: {exc.msg}", source=source, line=exc.lineno) from None
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
            raise _at_hand(exc, number, source) from None
    return data.get("ruleset"), settings, results


def _at_hand(exc, number, source):
    exc.message = f"hand {number}: {exc.message}"
    exc.args = (exc.message,)
    return exc.located(source=source)
