"""The live view's plot: a program's own [SCORE] series (a line, as steps) and each snapshot's
official score (dots) against time, the snapshot chosen marked.

The time axis is fixed to the run's limit and the score axis widened only when a point falls
outside it: an axis redrawn at every repaint was most of a repaint's cost.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QPalette

from workbench.gui.common.plot_style import style_plot
from workbench.gui.solver.live_series import GrowingSeries

SERIES_PEN = "#3b5b92"
SNAPSHOT_BRUSH = "#e07a1f"


class LivePlot(pg.PlotWidget):
    """[SCORE] series and snapshot scores against time; the chosen snapshot marked."""

    def __init__(self, parent=None):
        super().__init__(parent)
        style_plot(self, self.palette())
        text = self.palette().color(QPalette.WindowText).name()
        self.setLabel("bottom", self.tr("seconds"), color=text)
        self.setLabel("left", self.tr("score"), color=text)
        # The legend on a line of its own above the plot (the title's row): inside it, it hid points.
        legend = pg.LegendItem(colCount=2)
        self.getPlotItem().layout.addItem(legend, 0, 1)
        self.getPlotItem().legend = legend  # the named items below are listed in it
        self.setMinimumHeight(160)
        self.series_curve = self.plot(pen=pg.mkPen(SERIES_PEN, width=2), name=self.tr("[SCORE] (the program's own)"))
        # A program may report thousands of lines a second: drawn at the pixels' resolution, or a
        # repaint of 20,000 points stalls the window.
        self.series_curve.setDownsampling(auto=True, method="peak")
        self.series_curve.setClipToView(True)
        self.snapshot_dots = pg.ScatterPlotItem(
            size=9, brush=pg.mkBrush(SNAPSHOT_BRUSH), pen=None, name=self.tr("snapshots (official score)")
        )
        self.addItem(self.snapshot_dots)
        self.marker = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(SNAPSHOT_BRUSH, width=1))
        self.marker.setVisible(False)
        self.addItem(self.marker, ignoreBounds=True)
        self._score_range: tuple[float, float] | None = None

    def show_data(self, times: GrowingSeries, values: GrowingSeries, snap_times, snap_scores) -> None:
        # The running best holds until the next line: drawn as steps, not as a slope between points.
        xs = np.repeat(times.values, 2)[1:]
        ys = np.repeat(values.values, 2)[:-1]
        self.series_curve.setData(xs, ys)
        self.snapshot_dots.setData(snap_times, snap_scores)
        self._fit_scores(values.finite_range(), snap_scores)

    def _fit_scores(self, series_range, snap_scores) -> None:
        """The score axis widened only when a point falls outside it, with room to grow: a range that
        changed at every repaint had the axis drawn again each time."""
        lows, highs = [], []
        if series_range is not None:
            lows.append(series_range[0])
            highs.append(series_range[1])
        if len(snap_scores):
            lows.append(float(np.min(snap_scores)))
            highs.append(float(np.max(snap_scores)))
        if not lows:
            return
        low, high = min(lows), max(highs)
        shown = self._score_range
        if shown is not None and shown[0] <= low and high <= shown[1]:
            return
        room = max(high - low, abs(high) * 0.1, 1.0) * 0.25
        self._score_range = (low - room, high + room)
        self.enableAutoRange(y=False)
        self.setYRange(*self._score_range, padding=0)

    def start(self, limit: float) -> None:
        """A new run of at most ``limit`` seconds: the time axis is fixed from 0 to it, so the axis is not
        drawn again at every repaint as the points go right (it was most of a repaint's cost)."""
        self.enableAutoRange(x=False)
        self.setXRange(0, limit, padding=0.02)
        self._score_range = None

    def mark(self, t: float | None) -> None:
        self.marker.setVisible(t is not None)
        if t is not None:
            self.marker.setValue(t)
