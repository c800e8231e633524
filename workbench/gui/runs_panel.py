"""The Runs panel: batch runs over seeds or files, a live sortable table, plots, past runs, compare.

A run is the same ``workbench.batch`` machinery as ``main.py batch``: it runs on
a Python thread (which drives the worker processes), finished cases come back
through a queue, and a 10 Hz timer on the GUI thread moves them into the table
and the plots. Double-clicking a row opens that case with the run's answer.
"""

from __future__ import annotations

import os
import queue
import threading
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QSortFilterProxyModel, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QComboBox, QDialog, QDoubleSpinBox, QFileDialog, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QPushButton, QProgressBar, QSpinBox,
                               QSplitter, QTableView, QVBoxLayout, QWidget)

from workbench.batch.cases import case_feature_names, file_cases, parse_seeds, seed_cases
from workbench.batch.report import compare, feature_names, summarize
from workbench.batch.results import plain_number, read_run
from workbench.batch.runner import BatchRun, BatchSpec, best_known_path, default_out
from workbench.batch.tasks import Runner
from workbench.core.errors import WorkbenchError
from workbench.core.registry import get_puzzle, solvers

from .plot_style import style_plot

COMMAND_CHOICE = "Your program (command)…"
SORT_ROLE = Qt.UserRole + 1


def relative_colour(relative: float) -> QColor:
    """Pale green at the best known, through yellow, to pale red at 90 % and below."""
    t = max(0.0, min(1.0, (relative - 0.9) / 0.1))
    return QColor.fromHsvF(0.33 * t, 0.35, 1.0)


class RunsPanel(QWidget):
    caseOpened = Signal(str, str, str)  # puzzle id, input path, answer path ("" when none)
    message = Signal(str)

    def __init__(self, runs_root: Path | None = None, parent=None):
        super().__init__(parent)
        self.runs_root = Path(runs_root) if runs_root else Path.cwd() / "runs"
        self.puzzle_id: str | None = None
        self.files: list[str] = []
        self.run: BatchRun | None = None
        self.run_folder: Path | None = None
        self.rows: list[dict] = []
        self.features: list[str] = []
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self._error: str | None = None

        self.seeds = QLineEdit("0-9")
        self.seeds.setToolTip("Seeds for the puzzle's generator: 0-99, or 0-9,20-29,50")
        self.files_button = QPushButton("Files…")
        self.files_button.setToolTip("Run on input files instead of seeds")
        self.files_button.clicked.connect(self.choose_files)
        self.runner = QComboBox()
        self.runner.setToolTip("A built-in solver, or your own contest program run with the workbench as judge")
        self.runner.currentTextChanged.connect(self._runner_changed)
        self.command = QLineEdit()
        self.command.setPlaceholderText("e.g. ./a.out or python3 main.py")
        self.command.setToolTip("Run through the shell from the workbench's folder; the contest's stdin/stdout protocol")
        self.time = QDoubleSpinBox()
        self.time.setRange(0.05, 3600)
        self.time.setValue(2.0)
        self.time.setSuffix(" s")
        self.time.setToolTip("Per case: the solver's budget, or your program's time limit (past it: TLE)")
        self.jobs = QSpinBox()
        self.jobs.setRange(1, 256)
        self.jobs.setValue(os.cpu_count() or 1)
        self.jobs.setToolTip("Cases at a time (default: the cores)")
        self.start_button = QPushButton("Start")
        self.start_button.clicked.connect(self.start)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop)
        self.open_button = QPushButton("Open run…")
        self.open_button.clicked.connect(self.open_run_dialog)
        self.compare_button = QPushButton("Compare with…")
        self.compare_button.setToolTip("Compare the run shown with another run, case by case")
        self.compare_button.clicked.connect(self.compare_dialog)
        self.progress = QProgressBar()
        self.summary = QLabel("No run yet")
        self.summary.setWordWrap(True)

        self.model = QStandardItemModel(0, 0, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QTableView.SelectRows)
        self.table.setEditTriggers(QTableView.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.doubleClicked.connect(self._row_opened)
        self.table.setToolTip("Double-click a case to step through this run's answer on its board")

        self.by_case = pg.PlotWidget()
        style_plot(self.by_case, self.palette())
        self.by_case.setLabel("bottom", "case (seed)")
        self.by_case.setLabel("left", "score")
        self.points = pg.ScatterPlotItem(size=7)
        self.by_case.addItem(self.points)
        self.by_group = pg.PlotWidget()
        style_plot(self.by_group, self.palette())
        self.by_group.setLabel("left", "mean score")
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.6, brush="#6a9fd8")
        self.by_group.addItem(self.bars)
        self._dirty = False

        # A bottom dock is wide and short: two rows of controls, the plots beside the table.
        what, how = QHBoxLayout(), QHBoxLayout()
        for row, label, widget, stretch in ((what, "Cases", self.seeds, 1), (what, None, self.files_button, 0),
                                            (what, "Run", self.runner, 1), (what, None, self.command, 3),
                                            (how, "Time", self.time, 0), (how, "Jobs", self.jobs, 0),
                                            (how, None, self.start_button, 0), (how, None, self.stop_button, 0),
                                            (how, None, self.open_button, 0), (how, None, self.compare_button, 0)):
            if label:
                row.addWidget(QLabel(label))
            row.addWidget(widget, stretch)
        how.addStretch(1)
        status = QHBoxLayout()
        status.addWidget(self.progress)
        status.addWidget(self.summary, 3)
        plots = QSplitter(Qt.Vertical)
        plots.addWidget(self.by_case)
        plots.addWidget(self.by_group)
        body = QSplitter(Qt.Horizontal)
        body.addWidget(self.table)
        body.addWidget(plots)
        body.setStretchFactor(0, 3)
        body.setStretchFactor(1, 2)
        self.table.setMinimumHeight(120)
        body.setSizes([600, 400])
        self.table.verticalHeader().hide()
        layout = QVBoxLayout(self)
        layout.addLayout(what)
        layout.addLayout(how)
        layout.addLayout(status)
        layout.addWidget(body, 1)

        self.timer = QTimer(self)
        self.timer.setInterval(100)  # table and plots at 10 Hz, whatever the rate cases finish
        self.timer.timeout.connect(self._drain)
        self._runner_changed(self.runner.currentText())

    # ------------------------------------------------------------ set-up
    def set_puzzle(self, puzzle_id: str) -> None:
        if puzzle_id == self.puzzle_id:
            return
        self.puzzle_id = puzzle_id
        self.runner.clear()
        self.runner.addItems([*solvers(puzzle_id), COMMAND_CHOICE])
        self.files = []
        self.files_button.setText("Files…")

    def _runner_changed(self, text: str) -> None:
        self.command.setVisible(text == COMMAND_CHOICE)

    def choose_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Inputs for the run")
        self.set_files(paths)

    def set_files(self, paths: list[str]) -> None:
        self.files = list(paths)
        self.files_button.setText(f"{len(self.files)} files" if self.files else "Files…")
        self.seeds.setEnabled(not self.files)

    # ------------------------------------------------------------ running
    def build_spec(self) -> BatchSpec:
        """The run the form describes; ValueError or WorkbenchError says what is wrong."""
        if self.puzzle_id is None:
            raise ValueError("open a board first: the run is for its puzzle")
        puzzle = get_puzzle(self.puzzle_id)
        cases = file_cases(self.files, {}) if self.files else seed_cases(puzzle, parse_seeds(self.seeds.text()),
                                                                        {}, {})
        if self.runner.currentText() == COMMAND_CHOICE:
            if not self.command.text().strip():
                raise ValueError("type the command that runs your program")
            runner = Runner(puzzle.id, self.time.value(), command=self.command.text().strip(), cwd=os.getcwd())
        else:
            runner = Runner(puzzle.id, self.time.value(), solver=self.runner.currentText())
        return BatchSpec(runner, cases, default_out(puzzle.id, root=self.runs_root), jobs=self.jobs.value(),
                         best=best_known_path(puzzle.id, self.runs_root), command_line=["Runs panel"])

    def start(self) -> bool:
        if self.running:
            return False
        try:
            spec = self.build_spec()
        except (ValueError, WorkbenchError) as error:
            self.message.emit(f"Cannot start the run: {error}")
            self.summary.setText(f"Cannot start the run: {error}")
            return False
        self.run = BatchRun(spec)
        self.run_folder = spec.out
        self._show_rows([], case_feature_names(get_puzzle(spec.runner.puzzle_id), spec.cases), len(spec.cases))
        self._error = None
        self._thread = threading.Thread(target=self._work, args=(self.run,), daemon=True)
        self._thread.start()
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.summary.setText(f"Running {len(spec.cases)} cases: {spec.runner.describe()}, "
                             f"{spec.jobs} at a time, into {spec.out}")
        self.timer.start()
        return True

    def _work(self, run: BatchRun) -> None:
        try:
            run.run(lambda result: self._queue.put(result.row()))
        except Exception as error:  # shown in the panel; the window goes on
            self._error = f"{type(error).__name__}: {error}"

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        if self.run is not None:
            self.run.stop()
            self.summary.setText("Stopping: running cases are killed, finished ones are kept…")

    def _drain(self) -> None:
        fresh = []
        while True:
            try:
                fresh.append(self._queue.get_nowait())
            except queue.Empty:
                break
        for row in fresh:
            self._add_row(row)
        if fresh:
            self._refresh_views()
        if not self.running:
            self.timer.stop()
            self.start_button.setEnabled(True)
            self.stop_button.setEnabled(False)
            self._refresh_views()
            status = self._error or (f"{self.run.status}: results in {self.run_folder}" if self.run else "")
            self.message.emit(f"Run {status}")

    def shutdown(self) -> None:
        """Stop a run and wait for its thread (the window is closing)."""
        if self.run is not None:
            self.run.stop()
        if self._thread is not None:
            self._thread.join(timeout=10)

    # ------------------------------------------------------------ table and plots
    def _show_rows(self, rows: list[dict], features: list[str], total: int | None = None) -> None:
        self.rows = []
        self.model.clear()
        self.features = features
        self.model.setHorizontalHeaderLabels(self._columns())
        self.progress.setRange(0, total if total is not None else len(rows))
        self.progress.setValue(0)
        for row in rows:
            self._add_row(row)
        self._refresh_views()

    def _columns(self) -> list[str]:
        return ["case", *self.features, "score", "relative", "time_s", "verdict", "message"]

    def _add_row(self, row: dict) -> None:
        self.rows.append(row)
        relative = float(row.get("relative") or 0)
        items = []
        for column in self._columns():
            value = row.get(column, "")
            item = QStandardItem(f"{relative:.4f}" if column == "relative" else str(value))
            try:
                item.setData(float(value), SORT_ROLE)
            except (TypeError, ValueError):
                item.setData(str(value), SORT_ROLE)
            if column in ("score", "relative"):
                item.setBackground(relative_colour(relative))
            item.setData(len(self.rows) - 1, Qt.UserRole)  # the row in self.rows
            items.append(item)
        self.model.appendRow(items)
        self.progress.setValue(len(self.rows))
        self._dirty = True

    def _refresh_views(self) -> None:
        if not self._dirty and self.rows:
            return
        self._dirty = False
        rows = self.rows
        xs = [float(r["seed"]) if r.get("seed") not in (None, "") else i for i, r in enumerate(rows)]
        ys = [float(r["score"]) for r in rows]
        self.points.setData(x=xs, y=ys, brush=[relative_colour(float(r.get("relative") or 0)) for r in rows])
        summary = summarize(rows)
        # The axis names the feature once; each bar is labelled with its value or range only.
        self.by_group.setLabel("bottom", self.features[0] if self.features else "")
        self.by_group.getAxis("bottom").setTicks([[(i, g.label.split(" ", 1)[-1])
                                                   for i, g in enumerate(summary.groups)]])
        self.bars.setOpts(x=list(range(len(summary.groups))), height=[g.mean_score for g in summary.groups])
        if rows:
            verdicts = ", ".join(f"{v} {n}" for v, n in sorted(summary.verdicts.items()))
            self.summary.setText(f"{summary.count} cases: mean {plain_number(round(summary.mean_score, 6))}, "
                                 f"mean relative {summary.mean_relative:.4f}; {verdicts}"
                                 + (f" — {self.run_folder}" if self.run_folder else ""))

    def _row_opened(self, index) -> None:
        row = self.rows[self.proxy.mapToSource(index).siblingAtColumn(0).data(Qt.UserRole)]
        self.open_row(row)

    def open_row(self, row: dict) -> None:
        if self.run_folder is None or self.puzzle_id is None:
            return
        answer = self.run_folder / row["answer"] if row.get("answer") else None
        self.caseOpened.emit(self.puzzle_id, str(self.run_folder / row["input"]),
                             str(answer) if answer and answer.is_file() else "")

    # ------------------------------------------------------------ past runs
    def open_run(self, folder: str | Path) -> bool:
        try:
            meta, rows = read_run(Path(folder))
        except WorkbenchError as error:
            self.message.emit(str(error))
            return False
        if self.running:
            self.message.emit("Stop the current run before opening another")
            return False
        if meta.get("puzzle"):
            self.set_puzzle(meta["puzzle"])
        self.run, self.run_folder = None, Path(folder)
        self._show_rows(rows, feature_names(rows))
        self.message.emit(f"Opened run {Path(folder).name}: {len(rows)} cases")
        return True

    def open_run_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Open a run folder", str(self.runs_root))
        if folder:
            self.open_run(folder)

    def compare_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Compare with which run?", str(self.runs_root))
        if folder:
            self.compare_with(folder)

    def compare_with(self, folder: str | Path) -> QDialog | None:
        """A dialog comparing the run shown (A) with ``folder`` (B), biggest losses first."""
        try:
            _, other = read_run(Path(folder))
            result = compare(self.rows, other)
        except WorkbenchError as error:
            self.message.emit(str(error))
            return None
        dialog = QDialog(self)
        dialog.setWindowTitle(f"{Path(folder).name} against {self.run_folder.name if self.run_folder else 'this run'}")
        low, high = result.ci95
        text = QLabel(f"{len(result.diffs)} shared cases: B wins {result.wins}, loses {result.losses}, "
                      f"ties {result.ties}.\nMean B − A {plain_number(round(result.mean_diff, 6))} "
                      f"(95% CI {plain_number(round(low, 6))} .. {plain_number(round(high, 6))}); "
                      f"paired t-test p = {result.t_pvalue:.3g}, Wilcoxon p = {result.wilcoxon_pvalue:.3g}")
        text.setWordWrap(True)
        model = QStandardItemModel(0, 5, dialog)
        model.setHorizontalHeaderLabels(["case", "group", "A", "B", "B − A"])
        for d in result.diffs:
            model.appendRow([QStandardItem(x) for x in (d.case, d.group, plain_number(d.score_a),
                                                         plain_number(d.score_b), plain_number(round(d.diff, 6)))])
        table = QTableView()
        table.setModel(model)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        layout = QVBoxLayout(dialog)
        layout.addWidget(text)
        layout.addWidget(table)
        dialog.resize(640, 480)
        dialog.comparison = result
        dialog.open()
        return dialog
