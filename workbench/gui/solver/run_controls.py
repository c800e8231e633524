"""The Solver panel's controls: which solver, its parameters and budget, Start / Pause / Cancel and
the run's status line. A view of a ``SolverRun``: it connects to the events it shows."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from solvers.run_setup import DEFAULT_SECONDS
from workbench.core.registry import solvers
from workbench.gui.solver.follow import follow
from workbench.gui.solver.params_box import MAX_INT_SPIN, ParamsBox
from workbench.gui.solver.run_model import RunRequest, RunState, SolverRun


class RunControls(QWidget):
    def __init__(self, run: SolverRun, parent=None):
        super().__init__(parent)
        self.run = run
        self.choice = QComboBox()
        self.choice.currentIndexChanged.connect(self._choose)
        self.params = ParamsBox()
        self.seconds = QDoubleSpinBox()
        self.seconds.setRange(0.0, 86400.0)
        self.seconds.setValue(DEFAULT_SECONDS)
        self.seconds.setSuffix(self.tr(" s"))
        self.seconds.setSpecialValueText(self.tr("no limit"))
        self.nodes = QSpinBox()
        self.nodes.setRange(0, MAX_INT_SPIN)
        self.nodes.setSpecialValueText(self.tr("no limit"))
        self.seed = QSpinBox()
        self.seed.setRange(0, MAX_INT_SPIN)
        self.start_button = QPushButton(self.tr("Start"))
        self.pause_button = QPushButton(self.tr("Pause"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.start_button.clicked.connect(self.start)
        self.pause_button.clicked.connect(run.toggle_pause)
        self.cancel_button.clicked.connect(run.cancel)
        self.status = QLabel(self.tr("Idle"))
        self.status.setWordWrap(True)
        self._lay_out()
        follow(
            self,
            (run.puzzle_changed, self._offer_solvers),
            (run.state_changed, self._update_buttons),
            (run.status_changed, self._show_status),
        )
        self._update_buttons()

    def _lay_out(self) -> None:
        form = QFormLayout()
        form.addRow(self.tr("Solver"), self.choice)
        form.addRow(self.tr("Time budget"), self.seconds)
        form.addRow(self.tr("Node budget"), self.nodes)
        form.addRow(self.tr("Seed"), self.seed)
        buttons = QHBoxLayout()
        for button in (self.start_button, self.pause_button, self.cancel_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.params)
        layout.addLayout(buttons)
        layout.addWidget(self.status)

    def solver_class(self):
        puzzle = self.run.puzzle
        return solvers(puzzle.id).get(self.choice.currentText()) if puzzle else None

    def request(self) -> RunRequest | None:
        """What Start asks for, as the controls stand (None: no solver for this puzzle)."""
        cls = self.solver_class()
        if cls is None:
            return None
        return RunRequest(
            cls, self.params.values(), self.seconds.value() or None, self.nodes.value() or None, self.seed.value()
        )

    def start(self) -> None:
        request = self.request()
        if request is not None:
            self.run.start(request)

    def _show_status(self, text: str) -> None:
        self.status.setText(text)

    def _offer_solvers(self, puzzle) -> None:
        self.choice.blockSignals(True)
        self.choice.clear()
        for name, cls in solvers(puzzle.id).items():
            self.choice.addItem(name)
            self.choice.setItemData(self.choice.count() - 1, cls.description, 3)  # tooltip role
        self.choice.blockSignals(False)
        self._choose()

    def _choose(self, _index: int = 0) -> None:
        self.params.build(self.solver_class())
        self._update_buttons()

    def _update_buttons(self, _state=None) -> None:
        running, waiting = self.run.running, self.run.state is RunState.WAITING
        self.start_button.setEnabled(self.solver_class() is not None and not running and not waiting)
        self.pause_button.setEnabled(running)
        self.cancel_button.setEnabled(running or waiting)
        self.pause_button.setText(self.tr("Resume") if self.run.state is RunState.PAUSED else self.tr("Pause"))
