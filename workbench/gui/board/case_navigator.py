"""The case box on the toolbar: ◀ number ▶ to go through cases and seeds.

On a file the arrows open the previous and next case of its folder and the number opens
that one: by the number in the names (``in/0003.txt``, ``seed_3.txt``, ``packs_12.txt``), or,
for a name its neighbours do not share, the folder's inputs in name order (the box shows the
file's place among them); see ``workbench.core.case_files``. On a generated board (or any
other) they generate the previous and next seed with the same generator options. Where the
board came from is a ``BoardOrigin``, which is also what the window reopens on the next start.
An edited board is no case or seed of its own: the box says which one it was made from, and the
arrows go to that one's neighbours.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QSpinBox, QToolButton

from workbench.core.case_files import CasePlace, case_place
from workbench.gui.board.board_origin import BoardOrigin
from workbench.gui.board.collection import Collection, SolvedCases

__all__ = ["BoardOrigin", "CaseNavigator", "SEED_MAX"]

SEED_MAX = 2_000_000_000


class CaseNavigator(QObject):
    """The toolbar's ◀ [number] ▶; asks the window to open a file or generate a seed."""

    openFile = Signal(str, str)  # (path, puzzle id)
    openCase = Signal(str, str, int)  # (path of a collection, puzzle id, its case from 1)
    generateSeed = Signal(str, int, dict)  # (puzzle id, seed, generator options)
    refused = Signal(str)  # why there is nowhere to go

    def __init__(self, parent=None):
        super().__init__(parent)
        self.origin: BoardOrigin | None = None
        self.place: CasePlace | None = None  # the file's place among its folder's cases
        self.puzzle_id = ""
        # Whether a file is a board of the puzzle shown (set by the window): the arrows skip the
        # other files of a folder walked in name order (notes, answers).
        self.accept: Callable[[str, Path], bool] = lambda puzzle_id, path: True
        self.label = QLabel(self.tr(" Case: "))
        self.previous_button = QToolButton()
        self.previous_button.setText("◀")
        self.previous_button.clicked.connect(lambda: self.step(-1))
        self.next_button = QToolButton()
        self.next_button.setText("▶")
        self.next_button.clicked.connect(lambda: self.step(1))
        self.number = QSpinBox()
        self.number.setRange(0, SEED_MAX)
        self.number.setKeyboardTracking(False)  # typing 123 does not open 1 and 12 on the way
        self.number.editingFinished.connect(self._number_entered)
        self.title = QLabel()  # a collection's case: its name, and ✓ once solved
        self.title.setObjectName("case_title")
        self.title.setVisible(False)
        self.collection: Collection | None = None
        self.solved: SolvedCases | None = None  # set by the window: where solved cases are kept
        self.widgets = (self.label, self.previous_button, self.number, self.next_button, self.title)

    def follow(self, state) -> None:
        """Show where the board of ``state`` (an AppState) came from, whichever board it shows: a
        board replaced, or edited (an edited board keeps the origin it was made from: the box
        names it, and the arrows go to its neighbours, not to a seed made up from the box)."""

        def shown(*_):
            self.show_board(state.session.puzzle.id, state.origin, edited=state.board_origin() is None)

        def stepped(_node):  # a case of a collection solved: kept, and its ✓ shown
            if self.collection is not None and state.session.report().complete:
                self.note_solved()

        self.session_events = state.follow(shown, board_changed=shown, step_changed=stepped)

    def show_board(self, puzzle_id: str, origin: BoardOrigin | None, edited: bool = False) -> None:
        """The board now shown: its number in the box, and what the arrows will do. ``edited``: the
        board is ``origin``'s edited, so it has no number of its own; the box names the one it was
        made from, whose neighbours the arrows go to."""
        if origin is not self.origin:  # the folder is read once a board, not at every move
            self.place = case_place(origin.path) if origin is not None and origin.path else None
            self.collection = self._collection_of(origin)
        self.puzzle_id, self.origin = puzzle_id, origin
        if self.collection is not None:
            self._show_case(edited and origin is not None)
            return
        edited = edited and origin is not None
        number = self._shown_number()
        if number is not None:
            self.number.blockSignals(True)
            self.number.setValue(number)
            self.number.blockSignals(False)
        if self.place is not None:
            folder = Path(origin.path).parent.name or str(Path(origin.path).parent)
            if self.place.numbered:
                kind, what = "case", f"case {number} of {folder}/"
                tip = (
                    f"The {self.place.pattern} cases of {folder}/, by their number: ◀ and ▶ (Alt+← and "
                    "Alt+→) open the previous and next one; type a number and press Enter to open that one"
                )
            else:
                kind, what = "file", Path(origin.path).name
                tip = (
                    f"{Path(origin.path).name} is file {self.place.number} of the {len(self.place.files)} "
                    f"*{Path(origin.path).suffix} files of {folder}/ in name order: ◀ and ▶ "
                    "(Alt+← and Alt+→) open the previous and next board; type a number and press Enter "
                    "to open that file"
                )
        else:
            kind, what = "seed", f"seed {number}"
            tip = (
                "◀ and ▶ (Alt+← and Alt+→) generate the previous and next seed with the same options; "
                "type a seed and press Enter to generate it (Ctrl+N to change the options)"
            )
        if edited:
            self.label.setText(self.tr(" Edited from {0}: ").format(kind))
            tip = f"This board is {what} edited: it is no {kind} of its own. " + tip
        else:
            shown = {"case": self.tr(" Case: "), "file": self.tr(" File: "), "seed": self.tr(" Seed: ")}
            self.label.setText(shown[kind])
        for widget in self.widgets:
            widget.setToolTip(tip)

    def _collection_of(self, origin: BoardOrigin | None) -> Collection | None:
        if origin is None or not origin.path or origin.case is None:
            return None
        kept = self.collection
        if kept is not None and kept.path == origin.path:
            return kept  # the same file: read once, not at every case
        from workbench.core.registry import get_puzzle

        return Collection.read(origin.path, get_puzzle(origin.puzzle_id))

    def _show_case(self, edited: bool) -> None:
        """A case of a collection: its number in the box, its name (✓ when solved) beside it."""
        case, collection = self.origin.case, self.collection
        self.number.blockSignals(True)
        self.number.setValue(case)
        self.number.blockSignals(False)
        name = collection.name(case)
        solved = self.solved is not None and self.solved.solved(collection.path, name)
        self.title.setText(f" {name}{'  ✓' if solved else ''} ")
        self.title.setVisible(True)
        done = f"; {self.solved.count(collection)} solved" if self.solved is not None else ""
        tip = self.tr(
            "Case {0} of the {1} in {2}{3}: ◀ and ▶ (Alt+← and Alt+→) open the previous and next one; "
            "type a number and press Enter to open that one"
        ).format(case, len(collection.names), Path(collection.path).name, done)
        self.label.setText(self.tr(" Edited from case: ") if edited else self.tr(" Case: "))
        for widget in self.widgets:
            widget.setToolTip(tip)

    def note_solved(self) -> None:
        """The case shown was just solved: keep it, and show its ✓."""
        if self.collection is not None and self.solved is not None and self.origin is not None:
            self.solved.mark(self.collection.path, self.collection.name(self.origin.case))
            self._show_case(False)

    def _shown_number(self) -> int | None:
        """The file's case number or place, or the seed."""
        if self.place is not None:
            return self.place.number
        return self.origin.seed if self.origin is not None else None

    def _numbered_file(self) -> bool:
        return self.place is not None

    def _options(self) -> dict:
        same_puzzle = self.origin is not None and self.origin.puzzle_id == self.puzzle_id
        return dict(self.origin.options) if same_puzzle and self.origin.seed is not None else {}

    def step(self, direction: int) -> None:
        if self.collection is not None:
            self._open_case(self.collection.neighbour(self.origin.case, direction), direction)
            return
        if self._numbered_file():
            puzzle_id = self.origin.puzzle_id
            following = self.place.neighbour(direction, lambda path: self.accept(puzzle_id, path))
            if following is None:
                self.refused.emit(self.place.end(direction))
                return
            self.openFile.emit(str(following), self.origin.puzzle_id)
            return
        seed = self.number.value() + direction
        if seed < 0:
            self.refused.emit("Seeds start at 0")
            return
        self.generateSeed.emit(self.puzzle_id, seed, self._options())

    def _open_case(self, case: int | None, direction: int = 0) -> None:
        collection = self.collection
        if case is None:
            name = Path(collection.path).name
            self.refused.emit(
                self.tr("{0} holds {1} cases: no case {2}").format(
                    name, len(collection.names), self.number.value() if not direction else self.origin.case + direction
                )
            )
            return
        self.openCase.emit(collection.path, self.origin.puzzle_id, case)

    def go_to(self, number: int) -> None:
        if self.collection is not None:
            self._open_case(number if 1 <= number <= len(self.collection.names) else None)
            return
        if self._numbered_file():
            found = self.place.file(number)
            if found is None:
                folder = Path(self.origin.path).parent
                self.refused.emit(
                    f"No case numbered {number} in {folder}"
                    if self.place.numbered
                    else f"{folder} has {len(self.place.files)} *{Path(self.origin.path).suffix} files, "
                    f"not a file {number}"
                )
                return
            self.openFile.emit(str(found), self.origin.puzzle_id)
            return
        self.generateSeed.emit(self.puzzle_id, number, self._options())

    def next_seed(self) -> int:
        """The seed the Generate dialog proposes: the one after a generated board's."""
        generated = self.origin is not None and self.origin.seed is not None
        return self.number.value() + 1 if generated else self.number.value()

    def _number_entered(self) -> None:
        shown = self.origin.case if self.collection is not None and self.origin is not None else self._shown_number()
        if self.origin is None or self.number.value() != shown:
            self.go_to(self.number.value())
