"""A solver run as the Solver panel shows it (Qt-free, psygnal events, napari-style).

``SolverRun`` follows the window's ``AppState``: the session shown (``session_replaced``) and
its position (``step_changed``, ``board_changed``) are the problem the next run solves, so no
window pushes it. It owns the run: its state, the job (``solvers.job.SolverJob``, driven through
its API only), the rescoring thread that puts every line on the contest's scale from the game's
start, the best answer with its transitions (applied without being played again), the frontier
rows and the plots' samples. ``poll`` is called by the panel's timer on the GUI thread, so every
event below is emitted there; each widget connects to the events it shows.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import Enum
from functools import partial

from psygnal import Signal

from solvers.finish import finisher
from solvers.job_process import ProcessSolverJob, end_hosts
from solvers.online import build_run
from solvers.run_setup import checked_params, run_budget
from workbench.core.errors import WorkbenchError
from workbench.core.priority import lower_this_thread
from workbench.core.words import translate
from workbench.gui.solver.live_series import GrowingSeries
from workbench.gui.solver.run_scores import RunScores
from workbench.gui.solver.run_text import found, progress_line

NAN = float("nan")  # a plot sample before the first answer


def _score(name: str) -> property:
    """``run.name``: the run's scores' (``RunScores``)."""
    return property(lambda self: getattr(self.scores, name))


class RunState(Enum):
    IDLE = "idle"  # no run, or its results were cleared
    WAITING = "waiting"  # Start pressed before the puzzle's kernels are loaded
    RUNNING = "running"  # the job runs, or its last answers are being rescored
    PAUSED = "paused"
    DONE = "done"  # ended by its budget or by finding the answer
    CANCELLED = "cancelled"
    FAILED = "failed"  # the solver raised


@dataclass(frozen=True)
class RunRequest:
    """What Start asks for: a solver class, its parameters and the budget (None: no limit)."""

    solver: type
    params: dict
    seconds: float | None
    nodes: int | None
    seed: int = 0


@dataclass
class Samples:
    """The plots' series, one value per sample: seconds into the run, the best score, an online
    game's score now and the frontier's size (NaN where there is none yet)."""

    times: GrowingSeries = field(default_factory=GrowingSeries)
    best: GrowingSeries = field(default_factory=GrowingSeries)
    now: GrowingSeries = field(default_factory=GrowingSeries)
    frontier: GrowingSeries = field(default_factory=GrowingSeries)


class SolverRun:
    state_changed = Signal(object)  # the RunState
    puzzle_changed = Signal(object)  # another puzzle shown: its solvers are offered
    started = Signal(object)  # Start pressed (the run began, or waits for its kernels)
    status_changed = Signal(str)  # the panel's line on the run
    progressed = Signal(str)  # the progress line, at each poll with samples (for the status bar)
    message = Signal(str)  # a line for the status bar: an error, the run's end
    best_changed = Signal(object)  # the best answer's moves
    rows_changed = Signal(object)  # the frontier table's rows, best first
    samples_added = Signal()  # new plot samples
    cleared = Signal()  # the results are gone (a new run, another board)
    finish_offered = Signal(object)  # a cancelled online game can be finished with this fast policy

    def __init__(self, app_state=None):
        self.app_state = app_state
        self.session = None
        self.puzzle = None
        self.board = None  # the instance shown; results of a run of another board are cleared
        self.node = None  # the history node shown: where the next run starts
        self.state = RunState.IDLE
        self.status = translate("SolverRun", "Idle")
        self.job: ProcessSolverJob | None = None
        self.pending: RunRequest | None = None  # Start asked for while the kernels load
        self.not_ready = ""  # what the kernels are doing while they are not loaded ("" once they are)
        self.loaded_ahead: set[str] = set()  # solvers ready before the rest of their puzzle's
        self._scoring = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rescore", initializer=lower_this_thread)
        self._reset()
        if app_state is not None:
            app_state.session_replaced.connect(self.follow)

    def _reset(self) -> None:
        self.run_board = None  # the board the results belong to
        self.start_node = None
        self.last_result = None  # the RunResult of the last run, once it ended
        self._ending = None  # the run's result, shown once its last answers are scored
        self.scores = RunScores()  # its lines on the contest's scale
        self.samples = Samples()

    # ------------------------------------------------------------ what is shown
    def follow(self, session) -> None:
        """Show ``session`` from now on: its puzzle's solvers, its board and position."""
        if self.session is not None:
            self.session.step_changed.disconnect(self._see)
            self.session.board_changed.disconnect(self._see)
        self.session = session
        session.step_changed.connect(self._see)
        session.board_changed.connect(self._see)
        self.set_puzzle(session.puzzle)
        self._see()

    def _see(self, *_news) -> None:
        """The session's board and position: a run of another board is cleared; the position is
        where the next run starts (not while one runs: its answer hangs from where it began)."""
        self.show_board(self.session.instance)
        if not self.running:
            self.node = self.session.history.current

    def set_puzzle(self, puzzle) -> None:
        if self.puzzle is puzzle:
            return
        self.cancel()
        self.puzzle = puzzle
        self.loaded_ahead = set()
        self.puzzle_changed.emit(puzzle)

    def show_board(self, instance) -> None:
        """The board shown now; a run of another board is cancelled and its results cleared."""
        if instance is self.board:
            return
        self.board = instance
        if self.pending is not None:
            self.cancel()
        if self.run_board is not None and self.run_board is not instance:
            name = self.job.name if self.job is not None else translate("SolverRun", "the solver")
            self.cancel()
            self._clear()
            self._say(
                translate(
                    "SolverRun", "Idle. The last run ({0}) was on another board; its results are cleared."
                ).format(name)
            )

    def _clear(self) -> None:
        self._reset()
        if self.app_state is not None:
            self.app_state.set_solver_start(None)
        self.cleared.emit()

    # ------------------------------------------------------------ running
    @property
    def running(self) -> bool:
        """A run is going, or has ended with its last answers still being rescored."""
        return self.state in (RunState.RUNNING, RunState.PAUSED)

    @property
    def owns_best(self) -> bool:
        """An answer of the board shown (never another board's) to apply or export."""
        return bool(self.best_moves) and self.run_board is not None and self.run_board is self.board

    def _set_state(self, state: RunState) -> None:
        if state is not self.state:
            self.state = state
            self.state_changed.emit(state)

    def _say(self, text: str) -> None:
        self.status = text
        self.status_changed.emit(text)

    def start(self, request: RunRequest) -> None:
        """Start a run from the position shown, or wait for the kernels it needs."""
        if self.running or self.node is None or self.puzzle is None:
            return
        if request.seconds is None and request.nodes is None:
            self.message.emit(translate("SolverRun", "Set a time or a node budget before starting a solver"))
            return
        if self.not_ready and request.solver.name not in self.loaded_ahead:
            self.pending = request  # the budget starts when the run does, not while kernels compile
            self._say_waiting()
            self._set_state(RunState.WAITING)
            self.started.emit(self.node)
            return
        self.pending = None
        self._start_now(request)

    def _start_now(self, request: RunRequest) -> None:
        cls, puzzle, node, instance = request.solver, self.puzzle, self.node, self.board
        try:
            params = checked_params(cls, request.params)
            budget = run_budget(puzzle, instance, cls, params, request.seconds, request.nodes).budget
        except (ValueError, WorkbenchError) as error:
            self.message.emit(translate("SolverRun", "Cannot start {0}: {1}").format(cls.name, error))
            self._set_state(RunState.IDLE)
            return
        seed = request.seed
        # Built and run in the job's child process, in the lowest class (solvers.job_process): it
        # shares no GIL with the window, and a large case's tables never hold it.
        job = ProcessSolverJob(
            partial(build_run, puzzle, instance, node.state, cls, seed=seed, params=params, budget=budget),
            budget,
            name=cls.name,
            objective=puzzle.objective,
        )
        self._clear()  # a rescoring of the last run still going is dropped
        self.job, self.run_board, self.start_node = job, instance, node
        self.scores = RunScores(puzzle, instance, node)
        if self.app_state is not None:
            self.app_state.set_solver_start(node)
        job.start()
        self._set_state(RunState.RUNNING)
        self._say(translate("SolverRun", "{0}: starting…").format(cls.name))
        self.started.emit(node)

    def toggle_pause(self) -> None:
        if not self.running:
            return
        if self.job.control.paused:
            self.job.control.resume()
            self._set_state(RunState.RUNNING)
        else:
            self.job.control.pause()
            self._set_state(RunState.PAUSED)
            self._say(self.status + translate("SolverRun", " (paused)"))

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending = None
            self._say(translate("SolverRun", "Start cancelled before the kernels were ready"))
            self._set_state(RunState.IDLE)
        if self.running:
            self.job.control.cancel()

    def shutdown(self, timeout: float = 5.0) -> None:
        """Cancel and wait for the job (the slice in progress finishes first)."""
        if self.job is not None:
            self.job.control.cancel()
            self.job.join(timeout)
            self.poll()
        end_hosts()  # the solver's child processes end with the window

    # ------------------------------------------------------------ kernels
    def _say_waiting(self) -> None:
        self._say(
            translate(
                "SolverRun", "{0} waits: {1}. It starts by itself when they are ready (Cancel to give up)."
            ).format(self.pending.solver.name, self.not_ready)
        )

    def set_not_ready(self, text: str) -> None:
        """What the kernels are doing while they are not ready yet ("" once they are)."""
        self.not_ready = text
        if self.pending is not None and text:
            self._say_waiting()

    def kernels_ready(self) -> None:
        self.not_ready = ""
        if self.pending is not None:
            self.start(self.pending)

    def solver_loaded(self, name: str) -> None:
        """One solver's kernels are loaded before the rest of its puzzle's: a run waiting for it starts."""
        self.loaded_ahead.add(name)
        if self.pending is not None and self.pending.solver.name == name:
            self.start(self.pending)

    # ------------------------------------------------------------ the timer's poll
    def poll(self) -> None:
        """Take what the job published (called by the panel's timer, on the GUI thread)."""
        if self.job is None:
            return
        finished = not self.job.running  # before the poll: a run that ended has published everything
        update = self.job.poll()
        if self.run_board is None:  # the run was of a board no longer shown: its news is dropped
            if finished and self.running:
                self._set_state(RunState.IDLE)
            return
        if update.best_moves is not None or update.frontier is not None:
            self.scores.offer(update.best_moves, update.frontier)
        self._collect_scores()  # never waits for the scoring thread
        self._take_samples(update.samples)
        if update.error is not None:
            self._say(translate("SolverRun", "Solver failed: {0}").format(update.error))
            self.message.emit(self.status)
        if update.result is not None:
            self._ending = update.result
        if self._ending is not None and self.scores.idle():
            self._end(update.error)
        if finished and self._ending is None and self.scores.idle() and self.running:
            failed = update.error is not None or self.last_result is None
            cancelled = self.last_result is not None and self.last_result.stopped_by == "cancelled"
            self._set_state(RunState.FAILED if failed else RunState.CANCELLED if cancelled else RunState.DONE)

    def _collect_scores(self) -> None:
        best_changed, rows_changed, errors = self.scores.collect(self._scoring)
        for error in errors:
            self.message.emit(translate("SolverRun", "Cannot score the solver's answer: {0}").format(error))
        if best_changed:
            self.best_changed.emit(self.best_moves)
        if rows_changed:
            self.rows_changed.emit(self.rows)

    def _take_samples(self, samples) -> None:
        for sample in samples:
            self._add_sample(sample.elapsed, sample.progress.frontier_size)
        if samples:
            last = samples[-1]
            paused = translate("SolverRun", " (paused)") if self.job.control.paused else ""
            self._say(progress_line(self, last) + paused)
            self.progressed.emit(self.status)
            self.samples_added.emit()

    def _add_sample(self, elapsed: float, frontier_size: int) -> None:
        self.samples.times.append(elapsed)
        self.samples.best.append(NAN if self.best_score is None else self.best_score)
        self.samples.now.append(NAN if self.game_score is None else self.game_score)
        self.samples.frontier.append(frontier_size)

    def _end(self, error) -> None:
        """The run's end, once its last answers are scored: the plots reach it, the status says it."""
        result, self._ending = self._ending, None
        self.last_result = result
        self._add_sample(result.elapsed, result.progress.frontier_size)
        self.samples_added.emit()
        fast = finisher(self.puzzle.id) if self.puzzle.online else None
        if fast is not None and result.stopped_by == "cancelled":
            self.finish_offered.emit(fast)  # a cut-short online game is no answer until finished
        self._say(
            translate("SolverRun", "{0}: {1} after {2:.1f} s, {3} nodes; {4}").format(
                self.job.name, result.stop_reason, result.elapsed, result.progress.expansions, found(self)
            )
        )
        self.message.emit(self.status)

    # ------------------------------------------------------------ reading
    best_moves, best_played, best_score, game_score, answers, rows, origin_depth = (
        _score(name)
        for name in ("best_moves", "best_played", "best_score", "game_score", "answers", "rows", "origin_depth")
    )

    def best_text(self) -> str:
        return self.scores.best_text()

    def best_length(self) -> int:
        return self.scores.best_length()

    def played(self, moves, start) -> tuple | None:
        """The transitions of ``moves`` from ``start`` when they are the best answer from the node
        the run began at (rescored already: applying it plays nothing again), else None."""
        if start is self.start_node and tuple(moves) == self.best_moves and len(self.best_played) == len(moves):
            return self.best_played
        return None

    def frontier_state(self, origin_state, moves):
        """The state a row's ``moves`` reach from ``origin_state``, as the rescoring found it, or
        None when not known (another origin, a row no longer shown)."""
        if self.start_node is None or self.start_node.state is not origin_state:
            return None
        for row in self.rows:
            if row.entry.moves is moves or row.entry.moves == moves:
                return row.state
        return None
