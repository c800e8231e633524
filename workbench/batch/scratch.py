"""A case's working folder, made once per worker thread and reused by each case it runs.

A folder made and removed per case cost more than the fast programs it served: ext4 without a
journal (this project's machines) passes over every inode freed in the last one to six minutes,
reading each, before it hands out a new one, so a run that deletes a few files a case makes every
file created after it slower (``recently_deleted`` in the kernel's profile: up to a millisecond a
file after a thousand cases). Reused, the same few files are rewritten in
place: nothing is created or deleted per case. A case's files are always written before they
are read, so nothing of the case before can be taken for this one; what a case must not see
from the one before (a tester's exit code) its caller empties first (``fresh_file``).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
import threading
from pathlib import Path

_folders = threading.local()
_made: list[str] = []


def case_folder() -> Path:
    """This thread's working folder (a Dask worker may run cases on several threads at once)."""
    folder = getattr(_folders, "path", None)
    if folder is None or not folder.is_dir():  # made on first use, or again if something removed it
        folder = Path(tempfile.mkdtemp(prefix="wb-case-"))
        _folders.path = folder
        _made.append(str(folder))
    return folder


def fresh_file(path: Path) -> Path:
    """``path`` empty, as a new file would be, without deleting it (a deletion is what costs)."""
    if path.exists():
        path.write_bytes(b"")
    return path


@atexit.register
def remove_case_folders() -> None:
    """This process's working folders gone (at its exit; a pool worker's stop calls it too, as it
    ends without running atexit)."""
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)
