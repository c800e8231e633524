"""The Runs panel: batch runs over seeds or files, a live table and plots, past runs, compare.

A run is the same ``workbench.batch`` machinery as ``puzzle-workbench batch``: it runs on
a Python thread (which makes the cases, for a contest with its own gen, then
drives the worker processes), finished cases come back through a queue, and a
10 Hz timer on the GUI thread moves them into the table and the plots.

The panel runs a built-in puzzle (the board's) or a contest from its own tools
(``set_contest``). A puzzle's case opens on the board with the run's answer
(``caseOpened``); a contest's case is shown by whoever listens to ``caseChosen``
(the contest window's case view).
"""

from __future__ import annotations

import queue
import threading
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog, QFormLayout,
                               QHBoxLayout, QHeaderView,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QProgressBar, QPushButton, QSpinBox,
                               QTableView, QVBoxLayout, QWidget)

from workbench.core.cores import usable_cores
from solvers.run_setup import puzzle_options, split_options
from workbench.batch.anomalies import FlagRule, LiveFlags
from workbench.batch.cases import parse_seeds, seed_ranges
from workbench.batch.problem import PuzzleProblem
from workbench.batch.noise import MIN_SHARED
from workbench.batch.report import compare, failed_text, noise_lines
from workbench.batch.results import at_scale, plain_number, read_run, run_file, significant
from workbench.batch.plan import BatchPlan
from workbench.batch.batch_run import BatchRun
from workbench.contest.config import ContestConfig
from workbench.contest.problem import ContestProblem
from workbench.core.errors import WorkbenchError
from workbench.core.judge_text import plain_natural
from workbench.core.objective import Objective
from workbench.core.priority import lower_this_thread
from workbench.core.registry import puzzles, solvers

from workbench.gui.board.painters import not_loaded
from workbench.gui.window.file_dialog_fit import fitted
from workbench.gui.board.generate_dialog import option_value, option_widget, set_option_value
from workbench.gui.common.plain_text import plain_label
from workbench.gui.runs.runs_table import RunsView

COMMAND_CHOICE = "Your program (command)…"
LISTED_FLAGS = 200  # flagged cases listed at most: a run of 100,000 bad cases lists the first ones


def close_all(windows) -> None:
    for window in list(windows):
        if window.isVisible():
            window.close()


class RunsPanel(QWidget):
    caseOpened = Signal(str, str, str)  # puzzle id, input path, answer path ("" when none)
    caseChosen = Signal(dict)  # a contest's case (a results.csv row of ``run_folder``)
    contestRunOpened = Signal(str, str)  # a contest's run opened where boards are: contest file, run folder
    runShown = Signal()  # the table shows another run (opened, or started here)
    message = Signal(str)

    def __init__(self, runs_root: Path | None = None, parent=None):
        super().__init__(parent)
        self.runs_root = Path(runs_root) if runs_root else Path.cwd() / "runs"
        self.problem: PuzzleProblem | ContestProblem | None = None
        self.files: list[str] = []
        self.run: BatchRun | None = None
        self.run_folder: Path | None = None
        self.shown_puzzle: str | None = None  # the puzzle of the run in the table (the board's may differ)
        self.board_puzzle: str | None = None  # the puzzle of the board in the main window
        self.shown_meta: dict = {}  # run.json of the stored run in the table ({} for a run made here)
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self._error: str | None = None
        self._stop_asked = threading.Event()

        self.seeds = QLineEdit("0-9")
        self.seeds.setToolTip("Seeds for the generator: 0-99, or 0-9,20-29,50")
        self.files_button = QPushButton("Files…")
        self.files_button.setToolTip("Run on input files instead of seeds")
        self.files_button.clicked.connect(self.choose_files)
        self.option_values: dict = {}  # the puzzle's generator and instance options for the run
        self.options_button = QPushButton("Options…")
        self.options_button.setToolTip("The puzzle's generator and instance options for the run's cases")
        self.options_button.clicked.connect(self.options_dialog)
        self.runner = QComboBox()
        self.runner.setToolTip("A built-in solver, or your own contest program run with the workbench as judge")
        self.runner.currentTextChanged.connect(self._runner_changed)
        self.command = QLineEdit()
        self.command.setPlaceholderText("e.g. ./a.out or python3 main.py")
        self.command.setToolTip("Run through the shell from the workbench's folder; the contest's stdin/stdout "
                                "protocol")
        self.time = QDoubleSpinBox()
        self.time.setRange(0.05, 3600)
        self.time.setValue(2.0)
        self.time.setSuffix(" s")
        self.time.setToolTip("Per case: the solver's budget, or your program's time limit (past it: TLE)")
        self.jobs = QSpinBox()
        self.jobs.setRange(1, 256)
        self.jobs.setValue(usable_cores())
        self.jobs.setToolTip("Cases at a time (default: the cores)")
        self.freeze_best = QCheckBox("Frozen best")
        self.freeze_best.setToolTip("Compare with the best-known scores without updating them, so the relative "
                                    "scores of several runs share one scale (and may pass 1)")
        self.start_button = QPushButton("Start")
        self.start_button.clicked.connect(self.start)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop)
        self.open_button = QPushButton("Open run…")
        self.open_button.clicked.connect(self.open_run_dialog)
        self.history_button = QPushButton("Past runs…")
        self.history_button.setToolTip("Every run of this puzzle in the run database, and standings across them")
        self.history_button.clicked.connect(self.past_runs)
        self.compare_button = QPushButton("Compare with…")
        self.compare_button.setToolTip("Compare the run shown with another run, case by case")
        self.compare_button.clicked.connect(self.compare_dialog)
        self.live_button = QPushButton("Run live…")
        self.live_button.setToolTip("Run your program on the selected case, watching its [SCORE] lines and "
                                    "snapshots live")
        self.live_button.clicked.connect(self.run_selected_live)
        self.profile_button = QPushButton("Anytime profile…")
        self.profile_button.setToolTip("The run's mean relative score against time over its cases: would more "
                                       "time, or more speed, pay?")
        self.profile_button.clicked.connect(self.profile_dialog)
        self.selected_row: dict | None = None
        self.progress = QProgressBar()
        self.summary = plain_label("No run yet")
        self.summary.setWordWrap(True)

        self.flag_rule = FlagRule()  # of the run shown: its time limit and objective
        self.live_flags: LiveFlags | None = None  # of the run running: its times so far
        self.flagged_count = 0
        self.flagged = QListWidget()
        self.flagged.setToolTip("Cases worth a look: failed, far below the best-known, or near the time limit; "
                                "click one to open it")
        self.flagged.setMaximumHeight(90)
        self.flagged.itemClicked.connect(lambda item: self.open_row(item.data(Qt.UserRole)))
        self.flagged_label = plain_label()
        self.side_by_side: list = []  # the side-by-side windows opened from comparisons

        self.view = RunsView()
        self.view.rowActivated.connect(self.open_row)
        self.view.rowSelected.connect(self._row_selected)
        self.view.filterChanged.connect(self._filter_changed)
        # The table's and plots' parts, by the names the window and the tests know them by.
        self.model, self.proxy, self.table = self.view.model, self.view.proxy, self.view.table
        self.points, self.bars = self.view.points, self.view.bars
        self.by_case, self.by_group = self.view.by_case, self.view.by_group

        # A bottom dock is wide and short: two rows of controls, the plots beside the table. What acts
        # on the run shown (compare, run a case live, its profile) stands beside its summary: the second
        # row kept them all to ~1000 px, wider than the dock of the default window (946 px).
        what, how = QHBoxLayout(), QHBoxLayout()
        for row, label, widget, stretch in ((what, "Cases", self.seeds, 1), (what, None, self.files_button, 0),
                                            (what, None, self.options_button, 0), (what, "Run", self.runner, 1),
                                            (what, None, self.command, 3),
                                            (how, "Time", self.time, 0), (how, "Jobs", self.jobs, 0),
                                            (how, None, self.freeze_best, 0),
                                            (how, None, self.start_button, 0), (how, None, self.stop_button, 0),
                                            (how, None, self.open_button, 0), (how, None, self.history_button, 0)):
            if label:
                row.addWidget(QLabel(label))
            row.addWidget(widget, stretch)
        how.addStretch(1)
        status = QHBoxLayout()
        status.addWidget(self.progress)
        status.addWidget(self.summary, 3)
        for button in (self.compare_button, self.live_button, self.profile_button):
            status.addWidget(button, 0, Qt.AlignTop)
        layout = QVBoxLayout(self)
        layout.addLayout(what)
        layout.addLayout(how)
        layout.addLayout(status)
        layout.addWidget(self.flagged_label)
        layout.addWidget(self.flagged)
        layout.addWidget(self.view, 1)
        self._show_flagged()

        self.timer = QTimer(self)
        self.timer.setInterval(100)  # table and plots at 10 Hz, whatever the rate cases finish
        self.timer.timeout.connect(self._drain)
        self._runner_changed(self.runner.currentText())

    def heightForWidth(self, width: int) -> int:
        """In a scroll area (the window's Runs dock) the panel fits the height it is given down to
        its minimum: the word-wrapped summary makes the scroll area ask this, and the height the
        plots would like (about 1000 px) had the table and plots scroll out of a 350 px dock."""
        return self.minimumSizeHint().height()

    # ------------------------------------------------------------ set-up
    @property
    def puzzle_id(self) -> str | None:
        return self.problem.id if isinstance(self.problem, PuzzleProblem) else None

    @property
    def contest(self) -> ContestConfig | None:
        return self.problem.config if isinstance(self.problem, ContestProblem) else None

    def program_folder(self) -> Path:
        """Where the program runs, its relative command (``./sol.py``) found: a contest's folder (its
        contest.toml's, as when `batch` starts there), else the workbench's."""
        return self.contest.folder.resolve() if self.contest is not None else Path.cwd()

    def set_puzzle(self, puzzle_id: str) -> None:
        """The board's puzzle: the controls start runs of it. A run of another puzzle stays in the
        table, labelled as such, and its rows open its own puzzle's cases."""
        self.board_puzzle = puzzle_id
        self._use_puzzle(puzzle_id)
        if self.shown_puzzle == puzzle_id:
            self._show_how(self.shown_meta)  # the controls filled afresh: the run shown's again
        self._refresh_views()

    def _use_puzzle(self, puzzle_id: str) -> None:
        """The controls for runs of ``puzzle_id`` (its solvers, its options)."""
        if self.puzzle_id == puzzle_id:
            return
        self.problem = PuzzleProblem(puzzle_id)
        self.runner.clear()
        self.runner.addItems([*solvers(puzzle_id), COMMAND_CHOICE])
        self.set_files([])
        self.set_options({})

    def set_contest(self, config: ContestConfig) -> None:
        """Run a contest from its own tools: its program only, its time limit by default."""
        if self.contest == config:
            return
        self.problem = ContestProblem(config)
        self.runner.clear()
        self.runner.addItems([COMMAND_CHOICE])
        self.command.setText(self.problem.default_command())
        self.command.setToolTip(f"Your program ({{CMD}} in {config.path.name}); run from the contest's folder, "
                                f"{config.folder}")
        self.time.setValue(config.time_limit)
        self.runs_root = self.problem.runs_root()
        self.set_files(self.problem.default_files())  # an output-only contest's inputs; else seeds
        self.set_options({})

    def set_options(self, values: dict) -> None:
        """The puzzle's options for the run (by name; the rest at their defaults)."""
        options = puzzle_options(self.problem.puzzle if isinstance(self.problem, PuzzleProblem) else None)
        self.option_values = {o.name: values.get(o.name, o.default) for o in options}
        changed = [f"{o.name} {self.option_values[o.name]}" for o in options if self.option_values[o.name] != o.default]
        self.options_button.setText(("Options: " + ", ".join(changed)) if changed else "Options…")
        self.options_button.setVisible(bool(options))

    def options_dialog(self) -> QDialog:
        """The puzzle's options in a form; OK keeps them for the next run."""
        options = puzzle_options(self.problem.puzzle if isinstance(self.problem, PuzzleProblem) else None)
        dialog = QDialog(self)
        dialog.setWindowTitle("Options of the run's cases")
        form = QFormLayout(dialog)
        widgets = {}
        for option in options:
            widget = option_widget(option)
            set_option_value(widget, self.option_values.get(option.name, option.default))
            widget.setToolTip(option.help)
            form.addRow(option.label or option.name, widget)
            widgets[option.name] = widget
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        form.addRow(buttons)
        dialog.accepted.connect(lambda: self.set_options({n: option_value(w) for n, w in widgets.items()}))
        dialog.widgets = widgets
        dialog.open()
        return dialog

    def _runner_changed(self, text: str) -> None:
        self.command.setVisible(text == COMMAND_CHOICE)

    def choose_files(self) -> None:
        paths, _ = fitted(QFileDialog.getOpenFileNames)(self, "Inputs for the run")
        self.set_files(paths)

    def set_files(self, paths: list[str]) -> None:
        self.files = list(paths)
        self.files_button.setText(f"{len(self.files)} files" if self.files else "Files…")
        self.seeds.setEnabled(not self.files)

    # ------------------------------------------------------------ running
    def _spec_maker(self):
        """What the form describes, checked now; the cases are made on the run's thread (a contest's
        gen may take a while). ValueError or WorkbenchError says what is wrong."""
        problem = self.problem
        if problem is None:
            raise ValueError("open a board first: the run is for its puzzle")
        command = self.command.text().strip()
        chosen = self.runner.currentText()
        if chosen == COMMAND_CHOICE and not command and not (self.contest and self.contest.runs_own_program):
            raise ValueError("type the command that runs your program")
        generator, instance = (split_options(problem.puzzle, self.option_values)
                               if isinstance(problem, PuzzleProblem) else ({}, {}))
        plan = BatchPlan(problem, seeds=None if self.files else parse_seeds(self.seeds.text()), files=list(self.files),
                         generator_options=generator, instance_options=instance,
                         solver=None if chosen == COMMAND_CHOICE else chosen,
                         command=(command or None) if chosen == COMMAND_CHOICE else None, seconds=self.time.value(),
                         workers=self.jobs.value(), freeze_best=self.freeze_best.isChecked(), runs_folder=self.runs_root,
                         command_line=["Runs panel"], cwd=str(self.program_folder()))
        plan.check()

        def make():
            plan.prepare()  # a contest's build step and the program's file, on the run's thread
            return plan.spec()

        return make

    def start(self) -> bool:
        if self.running:
            return False
        try:
            make = self._spec_maker()
        except (ValueError, WorkbenchError) as error:
            self._cannot_start(str(error))
            return False
        self._error = None
        self._stop_asked.clear()
        self.run = None
        self.shown_puzzle, self.shown_meta = self.puzzle_id, {}
        self._thread = threading.Thread(target=self._work, args=(make,), daemon=True)
        self._thread.start()
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.summary.setText("Making the cases…")
        self.timer.start()
        return True

    def _cannot_start(self, reason: str) -> None:
        self.message.emit(f"Cannot start the run: {reason}")
        self.summary.setText(f"Cannot start the run: {reason}")

    def _work(self, make) -> None:
        # The run's thread, and the pool's threads and worker processes it starts (on Linux they
        # inherit it; elsewhere each worker lowers itself: ``background``), get a core only when the
        # window's thread does not want one (``core.priority``).
        lower_this_thread()
        try:
            run = BatchRun(make(), background=True)
            self._queue.put(("started", run))
            if self._stop_asked.is_set():
                run.stop()
            run.run(lambda result: self._queue.put(("row", result.row())))
        except WorkbenchError as error:  # a contest's gen failed, a folder cannot be written: said in the panel
            self._error = f"Cannot start the run: {error}"
        except Exception as error:  # shown in the panel; the window goes on
            self._error = f"{type(error).__name__}: {error}"

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        self._stop_asked.set()
        if self.run is not None:
            self.run.stop()
        self.summary.setText("Stopping: running cases are killed, finished ones are kept…")

    def _drain(self) -> None:
        # Whether the run had ended is read before the queue: a row put just before its thread
        # ended is then drained here, not left behind when the timer stops.
        ended = not self.running
        fresh: list[dict] = []
        while True:
            try:
                kind, item = self._queue.get_nowait()
            except queue.Empty:
                break
            if kind == "started":
                if fresh:
                    self._flag(fresh)
                    self.view.add_rows(fresh)
                    fresh = []
                self._started(item)
            else:
                fresh.append(item)
        if fresh:
            self._flag(fresh)
            self.view.add_rows(fresh)
            self.progress.setValue(len(self.view.rows))
            self._refresh_views()
        if ended:
            self.timer.stop()
            self.start_button.setEnabled(True)
            self.stop_button.setEnabled(False)
            self._refresh_views()
            if self._error:
                self.summary.setText(self._error)
            status = self._error or (f"Run {self.run.status}: results in {self.run_folder}" if self.run else "")
            self.message.emit(status)

    def _started(self, run: BatchRun) -> None:
        self.run, self.run_folder = run, run.spec.out
        self.flag_rule = FlagRule.of_run(run.meta())
        self.live_flags = LiveFlags(self.flag_rule)  # a time against the run's times so far
        self._clear_flagged()
        self.view.show_rows([], run.features, run.problem.objective)
        self._show_flagged()
        self.runShown.emit()
        self.progress.setRange(0, len(run.spec.cases))
        self.progress.setValue(0)
        self.summary.setText(f"Running {len(run.spec.cases)} cases: {run.spec.runner.describe()}, "
                             f"{run.spec.workers} at a time, into {run.spec.out}")

    def shutdown(self) -> None:
        """Stop a run and wait for its thread, and close the comparisons and side-by-side windows
        opened from here (the window is closing: none outlives it)."""
        self.stop()
        if self._thread is not None:
            self._thread.join(timeout=10)
        close_all(self.findChildren(QDialog))
        close_all(self.side_by_side)

    # ------------------------------------------------------------ flags
    def _flag(self, rows: list[dict]) -> None:
        """Each row's flags (its "flags" cell), and the flagged ones listed as they come."""
        for row in rows:
            flags = (self.live_flags or self.flag_rule).flags(row)
            row["flags"] = "; ".join(flags)
            if flags:
                self.flagged_count += 1
                if self.flagged.count() < LISTED_FLAGS:
                    item = QListWidgetItem(f"case {row.get('case', '?')}: {row['flags']}")
                    item.setData(Qt.UserRole, row)
                    self.flagged.addItem(item)
        if rows:
            self._show_flagged()

    def _clear_flagged(self) -> None:
        self.flagged.clear()
        self.flagged_count = 0

    def _show_flagged(self) -> None:
        count = self.flagged_count
        self.flagged.setVisible(count > 0)
        self.flagged_label.setVisible(count > 0)
        listed = f" (the first {LISTED_FLAGS} listed; the filter 'flagged' shows them all)" \
            if count > LISTED_FLAGS else ""
        self.flagged_label.setText(f"Flagged: {count} case{'s' if count != 1 else ''} worth a look "
                                   f"(failed, far below the best-known, or near the time limit){listed}: "
                                   "click one to open it")

    @property
    def flagged_cases(self) -> list[str]:
        return [self.flagged.item(i).data(Qt.UserRole).get("case", "") for i in range(self.flagged.count())]

    # ------------------------------------------------------------ table and plots
    @property
    def rows(self) -> list[dict]:
        return self.view.rows

    @property
    def features(self) -> list[str]:
        return self.view.features

    def _refresh_views(self) -> None:
        self.view.refresh()
        shown = self.view.visible_rows()
        if not shown:
            return
        summary = self.view.summary  # of the rows shown, made by the view's refresh
        part = f" of {len(self.view.rows)}" if len(shown) != len(self.view.rows) else ""
        other = self.shown_puzzle if self.board_puzzle and self.shown_puzzle not in (None, self.board_puzzle) else None
        label = f"A run of {other}, not of the board's {self.board_puzzle}: a row opens its {other} case. " \
            if other else ""
        mean = "-" if summary.mean_score is None else plain_number(round(summary.mean_score, 6))
        cpu = f", mean CPU {summary.mean_cpu:.2f} s" if summary.mean_cpu is not None else ""
        self.summary.setText(f"{label}{summary.count}{part} cases ({summary.objective.words}): {summary.ok} OK, "
                             f"{summary.failed_text()}; mean score {mean} over the OK cases, mean relative "
                             f"{summary.mean_relative:.4f}; mean time {summary.mean_seconds:.2f} s{cpu}"
                             + (f" — {self.run_folder}" if self.run_folder else ""))

    def _filter_changed(self, problem: str) -> None:
        if problem:
            self.message.emit(f"Filter: {problem}")
        else:
            self._refresh_views()

    def _row_selected(self, row: dict) -> None:
        self.selected_row = row
        if self.contest is not None:
            self.caseChosen.emit(row)

    def open_row(self, row: dict) -> None:
        """A case of the run: a puzzle's opens on the board with its answer, a contest's is shown."""
        if self.run_folder is None:
            return
        if self.contest is not None:
            self.caseChosen.emit(row)
            return
        puzzle_id = self.shown_puzzle or self.puzzle_id  # the row's own puzzle, whatever the board's
        if puzzle_id is None:
            return
        try:
            answer = run_file(self.run_folder, row["answer"], "answer") if row.get("answer") else None
            case = run_file(self.run_folder, row.get("input") or "", "input")
        except WorkbenchError as error:
            self.message.emit(str(error))
            return
        self.caseOpened.emit(puzzle_id, str(case), str(answer) if answer and answer.is_file() else "")

    # ------------------------------------------------------------ live
    def run_selected_live(self):
        """The selected case of the run shown, run live with the command typed here."""
        from workbench.gui.live.live_run_view import open_for_row

        if self.selected_row is None or self.run_folder is None:
            self.message.emit("Select a case of a run first: it runs live with your program")
            return None
        return open_for_row(self, self.selected_row)

    def profile_dialog(self) -> QDialog | None:
        from workbench.gui.runs.anytime_plot import profile_dialog

        if self.run_folder is None:
            self.message.emit("Open or make a run first: its anytime profile is plotted")
            return None
        return profile_dialog(self, self.run_folder)

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
        if meta.get("kind") == "contest":
            if not self._open_contest_of(meta, folder):
                return False
        elif meta.get("puzzle"):
            if self.contest is not None:
                self.message.emit(f"{Path(folder).name} is a run of the puzzle {meta['puzzle']}: open it from "
                                  "the main window's Runs panel")
                return False
            if meta["puzzle"] in puzzles():  # to run it again; the board keeps its own puzzle
                self._use_puzzle(meta["puzzle"])
            else:  # a plugin not loaded: its results are shown, its cases cannot be
                self.message.emit(not_loaded(str(meta["puzzle"])))
            self.shown_puzzle = meta["puzzle"]
        self.run, self.run_folder = None, Path(folder)
        self.shown_meta = meta
        features = meta.get("features")
        if not isinstance(features, list):  # runs made before run.json listed them
            from workbench.gui.runs.runs_table import between_seed_and_score

            features = between_seed_and_score(rows[0]) if rows else []
        self.flag_rule = FlagRule.of_run(meta).among(rows)  # a time against the whole run's
        self.live_flags = None
        self._clear_flagged()
        self._flag(rows)
        self.view.show_rows(rows, [str(f) for f in features], self.objective)
        self._show_how(meta)
        self.progress.setRange(0, max(len(rows), 1))
        self.progress.setValue(len(rows))
        self._refresh_views()
        self.runShown.emit()
        if self.shown_puzzle is None or self.shown_puzzle in puzzles():
            self.message.emit(f"Opened run {Path(folder).name}: {len(rows)} cases")
        return True

    def _show_how(self, meta: dict) -> None:
        """The Run controls say how the run shown was made: its solver or its program, its time."""
        if meta.get("command"):
            self.runner.setCurrentText(COMMAND_CHOICE)
            self.command.setText(str(meta["command"]))
        elif meta.get("solver") and self.runner.findText(str(meta["solver"])) >= 0:
            self.runner.setCurrentText(str(meta["solver"]))
        if isinstance(meta.get("seconds"), (int, float)):
            self.time.setValue(float(meta["seconds"]))
        seeds = [s for s in (plain_natural(str(r.get("seed", ""))) for r in self.view.rows) if s is not None] \
            if meta else []
        if seeds:  # the Cases field says which cases the run shown ran
            self.set_files([])
            self.seeds.setText(seed_ranges(seeds))

    def _open_contest_of(self, meta: dict, folder) -> bool:
        from workbench.contest.config import load

        where = meta.get("contest_file", "")
        if self.contest is None:  # a board window: the contest gets a window of its own
            self.contestRunOpened.emit(where, str(folder))
            return False
        try:
            config = load(where)
        except WorkbenchError as error:
            self.message.emit(f"Cannot show {Path(folder).name}: {error}")
            return False
        if config.name != self.contest.name:
            self.message.emit(f"{Path(folder).name} is a run of the contest {config.name}, not {self.contest.name}")
            return False
        return True

    def past_runs(self):
        from workbench.gui.runs.run_history import open_past_runs

        self.history = open_past_runs(self)
        return self.history

    def open_run_dialog(self) -> None:
        folder = fitted(QFileDialog.getExistingDirectory)(self, "Open a run folder", str(self.runs_root))
        if folder:
            self.open_run(folder)

    def compare_dialog(self) -> None:
        folder = fitted(QFileDialog.getExistingDirectory)(self, "Compare with which run?", str(self.runs_root))
        if folder:
            self.compare_with(folder)

    @property
    def objective(self) -> Objective:
        """The objective of the run shown (its run.json), else of the panel's puzzle or contest."""
        if self.shown_meta.get("objective"):
            return Objective.of(self.shown_meta["objective"])
        return self.problem.objective if self.problem else Objective.MAX

    def compare_with(self, folder: str | Path) -> QDialog | None:
        """A dialog comparing the run shown (A) with ``folder`` (B), biggest losses first."""
        objective = self.objective
        try:
            meta_b, other = read_run(Path(folder))
            result = compare(self.rows, other, objective, meta_a=self.shown_meta or {}, meta_b=meta_b)
        except WorkbenchError as error:
            self.message.emit(str(error))
            return None
        name_a = self.run_folder.name if self.run_folder else "this run"
        dialog = QDialog(self)
        # Beside the window, not over it: the runs stay usable while the comparison is read.
        dialog.setWindowModality(Qt.NonModal)
        dialog.side_by_side = []  # the cases it opened side by side: they close with it
        dialog.setWindowTitle(f"B {Path(folder).name} against A {name_a}")
        low, high = result.ci95
        tests = (f"B − A {at_scale(result.mean_diff, high - low)} (95% CI {at_scale(low, high - low)} .. "
                 f"{at_scale(high, high - low)}); paired t-test p = {result.t_pvalue:.3g}, Wilcoxon p = "
                 f"{result.wilcoxon_pvalue:.3g}" if result.tested else
                 f"B − A {significant(result.mean_diff, 4)}; no statistics on {len(result.diffs)} shared cases "
                 f"(a test needs {MIN_SHARED} or more)")
        raw = (f"Raw score on the {result.both_ok} cases OK in both: mean A {significant(result.raw_mean_a)}, "
               f"mean B {significant(result.raw_mean_b)}." if result.both_ok else
               "No case is OK in both runs.")
        text = plain_label(f"A = {name_a}, B = {Path(folder).name} ({objective.words})\n"
                      f"{len(result.diffs)} shared cases: B wins {result.wins}, loses {result.losses}, "
                      f"ties {result.ties} (a case OK in one run only is a win for it).\n"
                      f"Failed: A {failed_text(result.failed_a)}, B {failed_text(result.failed_b)}.\n"
                      f"Relative score (per case against the better of the two, a failed case 0): mean A "
                      f"{result.mean_a:.4f}, mean B {result.mean_b:.4f}; {tests}.\n{raw}\n"
                      + "\n".join(noise_lines(result)))
        text.setWordWrap(True)
        model = QStandardItemModel(0, 6, dialog)
        model.setHorizontalHeaderLabels(["case", "group", f"A: {name_a}", f"B: {Path(folder).name}",
                                         "relative B − A", "verdicts"])
        for d in result.diffs:
            verdicts = "" if d.both_ok else f"{d.verdict_a} → {d.verdict_b}"
            model.appendRow([QStandardItem(x) for x in (d.case, d.group, plain_number(d.score_a),
                                                         plain_number(d.score_b), f"{d.diff:+.4f}", verdicts)])
        table = QTableView()
        table.setModel(model)
        table.setSelectionBehavior(QTableView.SelectRows)
        table.setSelectionMode(QTableView.SingleSelection)
        table.setEditTriggers(QTableView.NoEditTriggers)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        side = QPushButton("Side by side")
        side.setToolTip("Open the selected case with both runs' answers side by side (or double-click its row)")
        side.setEnabled(False)
        a_folder, b_folder = self.run_folder, Path(folder)

        def chosen(index=None):
            index = index if index is not None else table.currentIndex()
            if index.isValid() and a_folder is not None:
                view = self.open_side_by_side(a_folder, b_folder, result.diffs[index.row()].key)
                if view is not None:
                    dialog.side_by_side.append(view)

        table.selectionModel().currentRowChanged.connect(lambda current, _: side.setEnabled(current.isValid()))
        table.doubleClicked.connect(chosen)
        side.clicked.connect(lambda: chosen())
        layout = QVBoxLayout(dialog)
        layout.addWidget(text)
        layout.addWidget(table)
        layout.addWidget(side)
        dialog.resize(640, 480)
        dialog.comparison = result
        dialog.table, dialog.side_by_side_button = table, side
        dialog.finished.connect(lambda _code: close_all(dialog.side_by_side))
        dialog.show()
        return dialog

    def open_side_by_side(self, folder_a: str | Path, folder_b: str | Path, case: str):
        """One case of two runs in a window of its own: both answers stepped together (a puzzle's two
        boards, a contest's two vis views), both scores, the diff of the answers."""
        from workbench.batch.side_by_side import case_pair

        from workbench.gui.runs.side_by_side import SideBySideView

        try:
            view = SideBySideView(case_pair(Path(folder_a), Path(folder_b), case))
        except WorkbenchError as error:
            self.message.emit(f"Cannot show the case side by side: {error}")
            return None
        self.side_by_side = [w for w in self.side_by_side if w.isVisible()] + [view]
        view.show()
        return view
