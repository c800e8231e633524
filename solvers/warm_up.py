"""Compile a puzzle's solver kernels ahead of the first solve (Qt-free).

numba compiles each @njit(cache=True) kernel the first time it runs, then keeps
the machine code in its cache. Compiling takes 6 s (ahc015) to 80 s (ahc011) of CPU
and holds the interpreter while it does, so the window runs it in a worker
*process* (``python -m solvers.warm_up PUZZLE``, which prints one line per
solver as it goes); the window's process then loads the cached code quickly.

A stamp file beside the cache records that a puzzle's kernels were compiled
for the current sources, so later starts skip the worker process; a record beside
it (``compile_time_PUZZLE.json``, kept when the cache is cleaned) holds how long
the last compile on this machine took, solver by solver, so the next first use
can say how long it will take.

Set-up (``make run``, ``make test``) starts ``python -m solvers.warm_up --all
--background`` (the command ``puzzle-workbench warm-up``): every puzzle's kernels
compile in worker processes beside the window or the tests, so a first solve
finds them cached. A lock beside each puzzle's stamp keeps two warm-ups from
compiling the same puzzle at once: the second waits for the first, then finds
the stamp and only loads.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from workbench.core.cores import usable_cores
from workbench.core.files import write_atomic
from workbench.core.numba_cache import SHARED_KERNEL_MODULES, cache_folder, kernel_root
from workbench.core.registry import module_name, puzzles, solver_folders, solvers

from .run_setup import solver_classes

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


def warm_up(puzzle_id: str, report=print) -> dict[str, float]:
    """Run every solver's ``warm_up`` (compiling or loading its kernels), reporting each;
    return the seconds each took."""
    classes = list(solver_classes(puzzle_id).values())
    seconds = {}
    for index, cls in enumerate(classes, start=1):
        report(f"{index}/{len(classes)} {cls.name}")
        start = time.perf_counter()
        cls.warm_up()
        seconds[cls.name] = time.perf_counter() - start
    report(f"{len(classes)}/{len(classes)} done")
    return seconds


def compile_record_path(puzzle_id: str) -> Path:
    """The last compile's record, beside the stamp: numba_cache's clean-up deletes cached kernels
    and stamps when a source changes, never this, so a recompile still has its estimate."""
    return stamp_path(puzzle_id).with_name(f"compile_time_{module_name(puzzle_id)}.json")


def record_compile(puzzle_id: str, seconds: dict[str, float], started_load: float | None) -> None:
    """Keep how long compiling took here (each solver, the machine's cores and load)."""
    record = {
        "seconds": round(sum(seconds.values()), 1),
        "solvers": {name: round(value, 1) for name, value in seconds.items()},
        "cores": usable_cores(),
        "load": started_load,
        "when": time.strftime("%Y-%m-%d %H:%M"),
    }
    try:
        compile_record_path(puzzle_id).parent.mkdir(parents=True, exist_ok=True)
        write_atomic(compile_record_path(puzzle_id), json.dumps(record, indent=1) + "\n")
    except OSError:
        pass  # a read-only cache: the next first use has no estimate, nothing worse


def last_compile(puzzle_id: str) -> dict | None:
    """The record of the last compile of ``puzzle_id``'s kernels on this machine, or None."""
    try:
        record = json.loads(compile_record_path(puzzle_id).read_text())
    except (OSError, ValueError):
        return None
    ok = isinstance(record, dict) and isinstance(record.get("seconds"), (int, float))
    return record if ok and isinstance(record.get("solvers"), dict) else None


def _load_now() -> float | None:
    try:
        return round(os.getloadavg()[0], 1)
    except (AttributeError, OSError):
        return None


@contextmanager
def compiling_lock(puzzle_id: str):
    """Held while one process compiles ``puzzle_id``'s kernels; a second one waits here.

    An advisory lock (flock) on a file beside the stamp: the system drops it when its process
    dies, so a killed warm-up never leaves the puzzle locked. Where there is no flock (Windows)
    or the cache is read-only, nothing is locked: both compile, as before."""
    try:
        import fcntl

        path = stamp_path(puzzle_id).with_suffix(".lock")
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a")
    except (ImportError, OSError):
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def warm_puzzle(puzzle_id: str, report=print) -> None:
    """Compile (or load) ``puzzle_id``'s kernels and stamp them, unless another process is
    doing it: then wait for it and only load what it compiled."""
    with compiling_lock(puzzle_id):
        cold, load = not is_warm(puzzle_id), _load_now()
        seconds = warm_up(puzzle_id, report)
        if cold:
            record_compile(puzzle_id, seconds, load)
        mark_warm(puzzle_id)


def ready_solver(puzzle_id: str, cls) -> float:
    """Compile (or load) one solver's kernels before a run's clock starts; return the seconds.

    A cold cache would otherwise spend a timed run's budget compiling (a 3 s comesolo solve
    ended with no move played). While another process compiles the puzzle, wait for it."""
    start = time.perf_counter()
    if is_warm(puzzle_id):
        cls.warm_up()
    else:
        with compiling_lock(puzzle_id):
            cls.warm_up()
    return time.perf_counter() - start


def with_solvers() -> list[str]:
    return [puzzle_id for puzzle_id in puzzles() if solvers(puzzle_id)]


def warm_all(puzzle_ids: list[str], processes: int, report=print) -> int:
    """Warm the puzzles that are not warm yet, each in a process of its own, ``processes`` at once
    (numba compiles under the interpreter lock: only processes compile side by side)."""
    cold = [p for p in puzzle_ids if not is_warm(p)]
    if not cold:
        report("every puzzle's kernels are compiled")
        return 0

    def one(puzzle_id: str) -> int:
        report(f"{puzzle_id}: compiling")
        done = subprocess.run(
            [sys.executable, "-m", "solvers.warm_up", puzzle_id],
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        last = done.stderr.strip().splitlines()[-1:] if done.returncode else []
        report(f"{puzzle_id}: " + ("compiled" if not done.returncode else f"failed: {' '.join(last)}"))
        return done.returncode

    with ThreadPoolExecutor(max(1, processes)) as pool:
        return max(pool.map(one, cold))


def log_path() -> Path:
    """Where a background warm-up writes its lines: beside the solvers' cache."""
    return Path(cache_folder(str(REPO / "solvers"))) / "warm_up.log"


def start_in_background(argv: list[str]) -> Path:
    """Start this command (without --background) detached from the caller, so ``make run``
    opens the window at once and the compilation outlives ``make``; return the log's path."""
    log = log_path()
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        out = open(log, "w")
    except OSError:  # a read-only cache: the kernels still compile, with nowhere to say so
        log, out = Path(os.devnull), open(os.devnull, "w")
    with out:
        subprocess.Popen(
            [sys.executable, "-m", "workbench", "warm-up", *argv],
            cwd=REPO,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    return log


if __name__ == "__main__":  # the worker a warm-up starts for one puzzle at a time: python -m solvers.warm_up ID...
    for puzzle in sys.argv[1:]:
        warm_puzzle(puzzle, lambda line: print(line, flush=True))
