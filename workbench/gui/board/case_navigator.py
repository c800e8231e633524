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

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QSpinBox, QToolButton

from workbench.core.case_files import CasePlace, case_place
from workbench.gui.board.board_origin import BoardOrigin

__all__ = ["BoardOrigin", "CaseNavigator", "SEED_MAX"]

SEED_MAX = 2_000_000_000


class CaseNavigator(QObject):
    """The toolbar's ◀ [number] ▶; asks the window to open a file or generate a seed."""

    openFile = Signal(str, str)  # (path, puzzle id)
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
        self.label = QLabel(" Case: ")
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
        self.widgets = (self.label, self.previous_button, self.number, self.next_button)

    def follow(self, state) -> None:
        """Show where the board of ``state`` (an AppState) came from, whichever board it shows: a
        board replaced, or edited (an edited board keeps the origin it was made from: the box
        names it, and the arrows go to its neighbours, not to a seed made up from the box)."""
        def shown(*_):
            self.show_board(state.session.puzzle.id, state.origin, edited=state.board_origin() is None)

        self.session_events = state.follow(shown, board_changed=shown)

    def show_board(self, puzzle_id: str, origin: BoardOrigin | None, edited: bool = False) -> None:
        """The board now shown: its number in the box, and what the arrows will do. ``edited``: the
        board is ``origin``'s edited, so it has no number of its own; the box names the one it was
        made from, whose neighbours the arrows go to."""
        if origin is not self.origin:  # the folder is read once a board, not at every move
            self.place = case_place(origin.path) if origin is not None and origin.path else None
        self.puzzle_id, self.origin = puzzle_id, origin
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
                tip = (f"The {self.place.pattern} cases of {folder}/, by their number: ◀ and ▶ (Alt+← and "
                       "Alt+→) open the previous and next one; type a number and press Enter to open that one")
            else:
                kind, what = "file", Path(origin.path).name
                tip = (f"{Path(origin.path).name} is file {self.place.number} of the {len(self.place.files)} "
                       f"*{Path(origin.path).suffix} files of {folder}/ in name order: ◀ and ▶ "
                       "(Alt+← and Alt+→) open the previous and next board; type a number and press Enter "
                       "to open that file")
        else:
            kind, what = "seed", f"seed {number}"
            tip = "◀ and ▶ (Alt+← and Alt+→) generate the previous and next seed with the same options; " \
                  "type a seed and press Enter to generate it (Ctrl+N to change the options)"
        if edited:
            self.label.setText(f" Edited from {kind}: ")
            tip = f"This board is {what} edited: it is no {kind} of its own. " + tip
        else:
            self.label.setText(f" {kind.capitalize()}: ")
        for widget in self.widgets:
            widget.setToolTip(tip)

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

    def go_to(self, number: int) -> None:
        if self._numbered_file():
            found = self.place.file(number)
            if found is None:
                folder = Path(self.origin.path).parent
                self.refused.emit(f"No case numbered {number} in {folder}" if self.place.numbered else
                                  f"{folder} has {len(self.place.files)} *{Path(self.origin.path).suffix} files, "
                                  f"not a file {number}")
                return
            self.openFile.emit(str(found), self.origin.puzzle_id)
            return
        self.generateSeed.emit(self.puzzle_id, number, self._options())

    def next_seed(self) -> int:
        """The seed the Generate dialog proposes: the one after a generated board's."""
        generated = self.origin is not None and self.origin.seed is not None
        return self.number.value() + 1 if generated else self.number.value()

    def _number_entered(self) -> None:
        if self.origin is None or self.number.value() != self._shown_number():
            self.go_to(self.number.value())
