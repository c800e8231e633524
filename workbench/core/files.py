"""Reading and atomically writing the text files users hand us."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import FormatError


def read_text(path: str | os.PathLike) -> str:
    """A text file's contents; unreadable or non-text files become FormatError."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise FormatError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FormatError(f"{path} is not a text file (byte {error.start} is not UTF-8)") from None


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write through a temporary file in the same folder, then rename over ``path``.

    A crash or a full disk leaves the old file intact, never a half-written one.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp makes the file private; give it the mode a plain open() would.
        mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
