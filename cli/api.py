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
from trickcore.cli.results import (ANALYSE_FORMATS, AnalysedPlay, AnalysedPlays, Analysis, Comparison, Deals,
                                   Formats, Movement, Records, Report, Score, Simulated)

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
             per: int | None = None, progress: Callable[[int], None] | None = None, contract: str | None = None,
             declarer: str | None = None, vul: str | None = None, talon_mode: str | None = None,
             trump: str | None = None) -> Simulated:
    """Deal ``deals`` deals of ``game`` and play each with ``agents`` or ``solve`` it double dummy, as `tricks
    simulate` does: the summary, the result lines or table (``out``, a str or a path object, writes them to a file:
    a ``.parquet`` name a Parquet table, a name ending in ``/`` (a str) a dataset, any other JSON lines; the
    result's ``to_arrow()``, ``to_pandas()`` and ``to_parquet(path)`` hold the table's rows) and, with ``compare``
    (scoring systems), the comparison of the played deals.

    ``agents`` is one name (``"heuristic"``), one per seat (``"heuristic,random"`` or a list), or a list of
    such tables: a field, every table playing the same deals. ``solve`` is True or the analysis options
    (``{"contract": "3NT", "declarer": "S"}``); the command's analysis options ``contract``, ``declarer``,
    ``vul``, ``talon_mode`` and ``trump`` may be given by keyword too, with ``solve``. ``dask`` is a scheduler's
    address or ``local:N``; ``progress(n)`` is called with the number of deals done.

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
    from trickcore.games.simulation_output import check_output
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
    options = _solve_options(solve, {"contract": contract, "declarer": declarer, "vul": vul,
                                     "talon_mode": talon_mode, "trump": trump})
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
        outcomes = _run(simulation, path, out, jobs, client, resume, progress, tables)
        written = path.rstrip("/" + os.sep)
        compared = _compared(entrants, written, out is None, per) if entrants else None
        text = None
        if out is None:
            from trickcore.files import read_text

            text = read_text(path)
    table = combined(tables, head(simulation)) if tables is not None else None
    return Simulated(simulation, summary(simulation, outcomes), compared, out and written, text, table, kind)


def _run(simulation: Any, path: str, out: str | None, jobs: int, client: Any, resume: bool,
         progress: Callable[[int], None] | None, tables: list[Any] | None) -> Any:
    """The simulation run to ``path`` (``out``, or a scratch file): its outcomes; a lost worker's error says where
    the finished lines of ``out`` are, and the Dask ``client`` is closed in any case."""
    from trickcore.games.simulation_output import partial_path, simulate_to_file

    try:
        return simulate_to_file(simulation, path, jobs, client, resume, progress, tables)
    except WorkerLost as exc:
        if out is not None:
            exc.message += f"; the lines finished are in {partial_path(out)}: run again with --resume to finish"
        raise
    finally:
        if client is not None:
            client.close()


def _solve_options(solve: bool | Mapping[str, Any] | None, given: Mapping[str, Any]) -> dict[str, Any] | None:
    """A simulation's analysis options: ``solve``'s, with those given by keyword (``contract=...``) over them; None
    when it does not solve (an option given by keyword without ``solve`` is an error)."""
    chosen = {name: value for name, value in given.items() if value is not None}
    if solve is None or solve is False:
        if chosen:
            raise InputError(f"{next(iter(chosen))} goes with solve", field=next(iter(chosen)))
        return None
    return {**({} if solve is True else solve), **chosen}


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
def compare(records: Any, system: str | Iterable[str], per: int | None = None) -> Comparison:
    """Score ``records`` under several scoring systems (``system``) of one game and compare them, as `tricks compare`
    does: each participant's mean result per match of ``per`` records, how often the systems rank them
    differently, the correlation of their results and the kinds of deal where they differ most.

    ``records``: a path, a ``simulate`` result, a list of records, or ``load``'s result; ``system``: the systems'
    names, as the command's repeatable ``--system`` (``"sochi,rostov"`` or a list), each with ``KEY=VALUE``
    overrides (``"sochi pool_target=20"``).

    Examples:
        >>> import trickcore
        >>> played = trickcore.simulate("preferans", 20, seed=3, agents="heuristic")
        >>> found = trickcore.compare(played, "sochi,rostov", per=10)
        >>> found.to_dict()["matches"], found.to_dict()["participants"]
        (2, ['A', 'B', 'C'])
    """
    from trickcore.scoring.compare import check_comparison, entrants_of
    from trickcore.scoring.compare import compare as compare_records

    entrants = entrants_of(system)
    check_comparison(entrants, per)
    return Comparison(compare_records(entrants, _records_file(entrants[0].system, records), per))


@checked
def solve(game: Any, deal: Any = None, *, deals: str | os.PathLike | None = None, jobs: int = 1,
          strict: bool = False, on_error: str = "fail", progress: Callable[[int], None] | None = None,
          **options: Any) -> Analysis | Report:
    """The double-dummy analysis of ``deal`` (its text, or a Deal) in ``game``'s terms, as `tricks solve` gives
    it; ``options`` are the command's (vul, dealer, trump, declarer, contract, leader, played, line, talon_mode,
    variant). A game without a talon takes an ending too (hands of any one size, e.g. a bridge problem); bridge's
    ``trump`` and ``leader`` (with ``played``, the cards already on the current trick) give every legal card of the
    seat to play with the tricks his side takes from there.

    ``deals``, a file of deals (PBN or LIN boards for bridge), instead of ``deal``: every deal solved on ``jobs``
    worker processes, as `tricks solve --deals` does, each with the file's own options over ``options``; a Report
    whose ``to_dict()["deals"]`` holds one object per deal (its name in the file first), ``text()`` the command's
    JSON lines. ``strict`` and ``on_error`` as ``--strict`` and ``--on-error``; ``progress(n)`` is called with the
    number of deals solved.

    Examples:
        >>> import trickcore
        >>> found = trickcore.solve("bridge", "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
        ...                         contract="7NT", declarer="N")
        >>> found.to_dict()["tricks"]
        13
        >>> solved = trickcore.solve("bridge", deals="tests/data/lin/endplay_example1.lin")
        >>> [deal["board"] for deal in solved.to_dict()["deals"]]
        [1]
    """
    found = _game(game)
    if (deal is None) == (deals is None):
        raise InputError("give exactly one of deal and deals", field="deal")
    if deals is not None:
        return solve_file(found, os.fspath(deals), options, jobs, _read_log(strict, on_error), progress)
    parsed = found.formats.parse_deal(deal, endings=True) if isinstance(deal, str) else deal
    return Analysis(found.analysis.analyse(parsed, **options))


def solve_file(game: Any, path: str, options: Mapping[str, Any], jobs: int, log: Any,
               progress: Callable[[int], None] | None = None) -> Report:
    """Every deal of a file solved (`tricks solve --deals`): each deal's JSON object, its name in the file (board
    number) first, all deals checked before any is solved; a deal's own options (a PBN board's [Dealer] and
    [Vulnerable]) over ``options``. The text is the command's: one JSON line per deal, and when reading warned,
    a last line {"warnings": [...]}. ``log`` (a ReadLog) collects the reader's warnings, all of them there when
    ``progress`` is first called."""
    if not 1 <= jobs <= MAX_JOBS:
        raise InputError(f"jobs must be from 1 to {MAX_JOBS}, not {jobs}", field="jobs")
    items = game.analysis.read_deals(path, log)
    found = []
    for done, ((_, _, label), result) in enumerate(zip(items, game.analysis.analyse_batch(items, jobs, **options)),
                                                   1):
        found.append({**label, **result.to_dict()})
        if progress is not None:
            progress(done)
    warnings = [w.to_dict() for w in log.warnings]
    lines = [json.dumps(item) for item in found] + ([json.dumps({"warnings": warnings})] if warnings else [])
    data = {"deals": found, **({"warnings": warnings} if warnings else {})}
    return Report("solve", data, "".join(line + "\n" for line in lines), "deals", warnings=tuple(log.warnings))


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
    from trickcore.files import check_writable, write_text_atomically
    from trickcore.games.bridge.play_analysis import analyse_file

    if format not in ANALYSE_FORMATS:
        raise InputError(f"format must be one of {', '.join(ANALYSE_FORMATS)}, not {format!r}", field="format")
    if output is not None:
        check_writable(output)     # before the boards are analysed, as -o is checked with the options
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
def score(system: str, records: Any, preset: str | None = None, *, movement: str | os.PathLike | None = None,
          hands: str | os.PathLike | None = None, check: bool = False, format: str = "text",
          output: str | os.PathLike | None = None, progress: Callable[[int], None] | None = None,
          **settings: Any) -> Score:
    """Score ``records`` with the scoring ``system`` (any name the CLI takes: ``matchpoints``, ``mp``,
    ``rostov``, ``bridge-rubber``...), its ``preset`` and ``settings`` changed by keyword, as `tricks score`
    does; a pairs system given a session's results file (CSV, PBN, USEBIO) scores the session as
    `tricks bridge session score` does (``movement``, ``hands`` as there; ``check=True`` compares the file's own
    figures with ours, as ``--check`` does: one row per difference, with its reason).

    ``output`` writes the score in ``format`` to that file, complete or not at all, the bytes the command writes
    with ``--format`` and ``-o``: text, json and the system's own (svg for preferans); a session's csv, pbn, usebio
    or html, its results page, whose boards with a deal are analysed double dummy as it is written
    (``progress(n)`` is called with the number analysed). The result's ``render(format)`` and
    ``to_bytes(format)`` give them too.

    Examples:
        >>> import trickcore
        >>> session = trickcore.score("matchpoints", "examples/bridge/pairs_session.csv")
        >>> [(row["pair"], row["total"], row["percentage"]) for row in session.ranking()][:2]
        [(3, 17.4, 72.5), (2, 10, 41.67)]
        >>> session.render("csv").splitlines()[1]
        'A,1,1,1,1,4,4S,N,=,D2,420'
        >>> trickcore.score("duplicate", "examples/bridge/chicago.txt").to_dict()["total"]
        {'NS': 40, 'EW': -40}
    """
    from trickcore.files import check_writable
    from trickcore.games.registry import get_scoring

    if output is not None:
        check_writable(output)     # before the work, as -o is checked with the options
    found = get_scoring(system)
    if getattr(found, "method", None) is not None and _is_session_file(records):
        movement, hands = (None if path is None else os.fspath(path) for path in (movement, hands))
        scored = _session_score(found, os.fspath(records), preset, movement, hands, settings, check, format,
                                progress)
        return _written(scored, format, output)
    if check:
        raise InputError("check compares a pairs session's results file with its scorer's figures", field="check")
    for name, value in (("movement", movement), ("hands", hands)):
        if value is not None:
            raise InputError(f"{name} goes with a pairs session's results file (CSV, PBN, USEBIO) scored by a pairs "
                             "system", field=name)
    found.check_format(format)
    ledger = found.score(_records_file(found, records), preset, settings)
    return _written(Score(found.name, found.json_data(ledger), found.render_text(ledger), ledger, found), format,
                    output)


def _written(found: Score, format: str, output: str | os.PathLike | None) -> Score:
    """``found``, written in ``format`` to ``output`` when one is given (complete or not at all)."""
    from trickcore.files import write_bytes_atomically

    if output is not None:
        write_bytes_atomically(os.fspath(output), found.to_bytes(format))
    return found


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
                   settings: Mapping[str, Any], check: bool, format: str,
                   progress: Callable[[int], None] | None) -> Score:
    """The Score of a pairs session's results file (the scoring of `tricks bridge session score`), or with
    ``check`` its comparison with the scorer's own figures; ``format`` is checked first."""
    from trickcore.scoring.bridge.duplicate.formats.session_files import render_session
    from trickcore.scoring.bridge.duplicate.session_scoring import check_session_file, score_session_file

    if check:
        if format not in ("text", "json"):
            raise InputError(f"check writes text or json, not {format!r}", field="format")
        report = check_session_file(path, system.name, movement, hands, preset, settings)
        return Score(system.name, report.to_dict(), report.text())
    formats = _session_formats(progress)
    formats.check_format(format)
    session = score_session_file(path, system.name, movement, hands, preset, settings)
    return Score(system.name, render_session(session, "json"), render_session(session, "text"), session, formats)


def _session_formats(progress: Callable[[int], None] | None) -> Formats:
    """How a scored pairs session is written: text, json, csv, pbn (bytes in the session's pbn_encoding), usebio,
    and html, its results page, whose boards are analysed as it is written (``progress(n)``: boards analysed)."""
    from trickcore.games.bridge.formats.pbn_write import PBN_ENCODINGS
    from trickcore.scoring.bridge.duplicate.formats.html_page import render_html
    from trickcore.scoring.bridge.duplicate.formats.session_files import SESSION_FORMATS, render_session

    def encoding(session: Any, fmt: str) -> str:
        return PBN_ENCODINGS[session.settings.pbn_encoding] if fmt == "pbn" else "utf-8"

    def write(session: Any, fmt: str) -> str:
        if fmt == "html":
            return str(render_html(session, *_analysed_boards(session.boards, progress)))
        found = render_session(session, fmt)
        if fmt == "json":
            return json.dumps(found, indent=2, ensure_ascii=False) + "\n"
        # The PBN comes as bytes, in the encoding its pbn_encoding setting names: as text until it is written.
        return found.decode(encoding(session, fmt)) if isinstance(found, bytes) else str(found)

    return Formats(SESSION_FORMATS, write, encoding)


def _analysed_boards(boards: Mapping[int, Any],
                     progress: Callable[[int], None] | None) -> tuple[dict[int, Any], dict[int, Any]]:
    """({board number: double-dummy table and par} of every board with a full deal, {board number: its play
    analysed} of those whose record gives their play), for a session's results page; ``progress(n)`` is called
    with the number of boards analysed (solving takes a moment per board)."""
    from trickcore.games.bridge.analysis import board_analysis
    from trickcore.games.bridge.play_analysis import analyse_play as analyse_board, unplayable

    known = [board for board in boards.values() if board.deal is not None and board.deal.hand_size == 13]
    analyses, plays = {}, {}
    for done, board in enumerate(known, 1):
        analyses[board.number] = board_analysis(board).to_dict()
        if unplayable(board) is None:
            plays[board.number] = analyse_board(board).to_dict()
        if progress is not None:
            progress(done)
    return analyses, plays


def play_option_error(count: int | None, deal: str | None, agents: bool, options: Mapping[str, Any],
                      flag: Callable[[str], str] = str) -> tuple[str, str] | None:
    """The first option of `tricks play` that goes with another not given, or not with one given, as (field,
    message), or None; options are named by ``flag`` (the command line's ``--name``, Python's keyword)."""
    if agents:
        if count is not None or deal is not None:
            name = "count" if count is not None else "deal"
            return name, (f"{flag(name)} does not go with {flag('agents')}: a match deals its own hands "
                          f"({flag('hands')} sets how many)")
        return None
    unused = [name for name, value in options.items() if value is not None]
    if unused:
        return unused[0], f"{flag(unused[0])} goes with {flag('agents')}"
    if count is not None and deal is not None:
        return "deal", f"{flag('deal')} plays one deal; it does not go with {flag('count')}"
    if count is not None and count < 1:
        return "count", f"{flag('count')} must be at least 1 (it plays that many deals), not {count}"
    return None


@checked
def play(game: Any, seed: int = 0, dealer: str | int | None = None, trump: str | None = None,
         count: int | None = None, deal: str | None = None, agents: str | Iterable[str] | None = None, *,
         variant: str | None = None, players: int | None = None, pool_target: int | None = None,
         hands: int | None = None, rotation: str | None = None, protocol: str | os.PathLike | None = None,
         progress: Callable[[int], None] | None = None, **settings: Any) -> Report:
    """Play deals of ``game`` as `tricks play` does: one seeded deal (or ``deal``, its text) played at random, a
    batch summary of ``count`` deals, or with ``agents`` (one name, or one per seat) a whole match, whose options
    (``variant``, ``players``, ``pool_target``, ``hands``, ``rotation``, ``protocol``: a file to write the match's
    record to, and ``settings``: the variant's play settings changed by name, as ``--set``, in a game that has
    them, e.g. preferans's ``allow_walkaway=True``) go with ``agents`` only. ``progress(n)`` is called as a
    match's deals are played.

    Not offered as ``trickcore.play``, which names the kernel's play module: call it as ``trickcore.cli.api.play``.

    Examples:
        >>> from trickcore.cli.api import play
        >>> match = play("bridge", seed=1, agents="heuristic", hands=2)
        >>> [board["contract"] for board in match.to_dict()["boards"]], len(match.to_pandas())
        (['1NT', '4H'], 2)
        >>> play("whist", seed=3, count=100).to_dict()["deals"]
        100
    """
    from trickcore.files import check_writable
    from trickcore.games import report
    from trickcore.games.options import PLAY_SETTINGS

    found = _game(game)
    if protocol is not None:
        check_writable(protocol, "protocol")     # before the match is played, as --protocol is checked
    if trump is not None:
        # None asks for the game's own trump (whist's turn-up); empty text names no suit: refused, as --trump "" is.
        if not trump.strip():
            raise InputError(f"trump must be a suit or NT, not {trump!r}", field="trump")
        try:
            found.trick_rules(trump)
        except InputError as error:       # the notation's message, named as the argument it came from
            raise error.located(field="trump") from None
    options = {"variant": variant, "players": players, "pool_target": pool_target, "hands": hands,
               "rotation": rotation, "protocol": None if protocol is None else os.fspath(protocol),
               "settings": settings or None}
    names = None if agents is None else name_list(agents)
    wrong = play_option_error(count, deal, names is not None, options)
    if wrong:
        raise InputError(wrong[1], field=wrong[0])
    if settings and PLAY_SETTINGS not in found.match_options:
        name = next(iter(settings))
        raise InputError(f"{found.name} has no play settings to change: cannot set {name!r}", field=name)
    if names is not None:
        played = found.play_match(names, seed, {**options, "dealer": dealer, "trump": trump}, progress=progress)
        return _report("play", played, next((key for key in ("boards", "deals") if key in played.data), "hands"))
    seat = found.seat_index(dealer if dealer is not None else 0)
    if count is not None:
        return _report("play", _play_batch(found, seed, seat, trump, count), None)
    if deal is not None:
        dealt, natural = found.formats.parse_deal(deal), None
    else:
        batch = found.deal_batch(seed, 1, seat)
        dealt, natural = batch[0], found.natural_trumps(batch)
    suit = found.trick_rules(trump).trump if trump is not None else (natural[0] if natural else None)
    leader = found.first_leader(seat)
    record = found.random_play(dealt, suit, leader, seed, 0)
    return _report("play", report.random_play(found, dealt, record, seed, seat, suit, leader), "tricks")


def _report(command: str, found: Any, rows_key: str | None) -> Report:
    """The Report of a MatchReport (its JSON data and its text)."""
    return Report(command, found.data, found.text, rows_key)


def _play_batch(game: Any, seed: int, dealer: int, trump: str | None, count: int) -> Any:
    """`tricks play --count`: ``count`` seeded deals played at random in the batch kernel, as a MatchReport."""
    import time

    from trickcore.games import report
    from trickcore.play import playout_batch

    start = time.perf_counter()
    batch = game.deal_batch(seed, count, dealer)
    rules = game.trick_rules(trump)
    trumps = None if trump is not None else game.natural_trumps(batch)
    results = playout_batch(rules, batch, game.first_leader(dealer), seed, trumps)
    seconds = time.perf_counter() - start
    return report.batch_summary(game, seed, trump, count, results, seconds)


# The scoring commands of the game groups (`tricks bridge ...`, `tricks whist score`, `tricks preferans score`): a
# command nested in a group takes the group's name first where its own name is taken (``bridge_score``,
# ``whist_score``), its own name otherwise (``imps``, ``rubber``).

@checked
def bridge_score(contract: str, result: str | int | None = None, *, tricks: int | None = None, vul: bool = False,
                 preset: str = "standard", **settings: Any) -> Score:
    """The duplicate score of one bridge ``contract`` with its ``result`` (``"+1"``, ``"-2"``, ``"="``, or the
    tricks taken) or ``tricks``, as `tricks bridge score` gives it; ``vul`` for a vulnerable declaring side,
    ``preset`` and ``settings`` as the command's ``--preset`` and ``--set``.

    Examples:
        >>> import trickcore
        >>> found = trickcore.bridge_score("4SX", "-2", vul=True)
        >>> found.to_dict()["score"], found.text()
        (-500, '-500\\n')
    """
    from trickcore.games.registry import get_scoring
    from trickcore.scoring.bridge.contract.result import parse_contract_result
    from trickcore.scoring.bridge.contract.score import contract_dict, duplicate_score

    if tricks is not None:
        if result is not None:
            raise InputError("give the result or tricks, not both", field="tricks")
        result = tricks
    # A number is the tricks taken (text carries "+1", "-2"): never read as a result relative to the contract.
    if isinstance(result, int) and not 0 <= result <= 13:
        name = "result" if tricks is None else "tricks"
        raise InputError(f"{name} is the tricks taken, from 0 to 13, not {result}", field=name)
    found = get_scoring("bridge-duplicate").settings(preset, settings)
    parsed, taken = parse_contract_result(contract, None if result is None else str(result))
    points = duplicate_score(parsed, vul, taken, undertrick_scale=found.undertrick_scale,
                             redouble_insult=found.redouble_insult)
    return Score("bridge-duplicate", contract_dict(parsed, taken, vul, points), f"{points}\n")


@checked
def imps(difference: int) -> Score:
    """The IMPs of a point ``difference`` (Law 78B), as `tricks bridge imps` gives them.

    Examples:
        >>> import trickcore
        >>> trickcore.imps(-430).to_dict()
        {'difference': -430, 'imps': -10}
    """
    from trickcore.scoring.bridge.contract.imps import imps as imps_of

    value = imps_of(difference)
    return Score("imps", {"difference": difference, "imps": value}, f"{value}\n")


@checked
def vp(margin: int, boards: int, *, repair: bool = True) -> Score:
    """The WBF victory points (2013 continuous scale) of an IMP ``margin`` over ``boards`` boards, winner first, as
    `tricks bridge vp` gives them; ``repair`` the concavity repair (``--repair/--no-repair``).

    Examples:
        >>> import trickcore
        >>> trickcore.vp(12, boards=16).to_dict()
        {'margin': 12, 'boards': 16, 'winner_vp': '13.28', 'loser_vp': '6.72'}
    """
    from trickcore.scoring.bridge.contract.vp import victory_points
    from trickcore.scoring.bridge.display import format_vp

    win, lose = (format_vp(v) for v in victory_points(margin, boards, repair=repair))
    return Score("vp", {"margin": abs(margin), "boards": boards, "winner_vp": win, "loser_vp": lose},
                 f"{win} {lose}\n")


BoardScores = Iterable[int | str]


def _one_board(system_name: str, scores: BoardScores, preset: str, settings: Mapping[str, Any],
               expected: int | None = None) -> Score:
    """One board's N-S ``scores`` scored by the pairs system ``system_name`` (`tricks bridge matchpoints` and the
    like)."""
    from trickcore.games.registry import get_scoring

    system = get_scoring(system_name)
    data = system.board(list(scores), system.settings(preset, settings), expected)
    return Score(system.name, data, system.render_board(data))


@checked
def matchpoints(scores: BoardScores, *, expected: int | None = None, preset: str = "standard",
                **settings: Any) -> Score:
    """The matchpoints of each N-S score of one board (``"NP"`` not played, ``"A+"``, ``"A60/40"`` adjusted), as
    `tricks bridge matchpoints` gives them; ``expected`` the results expected (Neuberg), ``preset`` and
    ``settings`` as ``--preset`` and ``--set``.

    Examples:
        >>> import trickcore
        >>> [row["ns"] for row in trickcore.matchpoints([420, 450, -50]).to_dict()["results"]]
        ['2', '4', '0']
    """
    return _one_board("bridge-matchpoints", scores, preset, settings, expected)


@checked
def butler(scores: BoardScores, *, preset: str = "standard", **settings: Any) -> Score:
    """The Butler IMPs of each N-S score of one board against the datum, as `tricks bridge butler` gives them.

    Examples:
        >>> import trickcore
        >>> trickcore.butler([420, 450, -50]).to_dict()["datum"]
        270
    """
    return _one_board("bridge-butler", scores, preset, settings)


@checked
def cross_imps(scores: BoardScores, *, preset: str = "standard", **settings: Any) -> Score:
    """The cross-IMPs of each N-S score of one board against every other, as `tricks bridge cross-imps` gives them
    (``cross_imps="total"`` for sums, as ``--set cross_imps=total``).

    Examples:
        >>> import trickcore
        >>> [row["ns"] for row in trickcore.cross_imps([420, 450, -50]).to_dict()["results"]]
        ['4.50', '6.00', '-10.50']
    """
    return _one_board("bridge-cross-imps", scores, preset, settings)


def _sheet(system: Any, found: Any, preset: str | None, settings: Any) -> Score:
    """The Score of ``found`` (a RecordsFile) by ``system``: its JSON data and its text sheet."""
    ledger = system.score(found, preset, settings)
    return Score(system.name, system.json_data(ledger), system.render_text(ledger), ledger, system)


@checked
def rubber(path: str | os.PathLike, *, preset: str = "standard", **settings: Any) -> Score:
    """The rubber bridge score sheet of the deal results in ``path``, as `tricks bridge rubber` gives it.

    Examples:
        >>> import trickcore
        >>> found = trickcore.rubber("examples/bridge/rubber_2_1.txt")
        >>> found.to_dict()["winner"], found.to_dict()["totals"]["NS"]["total"]
        ('NS', 2290)
    """
    from trickcore.games.registry import get_scoring

    system = get_scoring("bridge-rubber")
    return _sheet(system, system.read_records(os.fspath(path)), preset, settings)


@checked
def chicago(path: str | os.PathLike, *, preset: str = "standard", **settings: Any) -> Score:
    """The Chicago score sheet of the deal results in ``path``, as `tricks bridge chicago` gives it
    (``scoring="chicago_duplicate"`` scores each deal as a duplicate board).

    Examples:
        >>> import trickcore
        >>> trickcore.chicago("examples/bridge/chicago.txt").to_dict()["totals"]["NS"]
        {'below': 60, 'above': 100, 'total': 160}
    """
    from trickcore.games.registry import get_scoring

    system = get_scoring("bridge-chicago")
    return _sheet(system, system.read_records(os.fspath(path)), preset, settings)


@checked
def whist_score(file: str | os.PathLike, *, ruleset: str | None = None, **settings: Any) -> Score:
    """The whist hands of ``file`` scored into games and rubbers, as `tricks whist score` does: under ``ruleset``
    (short, long, american; default: the file's own, else short), ``settings`` as ``--set``.

    Examples:
        >>> import trickcore
        >>> found = trickcore.whist_score("examples/whist/rubber.json")
        >>> found.to_dict()["rules"]["ruleset"], found.to_dict()["totals"]
        ('short', {'NS': 4, 'EW': -4})
    """
    from trickcore.errors import SettingsError
    from trickcore.games.registry import get_scoring, scorings_for

    path = os.fspath(file)
    # Every whist system reads the same files: the file's own ruleset picks the system unless ``ruleset`` does.
    found = get_scoring("whist-short").read_records(path)
    chosen = ruleset if ruleset is not None else found.preset or "short"
    name = f"whist-{str(chosen).strip().lower()}"
    if name not in scorings_for("whist"):
        raise SettingsError(f"unknown whist ruleset {chosen!r}", source=path, field="ruleset")
    return _sheet(get_scoring(name), found, None, settings)


@checked
def preferans_score(protocol_file: str | os.PathLike, *, variant: str | None = None, **settings: Any) -> Score:
    """A preferans protocol scored into its sheet (pool, mountain, whists) and settlement, as `tricks preferans
    score` does: under ``variant`` (default: the protocol's; a different one is an error), ``settings`` as
    ``--set``.

    Examples:
        >>> import trickcore
        >>> trickcore.preferans_score("examples/preferans/sochi_game.json").to_dict()["variant"]
        'sochi'
    """
    from trickcore.errors import SettingsError
    from trickcore.games.registry import get_scoring
    from trickcore.scoring.preferans.settings import SCORED_VARIANTS

    path = os.fspath(protocol_file)
    found = get_scoring("preferans-sochi").read_records(path)
    chosen = variant if variant is not None else found.preset
    if chosen not in SCORED_VARIANTS:
        raise SettingsError(f"unknown variant {chosen!r} (known: {', '.join(SCORED_VARIANTS)})", source=path,
                            field="variant")
    return _sheet(get_scoring(f"preferans-{chosen}"), found, variant, settings)


@checked
def teams_score(path: str | os.PathLike, *, format: str = "text", repair: bool = True,
                output: str | os.PathLike | None = None) -> Score:
    """A team-results file scored, as `tricks bridge teams score` does: every match's board IMPs, match IMPs and
    victory points (``repair``: the WBF concavity repair), and the standings; ``to_pandas()`` gives the standings,
    ``ledger`` the scored event. ``output`` writes it in ``format`` (text, json, or csv: the standings) to that
    file, complete or not at all, as ``--format`` and ``-o`` do.

    Examples:
        >>> import trickcore
        >>> found = trickcore.teams_score("examples/bridge/teams.csv")
        >>> [row["team"] for row in found.to_dict()["standings"]]
        ['Lions', 'Wolves', 'Tigers', 'Bears']
        >>> found.render("csv").splitlines()[1]
        '1,Lions,3,25,3,44.50'
    """
    from trickcore.files import check_writable
    from trickcore.scoring.bridge.settings import BridgeScoringSettings
    from trickcore.scoring.bridge.teams import EVENT_FORMATS, event_dict, event_text, render_event, score_team_file

    formats = Formats(EVENT_FORMATS, render_event)
    formats.check_format(format)
    if output is not None:
        check_writable(output)
    event = score_team_file(os.fspath(path), BridgeScoringSettings(vp_repair=repair))
    return _written(Score("bridge-teams", event_dict(event), event_text(event), event, formats), format, output)


def _read_log(strict: bool, on_error: str) -> Any:
    from trickcore.errors import ReadLog

    return ReadLog(strict=strict, on_error=on_error)


def with_warnings(value: Any, name: str, log: Any) -> Any:
    """The JSON output ``value`` as it always was when reading gave no warning; otherwise the object
    {name: value, "warnings": [...]}, so that the warnings travel with the data."""
    if not log.warnings:
        return value
    return {name: value, "warnings": [w.to_dict() for w in log.warnings]}


@checked
def auction(file: str | os.PathLike, *, dealer: str = "N", strict: bool = False, on_error: str = "fail") -> Report:
    """The auctions of ``file`` (a plain call list dealt by ``dealer``, or PBN, LIN or JSON boards) checked, each
    with its contract, declarer, dummy and opening leader, as `tricks bridge auction` does; ``strict`` and
    ``on_error`` as ``--strict`` and ``--on-error``. ``to_dict()["auctions"]`` lists them (and the reader's
    ``warnings`` when there are any).

    Examples:
        >>> import trickcore
        >>> found = trickcore.auction("examples/bridge_pbn/bbo_style.pbn")
        >>> [(row["board"], row["contract"], row["declarer"]) for row in found.to_dict()["auctions"]][:1]
        [(3, '3NT', 'S')]
    """
    from trickcore.games.bridge.formats.notation import outcome_dict, outcome_text, read_auctions

    log = _read_log(strict, on_error)
    results = read_auctions(os.fspath(file), dealer, log)
    rows = [{"board": n, **outcome_dict(a)} for n, a in results]
    text = "\n".join((f"Board {n}: " if n is not None else "") + outcome_text(a) for n, a in results) + "\n"
    data = with_warnings(rows, "auctions", log)
    return Report("bridge auction", data if isinstance(data, dict) else {"auctions": rows}, text, "auctions",
                  warnings=tuple(log.warnings))


CONVERT_TARGETS = ("pbn", "lin", "json")


@checked
def convert(file: str | os.PathLike, to: str, *, encoding: str = "latin-1", output: str | os.PathLike | None = None,
            strict: bool = False, on_error: str = "fail") -> Report:
    """The boards of ``file`` (PBN, LIN or JSON) in the notation ``to`` (pbn, lin, json), as `tricks bridge
    convert` writes them: ``text()`` the converted file (``to_bytes()`` in its ``encoding``, a PBN's latin-1 or
    utf-8), ``to_dict()["boards"]`` the boards' JSON objects; ``output`` writes the file, complete or not at all.

    Examples:
        >>> import trickcore
        >>> found = trickcore.convert("examples/bridge_pbn/bbo_style.pbn", "lin")
        >>> found.text().startswith("pn|"), found.to_dict()["boards"][0]["contract"]
        (True, '3NT')
    """
    from trickcore.files import write_bytes_atomically
    from trickcore.games.bridge.formats.lin import write_lin
    from trickcore.games.bridge.formats.notation import read_boards
    from trickcore.games.bridge.formats.pbn_write import PBN_ENCODINGS, encode_pbn
    from trickcore.games.bridge.record import board_to_dict

    if to not in CONVERT_TARGETS:
        raise InputError(f"to must be one of {', '.join(CONVERT_TARGETS)}, not {to!r}", field="to")
    if encoding not in PBN_ENCODINGS:
        raise InputError(f"encoding must be one of {', '.join(sorted(PBN_ENCODINGS))}, not {encoding!r}",
                         field="encoding")
    log = _read_log(strict, on_error)
    boards = read_boards(os.fspath(file), log)
    dicts = [board_to_dict(b) for b in boards]
    data = {"boards": dicts, **({"warnings": [w.to_dict() for w in log.warnings]} if log.warnings else {})}
    if to == "pbn":
        found = Report("bridge convert", data, encode_pbn(boards, encoding).decode(PBN_ENCODINGS[encoding]),
                       "boards", PBN_ENCODINGS[encoding], tuple(log.warnings))
    else:
        text = write_lin(boards) if to == "lin" else json.dumps(with_warnings(dicts, "boards", log), indent=2,
                                                                ensure_ascii=False) + "\n"
        found = Report("bridge convert", data, text, "boards", warnings=tuple(log.warnings))
    if output is not None:
        write_bytes_atomically(os.fspath(output), found.to_bytes())
    return found


def _movement(movement: Any, pairs: Iterable[int], output: str | os.PathLike | None) -> Movement:
    """The Movement result of ``movement`` (cards of ``pairs``), its movement file written to ``output``."""
    from trickcore.files import write_text_atomically

    found = Movement(movement, tuple(pairs))
    found.to_dict()          # a pair the movement does not have is an error before any file is written
    if output is not None:
        write_text_atomically(os.fspath(output), found.file_text())
    return found


def _arrow_switch(values: str | Iterable[int | str]) -> Any:
    """The rounds to arrow-switch (``--arrow-switch``): round numbers, or ``"last_round"``."""
    items = [values] if isinstance(values, str) else list(values)
    if items == ["last_round"]:
        return "last_round"
    try:
        return [int(v) for v in items]
    except ValueError:
        raise InputError(f"the arrow switch takes round numbers or last_round, not {' '.join(map(str, items))!r}",
                         field="arrow_switch") from None


@checked
def mitchell(tables: int, boards: int, *, rounds: int | None = None,
             arrow_switch: str | Iterable[int | str] = (), half_table: str | None = None, relay_bye: bool = False,
             pairs: Iterable[int] = (), output: str | os.PathLike | None = None) -> Movement:
    """A Mitchell movement for ``tables`` tables and ``boards`` boards, as `tricks bridge movement mitchell` gives
    it: its guide cards per table (or of ``pairs``); ``output`` writes the movement file. ``arrow_switch``: round
    numbers or ``"last_round"``; ``half_table``: ``"NS"`` or ``"EW"``.

    Examples:
        >>> import trickcore
        >>> found = trickcore.mitchell(4, boards=24)
        >>> found.to_dict()["rounds"], found.to_pandas().shape[0]
        (4, 16)
    """
    from trickcore.scoring.bridge.duplicate.movement import mitchell as make

    side = half_table.upper() if half_table is not None else None
    return _movement(make(tables, None, rounds, _arrow_switch(arrow_switch), boards=boards, half_table=side,
                          relay_bye=relay_bye), pairs, output)


@checked
def howell(tables: int, boards: int, *, rounds: int | None = None, half_table: bool = False,
           pairs: Iterable[int] = (), output: str | os.PathLike | None = None) -> Movement:
    """A complete Howell movement for ``tables`` tables, as `tricks bridge movement howell` gives it (``half_table``:
    2×tables−1 pairs); guide cards and ``output`` as for ``mitchell``.

    Examples:
        >>> import trickcore
        >>> trickcore.howell(3, boards=15).to_dict()["pairs"]
        [1, 2, 3, 4, 5, 6]
    """
    from trickcore.scoring.bridge.duplicate.movement import howell as make

    return _movement(make(tables, None, rounds, boards=boards, half_table=half_table), pairs, output)


@checked
def movement_check(path: str | os.PathLike, *, pairs: Iterable[int] = (),
                   output: str | os.PathLike | None = None) -> Movement:
    """The movement file ``path`` loaded and checked, as `tricks bridge movement check` does; guide cards and
    ``output`` as for ``mitchell``.

    Examples:
        >>> import trickcore, tempfile, os
        >>> folder = tempfile.mkdtemp()
        >>> made = trickcore.howell(3, boards=15, output=os.path.join(folder, "howell.csv"))
        >>> trickcore.movement_check(os.path.join(folder, "howell.csv")).to_dict() == made.to_dict()
        True
    """
    from trickcore.scoring.bridge.duplicate.movement import read_movement

    return _movement(read_movement(os.fspath(path)), pairs, output)


@checked
def rotation(*, players: int | None = None, names: str | Iterable[str] | None = None,
             rotation: str | None = None) -> Report:
    """Who sits where in each rubber of a session of 2-6 ``players`` (named A, B, ...) or of the players
    ``names``, one cycle, with the counts that make it fair, as `tricks bridge rotation` gives it; ``rotation``
    fixed or tour for four players.

    Examples:
        >>> import trickcore
        >>> found = trickcore.rotation(players=5)
        >>> found.to_dict()["table"], len(found.to_pandas())
        ('five_player', 5)
    """
    from trickcore.games.bridge.variants import rotation_counts, rotation_table, table

    chosen = None if names is None else list(name_list(names))
    if chosen is None:
        if players is None:
            raise InputError("give players or names", field="players")
        if not 2 <= players <= 6:
            raise InputError(f"players must be from 2 to 6, not {players}", field="players")
        chosen = list("ABCDEF"[:players])
    elif players is not None and players != len(chosen):
        raise InputError(f"players {players} but {len(chosen)} names", field="players")
    if len(set(chosen)) != len(chosen) or not all(chosen) or "dummy" in chosen:
        raise InputError(f'the players need distinct names (not "dummy"): {names}', field="names")
    rubbers = rotation_table(chosen, rotation)
    counts = rotation_counts(chosen, rubbers)
    data = {"players": chosen, "table": table(len(chosen)).name, "rubbers": rubbers, "counts": counts}
    return Report("bridge rotation", data, _rotation_text(data), "rubbers")


def _rotation_text(data: Mapping[str, Any]) -> str:
    """The rotation as `tricks bridge rotation` prints it."""
    from trickcore.games.bridge.variants import table

    rubbers, counts = data["rubbers"], data["counts"]
    lines = [f"{table(len(data['players'])).title}: {len(rubbers)} rubber(s) per cycle",
             f"{'rubber':>6}  {'N':>6} {'S':>6} {'E':>6} {'W':>6}  sitting out"]
    for row in rubbers:
        lines.append(f"{row['rubber']:>6}  " + " ".join(f"{row['seats'][s]:>6}" for s in "NSEW")
                     + "  " + (" ".join(row["sitting_out"]) or "-"))
    for key, title in (("sat_out", "sat out"), ("at_north", "at N"), ("partners", "partners"),
                       ("opponents", "opponents")):
        lines.append(f"{title}: " + ", ".join(f"{k} {v}" for k, v in counts[key].items()))
    return "\n".join(lines) + "\n"


__all__ = ["deal", "simulate", "compare", "solve", "analyse_play", "analyse", "load", "score", "play", "bridge_score",
           "imps", "vp", "matchpoints", "butler", "cross_imps", "rubber", "chicago", "whist_score", "preferans_score",
           "teams_score", "auction", "convert", "mitchell", "howell", "movement_check", "rotation"]
