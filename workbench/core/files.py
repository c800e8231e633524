"""Reading and atomically writing the text files users hand us.

Reading refuses what is not a plain file (a FIFO would block forever,
``/dev/zero`` never ends) and caps the size: no contest input or valid answer
comes near MAX_READ_BYTES, and reading without a cap lets one wrong file eat
all memory.

Writing goes through a temporary file ``.NAME.PID.XXXXXXXX.tmp`` next to the
destination, renamed over it at the end, so the destination is never half
written. A process killed mid-write (kill -9 cannot be caught) leaves its
temporary file behind; the next write to the same destination removes the
ones whose process is gone. ``check_destination`` finds the usual reasons a
write would fail (no such folder, a folder, not writable, the input itself)
before any work is done, and ``save_fallback`` keeps an answer whose write
still failed.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import DestinationError, FormatError

MAX_READ_BYTES = 256 * 2**20


def file_kind(path: str | os.PathLike[str]) -> str:
    """What ``path`` is when it is not a regular file: "a folder", "a device", "a pipe (FIFO)"..."""
    return _kind(os.stat(path).st_mode)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_text(path: str | os.PathLike[str], limit: int = MAX_READ_BYTES) -> str:
    """A text file's contents; unreadable, non-regular, huge or non-text files become FormatError."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise FormatError(f"{path} is {_kind(info.st_mode)}, not a file; save the text to a file first")
        if info.st_size > limit:
            raise FormatError(
                f"{path} is {info.st_size:,} bytes, more than the {limit:,} bytes any input or answer needs"
            )
        # O_NONBLOCK: if the path was swapped for a FIFO after the check, open does not hang.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise FormatError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > limit:
        raise FormatError(f"{path} holds more than the {limit:,} bytes any input or answer needs")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FormatError(f"{path} is not a text file (byte {error.start} is not UTF-8)") from None


# ------------------------------------------------------------------ writing
def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (another user's counts: its files are not ours to remove)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's live process
    return True


def remove_stale_temporaries(target: str | os.PathLike[str]) -> list[Path]:
    """Delete the temporary files that killed writes to ``target`` left behind; return them.

    Only files named ``.NAME.PID.XXXXXXXX.tmp`` whose process PID no longer runs
    are removed, so a write in progress elsewhere is never disturbed.
    """
    target = Path(target)
    pattern = re.compile(re.escape(_temp_prefix(target)) + r"(\d+)\.[^.]+\.tmp")
    removed: list[Path] = []
    try:
        entries = list(os.scandir(target.parent or "."))
    except OSError:
        return removed
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match and int(match.group(1)) != os.getpid() and not pid_alive(int(match.group(1))):
            try:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                pass
    return removed


# The workbench's temporary folders are named wb-KIND-PID-XXXXXXXX after the process that made them:
# one left by a process killed outright (kill -9, the OOM killer: nothing of it can clean up) is
# removed by the next run (``remove_dead_folders``), never one of a process still running.
_OWNED_FOLDER = re.compile(r"wb-[a-z]+(?:-[a-z]+)*-(\d+)-[^/]+")


def temporary_prefix(kind: str) -> str:
    """The name prefix of a temporary folder of ``kind`` made by this process (``wb-KIND-PID-``)."""
    return f"wb-{kind}-{os.getpid()}-"


def remove_dead_folders(base: str | os.PathLike[str] | None = None) -> list[Path]:
    """Delete the workbench's temporary folders in ``base`` (the system's temporary folder) whose
    process is gone; return them."""
    base = Path(base if base is not None else tempfile.gettempdir())
    removed: list[Path] = []
    try:
        entries = list(os.scandir(base))
    except OSError:
        return removed
    for entry in entries:
        match = _OWNED_FOLDER.fullmatch(entry.name)
        if (
            match
            and entry.is_dir(follow_symlinks=False)
            and int(match.group(1)) != os.getpid()
            and not pid_alive(int(match.group(1)))
        ):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(Path(entry.path))
    return removed


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write through a temporary file in the same folder, then rename over ``path``.

    A crash or a full disk leaves the old file intact, never a half-written one.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    remove_stale_temporaries(target)
    fd, tmp = tempfile.mkstemp(prefix=f"{_temp_prefix(target)}{os.getpid()}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp makes the file private; give it the mode a plain open() would.
        mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as error:
        _drop_temporary(tmp, target, error)
        raise


def _drop_temporary(temporary: str | Path, target: Path, error: BaseException) -> None:
    """After a failed write: the temporary file gone, and the error naming the file meant."""
    try:
        os.unlink(temporary)
    except FileNotFoundError:
        pass
    if isinstance(error, OSError) and error.filename is None:
        error.filename = str(target)  # a full disk names the file, not whatever was written last


def write_new(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write a file that is new (a batch's answer, input or stderr of a case): under a temporary name
    beside it, then renamed, so a kill leaves the whole file or none. Unlike ``write_atomic`` it neither
    syncs to disk nor scans the folder for stale temporaries: a folder of 100,000 answers is written
    at the speed of the programs, not at a scan of all of them per case."""
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    temporary = target.with_name(f"{_temp_prefix(target)}{os.getpid()}.new.tmp")
    try:
        with open(temporary, "wb") as handle:
            handle.write(payload)
        os.replace(temporary, target)
    except BaseException as error:
        _drop_temporary(temporary, target, error)
        raise


@contextmanager
def locked(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold an exclusive lock on ``PATH.lock`` while the block runs; other processes asking for it
    wait. For a file many processes read, change and write back (the contests remembered, a new
    tuning study), so that no process writes over what another just wrote."""
    import fcntl

    lock_path = Path(f"{path}.lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # let go when the file is closed, or the process dies
        yield


# ------------------------------------------------------------------ before and after the work
def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def check_folder(folder: str | os.PathLike[str], create: bool = False) -> Path:
    """``folder`` exists (or is made, with ``create``) and a file can be created in it."""
    folder = Path(folder)
    if create and not folder.exists():
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DestinationError(f"cannot create the folder {folder}: {error.strerror or error}") from None
    if not folder.exists():
        raise DestinationError(f"the folder {folder} does not exist")
    if not folder.is_dir():
        raise DestinationError(f"{folder} is not a folder")
    # Try it: permissions, read-only mounts and immutable folders all show up here.
    try:
        fd, probe = tempfile.mkstemp(prefix=".workbench-write-check.", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        raise DestinationError(f"cannot write in the folder {folder}: {error.strerror or error}") from None
    return folder


def check_destination(path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = ()) -> Path:
    """Raise DestinationError unless an answer can be written to ``path``.

    Refused: a folder, an existing non-regular file, one of ``inputs`` (the
    board being solved would be lost), a missing or unwritable folder.
    """
    target = Path(path)
    if target.is_dir():
        raise DestinationError(f"{target} is a folder; give a file name for the answer")
    if target.exists() and not target.is_file():
        raise DestinationError(f"{target} is {_kind(target.stat().st_mode)}, not a file to write")
    for source in inputs:
        if same_file(target, source):
            also = f" ({source})" if str(source) != str(target) else ""
            raise DestinationError(
                f"{target} is the input being solved{also}; writing the answer there "
                "would destroy the board (choose another -o)"
            )
    check_folder(target.parent)
    return target


def fallback_folder() -> Path:
    return Path(tempfile.gettempdir()) / "puzzle-workbench-rescued"


def save_fallback(name: str, data: str | bytes) -> Path:
    """Keep ``data`` in a new file under the temp folder (or home) after a failed write; its path.

    Raises OSError when no place takes it.
    """
    stem = Path(name).name or "answer"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    last_error: OSError | None = None
    for folder in (fallback_folder(), Path.home() / "puzzle-workbench-rescued"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, path = tempfile.mkstemp(prefix=f"{stem}.{stamp}.", suffix=".saved", dir=folder)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data.encode("utf-8") if isinstance(data, str) else data)
                handle.flush()
                os.fsync(handle.fileno())
            return Path(path)
        except OSError as error:
            last_error = error
    raise last_error or OSError("no folder to keep the answer in")


def write_or_rescue(path: str | os.PathLike[str], data: str | bytes) -> None:
    """``write_atomic``; when it fails, keep ``data`` elsewhere and raise DestinationError saying where."""
    try:
        write_atomic(path, data)
    except OSError as error:
        reason = error.strerror or str(error)
        try:
            kept = save_fallback(Path(path).name, data)
        except OSError as again:
            raise DestinationError(
                f"cannot write {path}: {reason}; keeping a copy failed too ({again.strerror or again})"
            ) from None
        raise DestinationError(f"cannot write {path}: {reason}; the answer is kept in {kept}") from None
