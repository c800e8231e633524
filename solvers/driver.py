"""Runs a solver in slices under a budget, with pause, cancel and progress.

The same driver serves the command line (in the main thread) and the GUI (in a
worker thread): the caller passes a ``RunControl`` whose flags it may flip from
any thread, and an ``on_progress`` callback that receives a ``Sample`` after
every slice. Nothing here touches Qt.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from .base import Progress, Solver


@dataclass(frozen=True)
class Budget:
    seconds: float | None = None  # wall-clock limit
    nodes: int | None = None  # expansion limit: same seed + same nodes -> same answer

    def __post_init__(self):
        if self.seconds is None and self.nodes is None:
            raise ValueError("a budget needs seconds, nodes or both")


@dataclass(frozen=True)
class Sample:
    elapsed: float
    progress: Progress


class RunControl:
    """Thread-safe pause / resume / cancel flags for one run."""

    def __init__(self):
        self._running = threading.Event()
        self._running.set()
        self._cancelled = threading.Event()

    def pause(self) -> None:
        self._running.clear()

    def resume(self) -> None:
        self._running.set()

    def cancel(self) -> None:
        self._cancelled.set()
        self._running.set()  # wake a paused run so it can stop

    @property
    def paused(self) -> bool:
        return not self._running.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def wait_while_paused(self) -> float:
        """Block while paused; return the seconds spent waiting."""
        if self._running.is_set():
            return 0.0
        start = time.perf_counter()
        self._running.wait()
        return time.perf_counter() - start


@dataclass
class RunResult:
    moves: tuple
    progress: Progress
    elapsed: float
    stopped_by: str  # "done", "nodes", "time" or "cancelled"
    samples: list[Sample] = field(default_factory=list)


def run(solver: Solver, budget: Budget, *, control: RunControl | None = None,
        on_progress: Callable[[Sample], None] | None = None,
        slice_expansions: int | None = None) -> RunResult:
    """Run ``solver`` in slices (default: its ``slice_size``) until the budget ends."""
    control = control or RunControl()
    slice_expansions = slice_expansions or solver.slice_size
    start = time.perf_counter()
    paused_for = 0.0
    samples: list[Sample] = []
    progress = Progress(0, float("-inf"), 0, False)
    stopped_by = "time"
    while True:
        paused_for += control.wait_while_paused()
        if control.cancelled:
            stopped_by = "cancelled"
            break
        elapsed = time.perf_counter() - start - paused_for
        if budget.seconds is not None and elapsed >= budget.seconds:
            stopped_by = "time"
            break
        if budget.nodes is not None and progress.expansions >= budget.nodes:
            stopped_by = "nodes"
            break
        size = slice_expansions
        if budget.nodes is not None:
            size = min(size, budget.nodes - progress.expansions)
        if budget.seconds is not None:
            solver.deadline = start + paused_for + budget.seconds
        progress = solver.run_slice(size)
        sample = Sample(time.perf_counter() - start - paused_for, progress)
        samples.append(sample)
        if on_progress is not None:
            on_progress(sample)
        if progress.done:
            stopped_by = "done"
            break
    return RunResult(tuple(solver.best_moves()), progress,
                     time.perf_counter() - start - paused_for, stopped_by, samples)
