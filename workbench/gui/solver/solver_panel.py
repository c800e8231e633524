"""Solver controls, live plots and the frontier view.

The solver runs in a child process (solvers.job_process.ProcessSolverJob); this panel
reads its progress from a timer (10 Hz), so widgets and plots are only touched
on the GUI thread and never more often than the timer fires.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial

import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDoubleSpinBox, QFormLayout,
                               QFrame, QHBoxLayout, QHeaderView, QLabel, QPushButton,
                               QScrollArea, QSpinBox, QSplitter, QTableWidget,
                               QTableWidgetItem, QToolButton, QVBoxLayout, QWidget)

from solvers.finish import finisher
from solvers.job_process import ProcessSolverJob, end_hosts, warm
from solvers.online import build_run
from solvers.run_setup import DEFAULT_SECONDS, checked_params, run_budget
from workbench.core.errors import IllegalMove, WorkbenchError
from workbench.core.line_scores import LineScorer
from workbench.core.priority import lower_this_thread
from workbench.core.registry import solvers

from workbench.gui.solver.frontier_rows import (Row, answer_row, best_answers, contest_facts, ranked, solver_figures,
                            solver_heading)
from workbench.gui.solver.live_series import GrowingSeries
from workbench.gui.common.plot_style import all_whole, growing_end, held_range, set_whole_numbers, style_plot, y_range

POLL_MS = 100  # 10 Hz: well under the 30 Hz ceiling for repaints
# Each plot is redrawn this long after the poll, one after the other: the poll's table and
# status, the best plot and the frontier plot repaint in three short turns of the event
# loop instead of one long one (on a busy machine that one turn froze the window 40 ms).
PLOT_DELAYS_MS = (POLL_MS // 3, 2 * POLL_MS // 3)
MAX_INT_SPIN = 2_000_000_000
PARAMS_HEIGHT = 190  # pixels the unfolded parameters may take before they scroll
NAN = float("nan")  # a plot sample before the first answer
MIN_SPAN_SECONDS = 0.1  # the time axis of a run that ended at once
FRONTIER_TITLE = "Best answers and frontier (best score first; click to preview)"
ONLINE_FRONTIER_TITLE = "This turn's moves (the one it plays first; click to preview)"
SCORE_TIP = ("The contest score of the whole answer from the game's start to the row's position "
             "(the status bar's scale); hover a score for the solver's own figure")
ONLINE_SCORE_TIP = ("The contest score of the game from its start to the row's position (the status bar's "
                    "scale); hover a score for the solver's estimate of the final score")
FACTS_COLUMN, SOLVER_COLUMN = 2, 3  # the frontier table's columns after score and moves
FACTS_TIP = "The contest's facts of the whole answer from the game's start to the row's position"
SOLVER_TIP = ("The solver's own figures, counted from the position it started from; its counts that the "
              "facts give are left out")
ONLINE_SOLVER_TIP = ("The solver's own figures for this move: its playouts estimate the final score "
                     "(mean), they are not a contest score")


def score_text(score) -> str:
    """A score in full (never 2.51476e+06); "none yet" before the first answer."""
    if score is None or score != score:
        return "none yet"
    if isinstance(score, float) and score.is_integer():
        score = int(score)
    if isinstance(score, int):
        return str(score)
    return f"{score:.7f}".rstrip("0").rstrip(".")


def rescore(scorer: LineScorer, best: tuple | None, entries: list | None):
    """(best, its report, its state, entries, their reports, their states): contest scores from
    the game's start, and the state each line reaches (None for an illegal entry).

    Runs on the panel's scoring thread, so a long line never stalls the window; the
    states let a click on a row preview it without replaying its moves on the GUI thread.
    """
    best_report = scorer.report(best) if best is not None else None
    best_state = scorer.state_after(best) if best is not None else None  # kept by the report above
    reports, states = [], []
    for entry in entries or ():
        try:
            state = scorer.state_after(entry.moves)
            reports.append(scorer.puzzle.evaluate(scorer.instance, state,
                                                  scorer.origin_depth + len(entry.moves)))
            states.append(state)
        except IllegalMove:
            reports.append(None)
            states.append(None)
    return best, best_report, best_state, entries, reports, states


class SolverPanel(QWidget):
    bestApplied = Signal(object)  # moves of the best answer, to add to the history
    exportRequested = Signal(object)  # moves of the best answer, to export
    previewRequested = Signal(object)  # moves of a frontier state, to preview
    message = Signal(str)  # a line for the status bar
    progressed = Signal(str)  # the run's progress line, as it changes (time, nodes, best)
    started = Signal()  # a run began from the problem last set
    finishRequested = Signal(object)  # moves of a cut-short online game, to finish with the fast policy
    kernelsReady = Signal(str)  # the id of the puzzle shown, once its solver kernels are loaded

    def __init__(self, parent=None):
        super().__init__(parent)
        self.puzzle = None
        self.problem = None  # (instance, state, depth) the run starts from
        # The board the window shows, and the board the results shown belong to: when they
        # differ the results are cleared, so another board's answer is never applied or exported.
        self.board = None
        self.run_board = None
        self.job: ProcessSolverJob | None = None
        self.last_result = None  # the RunResult of the last run, once it ended
        self._taken_in, self._ending = True, None  # the last run's end shown; its result, until its scores are in
        # What the solver kernels are doing while they are not loaded yet ("" once they are):
        # Start then waits, visibly, and the run begins when they are (see ``use_kernels``).
        self.kernels = None  # the window's KernelWarmUp
        self.not_ready = ""
        self.loaded_ahead: set[str] = set()  # solvers ready before the rest of their puzzle's
        self.start_pending = False
        self.best_moves: tuple = ()
        self.answers: list[Row] = []  # the best answers found, kept when the run ends
        self._weighed: list[Row] = []  # the states of the last frontier snapshot
        self.frontier_entries: list = []  # the table's rows, as the solver's entries
        self.sample_times = GrowingSeries()  # seconds into the run of each sample the plots show
        self.best_scores = GrowingSeries()  # the best score at each sample (NaN before the first answer)
        self._frontier = GrowingSeries()
        self._now = GrowingSeries()  # an online game's score at each sample
        self.frontier_states: list = []  # the state each frontier row reaches (None: illegal)
        self.param_widgets: dict[str, QWidget] = {}
        # "Best" is the contest score from the game's start (the status bar's scale); the
        # solver's own figures are rescored on a thread of their own (see ``rescore``).
        self.best_score: float | None = None
        self.game_score: float | None = None  # an online game's score now
        self._scorer: LineScorer | None = None
        self._scorer_origin = None  # the state the scorer's lines start from
        self._scoring = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rescore",
                                           initializer=lower_this_thread)
        self._scoring_future: Future | None = None
        self._to_score: tuple | None = None  # (best moves or None, frontier or None) waiting

        self.choice = QComboBox()
        self.choice.currentIndexChanged.connect(self._build_params)
        # The parameters fold away (ten of them would push the plots off the screen).
        self.params_toggle = QToolButton()
        self.params_toggle.setCheckable(True)
        self.params_toggle.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        self.params_toggle.setArrowType(Qt.RightArrow)
        self.params_toggle.setAutoRaise(True)
        self.params_toggle.toggled.connect(self._show_params)
        self.params_box = QWidget()
        self.params_form = QFormLayout(self.params_box)
        self.params_form.setContentsMargins(12, 0, 0, 0)
        # Unfolded, they scroll inside a bounded box: the plots and the table keep their room
        # and the window never has to grow past the screen (ahc011 has ten parameters).
        self.params_scroll = QScrollArea()
        self.params_scroll.setWidget(self.params_box)
        self.params_scroll.setWidgetResizable(True)
        self.params_scroll.setFrameShape(QFrame.NoFrame)
        self.params_scroll.setMaximumHeight(PARAMS_HEIGHT)
        self.params_scroll.hide()
        self.seconds = QDoubleSpinBox()
        self.seconds.setRange(0.0, 86400.0)
        self.seconds.setValue(DEFAULT_SECONDS)
        self.seconds.setSuffix(" s")
        self.seconds.setSpecialValueText("no limit")
        self.nodes = QSpinBox()
        self.nodes.setRange(0, MAX_INT_SPIN)
        self.nodes.setSpecialValueText("no limit")
        self.seed = QSpinBox()
        self.seed.setRange(0, MAX_INT_SPIN)

        self.start_button = QPushButton("Start")
        self.pause_button = QPushButton("Pause")
        self.cancel_button = QPushButton("Cancel")
        self.apply_button = QPushButton("Apply best")
        self.export_button = QPushButton("Export best…")
        self.start_button.clicked.connect(self.start)
        self.pause_button.clicked.connect(self.toggle_pause)
        self.cancel_button.clicked.connect(self.cancel)
        self.apply_button.clicked.connect(lambda: self.bestApplied.emit(self.best_moves))
        self.finish_button = QPushButton("Finish the game…")
        self.finish_button.clicked.connect(lambda: self.finishRequested.emit(self.best_moves))
        self.finish_button.hide()
        self.export_button.clicked.connect(lambda: self.exportRequested.emit(self.best_moves))

        self.status = QLabel("Idle")
        self.status.setWordWrap(True)
        self.best_plot = pg.PlotWidget()
        self.frontier_plot = pg.PlotWidget()
        for plot in (self.best_plot, self.frontier_plot):
            self._style_plot(plot)
        self._set_titles("Best score")
        set_whole_numbers(self.frontier_plot, left=True)  # a count of states
        # A sample holds until the next one (pyqtgraph's stepMode "right"), so a slice that runs
        # long, such as ahc011's pooled search, shows a jump, not a climb through values the run
        # never had.
        self.best_curve = self.best_plot.plot(pen=pg.mkPen("#3b5b92", width=2), stepMode="right")
        self.now_curve = self.best_plot.plot(pen=pg.mkPen("#9aa7bd", width=1))  # online: the game now
        self.frontier_curve = self.frontier_plot.plot(pen=pg.mkPen("#2e9e5b", width=2), stepMode="right")
        for curve in (self.best_curve, self.now_curve, self.frontier_curve):
            # An online game reports hundreds of samples a second, far more than the plot
            # has pixels: each pixel column draws the highest and lowest of its samples
            # (the same picture) instead of every one of them.
            curve.setDownsampling(auto=True, method="peak")
        # The last sample as a dot: a run that ends at once has a single time, so a line would
        # draw nothing at all.
        self.best_end = self.best_plot.plot(pen=None, symbol="o", symbolSize=7, symbolPen=None,
                                            symbolBrush="#3b5b92")
        self.frontier_end = self.frontier_plot.plot(pen=None, symbol="o", symbolSize=7, symbolPen=None,
                                                    symbolBrush="#2e9e5b")
        self._reset_axes()

        self.table = QTableWidget(0, 4)
        # The contest's facts before the solver's own figures: the table scrolls sideways, and the
        # facts (what the answer is worth) were pushed out of sight by a long solver column (codevs).
        self.table.setHorizontalHeaderLabels(["score", "moves", "facts", "solver"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        # Every column as wide as its text (the table scrolls sideways), so no fact is cut to "bl…";
        # a stretched last column would be cut to the table's width.
        self.table.horizontalHeader().setStretchLastSection(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollPerPixel)
        # Headings at their column's start: a wide column's centred heading was scrolled out of sight.
        self.table.horizontalHeader().setDefaultAlignment(Qt.AlignLeft | Qt.AlignVCenter)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.cellClicked.connect(self._preview_row)

        form = QFormLayout()
        form.addRow("Solver", self.choice)
        form.addRow("Time budget", self.seconds)
        form.addRow("Node budget", self.nodes)
        form.addRow("Seed", self.seed)
        controls = QHBoxLayout()
        for button in (self.start_button, self.pause_button, self.cancel_button):
            controls.addWidget(button)
        results = QHBoxLayout()
        results.addWidget(self.finish_button)
        results.addWidget(self.apply_button)
        results.addWidget(self.export_button)
        table_box = QWidget()
        table_layout = QVBoxLayout(table_box)
        table_layout.setContentsMargins(0, 0, 0, 0)
        self.frontier_label = QLabel(FRONTIER_TITLE)
        self.frontier_label.setWordWrap(True)  # never the reason the panel is wider than the board
        table_layout.addWidget(self.frontier_label)
        table_layout.addWidget(self.table)
        # Plots and table share the height left; the user may drag the split.
        self.splitter = QSplitter(Qt.Vertical)
        self.splitter.setChildrenCollapsible(False)
        for widget in (self.best_plot, self.frontier_plot, table_box):
            self.splitter.addWidget(widget)
        self.splitter.setSizes([180, 150, 220])
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.params_toggle)
        layout.addWidget(self.params_scroll)
        layout.addLayout(controls)
        layout.addWidget(self.status)
        layout.addWidget(self.splitter, 1)
        layout.addLayout(results)

        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.poll)
        self._plot_timers = []
        for delay, plot in zip(PLOT_DELAYS_MS, (self._plot_best, self._plot_frontier)):
            timer = QTimer(self)
            timer.setSingleShot(True)
            timer.setInterval(delay)
            timer.timeout.connect(plot)
            self._plot_timers.append(timer)
        self._update_buttons()

    # ------------------------------------------------------------ set-up
    def _style_plot(self, plot: pg.PlotWidget) -> None:
        """The app's palette (not pyqtgraph's black), whole numbers on the axes."""
        style_plot(plot, self.palette())
        text = self.palette().color(QPalette.WindowText)
        plot.getAxis("left").setTickDensity(0.5)  # fewer, spaced labels on a short plot
        plot.getAxis("left").setStyle(hideOverlappingLabels=True)
        plot.setLabel("bottom", "seconds", color=text.name())
        plot.setMinimumHeight(120)
        plot.setMouseEnabled(x=False, y=False)
        plot.hideButtons()

    def _set_titles(self, best_title: str) -> None:
        if getattr(self, "_titles", None) == best_title:  # a new title lays the plot out again (~1.5 ms)
            return
        self._titles = best_title
        colour = self.palette().color(QPalette.WindowText).name()
        self.best_plot.setTitle(best_title, color=colour, size="10pt")
        self.frontier_plot.setTitle("Frontier size", color=colour, size="10pt")

    def _show_params(self, shown: bool) -> None:
        self.params_scroll.setVisible(shown)
        self.params_toggle.setArrowType(Qt.DownArrow if shown else Qt.RightArrow)

    def set_puzzle(self, puzzle) -> None:
        if self.puzzle is puzzle:
            return
        self.cancel()
        self.puzzle = puzzle
        self.loaded_ahead = set()
        self.choice.blockSignals(True)
        self.choice.clear()
        for name, cls in solvers(puzzle.id).items():
            self.choice.addItem(name)
            self.choice.setItemData(self.choice.count() - 1, cls.description, 3)  # tooltip role
        self.choice.blockSignals(False)
        self._build_params()
        online = puzzle.online
        self.frontier_label.setText(ONLINE_FRONTIER_TITLE if online else FRONTIER_TITLE)
        self.table.horizontalHeaderItem(0).setToolTip(ONLINE_SCORE_TIP if online else SCORE_TIP)
        self.table.horizontalHeaderItem(SOLVER_COLUMN).setToolTip(ONLINE_SOLVER_TIP if online else SOLVER_TIP)
        self.table.horizontalHeaderItem(FACTS_COLUMN).setToolTip(FACTS_TIP)
        self._update_buttons()

    def show_board(self, instance) -> None:
        """The board the window shows now (an instance: a file, a seed, an edit). A run of another
        board is cancelled and its results cleared: nothing of it can reach this board."""
        if instance is self.board:
            return
        self.board = instance
        if self.run_board is not None and self.run_board is not instance:
            name = self.job.name if self.job is not None else "the solver"
            self.cancel()
            self._clear_results()
            self.status.setText(f"Idle. The last run ({name}) was on another board; its results are cleared.")

    def _clear_results(self) -> None:
        self.run_board = None
        self.last_result = None
        self.best_moves, self.frontier_entries, self.frontier_states = (), [], []
        self.answers, self._weighed = [], []
        self.sample_times, self.best_scores, self._frontier, self._now = (GrowingSeries() for _ in range(4))
        self.best_score = self.game_score = None
        self._scorer = self._scorer_origin = self._to_score = self._scoring_future = None
        for curve in (self.best_curve, self.now_curve, self.frontier_curve, self.best_end, self.frontier_end):
            curve.setData([], [])
        self._reset_axes()  # never the last run's ranges around no data
        self.table.setRowCount(0)
        self.finish_button.hide()
        self._update_buttons()

    def set_problem(self, instance, state, depth: int = 0) -> None:
        """The position the next run starts from (the board shown when Start is pressed),
        ``depth`` moves into the game: scores are counted from the game's start."""
        self.problem = (instance, state, depth)

    def solver_class(self):
        return solvers(self.puzzle.id).get(self.choice.currentText()) if self.puzzle else None

    def _build_params(self) -> None:
        while self.params_form.rowCount():
            self.params_form.removeRow(0)
        self.param_widgets = {}
        cls = self.solver_class()
        for p in (cls.params if cls else ()):
            if p.kind is int:
                widget = QSpinBox()
                widget.setRange(int(p.low), int(min(p.high, MAX_INT_SPIN)))
            else:
                widget = QDoubleSpinBox()
                widget.setDecimals(3)
                widget.setRange(float(p.low), float(p.high))
            widget.setValue(p.default)
            tip = p.tooltip() + f"\n(--param {p.name}=…, {p.low} to {p.high}, default {p.default})"
            widget.setToolTip(tip)
            label = QLabel(p.label or p.name)
            label.setToolTip(tip)
            self.params_form.addRow(label, widget)
            self.param_widgets[p.name] = widget
        count = len(self.param_widgets)
        self.params_toggle.setText(f"Parameters ({count})" if count else "No parameters")
        self.params_toggle.setEnabled(bool(count))
        if not count:
            self.params_toggle.setChecked(False)

    # ------------------------------------------------------------ running
    @property
    def running(self) -> bool:
        """A run is going, or has ended with its last answers still being scored (off the GUI
        thread: its end is shown when they are in)."""
        return self.job is not None and (self.job.running or not self._taken_in)

    def start(self) -> None:
        cls = self.solver_class()
        if cls is None or self.problem is None or self.running:
            return
        seconds = self.seconds.value() or None
        nodes = self.nodes.value() or None
        if seconds is None and nodes is None:
            self.message.emit("Set a time or a node budget before starting a solver")
            return
        if self.not_ready and cls.name not in self.loaded_ahead:
            # The budget starts when the run does, not while the kernels compile.
            self.start_pending = True
            self.status.setText(f"{cls.name} waits: {self.not_ready}. It starts by itself when "
                                "they are ready (Cancel to give up).")
            self.started.emit()
            self._update_buttons()
            return
        self.start_pending = False
        instance, state, depth = self.problem
        try:
            params = checked_params(cls, {name: w.value() for name, w in self.param_widgets.items()})
            budget = run_budget(self.puzzle, instance, cls, params, seconds, nodes).budget
        except (ValueError, WorkbenchError) as error:
            self.message.emit(f"Cannot start {cls.name}: {error}")
            return
        puzzle, seed = self.puzzle, self.seed.value()
        # Built and run in the job's child process, in the lowest class (solvers.job_process).
        self.job = ProcessSolverJob(partial(build_run, puzzle, instance, state, cls, seed=seed, params=params,
                                            budget=budget), budget, name=cls.name, objective=puzzle.objective)
        self._taken_in, self._ending = False, None
        self._clear_results()  # a rescoring of the last run still going is dropped
        self.run_board = instance
        self._scorer = LineScorer(self.puzzle, instance, state, depth)
        self._scorer_origin = state
        self._set_titles("Best score, and the game now (grey)" if self.puzzle.online else "Best score")
        self.job.start()
        self.status.setText(f"{cls.name}: starting…")
        self.started.emit()
        self.timer.start()
        self._update_buttons()

    def toggle_pause(self) -> None:
        if not self.running:
            return
        if self.job.control.paused:
            self.job.control.resume()
            self.pause_button.setText("Pause")
        else:
            self.job.control.pause()
            self.pause_button.setText("Resume")
            self.status.setText(self.status.text() + " (paused)")

    def cancel(self) -> None:
        if self.start_pending:
            self.start_pending = False
            self.status.setText("Start cancelled before the kernels were ready")
            self._update_buttons()
        if self.running:
            self.job.control.cancel()

    def set_not_ready(self, text: str) -> None:
        """What the kernels are doing while they are not ready yet ("" once they are)."""
        self.not_ready = text
        if self.start_pending and text:
            name = self.choice.currentText()
            self.status.setText(f"{name} waits: {text}. It starts by itself when they are ready "
                                "(Cancel to give up).")

    def kernels_ready(self) -> None:
        self.not_ready = ""
        if self.start_pending:
            self.start()

    # ------------------------------------------------------------ kernels
    def use_kernels(self, kernels) -> None:
        """Follow ``kernels`` (a KernelWarmUp): a run asked for before the kernels of its puzzle
        are loaded waits, and starts once they are, or once its own solver's are."""
        self.kernels = kernels
        kernels.changed.connect(self._kernels_changed)
        kernels.solver_ready.connect(self._solver_loaded)
        kernels.ready.connect(self._kernels_loaded)

    def prepare_kernels(self) -> None:
        """Get the shown puzzle's kernels ready (compiled by a worker process the first time,
        loaded from numba's cache on a thread after that). A run waits until they are loaded:
        building a solver on the GUI thread while they load would block it on numba's compile
        lock (a 2.5 s freeze, measured)."""
        puzzle_id = self.puzzle.id
        self.kernels.request(puzzle_id)
        if self.kernels.is_ready(puzzle_id):
            warm(puzzle_id)  # a solver process ready before Start (its kernels load from the cache)
        self.set_not_ready("" if self.kernels.is_ready(puzzle_id) else self._kernels_wait(puzzle_id))

    def _kernels_wait(self, puzzle_id: str) -> str:
        return self.kernels.describe(puzzle_id) or f"the {puzzle_id} solver kernels are being prepared"

    def _kernels_changed(self, _text: str) -> None:
        if self.puzzle is None or self.kernels.is_ready(self.puzzle.id):
            return
        self.set_not_ready(self._kernels_wait(self.puzzle.id))
        if self.start_pending:  # its solver may be compiled already
            self.kernels.load_solver(self.puzzle.id, self.choice.currentText())

    def _solver_loaded(self, puzzle_id: str, name: str) -> None:
        """One solver's kernels are loaded before the rest of its puzzle's: a run waiting for
        it starts now."""
        if self.puzzle is not None and self.puzzle.id == puzzle_id:
            self.loaded_ahead.add(name)
            if self.start_pending and self.choice.currentText() == name:
                self.start()

    def _kernels_loaded(self, puzzle_id: str) -> None:
        if self.puzzle is not None and self.puzzle.id == puzzle_id:
            warm(puzzle_id)
            self.kernels_ready()
            self.kernelsReady.emit(puzzle_id)

    def shutdown(self, timeout: float = 5.0) -> None:
        """Cancel and wait for the worker (the slice in progress finishes first)."""
        if self.job is not None:
            self.job.control.cancel()
            self.job.join(timeout)
            self.poll()
        end_hosts()  # the solver's child processes end with the window

    def poll(self) -> None:
        if self.job is None:
            return
        finished = not self.job.running  # before the poll: a run that ended has published everything
        update = self.job.poll()
        if self.run_board is None:  # the run was of a board no longer shown: its news is dropped
            if finished:
                self.timer.stop()
                self._taken_in = True
            self._update_buttons()
            return
        if update.best_moves is not None or update.frontier is not None:
            best, frontier = self._to_score or (None, None)
            self._to_score = (update.best_moves if update.best_moves is not None else best,
                              update.frontier if update.frontier is not None else frontier)
        self._collect_scores()  # never waits: a long line's rescoring held the GUI thread 50 ms at a run's end
        for sample in update.samples:
            self.sample_times.append(sample.elapsed)
            self.best_scores.append(NAN if self.best_score is None else self.best_score)
            self._now.append(NAN if self.game_score is None else self.game_score)
            self._frontier.append(sample.progress.frontier_size)
        if update.samples:
            for timer in self._plot_timers:
                timer.start()
            last = update.samples[-1]
            self.status.setText(f"{self.job.name}: {last.elapsed:.1f} s, "
                                f"{last.progress.expansions} nodes, {self._found_so_far()}, "
                                f"frontier {last.progress.frontier_size}"
                                + (" (paused)" if self.job.control.paused else ""))
            self.progressed.emit(self.status.text())
        if update.error is not None:
            self.status.setText(f"Solver failed: {update.error}")
            self.message.emit(f"Solver failed: {update.error}")
        if update.result is not None:
            self._ending = update.result  # shown once its last answers are scored
        if self._ending is not None and self._scoring_idle():
            r, self._ending = self._ending, None
            self.last_result = r
            self._close_plots(r)
            self._offer_finish(r)
            self.status.setText(f"{self.job.name}: {r.stop_reason} after "
                                f"{r.elapsed:.1f} s, {r.progress.expansions} nodes; {self._found()}")
            self.message.emit(self.status.text())
        if finished and self._ending is None and self._scoring_idle():
            self.timer.stop()
            self._taken_in = True
        self._update_buttons()

    def _scoring_idle(self) -> bool:
        return self._scoring_future is None and self._to_score is None

    def _found_so_far(self) -> str:
        """What a run under way has: its best answer, or an online game's score so far (an unfinished
        game is no answer, and the best score it once had is no score of any answer)."""
        if self.puzzle.online:
            if self.game_score is None:
                return "no move played yet"
            return f"the game so far {score_text(self.game_score)} after {self.best_length()} moves"
        return f"best {self.best_text()}"

    def _found(self) -> str:
        """What the run that ended found, in words."""
        if self.puzzle.online and not self.answers:
            if not self.best_moves:
                return "no move played"
            return (f"the game stops after {self.best_length()} moves with {score_text(self.game_score)} so far, "
                    "not an answer until every turn is played")
        if self.best_moves:
            return f"best {self.best_text()} ({self.best_length()} moves)"
        return f"no answer: {self._no_answer()}"

    def _no_answer(self) -> str:
        """Why the run that ended has no answer, as the solver says it."""
        why = getattr(self.job.target, "no_answer", lambda: "")()
        return why or "none was found within the budget"

    def _offer_finish(self, result) -> None:
        """A cancelled online game is not an answer yet: offer to play its remaining turns with
        the puzzle's fast policy, so it can be applied and exported whole."""
        fast = finisher(self.puzzle.id) if self.puzzle.online else None
        if fast is None or result.stopped_by != "cancelled":
            return
        self.finish_button.setText(f"Finish the game with {fast.name}")
        self.finish_button.setToolTip(f"Play the remaining turns with {fast.name} ({fast.description}), "
                                      "add the whole game to the history and step to its end, "
                                      "so it can be exported")
        self.finish_button.show()

    # ------------------------------------------------------------ one scale
    def _collect_scores(self, wait: bool = False) -> None:
        """Take finished rescorings and start the next; ``wait``: finish them all now."""
        while True:
            future = self._scoring_future
            if future is not None:
                if not (wait or future.done()):
                    return
                self._scoring_future = None
                try:
                    self._take_scores(future.result())
                except Exception as error:  # a line the engine rejects: say so, keep running
                    self.message.emit(f"Cannot score the solver's answer: {error}")
            if self._to_score is None or self._scorer is None:
                return
            best, frontier = self._to_score
            self._to_score = None
            self._scoring_future = self._scoring.submit(rescore, self._scorer, best, frontier)

    def _take_scores(self, scored) -> None:
        best, report, best_state, entries, reports, states = scored
        if report is not None and not report.complete and not self.puzzle.online:
            best = None  # a line that does not count (a level left unsolved) is never offered as best
        if best is not None and report is not None and self._is_answer(best_state):
            self.answers = best_answers([answer_row(tuple(best), report, best_state), *self.answers],
                                        self.puzzle.objective)
        if best is not None and report is not None:
            if self.puzzle.online:  # the game so far: the line to apply, whatever its score
                self.best_moves = tuple(best)
                self.game_score = report.score
            if self.best_score is None or not self.puzzle.objective.better(self.best_score, report.score):
                self.best_score = report.score
                if not self.puzzle.online:
                    self.best_moves = tuple(best)
        if entries is not None:
            self._weighed = [Row(e, r, s) for e, r, s in zip(entries, reports, states) if r is not None]
        if entries is not None or best is not None:
            self._show_rows()

    def _is_answer(self, state) -> bool:
        """Whether a line the solver offers ends as an answer: any line of an offline puzzle, an
        online game only once it is over."""
        return not self.puzzle.online or not self.puzzle.legal_moves(self.run_board, state)

    def plot_now(self) -> None:
        """Draw both plots at once (their timers draw them at most a few times a second)."""
        self._plot_best()
        self._plot_frontier()

    def _plot_best(self) -> None:
        times = self.sample_times.values
        self.best_curve.setData(times, self.best_scores.values, connect="finite")
        ranges = [self.best_scores.finite_range()]  # None: no answer yet
        if self.puzzle is not None and self.puzzle.online:
            self.now_curve.setData(times, self._now.values, connect="finite")
            ranges.append(self._now.finite_range())
        values = [v for r in ranges if r is not None for v in r]
        if values:
            shown = held_range(self._best_y, values) if self.running else y_range(values)
            if shown != self._best_y:
                self.best_plot.setYRange(*shown, padding=0)
                self._best_y = shown
            set_whole_numbers(self.best_plot, left=all_whole(self.best_scores.values) and all_whole(self._now.values))
        self._mark_end(self.best_end, self.best_scores)
        self._range_now(self.best_plot)

    def _plot_frontier(self) -> None:
        self.frontier_curve.setData(self.sample_times.values, self._frontier.values)
        if self._frontier.finite_range() is not None:
            low, high = y_range(self._frontier.finite_range())
            if self.running and low == 0:  # a count that keeps changing: its axis steps, as time's does
                high = growing_end(high)
            self.frontier_plot.setYRange(low, high, padding=0)
        self._mark_end(self.frontier_end, self._frontier)
        self._range_now(self.frontier_plot)

    def _mark_end(self, dot, series: GrowingSeries) -> None:
        """The dot on the last sample of ``series`` (none before its first finite one)."""
        values = series.values
        last = len(values) - 1
        if last >= 0 and values[last] == values[last]:
            dot.setData([float(self.sample_times.values[last])], [float(values[last])])
        else:
            dot.setData([], [])

    def _range_now(self, plot: pg.PlotWidget) -> None:
        """The x range from the start of the run to the last sample, set now (pyqtgraph's auto
        range is worked out in the middle of the repaint, and what it moves then asks for a
        second one); a run that ended at once still gets a span, never "-0.4 … 0.4 seconds".
        While the run goes on the axis ends a step ahead of it (``growing_end``): one that moved
        at every sample drew the axis, its labels and its grid again at every poll."""
        end = float(self.sample_times.values[-1]) if len(self.sample_times) else 0.0
        if self.running:
            end = growing_end(end)
        plot.setXRange(0.0, max(end, MIN_SPAN_SECONDS), padding=0.02)
        plot.getViewBox().updateMatrix()

    def _reset_axes(self) -> None:
        """Axes with no run on them: 0 to 1 each way."""
        for plot in (self.best_plot, self.frontier_plot):
            plot.setXRange(0.0, 1.0, padding=0.02)
            plot.setYRange(0.0, 1.0, padding=0.02)
        self._best_y = None  # the best plot's y range, as last set (see ``held_range``)

    def _close_plots(self, result) -> None:
        """The run's last sample at the time it ended, so the curves reach its end."""
        self.sample_times.append(result.elapsed)
        self.best_scores.append(NAN if self.best_score is None else self.best_score)
        self._now.append(NAN if self.game_score is None else self.game_score)
        self._frontier.append(result.progress.frontier_size)
        for timer in self._plot_timers:
            timer.start()

    def best_text(self) -> str:
        """The best answer's score as the contest prints it (as its row and the status bar do)."""
        for row in self.answers:
            if row.entry.moves == self.best_moves:
                return row.report.text
        return score_text(self.best_score)

    def best_length(self) -> int:
        """Moves of the best answer from the game's start (as the exported file counts them)."""
        return (self._scorer.origin_depth if self._scorer else 0) + len(self.best_moves)

    def _show_rows(self) -> None:
        """The best answers found and the states weighed, best first, each position once."""
        rows = ranked([*self.answers, *self._weighed], self.puzzle.objective, self.puzzle.online)
        self.frontier_entries = [row.entry for row in rows]
        self.frontier_states = [row.state for row in rows]
        self.table.setRowCount(len(rows))
        origin_depth = self._scorer.origin_depth if self._scorer else 0
        online = self.puzzle.online
        self.table.horizontalHeaderItem(SOLVER_COLUMN).setText(solver_heading(online, origin_depth))
        # One change notice for the whole table instead of one per cell: each notice had the
        # view re-measure the columns sized to their contents (6 ms for 20 rows, 4 times a second).
        model = self.table.model()
        model.blockSignals(True)
        try:
            for index, row in enumerate(rows):
                texts = (row.report.text, str(origin_depth + len(row.entry.moves)), contest_facts(row),
                         solver_figures(row))
                for col, text in enumerate(texts):
                    self._set_cell(index, col, text)
                    self.table.item(index, col).setToolTip(text if col >= 2 else "")
                self.table.item(index, 0).setToolTip(
                    "an answer the solver found" if row.answer else
                    f"the solver's estimate of the final score: {score_text(row.entry.score)}" if online
                    else f"the solver's own figure: {score_text(row.entry.score)}")
        finally:
            model.blockSignals(False)
        if rows:
            model.dataChanged.emit(model.index(0, 0), model.index(len(rows) - 1, model.columnCount() - 1))

    def _set_cell(self, row: int, col: int, text: str) -> None:
        """Change a cell's text in place (the rows are rewritten four times a second)."""
        item = self.table.item(row, col)
        if item is None:
            self.table.setItem(row, col, QTableWidgetItem(text))
        elif item.text() != text:
            item.setText(text)

    def frontier_state(self, origin_state, moves):
        """The state a frontier row's ``moves`` reach from ``origin_state``, as the scoring
        thread found it, or None when not known (another origin, a row no longer shown)."""
        if self._scorer is None or self._scorer_origin is not origin_state:
            return None
        for entry, state in zip(self.frontier_entries, self.frontier_states):
            if entry.moves is moves or entry.moves == moves:
                return state
        return None

    def _preview_row(self, row: int, _col: int = 0) -> None:
        if 0 <= row < len(self.frontier_entries):
            self.previewRequested.emit(self.frontier_entries[row].moves)

    def _update_buttons(self) -> None:
        has_solver = self.solver_class() is not None
        self.start_button.setEnabled(has_solver and not self.running and not self.start_pending)
        self.pause_button.setEnabled(self.running)
        self.cancel_button.setEnabled(self.running or self.start_pending)
        mine = bool(self.best_moves) and self.run_board is not None and self.run_board is self.board
        self.apply_button.setEnabled(mine)
        self.export_button.setEnabled(mine)
        if not self.running:
            self.pause_button.setText("Pause")
