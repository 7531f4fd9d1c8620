"""Russian scoring (§14): a duplicate score against a target set by the majority side's HCP, in IMPs.

Sections (§) are those of docs/rules/bridge.md."""
from trickcore.games.bridge.vocab import Side
from trickcore.scoring.bridge.contract.imps import imps
from trickcore.scoring.bridge.contract.score import ns_score
from trickcore.errors import InvalidRecord

# HCP -> (target not vulnerable, target vulnerable); 37-40 share the last row.
QOOBAA_TARGETS = {
    20: (0, 0), 21: (50, 50), 22: (70, 70), 23: (110, 110), 24: (200, 290), 25: (300, 440), 26: (350, 520),
    27: (400, 600), 28: (430, 630), 29: (460, 660), 30: (490, 690), 31: (600, 900), 32: (700, 1050),
    33: (900, 1350), 34: (1000, 1500), 35: (1100, 1650), 36: (1200, 1800), 37: (1300, 1950),
}
TARGET_TABLES = {"qoobaa": QOOBAA_TARGETS}


def target_score(hcp, vulnerable, table="qoobaa"):
    """The target score of a side holding ``hcp`` ≥ 20 high-card points (§14 step 3)."""
    if not 20 <= hcp <= 40:
        raise InvalidRecord(f"the majority side holds 20..40 HCP, not {hcp}", field="hcp")
    return TARGET_TABLES[table][min(hcp, 37)][bool(vulnerable)]


def russian_imps(contract, declarer, vulnerability, tricks, ns_hcp, *, tie_side="NS", table="qoobaa"):
    """NS IMPs of a deal under Russian scoring: imps(actual − target) for the majority side (§14).

    ``contract`` None means passed out (actual 0). The deal is scored as a duplicate board with the 50
    part-score premium; ``ns_hcp`` is N-S's high-card points (E-W hold the rest of 40).
    """
    if not 0 <= ns_hcp <= 40:
        raise InvalidRecord(f"N-S HCP must be 0..40, not {ns_hcp}", field="hcp")
    if ns_hcp == 20:
        majority, target = Side.parse(tie_side), 0
    else:
        majority = Side.NS if ns_hcp > 20 else Side.EW
        majority_hcp = ns_hcp if majority is Side.NS else 40 - ns_hcp
        target = target_score(majority_hcp, vulnerability.is_vulnerable(majority), table)
    ns = ns_score(contract, declarer, vulnerability, tricks)
    actual = ns if majority is Side.NS else -ns
    result = imps(actual - target)
    return result if majority is Side.NS else -result
