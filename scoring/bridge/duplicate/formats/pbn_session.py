"""A pairs session in PBN (rules/bridge.md §16.2): read the results of a tournament PBN file (every board's
``ScoreTable``, the names of its ``Names_NS``/``Names_EW`` and ``TotalScoreTable`` columns, the hands, the event
tags), and write a scored session as PBN games with a ``ScoreTable`` per board and the ``TotalScoreTable``."""
import attrs

from trickcore.games.bridge.formats.pbn_read import read_pbn
from trickcore.games.bridge.formats.pbn_write import encode_pbn
from trickcore.games.bridge.record import Board
from trickcore.games.bridge.formats.score_table import pair_id, table_cells, total_score_rows, traveller_rows
from trickcore.games.bridge.vocab import board_dealer, board_vulnerability
from trickcore.scoring.bridge.duplicate.formats.report import figure_text, percentage_text
from trickcore.scoring.bridge.duplicate.session import Event, PrintedLine, PrintedStanding, Results
from trickcore.scoring.bridge.duplicate.traveller import score_table, total_score_table

SCORING_METHODS = {"butler": "Butler", "cross_imps": "CrossImps"}
_SESSION_TABLES = ("scoretable", "totalscoretable")


def _split_names(text):
    # Scorers join a pair's two names with " - ", "-" or "&"; a single token stays whole.
    for separator in (" - ", " & ", " / "):
        if separator in text:
            return tuple(part.strip() for part in text.split(separator) if part.strip())
    return (text.strip(),)


def _pair_names(boards, source):
    names = {}
    for board in boards:
        for _, cells in table_cells(board, "ScoreTable", source):
            section = cells.get("section") or "A"
            for pair, text in ((cells.get("pairid_ns"), cells.get("names_ns")),
                               (cells.get("pairid_ew"), cells.get("names_ew"))):
                if pair is not None and text:
                    names.setdefault((section, pair_id(pair)), _split_names(text))
        for cells in total_score_rows(board, source):
            pair, text = cells.get("pairid"), cells.get("names")
            if pair is not None and text:
                names[(cells.get("section") or "A", pair_id(pair))] = _split_names(text)
    return names


def _printed_line(cells):
    # The scorer's figures of a ScoreTable row: MP or IMP columns, percentages, a Butler datum.
    def cell(*names):
        return next((cells[n] for n in names if cells.get(n) not in (None, "")), None)

    return PrintedLine(ns=cell("mp_ns", "imp_ns"), ew=cell("mp_ew", "imp_ew"), ns_percent=cell("percentage_ns"),
                       ew_percent=cell("percentage_ew"), datum=cell("butlerdatum"))


def _direction(text):
    text = (text or "").upper().replace("-", "")
    return text if text in ("NS", "EW") else None


def _printed_standing(cells):
    # A multi-session event's file ranks the event so far (Rank, TotalScoreMP) and gives this session's own
    # figures beside it (SessionRank, SessionScoreMP, ...): the session's are the ones to compare.
    prefix = "session" if cells.get("sessionscoremp") or cells.get("sessionscoreimp") else "total"
    rank, tie = ("sessionrank", "sessionranktie") if prefix == "session" else ("rank", "ranktie")
    return PrintedStanding(section=cells.get("section") or "A", pair=pair_id(cells.get("pairid")),
                           place=(cells.get(rank) or "") + ("=" if cells.get(tie) else ""),
                           total=cells.get(f"{prefix}scoremp") or cells.get(f"{prefix}scoreimp"),
                           percentage=cells.get(f"{prefix}percentage"),
                           boards=cells.get("nrboardssession" if prefix == "session" else "nrboards"),
                           direction=_direction(cells.get("direction")))


def _printed_ranking(boards, source):
    # The scorer's ranking: the first TotalScoreTable of the file ("RankTie" marks a shared place).
    for board in boards:
        rows = total_score_rows(board, source)
        if rows:
            return [_printed_standing(cells) for cells in rows if cells.get("pairid") is not None]
    return []


def read_pbn_results(text, source):
    """The Results of a PBN text: the ScoreTable lines of every board, pair names, hands and event, and the
    scorer's own figures (its MP or IMP columns, its TotalScoreTable) when the file carries them."""
    boards = read_pbn(text, source)
    lines, where, printed = [], [], []
    for board in boards:
        for location, line, cells in traveller_rows(board, source):
            lines.append(line)
            where.append(location)
            printed.append(_printed_line(cells))
    first = boards[0] if boards else Board()
    event = Event(name=first.tag("Event"), date=first.tag("Date"), site=first.tag("Site"))
    event = attrs.evolve(event, **{k: None for k, v in attrs.asdict(event).items() if v in ("", "?", "#")})
    if all(p == PrintedLine() for p in printed):
        printed = []
    return Results(source, lines, where, _pair_names(boards, source), boards, event, printed,
                   _printed_ranking(boards, source))


def _session_board(session, number):
    board = session.boards.get(number) or Board(number=number, dealer=board_dealer(number),
                                                vulnerability=board_vulnerability(number))
    tags = {"Event": session.event.name, "Site": session.event.site, "Date": session.event.date,
            "Scoring": "IMP" if session.imps else "MP"}
    kept = [(k, v) for k, v in board.tags if k not in tags and k != "ScoringMethod"]
    extra = [("ScoringMethod", SCORING_METHODS[session.method])] if session.method in SCORING_METHODS else []
    tables = tuple(t for t in board.tables if t[0].lower() not in _SESSION_TABLES)
    return attrs.evolve(board, tags=tuple((k, v) for k, v in tags.items() if v) + tuple(kept) + tuple(extra),
                        tables=tables)


def write_session_pbn(session, encoding=None):
    """The scored session as PBN bytes (``encoding`` the pbn_encoding setting, default the session's): a game
    per board with its ScoreTable (MP or IMP columns), the first game also with the TotalScoreTable."""
    games = []
    for (_section, number), scored_lines in session.travellers().items():
        board = _session_board(session, number)
        figures = [(figure_text(session, s.ns), figure_text(session, s.ew)) for s in scored_lines]
        table = score_table([s.line for s in scored_lines], figures, imps=session.imps)
        games.append(attrs.evolve(board, tables=board.tables + (table,)))
    rows = [(s.place, s.pair, "-" if s.field == "all" else s.field, s.boards,
             figure_text(session, s.total, total=True),
             None if s.percentage is None else percentage_text(s.percentage), " - ".join(s.names) or None)
            for s in session.standings]
    if games:
        games[0] = attrs.evolve(games[0], tables=games[0].tables + (total_score_table(rows, session.imps),))
    return encode_pbn(games, encoding or session.settings.pbn_encoding)
