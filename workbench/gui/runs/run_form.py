"""The Runs panel's Run controls: which cases, what runs them, for how long; the plan they describe.

The form runs a built-in puzzle (the board's, ``use_puzzle``) or a contest from its own tools
(``set_contest``); ``plan`` turns what it shows into a checked ``BatchPlan``, and ``show_how``
fills it from a stored run's run.json (the run shown says how it was made).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from solvers.run_setup import puzzle_options, split_options
from workbench.batch.cases import parse_seeds, seed_ranges
from workbench.batch.plan import BatchPlan
from workbench.batch.puzzle_problem import PuzzleProblem
from workbench.contest.config import ContestConfig
from workbench.contest.problem import ContestProblem
from workbench.core.cores import usable_cores
from workbench.core.judge_text import plain_natural
from workbench.core.registry import solvers
from workbench.gui.board.generate_dialog import option_value, option_widget, set_option_value
from workbench.gui.window.file_dialog_fit import fitted

# The runner's choice that runs the user's program; a value the form compares with, so not translated.
COMMAND_CHOICE = "Your program (command)…"


class RunForm(QWidget):
    """Two rows of controls: ``what`` (cases, options, runner, command) and ``how`` (time, jobs...);
    the panel adds its buttons to ``how``."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.problem: PuzzleProblem | ContestProblem | None = None
        self.files: list[str] = []
        self.option_values: dict = {}  # the puzzle's generator and instance options for the run
        self.seeds = QLineEdit("0-9")
        self.seeds.setToolTip(self.tr("Seeds for the generator: 0-99, or 0-9,20-29,50"))
        self.files_button = QPushButton(self.tr("Files…"))
        self.files_button.setToolTip(self.tr("Run on input files instead of seeds"))
        self.files_button.clicked.connect(self.choose_files)
        self.options_button = QPushButton(self.tr("Options…"))
        self.options_button.setToolTip(self.tr("The puzzle's generator and instance options for the run's cases"))
        self.options_button.clicked.connect(self.options_dialog)
        self.runner = QComboBox()
        self.runner.setToolTip(
            self.tr("A built-in solver, or your own contest program run with the workbench as judge")
        )
        self.runner.currentTextChanged.connect(self._runner_changed)
        self.command = QLineEdit()
        self.command.setPlaceholderText(self.tr("e.g. ./a.out or python3 main.py"))
        self.command.setToolTip(
            self.tr("Run through the shell from the workbench's folder; the contest's stdin/stdout protocol")
        )
        self.time = QDoubleSpinBox()
        self.time.setRange(0.05, 3600)
        self.time.setValue(2.0)
        self.time.setSuffix(self.tr(" s"))
        self.time.setToolTip(self.tr("Per case: the solver's budget, or your program's time limit (past it: TLE)"))
        self.jobs = QSpinBox()
        self.jobs.setRange(1, 256)
        self.jobs.setValue(usable_cores())
        self.jobs.setToolTip(self.tr("Cases at a time (default: the cores)"))
        self.freeze_best = QCheckBox(self.tr("Frozen best"))
        self.freeze_best.setToolTip(
            self.tr(
                "Compare with the best-known scores without updating them, so the "
                "relative scores of several runs share one scale (and may pass 1)"
            )
        )
        self.what, self.how = QHBoxLayout(), QHBoxLayout()
        for row, label, widget, stretch in (
            (self.what, self.tr("Cases"), self.seeds, 1),
            (self.what, None, self.files_button, 0),
            (self.what, None, self.options_button, 0),
            (self.what, self.tr("Run"), self.runner, 1),
            (self.what, None, self.command, 3),
            (self.how, self.tr("Time"), self.time, 0),
            (self.how, self.tr("Jobs"), self.jobs, 0),
            (self.how, None, self.freeze_best, 0),
        ):
            if label:
                row.addWidget(QLabel(label))
            row.addWidget(widget, stretch)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.what)
        layout.addLayout(self.how)
        self._runner_changed(self.runner.currentText())

    # ------------------------------------------------------------ what runs
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

    def use_puzzle(self, puzzle_id: str) -> None:
        """The controls for runs of ``puzzle_id`` (its solvers, its options)."""
        if self.puzzle_id == puzzle_id:
            return
        self.problem = PuzzleProblem(puzzle_id)
        self.runner.clear()
        self.runner.addItems([*solvers(puzzle_id), COMMAND_CHOICE])
        self.set_files([])
        self.set_options({})

    def set_contest(self, config: ContestConfig) -> bool:
        """Run a contest from its own tools: its program only, its time limit by default. Whether
        the contest changed."""
        if self.contest == config:
            return False
        self.problem = ContestProblem(config)
        self.runner.clear()
        self.runner.addItems([COMMAND_CHOICE])
        self.command.setText(self.problem.default_command())
        self.command.setToolTip(
            self.tr("Your program ({{CMD}} in {0}); run from the contest's folder, {1}").format(
                config.path.name, config.folder
            )
        )
        self.time.setValue(config.time_limit)
        self.set_files(self.problem.default_files())  # an output-only contest's inputs; else seeds
        self.set_options({})
        return True

    def _runner_changed(self, text: str) -> None:
        self.command.setVisible(text == COMMAND_CHOICE)

    # ------------------------------------------------------------ which cases
    def choose_files(self) -> None:
        paths, _ = fitted(QFileDialog.getOpenFileNames)(self, self.tr("Inputs for the run"))
        self.set_files(paths)

    def set_files(self, paths: list[str]) -> None:
        self.files = list(paths)
        self.files_button.setText(self.tr("{0} files").format(len(self.files)) if self.files else self.tr("Files…"))
        self.seeds.setEnabled(not self.files)

    def _options(self) -> list:
        return puzzle_options(self.problem.puzzle if isinstance(self.problem, PuzzleProblem) else None)

    def set_options(self, values: dict) -> None:
        """The puzzle's options for the run (by name; the rest at their defaults)."""
        options = self._options()
        self.option_values = {o.name: values.get(o.name, o.default) for o in options}
        changed = [f"{o.name} {self.option_values[o.name]}" for o in options if self.option_values[o.name] != o.default]
        self.options_button.setText(
            self.tr("Options: {0}").format(", ".join(changed)) if changed else self.tr("Options…")
        )
        self.options_button.setVisible(bool(options))

    def options_dialog(self) -> QDialog:
        """The puzzle's options in a form; OK keeps them for the next run."""
        dialog = QDialog(self)
        dialog.setWindowTitle(self.tr("Options of the run's cases"))
        form = QFormLayout(dialog)
        widgets = {}
        for option in self._options():
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

    # ------------------------------------------------------------ the plan, and a run's own
    def plan(self, runs_root: Path) -> BatchPlan:
        """What the form describes, checked; ValueError or WorkbenchError says what is wrong."""
        problem = self.problem
        if problem is None:
            raise ValueError(self.tr("open a board first: the run is for its puzzle"))
        command = self.command.text().strip()
        chosen = self.runner.currentText()
        if chosen == COMMAND_CHOICE and not command and not (self.contest and self.contest.runs_own_program):
            raise ValueError(self.tr("type the command that runs your program"))
        generator, instance = (
            split_options(problem.puzzle, self.option_values) if isinstance(problem, PuzzleProblem) else ({}, {})
        )
        plan = BatchPlan(
            problem,
            seeds=None if self.files else parse_seeds(self.seeds.text()),
            files=list(self.files),
            generator_options=generator,
            instance_options=instance,
            solver=None if chosen == COMMAND_CHOICE else chosen,
            command=(command or None) if chosen == COMMAND_CHOICE else None,
            seconds=self.time.value(),
            workers=self.jobs.value(),
            freeze_best=self.freeze_best.isChecked(),
            runs_folder=runs_root,
            command_line=["Runs panel"],
            cwd=str(self.program_folder()),
        )
        plan.check()
        return plan

    def show_how(self, meta: dict, rows: list[dict]) -> None:
        """Say how the run shown was made: its solver or its program, its time, its seeds."""
        if meta.get("command"):
            self.runner.setCurrentText(COMMAND_CHOICE)
            self.command.setText(str(meta["command"]))
        elif meta.get("solver") and self.runner.findText(str(meta["solver"])) >= 0:
            self.runner.setCurrentText(str(meta["solver"]))
        if isinstance(meta.get("seconds"), (int, float)):
            self.time.setValue(float(meta["seconds"]))
        seeds = [s for s in (plain_natural(str(r.get("seed", ""))) for r in rows) if s is not None] if meta else []
        if seeds:  # the Cases field says which cases the run shown ran
            self.set_files([])
            self.seeds.setText(seed_ranges(seeds))
