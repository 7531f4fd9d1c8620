"""The ScoringSystem protocol every scoring plug-in implements under ``trickcore.scorings``, and the one parser of
``KEY=VALUE`` setting overrides that every system and every command uses.

A system turns result records into a ledger: ``settings(preset, overrides)`` gives its frozen settings,
``ledger(settings)`` an empty ledger (``add(record)``, ``settle()``, ``to_dict()``, ``is_over``),
``read_records(path)`` the records of a file it scores, and ``render(ledger, format)`` the sheet as text, JSON
or (where the system draws one) SVG.
"""
import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from trickcore.errors import InvalidRecord, MissingExtra, NotationError, SettingsError, TrickcoreError
from trickcore.files import read_text

# Setting overrides: ``KEY=VALUE`` strings (as ``--set`` gives them) or a mapping (a records file's own).
Overrides = Mapping[str, object] | Iterable[str]


def parse_assignments(assignments: Overrides) -> tuple[tuple[str, object], ...]:
    """``(key, value)`` pairs from ``KEY=VALUE`` strings (as ``--set`` gives them) or from a mapping.

    Values from strings stay text (each system reads them with its own types); a mapping's values are kept as
    they are (a records file's own ``settings`` object).
    """
    if isinstance(assignments, Mapping):
        return tuple((str(key).strip(), value) for key, value in assignments.items())
    pairs = []
    for text in assignments:
        key, sep, value = str(text).partition("=")
        if not sep or not key.strip():
            raise SettingsError(f"write a setting as KEY=VALUE, not {text!r}", field="--set")
        pairs.append((key.strip(), value.strip()))
    return tuple(pairs)


def typed_overrides(settings_class: type, assignments: Overrides, what: str, *, names: Iterable[str] | None = None,
                    read_value: Callable[[str, str], object] | None = None) -> dict[str, object]:
    """The changes ``{key: typed value}`` that ``assignments`` make to a ``settings_class`` (an attrs class).

    Each key must be one of ``names`` (default: every field); a text value is read with ``read_value(key,
    text)`` when given, then passed through the field's converter and validator. An unknown key or a bad value
    raises SettingsError naming the key, in the same words for every system (``what`` names the settings,
    e.g. "bridge").
    """
    # Any: a settings class's converters are plain callables (attrs types them as possibly Converter objects).
    fields: dict[str, Any] = attrs.fields_dict(settings_class)
    known = tuple(names) if names is not None else tuple(fields)
    changes = {}
    for key, value in parse_assignments(assignments):
        if key not in known:
            raise SettingsError(f"unknown {what} setting {key!r} (settings: {', '.join(sorted(known))})",
                                field=key)
        field = fields[key]
        try:
            typed = read_value(key, value) if read_value is not None and isinstance(value, str) else value
            if field.converter is not None:
                typed = field.converter(typed)
            if field.validator is not None:
                field.validator(None, field, typed)
        except (TrickcoreError, ValueError, TypeError) as exc:
            reason = exc.message if isinstance(exc, TrickcoreError) else str(exc)
            raise SettingsError(f"bad value {value!r} for {what} setting {key!r}: {reason}", field=key) from None
        changes[key] = typed
    return changes


def json_or_text(key: str, text: str) -> Any:
    """A setting's value read as JSON when it parses (numbers, lists, objects), else kept as text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def json_rows(text: str, source: str, key: str) -> list[Any]:
    """The records of a JSON records file: a list, or an object holding the list under ``key``; errors name
    ``source`` (and the line of a JSON syntax error)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"not valid JSON: {exc.msg}", source=source, line=exc.lineno) from None
    rows = data.get(key) if isinstance(data, dict) else data
    if not isinstance(rows, list):
        raise InvalidRecord(f'expected a list of {key} (or {{"{key}": [...]}})', source=source, field=key)
    return rows


# The first line of `tricks simulate --out` files names this, then its version; every version reads the same.
SIMULATION_FORMAT = "trickcore simulation"


def _first_line(text: str) -> str:
    """The first line of a file's text that is not blank (blank lines before it are passed over)."""
    return text.lstrip().split("\n", 1)[0]


def simulation_rows(text: str, source: str) -> list[dict[str, Any]] | None:
    """The lines of a simulation's output file (`tricks simulate --out`), in deal order, each a JSON object with
    the played deal's ``record`` (and its ``analysis`` when the simulation asked for one), or, for a field of
    tables, the ``tables`` that each hold one; None when ``text`` is not such a file; InvalidRecord for a
    simulation that played no deals (it solved them)."""
    if SIMULATION_FORMAT not in _first_line(text):
        return None
    rows, header = [], True
    for number, line in enumerate(text.splitlines(), 1):
        try:
            row = json.loads(line) if line.strip() else None
        except json.JSONDecodeError as exc:
            raise NotationError(f"not valid JSON: {exc.msg}", source=source, line=number) from None
        if row is None or header:
            header = header and row is None
            continue
        tables = row.get("tables", [row]) if isinstance(row, dict) else None
        if not isinstance(tables, list) or not tables or not all(
                isinstance(table, dict) and isinstance(table.get("record"), dict) for table in tables):
            raise InvalidRecord("a simulation line without a played deal's record (was it solved, not played?)",
                                source=source, line=number, field="record")
        rows.append(row)
    return rows


def simulation_header(text: str) -> dict[str, Any] | None:
    """The simulation whose output file (`tricks simulate --out`) ``text`` is (its first line's), None for the
    text of any other file."""
    first = _first_line(text)
    if SIMULATION_FORMAT not in first:
        return None
    try:
        head = json.loads(first)
    except json.JSONDecodeError:
        return None
    return head.get("simulation") if isinstance(head, dict) else None


def parquet_modules() -> tuple[Any, Any]:
    """pyarrow (with its compute functions) and pyarrow.parquet (MissingExtra naming ``trickcore[data]`` without
    them)."""
    try:
        import pyarrow  # type: ignore[import-untyped]
        import pyarrow.compute  # type: ignore[import-untyped]  # noqa: F401 (pyarrow.compute, once imported)
        import pyarrow.parquet  # type: ignore[import-untyped]
    except ImportError:
        raise MissingExtra("Parquet tables need pyarrow: pip install 'trickcore[data]'") from None
    return pyarrow, pyarrow.parquet


def is_table(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` is a Parquet file (or a directory, a partitioned dataset), not a text file."""
    if os.path.isdir(path):
        return True
    try:
        with open(path, "rb") as raw:
            return raw.read(4) == b"PAR1"
    except OSError:
        return False


def simulation_table(path: str | os.PathLike[str], source: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The rows of a simulation's Parquet table (`tricks simulate --out FILE.parquet` or ``DIR/``) in the shape of
    its lines (``simulation_rows``: a deal's columns, a field's ``tables`` each holding one table's columns, a
    ``record`` column's JSON read back) and the simulation (its metadata)."""
    pa, pq = parquet_modules()
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        raise NotationError(f"not a Parquet table: {exc}", source=source) from None
    meta = table.schema.metadata or {}
    if SIMULATION_FORMAT not in meta.get(b"format", b"").decode():
        raise InvalidRecord("a Parquet table not written by `tricks simulate`", source=source)
    head = json.loads(meta[b"simulation"])
    rows: list[dict[str, Any]] = []
    for row in table.to_pylist():
        if "record" in row:
            row["record"] = json.loads(row["record"])
        if "table" not in row:
            rows.append(row)
        elif row["table"] == 1:
            rows.append({**row, "tables": [row]})
        else:
            rows[-1]["tables"].append(row)
    return rows, head


def simulation_file(path: str | os.PathLike[str], source: str) -> tuple[list[dict[str, Any]], dict[str, Any]] | None:
    """The rows and the simulation of a simulation's output, its JSON lines (``simulation_rows``) or its Parquet
    table (``simulation_table``); None for any other file."""
    if is_table(path):
        rows, head = simulation_table(path, source)
        if head.get("solve") is not None:
            raise InvalidRecord("a simulation table without played deals' records (was it solved, not played?)",
                                source=source, field="record")
        return rows, head
    text = read_text(path)
    lines = simulation_rows(text, source)
    return None if lines is None else (lines, simulation_header(text) or {})


@attrs.frozen
class FieldDeal:
    """One deal played at every table of a field (`tricks simulate` with several ``--agents``): each table's
    record, in table order. A system that scores one table at a time is given each table's records on their
    own (scoring.compare names its participants by table, "NS 2"); a system with ``scores_fields`` scores the
    tables of a deal together (matchpoints, IMPs against a datum)."""

    tables: tuple[Any, ...]


def simulation_records(rows: Iterable[Mapping[str, Any]], source: str,
                       record_of: Callable[[Mapping[str, Any], Mapping[str, Any]], Any],
                       word: str = "deal") -> tuple[Any, ...]:
    """The records of a simulation's lines (``simulation_rows``): ``record_of(table, row)`` for the one table of
    a line (``table`` is the line itself) or, for a field, a FieldDeal of every table's; errors name the deal."""
    records = []
    for number, row in enumerate(rows, 1):
        try:
            if "tables" in row:
                records.append(FieldDeal(tuple(record_of(table, row) for table in row["tables"])))
            else:
                records.append(record_of(row, row))
        except TrickcoreError as exc:
            raise exc.located(source=f"{source} {word} {number}", line=number + 1) from None
    return tuple(records)


@attrs.frozen
class RecordsFile:
    """The records of one file and what the file itself says about scoring them: the ``preset`` it names,
    its own ``settings`` overrides, ``context`` the ledger needs (e.g. preferans players), and the
    ``simulation`` that played them when the file is a simulation's (its first line, see simulation_header)."""

    source: str
    records: tuple[Any, ...]
    preset: str | None = None
    settings: Overrides = ()
    context: dict[str, Any] = attrs.field(factory=dict)
    simulation: dict[str, Any] | None = None


@attrs.frozen
class ScoringSystem:
    """A scoring system: its registry ``name``, the ``game`` family it scores, a one-line ``description``, and
    the named ``presets`` of its settings (the first is the default), and the short ``aliases`` it is found by.

    Subclasses implement ``preset``, ``ledger``, ``read_records`` and ``render_text``; ``formats`` lists the
    output formats ``render`` gives (text and JSON always, SVG where the system draws its sheet);
    ``scores_fields`` is True for a system whose records are a field's (every table's result of a deal);
    ``needs_analysis`` for one that scores each deal against its double-dummy analysis (a simulation's deals
    must be analysed).
    """

    name: str
    game: str
    description: str
    presets: tuple[str, ...] = ()
    records: str = "result records"
    aliases: tuple = attrs.field(default=(), kw_only=True)   # short names it answers to as well (mp)
    formats = ("text", "json")
    record_word = "record"
    read_value = None
    scores_fields = False
    needs_analysis = False

    def preset(self, name: str) -> Any:
        """The settings object of the preset ``name``."""
        raise NotImplementedError

    def settings(self, preset: str | None = None, overrides: Overrides = ()) -> Any:
        """The frozen settings of ``preset`` (default: the first preset) with ``overrides`` (``KEY=VALUE`` strings,
        as ``--set`` gives them) applied; SettingsError naming the preset, or ``--set`` and the key."""
        name = self.presets[0] if preset is None else preset
        if name not in self.presets:
            raise SettingsError(f"unknown {self.game} preset {name!r} (presets: {', '.join(self.presets)})",
                                field="preset")
        return self._with_set(self.preset(name), overrides)

    def _with_set(self, settings: Any, overrides: Overrides) -> Any:
        try:
            return self.override(settings, overrides)
        except TrickcoreError as exc:
            raise exc.located(source="--set") from None

    def override(self, settings: Any, overrides: Overrides) -> Any:
        """``settings`` with ``overrides`` (``KEY=VALUE`` strings or a mapping) applied (see ``typed_overrides``)."""
        return attrs.evolve(settings, **typed_overrides(type(settings), overrides, self.game,
                                                        read_value=self.read_value))

    def ledger(self, settings: Any = None, **context: Any) -> "Ledger":
        """An empty ledger under ``settings`` (default: the first preset's): ``add(record)``, ``settle()``,
        ``to_dict()`` and ``is_over``."""
        raise NotImplementedError

    def read_records(self, path: str | os.PathLike[str]) -> RecordsFile:
        """The RecordsFile of ``path``: the records this system scores, with errors naming file and field."""
        raise NotImplementedError

    def score_file(self, path: str | os.PathLike[str], preset: str | None = None,
                   overrides: Overrides = ()) -> "Ledger":
        """Read ``path`` and score every record (see ``score``): the settled ledger."""
        return self.score(self.read_records(path), preset, overrides)

    def score(self, found: RecordsFile, preset: str | None = None, overrides: Overrides = ()) -> "Ledger":
        """Score every record of ``found`` (a RecordsFile): the ledger, settled as the file leaves it.

        The system's ``preset`` (default: the first) and the file's own settings apply first, then ``overrides``
        (the command line's). Errors name the file and the record; a bad override names ``--set``.
        """
        ledger, records = self.prepare(found, preset, overrides)
        for number, record in enumerate(records, 1):
            try:
                ledger.add(record)
            except TrickcoreError as exc:
                raise self.locate(exc, found.source, number) from None
        ledger.settle()
        return ledger

    def prepare(self, found: RecordsFile, preset: str | None = None,
                overrides: Overrides = ()) -> "tuple[Ledger, Sequence[Any]]":
        """The empty ledger that scores ``found`` (see ``score``) and the records to add to it, in order."""
        settings = self.settings(preset)
        try:
            settings = self.override(settings, found.settings)
        except TrickcoreError as exc:
            raise exc.located(source=found.source) from None
        settings = self._with_set(settings, overrides)
        if not found.records:
            # An empty file would score as a level result: most likely the wrong file, so say so.
            raise InvalidRecord(f"no {self.record_word}s to score", source=found.source)
        if not self.scores_fields and isinstance(found.records[0], FieldDeal):
            raise InvalidRecord(f"these deals were played by a field of {len(found.records[0].tables)} tables: "
                                f"{self.name} scores one table at a time (`tricks compare` scores each table)",
                                source=found.source)
        return self.ledger(settings, preset=preset or self.presets[0], **found.context), found.records

    def locate(self, exc: TrickcoreError, source: str, number: int) -> TrickcoreError:
        """The error ``exc`` of record ``number`` of the file ``source``, naming the file and the record."""
        return exc.located(source=f"{source} {self.record_word} {number}")

    def check_format(self, format: str) -> None:
        """SettingsError unless the system renders ``format`` (so a command can refuse before any work)."""
        if format not in self.formats:
            raise SettingsError(f"{self.name} renders {', '.join(self.formats)}, not {format!r}", field="format")

    def render(self, ledger: "Ledger", format: str = "text") -> str:
        """The ledger as ``format``: "text", "json" (indented JSON of ``to_dict``) or "svg" where it exists."""
        self.check_format(format)
        if format == "json":
            return json.dumps(self.json_data(ledger), indent=2, ensure_ascii=False) + "\n"
        return getattr(self, f"render_{format}")(ledger)

    def json_data(self, ledger: "Ledger") -> Any:
        """The JSON-ready data the "json" format writes (by default the ledger's ``to_dict``)."""
        return ledger.to_dict()

    def render_text(self, ledger: "Ledger") -> str:
        """The ledger as text."""
        raise NotImplementedError

    def standings(self, result: Any) -> dict[str, float]:
        """What each participant (a side or a player) holds in a settled result (``ledger.settle()``), in the
        system's own units, higher being better: {name: number}."""
        raise NotImplementedError

    def situation(self, record: Any) -> tuple[str | None, str | None]:
        """The kind of deal a record is (e.g. its contract) and the participant it concerns most (the
        declarer's side or player), for telling which situations make systems differ; (None, None) if none."""
        return None, None


class Ledger:
    """What a system's ledger offers (the shared match runner and ``tricks score`` use only this).

    ``add(record)`` scores the next record, ``settle()`` gives the result as the ledger stands (an unfinished
    rubber is settled, a sheet reckoned), ``to_dict()`` the JSON-ready sheet, and ``is_over`` is True when the
    match, rubber or pool is finished, so a match runner can stop.
    """

    is_over = False

    def add(self, record: Any) -> None:
        """Score the next record."""
        raise NotImplementedError

    def settle(self) -> Any:
        """The result of the ledger as it stands."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready sheet."""
        raise NotImplementedError
