"""The score of one contract (§5, Law 77): trick score, overtricks, premiums and undertricks.

Pure integer functions of the contract, the declaring side's vulnerability and the tricks it took. Rubber and
Chicago reuse the parts (trick score below the line, the rest above) through ``contract_parts``.

Sections (§) are those of docs/rules/bridge.md.
"""
import attrs

from trickcore.games.bridge.vocab import Contract, Strain, parse_contract, side_of
from trickcore.errors import InvalidRecord

MULTIPLIER = (1, 2, 4)


def _check_tricks(tricks):
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise InvalidRecord(f"tricks must be an integer 0..13, not {tricks!r}", field="tricks")
    return tricks


def _contract(contract):
    return contract if isinstance(contract, Contract) else parse_contract(contract)


def trick_value(strain):
    """The value of one undoubled overtrick (and of each trick after the first): 20 minors, 30 majors and NT."""
    return 20 if Strain(strain).is_minor else 30


def trick_score(contract):
    """Points below the line for a made contract: m × base(L, S) (§5.1)."""
    contract = _contract(contract)
    base = trick_value(contract.strain) * contract.level + (10 if contract.strain is Strain.NT else 0)
    return MULTIPLIER[contract.doubled] * base


def overtrick_score(contract, vulnerable, overtricks):
    """Points for ``overtricks`` tricks above the contract (§5.2)."""
    contract = _contract(contract)
    if contract.doubled == 0:
        return overtricks * trick_value(contract.strain)
    return overtricks * (200 if vulnerable else 100) * MULTIPLIER[contract.doubled] // 2


def slam_bonus(contract, vulnerable):
    """The slam premium for a slam bid and made: 500/750 small, 1000/1500 grand (§5.3)."""
    level = _contract(contract).level
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


def insult_bonus(contract, redouble_insult=100):
    """The premium for making a doubled (50) or redoubled (``redouble_insult``, 100 by default) contract."""
    return (0, 50, redouble_insult)[_contract(contract).doubled]


def undertrick_penalty(undertricks, doubled, vulnerable, undertrick_scale="current"):
    """The defenders' points for ``undertricks`` ≥ 1 down (§5.4); "pre1987" changes the doubled NV rows."""
    u = undertricks
    if doubled == 0:
        return u * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (u - 1)
    elif undertrick_scale == "pre1987":
        penalty = 100 + 200 * (u - 1)
    else:
        penalty = 100 + 200 * min(u - 1, 2) + 300 * max(u - 3, 0)
    return penalty * MULTIPLIER[doubled] // 2


@attrs.frozen
class ContractParts:
    """One deal's result split into rubber-style items: ``below`` (declarer's trick score), ``above``
    (declarer's overtricks, insult and slam bonus) and ``penalty`` (the defenders' undertrick points)."""

    made: bool
    below: int
    above: int
    penalty: int


def contract_parts(contract, vulnerable, tricks, *, undertrick_scale="current", redouble_insult=100):
    """Split the result of ``contract`` taking ``tricks`` into trick score, premiums and penalty (§5, §6.1)."""
    contract = _contract(contract)
    _check_tricks(tricks)
    need = contract.tricks_needed
    if tricks < need:
        return ContractParts(False, 0, 0, undertrick_penalty(need - tricks, contract.doubled, vulnerable,
                                                             undertrick_scale))
    above = (overtrick_score(contract, vulnerable, tricks - need) + slam_bonus(contract, vulnerable)
             + insult_bonus(contract, redouble_insult))
    return ContractParts(True, trick_score(contract), above, 0)


def duplicate_score(contract, vulnerable: bool, tricks: int, *, partscore_bonus=50, undertrick_scale="current",
                    redouble_insult=100) -> int:
    """The declarer score of ``contract`` taking ``tricks`` (0..13) under Law 77 (§5.5)."""
    parts = contract_parts(contract, vulnerable, tricks, undertrick_scale=undertrick_scale,
                           redouble_insult=redouble_insult)
    if not parts.made:
        return -parts.penalty
    premium = (500 if vulnerable else 300) if parts.below >= 100 else partscore_bonus
    return parts.below + parts.above + premium


def ns_score(contract, declarer, vulnerability, tricks, **options):
    """The NS score of a table result: ``contract`` by ``declarer`` with ``vulnerability``; None = passed out."""
    if contract is None:
        return 0
    side = side_of(declarer)
    score = duplicate_score(contract, vulnerability.is_vulnerable(side), tricks, **options)
    return score if side == 0 else -score


def contract_dict(contract, tricks, vulnerable, points):
    """A contract's duplicate score as JSON-ready data."""
    return {"contract": str(contract), "tricks": tricks, "vulnerability": "vul" if vulnerable else "nonvul",
            "vulnerable": vulnerable, "score": points}
