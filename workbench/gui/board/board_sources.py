"""What a contestant reaches for beside opening files: the clipboard (copy the board as an image
or the answer, paste an answer or a board), an answer file that their program rewrites (followed
on disk and loaded again), and the board of the last session. A part of ``MainWindow``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication

from workbench.core.errors import FormatError, WorkbenchError
from workbench.core.files import read_text
from workbench.core.registry import get_puzzle
from workbench.core.session import Session

from workbench.gui.board.sample_board import DEFAULT_BOARD, DEFAULT_PUZZLE
from workbench.gui.board.case_navigator import BoardOrigin


class BoardSources:
    """MainWindow's clipboard, followed answer file and last board (it supplies ``session``,
    ``set_session``, ``open_path``, ``generate``, ``load_solution`` and the rest)."""

    # -------------------------------------------------- clipboard
    def copy_board_image(self) -> None:
        image = self.board_image()
        QGuiApplication.clipboard().setImage(image)
        self.statusBar().showMessage(f"Copied the board as an image ({image.width()}×{image.height()} px)", 5000)

    def copy_answer(self) -> None:
        """The line to the position shown, as the contest's answer text."""
        if self.session is None:
            return
        try:
            text = self.session.solution_text()
        except WorkbenchError as error:
            self.show_error(f"Not copied, the engine rejects the answer: {error}")
            return
        QGuiApplication.clipboard().setText(text)
        self.statusBar().showMessage(f"Copied the answer: {self.session.depth} moves", 5000)

    def paste(self) -> bool:
        """Ctrl+V: an answer for this board (to step through), else a board of any puzzle."""
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self.show_error("Nothing to paste: the clipboard holds no text")
            return False
        if self.session is not None:
            try:
                node = self.session.load_solution(text)
            except WorkbenchError:
                pass  # a board, perhaps
            else:
                self._follow_answer(None)  # the board now shows the pasted answer, not the file's
                self.show_step_through()
                self.statusBar().showMessage(f"Pasted an answer: {node.depth} moves, {self.session.report(node).summary()}",
                                             8000)
                return True
        found = self._detect(text, "The pasted text")
        if found is None:
            return False  # several puzzles read it and the user chose none
        for puzzle in found:
            try:
                instance = puzzle.parse_input(puzzle.split_cases(text)[0][1])
            except FormatError as error:
                self.show_error(f"Not pasted: read as a board of {puzzle.id}, {error}")
                return False
            self.set_session(Session(puzzle, instance))
            self.statusBar().showMessage(f"Pasted a {puzzle.title} board (Ctrl+S saves it){self._left_note}", 8000)
            return True
        self.show_error(f"Not pasted: neither a board nor an answer for this board: {self._likeliest_reason(text)}")
        return False

    # -------------------------------------------------- an answer file that changes on disk
    def _follow_answer(self, path: Path | None) -> None:
        """Follow the answer file on the board (None: no file), and reopen it on the next start."""
        self.answer_path = Path(path).resolve() if path else None
        self.answer_watch.watch(self.answer_path)
        self.reload_action.setEnabled(self.answer_path is not None)
        self.settings.setValue("last_answer", str(self.answer_path or ""))

    def reload_answer(self) -> bool:
        """Load the followed answer file again (it changed on disk, or Ctrl+R): a new line from
        the start, the board at the same step (or the new line's end if it is shorter)."""
        path = self.answer_path
        if self.session is None or path is None:
            self.show_error("No answer file to reload: open one with Ctrl+Shift+O")
            return False
        step = self.session.depth
        try:
            node = self.session.load_solution(read_text(path))
        except WorkbenchError as error:
            self.show_error(f"{path.name} changed, but it is not a valid answer now ({error}); the board keeps "
                            "the answer it had")
            return False
        line = self.session.history.line(node)
        self.end_preview()
        self.session.jump(line[min(step, len(line) - 1)])
        self.statusBar().showMessage(f"Reloaded {path.name}: {node.depth} moves, "
                                     f"{self.session.report(node).summary()}", 8000)
        return True

    # -------------------------------------------------- the board of the last session
    def open_sample_board(self) -> None:
        puzzle = get_puzzle(DEFAULT_PUZZLE)
        self.set_session(Session.open(puzzle, DEFAULT_BOARD), BoardOrigin(puzzle.id, str(DEFAULT_BOARD)))

    def reopen_last_board(self) -> bool:
        """The board open when the app last closed (its file and answer, or its seed)."""
        origin, answer = self.last_board
        if origin is None:
            return False
        if origin.path:
            if not Path(origin.path).is_file():
                self.show_error(f"The last board, {origin.path}, is gone; here is the sample board")
                return False
            opened = self.open_path(origin.path, origin.puzzle_id, origin.case)
        else:
            opened = self.generate(origin.puzzle_id, origin.seed, **origin.options)
        if opened and answer and Path(answer).is_file():
            self.load_solution(answer)
        return opened
