"""Scoring a pairs session's results file (rules/bridge.md §13): the one route from a file, a method and settings to
a scored ``Session``, taken by ``tricks bridge session score`` and by ``trickcore.score``; and the same route to
the check of the scorer's own figures in the file against ours (``--check``)."""
import os

from trickcore.errors import InputError
from trickcore.files import read_text
from trickcore.games.registry import get_scoring
from trickcore.scoring.bridge.duplicate import movement
from trickcore.scoring.bridge.duplicate.scorer_check import check_session
from trickcore.scoring.bridge.duplicate.session import score_session
from trickcore.scoring.bridge.duplicate.formats.session_files import read_results


def session_movement(spec, results):
    """The movement ``spec`` names: the path of a movement file (rules/bridge.md §16.5), or "mitchell" or "howell" for
    the full movement of as many tables as the most-played board has results (a half-table session needs its movement
    file)."""
    name = spec.strip().lower()
    if name not in ("mitchell", "howell"):
        return movement.parse_movement(read_text(spec), os.path.basename(spec))
    per_board = {}
    for line in results.lines:
        per_board[(line.section, line.board)] = per_board.get((line.section, line.board), 0) + 1
    tables, boards = max(per_board.values()), len(per_board)
    rounds = tables if name == "mitchell" else 2 * tables - 1
    if boards % rounds:
        raise InputError(f"{boards} boards cannot be shared by the {rounds} rounds of a {tables}-table {name}; "
                         "give the movement file", field="movement")
    build = movement.mitchell if name == "mitchell" else movement.howell
    return build(tables, boards // rounds)


def score_session_file(path, method="mp", movement_spec=None, hands=None, preset=None, overrides=()):
    """The scored Session of the results file at ``path`` (CSV traveller, PBN with ScoreTables, USEBIO XML) by
    ``method``, a pairs scoring system by any name it is found by (mp, butler, cross-imps, bridge-matchpoints),
    whose ``preset`` and ``overrides`` (``KEY=VALUE`` strings or a mapping) give the settings; ``movement_spec``
    (see ``session_movement``) checks every line, ``hands`` (a PBN file) adds the boards' hand records."""
    return score_session(*_session_input(path, method, movement_spec, hands, preset, overrides))


def check_session_file(path, method="mp", movement_spec=None, hands=None, preset=None, overrides=()):
    """The SessionCheck of the results file at ``path`` (options as ``score_session_file``): every line and pair
    whose figures in the file differ from ours, with the reason when one is known
    (scoring.bridge.duplicate.scorer_check)."""
    return check_session(*_session_input(path, method, movement_spec, hands, preset, overrides))


def _session_input(path, method, movement_spec, hands, preset, overrides):
    # (results, method, settings, movement) as score_session and check_session take them.
    system = get_scoring(method)
    if getattr(system, "method", None) is None:
        raise InputError(f"{system.name} does not score a pairs session (methods: mp, butler, cross-imps)",
                         field="method")
    settings = system.settings(preset, overrides)
    results = read_results(path, hands)
    moves = None if movement_spec is None else session_movement(movement_spec, results)
    return results, system.method, settings, moves
