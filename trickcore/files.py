"""Input and output files: reading a text file with a clear error, writing output completely or not at all (a
temp file in the same folder, renamed when complete)."""
import os
import tempfile

from trickcore.errors import InputError


def read_text(path: str | os.PathLike[str], fallback_encoding: str | None = None) -> str:
    """The text of ``path`` as UTF-8 (or ``fallback_encoding`` when it is not UTF-8), without the byte-order mark
    that Windows editors and spreadsheets write first; InputError naming the file when it cannot be read."""
    try:
        try:
            with open(path, encoding="utf-8-sig") as fh:
                return fh.read()
        except UnicodeDecodeError:
            if fallback_encoding is None:
                raise
            with open(path, encoding=fallback_encoding) as fh:
                return fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read: {getattr(exc, 'strerror', None) or exc}", source=path) from None


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, LF line ends) to ``path``; on any failure no file, not even a partial one, is left."""
    write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path``; on any failure no file, not even a partial one, is left."""
    if not os.fspath(path):
        raise InputError("an output file needs a name, not empty text", field="output")
    directory = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise InputError("is a folder, not a file", source=path)
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
