"""The main window: board in the middle, history / step-through / solver / editor docks.

It is a view over a ``Session``: every action goes through the session (which
checks it against the rules) and then ``refresh()`` redraws what changed. User
mistakes land in the status bar, never in a traceback, and never lose the board.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QImage, QKeySequence, QPainter
from PySide6.QtWidgets import (QComboBox, QDockWidget, QFileDialog, QFrame, QLabel, QMainWindow,
                               QMessageBox, QProgressBar, QScrollArea, QTabWidget, QToolBar, QVBoxLayout,
                               QWidget)

from solvers.finish import finish_moves, finisher
from workbench.core.errors import DestinationError, FormatError, IllegalMove, WorkbenchError
from workbench.core.files import check_destination, read_text, write_atomic
from workbench.core.registry import detect_puzzle, get_puzzle, plugin_problems
from workbench.core.history import HistoryNode
from workbench.core.readings import answer_reads_furthest, likeliest_reason
from workbench.core.session import Session

from .answer_watch import AnswerWatch
from .sample_board import DEFAULT_BOARD
from .board_sources import BoardSources
from .board_view import BoardView
from .boards.base import pin_coordinate_labels
from .boards import adapter_class, playable_puzzles
from .case_navigator import BoardOrigin, CaseNavigator
from .editor_panel import EditorPanel
from .file_dialog_fit import fitted
from .generate_dialog import GenerateDialog
from .history_panel import HistoryPanel
from .runs_panel import RunsPanel
from .kernel_warm_up import KernelWarmUp
from .left_boards import LeftBoard, LeftBoards
from .live_run_view import open_for_board
from .reader_choice import ask_reader, reads_as
from .solver_panel import SolverPanel
from .step_panel import StepPanel
from .theme import CHOICES as THEMES, Theme
from .window_layout import restore_layout, save_layout
from .write_errors import report_write_failure

MAX_RECENT = 8
GENERAL_HELP = (
    "<b>Everywhere:</b> undo Ctrl+Z, redo Ctrl+Shift+Z; a move after an undo starts a branch. "
    "Undo also takes back an editor edit, bringing back the board before it with all its moves.",
    "<b>History tab:</b> click any move to jump there.",
    "<b>Step-through tab:</b> the slider and buttons walk the current line; Home and End jump to its ends "
    "from anywhere. When the tab comes to the front it has the keyboard, so ← and → step; a click on the "
    "board gives the arrow keys back to play.",
    "<b>Zoom:</b> Ctrl+wheel, Ctrl++ and Ctrl+−; Ctrl+0 fits the board to the window.",
    "<b>Editor:</b> Ctrl+M switches editor mode on and off.",
    "<b>Solver:</b> F5 starts a run (the Solver tab comes to the front), F6 pauses, Shift+F5 cancels.",
    "<b>Cases and seeds:</b> Alt+← and Alt+→ (the toolbar's ◀ ▶) open the previous and next numbered "
    "file of the board's folder (0003.txt, 0004.txt…), or generate the previous and next seed; type a "
    "number in the box to go there. Ctrl+N generates with other options.",
    "<b>Clipboard:</b> Ctrl+C copies the board as an image, Ctrl+Shift+C the answer up to the position "
    "shown; Ctrl+V pastes an answer for this board, or a board.",
    "<b>Answer files:</b> an answer opened from a file is loaded again when the file changes on disk "
    "(your program rewrote it); Ctrl+R does it by hand. The next start reopens the last board and answer.",
    "<b>Theme:</b> View ▸ Theme follows the system's light or dark scheme, or keeps the one you choose.",
)


def help_html(title: str, puzzle_help: str, general: tuple[str, ...]) -> str:
    """Paragraphs of text as HTML: hard line breaks inside a paragraph are joined, so the
    dialog wraps the text to its own width; a paragraph that starts "Play:" gets the word bold."""
    paragraphs = []
    for block in puzzle_help.split("\n\n"):
        text = html.escape(" ".join(line.strip() for line in block.splitlines() if line.strip()))
        head, colon, rest = text.partition(":")
        if colon and len(head) <= 12 and " " not in head:
            text = f"<b>{head}:</b>{rest}"
        if text:
            paragraphs.append(text)
    body = "".join(f"<p>{p}</p>" for p in paragraphs + list(general))
    return f"<h3>{html.escape(title)}</h3>{body}"
PNG_SCALE = 2.0
BOARD_MINIMUM = 240  # pixels the board view keeps each way, however the docks are laid out


class MainWindow(BoardSources, QMainWindow):
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
        self.left_boards = LeftBoards()  # boards gone from with moves played: Undo brings them back
        self._left_note = ""  # what the status says of the board just left
        self.navigator.openFile.connect(self.open_path)
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
        self.setCentralWidget(central)

        self.history_panel = HistoryPanel()
        self.history_panel.nodeChosen.connect(self.jump)
        self.step_panel = StepPanel()
        self.step_panel.stepChosen.connect(self.step_to)
        self.step_panel.forwardRequested.connect(self.step_forward)
        self.step_panel.exportReplayRequested.connect(self.export_replay_dialog)
        self.solver_panel = SolverPanel()
        self.solver_panel.bestApplied.connect(self.apply_solver_answer)
        self.solver_panel.exportRequested.connect(self.export_solver_answer)
        self.solver_panel.previewRequested.connect(self.preview)
        self.solver_panel.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.solver_panel.started.connect(self._solver_started)
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
        self.statusBar().messageChanged.connect(lambda text: self.statusBar().setToolTip(text))
        self.kernel_label = QLabel()
        self.kernel_progress = QProgressBar()
        self.kernel_progress.setRange(0, 0)  # busy until a compile time is known (from the last one)
        self.kernel_progress.setMaximumWidth(120)
        self.kernel_progress.setMaximumHeight(14)
        for widget in (self.kernel_label, self.kernel_progress):
            widget.hide()
            self.statusBar().addPermanentWidget(widget)
        self.kernels.changed.connect(self._kernels_changed)
        self.kernels.ready.connect(self._kernels_ready)
        self.kernels.solver_ready.connect(self._solver_loaded)
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
        self._action(view_menu, "&Back to the game", self.end_preview, "Esc")
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
        solver_menu.addSeparator()
        self._action(solver_menu, "Run this case &live…", lambda: open_for_board(self))
        self._action(solver_menu, "Batch &runs…", self.show_runs, "Ctrl+B")

        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&Keyboard and mouse", self._show_help, QKeySequence.HelpContents)

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
        self._refresh_recent()

    def _show_help(self) -> None:
        """Help as flowing paragraphs (the adapter's text is unwrapped, never shown ragged)."""
        self.help_box = QMessageBox(QMessageBox.Information, "Keyboard and mouse", "", parent=self)
        self.help_box.setTextFormat(Qt.RichText)
        self.help_box.setText(help_html(self.session.puzzle.title, self.adapter.help_text, GENERAL_HELP))
        self.help_box.open()

    # ================================================================ sessions
    def set_session(self, session: Session, origin: BoardOrigin | None = None, returning: bool = False) -> None:
        """Show ``session``'s board; ``origin`` says where it came from (None: pasted, made here).
        The board left is kept when it has moves or edits (``returning``: Undo or Redo brings a kept
        board back)."""
        self._left_note = ""
        if self.session is not None and session is not self.session and not returning:
            left = LeftBoard(self.session, self.origin, self.answer_path)
            if self.left_boards.leave(left):
                self._left_note = (f"; the {left.moves} moves played on {left.name} are kept: Undo at the start "
                                   "brings them back")
        self.solver_panel.cancel()
        self._stop_animation()
        self.step_panel.stop()
        puzzle = session.puzzle
        cls = adapter_class(puzzle.id)
        if cls is None:
            raise WorkbenchError(f"the GUI cannot show {puzzle.id} boards yet")
        if self.adapter is None or self.adapter.puzzle is not puzzle:
            self.adapter = cls(puzzle, self.view.scene())
            self.view.set_adapter(self.adapter)
            self._build_board_menu()
            self._warm_up(puzzle.id)
        self.session = session
        self.previewing = False
        self.origin = origin
        if origin is not None:
            if not returning:  # a board brought back keeps the origin of its first board (if unedited)
                origin.instance = session.instance
            self.settings.setValue("last_board", origin.to_json())  # reopened on the next start
        self._follow_answer(None)  # an answer file followed on disk belongs to the board before
        self.view.mode = "edit" if self.edit_action.isChecked() else "play"
        index = self.puzzle_choice.findData(puzzle.id)
        self.puzzle_choice.setCurrentIndex(index)
        self.solver_panel.set_puzzle(puzzle)
        self.runs_panel.set_puzzle(puzzle.id)
        # A run waits until the kernels are loaded: building a solver on the GUI thread while
        # they load would block it on numba's compile lock (a 2.5 s freeze, measured).
        self.solver_panel.set_not_ready(
            "" if self.kernels.is_ready(puzzle.id)
            else self.kernels.describe(puzzle.id) or f"the {puzzle.id} solver kernels are being prepared")
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

    def _puzzle_chosen(self, index: int) -> None:
        """The Puzzle box: the file shown read as the puzzle chosen when its reader accepts it,
        else that puzzle's seed 1."""
        puzzle_id = self.puzzle_choice.itemData(index)
        if self.session is not None and self.session.puzzle.id == puzzle_id:
            return
        origin = self.board_origin()
        if origin is not None and origin.path and reads_as(origin.path, get_puzzle(puzzle_id)):
            self.open_path(origin.path, puzzle_id, origin.case)
        else:
            self.generate(puzzle_id, 1)

    def board_origin(self) -> BoardOrigin | None:
        """Where the board shown came from; None once it is edited (an edit makes another board)."""
        if self.origin is not None and self.session is not None and self.origin.instance is self.session.instance:
            return self.origin
        return None

    def refresh(self, rebuild: bool = False) -> None:
        """Redraw the board, the panels and the status bar from the session."""
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
        self.history_panel.refresh(s.history, lambda n: s.puzzle.played_text(s.instance, n.parent.state, n.move,
                                                                              n.state))
        line = s.history.line()
        self.step_panel.set_line(len(line) - 1, node.depth)
        self.step_panel.set_caption(f"Step {node.depth} / {len(line) - 1}: {report.summary()}")
        self.step_panel.score_plot.show_line(s.puzzle, s.instance, line, node.depth)
        self.undo_action.setEnabled(s.can_undo() or bool(self.left_boards.back))
        self.redo_action.setEnabled(s.can_redo() or bool(self.left_boards.forward))
        self.navigator.show_board(s.puzzle.id, self.board_origin())
        self.solver_panel.show_board(s.instance)  # a run of another board is cleared
        if not self.solver_panel.running:
            self.solver_panel.set_problem(s.instance, node.state, node.depth)
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

    def _warm_up(self, puzzle_id: str) -> None:
        """Get the puzzle's solver kernels ready: compiled in a worker process the first time,
        loaded from numba's cache on a thread after that; the status bar shows the progress."""
        self.kernels.request(puzzle_id)
        self._kernels_changed(self.kernels.describe(puzzle_id))

    def _kernels_changed(self, text: str) -> None:
        self.kernel_label.setText(text)
        self.kernel_label.setVisible(bool(text))
        self.kernel_progress.setVisible(bool(text))
        done = self.kernels.fraction_done(self.session.puzzle.id) if self.session is not None else None
        if done is None:
            self.kernel_progress.setRange(0, 0)  # busy: no earlier compile here to measure by
        else:
            self.kernel_progress.setRange(0, 100)
            self.kernel_progress.setValue(round(100 * done))
        if self.session is not None:
            puzzle_id = self.session.puzzle.id
            if not self.kernels.is_ready(puzzle_id):
                self.solver_panel.set_not_ready(self.kernels.describe(puzzle_id)
                                                or f"the {puzzle_id} solver kernels are being prepared")
                if self.solver_panel.start_pending:  # its solver may be compiled already
                    self.kernels.load_solver(puzzle_id, self.solver_panel.choice.currentText())

    def _solver_loaded(self, puzzle_id: str, name: str) -> None:
        """One solver's kernels are loaded before the rest of its puzzle's: a run waiting for
        it starts now."""
        if self.session is not None and self.session.puzzle.id == puzzle_id:
            self.solver_panel.loaded_ahead.add(name)
            if self.solver_panel.start_pending and self.solver_panel.choice.currentText() == name:
                self.solver_panel.start()

    def _kernels_ready(self, puzzle_id: str) -> None:
        if self.session is not None and self.session.puzzle.id == puzzle_id:
            self.solver_panel.kernels_ready()
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

    def start_solver(self) -> None:
        """F5: start (or queue) a run and show it, whichever tab was in front."""
        self.tabs.setCurrentWidget(self.solver_panel)
        self.solver_panel.start()

    def show_error(self, message: str) -> None:
        self.statusBar().showMessage(f"⚠ {message}", 15000)

    # ================================================================ playing
    def play(self, move) -> bool:
        if self.session is None or self.view.mode != "play":
            return False
        before = self.session.state
        try:
            transition = self.session.play(move)
        except IllegalMove as error:
            self.show_error(f"Illegal move: {error}")
            self.refresh()
            return False
        note = self.adapter.move_note(self.session.instance, before, move, transition.state)
        if note:  # a legal move worth a word (a roll that a wall blocked)
            self.statusBar().showMessage(f"⚠ {note}", 10000)
        else:
            played = self.session.puzzle.played_text(self.session.instance, before, move, transition.state)
            self.statusBar().showMessage(f"Played {played}", 4000)
        self.refresh()
        self._animate(transition.frames)
        return True

    def undo(self) -> None:
        if self.session is None or self.previewing:
            return
        left = self.session.history.current
        undone = self.session.undo()
        if undone is None:
            self._return_to(self.left_boards.step_back(self._this_board()), "Back to", "Redo")
        else:
            self._stop_animation()
            if undone == "edit":  # the editor's boxes show the board brought back (its size)
                self.editor_panel.configure(self.adapter, self.session.instance)
            self.refresh(rebuild=undone == "edit")
            if undone == "edit":
                self.statusBar().showMessage("Edit undone: the board before it is back, with its moves", 6000)
            else:  # each undo says what it did (an "Edit undone" must not stay while moves go)
                self.statusBar().showMessage(
                    f"Undid move {left.depth}: {self.session.puzzle.move_text(left.move)}", 4000)

    def redo(self) -> None:
        if self.session is None or self.previewing:
            return
        redone = self.session.redo()
        if redone is None:
            self._return_to(self.left_boards.step_forward(self._this_board()), "Forward to", "Undo")
        else:
            self._stop_animation()
            if redone == "edit":
                self.editor_panel.configure(self.adapter, self.session.instance)
            self.refresh(rebuild=redone == "edit")
            if redone == "move":
                move = self.session.history.current.move
                self.statusBar().showMessage(f"Redid move {self.session.depth}: {self.session.puzzle.move_text(move)}",
                                             4000)
                self._animate(self.session.history.current.frames)
            else:
                self.statusBar().showMessage("Edit redone", 4000)

    def _this_board(self) -> LeftBoard:
        return LeftBoard(self.session, self.origin, self.answer_path)

    def _return_to(self, board: LeftBoard | None, how: str, back: str) -> None:
        """A board left (Undo) or come back from (Redo), brought back as it was left."""
        if board is None:
            return
        name = self._this_board().name
        self._stop_animation()
        self.set_session(board.session, board.origin, returning=True)
        self._follow_answer(board.answer)
        self.statusBar().showMessage(f"{how} {board.name}, with its {board.moves} moves ({back} goes to {name} "
                                     "again)", 8000)

    def jump(self, node) -> None:
        if self.session is None:
            return
        self.end_preview()
        self._stop_animation()
        self.session.history.jump(node)
        self.refresh()

    def step_to(self, index: int) -> None:
        """Move along the current line to ``index`` (the step-through slider)."""
        if self.session is None:
            return
        line = self.session.history.line()
        self.jump(line[max(0, min(index, len(line) - 1))])

    def step_forward(self) -> None:
        """One step along the line; with "Show stages", a multi-stage move's stages first."""
        if self.session is None:
            return
        if self._animation:
            self._next_frame()
            return
        line = self.session.history.line()
        if self.session.depth + 1 >= len(line):
            self.step_panel.stop()
            return
        following = line[self.session.depth + 1]
        if self.step_panel.stages.isChecked() and following.frames:
            self._animation = list(following.frames) + [following]
            self._next_frame()
        else:
            self.jump(following)

    # -------------------------------------------------- multi-stage moves
    def _animate(self, frames) -> None:
        """After a move is played, show its stages, then its settled state, on a timer."""
        if not frames:
            return
        self._animation = list(frames) + [self.session.history.current]
        interval = max(60, self.step_panel.timer.interval() // (len(frames) + 1))
        self._animation_timer.start(interval)
        self._next_frame()

    def _next_frame(self) -> None:
        """Show the next stage; the last item queued is the history node that settles it."""
        if not self._animation:
            self._stop_animation()
            return
        item = self._animation.pop(0)
        if isinstance(item, HistoryNode):
            self._stop_animation()
            self.jump(item)
            return
        self.view.display(self.session.instance, item.state, None, item.highlight)
        self.statusBar().showMessage(item.caption, 3000)
        self.step_panel.set_caption(f"Stage: {item.caption}")

    def _stop_animation(self) -> None:
        self._animation = []
        self._animation_timer.stop()

    # ================================================================ editing
    def set_edit_mode(self, on: bool) -> None:
        self.end_preview()
        self.edit_action.setChecked(on)
        self.view.mode = "edit" if on else "play"
        self.editor_dock.setVisible(on)
        if self.session is not None:
            self.editor_panel.configure(self.adapter, self.session.instance)
            self.refresh()
        self.statusBar().showMessage(
            "Editor mode: edit the board (Help ▸ Keyboard and mouse says how)" if on else "Play mode", 5000)

    def _edit(self, change, merge: bool = False) -> None:
        """Replace the board by an edited copy. The session keeps the old board and its
        history, so Undo takes the edit back like a move; ``merge`` joins the cells of one drag."""
        if self.session is None:
            return
        try:
            instance = change(self.adapter, self.session.instance)
        except (WorkbenchError, ValueError) as error:
            self.show_error(f"Edit refused: {error}")
            return
        if instance is self.session.instance:  # nothing changed (nothing to edit on this puzzle)
            if not self.adapter.can_edit_cells:
                self.show_error(self.adapter.editor_note)
            return
        self.session.edit(instance, merge=merge)
        self.editor_panel.configure(self.adapter, instance)
        self.refresh()
        self.statusBar().showMessage("Board edited: Undo (Ctrl+Z) brings back the board before, with its moves",
                                     8000)

    def _edit_cell(self, cell, paint) -> None:
        painted = []

        def change(adapter, instance):
            new, value = adapter.edit_click(instance, cell, paint)
            painted.append(value)
            return new

        self._edit(change, merge=paint is not None)  # paint is set while a drag goes on
        if painted:
            self.view.set_paint(painted[0])

    # ================================================================ solver
    def _solver_started(self) -> None:
        self.solver_origin = self.session.history.current if self.session else None
        self.tabs.setCurrentWidget(self.solver_panel)  # the run is visible, whichever tab was in front
        # The run's start replaces a warning still shown (an illegal move's): it no longer applies.
        self.statusBar().showMessage(self.solver_panel.status.text(), 5000)

    def apply_solver_answer(self, moves) -> bool:
        """Add the solver's answer to the history as a branch and step to its end."""
        if self.session is None or not moves:
            return False
        origin = self.solver_origin or self.session.history.root
        if not self._owns(origin):
            self.show_error("The board changed since the solver started; its answer no longer applies")
            return False
        self.end_preview()
        self.session.history.jump(origin)
        try:
            self.session.add_line(moves, from_root=False)
        except IllegalMove as error:
            self.show_error(f"The solver's answer is illegal: {error}")
            return False
        self.refresh()
        self.show_step_through()
        return True

    # -------------------------------------------------- finishing a game cut short
    def can_finish_game(self) -> bool:
        """An online game that stopped before its end, with a fast policy to finish it."""
        s = self.session
        return (s is not None and s.puzzle.online and finisher(s.puzzle.id) is not None
                and bool(s.puzzle.legal_moves(s.instance, s.state)))

    def finish_game(self) -> int:
        """Play the rest of the game from the current position with the fast policy; the
        whole game joins the history as a line and the board steps to its end."""
        if not self.can_finish_game():
            return 0
        s = self.session
        fast = finisher(s.puzzle.id)
        self.end_preview()
        moves = finish_moves(s.puzzle, s.instance, s.state, s.depth, fast)
        try:
            s.add_line(moves, from_root=False)
        except IllegalMove as error:
            self.show_error(f"Cannot finish the game: {error}")
            return 0
        self.refresh()
        self.show_step_through()
        self.statusBar().showMessage(f"Finished the game with {fast.name}: {len(moves)} more moves, "
                                     f"{s.report().summary()}", 10000)
        return len(moves)

    def finish_solver_game(self, moves) -> None:
        """The solver panel's "Finish the game": its cut-short game, then the fast policy."""
        if moves:
            self.apply_solver_answer(moves)
        self.finish_game()

    def _offer_finish_and_export(self, path) -> None:
        """After an export refused for an unfinished online game: offer to finish, then export."""
        if not self.can_finish_game():
            return
        fast = finisher(self.session.puzzle.id)
        s = self.session
        self.finish_dialog = QMessageBox(
            QMessageBox.Question, "Finish the game?",
            f"The game stops after {s.depth} moves, so the judge would not accept it.\n\n"
            f"Finish the remaining turns with the fast policy {fast.name} and export the whole game "
            f"to {Path(path).name}?", QMessageBox.Yes | QMessageBox.No, self)
        self.finish_dialog.button(QMessageBox.Yes).setText(f"Finish with {fast.name} and export")
        self.finish_dialog.accepted.connect(lambda: self.finish_game() and self.export_solution(path))
        self.finish_dialog.open()

    def export_solver_answer(self, moves) -> None:
        """The solver's answer, and nothing else: exported only once it is on the board."""
        if self.apply_solver_answer(moves):
            self.export_solution_dialog()

    def _owns(self, node) -> bool:
        while node.parent is not None:
            node = node.parent
        return node is self.session.history.root

    def preview(self, moves) -> None:
        """Show a frontier state (read-only) until the user goes back to the game."""
        if self.session is None:
            return
        origin = self.solver_origin if self.solver_origin and self._owns(self.solver_origin) \
            else self.session.history.root
        # The scoring thread has replayed the row already (thousands of moves for rolling-balls).
        state = self.solver_panel.frontier_state(origin.state, moves)
        try:
            if state is None:
                state = origin.state
                for move in moves:
                    state = self.session.puzzle.apply(self.session.instance, state, move).state
        except IllegalMove as error:
            self.show_error(f"Cannot preview that state: {error}")
            return
        self.previewing = True
        self.view.mode = "preview"
        self.view.display(self.session.instance, state, moves[-1] if moves else None)
        report = self.session.puzzle.evaluate(self.session.instance, state, origin.depth + len(moves))
        self.statusBar().showMessage(f"Preview of a frontier state: {report.summary()} — Esc to go back")

    def end_preview(self) -> None:
        if self.previewing:
            self.previewing = False
            self.view.mode = "edit" if self.edit_action.isChecked() else "play"
            self.statusBar().clearMessage()
            self.refresh()

    # ================================================================ files
    def report_plugin_problems(self) -> QMessageBox | None:
        """Puzzle packages that did not load (or whose solvers or painter did not): a dialog names
        each with its error, so a mistake in a plugin is never silent; the other puzzles work."""
        problems = plugin_problems()
        if not problems:
            return None
        self.plugin_dialog = QMessageBox(QMessageBox.Warning, "A puzzle did not load",
                                         "\n\n".join(str(p) for p in problems), parent=self)
        self.plugin_dialog.open()
        self.statusBar().showMessage(f"⚠ {len(problems)} puzzle plugin(s) did not load (see the dialog)", 15000)
        return self.plugin_dialog

    def _cannot_open(self, path: Path, message: str) -> bool:
        """A file that cannot be opened: the status bar and a dialog say why (the board stays)."""
        self.show_error(message)
        if self.error_dialog is not None:
            self.error_dialog.close()
        self.error_dialog = QMessageBox(QMessageBox.Warning, f"Cannot open {path.name}",
                                        f"{message}\n\nThe board shown is unchanged.", parent=self)
        self.error_dialog.open()  # window-modal, without a nested event loop
        return False

    def open_path(self, path: str | Path, puzzle_id: str | None = None, case: int | None = None) -> bool:
        """Open an input file (its case number ``case``, from 1, when it holds several: a level
        collection; None asks which), or an answer for the current board; report failures."""
        path = Path(path)
        try:
            text = read_text(path)
        except FormatError as error:
            return self._cannot_open(path, str(error))
        input_error = None
        if puzzle_id and adapter_class(puzzle_id) is None:
            return self._cannot_open(path, f"The GUI cannot show {puzzle_id} boards yet (the command line can)")
        candidates = [get_puzzle(puzzle_id)] if puzzle_id else self._detect(text, path.name)
        if candidates is None:
            return False  # several puzzles read it and the user chose none
        for puzzle in candidates:
            try:
                cases = puzzle.split_cases(text)
                if len(cases) > 1 and case is None:
                    case = self.choose_case(path, cases)
                    if case is None:
                        return False  # the user chose none
                if case is not None and not 1 <= case <= len(cases):
                    return self._cannot_open(path, f"{path.name} holds {len(cases)} cases, not a case {case}")
                session = Session(puzzle, puzzle.parse_input(cases[(case or 1) - 1][1]), path)
            except FormatError as error:
                input_error = f"read as a board of {puzzle.id}, {error}"
                continue
            self.set_session(session, BoardOrigin(puzzle.id, str(path.resolve()), case))
            self._remember_recent(path)
            self.statusBar().showMessage(f"Opened {path.name}{self._left_note}", 8000 if self._left_note else 5000)
            return True
        if self.session is not None and puzzle_id is None:
            s = self.session
            try:
                parsed = s.puzzle.parse_solution(s.instance, text)
            except WorkbenchError:
                pass
            else:
                try:
                    s.puzzle.replay(s.instance, parsed.moves, parsed.lines)
                except WorkbenchError as error:
                    # An answer with a bad move is said as one, unless a board reading got further (a
                    # truncated ahc015 input is not "'2' is not a move" of an ahc011 answer).
                    if answer_reads_furthest(text, playable_puzzles(), s.puzzle, s.instance):
                        return self._cannot_open(path, f"{path.name}: {error}")
                else:
                    return self.load_solution(path)
        if puzzle_id is not None:
            return self._cannot_open(path, f"{path.name}: {input_error}")
        # The file looks like nothing: say what its likeliest reading found (line and column).
        reason = input_error or self._likeliest_reason(text)
        return self._cannot_open(path, f"{path.name} is neither a board nor an answer for this board: {reason}")

    def _likeliest_reason(self, text: str) -> str:
        s = self.session
        return likeliest_reason(text, playable_puzzles(), s.puzzle if s else None, s.instance if s else None)

    def choose_case(self, path: Path, cases: list[tuple[str, str]]) -> int | None:
        """Ask which case of a file that holds several to open (1-based), or None."""
        from PySide6.QtWidgets import QInputDialog

        names = [f"{i}. {title}" if title else f"{i}" for i, (title, _) in enumerate(cases, start=1)]
        chosen, ok = QInputDialog.getItem(self, "Which one?", f"{path.name} holds {len(cases)} cases:", names, 0, False)
        return names.index(chosen) + 1 if ok else None

    def choose_puzzle(self, name: str, matches: list, text: str = ""):
        """Ask which puzzle ``name`` is, when the readers of several accept it (None: none chosen)."""
        return ask_reader(self, self.settings, name, matches, self.session.puzzle if self.session else None, text)

    def _detect(self, text: str, name: str) -> list | None:
        """[the puzzle whose reader accepts ``text``] (the user is asked when several do), []
        when none does, None when the user chose none."""
        try:
            puzzle = detect_puzzle(text, playable_puzzles(), lambda matches: self.choose_puzzle(name, matches, text))
        except FormatError:
            return []
        return None if puzzle is None else [puzzle]

    def load_solution(self, path: str | Path) -> bool:
        path = Path(path)
        try:
            node = self.session.load_solution(read_text(path))
        except WorkbenchError as error:
            return self._cannot_open(path, f"{path.name}: {error}")
        self.refresh()
        self.show_step_through()
        self.statusBar().showMessage(
            f"Loaded {path.name}: {node.depth} moves; scrub them in the Step-through tab", 8000)
        self._follow_answer(path)
        return True

    def open_input_dialog(self) -> None:
        path, _ = fitted(QFileDialog.getOpenFileName)(self, "Open a contest input", self._last_folder())
        if path:
            self.open_path(path)

    def open_solution_dialog(self) -> None:
        if self.session is None:
            return
        path, _ = fitted(QFileDialog.getOpenFileName)(self, "Open an answer for this board", self._last_folder())
        if path:
            self.load_solution(path)

    def save_input_dialog(self) -> None:
        if self.session is None:
            return
        path, _ = fitted(QFileDialog.getSaveFileName)(self, "Save the board as a contest input", self._last_folder())
        if path:
            self.save_input(path)

    def save_input(self, path: str | Path) -> bool:
        try:
            check_destination(path)
            self.session.save_input(path)
        except WorkbenchError as error:
            self.show_error(f"Not saved: {error}")
            if isinstance(error, DestinationError):
                report_write_failure(self, "Board not saved", str(error), path, self._board_text)
            return False
        except OSError as error:
            self.show_error(f"Cannot write {path}: {error.strerror or error}")
            report_write_failure(self, "Board not saved", f"Cannot write {path}: {error.strerror or error}",
                                 path, self._board_text)
            return False
        self._remember_recent(Path(path))
        self.refresh()
        self.statusBar().showMessage(f"Saved {Path(path).name}", 5000)
        return True

    def _board_text(self) -> str:
        return self.session.puzzle.format_input(self.session.instance)

    def export_solution_dialog(self) -> None:
        if self.session is None:
            return
        suggestion = self.session.path.with_suffix(".out").name if self.session.path else "answer.out"
        path, _ = fitted(QFileDialog.getSaveFileName)(self, "Export the line to here as a contest answer",
                                              str(Path(self._export_folder()) / suggestion))
        if path:
            self.export_solution(path)

    def export_solution(self, path: str | Path) -> bool:
        """Write the moves from the start to the current position, validated first."""
        try:
            # Never over the board's own input file; never into a folder that cannot take it.
            check_destination(path, [self.session.path] if self.session.path else [])
            report = self.session.export_solution(path)
        except DestinationError as error:
            self.show_error(f"Not exported: {error}")
            report_write_failure(self, "Answer not exported", str(error), path, self.session.solution_text)
            return False
        except WorkbenchError as error:
            self.show_error(f"Not exported, the engine rejects the answer: {error}")
            self._offer_finish_and_export(path)
            return False
        except OSError as error:
            self.show_error(f"Cannot write {path}: {error.strerror or error}")
            report_write_failure(self, "Answer not exported", f"Cannot write {path}: {error.strerror or error}",
                                 path, self.session.solution_text)
            return False
        self.statusBar().showMessage(f"Exported {Path(path).name}: {report.summary()}", 8000)
        self.settings.setValue("last_export_folder", str(Path(path).resolve().parent))
        return True

    def export_replay_dialog(self) -> None:
        from .replay_dialog import ask_path

        if self.session is not None:
            path = ask_path(self, self.session, self._last_folder())
            if path:
                self.export_replay(path)

    def export_replay(self, path: str | Path) -> bool:
        """The current line as a GIF or MP4, at the step panel's speed and stage setting."""
        from .replay_dialog import export_replay

        self.step_panel.stop()
        try:
            result = export_replay(self, self.session, path, fps=self.step_panel.speed.value(),
                                   stages=self.step_panel.stages.isChecked(), options=dict(self.adapter.options))
        except WorkbenchError as error:
            self.show_error(f"Replay not exported: {error}")
            return False
        sampled = f" (sampled from {result.positions})" if result.sampled else ""
        self.statusBar().showMessage(f"Exported {Path(path).name}: {result.frames} frames{sampled}", 8000)
        return True

    def export_png_dialog(self) -> None:
        path, _ = fitted(QFileDialog.getSaveFileName)(self, "Export the board as PNG", self._last_folder(),
                                              "PNG images (*.png)")
        if path:
            self.export_png(path)

    def board_image(self) -> QImage:
        """The whole board as drawn (not just what the view shows), at twice its scene size."""
        scene = self.view.scene()
        rect = scene.sceneRect()
        image = QImage(int(rect.width() * PNG_SCALE), int(rect.height() * PNG_SCALE),
                       QImage.Format_ARGB32)
        image.fill(Qt.white)
        pin_coordinate_labels(scene, rect, None)  # the labels in the margins, not where the view pins them
        painter = QPainter(image)
        painter.setRenderHint(QPainter.Antialiasing)
        scene.render(painter, QRectF(image.rect()), rect)
        painter.end()
        self.view.show_labels()  # and back where the view pins them
        return image

    def export_png(self, path: str | Path) -> bool:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.WriteOnly)
        self.board_image().save(buffer, "PNG")
        try:
            write_atomic(path, bytes(data.data()))
        except OSError as error:
            self.show_error(f"Cannot write {path}: {error.strerror or error}")
            report_write_failure(self, "Image not exported", f"Cannot write {path}: {error.strerror or error}",
                                 path)
            return False
        self.statusBar().showMessage(f"Exported {Path(path).name}", 5000)
        return True

    def generate_dialog(self) -> None:
        puzzle = self.session.puzzle if self.session else playable_puzzles()[0]
        origin = self.board_origin()
        options = origin.options if origin is not None and origin.puzzle_id == puzzle.id else {}
        dialog = GenerateDialog(puzzle, self, seed=self.navigator.next_seed(), options=options)
        if dialog.exec():
            self.generate(puzzle.id, dialog.seed(), **dialog.options())

    def generate(self, puzzle_id: str, seed: int, **options) -> bool:
        puzzle = get_puzzle(puzzle_id)
        try:
            instance = puzzle.generate(seed, **options)
        except ValueError as error:
            self.show_error(f"Cannot generate: {error}")
            return False
        self.set_session(Session(puzzle, instance), BoardOrigin(puzzle.id, seed=seed, options=dict(options)))
        self.statusBar().showMessage(f"Generated {puzzle.id} board for seed {seed}{self._left_note}",
                                     8000 if self._left_note else 5000)
        return True

    # -------------------------------------------------- recent files
    def _recent(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [v for v in (value or []) if v]

    def _remember_recent(self, path: Path) -> None:
        path_text = str(path.resolve())
        recent = [path_text] + [p for p in self._recent() if p != path_text]
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self.settings.setValue("last_folder", str(path.resolve().parent))
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        for path in self._recent():
            action = self.recent_menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(bool(self._recent()))

    def _last_folder(self) -> str:
        return str(self.settings.value("last_folder", str(Path.cwd())))

    def _export_folder(self) -> str:
        """Where the last answer was exported (the input's folder is often read-only)."""
        folder = self.settings.value("last_export_folder", "")
        return str(folder) if folder and Path(str(folder)).is_dir() else self._last_folder()

    # -------------------------------------------------- drag and drop
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        for url in event.mimeData().urls():
            if url.isLocalFile():
                self.open_path(url.toLocalFile())
        event.acceptProposedAction()

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

        from .contest_window import ContestWindow

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

    def open_run_case(self, puzzle_id: str, input_path: str, answer_path: str) -> bool:
        """A case of a batch run on the board, with the run's answer ready to step through; of an
        answer the judge refused (WA), the moves before its fault, and the fault said."""
        if not self.open_path(input_path, puzzle_id):
            return False
        if not answer_path:
            return True
        path = Path(answer_path)
        try:
            node, fault = self.session.load_legal_part(read_text(path))
        except FormatError as error:  # the file cannot be read at all
            node, fault = None, error
        self.refresh()
        if node is not None:
            self.show_step_through()
            self._follow_answer(path)
        if fault is None:
            self.statusBar().showMessage(
                f"Loaded {path.name}: {node.depth} moves; scrub them in the Step-through tab", 8000)
            return True
        shown = (f"The board shows {Path(input_path).name} with the first {node.depth} moves of the run's "
                 f"answer, all legal; step through them in the Step-through tab. Then the answer fails: {fault}"
                 if node is not None else
                 f"The board shows {Path(input_path).name}; the run's answer has no legal move to show: {fault}")
        self.show_error(f"{path.name}: {fault}")
        if self.error_dialog is not None:
            self.error_dialog.close()
        self.error_dialog = QMessageBox(QMessageBox.Warning, f"{path.name} is not a valid answer", shown, parent=self)
        self.error_dialog.open()
        return True

    def closeEvent(self, event) -> None:
        save_layout(self, self.settings)
        self.kernels.shutdown()
        self.solver_panel.shutdown()
        self.runs_panel.shutdown()
        for window in self.contest_windows:
            window.close()
        super().closeEvent(event)

