"""A run's anytime profile in a window: its mean relative score against time over its cases.

Whether more time or more speed would pay: a profile still climbing at the time limit says more
time would; one flat long before says the program wastes its time (or could stop early).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout

from workbench.batch.anytime import Profile, run_anytime_profile
from workbench.core.errors import WorkbenchError
from workbench.gui.common.plot_style import style_plot

LINE = "#3b5b92"


def steps(times, values) -> tuple[np.ndarray, np.ndarray]:
    """A step function's corners: each value holds until the next time."""
    xs = np.repeat(np.asarray(times, dtype=float), 2)[1:]
    ys = np.repeat(np.asarray(values, dtype=float), 2)[:-1]
    return xs, ys


class AnytimePlot(QDialog):
    def __init__(self, folder: Path, profile: Profile, parent=None):
        super().__init__(parent)
        self.profile = profile
        self.setWindowTitle(self.tr("Anytime profile — {0}").format(Path(folder).name))
        self.plot = pg.PlotWidget()
        style_plot(self.plot, self.plot.palette())
        text = self.plot.palette().color(QPalette.WindowText).name()
        self.plot.setLabel("bottom", self.tr("seconds into each case"), color=text)
        self.plot.setLabel("left", self.tr("mean relative score"), color=text)
        self.curve = self.plot.plot(*steps(profile.times, profile.means), pen=pg.mkPen(LINE, width=2))
        self.plot.setYRange(0, max(1.0, max(profile.means, default=0.0)), padding=0.05)
        end = f"{profile.means[-1]:.4f}" if profile.means else "—"
        self.note = QLabel(
            self.tr(
                "{0} cases, {1} with [SCORE] lines or snapshots; a case counts 0 before its first point and "
                "its final relative score from its end (here {2}, the run's mean relative score)"
            ).format(profile.cases, profile.traced, end)
        )
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.note)
        self.resize(720, 440)


def profile_dialog(panel, folder: Path) -> AnytimePlot | None:
    try:
        profile = run_anytime_profile(folder)
    except WorkbenchError as error:
        panel.message.emit(str(error))
        return None
    dialog = AnytimePlot(folder, profile, panel.window())
    panel.__dict__.setdefault("_profiles", []).append(dialog)
    dialog.show()
    return dialog
