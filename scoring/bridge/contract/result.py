"""Reading a contract with its result, as written on score sheets: "3NT+1", "4SX-2", "4H=", or a trick count."""
import re

from trickcore.games.bridge.vocab import parse_contract
from trickcore.errors import NotationError

_RESULT_RE = re.compile(r"^(.*?)(=|\+\d+|-\d+)?$")


def tricks_from_result(contract, result):
    """Tricks taken for ``contract`` given ``result``: "=", "+n", "-n", or a plain trick count 0..13."""
    text = str(result).strip()
    need = contract.tricks_needed
    if text == "=":
        tricks = need
    elif re.fullmatch(r"[+-]\d+", text):
        tricks = need + int(text)
    elif re.fullmatch(r"\d+", text):
        tricks = int(text)
    else:
        raise NotationError(f"not a result: {result!r} (expected =, +n, -n or a trick count)", field="result")
    if not 0 <= tricks <= 13:
        raise NotationError(f"result {text} of {contract} means {tricks} tricks; a deal has 0..13",
                            field="result")
    return tricks


def parse_contract_result(text, result=None):
    """A contract and its tricks from "3NT+1", "4SX-2", "4H=", or from a bare contract and ``result``."""
    match = _RESULT_RE.match(str(text).strip())
    contract_text, attached = match.groups()
    if attached is not None and result is not None:
        raise NotationError(f"{text!r} already carries a result; do not give another", field="result")
    contract = parse_contract(contract_text)
    if attached is None and result is None:
        raise NotationError(f"no result for {text!r} (write e.g. {contract}= or {contract}-1, or give tricks)",
                            field="result")
    return contract, tricks_from_result(contract, attached if attached is not None else result)
