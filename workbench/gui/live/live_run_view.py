"""Run this case: the user's program on one case, watched live.

The program runs in a child process (``batch.live_child.ChildLiveCase``: the batch layer's
``LiveCase`` there, so its pipe readers and snapshot scoring never take the GIL from this process); a
timer on the GUI thread takes what is new at most 30 times a second into a Qt-free
``LiveRunState`` and repaints the ``LivePlot``: the program's own ``[SCORE]`` series (a line) and
each snapshot's official score (dots) against time. A slider steps through the snapshots, drawn on a
``SnapshotBoard`` (a built-in puzzle's board, or a contest's vis); one too large to draw is said
under the slider. Cancel kills the program's process group at any time; closing the view cancels too.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QSettings, Qt, QTimer
from PySide6.QtWidgets import (
    QDialog,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from workbench.batch.cases import BatchCase
from workbench.batch.live import Snapshot
from workbench.batch.live_child import ChildLiveCase
from workbench.batch.results import plain_number, run_file
from workbench.batch.snapshot_drawing import Drawing
from workbench.core.errors import WorkbenchError
from workbench.core.files import temporary_prefix
from workbench.gui.common.plain_text import plain_label
from workbench.gui.live.live_board import SnapshotBoard
from workbench.gui.live.live_plot import LivePlot
from workbench.gui.live.live_state import LiveRunState

__all__ = ["LIVE_CASE", "LivePlot", "LiveRunView", "open_for_board", "open_for_row"]
REPAINT_MS = 33  # the plot repaints at most 30 times a second, however fast the program reports
COMMAND_KEY = "live-run/command/{}"
VIS_FOLLOW_MS = 400  # following the newest snapshot, a contest's vis draws at most this often
BOARD_FOLLOW_MS = 150  # and a board
PLOT_MS = 100  # while a program runs the plot is redrawn at most this often (it takes in new points at 30 Hz)
# The case runs in a child process: its pipe readers and snapshot scoring, in this process, took the
# GIL from the GUI thread (150 ms gaps). bench.responsiveness --live compares with batch.live_case.LiveCase.
LIVE_CASE = ChildLiveCase


class LiveRunView(QDialog):
    """One case run live. ``problem`` is a batch problem (a puzzle's or a contest's) and ``case`` a
    BatchCase of it; a built-in puzzle's board is painted by ``adapter_class``."""

    def __init__(
        self,
        problem,
        case: BatchCase,
        settings: QSettings | None = None,
        seconds: float | None = None,
        command: str = "",
        cwd: str | None = None,
        parent=None,
    ):
        super().__init__(parent)
        self.problem, self.case, self.cwd = problem, case, cwd
        self.settings = settings or QSettings("PuzzleWorkbench", "workbench")
        self.setWindowTitle(self.tr("Run this case live — {0}: {1}").format(problem.id, case.label))
        self.live: ChildLiveCase | None = None
        self.state = LiveRunState()
        self._dirty = False
        self._shut = False
        self._work = tempfile.TemporaryDirectory(prefix=temporary_prefix("live-view"))
        self._runs = 0  # runs started: each writes its snapshots' answers into a folder of its own
        self.answers_dir: Path | None = None
        self._make_controls(command, seconds)
        self.plot = LivePlot()
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setRange(0, 0)
        self.slider.setEnabled(False)
        self.slider.valueChanged.connect(self.show_snapshot)
        self.snapshot_label = plain_label(self.tr("No snapshot yet"), wrapped=True)
        self.snapshot_board = SnapshotBoard(problem, case)
        self.board = self.snapshot_board.widget
        self._lay_out()
        self.timer = QTimer(self)
        self.timer.setInterval(REPAINT_MS)
        self.timer.timeout.connect(self._tick)
        self._follow_timer = QTimer(self)
        self._follow_timer.setSingleShot(True)
        self._follow_timer.setInterval(VIS_FOLLOW_MS if self.contest is not None else BOARD_FOLLOW_MS)
        self._follow_timer.timeout.connect(self._follow_caught_up)
        self._follow_behind = False
        self._plot_clock = QElapsedTimer()

    def _make_controls(self, command: str, seconds: float | None) -> None:
        problem = self.problem
        remembered = self.settings.value(COMMAND_KEY.format(problem.id), "") or ""
        self.command = QLineEdit(command or str(remembered) or (problem.default_command() or ""))
        self.command.setPlaceholderText(self.tr("your program, e.g. ./a.out or python3 main.py"))
        self.command.setToolTip(
            self.tr(
                "Runs through the shell with the case on stdin. Lines '[SCORE] value' on "
                "stderr and snapshots (answers in stdout, files in $PWB_SNAPSHOT_DIR) are "
                "plotted live"
            )
        )
        self.time = QDoubleSpinBox()
        self.time.setRange(0.05, 3600)
        self.time.setSuffix(self.tr(" s"))
        self.time.setValue(seconds or problem.default_seconds())
        self.time.setToolTip(self.tr("The program's time limit (past it, it is killed: TLE)"))
        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.clicked.connect(self.run)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.status = plain_label(self.tr("Type your program and press Run"), wrapped=True)

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        for widget, stretch in (
            (QLabel(self.tr("Program")), 0),
            (self.command, 1),
            (QLabel(self.tr("Time")), 0),
            (self.time, 0),
            (self.run_button, 0),
            (self.cancel_button, 0),
        ):
            top.addWidget(widget, stretch)
        steps = QHBoxLayout()
        steps.addWidget(QLabel(self.tr("Snapshot")))
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

    # ------------------------------------------------------------ what the run brought
    @property
    def contest(self):
        return getattr(self.problem, "config", None)

    @property
    def snapshots(self) -> list[Snapshot]:
        return self.state.snapshots

    @property
    def series_t(self):
        return self.state.series_t

    @property
    def series_v(self):
        return self.state.series_v

    def counted(self, number: int, thing: str) -> str:
        """``number`` [SCORE] lines or snapshots, in words (``thing``: "line" or "snapshot")."""
        if thing == "line":
            return self.tr("1 [SCORE] line") if number == 1 else self.tr("{0} [SCORE] lines").format(number)
        return self.tr("1 snapshot") if number == 1 else self.tr("{0} snapshots").format(number)

    # ------------------------------------------------------------ the snapshots
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
        score = (
            plain_number(snapshot.score) if snapshot.score is not None else snapshot.message or self.tr("not scored")
        )
        refused = self.tr(" (not drawn: {0})").format(drawing.refused) if drawing.refused else ""
        self.snapshot_label.setText(
            self.tr("snapshot {0} of {1}: {2} at {3:.2f} s, score {4}{5}").format(
                index + 1, len(self.snapshots), snapshot.source, snapshot.t, score, refused
            )
        )
        self.plot.mark(snapshot.t)
        self.snapshot_board.show(snapshot, index, drawing, self.answers_dir, score)

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

    def _took_snapshots(self, following: bool) -> bool:
        """The slider reaches the new snapshots; whether the newest was drawn now."""
        self.slider.setEnabled(True)
        self.slider.setRange(0, len(self.snapshots) - 1)
        if following:  # at the newest: stay at the newest (drawn below, no more often than it follows)
            self.slider.blockSignals(True)
            self.slider.setValue(len(self.snapshots) - 1)
            self.slider.blockSignals(False)
        return self.slider.value() == len(self.snapshots) - 1 and self._show_newest()

    # ------------------------------------------------------------ running
    def run(self) -> None:
        command = self.command.text().strip()
        if not command:
            self.status.setText(self.tr("Type your program first (the command that runs it)"))
            return
        if self.live is not None and not self.live.finished.is_set():
            return
        self.settings.setValue(COMMAND_KEY.format(self.problem.id), command)
        self.state.reset()
        self._runs += 1
        self.answers_dir = Path(self._work.name) / f"run-{self._runs}"
        self.answers_dir.mkdir()
        (self.answers_dir / "in.txt").write_text(self.case.input_text)
        self.slider.setRange(0, 0)
        self.slider.setEnabled(False)
        self.snapshot_label.setText(self.tr("No snapshot yet"))
        self.plot.mark(None)
        self.plot.start(self.time.value())
        self._dirty = True
        time_by = getattr(self.contest, "time_by", "wall")
        self.live = LIVE_CASE(
            self.problem,
            self.case,
            command,
            self.time.value(),
            cwd=self.cwd,
            time_by=time_by,
            answers_dir=str(self.answers_dir),
        ).start()
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(self.tr("Running '{0}'…").format(command))
        self.timer.start()

    def cancel(self) -> None:
        if self.live is not None and not self.live.finished.is_set():
            self.live.cancel()
            self.status.setText(self.tr("Cancelling: the program's process group is killed…"))

    def _tick(self) -> None:
        live = self.live
        if live is None:
            return
        finished = live.finished.is_set()  # read before taking: nothing arrives after it is set
        following = self.slider.value() == len(self.snapshots) - 1 or not self.snapshots
        taken = self.state.take(live)
        drew_board = self._took_snapshots(following) if taken.snapshots else False
        if taken:
            self._dirty = True
        # A tick that drew the board leaves the plot to the next one: the two (and their repaints) in
        # one tick were the GUI thread's longest gap.
        plot_due = not self._plot_clock.isValid() or self._plot_clock.elapsed() >= PLOT_MS
        if self._dirty and (finished or (plot_due and not drew_board)):
            self._plot_clock.start()
            self.plot.show_data(self.series_t, self.series_v, *self.state.scored())
            self._dirty = False
        if finished:
            self._finished()
        else:
            best = self.state.best(self.problem.objective)
            self.status.setText(
                self.tr("Running: {0:.1f} s, {1}, {2}").format(
                    live.elapsed(),
                    self.counted(len(self.series_t), "line"),
                    self.counted(len(self.snapshots), "snapshot"),
                )
                + (self.tr(", best {0}").format(plain_number(best)) if best is not None else "")
            )

    def _finished(self) -> None:
        self.timer.stop()
        if self._follow_behind:  # the newest, drawn now rather than when the follow timer says
            self._follow_timer.stop()
            self._follow_caught_up()
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.status.setText(self.ending_text())

    def ending_text(self) -> str:
        live = self.live
        if live.error:
            return live.error
        result = live.result
        said = f"{self.counted(len(self.series_t), 'line')}, {self.counted(len(self.snapshots), 'snapshot')}"
        if live.bad_lines:
            said += self.tr("; {0} ignored (not a number)").format(self.counted(live.bad_lines, "line"))
        if live.cancelled:
            return self.tr("Cancelled after {0:.2f} s: the program was killed; {1}").format(result.seconds, said)
        verdict = (
            "" if result.verdict == "OK" else f" {result.verdict}" + (f" ({result.message})" if result.message else "")
        )
        return self.tr("Ended in {0:.2f} s: score {1}{2}; {3}").format(
            result.seconds, plain_number(result.score), verdict, said
        )

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
        if not self._shut:
            self.snapshot_board.shutdown()
        self._shut = True


def case_of_row(folder: Path, row: dict, meta: dict) -> BatchCase:
    """A results.csv row of the run in ``folder`` as a case to run again (its input file and options)."""
    from workbench.core.files import read_text
    from workbench.core.judge_text import plain_natural

    seed = plain_natural(str(row.get("seed", "")))
    options = meta.get("instance_options") if isinstance(meta.get("instance_options"), dict) else {}
    return BatchCase(
        0,
        row.get("name") or "case",
        row.get("case") or row.get("name") or "case",
        seed,
        read_text(run_file(folder, row["input"], "input")),
        dict(options),
    )


def open_for_board(window) -> LiveRunView | None:
    """The main window's "Run this case live": the board's case (its puzzle and input as shown)."""
    from workbench.batch.puzzle_problem import PuzzleProblem

    session = getattr(window, "session", None)
    if session is None:
        return None
    puzzle = session.puzzle
    origin = getattr(window, "origin", None)
    seed = getattr(origin, "seed", None)
    name = session.path.stem if getattr(session, "path", None) else (f"seed-{seed}" if seed is not None else "board")
    case = BatchCase(
        0,
        name,
        str(session.path) if getattr(session, "path", None) else name,
        seed,
        puzzle.format_input(session.instance),
    )
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
    return _keep(
        panel,
        LiveRunView(
            panel.problem,
            case,
            command=panel.command.text().strip(),
            seconds=panel.time.value(),
            cwd=str(panel.program_folder()),
            parent=panel.window(),
        ),
    )


def _keep(owner, view: LiveRunView) -> LiveRunView:
    """Open ``view`` beside its owner and keep it while it is open (a window of its own, not modal)."""
    views = owner.__dict__.setdefault("_live_views", [])
    views.append(view)
    view.finished.connect(lambda _code, v=view: views.remove(v) if v in views else None)
    view.show()
    return view
