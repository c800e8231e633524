"""Runs a solver in slices under a budget, with pause, cancel and progress.

The same driver serves the command line (in the main thread) and the GUI (in a
worker thread): the caller passes a ``RunControl`` whose flags it may flip from
any thread, and an ``on_progress`` callback that receives a ``Sample`` after
every slice. Nothing here touches Qt.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .base import Progress, Solver


@dataclass(frozen=True)
class Budget:
    seconds: float | None = None  # wall-clock limit
    nodes: int | None = None  # expansion limit: same seed + same nodes -> same answer

    def __post_init__(self):
        if self.seconds is None and self.nodes is None:
            raise ValueError("a budget needs seconds, nodes or both")
        # nan never compares true, so a run under it would never stop; inf is no budget either.
        if self.seconds is not None and not (math.isfinite(self.seconds) and self.seconds >= 0):
            raise ValueError(f"the time budget must be a finite number of seconds >= 0, got {self.seconds}")
        if self.nodes is not None and self.nodes < 0:
            raise ValueError(f"the node budget cannot be negative, got {self.nodes}")


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
        self.wakes: set[threading.Event] = set()  # set on cancel: the watchdogs of the slices under way

    def pause(self) -> None:
        self._running.clear()

    def resume(self) -> None:
        self._running.set()

    def cancel(self) -> None:
        self._cancelled.set()
        self._running.set()  # wake a paused run so it can stop
        for wake in list(self.wakes):
            wake.set()

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


_clock = time.perf_counter  # the watchdog's own reference, whatever tests do to ``time``
SLICE_SECONDS = 0.1  # under a time budget a resumable solver's slice is ended after this long
WATCH_PERIOD = 0.04  # the watchdog looks at least this often (a cancel wakes it at once)
# Under a time budget the search ends this much early: stopping the kernels under way (the
# watchdog's wake-up, their next look at the stop flag) and handing back the answer take a
# few ms, which would otherwise come on top of the budget (ahc011 runs in a batch ended up to
# 17 ms after the search's end: one in 60 at 3 s went 7 ms past the budget with 0.01).
WRAP_UP_SECONDS = 0.03


class _Watchdog:
    """Ends the slice under way early by setting the solver's stop flag: on a cancel,
    and under a time budget at its end (``solver.stop_time``) and, for a resumable
    solver, after SLICE_SECONDS. Under a node budget alone only a cancel stops a
    slice, so same seed + node budget -> same answer, slice by slice.

    One daemon thread serves every run in the process. Starting or ending a slice
    only writes an attribute (an online game plays thousands of tiny slices), and
    the thread sleeps until the next stop time, at most WATCH_PERIOD; a cancel wakes it.
    """

    _lock = threading.Lock()
    _active: set[_Watchdog] = set()
    _wake = threading.Event()
    _thread: threading.Thread | None = None

    def __init__(self, solver: Solver, control: RunControl):
        self.solver = solver
        self.control = control
        self.flag = solver.stop_flag
        self.slice_started: float | None = None
        with _Watchdog._lock:
            _Watchdog._active.add(self)
            if _Watchdog._thread is None:
                _Watchdog._thread = threading.Thread(target=_Watchdog._watch, name="slice-watchdog", daemon=True)
                _Watchdog._thread.start()
        control.wakes.add(_Watchdog._wake)
        _Watchdog._wake.set()

    def _stop_at(self, started: float) -> float:
        """When the slice that started at ``started`` must stop (inf: only on cancel)."""
        if self.control.cancelled:
            return started
        deadline = self.solver.deadline
        if deadline is None:  # a node budget: slices end by expansions alone, as asked
            return math.inf
        at = self.solver.stop_time(deadline)
        if self.solver.resumable:
            at = min(at, started + SLICE_SECONDS)
        return at

    @staticmethod
    def _watch() -> None:
        while True:
            with _Watchdog._lock:
                runs = list(_Watchdog._active)
            soonest = math.inf
            now = _clock()
            for run in runs:
                started = run.slice_started
                if started is None:
                    continue
                at = run._stop_at(started)
                if at <= now:
                    run.flag[0] = 1
                else:
                    soonest = min(soonest, at)
            if runs:
                _Watchdog._wake.wait(max(0.001, min(WATCH_PERIOD, soonest - now)))
            else:
                _Watchdog._wake.wait()  # no run in the process: sleep until one starts
            _Watchdog._wake.clear()

    def run_slice(self, size: int) -> Progress:
        self.flag[0] = 0
        self.slice_started = _clock()
        try:
            return self.solver.run_slice(size)
        finally:
            self.slice_started = None

    def close(self) -> None:
        with _Watchdog._lock:
            _Watchdog._active.discard(self)
        self.control.wakes.discard(_Watchdog._wake)
        self.flag[0] = 0


# Why a run ended, in words (the status line and the command line say these, not the codes).
STOP_REASONS = {
    "done": "finished",
    "time": "stopped at its time budget",
    "nodes": "stopped at its node budget",
    "cancelled": "cancelled",
}


@dataclass
class RunResult:
    moves: tuple
    progress: Progress
    elapsed: float
    stopped_by: str  # "done", "nodes", "time" or "cancelled"
    samples: list[Sample] = field(default_factory=list)

    @property
    def stop_reason(self) -> str:
        return STOP_REASONS.get(self.stopped_by, self.stopped_by)


def run(
    solver: Solver,
    budget: Budget,
    *,
    control: RunControl | None = None,
    on_progress: Callable[[Sample], None] | None = None,
    slice_expansions: int | None = None,
) -> RunResult:
    """Run ``solver`` in slices (default: its ``slice_size``) until the budget ends."""
    control = control or RunControl()
    slice_expansions = slice_expansions or solver.slice_size
    start = time.perf_counter()
    samples: list[Sample] = []
    watchdog = _Watchdog(solver, control)
    try:
        progress, stopped_by, paused_for = _slices(
            solver, budget, control, on_progress, slice_expansions, watchdog, start, samples
        )
    finally:
        try:
            solver.end_run()
        finally:
            watchdog.close()
    return RunResult(
        tuple(solver.best_moves()), progress, time.perf_counter() - start - paused_for, stopped_by, samples
    )


def _search_seconds(seconds: float) -> float:
    """The part of a time budget the search gets: all but WRAP_UP_SECONDS (at most half of it)."""
    return seconds - min(WRAP_UP_SECONDS, seconds / 2)


def _slices(solver, budget, control, on_progress, slice_expansions, watchdog, start, samples):
    progress = Progress(0, float("-inf"), 0, False)
    paused_for = 0.0
    stopped_by = "time"
    while True:
        paused_for += control.wait_while_paused()
        if control.cancelled:
            stopped_by = "cancelled"
            break
        elapsed = time.perf_counter() - start - paused_for
        # The first slice always runs, so a budget shorter than the start-up still gets an answer.
        if budget.seconds is not None and elapsed >= _search_seconds(budget.seconds) and samples:
            stopped_by = "time"
            break
        if budget.nodes is not None and progress.expansions >= budget.nodes:
            stopped_by = "nodes"
            break
        size = slice_expansions
        if budget.nodes is not None:
            size = min(size, budget.nodes - progress.expansions)
        if budget.seconds is not None:
            solver.deadline = start + paused_for + _search_seconds(budget.seconds)
        progress = watchdog.run_slice(size)
        sample = Sample(time.perf_counter() - start - paused_for, progress)
        samples.append(sample)
        if on_progress is not None:
            on_progress(sample)
        if progress.done:
            stopped_by = "done"
            break
    return progress, stopped_by, paused_for
