"""Boards from files: opening an input (its puzzle found by the registry's one detector,
``detect_puzzle``; a case chosen from a collection) or an answer for the board shown, a batch
run's case with its answer, generating a seed, saving the input. A file that cannot be opened
says why and leaves the board as it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from workbench.core.errors import DestinationError, FormatError, WorkbenchError
from workbench.core.files import check_destination, read_text
from workbench.core.readings import answer_reads_furthest, likeliest_reason
from workbench.core.registry import detect_puzzle, get_puzzle, plugin_problems, puzzles
from workbench.core.session import Session
from workbench.gui.app_state import AppState
from workbench.gui.board.board_origin import BoardOrigin
from workbench.gui.board.case_navigator import CaseNavigator
from workbench.gui.board.generate_dialog import GenerateDialog
from workbench.gui.board.painters import adapter_class, not_loaded, playable_puzzles
from workbench.gui.board.reader_choice import ask_reader, reads_as
from workbench.gui.common.plain_text import plain_box
from workbench.gui.window.file_dialog_fit import fitted
from workbench.gui.window.messages import Messages
from workbench.gui.window.recent_files import RecentFiles
from workbench.gui.window.write_errors import report_unwritable, report_write_failure


class BoardFiles(QObject):
    """Boards opened into ``state`` by ``show_board(session, origin) -> note`` (what to say of the
    board left); ``parent`` (the window) is the dialogs'; ``show_step_through()`` brings an
    answer's line to the front."""

    def __init__(
        self,
        state: AppState,
        show_board: Callable,
        messages: Messages,
        settings: QSettings,
        recent: RecentFiles,
        navigator: CaseNavigator,
        show_step_through: Callable[[], None],
        parent: QWidget,
    ):
        super().__init__(parent)
        self.state, self.show_board, self.messages, self.settings = state, show_board, messages, settings
        self.recent, self.navigator, self.show_step_through = recent, navigator, show_step_through
        self.window = parent
        self.error_dialog: QMessageBox | None = None  # the last "cannot open" dialog
        self.plugin_dialog: QMessageBox | None = None

    @property
    def session(self) -> Session | None:
        return self.state.session

    def puzzle_chosen(self, puzzle_id: str) -> None:
        """The Puzzle box: the file shown read as the puzzle chosen when its reader accepts it,
        else that puzzle's seed 1."""
        if self.session is not None and self.session.puzzle.id == puzzle_id:
            return
        origin = self.state.board_origin()
        if origin is not None and origin.path and reads_as(origin.path, get_puzzle(puzzle_id)):
            self.open_path(origin.path, puzzle_id, origin.case)
        else:
            self.generate(puzzle_id, 1)

    def report_plugin_problems(self) -> QMessageBox | None:
        """Puzzle packages that did not load (or whose solvers or painter did not): a dialog names
        each with its error, so a mistake in a plugin is never silent; the other puzzles work."""
        problems = plugin_problems()
        if not problems:
            return None
        self.plugin_dialog = plain_box(
            QMessageBox.Warning, "A puzzle did not load", "\n\n".join(str(p) for p in problems), parent=self.window
        )
        self.plugin_dialog.open()
        self.messages.error(self.tr("{0} puzzle plugin(s) did not load (see the dialog)").format(len(problems)))
        return self.plugin_dialog

    def _cannot_open(self, path: Path, message: str) -> bool:
        """A file that cannot be opened: the status bar and a dialog say why (the board stays)."""
        self.messages.error(message)
        if self.error_dialog is not None:
            self.error_dialog.close()
        self.error_dialog = plain_box(
            QMessageBox.Warning,
            f"Cannot open {path.name}",
            f"{message}\n\nThe board shown is unchanged.",
            parent=self.window,
        )
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
        if puzzle_id and puzzle_id not in puzzles():
            return self._cannot_open(path, not_loaded(puzzle_id))
        if puzzle_id and adapter_class(puzzle_id) is None:
            return self._cannot_open(path, f"The GUI cannot show {puzzle_id} boards yet (the command line can)")
        candidates = [get_puzzle(puzzle_id)] if puzzle_id else self.detect(text, path.name)
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
            note = self.show_board(session, BoardOrigin(puzzle.id, str(path.resolve()), case))
            self.recent.remember(path)
            self.messages.say(self.tr("Opened {0}{1}").format(path.name, note), 8000 if note else 5000)
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
        reason = input_error or self.likeliest_reason(text)
        return self._cannot_open(path, f"{path.name} is neither a board nor an answer for this board: {reason}")

    def likeliest_reason(self, text: str) -> str:
        s = self.session
        return likeliest_reason(text, playable_puzzles(), s.puzzle if s else None, s.instance if s else None)

    def choose_case(self, path: Path, cases: list[tuple[str, str]]) -> int | None:
        """Ask which case of a file that holds several to open (1-based), or None."""
        names = [f"{i}. {title}" if title else f"{i}" for i, (title, _) in enumerate(cases, start=1)]
        chosen, ok = QInputDialog.getItem(
            self.window,
            self.tr("Which one?"),
            self.tr("{0} holds {1} cases:").format(path.name, len(cases)),
            names,
            0,
            False,
        )
        return names.index(chosen) + 1 if ok else None

    def choose_puzzle(self, name: str, matches: list, text: str = ""):
        """Ask which puzzle ``name`` is, when the readers of several accept it (None: none chosen)."""
        shown = self.session.puzzle if self.session else None
        return ask_reader(self.window, self.settings, name, matches, shown, text)

    def detect(self, text: str, name: str) -> list | None:
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
        self.show_step_through()
        self.messages.say(
            self.tr("Loaded {0}: {1} moves; scrub them in the Step-through tab").format(path.name, node.depth), 8000
        )
        self.state.follow_answer(path)
        return True

    def open_input_dialog(self) -> None:
        path, _ = fitted(QFileDialog.getOpenFileName)(self.window, "Open a contest input", self.recent.last_folder())
        if path:
            self.open_path(path)

    def open_solution_dialog(self) -> None:
        if self.session is None:
            return
        path, _ = fitted(QFileDialog.getOpenFileName)(
            self.window, "Open an answer for this board", self.recent.last_folder()
        )
        if path:
            self.load_solution(path)

    def save_input_dialog(self) -> None:
        if self.session is None:
            return
        path, _ = fitted(QFileDialog.getSaveFileName)(
            self.window, "Save the board as a contest input", self.recent.last_folder()
        )
        if path:
            self.save_input(path)

    def save_input(self, path: str | Path) -> bool:
        try:
            check_destination(path)
            self.session.save_input(path)
        except WorkbenchError as error:
            self.messages.error(f"Not saved: {error}")
            if isinstance(error, DestinationError):
                report_write_failure(self.window, "Board not saved", str(error), path, self._board_text)
            return False
        except OSError as error:
            report_unwritable(self.window, self.messages, "Board not saved", path, error, self._board_text)
            return False
        self.recent.remember(Path(path))  # the title follows the session's path_changed
        self.messages.say(self.tr("Saved {0}").format(Path(path).name), 5000)
        return True

    def _board_text(self) -> str:
        return self.session.puzzle.format_input(self.session.instance)

    def generate_dialog(self) -> None:
        puzzle = self.session.puzzle if self.session else playable_puzzles()[0]
        origin = self.state.board_origin()
        options = origin.options if origin is not None and origin.puzzle_id == puzzle.id else {}
        dialog = GenerateDialog(puzzle, self.window, seed=self.navigator.next_seed(), options=options)
        if dialog.exec():
            self.generate(puzzle.id, dialog.seed(), **dialog.options())

    def generate(self, puzzle_id: str, seed: int, **options) -> bool:
        if puzzle_id not in puzzles():  # the last board, of a plugin not loaded this time
            self.messages.error(f"Cannot generate: {not_loaded(puzzle_id)}")
            return False
        puzzle = get_puzzle(puzzle_id)
        try:
            instance = puzzle.generate(seed, **options)
        except ValueError as error:
            self.messages.error(f"Cannot generate: {error}")
            return False
        note = self.show_board(Session(puzzle, instance), BoardOrigin(puzzle.id, seed=seed, options=dict(options)))
        self.messages.say(
            self.tr("Generated {0} board for seed {1}{2}").format(puzzle.id, seed, note), 8000 if note else 5000
        )
        return True

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
        if node is not None:
            self.show_step_through()
            self.state.follow_answer(path)
        if fault is None:
            self.messages.say(
                self.tr("Loaded {0}: {1} moves; scrub them in the Step-through tab").format(path.name, node.depth), 8000
            )
            return True
        shown = (
            f"The board shows {Path(input_path).name} with the first {node.depth} moves of the run's "
            f"answer, all legal; step through them in the Step-through tab. Then the answer fails: {fault}"
            if node is not None
            else f"The board shows {Path(input_path).name}; the run's answer has no legal move to show: {fault}"
        )
        self.messages.error(f"{path.name}: {fault}")
        if self.error_dialog is not None:
            self.error_dialog.close()
        self.error_dialog = plain_box(
            QMessageBox.Warning, f"{path.name} is not a valid answer", shown, parent=self.window
        )
        self.error_dialog.open()
        return True
