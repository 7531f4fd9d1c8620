"""Input and output files: reading a text file with a clear error, writing output completely or not at all (a
temp file in the same folder, renamed when complete)."""
import codecs
import csv
import os
import tempfile

from trickcore.errors import InputError

# The byte-order marks a text file may start with (Windows Notepad's "UTF-8" and "Unicode" saves, a spreadsheet's
# "CSV UTF-8" and "Unicode text"), each with the codec that reads the file and leaves the mark out: the mark says
# the file's encoding, whatever else the file declares.
_BYTE_ORDER_MARKS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def marked_encoding(raw: bytes) -> str | None:
    """The codec that reads ``raw`` when it starts with a byte-order mark (utf-8-sig or utf-16), else None."""
    return next((encoding for mark, encoding in _BYTE_ORDER_MARKS if raw.startswith(mark)), None)


def universal_newlines(text: str) -> str:
    """``text`` with Windows (CR LF) and old Mac (CR) line ends made LF, as a file opened as text reads."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode_text(raw: bytes, fallback_encoding: str | None = None, source: str | os.PathLike[str] | None = None) -> str:
    """The text of a file's bytes, LF line ends: in the encoding its byte-order mark says (the mark left out),
    else UTF-8, else (without a mark) ``fallback_encoding``; InputError naming ``source`` when it is none of them."""
    encoding = marked_encoding(raw)
    try:
        try:
            text = raw.decode(encoding or "utf-8")
        except UnicodeDecodeError:
            if encoding is not None or fallback_encoding is None:
                raise
            text = raw.decode(fallback_encoding)
    except UnicodeDecodeError as exc:
        raise InputError(f"cannot read: {exc}", source=source) from None
    return universal_newlines(text)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the file at ``path``; InputError naming the file when it cannot be read."""
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", source=path) from None


def read_text(path: str | os.PathLike[str], fallback_encoding: str | None = None) -> str:
    """The text of ``path`` (``decode_text``: the encoding its byte-order mark says, UTF-8 or ``fallback_encoding``;
    LF line ends, as Windows and old Mac files are read too); InputError naming the file when it cannot be read."""
    return decode_text(read_bytes(path), fallback_encoding, path)


def read_head(path: str | os.PathLike[str], size: int = 4096) -> str:
    """The first line of the file at ``path`` as ``decode_text`` reads it (at most ``size`` bytes of it; characters
    a cut leaves incomplete dropped), "" when it cannot be read: enough to recognise a file by its first line."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(size)
    except OSError:
        return ""
    decoder = codecs.getincrementaldecoder(marked_encoding(raw) or "utf-8")(errors="replace")
    text = decoder.decode(raw).lstrip()
    return universal_newlines(text).split("\n", 1)[0]


def csv_rows(text: str) -> list[tuple[int, list[str]]]:
    """The rows of a CSV text as spreadsheets save it, each with the number of its first line and its cells, spaces
    around them stripped; lines that are blank or start with ``#`` left out (a quoted cell may run over several
    lines). The cells are separated by commas, or by semicolons when the first row (the header) has semicolons and no
    comma, as a spreadsheet in a European language saves "CSV"; empty cells after the header's last name (the
    separator spreadsheets end every line with) are left out."""
    kept = [(number, line) for number, line in enumerate(text.removeprefix("\ufeff").split("\n"), 1)
            if line.strip() and not line.lstrip().startswith("#")]
    if not kept:
        return []
    header = kept[0][1]
    delimiter = ";" if ";" in header and "," not in header else ","
    reader = csv.reader((line + "\n" for _, line in kept), delimiter=delimiter)
    rows, start = [], 0
    for cells in reader:
        rows.append((kept[start][0], [cell.strip() for cell in cells]))
        start = reader.line_num
    width = len(rows[0][1])
    while width > 1 and not rows[0][1][width - 1]:
        width -= 1
    for _, cells in rows:
        while len(cells) > width and not cells[-1]:
            cells.pop()
    return rows


UNNAMED = "an output file needs a name, not empty text"


def check_named(path: str | os.PathLike[str], field: str = "output") -> None:
    """InputError unless ``path`` names a file: empty text names none, it never means "write nothing"."""
    if not os.fspath(path):
        raise InputError(UNNAMED, field=field)


def check_folder(path: str | os.PathLike[str]) -> None:
    """InputError unless the folder that ``path`` would be written in exists."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise InputError(f"cannot write here: no such folder as {folder!r}", source=path)


def check_writable(path: str | os.PathLike[str], field: str = "output") -> None:
    """InputError unless ``path`` can name a file to write: it has a name, is not a folder, and its folder exists;
    checked before any work, as ``-o`` is (the write itself can still fail, e.g. for want of permission)."""
    check_named(path, field)
    if os.path.isdir(path):
        raise InputError("is a folder, not a file", source=path)
    check_folder(path)


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, LF line ends) to ``path``; on any failure no file, not even a partial one, is left."""
    write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path``; on any failure no file, not even a partial one, is left."""
    check_writable(path)
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tricks-", suffix=".tmp")
    except OSError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", source=path) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
