"""The Solver panel's answer buttons: Apply best, Export best… and, for an online game cut short,
Finish the game. A view of a ``SolverRun``: enabled only for an answer of the board shown."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from workbench.gui.solver.follow import follow
from workbench.gui.solver.run_model import SolverRun


class AnswerButtons(QWidget):
    bestApplied = Signal(object)  # moves of the best answer, to add to the history
    exportRequested = Signal(object)  # moves of the best answer, to export
    finishRequested = Signal(object)  # moves of a cut-short online game, to finish with the fast policy

    def __init__(self, run: SolverRun, parent=None):
        super().__init__(parent)
        self.run = run
        self.apply_button = QPushButton(self.tr("Apply best"))
        self.export_button = QPushButton(self.tr("Export best…"))
        self.finish_button = QPushButton(self.tr("Finish the game…"))
        self.apply_button.clicked.connect(lambda: self.bestApplied.emit(run.best_moves))
        self.export_button.clicked.connect(lambda: self.exportRequested.emit(run.best_moves))
        self.finish_button.clicked.connect(lambda: self.finishRequested.emit(run.best_moves))
        self.finish_button.hide()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for button in (self.finish_button, self.apply_button, self.export_button):
            layout.addWidget(button)
        follow(
            self,
            (run.best_changed, self._enable),
            (run.state_changed, self._enable),
            (run.cleared, self._clear),
            (run.finish_offered, self._offer_finish),
        )
        self._enable()

    def _enable(self, _news=None) -> None:
        mine = self.run.owns_best
        self.apply_button.setEnabled(mine)
        self.export_button.setEnabled(mine)

    def _clear(self) -> None:
        self.finish_button.hide()
        self._enable()

    def _offer_finish(self, fast) -> None:
        """A cancelled online game is not an answer yet: offer to play its remaining turns with the
        puzzle's fast policy, so it can be applied and exported whole."""
        self.finish_button.setText(self.tr("Finish the game with {0}").format(fast.name))
        self.finish_button.setToolTip(
            self.tr(
                "Play the remaining turns with {0} ({1}), add the whole game to "
                "the history and step to its end, so it can be exported"
            ).format(fast.name, fast.description)
        )
        self.finish_button.show()
