"""Getting a puzzle's solver kernels ready without stalling the window.

The first time (cold numba cache) the kernels are compiled by a worker process
(``solvers.warm_up``), which leaves the window's interpreter free; its
lines ("2/3 beam") drive the progress shown in the status bar. A run asked for
meanwhile waits for ``ready`` (see SolverPanel.start). A run need not wait for every
solver of its puzzle: once the worker has moved past the run's solver (its lines name
the solver it compiles next), that solver is ready (``load_solver``) and the run starts.

The window's process never loads the kernels itself: the runs search in a child process
(``solvers.job_process``), which loads them from numba's cache. Loading them here, on a
thread, held a lock the GUI thread also needs (1.4 s of a frozen window, measured with
py-spy); only the hint (H) needs them here, and it loads its solver's on its own thread
the first time it is asked.

While it compiles, the status bar says which solver and how long is left, from the last
compile on this machine (``warm_up.last_compile``): "about 40 s left (last time 95 s)".
"""

from __future__ import annotations

import sys
import time

from PySide6.QtCore import QObject, QProcess, QTimer, Signal

from solvers import warm_up
from workbench.core.registry import solvers

POLL_MS = 200


class KernelWarmUp(QObject):
    changed = Signal(str)  # what is happening, for the status bar ("" when nothing is)
    ready = Signal(str)  # a puzzle id whose kernels are loaded
    solver_ready = Signal(str, str)  # (puzzle id, solver name) loaded before the rest of its puzzle

    def __init__(self, parent=None):
        super().__init__(parent)
        self.stage: dict[str, str] = {}  # puzzle id -> "compiling", "loading", "ready"
        self.detail: dict[str, str] = {}  # puzzle id -> the worker's last line ("2/3 beam")
        self.started: dict[str, float] = {}
        self.processes: dict[str, QProcess] = {}
        self.due: set[str] = set()  # puzzle ids whose kernels are compiled, told ready at the next poll
        self.compiled: dict[str, set[str]] = {}  # puzzle id -> solvers the worker has compiled
        self.last_time: dict[str, dict | None] = {}  # puzzle id -> the last compile's record here
        self.solver_started: dict[str, tuple[str, float]] = {}  # puzzle id -> (solver, when it began)
        self.solvers_due: set[tuple[str, str]] = set()  # (puzzle id, solver) told ready at the next poll
        self.solvers_loaded: set[tuple[str, str]] = set()
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self._poll)

    # ------------------------------------------------------------ asking
    def request(self, puzzle_id: str) -> None:
        """Get ``puzzle_id``'s kernels ready (once per puzzle and session)."""
        if puzzle_id in self.stage:
            return
        if not solvers(puzzle_id):
            self.stage[puzzle_id] = "ready"
            return
        self.started[puzzle_id] = time.perf_counter()
        if warm_up.is_warm(puzzle_id):
            self._load(puzzle_id)
        else:
            self._compile(puzzle_id)
        self.timer.start()
        self._poll()

    def is_ready(self, puzzle_id: str) -> bool:
        return self.stage.get(puzzle_id) == "ready"

    def solver_loaded(self, puzzle_id: str, name: str) -> bool:
        return self.is_ready(puzzle_id) or (puzzle_id, name) in self.solvers_loaded

    def load_solver(self, puzzle_id: str, name: str) -> None:
        """Tell ``solver_ready`` (at the next poll) once the worker has compiled one solver's
        kernels, ahead of the rest of its puzzle: the run's child loads them from the cache."""
        key = (puzzle_id, name)
        if self.solver_loaded(*key) or key in self.solvers_due or name not in self.compiled.get(puzzle_id, ()):
            return
        self.solvers_due.add(key)
        self.timer.start()

    def compiling(self, puzzle_id: str) -> bool:
        return self.stage.get(puzzle_id) == "compiling"

    def busy(self) -> bool:
        return any(stage != "ready" for stage in self.stage.values()) or bool(self.solvers_due)

    def describe(self, puzzle_id: str) -> str:
        """One line about ``puzzle_id``'s kernels, for the status bar and the solver panel."""
        stage = self.stage.get(puzzle_id)
        if stage is None or stage == "ready":
            return ""
        seconds = time.perf_counter() - self.started.get(puzzle_id, time.perf_counter())
        if stage == "compiling":
            detail = self.detail.get(puzzle_id, "")
            step = f", solver {detail}" if detail else ""
            return f"Compiling the {puzzle_id} solver kernels (first use only{step}): {self._wait(puzzle_id, seconds)}"
        return f"Loading the {puzzle_id} solver kernels: {seconds:.0f} s"

    def _wait(self, puzzle_id: str, seconds: float) -> str:
        """How long is left, by the last compile here, or why there is no saying."""
        record = self.last_time.get(puzzle_id)
        if record is None:
            return f"{seconds:.0f} s so far (the first compile on this machine: no earlier one to go by)"
        left = self.seconds_left(puzzle_id)
        last = f"last time {record['seconds']:.0f} s"
        if left is None or left < 1:
            return f"{seconds:.0f} s, longer than the last time ({record['seconds']:.0f} s)"
        return f"about {left:.0f} s left ({last})"

    def seconds_left(self, puzzle_id: str) -> float | None:
        """The compile's seconds still to go by the last one here: its solvers not begun yet, and
        what the one under way took then less what it has had now (None: no record)."""
        record = self.last_time.get(puzzle_id)
        if record is None:
            return None
        now = time.perf_counter()
        names = list(solvers(puzzle_id))
        before = record["solvers"]
        current, since = self.solver_started.get(puzzle_id, (None, self.started.get(puzzle_id, now)))
        if current not in names or any(name not in before for name in names):  # solvers changed since
            return record["seconds"] - (now - self.started.get(puzzle_id, now))
        after = names[names.index(current) + 1 :]
        return max(0.0, before[current] - (now - since)) + sum(before[name] for name in after)

    def fraction_done(self, puzzle_id: str) -> float | None:
        """How far the compile is, 0..1, by the last one here (None: no record, or not compiling)."""
        record = self.last_time.get(puzzle_id)
        left = self.seconds_left(puzzle_id) if self.compiling(puzzle_id) else None
        if record is None or left is None or record["seconds"] <= 0:
            return None
        return min(0.99, max(0.0, 1 - left / record["seconds"]))

    def shutdown(self) -> None:
        """Stop the workers (the window closes); nothing starts after this."""
        processes, self.processes = self.processes, {}
        self.timer.stop()
        for process in processes.values():
            process.kill()
            process.waitForFinished(2000)

    # ------------------------------------------------------------ stages
    def _compile(self, puzzle_id: str) -> None:
        self.stage[puzzle_id] = "compiling"
        self.last_time[puzzle_id] = warm_up.last_compile(puzzle_id)
        process = QProcess(self)
        process.setProgram(sys.executable)
        process.setArguments(["-m", "solvers.warm_up", puzzle_id])
        process.setWorkingDirectory(str(warm_up.REPO))
        process.setProcessChannelMode(QProcess.ForwardedErrorChannel)
        process.readyReadStandardOutput.connect(lambda: self._read(puzzle_id))
        process.finished.connect(lambda *_: self._compiled(puzzle_id))
        process.errorOccurred.connect(lambda error: self._failed(puzzle_id, error))
        self.processes[puzzle_id] = process
        process.start()

    def _read(self, puzzle_id: str) -> None:
        process = self.processes.get(puzzle_id)
        if process is None:
            return
        names = list(solvers(puzzle_id))
        for line in bytes(process.readAllStandardOutput()).decode(errors="replace").splitlines():
            parts = line.split()
            if parts and "/" in parts[0]:
                self.detail[puzzle_id] = " ".join(parts[:2])
                self.solver_started[puzzle_id] = (" ".join(parts[1:2]), time.perf_counter())
                # "k/n name": the worker starts on solver k, so the ones before it are compiled;
                # "n/n done": all of them
                index = parts[0].partition("/")[0]
                if index.isdigit():
                    done = len(names) if parts[1:2] == ["done"] else int(index) - 1
                    self.compiled.setdefault(puzzle_id, set()).update(names[:done])

    def _compiled(self, puzzle_id: str) -> None:
        if self.processes.pop(puzzle_id, None) is not None and self.stage.get(puzzle_id) == "compiling":
            self._load(puzzle_id)  # from the cache now (or compiled here when the worker could not)

    def _failed(self, puzzle_id: str, error) -> None:
        if error == QProcess.FailedToStart and puzzle_id in self.processes:
            self.processes.pop(puzzle_id, None)
            self._load(puzzle_id)

    def _load(self, puzzle_id: str) -> None:
        """The kernels are in numba's cache (or the worker could not compile them: the run's child
        then compiles what it needs): ready at the next poll, with nothing loaded here."""
        self.stage[puzzle_id] = "loading"
        self.due.add(puzzle_id)

    def _poll(self) -> None:
        for key in sorted(self.solvers_due):
            self.solvers_due.discard(key)
            self.solvers_loaded.add(key)
            self.solver_ready.emit(*key)
        for puzzle_id in sorted(self.due):
            self.due.discard(puzzle_id)
            self.stage[puzzle_id] = "ready"
            self.ready.emit(puzzle_id)
        texts = [self.describe(p) for p in self.stage]
        self.changed.emit("; ".join(t for t in texts if t))
        if not self.busy():
            self.timer.stop()
