"""One case of two runs side by side: run A's answer and run B's, stepped together.

A built-in puzzle's case: two boards (the puzzle's painter) that one slider steps together (move k
of A and of B; the shorter answer holds its last position), both scores at the step, both
score-by-step curves on one plot, and the diff of the two answer files. A contest's case: two of
its vis views (``CaseView``) side by side, and the diff. What is shown comes from
``workbench.batch.side_by_side`` (Qt-free), made on a thread of its own while the view says it is
loading (a long answer's replay and diff held the window for 40 s before it opened); the plot's step
marker and the boards follow the slider from a timer, at most 30 times a second.
"""

from __future__ import annotations

import threading

import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QSlider, QSplitter, QVBoxLayout, QWidget

from workbench.batch.side_by_side import CasePair, answer_diff, played_pair, step_line
from workbench.core.errors import WorkbenchError
from workbench.gui.board.board_view import BoardView
from workbench.gui.board.painters import adapter_class
from workbench.gui.common.plain_text import plain_label
from workbench.gui.common.plot_style import style_plot

REPAINT_MS = 33  # the boards and the plot follow a dragged slider at most 30 times a second
COLOURS = {"A": "#2f6db5", "B": "#d0661f"}


LOADING = "Loading: playing out both answers and comparing them…"


class SideBySideView(QWidget):
    loaded = Signal(object)  # from the loading thread: (the diff's text, the instance and both played lines)

    def __init__(self, pair: CasePair, parent=None):
        super().__init__(parent)
        self.pair = pair
        self.setWindowTitle(self.tr("Case {0}: A {1} and B {2}").format(pair.case, pair.a.name, pair.b.name))
        self.shown_step = -1
        self.boards: list[BoardView] = []
        self.case_views: list = []
        self.lines = ()
        self.curves: list = []  # the score-by-step curves of A and B
        self.instance = None
        self.puzzle = None
        self.loading = True  # until the loading thread's answers are shown
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REPAINT_MS)
        self._timer.timeout.connect(lambda: self.show_step(self.slider.value()))

        winner = pair.winner()
        self.title = plain_label(
            f"case {pair.case} ({pair.objective.words}): A {pair.a.name}: {pair.a.score_text()} — "
            f"B {pair.b.name}: {pair.b.score_text()} — "
            + ("the same score" if winner == "tie" else f"{winner} is better"),
            wrapped=True,
        )
        self.diff = QPlainTextEdit()
        self.diff.setReadOnly(True)
        self.diff.setLineWrapMode(QPlainTextEdit.NoWrap)
        self.diff.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))
        self.diff.setPlainText(LOADING)
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setEnabled(False)
        self.step_label = plain_label(LOADING)
        self.side_labels = [plain_label(wrapped=True), plain_label(wrapped=True)]
        self.plot = pg.PlotWidget()
        style_plot(self.plot, self.palette())
        self.plot.setLabel("bottom", self.tr("move"))
        self.plot.setLabel("left", self.tr("score"))
        self.plot.addLegend(offset=(10, 10))
        self.marker = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen("#888888", style=Qt.DashLine))
        self.plot.addItem(self.marker)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        body = QSplitter(Qt.Vertical)
        layout.addWidget(body, 1)
        if pair.kind == "contest":
            self._contest_views(body)
        else:
            self._boards(body)
        bottom = QSplitter(Qt.Horizontal)
        if pair.kind != "contest":
            bottom.addWidget(self.plot)
        bottom.addWidget(self.diff)
        body.addWidget(bottom)
        body.setSizes([600, 260])
        self.resize(1200, 860)
        self.loaded.connect(self._loaded)
        threading.Thread(target=self._load, name="wb-side-by-side", daemon=True).start()

    # ------------------------------------------------------------ loading, off the GUI thread
    def _load(self) -> None:
        """The diff and (a puzzle's) both answers played out; emitted to the GUI thread."""
        try:
            diff = answer_diff(self.pair) or "The two answers are the same."
        except WorkbenchError as error:
            diff = f"(cannot read the answers: {error})"
        except Exception as error:  # never left saying "Loading"
            diff = f"(cannot compare the answers: {type(error).__name__}: {error})"
        lines = None
        if self.puzzle is not None:
            try:
                lines = played_pair(self.pair, self.puzzle)
            except (WorkbenchError, ValueError) as error:
                lines = f"Cannot play the answers out: {error}"
            except Exception as error:  # a plugin's bug: said, or the view would say "Loading" for good
                lines = f"Cannot play the answers out: the puzzle's code failed: {type(error).__name__}: {error}"
        try:
            self.loaded.emit((diff, lines))
        except RuntimeError:  # the view was closed while it loaded: nobody to show it to
            pass

    def _loaded(self, result) -> None:
        diff, lines = result
        self.diff.setPlainText(diff)
        self.loading = False
        if isinstance(lines, str):
            self.step_label.setText(lines)
        elif lines is not None:
            self.instance, line_a, line_b = lines
            self._show_lines(line_a, line_b)

    # ------------------------------------------------------------ a built-in puzzle: two boards
    def _boards(self, body: QSplitter) -> None:
        from workbench.core.registry import get_puzzle

        pair = self.pair
        puzzle = self.puzzle = get_puzzle(pair.puzzle)
        cls = adapter_class(puzzle.id)
        if cls is None:
            raise WorkbenchError(f"the app cannot show {puzzle.id} boards")
        row = QWidget()
        boards = QHBoxLayout(row)
        boards.setContentsMargins(0, 0, 0, 0)
        for _side, label, name in ((pair.a, self.side_labels[0], "A"), (pair.b, self.side_labels[1], "B")):
            column = QVBoxLayout()
            label.setStyleSheet(f"color: {COLOURS[name]}; font-weight: bold")
            view = BoardView()
            view.mode = "preview"
            view.set_adapter(cls(puzzle, view.scene()))
            column.addWidget(label)
            column.addWidget(view, 1)
            boards.addLayout(column, 1)
            self.boards.append(view)
        steps = QWidget()
        under = QHBoxLayout(steps)
        under.setContentsMargins(0, 0, 0, 0)
        under.addWidget(QLabel(self.tr("Move")))
        under.addWidget(self.slider, 1)
        under.addWidget(self.step_label)
        column = QWidget()
        stack = QVBoxLayout(column)
        stack.setContentsMargins(0, 0, 0, 0)
        stack.addWidget(row, 1)
        stack.addWidget(steps)
        body.addWidget(column)

    def _show_lines(self, line_a, line_b) -> None:
        """Both answers played out: the curves, the slider's range, step 0."""
        pair = self.pair
        self.lines = (line_a, line_b)
        end = max(line_a.length, line_b.length)
        self.curves = []
        for name, line, width in (("A", line_a, 5), ("B", line_b, 2)):  # A wider, under B: both show where they meet
            self.curves.append(
                self.plot.plot(
                    list(range(len(line.scores))),
                    line.scores,
                    pen=pg.mkPen(COLOURS[name], width=width),
                    name=f"{name} {getattr(pair, name.lower()).name}",
                )
            )
            if line.length < end:  # the shorter answer holds its last score: dotted to the end
                self.plot.plot(
                    [line.length, end],
                    [line.scores[-1]] * 2,
                    pen=pg.mkPen(COLOURS[name], width=width, style=Qt.DotLine),
                )
        self.slider.setRange(0, end)
        self.slider.setEnabled(True)
        self.slider.valueChanged.connect(lambda _: self._timer.isActive() or self._timer.start())
        self.show_step(0)

    def show_step(self, step: int) -> None:
        """Move ``step`` of both answers (the shorter one at its last), the scores there, the marker."""
        if not self.lines:
            return
        step = max(0, min(step, self.slider.maximum()))
        texts = step_line(self.pair, *self.lines, step)
        for view, line, label, text, name in zip(self.boards, self.lines, self.side_labels, texts, "AB"):
            k = line.at(step)
            last_move = line.moves[k - 1] if k > 0 else None
            view.display(self.instance, line.states[k], last_move)
            fault = f" — then stops: {line.fault}" if line.fault and step >= line.length else ""
            label.setText(f"{name} {getattr(self.pair, name.lower()).name}: {text}{fault}")
        self.step_label.setText(f"{step} / {self.slider.maximum()}")
        self.marker.setValue(step)
        if self.slider.value() != step:
            self.slider.blockSignals(True)
            self.slider.setValue(step)
            self.slider.blockSignals(False)
        self.shown_step = step

    # ------------------------------------------------------------ a contest: two vis views
    def _contest_views(self, body: QSplitter) -> None:
        from workbench.contest.config import load
        from workbench.gui.contest.case_view import CaseView

        config = load(str(self.pair.a.meta.get("contest_file", "")))
        row = QSplitter(Qt.Horizontal)
        for side, name in ((self.pair.a, "A"), (self.pair.b, "B")):
            view = CaseView()
            view.set_contest(config)
            view.show_case(side.folder, side.row)
            view.title.setText(f"{name} {side.name}: " + view.title.text())
            row.addWidget(view)
            self.case_views.append(view)
        body.addWidget(row)

    def closeEvent(self, event) -> None:
        for view in self.case_views:
            view.shutdown()
        super().closeEvent(event)
