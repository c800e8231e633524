"""A solver run on a background thread, observed by polling (Qt-free).

The worker thread owns the solver: only it calls into the solver, between
slices, so the numba kernels never race with a reader. After each slice it
publishes a sample and, at a bounded rate, a snapshot of the frontier and of
the best answer; the GUI reads them from a timer with ``poll()``.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from .base import FrontierEntry, Solver
from .driver import Budget, RunControl, RunResult, Sample, run

SNAPSHOT_INTERVAL = 0.25  # seconds between frontier snapshots
FRONTIER_ROWS = 20


@dataclass
class JobUpdate:
    samples: list[Sample] = field(default_factory=list)  # new since the last poll
    frontier: list[FrontierEntry] | None = None  # a fresh snapshot, when there is one
    best_moves: tuple | None = None  # the best answer, when it improved
    result: RunResult | None = None  # set once, when the run ends
    error: str | None = None  # set once, when the solver raised


class SolverJob:
    def __init__(self, solver: Solver, budget: Budget, slice_expansions: int = 2000):
        self.solver = solver
        self.budget = budget
        self.slice_expansions = slice_expansions
        self.control = RunControl()
        self._lock = threading.Lock()
        self._pending = JobUpdate()
        self._best_score = float("-inf")
        self._last_snapshot = 0.0
        self._thread = threading.Thread(target=self._work, name=f"solver-{solver.name}", daemon=True)

    def start(self) -> None:
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def join(self, timeout: float | None = None) -> bool:
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def poll(self) -> JobUpdate:
        with self._lock:
            update, self._pending = self._pending, JobUpdate()
        return update

    # ------------------------------------------------------ worker thread
    def _on_progress(self, sample: Sample) -> None:
        frontier = best = None
        now = time.perf_counter()
        if now - self._last_snapshot >= SNAPSHOT_INTERVAL:
            self._last_snapshot = now
            frontier = self.solver.frontier(FRONTIER_ROWS)
        if sample.progress.best_score > self._best_score:
            self._best_score = sample.progress.best_score
            best = tuple(self.solver.best_moves())
        with self._lock:
            self._pending.samples.append(sample)
            if frontier is not None:
                self._pending.frontier = frontier
            if best is not None:
                self._pending.best_moves = best

    def _work(self) -> None:
        try:
            result = run(self.solver, self.budget, control=self.control,
                         on_progress=self._on_progress, slice_expansions=self.slice_expansions)
            frontier = self.solver.frontier(FRONTIER_ROWS)
        except Exception as error:  # reported to the user, the app keeps running
            with self._lock:
                self._pending.error = f"{type(error).__name__}: {error}"
            return
        with self._lock:
            self._pending.frontier = frontier
            self._pending.best_moves = result.moves
            self._pending.result = result
