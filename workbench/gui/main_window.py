"""The main window: board in the middle, history / step-through / solver / editor docks.

It is a view over a ``Session``: every action goes through the session (which
checks it against the rules) and then ``refresh()`` redraws what changed. User
mistakes land in the status bar, never in a traceback, and never lose the board.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QImage, QKeySequence, QPainter
from PySide6.QtWidgets import (QComboBox, QDockWidget, QFileDialog, QLabel, QMainWindow,
                               QMessageBox, QTabWidget, QToolBar)

from workbench.core.errors import FormatError, IllegalMove, WorkbenchError
from workbench.core.files import read_text, write_atomic
from workbench.core.registry import get_puzzle, solvers
from workbench.core.history import HistoryNode
from workbench.core.session import Session

from .board_view import BoardView
from .boards import adapter_class, playable_puzzles
from .editor_panel import EditorPanel
from .generate_dialog import GenerateDialog
from .history_panel import HistoryPanel
from .solver_panel import SolverPanel
from .step_panel import StepPanel

MAX_RECENT = 8
PNG_SCALE = 2.0


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None):
        super().__init__()
        self.settings = settings or QSettings("PuzzleWorkbench", "workbench")
        self.session: Session | None = None
        self.adapter = None
        self.solver_origin = None  # the history node the running solver started from
        self.previewing = False
        self._warmed: set[str] = set()  # puzzles whose solver kernels are compiled or compiling
        self._animation: list = []  # frames still to show for the move just played
        self._animation_timer = QTimer(self)
        self._animation_timer.timeout.connect(self._next_frame)
        self.setAcceptDrops(True)
        self.resize(1280, 820)

        self.view = BoardView()
        self.view.moveRequested.connect(self.play)
        self.view.refused.connect(self.show_error)
        self.view.inputHandled.connect(self._show_status)
        self.view.cellEdited.connect(self._edit_cell)
        self.setCentralWidget(self.view)

        self.history_panel = HistoryPanel()
        self.history_panel.nodeChosen.connect(self.jump)
        self.step_panel = StepPanel()
        self.step_panel.stepChosen.connect(self.step_to)
        self.step_panel.forwardRequested.connect(self.step_forward)
        self.solver_panel = SolverPanel()
        self.solver_panel.bestApplied.connect(self.apply_solver_answer)
        self.solver_panel.exportRequested.connect(self.export_solver_answer)
        self.solver_panel.previewRequested.connect(self.preview)
        self.solver_panel.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.solver_panel.started.connect(self._solver_started)
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
        dock = QDockWidget("Panels", self)
        dock.setObjectName("panels")
        dock.setWidget(self.tabs)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        self.editor_dock = QDockWidget("Editor", self)
        self.editor_dock.setObjectName("editor")
        self.editor_dock.setWidget(self.editor_panel)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.editor_dock)
        self.editor_dock.hide()
        # The board gets the room; panels keep a working width.
        self.resizeDocks([dock, self.editor_dock], [400, 260], Qt.Horizontal)

        self.score_label = QLabel()
        self.statusBar().addPermanentWidget(self.score_label)
        self._build_actions()

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
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addSeparator()
        self._action(file_menu, "Sa&ve input as…", self.save_input_dialog, QKeySequence.Save)
        self._action(file_menu, "&Export solution…", self.export_solution_dialog, "Ctrl+E")
        self._action(file_menu, "Export board as &PNG…", self.export_png_dialog, "Ctrl+Shift+P")
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.Quit)

        edit_menu = bar.addMenu("&Edit")
        self.undo_action = self._action(edit_menu, "&Undo", self.undo, QKeySequence.Undo)
        self.redo_action = self._action(edit_menu, "&Redo", self.redo, "Ctrl+Shift+Z")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addSeparator()
        self.edit_action = self._action(edit_menu, "&Editor mode", self.set_edit_mode, "Ctrl+M",
                                        checkable=True)

        view_menu = bar.addMenu("&View")
        self._action(view_menu, "Zoom &in", lambda: self.view.zoom(1.25), QKeySequence.ZoomIn)
        self._action(view_menu, "Zoom &out", lambda: self.view.zoom(0.8), QKeySequence.ZoomOut)
        self._action(view_menu, "&Fit board", self.view.fit_board, "Ctrl+0")
        self._action(view_menu, "&Back to the game", self.end_preview, "Esc")
        self.board_menu = view_menu.addMenu("&Board")

        solver_menu = bar.addMenu("&Solver")
        self._action(solver_menu, "&Start", self.solver_panel.start, "F5")
        self._action(solver_menu, "&Pause / resume", self.solver_panel.toggle_pause, "F6")
        self._action(solver_menu, "&Cancel", self.solver_panel.cancel, "Shift+F5")
        self._action(solver_menu, "&Apply best", lambda: self.apply_solver_answer(self.solver_panel.best_moves))

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
        toolbar.addSeparator()
        toolbar.addAction(self.undo_action)
        toolbar.addAction(self.redo_action)
        toolbar.addAction(self.edit_action)
        self._refresh_recent()

    def _show_help(self) -> None:
        QMessageBox.information(self, "Keyboard and mouse", (
            f"{self.adapter.help_text}\n\n"
            "Everywhere: undo Ctrl+Z, redo Ctrl+Shift+Z; a move after an undo starts a branch.\n"
            "Click any move in the History tab to jump there.\n"
            "Step-through: the slider and buttons walk the current line.\n"
            "Zoom: Ctrl+wheel, Ctrl++ / Ctrl+-, fit Ctrl+0.\n"
            "Editor mode: Ctrl+M. Solver: F5 start, F6 pause, Shift+F5 cancel."))

    # ================================================================ sessions
    def set_session(self, session: Session) -> None:
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
        self.view.mode = "edit" if self.edit_action.isChecked() else "play"
        index = self.puzzle_choice.findData(puzzle.id)
        self.puzzle_choice.setCurrentIndex(index)
        self.solver_panel.set_puzzle(puzzle)
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
        puzzle_id = self.puzzle_choice.itemData(index)
        if self.session is not None and self.session.puzzle.id == puzzle_id:
            return
        puzzle = get_puzzle(puzzle_id)
        self.set_session(Session(puzzle, puzzle.generate(1)))

    def refresh(self, rebuild: bool = False) -> None:
        """Redraw the board, the panels and the status bar from the session."""
        s = self.session
        if s is None:
            return
        node = s.history.current
        self.view.display(s.instance, node.state, node.move, rebuild=rebuild)
        report = self._show_status()
        self.history_panel.refresh(s.history, s.puzzle.move_text)
        line = s.history.line()
        self.step_panel.set_line(len(line) - 1, node.depth)
        self.step_panel.set_caption(f"Step {node.depth} / {len(line) - 1}: {report.summary()}")
        self.undo_action.setEnabled(s.history.can_undo())
        self.redo_action.setEnabled(s.history.can_redo())
        if not self.solver_panel.running:
            self.solver_panel.set_problem(s.instance, node.state)
        name = s.path.name if s.path else "unsaved board"
        self.setWindowTitle(f"{name} — {s.puzzle.title} — Puzzle Workbench")

    def _show_status(self):
        """The permanent status: puzzle, move number, score and the adapter's own words."""
        s = self.session
        node = s.history.current
        report = s.report()
        extra = self.adapter.status_text(s.instance, node.state)
        self.score_label.setText(f"{s.puzzle.id}  |  move {node.depth}  |  {report.summary()}"
                                 + (f"  |  {extra}" if extra else ""))
        return report

    def _warm_up(self, puzzle_id: str) -> None:
        """Compile (or load from numba's cache) the puzzle's solver kernels off the GUI thread,
        so the first solve does not stall; the status bar says while it happens."""
        if puzzle_id in self._warmed:
            return
        self._warmed.add(puzzle_id)
        classes = list(solvers(puzzle_id).values())
        thread = threading.Thread(target=lambda: [cls.warm_up() for cls in classes],
                                  name=f"warm-up-{puzzle_id}", daemon=True)
        thread.start()
        self.statusBar().showMessage("Preparing the solvers (compiling kernels)…")
        timer = QTimer(self)  # a child: it stops with the window

        def check():
            if not thread.is_alive():
                timer.stop()
                self.statusBar().showMessage("Solvers ready", 5000)

        timer.timeout.connect(check)
        timer.start(200)

    def show_error(self, message: str) -> None:
        self.statusBar().showMessage(f"⚠ {message}", 15000)

    # ================================================================ playing
    def play(self, move) -> bool:
        if self.session is None or self.view.mode != "play":
            return False
        try:
            transition = self.session.play(move)
        except IllegalMove as error:
            self.show_error(f"Illegal move: {error}")
            self.refresh()
            return False
        self.statusBar().showMessage(f"Played {self.session.puzzle.move_text(move)}", 4000)
        self.refresh()
        self._animate(transition.frames)
        return True

    def undo(self) -> None:
        if self.session and not self.previewing and self.session.history.undo() is not None:
            self._stop_animation()
            self.refresh()

    def redo(self) -> None:
        if self.session and not self.previewing and self.session.history.redo() is not None:
            self._stop_animation()
            self.refresh()
            self._animate(self.session.history.current.frames)

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

    def _edit(self, change) -> None:
        """Replace the instance by an edited copy; the history restarts on the new board."""
        if self.session is None:
            return
        try:
            instance = change(self.adapter, self.session.instance)
        except (WorkbenchError, ValueError) as error:
            self.show_error(f"Edit refused: {error}")
            return
        edited = Session(self.session.puzzle, instance)
        self.session = edited
        self.history_panel.reset()
        self.editor_panel.configure(self.adapter, instance)
        self.refresh()

    def _edit_cell(self, cell, paint) -> None:
        painted = []

        def change(adapter, instance):
            new, value = adapter.edit_click(instance, cell, paint)
            painted.append(value)
            return new

        self._edit(change)
        if painted:
            self.view.set_paint(painted[0])

    # ================================================================ solver
    def _solver_started(self) -> None:
        self.solver_origin = self.session.history.current if self.session else None

    def apply_solver_answer(self, moves) -> None:
        """Add the solver's answer to the history as a branch and step to its end."""
        if self.session is None or not moves:
            return
        origin = self.solver_origin or self.session.history.root
        if not self._owns(origin):
            self.show_error("The board changed since the solver started; its answer no longer applies")
            return
        self.end_preview()
        self.session.history.jump(origin)
        try:
            self.session.add_line(moves, from_root=False)
        except IllegalMove as error:
            self.show_error(f"The solver's answer is illegal: {error}")
            return
        self.refresh()
        self.tabs.setCurrentWidget(self.step_panel)

    def export_solver_answer(self, moves) -> None:
        if not moves:
            return
        self.apply_solver_answer(moves)
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
        try:
            states = [origin.state]
            for move in moves:
                states.append(self.session.puzzle.apply(self.session.instance, states[-1], move).state)
        except IllegalMove as error:
            self.show_error(f"Cannot preview that state: {error}")
            return
        self.previewing = True
        self.view.mode = "preview"
        self.view.display(self.session.instance, states[-1], moves[-1] if moves else None)
        report = self.session.puzzle.evaluate(self.session.instance, states[-1], origin.depth + len(moves))
        self.statusBar().showMessage(f"Preview of a frontier state: {report.summary()} — Esc to go back")

    def end_preview(self) -> None:
        if self.previewing:
            self.previewing = False
            self.view.mode = "edit" if self.edit_action.isChecked() else "play"
            self.statusBar().clearMessage()
            self.refresh()

    # ================================================================ files
    def open_path(self, path: str | Path, puzzle_id: str | None = None) -> bool:
        """Open an input file, or an answer for the current board; report failures."""
        path = Path(path)
        try:
            text = read_text(path)
        except FormatError as error:
            self.show_error(str(error))
            return False
        input_error = None
        if puzzle_id and adapter_class(puzzle_id) is None:
            self.show_error(f"The GUI cannot show {puzzle_id} boards yet (the command line can)")
            return False
        candidates = [get_puzzle(puzzle_id)] if puzzle_id else self._input_candidates(text)
        for puzzle in candidates:
            try:
                session = Session(puzzle, puzzle.parse_input(text), path)
            except FormatError as error:
                input_error = error
                continue
            self.set_session(session)
            self._remember_recent(path)
            self.statusBar().showMessage(f"Opened {path.name}", 5000)
            return True
        if self.session is not None and puzzle_id is None:
            try:
                self.session.puzzle.parse_solution(self.session.instance, text)
            except FormatError:
                pass
            else:
                return self.load_solution(path)
        detail = f": {input_error}" if input_error else ""
        self.show_error(f"{path.name} is neither a board nor an answer for this board{detail}")
        return False

    def _input_candidates(self, text: str) -> list:
        """Puzzles whose input format fits, the current puzzle first."""
        fits = [p for p in playable_puzzles() if p.sniff(text)]
        if self.session is not None and self.session.puzzle in fits:
            fits.remove(self.session.puzzle)
            fits.insert(0, self.session.puzzle)
        return fits[:1]

    def load_solution(self, path: str | Path) -> bool:
        path = Path(path)
        try:
            node = self.session.load_solution(read_text(path))
        except WorkbenchError as error:
            self.show_error(f"{path.name}: {error}")
            return False
        self.refresh()
        self.tabs.setCurrentWidget(self.step_panel)
        self.statusBar().showMessage(
            f"Loaded {path.name}: {node.depth} moves; scrub them in the Step-through tab", 8000)
        return True

    def open_input_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a contest input", self._last_folder())
        if path:
            self.open_path(path)

    def open_solution_dialog(self) -> None:
        if self.session is None:
            return
        path, _ = QFileDialog.getOpenFileName(self, "Open an answer for this board", self._last_folder())
        if path:
            self.load_solution(path)

    def save_input_dialog(self) -> None:
        if self.session is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save the board as a contest input", self._last_folder())
        if path:
            self.save_input(path)

    def save_input(self, path: str | Path) -> bool:
        try:
            self.session.save_input(path)
        except WorkbenchError as error:
            self.show_error(f"Not saved: {error}")
            return False
        except OSError as error:
            self.show_error(f"Cannot write {path}: {error.strerror or error}")
            return False
        self._remember_recent(Path(path))
        self.refresh()
        self.statusBar().showMessage(f"Saved {Path(path).name}", 5000)
        return True

    def export_solution_dialog(self) -> None:
        if self.session is None:
            return
        suggestion = self.session.path.with_suffix(".out").name if self.session.path else "answer.out"
        path, _ = QFileDialog.getSaveFileName(self, "Export the line to here as a contest answer",
                                              str(Path(self._last_folder()) / suggestion))
        if path:
            self.export_solution(path)

    def export_solution(self, path: str | Path) -> bool:
        """Write the moves from the start to the current position, validated first."""
        try:
            report = self.session.export_solution(path)
        except WorkbenchError as error:
            self.show_error(f"Not exported, the engine rejects the answer: {error}")
            return False
        except OSError as error:
            self.show_error(f"Cannot write {path}: {error.strerror or error}")
            return False
        self.statusBar().showMessage(f"Exported {Path(path).name}: {report.summary()}", 8000)
        return True

    def export_png_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the board as PNG", self._last_folder(),
                                              "PNG images (*.png)")
        if path:
            self.export_png(path)

    def export_png(self, path: str | Path) -> bool:
        scene = self.view.scene()
        rect = scene.sceneRect()
        image = QImage(int(rect.width() * PNG_SCALE), int(rect.height() * PNG_SCALE),
                       QImage.Format_ARGB32)
        image.fill(Qt.white)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.Antialiasing)
        scene.render(painter, QRectF(image.rect()), rect)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.WriteOnly)
        image.save(buffer, "PNG")
        try:
            write_atomic(path, bytes(data.data()))
        except OSError as error:
            self.show_error(f"Cannot write {path}: {error.strerror or error}")
            return False
        self.statusBar().showMessage(f"Exported {Path(path).name}", 5000)
        return True

    def generate_dialog(self) -> None:
        puzzle = self.session.puzzle if self.session else playable_puzzles()[0]
        dialog = GenerateDialog(puzzle, self)
        if dialog.exec():
            self.generate(puzzle.id, dialog.seed(), **dialog.options())

    def generate(self, puzzle_id: str, seed: int, **options) -> bool:
        puzzle = get_puzzle(puzzle_id)
        try:
            instance = puzzle.generate(seed, **options)
        except ValueError as error:
            self.show_error(f"Cannot generate: {error}")
            return False
        self.set_session(Session(puzzle, instance))
        self.statusBar().showMessage(f"Generated {puzzle.id} board for seed {seed}", 5000)
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

    # -------------------------------------------------- drag and drop
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        for url in event.mimeData().urls():
            if url.isLocalFile():
                self.open_path(url.toLocalFile())
        event.acceptProposedAction()

    def closeEvent(self, event) -> None:
        self.solver_panel.shutdown()
        super().closeEvent(event)

