"""The main window: board in the middle, history / step-through / solver / editor docks.

It is a view over a ``Session``: every action goes through the session (which checks it
against the rules), and the session's events (``board_changed``, ``history_changed``,
``step_changed``, ``path_changed``) redraw what changed. User mistakes land in the status bar,
never in a traceback, and never lose the board.

This module is the wiring: the widgets, the menus, which board is shown and how it is drawn.
What the window does lives in its parts: ``board_files`` (opening and saving), ``board_sources``
(clipboard, followed answer, last board), ``playing``, ``editing``, ``solver_answers``,
``exports``; ``recent_files`` and ``help_text`` are small collaborators.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDockWidget, QFileDialog, QFrame, QLabel, QMainWindow,
                               QMessageBox, QProgressBar, QScrollArea, QTabWidget, QToolBar, QVBoxLayout,
                               QWidget)

from workbench.core.errors import WorkbenchError
from workbench.core.registry import get_puzzle
from workbench.core.session import Session

from workbench.gui.board.answer_watch import AnswerWatch
from workbench.gui.board.board_files import BoardFiles
from workbench.gui.board.board_sources import BoardSources
from workbench.gui.board.board_view import BoardView
from workbench.gui.board.painters import adapter_class, playable_puzzles
from workbench.gui.board.case_navigator import BoardOrigin, CaseNavigator
from workbench.gui.board.collection import SolvedCases
from workbench.gui.play.editing import Editing
from workbench.gui.play.editor_panel import EditorPanel
from workbench.gui.export.exports import Exports
from workbench.gui.window.file_dialog_fit import fitted
from workbench.gui.window.guide import Guide
from workbench.gui.window.rules_view import RulesLine
from workbench.gui.solver.hint import HintControl
from workbench.gui.play.history_panel import HistoryPanel
from workbench.gui.window.kernel_warm_up import KernelWarmUp
from workbench.gui.board.left_boards import LeftBoard
from workbench.gui.live.live_run_view import open_for_board
from workbench.gui.common.plain_text import plain_tooltip
from workbench.gui.play.playing import Playing
from workbench.gui.board.reader_choice import reads_as
from workbench.gui.window.recent_files import RecentFiles
from workbench.gui.runs.runs_panel import RunsPanel
from workbench.gui.board.sample_board import DEFAULT_BOARD
from workbench.gui.solver.solver_answers import SolverAnswers
from workbench.gui.solver.solver_panel import SolverPanel
from workbench.gui.app_state import AppState
from workbench.gui.play.step_panel import StepPanel
from workbench.gui.window.theme import CHOICES as THEMES, Theme
from workbench.gui.window.window_layout import restore_layout, save_layout

__all__ = ["BOARD_MINIMUM", "MainWindow"]

BOARD_MINIMUM = 240  # pixels the board view keeps each way, however the docks are laid out


class MainWindow(BoardFiles, BoardSources, Playing, Editing, SolverAnswers, Exports, QMainWindow):
    def __init__(self, settings: QSettings | None = None):
        super().__init__()
        self.settings = settings or QSettings("PuzzleWorkbench", "workbench")
        self.session: Session | None = None
        self.adapter = None
        self.solver_origin = None  # the history node the running solver started from
        self.previewing = False
        self.error_dialog: QMessageBox | None = None  # the last "cannot open" dialog
        self.kernels = KernelWarmUp(self)  # solver kernels: compiled off the GUI thread
        self.origin: BoardOrigin | None = None  # where the board shown came from (file or seed)
        self.answer_path: Path | None = None  # the answer file loaded on it, followed on disk
        # The board and answer open when the app last closed, read before this window opens any.
        self.last_board = (BoardOrigin.from_json(str(self.settings.value("last_board", ""))),
                           str(self.settings.value("last_answer", "")))
        self.answer_watch = AnswerWatch(self)
        self.answer_watch.changed.connect(self.reload_answer)
        self.navigator = CaseNavigator(self)
        self.navigator.accept = lambda puzzle_id, path: reads_as(path, get_puzzle(puzzle_id))
        self.state = AppState()  # the session shown, events for what follows it (Qt-free)
        self.guide = Guide(self, self.state, self.settings)  # start page, rules, help, About, New contest
        self.left_boards = self.state.left_boards  # boards gone from with moves played: Undo brings them back
        self._left_note = ""  # what the status says of the board just left
        self.navigator.openFile.connect(self.open_path)
        self.navigator.openCase.connect(lambda path, puzzle_id, case: self.open_path(path, puzzle_id, case))
        self.navigator.solved = SolvedCases(self.settings)
        self.navigator.generateSeed.connect(lambda puzzle_id, seed, options: self.generate(puzzle_id, seed, **options))
        self.navigator.refused.connect(self.show_error)
        self.theme = Theme(self.settings, self)
        self.theme.apply()
        self.theme.changed.connect(lambda _: self.refresh(rebuild=True))  # words beside the board in its ink
        self._animation: list = []  # frames still to show for the move just played
        self._animation_timer = QTimer(self)
        self._animation_timer.timeout.connect(self._next_frame)
        self.setAcceptDrops(True)
        self.resize(1280, 820)

        self.view = BoardView()
        # The board keeps a playable size whatever the docks ask for: a dock that wants more
        # room scrolls (or the window grows) instead of squeezing the board to a strip.
        self.view.setMinimumSize(BOARD_MINIMUM, BOARD_MINIMUM)
        self.view.moveRequested.connect(self.play)
        self.view.refused.connect(self.show_error)
        self.view.inputHandled.connect(self._show_status)
        self.view.cellEdited.connect(self._edit_cell)
        # The facts of the position (score, move, the adapter's words) get a line of their own
        # above the board, so the status bar keeps its whole width for messages and errors.
        self.score_label = QLabel()
        self.score_label.setObjectName("facts")
        self.score_label.setWordWrap(True)
        self.score_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.score_label.setContentsMargins(8, 4, 8, 4)
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.score_label)
        central_layout.addWidget(self.view, 1)
        central_layout.addWidget(RulesLine(self.state))  # the puzzle's rules in a line, under the board
        self.setCentralWidget(central)

        self.history_panel = HistoryPanel()
        self.history_panel.nodeChosen.connect(self.jump)
        self.step_panel = StepPanel()
        self.step_panel.stepChosen.connect(self.step_to)
        self.step_panel.forwardRequested.connect(self.step_forward)
        self.step_panel.exportReplayRequested.connect(self.export_replay_dialog)
        self.solver_panel = SolverPanel()
        self.solver_panel.use_kernels(self.kernels)  # a run waits for its kernels, and starts when they are
        self.solver_panel.kernelsReady.connect(self._kernels_ready)
        self.solver_panel.bestApplied.connect(self.apply_solver_answer)
        self.solver_panel.exportRequested.connect(self.export_solver_answer)
        self.solver_panel.previewRequested.connect(self.preview)
        self.solver_panel.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.solver_panel.started.connect(self._solver_started)
        self._solver_said = ""  # the run's line the status bar shows, followed as the run goes
        self.solver_panel.progressed.connect(self._show_solver_line)
        self.solver_panel.finishRequested.connect(self.finish_solver_game)
        self.editor_panel = EditorPanel()
        self.editor_panel.resizeRequested.connect(
            lambda rows, cols: self._edit(lambda a, i: a.resize(i, rows, cols)))
        self.editor_panel.fillRequested.connect(lambda value: self._edit(lambda a, i: a.fill(i, value)))
        self.editor_panel.randomRequested.connect(
            lambda seed, density: self._edit(lambda a, i: a.random_fill(i, seed, density)))
        self.editor_panel.brushChosen.connect(lambda value: setattr(self.adapter, "brush", value))
        self.editor_panel.fieldChanged.connect(
            lambda name, value: self._edit(lambda a, i: a.set_field(i, name, value)))

        self.tabs = QTabWidget()
        self.tabs.addTab(self.history_panel, "History")
        self.tabs.addTab(self.step_panel, "Step-through")
        self.tabs.addTab(self.solver_panel, "Solver")
        self.tabs.currentChanged.connect(self._tab_changed)
        dock = QDockWidget("Panels", self)
        dock.setObjectName("panels")
        dock.setWidget(self.tabs)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        self.editor_dock = QDockWidget("Editor", self)
        self.editor_dock.setObjectName("editor")
        self.editor_dock.setWidget(self.editor_panel)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.editor_dock)
        self.editor_dock.hide()
        self.runs_panel = RunsPanel()
        self.runs_panel.caseOpened.connect(self.open_run_case)
        self.runs_panel.contestRunOpened.connect(self.open_contest)
        self.contest_windows: list = []
        self.runs_panel.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.runs_dock = QDockWidget("Runs", self)
        self.runs_dock.setObjectName("runs")
        # Its two rows of controls want ~800 px: in a scroll area they scroll instead of forcing
        # the window wider than a small screen.
        runs_scroll = QScrollArea()
        runs_scroll.setWidget(self.runs_panel)
        runs_scroll.setWidgetResizable(True)
        runs_scroll.setFrameShape(QFrame.NoFrame)
        self.runs_dock.setWidget(runs_scroll)
        self.addDockWidget(Qt.BottomDockWidgetArea, self.runs_dock)
        # The side panels keep the full height; the runs table goes under the board.
        self.setCorner(Qt.BottomRightCorner, Qt.RightDockWidgetArea)
        self.setCorner(Qt.BottomLeftCorner, Qt.LeftDockWidgetArea)
        self.runs_dock.hide()
        # The board gets the room; panels keep a working width.
        self.resizeDocks([dock, self.editor_dock], [400, 260], Qt.Horizontal)

        # A message too long for the bar is still readable in full as its tooltip.
        self.statusBar().messageChanged.connect(lambda text: self.statusBar().setToolTip(plain_tooltip(text)))
        self.kernel_label = QLabel()
        self.kernel_progress = QProgressBar()
        self.kernel_progress.setRange(0, 0)  # busy until a compile time is known (from the last one)
        self.kernel_progress.setMaximumWidth(120)
        self.kernel_progress.setMaximumHeight(14)
        for widget in (self.kernel_label, self.kernel_progress):
            widget.hide()
            self.statusBar().addPermanentWidget(widget)
        self.kernels.changed.connect(self.show_kernel_progress)
        self._build_actions()
        restore_layout(self, self.settings)  # size, position and docks of the last session
        self.editor_dock.setVisible(self.edit_action.isChecked())  # the app starts in play mode

    # ================================================================ actions
    def _action(self, menu, text: str, slot, shortcut=None, checkable=False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_actions(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self._action(file_menu, "&Generate board…", self.generate_dialog, "Ctrl+N")
        self._action(file_menu, "&Open input…", self.open_input_dialog, QKeySequence.Open)
        self._action(file_menu, "Open &solution…", self.open_solution_dialog, "Ctrl+Shift+O")
        self.reload_action = self._action(file_menu, "Re&load the answer", self.reload_answer, "Ctrl+R")
        self.recent_menu = file_menu.addMenu("Open &recent")
        self._action(file_menu, "Open the sa&mple board", self.open_sample_board)
        self._action(file_menu, "Ne&xt case or seed", lambda: self.navigator.step(1), "Alt+Right")
        self._action(file_menu, "Previous case or see&d", lambda: self.navigator.step(-1), "Alt+Left")
        self._action(file_menu, "Open &contest…", self.open_contest_dialog)
        file_menu.addSeparator()
        self._action(file_menu, "Sa&ve input as…", self.save_input_dialog, QKeySequence.Save)
        self._action(file_menu, "&Export solution…", self.export_solution_dialog, "Ctrl+E")
        self._action(file_menu, "Export board as &PNG…", self.export_png_dialog, "Ctrl+Shift+P")
        self._action(file_menu, "Export re&play (GIF/MP4)…", self.export_replay_dialog)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.Quit)

        edit_menu = bar.addMenu("&Edit")
        self.undo_action = self._action(edit_menu, "&Undo", self.undo, QKeySequence.Undo)
        self.redo_action = self._action(edit_menu, "&Redo", self.redo, "Ctrl+Shift+Z")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addSeparator()
        self._action(edit_menu, "&Copy the board as an image", self.copy_board_image, QKeySequence.Copy)
        self._action(edit_menu, "Copy the &answer", self.copy_answer, "Ctrl+Shift+C")
        self._action(edit_menu, "&Paste an answer or a board", self.paste, QKeySequence.Paste)
        edit_menu.addSeparator()
        self.edit_action = self._action(edit_menu, "&Editor mode", self.set_edit_mode, "Ctrl+M",
                                        checkable=True)

        view_menu = bar.addMenu("&View")
        self._action(view_menu, "Zoom &in", lambda: self.view.zoom(1.25), QKeySequence.ZoomIn)
        self._action(view_menu, "Zoom &out", lambda: self.view.zoom(0.8), QKeySequence.ZoomOut)
        self._action(view_menu, "&Fit board", self.view.fit_board, "Ctrl+0")
        back = self._action(view_menu, "&Back to the game", self.end_preview, "Esc")
        self.board_menu = view_menu.addMenu("&Board")
        view_menu.addSeparator()
        self._action(view_menu, "Step-through: &start of the line", lambda: self.step_panel.first.click(), "Home")
        self._action(view_menu, "Step-through: &end of the line", lambda: self.step_panel.last.click(), "End")
        theme_menu = view_menu.addMenu("&Theme")
        themes = QActionGroup(self)
        for choice, label in THEMES:
            action = self._action(theme_menu, label, lambda _=False, c=choice: self.theme.choose(c), checkable=True)
            action.setChecked(choice == self.theme.choice)
            themes.addAction(action)

        solver_menu = bar.addMenu("&Solver")
        self._action(solver_menu, "&Start", self.start_solver, "F5")
        self._action(solver_menu, "&Pause / resume", self.solver_panel.toggle_pause, "F6")
        self._action(solver_menu, "&Cancel", self.solver_panel.cancel, "Shift+F5")
        self._action(solver_menu, "&Apply best", lambda: self.apply_solver_answer(self.solver_panel.best_moves))
        self.hint = HintControl(self, solver_menu, clear_action=back)  # H; Esc takes the hint away
        solver_menu.addSeparator()
        self._action(solver_menu, "Run this case &live…", lambda: open_for_board(self))
        self._action(solver_menu, "Batch &runs…", self.show_runs, "Ctrl+B")

        help_menu = bar.addMenu("&Help")
        self.guide.add_actions(file_menu, help_menu, before=file_menu.actions()[0])

        toolbar = QToolBar("Main")
        toolbar.setObjectName("main-toolbar")
        self.addToolBar(toolbar)
        self.puzzle_choice = QComboBox()
        for puzzle in playable_puzzles():
            self.puzzle_choice.addItem(puzzle.title, puzzle.id)
        self.puzzle_choice.activated.connect(self._puzzle_chosen)
        toolbar.addWidget(QLabel(" Puzzle: "))
        toolbar.addWidget(self.puzzle_choice)
        for widget in self.navigator.widgets:
            toolbar.addWidget(widget)
        toolbar.addSeparator()
        toolbar.addAction(self.undo_action)
        toolbar.addAction(self.redo_action)
        toolbar.addAction(self.edit_action)
        self.recent = RecentFiles(self.settings, self.recent_menu, self.open_path)

    def show_help(self) -> None:
        self.guide.show_keys()

    # ================================================================ sessions
    def set_session(self, session: Session, origin: BoardOrigin | None = None, returning: bool = False) -> None:
        """Show ``session``'s board; ``origin`` says where it came from (None: pasted, made here).
        The board left is kept when it has moves or edits (``returning``: Undo or Redo brings a kept
        board back); a kept board made afresh (its seed or file again) comes back with its line."""
        self._left_note = ""
        kept = self.left_boards.take(origin, session) if origin is not None and not returning else None
        if self.session is not None and session is not self.session and not returning:
            left = LeftBoard(self.session, self.origin, self.answer_path)
            if self.left_boards.leave(left):
                self._left_note = (f"; the {left.moves} moves played on {left.name} are kept: Undo at the start "
                                   "brings them back")
        if kept is not None:
            session, origin, returning = kept.session, kept.origin, True
            self._left_note = (f"; its {kept.moves} moves played before are back (History: Start is the "
                               f"board afresh){self._left_note}")
        self.solver_panel.cancel()
        self._stop_animation()
        self.step_panel.stop()
        puzzle = session.puzzle
        cls = adapter_class(puzzle.id)
        if cls is None:
            raise WorkbenchError(f"the GUI cannot show {puzzle.id} boards yet")
        new_puzzle = self.adapter is None or self.adapter.puzzle is not puzzle
        if new_puzzle:
            self.adapter = cls(puzzle, self.view.scene())
            self.view.set_adapter(self.adapter)
            self._build_board_menu()
        if self.session is not None:  # a board left (kept by LeftBoards) no longer redraws this window
            self._follow_session(self.session, False)
        self.session = session
        self._follow_session(session, True)
        self.state.replace_session(session)
        self.previewing = False
        self.origin = origin
        if origin is not None:
            if not returning:  # a board brought back keeps the origin of its first board (if unedited)
                origin.instance = session.instance
            self.settings.setValue("last_board", origin.to_json())  # reopened on the next start
        # An answer file followed on disk belongs to the board before (a kept board's own comes back).
        self._follow_answer(kept.answer if kept is not None else None)
        self.view.mode = "edit" if self.edit_action.isChecked() else "play"
        index = self.puzzle_choice.findData(puzzle.id)
        self.puzzle_choice.setCurrentIndex(index)
        self.solver_panel.set_puzzle(puzzle)
        self.hint.set_puzzle(puzzle)
        self.solver_panel.prepare_kernels()
        if new_puzzle:
            self.show_kernel_progress(self.kernels.describe(puzzle.id))
        self.runs_panel.set_puzzle(puzzle.id)
        self.editor_panel.configure(self.adapter, session.instance)
        self.history_panel.reset()
        self.refresh(rebuild=True)

    def _build_board_menu(self) -> None:
        """The adapter's display toggles, as checkable View ▸ Board actions."""
        self.board_menu.clear()
        for name, label, default in self.adapter.view_options:
            action = self.board_menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(default)
            action.toggled.connect(lambda on, n=name: self._set_view_option(n, on))
        self.board_menu.setEnabled(bool(self.adapter.view_options))

    def _set_view_option(self, name: str, on: bool) -> None:
        self.adapter.set_view_option(name, on)
        self.refresh(rebuild=True)

    def board_origin(self) -> BoardOrigin | None:
        """Where the board shown came from; None once it is edited (an edit makes another board)."""
        if self.origin is not None and self.session is not None and self.origin.instance is self.session.instance:
            return self.origin
        return None

    # ================================================================ drawing the session
    def _follow_session(self, session: Session, on: bool) -> None:
        """Redraw on ``session``'s events (``on``), or no longer."""
        for signal, slot in ((session.board_changed, self._board_replaced),
                             (session.history_changed, self._history_grew),
                             (session.step_changed, self._step_moved),
                             (session.path_changed, self._show_title)):
            if on:
                signal.connect(slot)
            else:
                signal.disconnect(slot)

    def _board_replaced(self, how: str) -> None:
        """An edit (the board shown, changed), or its undo or redo (another board back, drawn anew)."""
        self.editor_panel.configure(self.adapter, self.session.instance)  # its boxes show the board's size
        self.refresh(rebuild=how != "edit")

    def _history_grew(self) -> None:
        self._show_history()

    def _step_moved(self, _node) -> None:
        self.refresh()

    def refresh(self, rebuild: bool = False) -> None:
        """Redraw the board, the panels and the status bar from the session (each position is
        scored once: ``Session.report`` keeps a node's score)."""
        s = self.session
        if s is None:
            return
        node = s.history.current
        if self.view.mode == "edit":
            # The editor edits the input, so it shows the start position, not the move reached.
            self.view.display(s.instance, s.history.root.state, None, rebuild=rebuild)
        else:
            self.view.display(s.instance, node.state, node.move, rebuild=rebuild)
        report = self._show_status()
        self._show_history()
        line = s.history.line()
        self.step_panel.set_line(len(line) - 1, node.depth)
        self.step_panel.set_caption(f"Step {node.depth} / {len(line) - 1}: {report.summary()}")
        measure = s.puzzle.plotted(report)[0]
        self.step_panel.score_plot.show_line(line, node.depth, lambda n: s.puzzle.plotted(s.report(n))[1], measure)
        if report.complete and self.origin is not None and self.origin.case is not None:
            self.navigator.note_solved()  # a case of a collection solved: kept, and its ✓ shown
        self.undo_action.setEnabled(s.can_undo() or bool(self.left_boards.back))
        self.redo_action.setEnabled(s.can_redo() or bool(self.left_boards.forward))
        # An edited board keeps the origin it was made from: the case box names it, and the arrows go
        # to its neighbours (not to a seed made up from the box's number).
        self.navigator.show_board(s.puzzle.id, self.origin, edited=self.board_origin() is None)
        self.solver_panel.show_board(s.instance)  # a run of another board is cleared
        if not self.solver_panel.running:
            self.solver_panel.set_problem(s.instance, node.state, node.depth)
        self._show_title()

    def _show_history(self) -> None:
        s = self.session
        self.history_panel.refresh(s.history, lambda n: s.puzzle.played_text(s.instance, n.parent.state, n.move,
                                                                              n.state))

    def _show_title(self) -> None:
        s = self.session
        # The bundled board is "the sample board": after a file failed to open, the title
        # must not read as if that file, or a file named default_board, were open.
        name = "sample board" if s.path == DEFAULT_BOARD else s.path.name if s.path else "unsaved board"
        self.setWindowTitle(f"{name} — {s.puzzle.title} — Puzzle Workbench")

    def _show_status(self):
        """The permanent status: puzzle, move number, score and the adapter's own words."""
        s = self.session
        node = s.history.current
        report = s.report()
        if self.view.mode == "edit":  # the editor shows (and edits) the start position
            start = s.report(s.history.root)
            words = [s.puzzle.id, "editing the start position", start.summary(),
                     self.adapter.status_text(s.instance, s.history.root.state), self.adapter.edit_keys,
                     f"the history stays at move {node.depth}"]
        else:
            words = [s.puzzle.id, f"move {node.depth}", report.summary(),
                     self.adapter.status_text(s.instance, node.state), self.adapter.play_keys]
        self.score_label.setText("  |  ".join(word for word in words if word))
        return report

    # ================================================================ kernels, tabs, messages
    def show_kernel_progress(self, text: str) -> None:
        """The status bar's line and bar for the kernels being compiled or loaded ("" hides them)."""
        self.kernel_label.setText(text)
        self.kernel_label.setVisible(bool(text))
        self.kernel_progress.setVisible(bool(text))
        done = self.kernels.fraction_done(self.session.puzzle.id) if self.session is not None else None
        if done is None:
            self.kernel_progress.setRange(0, 0)  # busy: no earlier compile here to measure by
        else:
            self.kernel_progress.setRange(0, 100)
            self.kernel_progress.setValue(round(100 * done))

    def _kernels_ready(self, puzzle_id: str) -> None:
        if not self.statusBar().currentMessage():  # never over an error still being read
            self.statusBar().showMessage(f"The {puzzle_id} solvers are ready", 4000)

    def _tab_changed(self, index: int) -> None:
        if self.tabs.widget(index) is self.step_panel:
            self.step_panel.slider.setFocus()  # its keys work at once, without a click on the slider

    def show_step_through(self) -> None:
        """The Step-through tab in front, with the keyboard: ← → step, Home and End jump (a click on
        the board gives the keys back to play)."""
        self.tabs.setCurrentWidget(self.step_panel)
        self.step_panel.slider.setFocus()

    def show_error(self, message: str) -> None:
        self.statusBar().showMessage(f"⚠ {message}", 15000)

    # ================================================================ batch runs
    def show_runs(self) -> None:
        first = not self.runs_dock.isVisible()
        self.runs_dock.show()
        self.runs_dock.raise_()
        if first:  # room for the table and plots (once the dock is laid out); the board keeps the rest
            QTimer.singleShot(0, lambda: self.resizeDocks([self.runs_dock], [max(380, self.height() * 9 // 20)],
                                                          Qt.Vertical))

    def open_contest_dialog(self) -> None:
        path, _ = fitted(QFileDialog.getOpenFileName)(self, "Open a contest (made by 'puzzle-workbench contest init')", "",
                                              "Contest files (contest.toml *.toml)")
        if path:
            self.open_contest(path)

    def open_contest(self, contest_file: str, run_folder: str = ""):
        """A contest's window (its runs and cases), beside this one; None when its file is broken."""
        from workbench.contest.config import load

        from workbench.gui.contest.contest_window import ContestWindow

        try:
            window = ContestWindow(load(contest_file), self.settings)
        except WorkbenchError as error:
            self.show_error(f"Cannot open the contest: {error}")
            return None
        self.contest_windows.append(window)
        window.show()
        if run_folder:
            window.runs_panel.open_run(run_folder)
        return window

    def closeEvent(self, event) -> None:
        save_layout(self, self.settings)
        self.kernels.shutdown()
        self.solver_panel.shutdown()
        self.runs_panel.shutdown()
        for window in self.contest_windows:
            window.close()
        super().closeEvent(event)

