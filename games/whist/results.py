"""Scoring a file of whist hand results (``tricks whist score FILE``): the file is read by
``record.read_results``, then scored under its ruleset with the ``--set`` overrides."""
from trickcore.errors import TrickcoreError
from trickcore.games.whist.record import at_hand, read_results
from trickcore.scoring.whist import WhistLedger, WhistRules


def score_file(text, source, ruleset=None, assignments=()):
    """Read and score a results file: the WhistLedger, under the file's ruleset unless ``ruleset`` is given.

    The file's ``settings`` apply first, then ``assignments`` (``NAME=VALUE`` strings from ``--set``).
    """
    file_ruleset, settings, results = read_results(text, source)
    try:
        rules = WhistRules.preset(ruleset or file_ruleset or "short").override_text(settings)
    except TrickcoreError as exc:
        raise exc.located(source=source) from None
    try:
        rules = rules.override_text(list(assignments))
    except TrickcoreError as exc:
        raise exc.located(source="--set") from None
    ledger = WhistLedger(rules)
    for number, result in enumerate(results, 1):
        try:
            ledger = ledger.add(result)
        except TrickcoreError as exc:
            raise at_hand(exc, number, source) from None
    return ledger
