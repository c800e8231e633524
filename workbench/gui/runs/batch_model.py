"""A batch run as the Runs panel shows it, Qt-free: the run shown, its rows as they arrive, its flags.

The run is ``workbench.batch``'s ``BatchRun`` on a Python thread of its own (it makes the cases,
then drives the worker processes); finished cases come back through a queue. Nothing is said
from that thread: ``drain`` (the panel's timer calls it on the GUI thread, at most 10 times a
second) moves what arrived into ``rows`` and says so through the events below, which the
table, the flagged list and the panel's status line each follow (napari-style). A run opened
from its folder (``show``) goes through the same events, so a widget has one way to learn rows.
"""

from __future__ import annotations

import queue
import threading
from pathlib import Path

from psygnal import Signal

from workbench.batch.anomalies import FlagRule, LiveFlags
from workbench.batch.batch_run import BatchRun
from workbench.batch.plan import BatchPlan
from workbench.core.objective import Objective
from workbench.core.priority import lower_this_thread

LISTED_FLAGS = 200  # flagged cases listed at most: a run of 100,000 bad cases lists the first ones


class BatchRunModel:
    """The run the panel shows: made here (``start``) or opened from its folder (``show``)."""

    started = Signal(object)  # the BatchRun: its cases are made, its rows start to come
    rows_added = Signal(object)  # list[dict]: rows that arrived, each with its "flags" cell
    shown = Signal()  # a run from its folder: ``rows``, ``features``, ``meta`` are all new
    flags_cleared = Signal()  # another run: no case flagged yet
    flagged = Signal(object)  # list[dict]: rows newly listed as flagged (``flagged_count`` may pass them)
    ended = Signal(object)  # the run made here ended: the exception that ended it, or None

    def __init__(self) -> None:
        self.plan: BatchPlan | None = None  # the plan of the run made here
        self.run: BatchRun | None = None  # the run made here, once its cases are made
        self.folder: Path | None = None  # the folder of the run shown
        self.meta: dict = {}  # run.json of the run shown ({} for a run made here)
        self.puzzle: str | None = None  # the puzzle of the run shown (None: a contest's, or none)
        self.rows: list[dict] = []
        self.features: list[str] = []
        self.objective = Objective.MAX
        self.flag_rule = FlagRule()  # of the run shown: its time limit and objective
        self.live_flags: LiveFlags | None = None  # of the run running: its times so far
        self.flagged_rows: list[dict] = []  # the first LISTED_FLAGS flagged
        self.flagged_count = 0
        self.failure: Exception | None = None  # what ended the run made here early
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self._stop_asked = threading.Event()
        self._made: BatchRun | None = None  # the run the thread made (``run``: once drained)

    # ------------------------------------------------------------ a run made here
    def start(self, plan: BatchPlan, puzzle: str | None) -> bool:
        """Run ``plan`` (checked): its build step and its cases are made on the run's thread (a
        contest's gen may take a while). False when a run is going already."""
        if self.running:
            return False
        self.failure = None
        self._stop_asked.clear()
        self.plan, self.run, self._made, self.puzzle, self.meta = plan, None, None, puzzle, {}
        self.objective = Objective.of(plan.problem.objective)
        self._thread = threading.Thread(target=self._work, args=(plan,), daemon=True)
        self._thread.start()
        return True

    def _work(self, plan: BatchPlan) -> None:
        # The run's thread, and the pool's threads and worker processes it starts (on Linux they
        # inherit it; elsewhere each worker lowers itself: ``background``), get a core only when the
        # window's thread does not want one (``core.priority``).
        lower_this_thread()
        try:
            plan.prepare()  # a contest's build step and the program's file
            run = BatchRun(plan.spec(), background=True)
            # Kept before the stop is looked at, and ``stop`` sets its flag before looking here: a
            # stop asked at any time reaches the run, drained or not.
            self._made = run
            self._queue.put(("started", run))
            if self._stop_asked.is_set():
                run.stop()
            run.run(lambda result: self._queue.put(("row", result.row())))
        except Exception as error:  # a contest's gen failed, a folder cannot be written...: said, not raised
            self.failure = error

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def state(self) -> str:
        """ "making" (the cases), "running", "stopping", or "idle" (no run going), as drained so far."""
        if not self.running:
            return "idle"
        if self._stop_asked.is_set():
            return "stopping"
        return "running" if self.run is not None else "making"

    def stop(self) -> None:
        """Running cases are killed, finished ones kept (also before the cases are made)."""
        self._stop_asked.set()
        if self._made is not None:
            self._made.stop()

    def join(self, timeout: float) -> None:
        if self._thread is not None:
            self._thread.join(timeout=timeout)

    def drain(self) -> bool:
        """Take what the run's thread sent, saying it through the events; True once the run has
        ended and everything it sent is taken (the caller's timer may stop)."""
        # Whether the run had ended is read before the queue: a row put just before its thread
        # ended is then taken here, not left behind when the timer stops.
        ended = not self.running
        fresh: list[dict] = []
        while True:
            try:
                kind, item = self._queue.get_nowait()
            except queue.Empty:
                break
            if kind == "started":
                self._add(fresh)
                fresh = []
                self._started(item)
            else:
                fresh.append(item)
        self._add(fresh)
        if ended:
            self.ended.emit(self.failure)
        return ended

    def _started(self, run: BatchRun) -> None:
        self.run, self.folder = run, run.spec.out
        self.rows, self.features, self.objective = [], list(run.features), Objective.of(run.problem.objective)
        self.flag_rule = FlagRule.of_run(run.meta())
        self.live_flags = LiveFlags(self.flag_rule)  # a time against the run's times so far
        self._clear_flags()
        self.started.emit(run)

    def _add(self, rows: list[dict]) -> None:
        if not rows:
            return
        self._flag(rows)
        self.rows.extend(rows)
        self.rows_added.emit(rows)

    # ------------------------------------------------------------ a run from its folder
    def show(
        self, folder: Path, meta: dict, rows: list[dict], puzzle: str | None, features: list[str], objective: Objective
    ) -> None:
        """The run in ``folder`` (its run.json ``meta`` and results.csv ``rows``) is the one shown."""
        self.run, self.folder, self.meta, self.puzzle = None, Path(folder), meta, puzzle
        self.rows, self.features, self.objective = list(rows), list(features), objective
        self.flag_rule = FlagRule.of_run(meta).among(rows)  # a time against the whole run's
        self.live_flags = None
        self._clear_flags()
        self._flag(self.rows)
        self.shown.emit()

    def other_puzzle(self, board_puzzle: str | None) -> str | None:
        """The puzzle of the run shown when it is not the board's (its rows open that puzzle)."""
        return self.puzzle if board_puzzle and self.puzzle not in (None, board_puzzle) else None

    # ------------------------------------------------------------ flags
    def _clear_flags(self) -> None:
        self.flagged_rows, self.flagged_count = [], 0
        self.flags_cleared.emit()

    def _flag(self, rows: list[dict]) -> None:
        """Each row's flags (its "flags" cell); the flagged ones listed as they come."""
        rule = self.live_flags or self.flag_rule
        listed: list[dict] = []
        for row in rows:
            flags = rule.flags(row)
            row["flags"] = "; ".join(flags)
            if flags:
                self.flagged_count += 1
                if len(self.flagged_rows) < LISTED_FLAGS:
                    self.flagged_rows.append(row)
                    listed.append(row)
        if rows:
            self.flagged.emit(listed)
