"""The status bar's line and bar for the solver kernels being compiled or loaded: a busy bar
until a compile time is known (from the last one here), then how far this one is."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar

from workbench.gui.app_state import AppState
from workbench.gui.window.kernel_warm_up import KernelWarmUp


class KernelStatus:
    """Shown in ``status_bar`` as ``kernels`` tell, for the puzzle of the board in ``state``."""

    def __init__(self, kernels: KernelWarmUp, state: AppState, status_bar: QStatusBar):
        self.kernels, self.state = kernels, state
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # busy until a compile time is known (from the last one)
        self.bar.setMaximumWidth(120)
        self.bar.setMaximumHeight(14)
        for widget in (self.label, self.bar):
            widget.hide()
            status_bar.addPermanentWidget(widget)
        kernels.changed.connect(self.show)

    def show(self, text: str) -> None:
        """``text`` beside the bar ("" hides them)."""
        self.label.setText(text)
        self.label.setVisible(bool(text))
        self.bar.setVisible(bool(text))
        session = self.state.session
        done = self.kernels.fraction_done(session.puzzle.id) if session is not None else None
        if done is None:
            self.bar.setRange(0, 0)  # busy: no earlier compile here to measure by
        else:
            self.bar.setRange(0, 100)
            self.bar.setValue(round(100 * done))
