"""One case run for a view that watches it live (the app's "Run this case live", and the child
process of ``live_child``): the case played through its problem's ``play`` with a ``LiveRecorder``,
its snapshots scored and drawn (``snapshot_drawing``) as they arrive. Above the runner: ``live``
itself is the recording, which the results and the database keep."""

from __future__ import annotations

import threading

from .case_run import CaseRun, Runner
from .cases import BatchCase
from .live import LiveRecorder, Snapshot
from .problem import CaseProblem
from .puzzle_problem import PuzzleProblem
from .results import CaseResult
from .snapshot_drawing import Drawing, SnapshotDrawer


class LiveCase:
    """One case run for a view that watches it: the program on a thread of its own, its snapshots
    scored and drawn as they arrive on another (a puzzle's position, a contest's answer written into
    ``answers_dir``: the view only shows them); ``take`` hands out what is new (a view's timer polls
    it), ``cancel`` kills the program's process group at any time. Qt-free: a view never blocks on it."""

    POLL_SECONDS = 0.05

    def __init__(
        self,
        problem: CaseProblem,
        case: BatchCase,
        command: str,
        seconds: float,
        cwd: str | None = None,
        time_by: str = "wall",
        answers_dir: str | None = None,
    ):
        self.problem, self.case = problem, case
        puzzle = problem.puzzle if isinstance(problem, PuzzleProblem) else None  # a contest's: its vis draws
        self.drawer = SnapshotDrawer(puzzle, case, answers_dir)
        self.runner = Runner(seconds, command=command, cwd=cwd, time_by=time_by)
        self.recorder = LiveRecorder()
        self.result: CaseResult | None = None  # the case's result once it has ended
        self.error = ""  # why the case could not be judged at all
        self.cancelled = False
        self.finished = threading.Event()  # the program ended and every snapshot is scored
        self._lock = threading.Lock()
        self._series: list[tuple[float, float]] = []
        self._snapshots: list[Snapshot] = []  # scored and drawn
        self._played = threading.Event()
        self._run: CaseRun | None = None

    def start(self) -> LiveCase:
        threading.Thread(target=self._play, name="wb-live-case", daemon=True).start()
        threading.Thread(target=self._score, name="wb-live-score", daemon=True).start()
        return self

    def _play(self) -> None:
        try:
            self._run = self.problem.play(self.runner, self.case, live=self.recorder)
        except Exception as error:  # the view says it; the thread must not die silently
            self.error = f"the case could not run: {type(error).__name__}: {error}"
        finally:
            self._played.set()

    def _score(self) -> None:
        try:
            scorer = self.problem.snapshot_scorer(self.case)
        except Exception as error:
            scorer, self.error = None, f"snapshots cannot be scored: {error}"
        while True:
            ended = self._played.wait(self.POLL_SECONDS)
            if not ended:
                self.recorder.poll()
            series, snapshots = self.recorder.take_new()
            for snapshot in snapshots:
                if scorer is not None and not snapshot.scored:
                    try:
                        snapshot.score, snapshot.message = scorer(snapshot.text or "")
                    except Exception as error:
                        snapshot.message = f"not scored: {type(error).__name__}: {error}"
                try:
                    self.drawer.draw(snapshot)
                except Exception as error:  # e.g. the view's folder is full: said, the run goes on
                    snapshot.text, snapshot.drawing = None, Drawing(refused=f"{type(error).__name__}: {error}")
            with self._lock:
                self._series.extend(series)
                self._snapshots.extend(snapshots)
            if ended:
                break
        if self._run is not None:
            try:
                self.result = self.problem.score_run(self.case, self._run)
            except Exception as error:
                self.error = f"the case could not be scored: {type(error).__name__}: {error}"
        self.finished.set()

    def take(self) -> tuple[list[tuple[float, float]], list[Snapshot]]:
        """The [SCORE] points and scored snapshots since the last call."""
        with self._lock:
            series, self._series = self._series, []
            snapshots, self._snapshots = self._snapshots, []
        return series, snapshots

    def elapsed(self) -> float:
        return self.recorder.now()

    @property
    def bad_lines(self) -> int:
        """[SCORE] lines whose value was not a number."""
        return self.recorder.trace.bad_lines

    def cancel(self) -> None:
        """Kill the program and everything it started (its process group); the case then ends."""
        self.cancelled = True
        self.recorder.cancel()
