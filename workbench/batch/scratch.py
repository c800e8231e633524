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
import os
import shutil
import tempfile
import threading
from pathlib import Path

from workbench.core.files import remove_dead_folders, temporary_prefix

_folders = threading.local()
_owners: dict[str, threading.Thread] = {}  # every folder made, and the thread it is lent to
_owners_lock = threading.Lock()
_root: str | None = None  # where this process makes its folders (None: the system's temporary folder)


def use_root(root: str | None) -> None:
    """This process's working folders made under ``root`` (a local batch's, removed with it)."""
    global _root
    _root = root


RUN_ROOT_KIND = "cases"  # wb-cases-PID-XXXXXXXX


def run_root() -> str:
    """A local batch's folder for its workers' case folders, named after this process so that one
    left by a batch that was killed outright (nothing of it could clean up) is removed by the next."""
    remove_dead_folders()  # with the case folders of dead batches, a contest's gen's, a Dask worker's…
    return tempfile.mkdtemp(prefix=temporary_prefix(RUN_ROOT_KIND))


def case_folder() -> Path:
    """This thread's working folder (a Dask worker may run cases on several threads at once). A thread
    that ended leaves its folder to the next that asks (the app plays each watched case on a thread
    of its own)."""
    folder = getattr(_folders, "path", None)
    if folder is None or not folder.is_dir():  # first use, or something removed it
        me = threading.current_thread()
        with _owners_lock:
            spare = next(
                (path for path, owner in _owners.items() if not owner.is_alive() and Path(path).is_dir()), None
            )
            if spare is None and _root is None and not _owners:  # a Dask worker's first: its machine's leftovers
                remove_dead_folders()
            folder = Path(spare or tempfile.mkdtemp(prefix=temporary_prefix("case"), dir=_root))
            _owners[str(folder)] = me
        _folders.path = folder
    return folder


def fresh_file(path: Path) -> Path:
    """``path`` empty, as a new file would be, without deleting it (a deletion is what costs)."""
    if path.exists():
        path.write_bytes(b"")
    return path


def fresh_folder(path: Path) -> Path:
    """``path`` an empty folder: made if missing, else emptied of what the case before left (what a
    program usually leaves there is nothing, and nothing is then deleted)."""
    path.mkdir(exist_ok=True)
    for entry in os.scandir(path):
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            os.unlink(entry.path)
    return path


def case_subfolder(name: str) -> Path:
    """This case's folder ``name-N`` in the thread's working folder, empty: the one the case before
    used is renamed to the next N (nothing is made or deleted), so a process that case left running
    (a daemon, out of reach of the group kill) and that writes by its path finds no folder there,
    and nothing it writes is taken for this case's."""
    folder = case_folder()
    used, real = [], set()
    for entry in os.scandir(folder):
        number = entry.name[len(name) + 1 :]
        if not entry.name.startswith(f"{name}-") or not number.isdigit():
            continue
        used.append(int(number))
        if entry.is_dir(follow_symlinks=False):
            real.add(int(number))
        else:  # a link or a file a program put in its place: removed, never followed (nor emptied)
            os.unlink(entry.path)
    last = max(used, default=0)  # counted on past it all the same: no path of a case before comes back
    path = folder / f"{name}-{last + 1}"
    if last in real:
        os.rename(folder / f"{name}-{last}", path)
    return fresh_folder(path)


@atexit.register
def remove_case_folders() -> None:
    """This process's working folders gone (at its exit: the app's, a Dask worker's)."""
    with _owners_lock:
        while _owners:
            shutil.rmtree(_owners.popitem()[0], ignore_errors=True)
