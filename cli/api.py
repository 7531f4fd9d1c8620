"""The Python route: one function per ``tricks`` command (deal, simulate, compare, solve, analyse, score), ``load``
and ``analyse_play`` (one board's play), with the commands' names and option names, each running the code its
command runs and returning a result with ``to_dict()`` and ``to_pandas()`` (see ``trickcore.cli.results``).

The games and scoring systems are imported by the functions that use them, so that ``import trickcore`` stays
as light as the kernel it also offers.
"""
from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from trickcore.errors import InputError, TrickcoreError, WorkerLost
from trickcore.names import name_list, text_list
from trickcore.cli.arguments import MAX_JOBS, checked
from trickcore.cli.results import (ANALYSE_FORMATS, AnalysedPlay, AnalysedPlays, Analysis, Comparison, Deals, Records,
                                   Score, Simulated)

Agents = str | Iterable[Any] | None


def _game(game: Any) -> Any:
    """The Game named ``game`` (or ``game`` itself, a Game)."""
    from trickcore.games.base import Game
    from trickcore.games.registry import get_game

    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise InputError(f"game must be a game's name (see `tricks games`), not {game!r}", field="game")
    return get_game(game)


@checked
def deal(game: Any, count: int = 1, seed: int = 0, where: str | None = None, predeal: str | Iterable[str] = (),
         *, dealer: str | int | None = None, tries: int | None = None) -> Deals:
    """Deal ``count`` seeded deals of ``game`` (with ``where``/``predeal``: the first ``count`` that qualify), as
    `tricks deal` does.

    ``where`` is a condition (``"hcp(north) >= 15"``), ``predeal`` cards given to a hand (``"north=AKQ2.KJ3..A54"``
    or a list of such), ``dealer`` the dealer's seat, ``tries`` how many candidate deals to try at most.

    Examples:
        >>> import trickcore
        >>> deals = trickcore.deal("bridge", 2, seed=7, where="hcp(north) >= 15")
        >>> len(deals), deals[0]
        (2, <Deal N:K.KQT.KQ83.AJ874 762.A9643.A54.T6 AQ943.8752.2.KQ2 JT85.J.JT976.953>)
        >>> deals.to_dict()["deals"][0]["hands"]["N"]
        'K.KQT.KQ83.AJ874'
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise InputError(f"--count must be at least 0, not {count}", field="count")
    found = _game(game)
    seat = found.seat_index(dealer if dealer is not None else 0)
    batch = found.deal_where(seed, count, where, list(text_list(predeal)), dealer=seat, tries=tries)
    return Deals(found, batch, seed, seat)


def _tables(agents: Agents) -> tuple[tuple[str, ...] | None, tuple[tuple[str, ...], ...]]:
    """The first table's agent names and the further tables' (a field) from ``agents``: a name or comma list,
    a list of names (one table), or a list of such tables."""
    if agents is None:
        return None, ()
    if isinstance(agents, str):
        return name_list(agents), ()
    items = list(agents)
    if items and all(isinstance(item, str) for item in items):
        return name_list(items), ()
    for item in items:
        if isinstance(item, (bytes, Mapping)) or not isinstance(item, Iterable) or \
                not all(isinstance(name, str) for name in ([item] if isinstance(item, str) else item)):
            raise InputError("agents must be a name, a list of names, or a list of tables (each a name or a list of "
                             f"names), not {agents!r}", field="agents")
    tables = tuple(name_list(table) for table in items)
    return (tables[0] if tables else None), tables[1:]


def simulate_option_error(resume: bool, out: str | None, compare: Any, agents: bool, per: int | None,
                          flag: Callable[[str], str] = str) -> tuple[str, str] | None:
    """The first option of a simulation that goes with another not given, as (field, message), or None; options
    are named by ``flag`` (the command line's ``--name``, Python's keyword)."""
    if resume and out is None:
        return "resume", f"{flag('resume')} continues the run of an {flag('out')} file: give {flag('out')}"
    if compare and not agents:
        return "compare", f"{flag('compare')} scores played deals: give {flag('agents')}"
    if per is not None and not compare:
        return "per", f"{flag('per')} cuts the played deals into matches of {flag('compare')}: give {flag('compare')}"
    return None


@checked
def simulate(game: str, deals: int, seed: int = 0, agents: Agents = None,
             solve: bool | Mapping[str, Any] | None = None, where: str | None = None, *,
             predeal: str | Iterable[str] = (), variant: str | None = None, dealer: str | None = None,
             tries: int | None = None, analyse: bool = False, out: str | os.PathLike | None = None,
             resume: bool = False, jobs: int = 1, dask: str | None = None, compare: str | Iterable[str] | None = None,
             per: int | None = None, progress: Callable[[int], None] | None = None) -> Simulated:
    """Deal ``deals`` deals of ``game`` and play each with ``agents`` or ``solve`` it double dummy, as `tricks
    simulate` does: the summary, the result lines or table (``out``, a str or a path object, writes them to a file:
    a ``.parquet`` name a Parquet table, a name ending in ``/`` (a str) a dataset, any other JSON lines; the
    result's ``to_arrow()``, ``to_pandas()`` and ``to_parquet(path)`` hold the table's rows) and, with ``compare``
    (scoring systems), the comparison of the played deals.

    ``agents`` is one name (``"heuristic"``), one per seat (``"heuristic,random"`` or a list), or a list of
    such tables: a field, every table playing the same deals. ``solve`` is True or the analysis options
    (``{"contract": "3NT", "declarer": "S"}``). ``dask`` is a scheduler's address or ``local:N``;
    ``progress(n)`` is called with the number of deals done.

    Examples:
        >>> import trickcore
        >>> played = trickcore.simulate("bridge", 4, seed=1, agents="heuristic", compare="duplicate,chicago")
        >>> played.to_dict()["deals"], sorted(played.to_dict()["comparison"]["systems"])
        (4, ['chicago', 'duplicate'])
        >>> played.to_pandas()[["board", "contract", "declarer", "NS score"]].shape
        (4, 4)
        >>> solved = trickcore.simulate("bridge", 3, solve={"contract": "3NT", "declarer": "S"})
        >>> [line["outcome"]["tricks"] for line in solved.lines()]
        [7, 4, 12]
    """
    from trickcore.games.simulate import Simulation, dask_client, head, summary
    from trickcore.games.simulation_output import check_output, partial_path, simulate_to_file
    from trickcore.games.simulation_table import combined
    from trickcore.scoring.compare import check_comparison, entrants_of

    if not 1 <= jobs <= MAX_JOBS:
        raise InputError(f"jobs must be from 1 to {MAX_JOBS}, not {jobs}", field="jobs")
    out = None if out is None else os.fspath(out)
    first, field = _tables(agents)
    wrong = simulate_option_error(resume, out, compare, first is not None, per)
    if wrong:
        raise InputError(wrong[1], field=wrong[0])
    if variant is not None:
        _check_variant(_game(game), variant)
    # Given, the systems are compared: an empty list is an error ("compare at least two systems"), never ignored.
    entrants = entrants_of(compare) if compare is not None else None
    options = None if solve is None or solve is False else dict({} if solve is True else solve)
    if options is not None and dealer is not None:
        options.setdefault("dealer", dealer)
    simulation = Simulation(game, deals, seed, variant, where, text_list(predeal), dealer, tries, analyse, first,
                            options, field)
    if entrants is not None:
        check_comparison(entrants, per, simulation)
    kind = check_output(out) if out is not None else "lines"
    # The table of a run writing lines is kept in memory (for to_arrow) when pyarrow is there to build it.
    tables: list[Any] | None = [] if kind == "lines" and not resume and _has_pyarrow() else None
    client = dask_client(dask) if dask is not None else None
    with tempfile.TemporaryDirectory() as scratch:
        # Without ``out`` the lines still go through a scratch file: the workers send them as text, which costs
        # the main process (and so ``jobs``) less than the lines as objects.
        path = out or os.path.join(scratch, "deals.jsonl")
        try:
            outcomes = simulate_to_file(simulation, path, jobs, client, resume, progress, tables)
        except WorkerLost as exc:
            if out is not None:
                exc.message += f"; the lines finished are in {partial_path(out)}: run again with --resume to finish"
            raise
        finally:
            if client is not None:
                client.close()
        written = path.rstrip("/" + os.sep)
        compared = _compared(entrants, written, out is None, per) if entrants else None
        text = None
        if out is None:
            from trickcore.files import read_text

            text = read_text(path)
    table = combined(tables, head(simulation)) if tables is not None else None
    return Simulated(simulation, summary(simulation, outcomes), compared, out and written, text, table, kind)


def _compared(entrants: Any, written: str, scratch: bool, per: int | None) -> Any:
    """The comparison of a simulation's played deals (the lines ``written``) under ``entrants``' systems; the lines
    of a run without ``out`` are a scratch file, gone when the comparison is read, so it names the run instead."""
    from trickcore.scoring.compare import compare as compare_records

    found = entrants[0].system.read_records(written)
    return compare_records(entrants, attrs.evolve(found, source="the simulation") if scratch else found, per)


def _check_variant(game: Any, variant: str) -> None:
    """InputError unless ``variant`` names one of ``game``'s variants (any case): a simulation that solves its deals
    uses no variant, and would otherwise take any name silently."""
    if str(variant).strip().lower() not in {name.lower() for name in game.variants}:
        raise InputError(f"unknown {game.name} variant {variant!r} (known: {', '.join(game.variants)})",
                         field="variant")


def _has_pyarrow() -> bool:
    try:
        import pyarrow  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


def _records_file(system: Any, records: Any) -> Any:
    """The RecordsFile ``system`` scores from ``records``: a path, a simulation's result, ``load``'s Records, a
    RecordsFile, or a list of records (record objects, or their JSON form)."""
    from trickcore.scoring.base import RecordsFile

    if isinstance(records, RecordsFile):
        return records
    if isinstance(records, (str, os.PathLike)):
        return system.read_records(os.fspath(records))
    if isinstance(records, Records):
        return system.read_records(records.path)
    if isinstance(records, Simulated):
        return system.read_records(records.path) if records.path else _read_text(system, records.lines_text(),
                                                                                 "deals.jsonl")
    if not isinstance(records, Iterable) or isinstance(records, (bytes, Mapping)):
        raise InputError("records must be a file's path, a simulation's result, load's records or a list of records, "
                         f"not {records!r}", field="records")
    items = list(records)
    if any(item is None or isinstance(item, (bool, int, float, str, bytes, list, tuple)) for item in items):
        raise InputError("records must be record objects or their JSON objects, not "
                         f"{next(item for item in items if not isinstance(item, dict))!r}", field="records")
    if items and all(isinstance(item, dict) for item in items):
        return _read_text(system, json.dumps(items), "records.json")
    return RecordsFile("records", tuple(items))


def _read_text(system: Any, text: str, name: str) -> Any:
    """What ``system`` reads from a file holding ``text``: records in memory go through the system's own reader."""
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, name)
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
        try:
            found = system.read_records(path)
        except TrickcoreError as exc:
            # The errors name the records given, not the scratch file that held them.
            if isinstance(exc.source, str):
                exc.source = exc.source.replace(path, "records").replace(name, "records")
            raise
    return attrs.evolve(found, source="records") if found.source == path else found


@checked
def compare(records: Any, systems: str | Iterable[str], per: int | None = None) -> Comparison:
    """Score ``records`` under several scoring ``systems`` of one game and compare them, as `tricks compare`
    does: each participant's mean result per match of ``per`` records, how often the systems rank them
    differently, the correlation of their results and the kinds of deal where they differ most.

    ``records``: a path, a ``simulate`` result, a list of records, or ``load``'s result; ``systems``: names
    (``"sochi,rostov"`` or a list), each with ``KEY=VALUE`` overrides (``"sochi pool_target=20"``).

    Examples:
        >>> import trickcore
        >>> played = trickcore.simulate("preferans", 20, seed=3, agents="heuristic")
        >>> found = trickcore.compare(played, "sochi,rostov", per=10)
        >>> found.to_dict()["matches"], found.to_dict()["participants"]
        (2, ['A', 'B', 'C'])
    """
    from trickcore.scoring.compare import check_comparison, entrants_of
    from trickcore.scoring.compare import compare as compare_records

    entrants = entrants_of(systems)
    check_comparison(entrants, per)
    return Comparison(compare_records(entrants, _records_file(entrants[0].system, records), per))


@checked
def solve(game: Any, deal: Any, **options: Any) -> Analysis:
    """The double-dummy analysis of ``deal`` (its text, or a Deal) in ``game``'s terms, as `tricks solve` gives
    it; ``options`` are the command's (vul, dealer, trump, declarer, contract, leader, played, talon_mode,
    variant). A game without a talon takes an ending too (hands of any one size, e.g. a bridge problem); bridge's
    ``trump`` and ``leader`` (with ``played``, the cards already on the current trick) give every legal card of the
    seat to play with the tricks his side takes from there.

    Examples:
        >>> import trickcore
        >>> found = trickcore.solve("bridge", "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
        ...                         contract="7NT", declarer="N")
        >>> found.to_dict()["tricks"]
        13
    """
    found = _game(game)
    parsed = found.formats.parse_deal(deal, endings=True) if isinstance(deal, str) else deal
    return Analysis(found.analysis.analyse(parsed, **options))


@checked
def analyse_play(board: Any) -> AnalysedPlay:
    """The double-dummy analysis of one bridge board's play (a ``Board`` with its deal, contract, declarer and play,
    e.g. one of ``trickcore.games.bridge.formats.notation.read_boards``): the declaring side's tricks before the
    first card and after each (the values DDS AnalysePlay gives), to where the play stops, and the costly cards.

    Examples:
        >>> import trickcore
        >>> from trickcore.games.bridge.formats.notation import read_boards
        >>> board = read_boards("tests/data/lin/endplay_example1.lin")[0]
        >>> found = trickcore.analyse_play(board)
        >>> found.to_dict()["tricks"][:3], [card["card"] for card in found.to_dict()["costly"]]
        ([9, 11, 11], ['S2'])
    """
    from trickcore.games.bridge.play_analysis import analyse_play as analyse_board

    return AnalysedPlay(analyse_board(board))


@checked
def analyse(file: str | os.PathLike, format: str = "text", output: str | os.PathLike | None = None, *,
            strict: bool = False, on_error: str = "fail") -> AnalysedPlays:
    """The play of every board of a PBN, LIN or JSON boards file analysed double dummy, as `tricks bridge analyse`
    does: per board the declaring side's tricks before the first card and after each, and the costly cards; boards
    without play listed as skipped. ``output`` writes the report in ``format`` (text, json, html) to that file,
    complete or not at all; ``strict`` and ``on_error`` as the command's ``--strict`` and ``--on-error``.

    Examples:
        >>> import trickcore
        >>> found = trickcore.analyse("tests/data/lin/endplay_example1.lin")
        >>> [(board["board"], board["tricks"][0], board["tricks"][-1]) for board in found.to_dict()["boards"]]
        [(1, 9, 11)]
    """
    from trickcore.errors import ReadLog
    from trickcore.files import write_text_atomically
    from trickcore.games.bridge.play_analysis import analyse_file

    if format not in ANALYSE_FORMATS:
        raise InputError(f"format must be one of {', '.join(ANALYSE_FORMATS)}, not {format!r}", field="format")
    log = ReadLog(strict=strict, on_error=on_error)
    path = os.fspath(file)
    found = AnalysedPlays(os.path.basename(path), tuple(analyse_file(path, log)), tuple(log.warnings))
    if output is not None:
        write_text_atomically(os.fspath(output), found.render(format))
    return found


@checked
def load(path: str | os.PathLike) -> Records:
    """The records of a file, its game found from its content: a simulation's lines or table (`tricks simulate
    --out`, a table's rows as dicts), a preferans protocol (JSON), whist hands (JSON or PBN with
    ``[Game "Whist"]``), bridge deal results (JSON ``{"deals": [...]}``), or bridge boards (PBN, LIN or JSON).

    Examples:
        >>> import trickcore
        >>> found = trickcore.load("examples/bridge_pbn/bbo_style.pbn")
        >>> found.game, found.kind, found.records[0]["contract"]
        ('bridge', 'boards', '3NT')
    """
    from trickcore.files import read_text
    from trickcore.scoring.base import is_table, simulation_table

    path = os.fspath(path)
    source = os.path.basename(path.rstrip("/" + os.sep))
    if is_table(path):
        rows, simulation = simulation_table(path, source)
        return Records(simulation["game"], source, "deals", tuple(rows), path)
    text = read_text(path, fallback_encoding="iso-8859-1")
    first = text.split("\n", 1)[0]
    game, kind, records = _content(path, source, text, first)
    return Records(game, source, kind, tuple(records), path)


def _content(path: str, source: str, text: str, first: str) -> tuple[str, str, list]:
    """(game, kind, records as JSON objects) of a records file's ``text``."""
    from trickcore.scoring.base import SIMULATION_FORMAT

    if SIMULATION_FORMAT in first:
        header = json.loads(first)
        lines = [json.loads(line) for line in text.splitlines()[1:] if line.strip()]
        return header["simulation"]["game"], "deals", lines
    data = _json(text)
    if isinstance(data, dict) and "format" in data:
        from trickcore.games.preferans.record import PROTOCOL_FORMAT

        if data["format"] == PROTOCOL_FORMAT:
            return "preferans", "deals", list(data.get("deals", []))
    if isinstance(data, dict) and "hands" in data:
        return "whist", "hands", list(data["hands"])
    if isinstance(data, dict) and isinstance(data.get("deals"), list):
        # Bridge deal results (rubber, Chicago, duplicate, Russian, par: examples/bridge/README.md), which the
        # boards reader took for one empty board.
        return "bridge", "deals", list(data["deals"])
    if data is None and '[game "whist"]' in text.lower():
        from trickcore.games.whist.pbn import parse_pbn

        return "whist", "hands", [hand.to_dict() for hand in parse_pbn(text, source)]
    from trickcore.games.bridge.formats.notation import read_boards
    from trickcore.games.bridge.record import board_to_dict

    return "bridge", "boards", [board_to_dict(board) for board in read_boards(path)]


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


@checked
def score(system: str, records: Any, preset: str | None = None, *, movement: str | None = None,
          hands: str | None = None, check: bool = False, **settings: Any) -> Score:
    """Score ``records`` with the scoring ``system`` (any name the CLI takes: ``matchpoints``, ``mp``,
    ``rostov``, ``bridge-rubber``...), its ``preset`` and ``settings`` changed by keyword, as `tricks score`
    does; a pairs system given a session's results file (CSV, PBN, USEBIO) scores the session as
    `tricks bridge session score` does (``movement``, ``hands`` as there; ``check=True`` compares the file's own
    figures with ours, as ``--check`` does: one row per difference, with its reason).

    Examples:
        >>> import trickcore
        >>> session = trickcore.score("matchpoints", "examples/bridge/pairs_session.csv")
        >>> [(row["pair"], row["total"], row["percentage"]) for row in session.ranking()][:2]
        [(3, 17.4, 72.5), (2, 10, 41.67)]
        >>> trickcore.score("duplicate", "examples/bridge/chicago.txt").to_dict()["total"]
        {'NS': 40, 'EW': -40}
    """
    from trickcore.games.registry import get_scoring

    found = get_scoring(system)
    if getattr(found, "method", None) is not None and _is_session_file(records):
        return _session_score(found, os.fspath(records), preset, movement, hands, settings, check)
    if check:
        raise InputError("check compares a pairs session's results file with its scorer's figures", field="check")
    for name, value in (("movement", movement), ("hands", hands)):
        if value is not None:
            raise InputError(f"{name} goes with a pairs session's results file (CSV, PBN, USEBIO) scored by a pairs "
                             "system", field=name)
    ledger = found.score(_records_file(found, records), preset, settings)
    return Score(found.name, found.json_data(ledger), found.render_text(ledger))


def _is_session_file(records: Any) -> bool:
    """True when ``records`` is the path of a session's results (CSV, PBN, USEBIO), not of JSON records or a
    simulation's lines."""
    from trickcore.files import read_text
    from trickcore.scoring.base import SIMULATION_FORMAT, is_table

    if not isinstance(records, (str, os.PathLike)) or is_table(records):
        return False
    text = read_text(os.fspath(records), fallback_encoding="iso-8859-1")
    return _json(text) is None and SIMULATION_FORMAT not in text.split("\n", 1)[0]


def _session_score(system: Any, path: str, preset: str | None, movement: str | None, hands: str | None,
                   settings: Mapping[str, Any], check: bool) -> Score:
    """The Score of a pairs session's results file (the scoring of `tricks bridge session score`), or with
    ``check`` its comparison with the scorer's own figures."""
    from trickcore.scoring.bridge.duplicate.formats.session_files import render_session
    from trickcore.scoring.bridge.duplicate.session_scoring import check_session_file, score_session_file

    if check:
        report = check_session_file(path, system.name, movement, hands, preset, settings)
        return Score(system.name, report.to_dict(), report.text())

    session = score_session_file(path, system.name, movement, hands, preset, settings)
    return Score(system.name, render_session(session, "json"), render_session(session, "text"))


__all__ = ["deal", "simulate", "compare", "solve", "analyse_play", "analyse", "load", "score"]
