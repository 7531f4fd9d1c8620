"""Traveller lines (bridge.md §16): one table's result on one board, the record every results importer produces.

A ``TravellerLine`` carries no cards beyond the opening lead, so the session scorers (matchpoints, Butler,
cross-IMPs) read it without importing any play code. ``line_ns_score`` gives the NS score that enters the
comparison set (§9.1); ``comparison_entry`` the board entry the comparison functions take.
"""
import attrs

from trickcore.games.bridge.vocab import Contract, Seat, board_vulnerability
from trickcore.scoring.bridge.contract import ns_score
from trickcore.errors import InvalidRecord

KINDS = ("played", "passed_out", "assigned", "artificial", "not_played")


def _optional_seat(value):
    return None if value is None else (value if isinstance(value, Seat) else Seat.parse(value))


@attrs.frozen(kw_only=True)
class TravellerLine:
    """One traveller line (§16): where it was played, who played, what happened, and the NS score.

    ``kind`` is one of ``KINDS``; ``contract``/``declarer``/``tricks`` are set for played lines only;
    ``ns_score`` is the NS score (required for ``assigned``, optional and checked for played and passed-out
    lines, None otherwise); ``adjustment`` is the artificial code (``A+/A-``, ``A``, ``A60/40``).
    """

    section: str = "A"
    board: int
    round: int = None
    table: int = None
    ns_pair: object = None
    ew_pair: object = None
    kind: str = "played"
    contract: Contract = None
    declarer: Seat = attrs.field(default=None, converter=_optional_seat)
    tricks: int = None
    lead: object = None
    ns_score: int = None
    adjustment: str = None

    def __attrs_post_init__(self):
        if self.kind not in KINDS:
            raise InvalidRecord(f"traveller line kind must be one of {', '.join(KINDS)}, not {self.kind!r}",
                                field="kind")
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise InvalidRecord(f"board number must be an integer >= 1, not {self.board!r}", field="board")
        played = self.kind == "played"
        if played != (self.contract is not None) or played != (self.declarer is not None) \
                or played != (self.tricks is not None):
            raise InvalidRecord(f"a {self.kind} line {'needs' if played else 'has no'} contract, declarer and "
                                "tricks", field="contract")
        if (self.kind == "artificial") != (self.adjustment is not None):
            raise InvalidRecord("an artificial line, and only it, carries an adjustment code", field="adjustment")
        if self.kind == "assigned" and self.ns_score is None:
            raise InvalidRecord("an assigned score needs its ns_score", field="ns_score")
        if self.kind in ("artificial", "not_played") and self.ns_score is not None:
            raise InvalidRecord(f"a {self.kind} line has no ns_score", field="ns_score")
        computed = _computed_score(self)
        if computed is not None and self.ns_score is not None and self.ns_score != computed:
            raise InvalidRecord(f"ns_score {self.ns_score} does not match the result ({computed})",
                                field="ns_score")


def _computed_score(line):
    if line.kind == "passed_out":
        return 0
    if line.kind == "played":
        return ns_score(line.contract, line.declarer, board_vulnerability(line.board), line.tricks)
    return None


def line_ns_score(line):
    """The NS score a line puts into the comparison set, or None for artificial and not-played lines."""
    computed = _computed_score(line)
    return line.ns_score if computed is None else computed


def comparison_entry(line):
    """The board entry of a line: its NS score (int), its artificial code (str), or None when not played."""
    if line.kind == "artificial":
        return line.adjustment
    return line_ns_score(line)


def group_boards(lines):
    """The lines grouped by (section, board), in first-seen order."""
    boards = {}
    for line in lines:
        boards.setdefault((line.section, line.board), []).append(line)
    return boards
