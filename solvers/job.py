"""A solver run on a background thread, observed by polling (Qt-free).

The worker thread owns the solver: only it calls into the solver, between
slices, so the numba kernels never race with a reader. After each slice it
publishes a sample and, at a bounded rate, a snapshot of the frontier and of
the best answer; the GUI reads them from a timer with ``poll()``.
"""

from __future__ import annotations

import _thread
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from workbench.core.objective import Objective
from workbench.core.priority import lower_this_thread

from .base import FrontierEntry, Solver
from .driver import Budget, RunControl, RunResult, Sample
from .online import OnlineGame, execute

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
    def __init__(
        self,
        target: Solver | OnlineGame | Callable[[], Solver | OnlineGame],
        budget: Budget,
        slice_expansions: int | None = None,
        name: str | None = None,
        objective=None,
    ):
        """``target``: a solver, or an online game that builds one per turn; or, with its ``name`` and
        ``objective``, a function that builds it, called on the job's thread (a large case's tables,
        rolling-balls' walking distances from every target, held the window 20 ms)."""
        self._build: Callable[[], Solver | OnlineGame] | None = None
        self.target: Solver | OnlineGame | None = None  # built on the job's thread when given a function
        if name is not None and callable(target):
            self._build, self.name = target, name
        elif isinstance(target, (Solver, OnlineGame)):
            self.target, self.name = target, name or target.name
        else:
            raise TypeError("a function that builds the solver needs the solver's name")
        self.budget = budget
        self.slice_expansions = slice_expansions
        self.control = RunControl()
        self._lock = threading.Lock()
        self._pending = JobUpdate()
        # Scores compare by the puzzle's objective (a lower-wins puzzle: fewer moves win).
        self.objective = Objective.of(
            objective if self.target is None else getattr(self.target.puzzle, "objective", None)
        )
        self._best_score: float | None = None
        self._played = 0  # moves an online game had committed at the last snapshot
        self._last_snapshot = 0.0
        self._started = False
        self._ended = threading.Event()
        self.native_id: int | None = None  # the run's thread, once it runs

    def start(self) -> None:
        # A bare thread (it never holds up the interpreter's exit, as a daemon thread does not):
        # ``threading.Thread.start`` waits until the new thread has run, and on a loaded machine
        # that held the window's thread for up to 1.1 s at every start (a puzzle whose runs end
        # and start again every second or so paid it every second).
        self._started = True
        _thread.start_new_thread(self._run, ())

    @property
    def running(self) -> bool:
        return self._started and not self._ended.is_set()

    def join(self, timeout: float | None = None) -> bool:
        return not self._started or self._ended.wait(timeout)

    def _run(self) -> None:
        try:
            self._work()
        finally:
            self._ended.set()

    def poll(self) -> JobUpdate:
        with self._lock:
            update, self._pending = self._pending, JobUpdate()
        return update

    # ------------------------------------------------------ worker thread
    def _frontier(self) -> list[FrontierEntry]:
        target = self.target
        assert target is not None  # built before the run starts
        if not isinstance(target, OnlineGame):
            return target.frontier(FRONTIER_ROWS)
        if target.solver is None or target.over:
            return []  # before the first turn, or the game is over: no move is left to weigh
        # The turn's solver plans from the current turn: prefix the moves already played.
        played = tuple(target.moves)
        return [
            replace(e, moves=played + tuple(e.moves), depth=len(played) + e.depth)
            for e in target.solver.frontier(FRONTIER_ROWS)
        ]

    def _improved_answer(self, sample: Sample) -> tuple | None:
        target = self.target
        assert target is not None  # built before the run starts
        if isinstance(target, OnlineGame):
            if len(target.moves) == self._played:
                return None
            self._played = len(target.moves)
            return tuple(target.moves)
        if not self.objective.better(sample.progress.best_score, self._best_score):
            return None
        self._best_score = sample.progress.best_score
        return tuple(target.best_moves())

    def _on_progress(self, sample: Sample) -> None:
        frontier = None
        now = time.perf_counter()
        if now - self._last_snapshot >= SNAPSHOT_INTERVAL:
            self._last_snapshot = now
            frontier = self._frontier()
        best = self._improved_answer(sample)
        with self._lock:
            self._pending.samples.append(sample)
            if frontier is not None:
                self._pending.frontier = frontier
            if best is not None:
                self._pending.best_moves = best

    def _work(self) -> None:
        self.native_id = threading.get_native_id()
        # The app's run: its thread, and the kernel threads it starts, get a core only when the
        # window's thread does not want one (``core.priority``).
        lower_this_thread()
        try:
            if self._build is not None:
                self.target = self._build()
            result = execute(
                self.target,
                self.budget,
                control=self.control,
                on_progress=self._on_progress,
                slice_expansions=self.slice_expansions,
            )
            frontier = self._frontier()
        except Exception as error:  # reported to the user, the app keeps running
            with self._lock:
                self._pending.error = f"{type(error).__name__}: {error}"
            return
        with self._lock:
            self._pending.frontier = frontier
            self._pending.best_moves = result.moves
            self._pending.result = result
