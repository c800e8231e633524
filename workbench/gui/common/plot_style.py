"""One look for every pyqtgraph plot in the app: its palette, not pyqtgraph's black."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QGraphicsItem

# The ends a growing time axis steps through (times a power of ten): the axis, its labels and
# its grid change a few times a decade instead of at every sample.
AXIS_ENDS = (1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)


class WholeNumberAxis(pg.AxisItem):
    """An axis that, once told its values are counts (steps, seeds, frontier sizes, whole
    scores), puts ticks on whole numbers only, never at 0.5 or 1.5, however short its range."""

    whole = False

    def tickSpacing(self, minVal: float, maxVal: float, size: float):
        levels = super().tickSpacing(minVal, maxVal, size)
        if not self.whole:
            return levels
        levels = [(spacing, offset) for spacing, offset in levels if spacing >= 1 and float(spacing).is_integer()]
        return levels or [(1.0, 0.0)]


def set_whole_numbers(plot: pg.PlotWidget, **axes: bool) -> None:
    """Say which axes hold whole numbers: ``set_whole_numbers(plot, left=True, bottom=False)``."""
    for name, whole in axes.items():
        axis = plot.getAxis(name)
        if axis.whole != whole:
            axis.whole = whole
            axis.picture = None  # the tick picture is cached: draw it again
            axis.update()


def all_whole(values) -> bool:
    """Whether every finite value is a whole number (contest scores mostly are)."""
    values = np.asarray(values, dtype=float)
    values = values[np.isfinite(values)]
    return bool(np.all(values == np.round(values)))


def y_range(values) -> tuple[float, float]:
    """A y range that shows a flat line as flat (not 299.6 to 300.4) and leaves a margin."""
    low, high = min(values), max(values)
    span = high - low
    pad = span * 0.08 if span > 0 else max(1.0, abs(high) * 0.05)
    if low >= 0 and low - pad < 0:
        return 0.0, high + pad  # scores and sizes never go below zero
    return low - pad, high + pad


def held_range(shown: tuple[float, float] | None, values) -> tuple[float, float]:
    """The y range of a live plot: ``shown`` while ``values`` still lie inside it, else a
    ``y_range`` with a quarter of its span of headroom above, for the scores still to come.
    A range set at every poll (a best score that grows by one each time) had the axis lay out
    and draw its labels again at every repaint: the longest part of a poll's repaint."""
    low, high = min(values), max(values)
    if shown is not None and shown[0] <= low and high <= shown[1]:
        return shown
    low, high = y_range(values)
    return low, high + 0.25 * (high - low)


def growing_end(end: float) -> float:
    """The axis end for data that reaches ``end`` and keeps growing: the first of AXIS_ENDS (times
    a power of ten) at or past it, so a live plot re-draws its axis only when the data passes one."""
    if not end > 0 or not math.isfinite(end):
        return end
    scale = 10.0 ** math.floor(math.log10(end))
    return next(step * scale for step in AXIS_ENDS if step * scale >= end * (1 - 1e-12))


def style_plot(plot: pg.PlotWidget, palette: QPalette) -> None:
    """The window's colours, whole numbers on the axes, room for seven-digit scores, a faint grid."""
    if not isinstance(plot.getAxis("left"), WholeNumberAxis):  # once: a restyle keeps the axes and labels
        plot.setAxisItems({name: WholeNumberAxis(name) for name in ("left", "bottom")})
    text = palette.color(QPalette.WindowText)
    plot.setBackground(palette.color(QPalette.Base))
    for name in ("left", "bottom"):
        axis = plot.getAxis(name)
        axis.enableAutoSIPrefix(False)
        axis.setPen(pg.mkPen(palette.color(QPalette.Mid)))
        axis.setTextPen(pg.mkPen(text))
    plot.getAxis("left").setWidth(64)
    plot.showGrid(x=True, y=True, alpha=0.15)
    for name in ("left", "bottom"):
        # The axes draw the grid across the whole plot, so every curve update repainted them:
        # their labels and lines replayed glyph by glyph, the most of a live plot's repaint.
        # Cached, they are drawn again only when their range or look changes.
        plot.getAxis(name).setCacheMode(QGraphicsItem.DeviceCoordinateCache)
