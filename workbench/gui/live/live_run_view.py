"""Run this case: the user's program on one case, watched live.

The program runs in a child process (``batch.live_child.ChildLiveCase``: the batch layer's
``LiveCase`` there, so its pipe readers and snapshot scoring never take the GIL from this process); a
timer on the GUI thread takes what is new at most 30 times a second and repaints: the program's own
``[SCORE]`` series (a line) and each snapshot's official score (dots) against time. A slider steps
through the snapshots: a built-in puzzle's board shows the position the snapshot's answer reaches, a
contest's case view its vis. Both are made in the child (``batch.snapshot_drawing``: the position, the
answer written into this view's folder), so the GUI thread never parses or plays an answer; one too
large to draw is said under the slider. Cancel kills the program's process group at any time; closing
the view cancels too.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QElapsedTimer, QSettings, Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (QDialog, QDoubleSpinBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSlider,
                               QSplitter, QVBoxLayout, QWidget)

from workbench.batch.cases import BatchCase
from workbench.batch.live import Snapshot
from workbench.batch.live_child import ChildLiveCase
from workbench.batch.results import plain_number, run_file
from workbench.batch.snapshot_drawing import Drawing
from workbench.core.errors import WorkbenchError
from workbench.core.files import temporary_prefix

from workbench.gui.solver.live_series import GrowingSeries
from workbench.gui.common.plain_text import plain_label
from workbench.gui.common.plot_style import style_plot

REPAINT_MS = 33  # the plot repaints at most 30 times a second, however fast the program reports
SERIES_PEN = "#3b5b92"
SNAPSHOT_BRUSH = "#e07a1f"
COMMAND_KEY = "live-run/command/{}"
VIS_FOLLOW_MS = 400  # following the newest snapshot, a contest's vis draws at most this often
BOARD_FOLLOW_MS = 150  # and a board
PLOT_MS = 100  # while a program runs the plot is redrawn at most this often (it takes in new points at 30 Hz)
# The case runs in a child process: its pipe readers and snapshot scoring, in this process, took the
# GIL from the GUI thread (150 ms gaps). bench.responsiveness --live compares with batch.live_case.LiveCase.
LIVE_CASE = ChildLiveCase


def counted(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


class LivePlot(pg.PlotWidget):
    """[SCORE] series and snapshot scores against time; the chosen snapshot marked."""

    def __init__(self, parent=None):
        super().__init__(parent)
        style_plot(self, self.palette())
        text = self.palette().color(QPalette.WindowText).name()
        self.setLabel("bottom", "seconds", color=text)
        self.setLabel("left", "score", color=text)
        # The legend on a line of its own above the plot (the title's row): inside it, it hid points.
        legend = pg.LegendItem(colCount=2)
        self.getPlotItem().layout.addItem(legend, 0, 1)
        self.getPlotItem().legend = legend  # the named items below are listed in it
        self.setMinimumHeight(160)
        self.series_curve = self.plot(pen=pg.mkPen(SERIES_PEN, width=2), name="[SCORE] (the program's own)")
        # A program may report thousands of lines a second: drawn at the pixels' resolution, or a
        # repaint of 20,000 points stalls the window.
        self.series_curve.setDownsampling(auto=True, method="peak")
        self.series_curve.setClipToView(True)
        self.snapshot_dots = pg.ScatterPlotItem(size=9, brush=pg.mkBrush(SNAPSHOT_BRUSH), pen=None,
                                                name="snapshots (official score)")
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


class LiveRunView(QDialog):
    """One case run live. ``problem`` is a batch problem (a puzzle's or a contest's) and ``case`` a
    BatchCase of it; a built-in puzzle's board is painted by ``adapter_class``."""

    def __init__(self, problem, case: BatchCase, settings: QSettings | None = None, seconds: float | None = None,
                 command: str = "", cwd: str | None = None, parent=None):
        super().__init__(parent)
        self.problem, self.case, self.cwd = problem, case, cwd
        self.settings = settings or QSettings("PuzzleWorkbench", "workbench")
        self.setWindowTitle(f"Run this case live — {problem.id}: {case.label}")
        self.live: ChildLiveCase | None = None
        self.snapshots: list[Snapshot] = []
        self.series_t, self.series_v = GrowingSeries(), GrowingSeries()
        self._dirty = False
        self._shut = False
        self._work = tempfile.TemporaryDirectory(prefix=temporary_prefix("live-view"))
        self._runs = 0  # runs started: each writes its snapshots' answers into a folder of its own
        self.answers_dir: Path | None = None

        remembered = self.settings.value(COMMAND_KEY.format(problem.id), "") or ""
        self.command = QLineEdit(command or str(remembered) or (problem.default_command() or ""))
        self.command.setPlaceholderText("your program, e.g. ./a.out or python3 main.py")
        self.command.setToolTip("Runs through the shell with the case on stdin. Lines '[SCORE] value' on stderr "
                                "and snapshots (answers in stdout, files in $PWB_SNAPSHOT_DIR) are plotted live")
        self.time = QDoubleSpinBox()
        self.time.setRange(0.05, 3600)
        self.time.setSuffix(" s")
        self.time.setValue(seconds or problem.default_seconds())
        self.time.setToolTip("The program's time limit (past it, it is killed: TLE)")
        self.run_button = QPushButton("Run")
        self.run_button.clicked.connect(self.run)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.status = plain_label("Type your program and press Run", wrapped=True)
        self.plot = LivePlot()
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setRange(0, 0)
        self.slider.setEnabled(False)
        self.slider.valueChanged.connect(self.show_snapshot)
        self.snapshot_label = plain_label("No snapshot yet", wrapped=True)
        self.board = self._make_board()

        top = QHBoxLayout()
        top.addWidget(QLabel("Program"))
        top.addWidget(self.command, 1)
        top.addWidget(QLabel("Time"))
        top.addWidget(self.time)
        top.addWidget(self.run_button)
        top.addWidget(self.cancel_button)
        steps = QHBoxLayout()
        steps.addWidget(QLabel("Snapshot"))
        steps.addWidget(self.slider, 1)
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addWidget(self.plot, 1)
        upper_layout.addLayout(steps)
        upper_layout.addWidget(self.snapshot_label)
        split = QSplitter(Qt.Vertical)
        split.addWidget(upper)
        split.addWidget(self.board)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)
        self.resize(900, 820)

        self.timer = QTimer(self)
        self.timer.setInterval(REPAINT_MS)
        self.timer.timeout.connect(self._tick)
        self._follow_timer = QTimer(self)
        self._follow_timer.setSingleShot(True)
        self._follow_timer.setInterval(VIS_FOLLOW_MS if self.contest is not None else BOARD_FOLLOW_MS)
        self._follow_timer.timeout.connect(self._follow_caught_up)
        self._follow_behind = False
        self._plot_clock = QElapsedTimer()

    # ------------------------------------------------------------ the board or the vis
    @property
    def contest(self):
        return getattr(self.problem, "config", None)

    def _make_board(self) -> QWidget:
        if self.contest is not None:
            from workbench.gui.contest.case_view import CaseView

            view = CaseView()
            view.set_contest(self.contest)
            view.clear("No snapshot yet: the vis shows the one the slider picks")
            return view
        from workbench.gui.board.board_view import BoardView
        from workbench.gui.board.painters import adapter_class

        puzzle = self.problem.puzzle
        self.instance = puzzle.parse_input(self.case.input_text)
        if self.case.options:
            self.instance = puzzle.configure(self.instance, **self.case.options)
        view = BoardView()
        view.mode = "preview"
        view.set_adapter(adapter_class(puzzle.id)(puzzle, view.scene()))
        view.display(self.instance, puzzle.initial_state(self.instance))
        return view

    @staticmethod
    def drawing(snapshot: Snapshot) -> Drawing:
        return snapshot.drawing if snapshot.drawing is not None else Drawing(refused="not drawn")

    def snapshot_state(self, index: int):
        """The position snapshot ``index``'s answer reaches, as the live case found it (None when its
        answer is not valid or too large to draw)."""
        return self.drawing(self.snapshots[index]).position

    def show_snapshot(self, index: int) -> None:
        if not self.snapshots or not 0 <= index < len(self.snapshots):
            return
        snapshot = self.snapshots[index]
        drawing = self.drawing(snapshot)
        score = plain_number(snapshot.score) if snapshot.score is not None else snapshot.message or "not scored"
        refused = f" (not drawn: {drawing.refused})" if drawing.refused else ""
        self.snapshot_label.setText(f"snapshot {index + 1} of {len(self.snapshots)}: {snapshot.source} at "
                                    f"{snapshot.t:.2f} s, score {score}{refused}")
        self.plot.mark(snapshot.t)
        if self.contest is not None:
            if not drawing.answer_file:
                self.board.clear(f"Snapshot {index + 1} is not drawn: {drawing.refused or 'no answer'}")
                return
            self.board.show_case(self.answers_dir, {"case": f"{self.case.label}, snapshot {index + 1}",
                                                    "name": self.case.name,
                                                    "seed": "" if self.case.seed is None else self.case.seed,
                                                    "input": "in.txt", "answer": drawing.answer_file, "score": score,
                                                    "verdict": "OK" if snapshot.score is not None else "WA"})
            return
        state = drawing.position
        puzzle = self.problem.puzzle
        self.board.display(self.instance, state if state is not None else puzzle.initial_state(self.instance))

    def _show_newest(self) -> bool:
        """Follow the newest snapshot: while snapshots pour in, the newest is drawn at most every
        BOARD_FOLLOW_MS (a contest's vis, a process per drawing: VIS_FOLLOW_MS), not every one.
        Whether it was drawn now."""
        if not self._follow_timer.isActive():
            self.show_snapshot(len(self.snapshots) - 1)
            self._follow_timer.start()
            return True
        self._follow_behind = True
        return False

    def _follow_caught_up(self) -> None:
        if self._follow_behind and self.slider.value() == len(self.snapshots) - 1:
            self.show_snapshot(len(self.snapshots) - 1)
        self._follow_behind = False

    # ------------------------------------------------------------ running
    def run(self) -> None:
        command = self.command.text().strip()
        if not command:
            self.status.setText("Type your program first (the command that runs it)")
            return
        if self.live is not None and not self.live.finished.is_set():
            return
        self.settings.setValue(COMMAND_KEY.format(self.problem.id), command)
        self.snapshots.clear()
        self._runs += 1
        self.answers_dir = Path(self._work.name) / f"run-{self._runs}"
        self.answers_dir.mkdir()
        (self.answers_dir / "in.txt").write_text(self.case.input_text)
        self.series_t, self.series_v = GrowingSeries(), GrowingSeries()
        self.slider.setRange(0, 0)
        self.slider.setEnabled(False)
        self.snapshot_label.setText("No snapshot yet")
        self.plot.mark(None)
        self.plot.start(self.time.value())
        self._dirty = True
        time_by = getattr(self.contest, "time_by", "wall")
        self.live = LIVE_CASE(self.problem, self.case, command, self.time.value(), cwd=self.cwd,
                              time_by=time_by, answers_dir=str(self.answers_dir)).start()
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(f"Running '{command}'…")
        self.timer.start()

    def cancel(self) -> None:
        if self.live is not None and not self.live.finished.is_set():
            self.live.cancel()
            self.status.setText("Cancelling: the program's process group is killed…")

    def _tick(self) -> None:
        live = self.live
        if live is None:
            return
        finished = live.finished.is_set()  # read before taking: nothing arrives after it is set
        series, snapshots = live.take()
        drew_board = False
        for t, value in series:
            self.series_t.append(t)
            self.series_v.append(value)
        if snapshots:
            following = self.slider.value() == len(self.snapshots) - 1 or not self.snapshots
            self.snapshots.extend(snapshots)
            self.slider.setEnabled(True)
            self.slider.setRange(0, len(self.snapshots) - 1)
            if following:  # at the newest: stay at the newest (drawn below, no more often than it follows)
                self.slider.blockSignals(True)
                self.slider.setValue(len(self.snapshots) - 1)
                self.slider.blockSignals(False)
            if self.slider.value() == len(self.snapshots) - 1:
                drew_board = self._show_newest()
        if series or snapshots:
            self._dirty = True
        # A tick that drew the board leaves the plot to the next one: the two (and their repaints) in
        # one tick were the GUI thread's longest gap.
        plot_due = not self._plot_clock.isValid() or self._plot_clock.elapsed() >= PLOT_MS
        if self._dirty and (finished or (plot_due and not drew_board)):
            self._plot_clock.start()
            scored = [s for s in self.snapshots if s.score is not None]
            self.plot.show_data(self.series_t, self.series_v, np.array([s.t for s in scored]),
                                np.array([s.score for s in scored]))
            self._dirty = False
        if finished:
            self.timer.stop()
            if self._follow_behind:  # the newest, drawn now rather than when the follow timer says
                self._follow_timer.stop()
                self._follow_caught_up()
            self.run_button.setEnabled(True)
            self.cancel_button.setEnabled(False)
            self.status.setText(self.ending_text())
        else:
            best = self.problem.objective.best(s.score for s in self.snapshots if s.score is not None)
            self.status.setText(f"Running: {live.elapsed():.1f} s, {counted(len(self.series_t), '[SCORE] line')}, "
                                f"{counted(len(self.snapshots), 'snapshot')}" + (f", best {plain_number(best)}"
                                                                       if best is not None else ""))

    def ending_text(self) -> str:
        live = self.live
        if live.error:
            return live.error
        result = live.result
        said = f"{counted(len(self.series_t), '[SCORE] line')}, {counted(len(self.snapshots), 'snapshot')}"
        bad = live.bad_lines
        if bad:
            said += f"; {counted(bad, '[SCORE] line')} ignored (not a number)"
        if live.cancelled:
            return f"Cancelled after {result.seconds:.2f} s: the program was killed; {said}"
        verdict = "" if result.verdict == "OK" else f" {result.verdict}" + (f" ({result.message})" if result.message
                                                                               else "")
        return f"Ended in {result.seconds:.2f} s: score {plain_number(result.score)}{verdict}; {said}"

    # ------------------------------------------------------------ closing
    def done(self, code: int) -> None:
        self.shutdown()
        super().done(code)

    def closeEvent(self, event) -> None:
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        if self.live is not None and not self.live.finished.is_set():
            self.live.cancel()
        self.timer.stop()
        self._follow_timer.stop()
        if self.contest is not None and not self._shut:
            self.board.shutdown()
        self._shut = True


def case_of_row(folder: Path, row: dict, meta: dict) -> BatchCase:
    """A results.csv row of the run in ``folder`` as a case to run again (its input file and options)."""
    from workbench.core.files import read_text
    from workbench.core.judge_text import plain_natural

    seed = plain_natural(str(row.get("seed", "")))
    options = meta.get("instance_options") if isinstance(meta.get("instance_options"), dict) else {}
    return BatchCase(0, row.get("name") or "case", row.get("case") or row.get("name") or "case", seed,
                     read_text(run_file(folder, row["input"], "input")), dict(options))


def open_for_board(window) -> LiveRunView | None:
    """The main window's "Run this case live": the board's case (its puzzle and input as shown)."""
    from workbench.batch.problem import PuzzleProblem

    session = getattr(window, "session", None)
    if session is None:
        return None
    puzzle = session.puzzle
    origin = getattr(window, "origin", None)
    seed = getattr(origin, "seed", None)
    name = session.path.stem if getattr(session, "path", None) else (f"seed-{seed}" if seed is not None else "board")
    case = BatchCase(0, name, str(session.path) if getattr(session, "path", None) else name, seed,
                     puzzle.format_input(session.instance))
    return _keep(window, LiveRunView(PuzzleProblem(puzzle.id), case, getattr(window, "settings", None), parent=window))


def open_for_row(panel, row: dict) -> LiveRunView | None:
    """The Runs panel's "Run live": the selected case of the run shown, with the panel's command."""
    folder = panel.run_folder
    if folder is None or panel.problem is None or not row.get("input"):
        return None
    try:
        case = case_of_row(folder, row, panel.shown_meta)
    except WorkbenchError as error:  # its input is gone, unreadable, or out of the run folder
        panel.message.emit(str(error))
        return None
    return _keep(panel, LiveRunView(panel.problem, case, command=panel.command.text().strip(),
                                    seconds=panel.time.value(), cwd=str(panel.program_folder()),
                                    parent=panel.window()))


def _keep(owner, view: LiveRunView) -> LiveRunView:
    """Open ``view`` beside its owner and keep it while it is open (a window of its own, not modal)."""
    views = owner.__dict__.setdefault("_live_views", [])
    views.append(view)
    view.finished.connect(lambda _code, v=view: views.remove(v) if v in views else None)
    view.show()
    return view
