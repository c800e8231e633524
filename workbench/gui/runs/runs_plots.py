"""The Runs panel's two plots of the rows shown: score against a column, and the mean score by group.

The scatter plot draws at most ``PLOTTED`` points (evenly spaced through the rows shown, the worst
kept); a click on a point says ``pointClicked`` with its row's number. ``draw`` also makes the
summary of the rows shown, which the panel's status line reads (one summary a redraw).
"""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QSplitter

from workbench.batch.report import summarize
from workbench.core.objective import Objective
from workbench.gui.common.plot_style import all_whole, set_whole_numbers, style_plot, y_range
from workbench.gui.runs.rows_model import as_number, shade

PLOTTED = 4000  # scatter points at most: more cost the window seconds a refresh and show nothing more


class RunsPlots(QSplitter):
    pointClicked = Signal(int)  # the row's number (in the table's rows)

    def __init__(self, parent=None):
        super().__init__(Qt.Vertical, parent)
        self.by_case = pg.PlotWidget()
        style_plot(self.by_case, self.palette())
        self.by_case.setLabel("left", self.tr("score"))
        self.points = pg.ScatterPlotItem(size=7, hoverable=True)
        self.points.sigClicked.connect(self._point_clicked)
        self.by_case.addItem(self.points)
        self.by_group = pg.PlotWidget()
        style_plot(self.by_group, self.palette())
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.6, brush="#6a9fd8")
        self.by_group.addItem(self.bars)
        self.addWidget(self.by_case)
        self.addWidget(self.by_group)

    def draw(self, visible: list[dict], numbers, x_name: str, group: str, objective: Objective):
        """Plot ``visible`` (the rows shown; ``numbers`` their numbers in the table's rows) against
        ``x_name``, grouped by ``group`` ("" none); the summary of the rows shown."""
        self._draw_points(visible, numbers, x_name)
        grouped = bool(visible) and group != ""
        summary = summarize(visible, group_by=group if grouped else "", objective=objective)
        # Without groups, one bar: the mean of every case shown. Means are over OK cases.
        bars = [(g.label.split(" ", 1)[-1], g.mean_score) for g in summary.groups if g.mean_score is not None] or (
            [(self.tr("all cases"), summary.mean_score)] if visible and summary.mean_score is not None else []
        )
        self.by_group.getAxis("bottom").setTicks([[(i, label) for i, (label, _) in enumerate(bars)]])
        means = [height for _, height in bars]
        # Bars rise from just under the lowest mean, not from 0: means of 870k and 880k drawn
        # from 0 look the same height. The axis says where they start.
        base = y_range(means)[0] if means else 0.0
        self.bars.setOpts(x=list(range(len(bars))), y0=base, height=[m - base for m in means])
        if means:
            self.by_group.setYRange(base, y_range(means)[1], padding=0)
        # Said under the bars, where there is width: the axis beside them is a short plot's height
        # (76 px in the default window's Runs dock, too short for even "mean score").
        label = self.tr("mean score of the OK cases")
        if grouped:
            label = self.tr("{0}: {1}").format(group, label)
        if base > 0:
            label += self.tr(", bars from {0:,.6g}").format(base)
        self.by_group.setLabel("bottom", label)
        return summary

    def _draw_points(self, visible: list[dict], numbers, x_name: str) -> None:
        chosen = self._plotted(visible)
        xs, scores, data, brushes = [], [], [], []
        for position in chosen:
            row = visible[position]
            value = as_number(row.get(x_name))
            xs.append(position if math.isnan(value) else value)
            scores.append(as_number(row.get("score")))
            data.append(numbers[position])
            brushes.append(shade(as_number(row.get("relative") or 0)))
        set_whole_numbers(self.by_case, bottom=all_whole(xs), left=all_whole(scores))
        self.points.setData(x=xs, y=scores, data=data, brush=brushes)
        sampled = (
            self.tr(" ({0:,} of {1:,} cases drawn)").format(len(chosen), len(visible))
            if len(chosen) < len(visible)
            else ""
        )
        # Said along the width: the score axis is a short plot's height.
        self.by_case.setLabel("bottom", (self.tr("case (seed)") if x_name == "seed" else x_name) + sampled)

    @staticmethod
    def _plotted(visible: list[dict]) -> list[int]:
        """The positions of ``visible`` to draw: all, or PLOTTED evenly spaced with the worst kept."""
        if len(visible) <= PLOTTED:
            return list(range(len(visible)))
        step = len(visible) / PLOTTED
        chosen = {int(i * step) for i in range(PLOTTED)}
        relatives = [(as_number(r.get("relative") or 0), i) for i, r in enumerate(visible)]
        chosen.update(i for _, i in sorted(relatives)[: PLOTTED // 20])  # the worst cases stay in sight
        return sorted(chosen)

    def _point_clicked(self, item, points, event=None) -> None:
        if len(points):
            self.pointClicked.emit(points[0].data())
