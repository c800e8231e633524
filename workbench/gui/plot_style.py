"""One look for every pyqtgraph plot in the app: its palette, not pyqtgraph's black."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QPalette


def style_plot(plot: pg.PlotWidget, palette: QPalette) -> None:
    """The window's colours, whole numbers on the axes, room for seven-digit scores, a faint grid."""
    text = palette.color(QPalette.WindowText)
    plot.setBackground(palette.color(QPalette.Base))
    for name in ("left", "bottom"):
        axis = plot.getAxis(name)
        axis.enableAutoSIPrefix(False)
        axis.setPen(pg.mkPen(palette.color(QPalette.Mid)))
        axis.setTextPen(pg.mkPen(text))
    plot.getAxis("left").setWidth(64)
    plot.showGrid(x=True, y=True, alpha=0.15)
