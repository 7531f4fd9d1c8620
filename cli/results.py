"""What the Python route (``trickcore.cli.api``) returns: results with ``to_dict()``, JSON-ready data in which numbers
are numbers, and ``to_pandas()``, a DataFrame of their rows (pandas is the optional extra ``trickcore[data]``,
imported only when a DataFrame is asked for)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs

from trickcore.errors import InputError, MissingExtra
from trickcore.games.simulation_hooks import flat_row


def _pandas() -> Any:
    try:
        import pandas  # type: ignore[import-untyped]
    except ImportError:
        raise MissingExtra("to_pandas() needs pandas: pip install 'trickcore[data]'") from None
    return pandas


# pandas holds a missing value in a column of whole numbers or of truth values by making it float (1.0, NaN) or
# object; its nullable dtypes keep the numbers whole and the truth values boolean.
_NULLABLE = {int: "Int64", bool: "boolean"}


def rows_frame(rows: list[dict]) -> Any:
    """The DataFrame of ``rows`` (one dict per row), a column of whole numbers or of truth values that has missing
    values (None) in pandas' nullable dtype ("Int64", "boolean") instead of float or object."""
    pandas = _pandas()
    frame = pandas.DataFrame(rows)
    for name in frame.columns:
        values = [row.get(name) for row in rows]
        kinds = {type(v) for v in values if v is not None}
        if len(kinds) == 1 and None in values and (dtype := _NULLABLE.get(kinds.pop())):
            frame[name] = pandas.array(values, dtype=dtype)
    return frame


def arrow_frame(table: Any) -> Any:
    """The DataFrame of the Arrow ``table``, an integer or boolean column holding nulls in pandas' nullable dtype
    (as ``rows_frame``; pyarrow's default makes it float or object)."""
    pandas = _pandas()
    import pyarrow  # type: ignore[import-untyped]

    frame = table.to_pandas()
    for name in table.column_names:
        column = table.column(name)
        if not column.null_count:
            continue
        kind = int if pyarrow.types.is_integer(column.type) else bool if pyarrow.types.is_boolean(column.type) else None
        if kind is not None:
            dtype = pandas.api.types.pandas_dtype(_NULLABLE[kind])
            frame[name] = column.to_pandas(types_mapper={column.type: dtype}.get)
    return frame


class Result:
    """A result of the Python route: ``to_dict()`` and ``rows()``, and from them ``to_pandas()``."""

    def to_dict(self) -> dict:
        """The result as JSON-ready data."""
        raise NotImplementedError

    def rows(self) -> list[dict]:
        """The result as table rows, one dict per row."""
        raise NotImplementedError

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (MissingExtra naming ``trickcore[data]`` without pandas); a column of
        whole numbers or truth values with missing values has pandas' nullable dtype ("Int64", "boolean")."""
        return rows_frame(self.rows())


@attrs.frozen(repr=False)
class Deals(Result):
    """Seeded deals of a game (``trickcore.deal``): a sequence of Deals, with their listing, PBN and rows."""

    game: Any
    batch: Any
    seed: int
    dealer: int

    def __len__(self) -> int:
        return len(self.batch)

    def __getitem__(self, index: int) -> Any:
        return self.batch[index]

    def __iter__(self) -> Any:
        return iter(self.batch)

    def __repr__(self) -> str:
        return f"<Deals of {self.game.name}: {len(self)}, seed {self.seed}>"

    def listing(self) -> Any:
        """The listing `tricks deal` prints: a MatchReport (``text`` diagrams and ``data`` rows)."""
        from trickcore.games.report import deal_listing

        return deal_listing(self.game, self.batch, self.seed, self.dealer)

    def to_pbn(self) -> str:
        """The deals as PBN, as `tricks deal --format pbn` writes them."""
        return self.game.formats.format_deals(self.batch, "pbn", self.seed, self.dealer)

    def to_dict(self) -> dict:
        """The game, seed, dealer and each deal's row (as `tricks deal --format json` lists them)."""
        return {"game": self.game.name, "seed": self.seed, "dealer": self.game.seats[self.dealer],
                "deals": self.listing().data}

    def rows(self) -> list[dict]:
        """One row per deal: its number, the deal, each hand (and the talon, the turn-up) in its own column."""
        rows = []
        for row in self.listing().data:
            talon = row.get("talon")
            row = flat_row({key: value for key, value in row.items() if key != "talon"})
            if talon is not None:
                row["talon"] = " ".join(talon)
            rows.append(row)
        return rows


@attrs.frozen(repr=False)
class Simulated(Result):
    """A finished simulation (``trickcore.simulate``): its summary, the comparison it was asked for, its result
    lines (read from ``path`` when it wrote a file of lines, else ``kept`` in memory as text) and its table (read
    from ``path`` when it wrote a Parquet table or dataset, else ``table``, built in memory beside the lines)."""

    simulation: Any
    summary: dict
    comparison: dict | None = None
    path: str | None = None
    kept: str | None = None
    table: Any = None
    kind: str = "lines"

    def __repr__(self) -> str:
        return f"<Simulated {self.simulation.game}: {self.summary['deals']} deals, seed {self.simulation.seed}>"

    def lines_text(self) -> str:
        """The result lines as the output file holds them (the simulation's header line first)."""
        if self.kind != "lines":
            raise InputError("this simulation wrote a Parquet table, not lines: read it with to_arrow() or "
                             "to_pandas()", source=self.path)
        if self.kept is not None or self.path is None:
            return self.kept or ""
        from trickcore.files import read_text

        return read_text(self.path)

    def lines(self) -> list[dict]:
        """Every deal's result line (deal, record or result, outcome), in deal order."""
        return [json.loads(line) for line in self.lines_text().splitlines()[1:] if line.strip()]

    def to_arrow(self) -> Any:
        """The deals as an Arrow table: the rows of `tricks simulate --out FILE.parquet`, with the simulation in its
        metadata (MissingExtra naming ``trickcore[data]`` without pyarrow)."""
        from trickcore.scoring.base import parquet_modules

        _, pq = parquet_modules()
        if self.kind != "lines":
            return pq.read_table(self.path)
        if self.table is None:
            raise InputError("the table of a resumed run of lines was not kept: write it with out='FILE.parquet'",
                             field="out")
        return self.table

    def to_parquet(self, path: str) -> None:
        """Write the deals' table (``to_arrow``) to ``path`` as one Parquet file."""
        from trickcore.scoring.base import parquet_modules

        _, pq = parquet_modules()
        pq.write_table(self.to_arrow(), path)

    def to_pandas(self) -> Any:
        """The deals' table (``to_arrow``) as a pandas DataFrame, one row per deal (per deal and table in a
        field); an integer or boolean column with missing values (a passed-out board's tricks) has pandas'
        nullable dtype ("Int64", "boolean")."""
        return arrow_frame(self.to_arrow())

    def to_dict(self) -> dict:
        """The summary `tricks simulate --format json` writes: outcomes' statistics (and the comparison)."""
        return {**self.summary, "comparison": self.comparison} if self.comparison else dict(self.summary)

    def text(self) -> str:
        """The summary as the text `tricks simulate` prints."""
        from trickcore.scoring.compare import comparison_text
        from trickcore.statistics import summary_text

        sim = self.simulation
        where = f", where {sim.where}" if sim.where else ""
        head = f"{sim.game}: {self.summary['deals']} deals, seed {sim.seed}{where}"
        text = head + "\n" + summary_text(self.summary["outcomes"])
        return text + ("\n" + comparison_text(self.comparison) if self.comparison else "")

    def rows(self) -> list[dict]:
        """One row per deal (per deal and table in a field): the table's columns."""
        return self.to_arrow().to_pylist()


@attrs.frozen
class Comparison(Result):
    """Records scored under several systems (``trickcore.compare``): the comparison's data."""

    data: dict

    def to_dict(self) -> dict:
        """The comparison as `tricks compare --format json` writes it."""
        return self.data

    def render(self, fmt: str = "text", plots: bool = True) -> str:
        """The comparison as `tricks compare` writes it: text, json, csv or html (with ``plots``)."""
        from trickcore.scoring.compare import comparison_csv, comparison_text
        from trickcore.scoring.compare_report import comparison_html

        if fmt == "json":
            return json.dumps(self.data, indent=2, ensure_ascii=False) + "\n"
        if fmt == "csv":
            return comparison_csv(self.data)
        if fmt == "html":
            return comparison_html(self.data, plots)
        return comparison_text(self.data)

    def rows(self) -> list[dict]:
        """One row per match, system and participant: the participant's result (as the CSV)."""
        return [{"match": number, "system": label, "participant": p, "result": match[label].get(p, 0)}
                for number, match in enumerate(self.data["matches_detail"], 1)
                for label in self.data["systems"] for p in self.data["participants"]]


@attrs.frozen
class Analysis(Result):
    """A deal's double-dummy analysis in its game's terms (``trickcore.solve``)."""

    result: Any

    def to_dict(self) -> dict:
        """The analysis as `tricks solve --format json` writes it."""
        return self.result.to_dict()

    def text(self) -> str:
        """The analysis as `tricks solve` prints it."""
        return self.result.text()

    def rows(self) -> list[dict]:
        """One row: the analysis with its nested keys joined ("tricks N NT")."""
        return [flat_row(self.to_dict())]


@attrs.frozen(repr=False)
class Records(Result):
    """The records of a file (``trickcore.load``): its game, what kind of records, and each one's JSON form."""

    game: str
    source: str
    kind: str
    records: tuple
    path: str

    def __len__(self) -> int:
        return len(self.records)

    def __repr__(self) -> str:
        return f"<Records of {self.game} from {self.source}: {len(self)} {self.kind}>"

    def to_dict(self) -> dict:
        """The game, source, kind and every record."""
        return {"game": self.game, "source": self.source, "kind": self.kind, "records": list(self.records)}

    def rows(self) -> list[dict]:
        """One row per record, nested keys joined ("tricks N NT"), lists kept as they are."""
        return [flat_row(record) for record in self.records]


@attrs.frozen
class Formats:
    """The formats of a score that no scoring system renders (a pairs session, a team event), as a Score asks its
    ``scoring``: ``render(ledger, fmt)`` writes each of ``formats`` with ``write``, in bytes of the encoding
    ``encoding(ledger, fmt)`` names (UTF-8 but for a session's PBN)."""

    formats: tuple[str, ...]
    write: Callable[[Any, str], str]
    encoding: Callable[[Any, str], str] = lambda ledger, fmt: "utf-8"

    def check_format(self, fmt: str) -> None:
        """InputError naming the format unless it is one of ``formats`` (so that a function can refuse it before
        any work)."""
        if fmt not in self.formats:
            raise InputError(f"format must be one of {', '.join(self.formats)}, not {fmt!r}", field="format")

    def render(self, ledger: Any, fmt: str) -> str:
        """The ``ledger`` in ``fmt``."""
        self.check_format(fmt)
        return self.write(ledger, fmt)


@attrs.frozen(repr=False)
class Score(Result):
    """Records scored by a system (``trickcore.score``): its JSON data, its text, and the rows of its ranking,
    boards, deals or hands."""

    system: str
    data: dict
    sheet: str
    # The ledger and what renders it (its scoring system, or the Formats of a session or a team event), where the
    # score has a sheet in other formats (svg, csv, pbn, usebio, html).
    ledger: Any = attrs.field(default=None, eq=False)
    scoring: Any = attrs.field(default=None, eq=False)

    def __repr__(self) -> str:
        return f"<Score by {self.system}>"

    def formats(self) -> tuple[str, ...]:
        """The formats ``render`` and ``to_bytes`` write: text and json, and those of the system, the pairs session
        (csv, pbn, usebio, html) or the team event (csv) scored."""
        return tuple(self.scoring.formats) if self.scoring is not None else ("text", "json")

    def check_format(self, fmt: str) -> None:
        """InputError naming the format unless the score is written in ``fmt`` (one of ``formats()``)."""
        if self.scoring is not None:
            self.scoring.check_format(fmt)
        elif fmt not in self.formats():
            raise InputError(f"{self.system} writes text or json, not {fmt}", field="format")

    def render(self, fmt: str = "text") -> str:
        """The score as the command writes it: text, json, svg where the system draws one (preferans), a pairs
        session's csv, pbn, usebio or html (its results page, the boards analysed double dummy as it is written),
        a team event's csv (its standings)."""
        if self.scoring is not None:
            return str(self.scoring.render(self.ledger, fmt))
        self.check_format(fmt)
        if fmt == "json":
            return json.dumps(self.data, indent=2, ensure_ascii=False) + "\n"
        return self.sheet

    def to_bytes(self, fmt: str = "text") -> bytes:
        """``render(fmt)`` in the bytes the command writes: a pairs session's PBN in its ``pbn_encoding``
        (ISO-8859-1 unless set to utf-8), every other format in UTF-8."""
        encoding = self.scoring.encoding(self.ledger, fmt) if isinstance(self.scoring, Formats) else "utf-8"
        return self.render(fmt).encode(encoding)

    def to_dict(self) -> dict:
        """The score as `tricks score --format json` (or `tricks bridge session score`) writes it."""
        return self.data

    def text(self) -> str:
        """The score sheet as the command prints it."""
        return self.sheet

    def ranking(self) -> list[dict]:
        """A pairs session's ranking rows, field by field (empty for other systems)."""
        return [{"field": field["field"], **pair} for field in self.data.get("ranking", []) for pair in field["pairs"]]

    def rows(self) -> list[dict]:
        """The ranking of a session; otherwise one row per board, deal or hand the system lists."""
        if "ranking" in self.data:
            return self.ranking()
        for key in ("boards", "deals", "hands", "rows", "differences", "standings"):
            if isinstance(self.data.get(key), list) and all(isinstance(item, dict) for item in self.data[key]):
                return [flat_row(item) for item in self.data[key]]
        return [flat_row(self.data)]


@attrs.frozen(repr=False)
class AnalysedPlay(Result):
    """One bridge board's play analysed double dummy (``trickcore.analyse_play``): the declaring side's tricks
    before the first card and after each, and the costly cards (games.bridge.play_analysis.PlayAnalysis)."""

    analysis: Any

    def __repr__(self) -> str:
        return f"<AnalysedPlay of board {self.analysis.board}: {self.analysis.contract} by {self.analysis.declarer}>"

    def to_dict(self) -> dict:
        """The board's analysis as one item of `tricks bridge analyse --format json`."""
        return dict(self.analysis.to_dict())

    def text(self) -> str:
        """The board's play trick by trick with the costly cards flagged, as `tricks bridge analyse` prints it."""
        from trickcore.games.bridge.play_report import board_text

        return str(board_text(self.analysis))

    def rows(self) -> list[dict]:
        """One row per card: board, trick, seat, card, the declaring side's tricks before and after it, its cost."""
        return list(self.analysis.rows())


ANALYSE_FORMATS = ("text", "json", "html")


@attrs.frozen(repr=False)
class AnalysedPlays(Result):
    """The plays of a boards file analysed (``trickcore.analyse``): per board in file order a PlayAnalysis, or a
    SkippedBoard with the reason it has no play to analyse; and the reader's warnings (ReadWarning)."""

    source: str
    boards: tuple
    warnings: tuple = ()

    def __repr__(self) -> str:
        return f"<AnalysedPlays of {self.source}: {len(self.analysed())} board(s) analysed>"

    def analysed(self) -> list:
        """The boards with their play analysed (PlayAnalysis), skipped ones left out."""
        from trickcore.games.bridge.play_analysis import PlayAnalysis

        return [board for board in self.boards if isinstance(board, PlayAnalysis)]

    def to_dict(self) -> dict:
        """The source, every board's JSON object (as the list `tricks bridge analyse --format json` writes) and the
        reader's warnings when there are any."""
        boards = [board.to_dict() for board in self.boards]
        warnings = [warning.to_dict() for warning in self.warnings]
        return {"source": self.source, "boards": boards, **({"warnings": warnings} if warnings else {})}

    def render(self, fmt: str = "text") -> str:
        """The report `tricks bridge analyse` writes: text, json (the list of boards, or with the reader's warnings
        the object {"boards": [...], "warnings": [...]}) or html."""
        from trickcore.games.bridge.play_report import report_html, report_text

        if fmt == "json":
            # The list of boards, as always when reading warned of nothing; otherwise the warnings go with it.
            data = self.to_dict()
            value = data["boards"] if not self.warnings else {"boards": data["boards"], "warnings": data["warnings"]}
            return json.dumps(value, indent=2, ensure_ascii=False) + "\n"
        if fmt == "html":
            return str(report_html(self.boards, f"Play analysis: {self.source}"))
        return str(report_text(self.boards))

    def rows(self) -> list[dict]:
        """One row per card of every analysed board (board, trick, seat, card, tricks before and after, cost)."""
        return [row for board in self.analysed() for row in board.rows()]


@attrs.frozen(repr=False)
class Report(Result):
    """What a command that reports rather than scores gives (``trickcore.cli.api.play``, ``auction``, ``convert``,
    ``rotation``): its JSON data, its text, and the rows of its main list (``rows_key``)."""

    command: str
    data: dict
    sheet: str
    rows_key: str | None = None
    encoding: str = "utf-8"
    warnings: tuple = ()   # the reader's warnings (ReadWarning), which ``data`` holds as dicts

    def __repr__(self) -> str:
        return f"<Report of tricks {self.command}>"

    def to_bytes(self) -> bytes:
        """The text as the command writes it, in its ``encoding`` (a PBN file: ISO-8859-1 unless asked UTF-8)."""
        return self.sheet.encode(self.encoding)

    def to_dict(self) -> dict:
        """The report as the command's ``--format json`` writes it (``convert``: its boards as ``--to json``)."""
        return self.data

    def text(self) -> str:
        """The report as the command prints it (``convert``: the file in the notation asked for)."""
        return self.sheet

    def rows(self) -> list[dict]:
        """One row per item of the report's list (deal, board, trick, rubber, auction), nested keys joined;
        otherwise one row of the whole report."""
        items = self.data.get(self.rows_key) if self.rows_key else None
        if isinstance(items, list) and all(isinstance(item, dict) for item in items):
            return [flat_row(item) for item in items]
        return [flat_row(self.data)]


@attrs.frozen(repr=False)
class Movement(Result):
    """A bridge movement (``trickcore.mitchell``, ``howell``, ``movement_check``): its guide cards, per table or for
    the ``pairs`` asked, and the movement file (rules/bridge.md §16.5)."""

    movement: Any
    pairs: tuple = ()

    def __repr__(self) -> str:
        return f"<Movement: {len(self.movement.tables)} tables, {len(self.movement.rounds)} rounds>"

    def to_dict(self) -> dict:
        """The guide cards as `tricks bridge movement ... --format json` writes them."""
        from trickcore.scoring.bridge.duplicate.movement import cards_dict

        return dict(cards_dict(self.movement, self.pairs))

    def text(self) -> str:
        """The guide cards as the command prints them."""
        from trickcore.scoring.bridge.duplicate.movement import cards_text

        return str(cards_text(self.movement, self.pairs))

    def to_csv(self) -> str:
        """The guide cards as ``--format csv`` writes them."""
        from trickcore.scoring.bridge.duplicate.movement import cards_csv

        return str(cards_csv(self.movement, self.pairs))

    def file_text(self) -> str:
        """The movement file, as ``-o FILE`` writes it."""
        from trickcore.scoring.bridge.duplicate.movement import movement_text

        return str(movement_text(self.movement))

    def rows(self) -> list[dict]:
        """One row per table (or pair asked) and round: its pairs or opponents and boards."""
        rows: list[dict] = []
        for card in self.to_dict()["cards"]:
            owner = {key: value for key, value in card.items() if key != "rounds"}
            rows.extend({**owner, **entry} for entry in card["rounds"])
        return rows
