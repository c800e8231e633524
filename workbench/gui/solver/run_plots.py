"""The Solver panel's live plots: the best score (and an online game's score now) and the
frontier's size against seconds into the run. A view of a ``SolverRun``'s samples, redrawn by
single-shot timers after the poll that brought them, so never more often than the poll (10 Hz).
A new run costs as little at its start: its titles are set only when they change (each setTitle
lays the plot out again) and the last run's axes are reset by the same timers, not in the turn
that starts the run (a solver that ends in under a second is started again and again: that turn
reached 75 ms)."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QWidget

from workbench.gui.common.plot_style import all_whole, growing_end, held_range, set_whole_numbers, style_plot, y_range
from workbench.gui.solver.follow import follow
from workbench.gui.solver.live_series import GrowingSeries
from workbench.gui.solver.run_model import SolverRun

POLL_MS = 100  # 10 Hz: well under the 30 Hz ceiling for repaints
# Each plot is redrawn this long after the poll, one after the other: the poll's table and
# status, the best plot and the frontier plot repaint in three short turns of the event
# loop instead of one long one (on a busy machine that one turn froze the window 40 ms).
PLOT_DELAYS_MS = (POLL_MS // 3, 2 * POLL_MS // 3)
MIN_SPAN_SECONDS = 0.1  # the time axis of a run that ended at once


def _plot(palette, pen: str, dot: str):
    """A plot in the app's palette, its step curve (a sample holds until the next: a long slice
    shows a jump, not a climb through values the run never had) and the dot on its last sample."""
    plot = pg.PlotWidget()
    style_plot(plot, palette)
    plot.getAxis("left").setTickDensity(0.5)  # fewer, spaced labels on a short plot
    plot.getAxis("left").setStyle(hideOverlappingLabels=True)
    plot.setLabel(
        "bottom", QCoreApplication.translate("RunPlots", "seconds"), color=palette.color(QPalette.WindowText).name()
    )
    plot.setMinimumHeight(120)
    plot.setMouseEnabled(x=False, y=False)
    plot.hideButtons()
    curve = plot.plot(pen=pg.mkPen(pen, width=2), stepMode="right")
    # A run that ends at once has a single time, so a line would draw nothing at all.
    end = plot.plot(pen=None, symbol="o", symbolSize=7, symbolPen=None, symbolBrush=dot)
    return plot, curve, end


class RunPlots(QObject):
    """The two plots (widgets the panel lays out) and their timers."""

    def __init__(self, run: SolverRun, panel: QWidget):
        super().__init__(panel)
        self.run, self.panel = run, panel  # the panel's palette: the theme's, as it changes
        palette = panel.palette()
        self.best_plot, self.best_curve, self.best_end = _plot(palette, "#3b5b92", "#3b5b92")
        self.frontier_plot, self.frontier_curve, self.frontier_end = _plot(palette, "#2e9e5b", "#2e9e5b")
        self.now_curve = self.best_plot.plot(pen=pg.mkPen("#9aa7bd", width=1))  # online: the game now
        for curve in (self.best_curve, self.now_curve, self.frontier_curve):
            # An online game reports hundreds of samples a second, far more than the plot has
            # pixels: each pixel column draws the highest and lowest of its samples.
            curve.setDownsampling(auto=True, method="peak")
        set_whole_numbers(self.frontier_plot, left=True)  # a count of states
        self._titles = None  # the best plot's title, as last set
        self._set_titles(self.tr("Best score"))
        self._axes_due = set()  # the plots whose axes the next draw resets (a run was cleared)
        self._reset_axes((self.best_plot, self.frontier_plot))
        self._timers = []
        for delay, draw in zip(PLOT_DELAYS_MS, (self.plot_best, self.plot_frontier)):
            timer = QTimer(self)
            timer.setSingleShot(True)
            timer.setInterval(delay)
            timer.timeout.connect(draw)
            self._timers.append(timer)
        follow(self, (run.samples_added, self._soon), (run.cleared, self._clear), (run.started, self._titled))

    def _set_titles(self, best_title: str) -> None:
        if best_title == self._titles:
            return
        self._titles = best_title
        colour = self.panel.palette().color(QPalette.WindowText).name()
        self.best_plot.setTitle(best_title, color=colour, size="10pt")
        self.frontier_plot.setTitle(self.tr("Frontier size"), color=colour, size="10pt")

    def _titled(self, _node) -> None:
        online = self.run.puzzle is not None and self.run.puzzle.online
        self._set_titles(self.tr("Best score, and the game now (grey)") if online else self.tr("Best score"))

    def _soon(self) -> None:
        for timer in self._timers:
            timer.start()

    def _clear(self) -> None:
        for curve in (self.best_curve, self.now_curve, self.frontier_curve, self.best_end, self.frontier_end):
            curve.setData([], [])
        # never the last run's ranges around no data: reset by the next draw, in a turn of its own
        self._axes_due = {self.best_plot, self.frontier_plot}
        self._soon()

    def plot_now(self) -> None:
        """Draw both plots at once (their timers draw them at most a few times a second)."""
        self.plot_best()
        self.plot_frontier()

    def plot_best(self) -> None:
        if self._reset_due(self.best_plot):
            return
        samples = self.run.samples
        times = samples.times.values
        self.best_curve.setData(times, samples.best.values, connect="finite")
        ranges = [samples.best.finite_range()]  # None: no answer yet
        if self.run.puzzle is not None and self.run.puzzle.online:
            self.now_curve.setData(times, samples.now.values, connect="finite")
            ranges.append(samples.now.finite_range())
        values = [v for r in ranges if r is not None for v in r]
        if values:
            shown = held_range(self._best_y, values) if self.run.running else y_range(values)
            if shown != self._best_y:
                self.best_plot.setYRange(*shown, padding=0)
                self._best_y = shown
            whole = all_whole(samples.best.values) and all_whole(samples.now.values)
            set_whole_numbers(self.best_plot, left=whole)
        self._mark_end(self.best_end, samples.best)
        self._range_now(self.best_plot)

    def plot_frontier(self) -> None:
        if self._reset_due(self.frontier_plot):
            return
        frontier = self.run.samples.frontier
        self.frontier_curve.setData(self.run.samples.times.values, frontier.values)
        if frontier.finite_range() is not None:
            low, high = y_range(frontier.finite_range())
            if self.run.running and low == 0:  # a count that keeps changing: its axis steps, as time's does
                high = growing_end(high)
            self.frontier_plot.setYRange(low, high, padding=0)
        self._mark_end(self.frontier_end, frontier)
        self._range_now(self.frontier_plot)

    def _mark_end(self, dot, series: GrowingSeries) -> None:
        """The dot on the last sample of ``series`` (none before its first finite one)."""
        values = series.values
        last = len(values) - 1
        if last >= 0 and values[last] == values[last]:
            dot.setData([float(self.run.samples.times.values[last])], [float(values[last])])
        else:
            dot.setData([], [])

    def _range_now(self, plot: pg.PlotWidget) -> None:
        """The x range from the run's start to its last sample, set now (pyqtgraph's auto range is
        worked out mid-repaint and asks for a second one); a run that ended at once still gets a
        span. While the run goes the axis ends a step ahead of it (``growing_end``): one that moved
        at every sample drew the axis, its labels and its grid again at every poll."""
        times = self.run.samples.times
        end = float(times.values[-1]) if len(times) else 0.0
        if self.run.running:
            end = growing_end(end)
        plot.setXRange(0.0, max(end, MIN_SPAN_SECONDS), padding=0.02)
        plot.getViewBox().updateMatrix()

    def _reset_due(self, plot: pg.PlotWidget) -> bool:
        """Reset ``plot``'s axes if a clear asked for it; True when it has no samples to draw."""
        if plot in self._axes_due:
            self._axes_due.discard(plot)
            self._reset_axes((plot,))
        return not len(self.run.samples.times)

    def _reset_axes(self, plots) -> None:
        """Axes with no run on them: 0 to 1 each way."""
        for plot in plots:
            plot.setXRange(0.0, 1.0, padding=0.02)
            plot.setYRange(0.0, 1.0, padding=0.02)
            if plot is self.best_plot:
                self._best_y = None  # the best plot's y range, as last set (see ``held_range``)
