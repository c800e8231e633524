"""The main window: board in the middle, history / step-through / solver / editor docks.

It is a view over a ``Session``, held by the window's ``AppState``: every action goes through the
session (which checks it against the rules), and the widgets follow the session's events
(``board_changed``, ``history_changed``, ``step_changed``, ``path_changed``) themselves, each
moved to the next session when another board is shown. User mistakes land in the status bar,
never in a traceback, and never lose the board.

This module only builds and wires: the widgets, the menus, and the window's parts, each given
what it needs: ``BoardScreen`` (the board drawn, the facts line, previews), ``BoardFiles``
(opening and saving), ``BoardSources`` (clipboard, followed answer, last board), ``Playing``,
``Editing``, ``SolverAnswers``, ``Exports``; ``recent_files`` and ``guide`` (start page, rules, help,
About) are small helpers.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QLabel, QMainWindow, QMenu, QTabWidget, QToolBar

from workbench.core.errors import WorkbenchError
from workbench.core.registry import get_puzzle
from workbench.core.session import Session
from workbench.gui.app_state import AppState
from workbench.gui.board.board_files import BoardFiles
from workbench.gui.board.board_screen import BoardScreen
from workbench.gui.board.board_sources import BoardSources
from workbench.gui.board.board_view import BoardView
from workbench.gui.board.case_navigator import CaseNavigator
from workbench.gui.board.collection import SolvedCases
from workbench.gui.board.painters import adapter_class, playable_puzzles
from workbench.gui.board.reader_choice import reads_as
from workbench.gui.board.sample_board import DEFAULT_BOARD
from workbench.gui.export.exports import Exports
from workbench.gui.live.live_run_view import open_for_board
from workbench.gui.play.editing import Editing
from workbench.gui.play.editor_panel import EditorPanel
from workbench.gui.play.history_panel import HistoryPanel
from workbench.gui.play.playing import Playing
from workbench.gui.play.step_panel import StepPanel
from workbench.gui.runs.runs_panel import RunsPanel
from workbench.gui.solver.hint import HintControl
from workbench.gui.solver.solver_answers import SolverAnswers
from workbench.gui.solver.solver_panel import SolverPanel
from workbench.gui.window.contest_windows import ContestWindows
from workbench.gui.window.guide import Guide
from workbench.gui.window.kernel_status import KernelStatus
from workbench.gui.window.kernel_warm_up import KernelWarmUp
from workbench.gui.window.language import add_language_menu
from workbench.gui.window.menus import add_action, fill_edit_menu, fill_file_menu, fill_view_menu
from workbench.gui.window.messages import Messages
from workbench.gui.window.recent_files import RecentFiles
from workbench.gui.window.rules_view import RulesLine
from workbench.gui.window.theme import Theme
from workbench.gui.window.window_layout import dock_panels, restore_layout, save_layout

__all__ = ["BOARD_MINIMUM", "MainWindow"]

BOARD_MINIMUM = 240  # pixels the board view keeps each way, however the docks are laid out


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None):
        super().__init__()
        self.settings = settings or QSettings("PuzzleWorkbench", "workbench")
        self.state = AppState()  # the session shown, events for what follows it (Qt-free)
        # First of all followers: the puzzle's painter and panels are set before the widgets redraw.
        self.state.session_replaced.connect(self._session_shown)
        self.messages = Messages(self.statusBar())
        self.kernels = KernelWarmUp(self)  # solver kernels: compiled off the GUI thread
        self.theme = Theme(self.settings, self)
        self.theme.apply()
        self.setAcceptDrops(True)
        self.resize(1280, 820)
        self._build_board()
        self._build_panels()
        self._build_parts()
        self._connect_solver_panel()
        self._build_actions()
        self._followers = [self.state.follow(self._show_title, path_changed=self._show_title)]
        restore_layout(self, self.settings)  # size, position and docks of the last session
        self.editor_dock.setVisible(self.editing.edit_action.isChecked())  # the app starts in play mode

    # ================================================================ what others read of the window
    @property
    def session(self) -> Session | None:
        """The session shown (the AppState's)."""
        return self.state.session

    @property
    def origin(self):
        return self.state.origin

    @property
    def adapter(self):
        return self.board.adapter

    @property
    def previewing(self) -> bool:
        return self.board.previewing

    # ================================================================ building
    def _build_board(self) -> None:
        self.view = BoardView()
        # The board keeps a playable size whatever the docks ask for: a dock that wants more
        # room scrolls (or the window grows) instead of squeezing the board to a strip.
        self.view.setMinimumSize(BOARD_MINIMUM, BOARD_MINIMUM)
        self.view.refused.connect(self.messages.error)
        self.board_menu = QMenu(self.tr("&Board"), self)
        self.board = BoardScreen(self.state, self.view, self.board_menu, self.messages, self)
        self.score_label = self.board.facts
        self.board.widget.layout().addWidget(RulesLine(self.state))  # the puzzle's rules in a line, under the board
        self.setCentralWidget(self.board.widget)
        self.theme.changed.connect(lambda _: self.board.redraw(rebuild=True))  # words beside the board in its ink
        self.navigator = CaseNavigator(self)
        self.navigator.accept = lambda puzzle_id, path: reads_as(path, get_puzzle(puzzle_id))
        self.navigator.refused.connect(self.messages.error)
        self.navigator.follow(self.state)

    def _build_panels(self) -> None:
        self.history_panel = HistoryPanel()
        self.history_panel.follow(self.state)
        self.step_panel = StepPanel()
        self.step_panel.follow(self.state)
        self.solver_panel = SolverPanel(self.state)  # follows the session shown: no pushes from here
        self.solver_panel.use_kernels(self.kernels)  # a run waits for its kernels, and starts when they are
        self.editor_panel = EditorPanel()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.history_panel, self.tr("History"))
        self.tabs.addTab(self.step_panel, self.tr("Step-through"))
        self.tabs.addTab(self.solver_panel, self.tr("Solver"))
        self.tabs.currentChanged.connect(self._tab_changed)
        self.runs_panel = RunsPanel()
        self.contests = ContestWindows(self.settings, self.messages, self)
        self.runs_panel.contestRunOpened.connect(self.contests.open)
        self.runs_panel.message.connect(lambda text: self.messages.say(text, 10000))
        _, self.editor_dock, self.runs_dock = dock_panels(self, self.tabs, self.editor_panel, self.runs_panel)
        self.kernel_status = KernelStatus(self.kernels, self.state, self.statusBar())

    def _build_parts(self) -> None:
        """The window's parts, each given what it needs."""
        state, board, messages = self.state, self.board, self.messages
        self.recent_menu = QMenu(self.tr("Open &recent"), self)
        self.recent = RecentFiles(self.settings, self.recent_menu, lambda path: self.files.open_path(path))
        self.files = BoardFiles(
            state, self.set_session, messages, self.settings, self.recent, self.navigator, self.show_step_through, self
        )
        self.navigator.openFile.connect(self.files.open_path)
        self.navigator.openCase.connect(lambda path, puzzle_id, case: self.files.open_path(path, puzzle_id, case))
        self.navigator.solved = SolvedCases(self.settings)  # a collection's solved cases, kept
        self.navigator.generateSeed.connect(
            lambda puzzle_id, seed, options: self.files.generate(puzzle_id, seed, **options)
        )
        self.runs_panel.caseOpened.connect(self.files.open_run_case)
        self.playing = Playing(state, board, self.step_panel, messages, self.set_session, self)
        self.history_panel.nodeChosen.connect(self.playing.jump)
        self.editing = Editing(state, board, self.editor_panel, self.editor_dock, messages, self)
        self.answers = SolverAnswers(state, board, self.solver_panel, self.tabs, messages, self.show_step_through, self)
        self.exports = Exports(state, board, self.step_panel, self.recent, messages, self.answers, self)
        self.sources = BoardSources(
            state, self.files, board, messages, self.settings, self.exports.board_image, self.show_step_through, self
        )

    def _connect_solver_panel(self) -> None:
        self.solver_panel.kernelsReady.connect(self._kernels_ready)
        self.solver_panel.bestApplied.connect(self.answers.apply_solver_answer)
        self.solver_panel.exportRequested.connect(self.export_solver_answer)
        self.solver_panel.previewRequested.connect(self.answers.preview)
        self.solver_panel.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.solver_panel.started.connect(self.answers.solver_started)
        self.solver_panel.progressed.connect(self.answers.show_solver_line)
        self.solver_panel.finishRequested.connect(self.answers.finish_solver_game)

    def export_solver_answer(self, moves) -> None:
        """The solver's answer, and nothing else: exported only once it is on the board."""
        if self.answers.apply_solver_answer(moves):
            self.exports.export_solution_dialog()

    # ================================================================ menus
    def _action(self, menu, text: str, slot, shortcut=None, checkable=False) -> QAction:
        return add_action(self, menu, text, slot, shortcut, checkable)

    def _build_actions(self) -> None:
        bar = self.menuBar()
        fill_file_menu(
            self,
            bar.addMenu(self.tr("&File")),
            self.files,
            self.sources,
            self.exports,
            self.navigator,
            self.recent_menu,
            self.contests,
        )
        fill_edit_menu(self, bar.addMenu(self.tr("&Edit")), self.playing, self.editing, self.sources)
        view_menu = bar.addMenu(self.tr("&View"))
        self.back_action = fill_view_menu(self, view_menu, self.view, self.board, self.step_panel, self.theme)
        add_language_menu(view_menu, self.settings, lambda text: self.messages.say(text, 10000))

        solver_menu = bar.addMenu(self.tr("&Solver"))
        self._action(solver_menu, self.tr("&Start"), self.answers.start_solver, "F5")
        self._action(solver_menu, self.tr("&Pause / resume"), self.solver_panel.toggle_pause, "F6")
        self._action(solver_menu, self.tr("&Cancel"), self.solver_panel.cancel, "Shift+F5")
        self._action(
            solver_menu, self.tr("&Apply best"), lambda: self.answers.apply_solver_answer(self.solver_panel.best_moves)
        )
        self.hint = HintControl(self, solver_menu, clear_action=self.back_action)  # H; Esc takes the hint away
        solver_menu.addSeparator()
        self._action(solver_menu, self.tr("Run this case &live…"), lambda: open_for_board(self))
        self._action(solver_menu, self.tr("Batch &runs…"), self.show_runs, "Ctrl+B")

        help_menu = bar.addMenu(self.tr("&Help"))
        file_menu = bar.actions()[0].menu()
        self.guide = Guide(
            self,
            self.state,
            self.settings,
            sample=self.files.generate,
            start_solver=self.answers.start_solver,
            open_contest=self.contests.open,
            open_contest_dialog=self.contests.open_dialog,
        )
        self.guide.add_actions(file_menu, help_menu, before=file_menu.actions()[0])
        self._build_toolbar()

    def _build_toolbar(self) -> None:
        toolbar = QToolBar(self.tr("Main"))
        toolbar.setObjectName("main-toolbar")
        self.addToolBar(toolbar)
        self.puzzle_choice = QComboBox()
        for puzzle in playable_puzzles():
            self.puzzle_choice.addItem(puzzle.title, puzzle.id)
        self.puzzle_choice.activated.connect(lambda index: self.files.puzzle_chosen(self.puzzle_choice.itemData(index)))
        toolbar.addWidget(QLabel(self.tr(" Puzzle: ")))
        toolbar.addWidget(self.puzzle_choice)
        for widget in self.navigator.widgets:
            toolbar.addWidget(widget)
        toolbar.addSeparator()
        toolbar.addActions([self.playing.undo_action, self.playing.redo_action, self.editing.edit_action])

    def show_help(self) -> None:
        self.guide.show_keys()

    # ================================================================ the board shown
    def set_session(self, session: Session, origin=None, returning: bool = False, answer=None) -> str:
        """Show ``session``'s board (``AppState.show``: the board left is kept, a kept board made
        afresh comes back); returns what to tell the user of the boards kept ("" when nothing)."""
        if adapter_class(session.puzzle.id) is None:
            raise WorkbenchError(f"the GUI cannot show {session.puzzle.id} boards yet")
        return self.state.show(session, origin, returning, answer)  # the solver's run follows it (SolverRun)

    def _session_shown(self, session: Session) -> None:
        """Another board: its puzzle's painter, solvers and runs, before the widgets that follow
        the session redraw."""
        puzzle = session.puzzle
        new_puzzle = self.board.show_puzzle(puzzle)
        if self.state.origin is not None:
            self.settings.setValue("last_board", self.state.origin.to_json())  # reopened on the next start
        self.puzzle_choice.setCurrentIndex(self.puzzle_choice.findData(puzzle.id))
        self.hint.set_puzzle(puzzle)
        if new_puzzle:
            self.kernel_status.show(self.kernels.describe(puzzle.id))
        self.runs_panel.set_puzzle(puzzle.id)

    def _show_title(self, *_) -> None:
        s = self.session
        # The bundled board is "the sample board": after a file failed to open, the title
        # must not read as if that file, or a file named default_board, were open.
        name = (
            self.tr("sample board") if s.path == DEFAULT_BOARD else s.path.name if s.path else self.tr("unsaved board")
        )
        self.setWindowTitle(self.tr("{0} — {1} — Puzzle Workbench").format(name, s.puzzle.title))

    # ================================================================ kernels, tabs, messages
    def _kernels_ready(self, puzzle_id: str) -> None:
        if not self.messages.current():  # never over an error still being read
            self.messages.say(self.tr("The {0} solvers are ready").format(puzzle_id), 4000)

    def _tab_changed(self, index: int) -> None:
        if self.tabs.widget(index) is self.step_panel:
            self.step_panel.slider.setFocus()  # its keys work at once, without a click on the slider

    def show_step_through(self) -> None:
        """The Step-through tab in front, with the keyboard: ← → step, Home and End jump (a click on
        the board gives the keys back to play)."""
        self.tabs.setCurrentWidget(self.step_panel)
        self.step_panel.slider.setFocus()

    # ================================================================ batch runs
    def show_runs(self) -> None:
        first = not self.runs_dock.isVisible()
        self.runs_dock.show()
        self.runs_dock.raise_()
        if first:  # room for the table and plots (once the dock is laid out); the board keeps the rest
            QTimer.singleShot(
                0, lambda: self.resizeDocks([self.runs_dock], [max(380, self.height() * 9 // 20)], Qt.Vertical)
            )

    # ================================================================ Qt's events
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        for url in event.mimeData().urls():
            if url.isLocalFile():
                self.files.open_path(url.toLocalFile())
        event.acceptProposedAction()

    def closeEvent(self, event) -> None:
        save_layout(self, self.settings)
        self.kernels.shutdown()
        self.solver_panel.shutdown()
        self.runs_panel.shutdown()
        self.contests.close_all()
        super().closeEvent(event)
