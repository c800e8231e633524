"""The Runs panel: batch runs over seeds or files, a live table and plots, past runs, compare.

A run is the same ``workbench.batch`` machinery as ``puzzle-workbench batch``, held by a Qt-free
``BatchRunModel`` (its thread, its rows, its flags, with events); a 10 Hz timer on the GUI thread
drains it, and the table (``RunsView``), the flagged list and the status line here each follow
the model's events. The controls are a ``RunForm``; a comparison is a ``CompareDialog``.

The panel runs a built-in puzzle (the board's) or a contest from its own tools
(``set_contest``). A puzzle's case opens on the board with the run's answer
(``caseOpened``); a contest's case is shown by whoever listens to ``caseChosen``
(the contest window's case view).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QDialog, QFileDialog, QPushButton, QVBoxLayout, QWidget

from workbench.batch.results import read_run, run_file
from workbench.contest.config import ContestConfig
from workbench.core.errors import WorkbenchError
from workbench.core.objective import Objective
from workbench.core.registry import puzzles
from workbench.gui.board.painters import not_loaded
from workbench.gui.runs.batch_model import BatchRunModel
from workbench.gui.runs.compare_dialog import Comparisons, close_all
from workbench.gui.runs.flagged_list import FlaggedList
from workbench.gui.runs.run_form import COMMAND_CHOICE, RunForm
from workbench.gui.runs.run_status import RunStatus
from workbench.gui.runs.runs_table import RunsView, between_seed_and_score
from workbench.gui.window.file_dialog_fit import fitted

__all__ = ["COMMAND_CHOICE", "RunsPanel"]
DRAIN_MS = 100  # table and plots at 10 Hz, whatever the rate cases finish


class RunsPanel(QWidget):
    caseOpened = Signal(str, str, str)  # puzzle id, input path, answer path ("" when none)
    caseChosen = Signal(dict)  # a contest's case (a results.csv row of ``run_folder``)
    contestRunOpened = Signal(str, str)  # a contest's run opened where boards are: contest file, run folder
    runShown = Signal()  # the table shows another run (opened, or started here)
    message = Signal(str)

    # What the window, the tests and the bench read, from the collaborators that hold it.
    problem = property(lambda self: self.form.problem)
    puzzle_id = property(lambda self: self.form.puzzle_id)
    contest = property(lambda self: self.form.contest)
    files = property(lambda self: self.form.files)
    run = property(lambda self: self.batch_model.run)
    run_folder = property(lambda self: self.batch_model.folder)
    shown_meta = property(lambda self: self.batch_model.meta)
    running = property(lambda self: self.batch_model.running)
    rows = property(lambda self: self.view.rows)
    flagged_cases = property(lambda self: self.flag_list.cases())
    side_by_side = property(lambda self: self.comparisons.side_by_side)

    def __init__(self, runs_root: Path | None = None, parent=None):
        super().__init__(parent)
        self.runs_root = Path(runs_root) if runs_root else Path.cwd() / "runs"
        self.board_puzzle: str | None = None  # the puzzle of the board in the main window
        self.selected_row: dict | None = None
        self.comparisons = Comparisons(self)
        self.comparisons.message.connect(self.message)
        self.batch_model = BatchRunModel()
        self.form = RunForm()
        # The controls by the names the window, the tests and the bench know them by.
        self.seeds, self.runner, self.command = self.form.seeds, self.form.runner, self.form.command
        self.time, self.jobs, self.freeze_best = self.form.time, self.form.jobs, self.form.freeze_best
        self.files_button = self.form.files_button
        self.start_button, self.stop_button = (
            self._button(self.tr("Start"), self.start),
            self._button(self.tr("Stop"), self.stop),
        )
        self.stop_button.setEnabled(False)
        self.open_button = self._button(self.tr("Open run…"), self.open_run_dialog)
        self.history_button = self._button(
            self.tr("Past runs…"),
            self.past_runs,
            self.tr("Every run of this puzzle in the run database, and standings across them"),
        )
        self.compare_button = self._button(
            self.tr("Compare with…"),
            self.compare_dialog,
            self.tr("Compare the run shown with another run, case by case"),
        )
        self.live_button = self._button(
            self.tr("Run live…"),
            self.run_selected_live,
            self.tr("Run your program on the selected case, watching its [SCORE] lines and snapshots live"),
        )
        self.profile_button = self._button(
            self.tr("Anytime profile…"),
            self.profile_dialog,
            self.tr("The run's mean relative score against time over its cases: would more time, or more speed, pay?"),
        )
        self.view = RunsView()
        self.view.follow(self.batch_model)
        self.status = RunStatus(self.batch_model, self.view)
        self.progress, self.summary = self.status.progress, self.status.summary
        self.view.rowActivated.connect(self.open_row)
        self.view.rowSelected.connect(self._row_selected)
        self.view.filterChanged.connect(self._filter_changed)
        # The table's and plots' parts, by the names the window and the tests know them by.
        self.model, self.proxy, self.table = self.view.model, self.view.proxy, self.view.table
        self.points, self.bars = self.view.points, self.view.bars
        self.by_case, self.by_group = self.view.by_case, self.view.by_group
        self.flag_list = FlaggedList(self.batch_model)
        self.flag_list.rowChosen.connect(self.open_row)
        self.flagged, self.flagged_label = self.flag_list.list, self.flag_list.label
        self.batch_model.started.connect(lambda _run: self.runShown.emit())
        self.batch_model.shown.connect(self._shown)
        self.batch_model.ended.connect(self._ended)
        self._lay_out()
        self.timer = QTimer(self)
        self.timer.setInterval(DRAIN_MS)
        self.timer.timeout.connect(self.batch_model.drain)

    def _button(self, text: str, slot, tip: str = "") -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(lambda: slot())
        return button

    def _lay_out(self) -> None:
        # A bottom dock is wide and short: two rows of controls, the plots beside the table. What acts
        # on the run shown (compare, run a case live, its profile) stands beside its summary: the second
        # row kept them all to ~1000 px, wider than the dock of the default window (946 px).
        for button in (self.start_button, self.stop_button, self.open_button, self.history_button):
            self.form.how.addWidget(button)
        self.form.how.addStretch(1)
        for button in (self.compare_button, self.live_button, self.profile_button):
            self.status.row.addWidget(button, 0, Qt.AlignTop)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(self.status)
        layout.addWidget(self.flag_list)
        layout.addWidget(self.view, 1)

    def heightForWidth(self, width: int) -> int:
        """In a scroll area (the window's Runs dock) the panel fits the height it is given down to
        its minimum: the word-wrapped summary makes the scroll area ask this, and the height the
        plots would like (about 1000 px) had the table and plots scroll out of a 350 px dock."""
        return self.minimumSizeHint().height()

    # ------------------------------------------------------------ what runs
    def set_files(self, paths: list[str]) -> None:
        self.form.set_files(paths)

    def program_folder(self) -> Path:
        return self.form.program_folder()

    def set_puzzle(self, puzzle_id: str) -> None:
        """The board's puzzle: the controls start runs of it. A run of another puzzle stays in the
        table, labelled as such, and its rows open its own puzzle's cases."""
        self.board_puzzle = self.status.board_puzzle = puzzle_id
        self.form.use_puzzle(puzzle_id)
        if self.batch_model.puzzle == puzzle_id:
            self.form.show_how(self.batch_model.meta, self.rows)  # the controls filled afresh: the run shown's again
        self.status.show_summary()

    def set_contest(self, config: ContestConfig) -> None:
        if self.form.set_contest(config):
            self.runs_root = self.form.problem.runs_root()

    # ------------------------------------------------------------ the run shown
    @property
    def objective(self) -> Objective:
        """The objective of the run shown (its run.json), else of the panel's puzzle or contest."""
        if self.batch_model.meta.get("objective"):
            return Objective.of(self.batch_model.meta["objective"])
        return self.problem.objective if self.problem else Objective.MAX

    def _filter_changed(self, problem: str) -> None:
        if problem:
            self.message.emit(self.tr("Filter: {0}").format(problem))
        else:
            self.status.show_summary()

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
        puzzle_id = self.batch_model.puzzle or self.puzzle_id  # the row's own puzzle, whatever the board's
        if puzzle_id is None:
            return
        try:
            answer = run_file(self.run_folder, row["answer"], "answer") if row.get("answer") else None
            case = run_file(self.run_folder, row.get("input") or "", "input")
        except WorkbenchError as error:
            self.message.emit(str(error))
            return
        self.caseOpened.emit(puzzle_id, str(case), str(answer) if answer and answer.is_file() else "")

    # ------------------------------------------------------------ running
    def start(self) -> bool:
        if self.running:
            return False
        try:
            plan = self.form.plan(self.runs_root)
        except (ValueError, WorkbenchError) as error:
            self.message.emit(self.tr("Cannot start the run: {0}").format(error))
            self.summary.setText(self.tr("Cannot start the run: {0}").format(error))
            return False
        self.batch_model.start(plan, self.puzzle_id)
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.summary.setText(self.tr("Making the cases…"))
        self.timer.start()
        return True

    def stop(self) -> None:
        self.batch_model.stop()
        self.summary.setText(self.tr("Stopping: running cases are killed, finished ones are kept…"))

    def _ended(self, failure: Exception | None) -> None:
        self.timer.stop()
        self.start_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.status.show_summary()
        run = self.batch_model.run
        if isinstance(failure, WorkbenchError):  # a contest's gen failed, a folder cannot be written
            status = self.tr("Cannot start the run: {0}").format(failure)
        elif failure is not None:  # shown in the panel; the window goes on
            status = f"{type(failure).__name__}: {failure}"
        else:
            status = self.tr("Run {0}: results in {1}").format(run.status, self.run_folder) if run else ""
        if failure is not None:
            self.summary.setText(status)
        self.message.emit(status)

    def shutdown(self) -> None:
        """Stop a run and wait for its thread, and close the comparisons and side-by-side windows
        opened from here (the window is closing: none outlives it)."""
        self.stop()
        self.batch_model.join(timeout=10)
        close_all(self.findChildren(QDialog))
        self.comparisons.close_all()

    # ------------------------------------------------------------ a stored run
    def open_run(self, folder: str | Path) -> bool:
        try:
            meta, rows = read_run(Path(folder))
        except WorkbenchError as error:
            self.message.emit(str(error))
            return False
        if self.running:
            self.message.emit(self.tr("Stop the current run before opening another"))
            return False
        puzzle = self.batch_model.puzzle
        if meta.get("kind") == "contest":
            if not self._open_contest_of(meta, folder):
                return False
        elif meta.get("puzzle"):
            if self.contest is not None:
                self.message.emit(
                    self.tr("{0} is a run of the puzzle {1}: open it from the main window's Runs panel").format(
                        Path(folder).name, meta["puzzle"]
                    )
                )
                return False
            if meta["puzzle"] in puzzles():  # to run it again; the board keeps its own puzzle
                self.form.use_puzzle(meta["puzzle"])
            else:  # a plugin not loaded: its results are shown, its cases cannot be
                self.message.emit(not_loaded(str(meta["puzzle"])))
            puzzle = meta["puzzle"]
        features = meta.get("features")
        if not isinstance(features, list):  # runs made before run.json listed them
            features = between_seed_and_score(rows[0]) if rows else []
        objective = (
            Objective.of(meta["objective"])
            if meta.get("objective")
            else (self.problem.objective if self.problem else Objective.MAX)
        )
        self.batch_model.show(Path(folder), meta, rows, puzzle, [str(f) for f in features], objective)
        if puzzle is None or puzzle in puzzles():
            self.message.emit(self.tr("Opened run {0}: {1} cases").format(Path(folder).name, len(rows)))
        return True

    def _shown(self) -> None:
        self.form.show_how(self.batch_model.meta, self.rows)
        self.runShown.emit()

    def _open_contest_of(self, meta: dict, folder) -> bool:
        from workbench.contest.config import load

        where = meta.get("contest_file", "")
        if self.contest is None:  # a board window: the contest gets a window of its own
            self.contestRunOpened.emit(where, str(folder))
            return False
        try:
            config = load(where)
        except WorkbenchError as error:
            self.message.emit(self.tr("Cannot show {0}: {1}").format(Path(folder).name, error))
            return False
        if config.name != self.contest.name:
            self.message.emit(
                self.tr("{0} is a run of the contest {1}, not {2}").format(
                    Path(folder).name, config.name, self.contest.name
                )
            )
            return False
        return True

    def open_run_dialog(self) -> None:
        folder = self._folder_dialog(self.tr("Open a run folder"))
        if folder:
            self.open_run(folder)

    def past_runs(self):
        from workbench.gui.runs.run_history import open_past_runs

        self.history = open_past_runs(self)
        return self.history

    # ------------------------------------------------------------ what acts on the run shown
    def compare_dialog(self) -> None:
        folder = self._folder_dialog(self.tr("Compare with which run?"))
        if folder:
            self.compare_with(folder)

    def _folder_dialog(self, title: str) -> str:
        return fitted(QFileDialog.getExistingDirectory)(self, title, str(self.runs_root))

    def compare_with(self, folder: str | Path) -> QDialog | None:
        """A dialog comparing the run shown (A) with ``folder`` (B), biggest losses first."""
        return self.comparisons.compare(self.rows, self.batch_model.meta, self.objective, self.run_folder, folder)

    def run_selected_live(self):
        """The selected case of the run shown, run live with the command typed here."""
        from workbench.gui.live.live_run_view import open_for_row

        if self.selected_row is None or self.run_folder is None:
            self.message.emit(self.tr("Select a case of a run first: it runs live with your program"))
            return None
        return open_for_row(self, self.selected_row)

    def profile_dialog(self) -> QDialog | None:
        from workbench.gui.runs.anytime_plot import profile_dialog

        if self.run_folder is None:
            self.message.emit(self.tr("Open or make a run first: its anytime profile is plotted"))
            return None
        return profile_dialog(self, self.run_folder)
