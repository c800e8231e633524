"""What a contestant reaches for beside opening files: the clipboard (copy the board as an image
or the answer, paste an answer or a board), an answer file that their program rewrites (followed
on disk and loaded again), and the board of the last session.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction, QGuiApplication, QImage, QKeySequence

from workbench.core.errors import FormatError, WorkbenchError
from workbench.core.files import read_text
from workbench.core.registry import get_puzzle
from workbench.core.session import Session
from workbench.gui.app_state import AppState
from workbench.gui.board.answer_watch import AnswerWatch
from workbench.gui.board.board_files import BoardFiles
from workbench.gui.board.board_origin import BoardOrigin
from workbench.gui.board.board_screen import BoardScreen
from workbench.gui.board.sample_board import DEFAULT_BOARD, DEFAULT_PUZZLE
from workbench.gui.window.messages import Messages


class BoardSources(QObject):
    """The clipboard, the followed answer file (``reload_action``) and the last board, for the
    boards of ``state``; boards and answers are opened through ``files``."""

    def __init__(
        self,
        state: AppState,
        files: BoardFiles,
        board: BoardScreen,
        messages: Messages,
        settings: QSettings,
        board_image: Callable[[], QImage],
        show_step_through: Callable[[], None],
        parent=None,
    ):
        super().__init__(parent)
        self.state, self.files, self.board, self.messages, self.settings = state, files, board, messages, settings
        self.board_image, self.show_step_through = board_image, show_step_through
        # The board and answer open when the app last closed, read before this window opens any.
        self.last_board = (
            BoardOrigin.from_json(str(settings.value("last_board", ""))),
            str(settings.value("last_answer", "")),
        )
        self.answer_watch = AnswerWatch(self)
        self.answer_watch.changed.connect(self.reload_answer)
        self.reload_action = QAction(self.tr("Re&load the answer"), self)
        self.reload_action.setShortcut(QKeySequence("Ctrl+R"))
        self.reload_action.triggered.connect(self.reload_answer)
        state.answer_changed.connect(self._follow_answer)

    @property
    def session(self) -> Session | None:
        return self.state.session

    # -------------------------------------------------- clipboard
    def copy_board_image(self) -> None:
        image = self.board_image()
        QGuiApplication.clipboard().setImage(image)
        self.messages.say(
            self.tr("Copied the board as an image ({0}×{1} px)").format(image.width(), image.height()), 5000
        )

    def copy_answer(self) -> None:
        """The line to the position shown, as the contest's answer text."""
        if self.session is None:
            return
        try:
            text = self.session.solution_text()
        except WorkbenchError as error:
            self.messages.error(self.tr("Not copied, the engine rejects the answer: {0}").format(error))
            return
        QGuiApplication.clipboard().setText(text)
        self.messages.say(self.tr("Copied the answer: {0} moves").format(self.session.depth), 5000)

    def paste(self) -> bool:
        """Ctrl+V: an answer for this board (to step through), else a board of any puzzle."""
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self.messages.error(self.tr("Nothing to paste: the clipboard holds no text"))
            return False
        if self.session is not None:
            try:
                node = self.session.load_solution(text)
            except WorkbenchError:
                pass  # a board, perhaps
            else:
                self.state.follow_answer(None)  # the board now shows the pasted answer, not the file's
                self.show_step_through()
                self.messages.say(
                    self.tr("Pasted an answer: {0} moves, {1}").format(node.depth, self.session.report(node).summary()),
                    8000,
                )
                return True
        found = self.files.detect(text, "The pasted text")
        if found is None:
            return False  # several puzzles read it and the user chose none
        for puzzle in found:
            try:
                instance = puzzle.parse_input(puzzle.split_cases(text)[0][1])
            except FormatError as error:
                self.messages.error(self.tr("Not pasted: read as a board of {0}, {1}").format(puzzle.id, error))
                return False
            note = self.files.show_board(Session(puzzle, instance))
            self.messages.say(self.tr("Pasted a {0} board (Ctrl+S saves it){1}").format(puzzle.title, note), 8000)
            return True
        self.messages.error(
            self.tr("Not pasted: neither a board nor an answer for this board: {0}").format(
                self.files.likeliest_reason(text)
            )
        )
        return False

    # -------------------------------------------------- an answer file that changes on disk
    def _follow_answer(self, path: Path | None) -> None:
        """Follow the answer file on the board (None: no file), and reopen it on the next start."""
        self.answer_watch.watch(path)
        self.reload_action.setEnabled(path is not None)
        self.settings.setValue("last_answer", str(path or ""))

    def reload_answer(self) -> bool:
        """Load the followed answer file again (it changed on disk, or Ctrl+R): a new line from
        the start, the board at the same step (or the new line's end if it is shorter)."""
        path = self.state.answer_path
        if self.session is None or path is None:
            self.messages.error(self.tr("No answer file to reload: open one with Ctrl+Shift+O"))
            return False
        step = self.session.depth
        try:
            node = self.session.load_solution(read_text(path))
        except WorkbenchError as error:
            self.messages.error(
                self.tr(
                    "{0} changed, but it is not a valid answer now ({1}); the board keeps the answer it had"
                ).format(path.name, error)
            )
            return False
        line = self.session.history.line(node)
        self.board.end_preview()
        self.session.jump(line[min(step, len(line) - 1)])
        self.messages.say(
            self.tr("Reloaded {0}: {1} moves, {2}").format(path.name, node.depth, self.session.report(node).summary()),
            8000,
        )
        return True

    # -------------------------------------------------- the board of the last session
    def open_sample_board(self) -> None:
        puzzle = get_puzzle(DEFAULT_PUZZLE)
        self.files.show_board(Session.open(puzzle, DEFAULT_BOARD), BoardOrigin(puzzle.id, str(DEFAULT_BOARD)))

    def reopen_last_board(self) -> bool:
        """The board open when the app last closed (its file and answer, or its seed)."""
        origin, answer = self.last_board
        if origin is None:
            return False
        if origin.path:
            if not Path(origin.path).is_file():
                self.messages.error(
                    self.tr("The last board, {0}, is gone; here is the sample board").format(origin.path)
                )
                return False
            opened = self.files.open_path(origin.path, origin.puzzle_id, origin.case)
        else:
            opened = self.files.generate(origin.puzzle_id, origin.seed, **origin.options)
        if opened and answer and Path(answer).is_file():
            self.files.load_solution(answer)
        return opened
