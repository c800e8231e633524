"""Compile a puzzle's solver kernels ahead of the first solve (Qt-free).

numba compiles each @njit(cache=True) kernel the first time it runs, then keeps
the machine code in its cache. Compiling takes 14 s (comesolo) to 49 s (ahc011)
and holds the interpreter while it does, so the window runs it in a worker
*process* (``python -m workbench.core.warm_up PUZZLE``, which prints one line per
solver as it goes); the window's process then loads the cached code quickly.

A stamp file beside the cache records that a puzzle's kernels were compiled
for the current sources, so later starts skip the worker process.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from .numba_cache import SHARED_KERNEL_MODULES, cache_folder, kernel_root
from .registry import module_name, solver_folders, solvers

REPO = Path(kernel_root())  # where the warm-up worker process runs


def _sources(puzzle_id: str) -> list[Path]:
    files = [Path(kernel_root(), *module.split("/")) for module in SHARED_KERNEL_MODULES]
    for folder in reversed(solver_folders(puzzle_id)):  # the solvers', then the rules' (as the stamps were made)
        files += sorted(folder.rglob("*.py"))
    return [f for f in files if f.is_file()]


def stamp_path(puzzle_id: str) -> Path:
    """Where the stamp lives: in the folder numba caches the solvers' kernels in, so deleting
    the cache deletes it (numba_cache does, when a kernel source changed)."""
    folders = solver_folders(puzzle_id)
    return Path(cache_folder(str(folders[-1]))) / f"warm_up_{module_name(puzzle_id)}.stamp"


def fingerprint(puzzle_id: str) -> str:
    """Changes whenever a source the kernels come from, numba or Python changes."""
    import numba

    digest = hashlib.sha1(f"{sys.version}|{numba.__version__}".encode())
    for path in _sources(puzzle_id):
        info = path.stat()
        digest.update(f"{path}|{info.st_mtime_ns}|{info.st_size}".encode())
    return digest.hexdigest()


def is_warm(puzzle_id: str) -> bool:
    try:
        return stamp_path(puzzle_id).read_text() == fingerprint(puzzle_id)
    except OSError:
        return False


def mark_warm(puzzle_id: str) -> None:
    path = stamp_path(puzzle_id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(fingerprint(puzzle_id))
    except OSError:
        pass  # a read-only cache: the next start compiles again, nothing worse


def warm_up(puzzle_id: str, report=print) -> None:
    """Run every solver's ``warm_up`` (compiling or loading its kernels), reporting each."""
    classes = list(solvers(puzzle_id).values())
    for index, cls in enumerate(classes, start=1):
        report(f"{index}/{len(classes)} {cls.name}")
        cls.warm_up()
    report(f"{len(classes)}/{len(classes)} done")


def main(argv: list[str]) -> int:
    for puzzle_id in argv:
        warm_up(puzzle_id, lambda line: print(line, flush=True))
        mark_warm(puzzle_id)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
