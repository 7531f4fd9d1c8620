"""Session results files by format (rules/bridge.md §16): read a results file (CSV traveller, PBN with ScoreTables,
USEBIO XML) into Results, add the hand records of a PBN file, and write a scored session in each output format."""
import os

import attrs

from trickcore.errors import InputError
from trickcore.files import decode_text, read_bytes
from trickcore.games.bridge.formats.pbn_read import decode_pbn, read_pbn
from trickcore.scoring.bridge.duplicate.formats.csv_traveller import read_csv_traveller, write_csv_traveller
from trickcore.scoring.bridge.duplicate.formats.pbn_session import read_pbn_results, write_session_pbn
from trickcore.scoring.bridge.duplicate.formats.report import render_text, session_to_dict
from trickcore.scoring.bridge.duplicate.formats.usebio import decode_usebio, read_usebio, write_usebio

READERS = {"csv": read_csv_traveller, "pbn": read_pbn_results, "usebio": read_usebio}
# The files that say their own encoding: PBN in its % header's charset, USEBIO in its XML declaration.
DECODERS = {"pbn": decode_pbn, "usebio": decode_usebio}
FORMATS = ("text", "json", "csv", "pbn", "usebio")
# With the results page (formats.html_page, the boards analysed by the caller): every format a session is written in.
SESSION_FORMATS = FORMATS + ("html",)


def results_format(path, text):
    """The format of a results file: by its extension (.csv, .pbn, .xml/.usebio), else by its first characters."""
    extension = os.path.splitext(path)[1].lower()
    known = {".csv": "csv", ".pbn": "pbn", ".xml": "usebio", ".usebio": "usebio"}
    if extension in known:
        return known[extension]
    start = text.lstrip()
    if start.startswith("<"):
        return "usebio"
    if start.startswith(("[", "%")):
        return "pbn"
    return "csv"


def _read(path, fmt=None):
    """The text of a results or hands file and its format (``fmt``, else ``results_format``): in the encoding
    the file declares (DECODERS), else UTF-8 (or as a byte-order mark says), else ISO-8859-1."""
    raw = read_bytes(path)
    text = decode_text(raw, "iso-8859-1", path)
    fmt = fmt or results_format(path, text)
    return (DECODERS[fmt](raw, os.path.basename(path)) if fmt in DECODERS else text), fmt


def read_results(path, hands=None):
    """The Results of the file at ``path``; ``hands``, the path of a PBN file, adds (or replaces) the hand
    records of the boards."""
    source = os.path.basename(path)
    text, fmt = _read(path)
    results = READERS[fmt](text, source)
    if hands is not None:
        records = read_pbn(_read(hands, "pbn")[0], os.path.basename(hands))
        by_number = {board.number: board for board in results.boards if board.number is not None}
        by_number.update({board.number: board for board in records if board.number is not None})
        results = attrs.evolve(results, boards=tuple(by_number.values()))
    return results


def render_session(session, fmt="text"):
    """The scored session in output format ``fmt`` (text, json, csv, pbn, usebio): str, or bytes for PBN."""
    if fmt == "text":
        return render_text(session)
    if fmt == "json":
        return session_to_dict(session)
    if fmt == "csv":
        return write_csv_traveller(session)
    if fmt == "pbn":
        return write_session_pbn(session)
    if fmt == "usebio":
        return write_usebio(session)
    raise InputError(f"session output format must be one of {', '.join(FORMATS)}, not {fmt!r}", field="format")
