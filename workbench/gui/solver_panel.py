"""Solver controls, live plots and the frontier view.

The solver runs on a background thread (solvers.job.SolverJob); this panel
reads its progress from a timer (10 Hz), so widgets and plots are only touched
on the GUI thread and never more often than the timer fires.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDoubleSpinBox, QFormLayout,
                               QHBoxLayout, QLabel, QPushButton, QSpinBox, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from solvers.driver import Budget
from solvers.job import SolverJob
from solvers.online import build_run
from workbench.core.registry import solvers

POLL_MS = 100  # 10 Hz: well under the 30 Hz ceiling for repaints
MAX_INT_SPIN = 2_000_000_000


class SolverPanel(QWidget):
    bestApplied = Signal(object)  # moves of the best answer, to add to the history
    exportRequested = Signal(object)  # moves of the best answer, to export
    previewRequested = Signal(object)  # moves of a frontier state, to preview
    message = Signal(str)  # a line for the status bar
    started = Signal()  # a run began from the problem last set

    def __init__(self, parent=None):
        super().__init__(parent)
        self.puzzle = None
        self.problem = None  # (instance, state) the run starts from
        self.job: SolverJob | None = None
        self.best_moves: tuple = ()
        self.frontier_entries: list = []
        self._times: list[float] = []
        self._best: list[float] = []
        self._frontier: list[float] = []
        self.param_widgets: dict[str, QWidget] = {}

        self.choice = QComboBox()
        self.choice.currentIndexChanged.connect(self._build_params)
        self.params_form = QFormLayout()
        self.seconds = QDoubleSpinBox()
        self.seconds.setRange(0.0, 86400.0)
        self.seconds.setValue(10.0)
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
        self.export_button.clicked.connect(lambda: self.exportRequested.emit(self.best_moves))

        self.status = QLabel("Idle")
        self.status.setWordWrap(True)
        self.best_plot = pg.PlotWidget(title="Best score")
        self.frontier_plot = pg.PlotWidget(title="Frontier size")
        for plot in (self.best_plot, self.frontier_plot):
            plot.setLabel("bottom", "seconds")
            plot.getAxis("bottom").enableAutoSIPrefix(False)
            plot.getAxis("left").enableAutoSIPrefix(False)
            plot.setMinimumHeight(110)
        self.best_curve = self.best_plot.plot(pen=pg.mkPen("#3b5b92", width=2))
        self.frontier_curve = self.frontier_plot.plot(pen=pg.mkPen("#2e9e5b", width=2))

        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["score", "depth", "facts"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
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
        results.addWidget(self.apply_button)
        results.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(self.params_form)
        layout.addLayout(controls)
        layout.addWidget(self.status)
        layout.addWidget(self.best_plot)
        layout.addWidget(self.frontier_plot)
        layout.addWidget(QLabel("Frontier (best first; click to preview)"))
        layout.addWidget(self.table, 1)
        layout.addLayout(results)

        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.poll)
        self._update_buttons()

    # ------------------------------------------------------------ set-up
    def set_puzzle(self, puzzle) -> None:
        if self.puzzle is puzzle:
            return
        self.cancel()
        self.puzzle = puzzle
        self.choice.blockSignals(True)
        self.choice.clear()
        for name, cls in solvers(puzzle.id).items():
            self.choice.addItem(name)
            self.choice.setItemData(self.choice.count() - 1, cls.description, 3)  # tooltip role
        self.choice.blockSignals(False)
        self._build_params()
        self._update_buttons()

    def set_problem(self, instance, state) -> None:
        """The position the next run starts from (the board shown when Start is pressed)."""
        self.problem = (instance, state)

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
            widget.setToolTip(p.help)
            self.params_form.addRow(p.name, widget)
            self.param_widgets[p.name] = widget

    # ------------------------------------------------------------ running
    @property
    def running(self) -> bool:
        return self.job is not None and self.job.running

    def start(self) -> None:
        cls = self.solver_class()
        if cls is None or self.problem is None or self.running:
            return
        seconds = self.seconds.value() or None
        nodes = self.nodes.value() or None
        if seconds is None and nodes is None:
            self.message.emit("Set a time or a node budget before starting a solver")
            return
        instance, state = self.problem
        params = {name: w.value() for name, w in self.param_widgets.items()}
        budget = Budget(seconds=seconds, nodes=nodes)
        try:
            target = build_run(self.puzzle, instance, state, cls, seed=self.seed.value(),
                               params=params, budget=budget)
        except ValueError as error:
            self.message.emit(f"Cannot start {cls.name}: {error}")
            return
        self.job = SolverJob(target, budget)
        self.best_moves, self.frontier_entries = (), []
        self._times, self._best, self._frontier = [], [], []
        self.table.setRowCount(0)
        self.job.start()
        self.started.emit()
        self.timer.start()
        self.status.setText(f"{cls.name}: starting…")
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
        if self.running:
            self.job.control.cancel()

    def shutdown(self, timeout: float = 5.0) -> None:
        """Cancel and wait for the worker (the slice in progress finishes first)."""
        if self.job is not None:
            self.job.control.cancel()
            self.job.join(timeout)
            self.poll()

    def poll(self) -> None:
        if self.job is None:
            return
        update = self.job.poll()
        for sample in update.samples:
            self._times.append(sample.elapsed)
            self._best.append(sample.progress.best_score)
            self._frontier.append(sample.progress.frontier_size)
        if update.samples:
            self.best_curve.setData(self._times, self._best)
            self.frontier_curve.setData(self._times, self._frontier)
            last = update.samples[-1]
            self.status.setText(f"{self.job.name}: {last.elapsed:.1f} s, "
                                f"{last.progress.expansions} nodes, best {last.progress.best_score:g}, "
                                f"frontier {last.progress.frontier_size}"
                                + (" (paused)" if self.job.control.paused else ""))
        if update.best_moves is not None:
            self.best_moves = update.best_moves
        if update.frontier is not None:
            self._show_frontier(update.frontier)
        if update.error is not None:
            self.status.setText(f"Solver failed: {update.error}")
            self.message.emit(f"Solver failed: {update.error}")
        if update.result is not None:
            r = update.result
            self.status.setText(f"{self.job.name}: stopped by {r.stopped_by} after "
                                f"{r.elapsed:.1f} s, {r.progress.expansions} nodes; "
                                f"best {r.progress.best_score:g} ({len(r.moves)} moves)")
            self.message.emit(self.status.text())
        if not self.job.running:
            self.timer.stop()
        self._update_buttons()

    def _show_frontier(self, entries) -> None:
        self.frontier_entries = list(entries)
        self.table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            facts = ", ".join(f"{k} {v}" for k, v in entry.facts)
            for col, text in enumerate((f"{entry.score:g}", str(entry.depth), facts)):
                self.table.setItem(row, col, QTableWidgetItem(text))

    def _preview_row(self, row: int, _col: int = 0) -> None:
        if 0 <= row < len(self.frontier_entries):
            self.previewRequested.emit(self.frontier_entries[row].moves)

    def _update_buttons(self) -> None:
        has_solver = self.solver_class() is not None
        self.start_button.setEnabled(has_solver and not self.running)
        self.pause_button.setEnabled(self.running)
        self.cancel_button.setEnabled(self.running)
        self.apply_button.setEnabled(bool(self.best_moves))
        self.export_button.setEnabled(bool(self.best_moves))
        if not self.running:
            self.pause_button.setText("Pause")
