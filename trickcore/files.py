"""Writing output files completely or not at all: a temp file in the same folder, renamed when complete."""
import os
import tempfile


def write_text_atomically(path, text):
    """Write ``text`` (UTF-8, LF line ends) to ``path``; on any failure no file, not even a partial one, is left."""
    write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(path, data):
    """Write ``data`` to ``path``; on any failure no file, not even a partial one, is left."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tricks-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
