"""The deal-results file read by ``tricks bridge rubber`` and ``tricks bridge chicago`` (documented in
examples/bridge/README.md): one deal per line as text, or the same records as JSON.

Text line: ``CONTRACT[RESULT] DECLARER [RESULT] [honours=HOLDER:POINTS]``, e.g. ``3NT+1 S``, ``4SX S -2``,
``2H W 8``, ``6NT= N honours=N:150``; ``pass`` for a passed-out deal; ``#`` starts a comment.
JSON: a list of objects (or ``{"deals": [...]}``) with ``contract`` ("pass" or null for passed out),
``declarer``, ``result`` ("=", "+1", "-2") or ``tricks``, optional ``honours`` ("N:150"), optional ``deal``
(a PBN deal string from which honours are read) and optional ``par`` (the deal's par, N-S score).
"""
import attrs

from trickcore.games.bridge.vocab import Seat
from trickcore.scoring.bridge.rubber.sheet import TableResult
from trickcore.scoring.base import json_rows
from trickcore.scoring.bridge.contract.result import parse_contract_result
from trickcore.dealing import parse_deal
from trickcore.errors import InvalidRecord, NotationError, TrickcoreError

PASSED_OUT = ("pass", "passed", "passed out", "p", "-")


def _honours(text):
    holder, sep, points = str(text).partition(":")
    if not sep or not points.strip().isdigit():
        raise NotationError(f"honours must read HOLDER:POINTS, e.g. N:150 or NS:100, not {text!r}",
                            field="honours")
    return holder.strip(), int(points)


def _result(contract_text, declarer, result, honours=None, deal=None):
    if str(contract_text).strip().lower() in PASSED_OUT:
        return TableResult()
    contract, tricks = parse_contract_result(contract_text, result)
    hands = parse_deal(deal).hands if deal is not None else None
    try:
        seat = Seat.parse(declarer)
    except NotationError as exc:
        raise exc.located(field="declarer")
    return TableResult(contract, seat, tricks, None if honours is None else _honours(honours), hands)


def parse_text_line(line):
    """The TableResult of one text line (comments already removed, not blank)."""
    tokens = line.split()
    honours = [t.split("=", 1)[1] for t in tokens if t.lower().startswith("honours=")]
    tokens = [t for t in tokens if not t.lower().startswith("honours=")]
    if " ".join(tokens).lower() in PASSED_OUT:
        if honours:
            raise InvalidRecord("a passed-out deal has no honours", field="honours")
        return TableResult()
    if len(tokens) not in (2, 3):
        raise NotationError(f"expected CONTRACT[RESULT] DECLARER [RESULT], got {line!r}", field="line")
    return _result(tokens[0], tokens[1], tokens[2] if len(tokens) == 3 else None,
                   honours[0] if honours else None)


def _json_result(record):
    if not isinstance(record, dict):
        raise InvalidRecord(f"a deal must be a JSON object, not {record!r}", field="deal")
    unknown = set(record) - {"contract", "declarer", "result", "tricks", "honours", "deal", "par"}
    if unknown:
        raise InvalidRecord(f"unknown key(s) {sorted(unknown)}", field=sorted(unknown)[0])
    par = record.get("par")
    if par is not None and (isinstance(par, bool) or not isinstance(par, int) or abs(par) > 7600 or par % 10):
        raise InvalidRecord(f"par is an N-S score, a multiple of 10, not {par!r}", field="par")
    contract = record.get("contract")
    if contract is None or str(contract).strip().lower() in PASSED_OUT:
        # A passed-out deal keeps its hands: Russian scoring still counts their high-card points.
        return TableResult(hands=None if record.get("deal") is None else parse_deal(record["deal"]).hands, par=par)
    if "result" in record and "tricks" in record:
        raise InvalidRecord("give result or tricks, not both", field="tricks")
    result = record.get("result", record.get("tricks"))
    return attrs.evolve(_result(contract, record.get("declarer"), None if result is None else str(result),
                                record.get("honours"), record.get("deal")), par=par)


def read_deal_results(text, source):
    """The TableResults of a results file's ``text``; errors name ``source`` and the line (or deal number)."""
    stripped = text.lstrip()
    if stripped.startswith(("[", "{")):
        records = json_rows(text, source, "deals")
        results = []
        for number, record in enumerate(records, 1):
            try:
                results.append(_json_result(record))
            except TrickcoreError as exc:
                raise exc.located(source=f"{source} deal {number}")
        return results
    results = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            results.append(parse_text_line(line))
        except TrickcoreError as exc:
            raise exc.located(source=source, line=number)
    return results
