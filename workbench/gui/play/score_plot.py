"""The step-through panel's score-by-step plot: the contest score after every move of the
current line, the current step marked; a click jumps to the step under the mouse.

A long line is plotted at ``MAX_POINTS`` evenly spaced steps (the plot is a few hundred
pixels wide), so a 6,000-move answer costs a fraction of its evaluations on the GUI thread.
The scores are the Session's (``Session.report`` scores a node once: the facts line and the step
caption ask for the same ones); the plot follows the AppState's session itself.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette

from workbench.gui.common.plot_style import all_whole, set_whole_numbers, style_plot, y_range

LINE = "#3b5b92"
MARK = "#e07a1f"
MAX_POINTS = 600


def plotted_steps(length: int, limit: int = MAX_POINTS) -> np.ndarray:
    """The steps of a line of ``length`` nodes that the plot evaluates: all, or evenly spaced."""
    if length <= limit:
        return np.arange(length)
    return np.unique(np.round(np.linspace(0, length - 1, limit)).astype(np.int64))


class ScorePlot(pg.PlotWidget):
    stepClicked = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        style_plot(self, self.palette())
        self.setLabel("bottom", self.tr("step"), color=self.palette().color(QPalette.WindowText).name())
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.setMenuEnabled(False)
        self.setMinimumHeight(110)
        self.setMaximumHeight(180)
        self.setToolTip(self.tr("Score after every move of the line; click to go to that step"))
        self.curve = self.plot(pen=pg.mkPen(LINE, width=2))
        self.marker = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(MARK, width=2))
        self.addItem(self.marker)
        # The marker and its dot move on every step: they must not change the plot's range,
        # or every step re-ranges the view and repaints the axes (scrubbing got 40% slower).
        self.dot = pg.ScatterPlotItem(size=8, brush=pg.mkBrush(MARK), pen=None)
        self.addItem(self.dot, ignoreBounds=True)
        self.steps = np.zeros(1, dtype=np.int64)
        self.scores = np.zeros(1)
        self._line = None  # the plotted line (its nodes)
        self._score = None  # the score of one of its nodes
        self._key = None
        self._measure = "score"  # what the curve follows (a puzzle may plot another measure)
        self.scene().sigMouseClicked.connect(self._clicked)

    def follow(self, state) -> None:
        """Plot the line of whichever session ``state`` (an AppState) shows, as it moves."""
        self.session_events = state.follow(
            self.show_session,
            step_changed=lambda _node: self.show_session(state.session),
            board_changed=lambda _how: self.show_session(state.session),
        )

    def show_session(self, session) -> None:
        """``session``'s current line, its step marked (each node scored once, by the session)."""
        node = session.history.current
        puzzle = session.puzzle  # it may follow another measure than its score (Puzzle.plotted)
        measure = puzzle.plotted(session.report(node))[0]
        self.show_line(session.history.line(), node.depth, lambda n: puzzle.plotted(session.report(n))[1], measure)

    def show_line(self, line, index: int, score, measure: str = "score") -> None:
        """Plot ``line``'s scores, ``score(node)`` (asked again only when the line changes), and
        mark ``index``; ``measure`` names what ``score`` gives when it is not the score."""
        if measure != self._measure:
            self._measure, self._key = measure, None
            shown = "" if measure == "score" else measure
            self.setLabel("left", shown, color=self.palette().color(QPalette.WindowText).name())
            self.setToolTip(
                self.tr("{0} after every move of the line; click to go to that step").format(measure.capitalize())
                if shown
                else self.tr("Score after every move of the line; click to go to that step")
            )
        key = (line[0].id, line[-1].id, len(line))
        if key != self._key:
            self._key = key
            self._line, self._score = line, score
            self.steps = plotted_steps(len(line))
            self.scores = np.array([score(line[int(k)]) for k in self.steps])
            # A line of one position (no moves yet) is one point: drawn as a dot, not as nothing.
            self.curve.setData(
                self.steps,
                self.scores,
                symbol="o" if len(line) == 1 else None,
                symbolBrush=LINE,
                symbolPen=None,
                symbolSize=7,
            )
            self.setXRange(0, max(1, len(line) - 1), padding=0.02)
            self.setYRange(*y_range([float(self.scores.min()), float(self.scores.max())]), padding=0)
            set_whole_numbers(self, bottom=True, left=all_whole(self.scores))
        self.mark(index)

    @property
    def length(self) -> int:
        """Nodes in the plotted line (moves + 1)."""
        return len(self._line) if self._line else 1

    def mark(self, index: int) -> None:
        index = max(0, min(index, self.length - 1))
        self.marker.setValue(index)
        if self._line is not None:
            self.dot.setData([index], [self._score(self._line[index])])

    def step_at(self, scene_pos) -> int:
        x = self.getPlotItem().vb.mapSceneToView(scene_pos).x()
        return int(max(0, min(round(x), self.length - 1)))

    def _clicked(self, event) -> None:
        if event.button() == Qt.LeftButton:
            self.stepClicked.emit(self.step_at(event.scenePos()))
