"""The Solver tab: controls, live plots, the frontier table and the answer buttons, each a view
of one ``SolverRun`` (``run_model``) that follows the window's ``AppState``.

The solver runs on a background thread (solvers.job.SolverJob); this panel's timer (10 Hz) has
the run poll it, so the run's events, and every widget and plot they update, happen on the GUI
thread and never more often than the timer fires. The panel also lets the run wait for its
puzzle's kernels (``KernelWarmUp``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from solvers.job_process import warm
from workbench.gui.common.plot_style import y_range
from workbench.gui.solver.answer_buttons import AnswerButtons
from workbench.gui.solver.follow import follow
from workbench.gui.solver.frontier_table import FACTS_COLUMN, SOLVER_COLUMN, FrontierTable
from workbench.gui.solver.run_controls import RunControls
from workbench.gui.solver.run_model import SolverRun
from workbench.gui.solver.run_plots import POLL_MS, RunPlots
from workbench.gui.solver.run_text import score_text

__all__ = ["FACTS_COLUMN", "POLL_MS", "SOLVER_COLUMN", "SolverPanel", "score_text", "y_range"]


def _part(part: str, name: str) -> property:
    """``panel.name``, read from one of its parts (the tests and the window reach them so)."""
    return property(lambda self: getattr(getattr(self, part), name))


class SolverPanel(QWidget):
    bestApplied = Signal(object)  # moves of the best answer, to add to the history
    exportRequested = Signal(object)  # moves of the best answer, to export
    previewRequested = Signal(object)  # moves of a frontier state, to preview
    message = Signal(str)  # a line for the status bar
    progressed = Signal(str)  # the run's progress line, as it changes (time, nodes, best)
    started = Signal()  # Start was pressed: the run began, or waits for its kernels
    finishRequested = Signal(object)  # moves of a cut-short online game, to finish with the fast policy
    kernelsReady = Signal(str)  # the id of the puzzle shown, once its solver kernels are loaded

    def __init__(self, app_state=None, parent=None):
        super().__init__(parent)
        self.run = SolverRun(app_state)
        self.kernels = None  # the window's KernelWarmUp (``use_kernels``)
        self.controls = RunControls(self.run)
        self.plots = RunPlots(self.run, self)
        self.frontier = FrontierTable(self.run)
        self.answer_buttons = AnswerButtons(self.run)
        for mine, theirs in (
            (self.bestApplied, self.answer_buttons.bestApplied),
            (self.exportRequested, self.answer_buttons.exportRequested),
            (self.finishRequested, self.answer_buttons.finishRequested),
            (self.previewRequested, self.frontier.previewRequested),
        ):
            theirs.connect(mine.emit)
        # Plots and table share the height left; the user may drag the split.
        self.splitter = QSplitter(Qt.Vertical)
        self.splitter.setChildrenCollapsible(False)
        for widget in (self.plots.best_plot, self.plots.frontier_plot, self.frontier):
            self.splitter.addWidget(widget)
        self.splitter.setSizes([180, 150, 220])
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.answer_buttons)
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.run.poll)
        follow(
            self,
            (self.run.started, self._started),
            (self.run.state_changed, self._ran),
            (self.run.message, self.message.emit),
            (self.run.progressed, self.progressed.emit),
        )
        if app_state is not None:  # after the run's own: it knows the puzzle by then
            follow(self, (app_state.session_replaced, self._session_shown))

    def _started(self, _node) -> None:
        if self.run.running:
            self.timer.start()
        self.started.emit()

    def _ran(self, _state) -> None:
        if not self.run.running:
            self.timer.stop()

    # ------------------------------------------------------------ what the window asks
    def start(self) -> None:
        self.controls.start()

    def toggle_pause(self) -> None:
        self.run.toggle_pause()

    def cancel(self) -> None:
        self.run.cancel()

    def poll(self) -> None:
        self.run.poll()

    def shutdown(self, timeout: float = 5.0) -> None:
        """Cancel and wait for the worker (the slice in progress finishes first)."""
        self.run.shutdown(timeout)

    def solver_class(self):
        return self.controls.solver_class()

    def frontier_state(self, origin_state, moves):
        return self.run.frontier_state(origin_state, moves)

    def best_text(self) -> str:
        return self.run.best_text()

    def plot_now(self) -> None:
        self.plots.plot_now()

    # ------------------------------------------------------------ kernels
    def use_kernels(self, kernels) -> None:
        """Follow ``kernels`` (a KernelWarmUp): a run asked for before the kernels of its puzzle
        are loaded waits, and starts once they are, or once its own solver's are."""
        self.kernels = kernels
        kernels.changed.connect(self._kernels_changed)
        kernels.solver_ready.connect(self._solver_loaded)
        kernels.ready.connect(self._kernels_loaded)

    def _session_shown(self, _session) -> None:
        if self.kernels is not None:
            self.prepare_kernels()

    def prepare_kernels(self) -> None:
        """Get the shown puzzle's kernels ready (compiled by a worker process the first time,
        loaded from numba's cache on a thread after that). A run waits until they are loaded:
        building a solver on the GUI thread while they load would block it on numba's compile
        lock (a 2.5 s freeze, measured)."""
        puzzle_id = self.run.puzzle.id
        self.kernels.request(puzzle_id)
        if self.kernels.is_ready(puzzle_id):
            warm(puzzle_id)  # a solver process ready before Start (its kernels load from the cache)
        self.run.set_not_ready("" if self.kernels.is_ready(puzzle_id) else self._kernels_wait(puzzle_id))

    def _kernels_wait(self, puzzle_id: str) -> str:
        return self.kernels.describe(puzzle_id) or self.tr("the {0} solver kernels are being prepared").format(
            puzzle_id
        )

    def _kernels_changed(self, _text: str) -> None:
        puzzle = self.run.puzzle
        if puzzle is None or self.kernels.is_ready(puzzle.id):
            return
        self.run.set_not_ready(self._kernels_wait(puzzle.id))
        if self.run.pending is not None:  # its solver may be compiled already
            self.kernels.load_solver(puzzle.id, self.run.pending.solver.name)

    def _solver_loaded(self, puzzle_id: str, name: str) -> None:
        if self.run.puzzle is not None and self.run.puzzle.id == puzzle_id:
            self.run.solver_loaded(name)

    def _kernels_loaded(self, puzzle_id: str) -> None:
        if self.run.puzzle is not None and self.run.puzzle.id == puzzle_id:
            warm(puzzle_id)
            self.run.kernels_ready()
            self.kernelsReady.emit(puzzle_id)

    def set_not_ready(self, text: str) -> None:
        self.run.set_not_ready(text)

    def kernels_ready(self) -> None:
        self.run.kernels_ready()

    # ------------------------------------------------------------ its parts, by their old names
    running = _part("run", "running")
    job = _part("run", "job")
    best_moves = _part("run", "best_moves")
    best_score = _part("run", "best_score")
    game_score = _part("run", "game_score")
    last_result = _part("run", "last_result")
    not_ready = _part("run", "not_ready")
    _scoring = _part("run", "_scoring")
    start_pending = property(lambda self: self.run.pending is not None)
    sample_times = property(lambda self: self.run.samples.times)
    best_scores = property(lambda self: self.run.samples.best)
    frontier_entries = property(lambda self: [row.entry for row in self.run.rows])
    frontier_states = property(lambda self: [row.state for row in self.run.rows])
    choice, seconds, nodes, seed, status = (
        _part("controls", name) for name in ("choice", "seconds", "nodes", "seed", "status")
    )
    start_button, pause_button, cancel_button = (
        _part("controls", name) for name in ("start_button", "pause_button", "cancel_button")
    )
    params_toggle = property(lambda self: self.controls.params.toggle)
    params_scroll = property(lambda self: self.controls.params.scroll)
    params_form = property(lambda self: self.controls.params.form)
    param_widgets = property(lambda self: self.controls.params.widgets)
    best_plot, frontier_plot, best_curve, best_end, frontier_end = (
        _part("plots", name) for name in ("best_plot", "frontier_plot", "best_curve", "best_end", "frontier_end")
    )
    table, frontier_label = _part("frontier", "table"), _part("frontier", "label")
    apply_button, export_button, finish_button = (
        _part("answer_buttons", name) for name in ("apply_button", "export_button", "finish_button")
    )
