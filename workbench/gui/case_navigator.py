"""The case box on the toolbar: ◀ number ▶ to go through cases and seeds.

On a numbered contest file (``in/0003.txt``) the arrows open the previous and next file
of its folder and the number opens that file; on a generated board (or any other) they
generate the previous and next seed with the same generator options. Where the board
came from is a ``BoardOrigin``, which is also what the window reopens on the next start.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QSpinBox, QToolButton

from workbench.core.case_files import case_file, case_number, neighbour_case

SEED_MAX = 2_000_000_000


@dataclass
class BoardOrigin:
    """Where a board came from: a file (a case of it), or a generator seed and options."""

    puzzle_id: str
    path: str | None = None
    case: int | None = None  # which case of a file that holds several
    seed: int | None = None
    options: dict = field(default_factory=dict)
    instance: Any = field(default=None, repr=False, compare=False)  # the board it describes

    @property
    def number(self) -> int | None:
        """The case number of a numbered file, or the seed."""
        return case_number(self.path) if self.path else self.seed

    def to_json(self) -> str:
        fields = asdict(self)
        fields.pop("instance")
        return json.dumps(fields)

    @classmethod
    def from_json(cls, text: str) -> "BoardOrigin | None":
        try:
            fields = json.loads(text)
            return cls(**{k: fields[k] for k in ("puzzle_id", "path", "case", "seed", "options")})
        except (TypeError, ValueError, KeyError):
            return None  # an old or damaged setting: start on the sample board


class CaseNavigator(QObject):
    """The toolbar's ◀ [number] ▶; asks the window to open a file or generate a seed."""

    openFile = Signal(str, str)  # (path, puzzle id)
    generateSeed = Signal(str, int, dict)  # (puzzle id, seed, generator options)
    refused = Signal(str)  # why there is nowhere to go

    def __init__(self, parent=None):
        super().__init__(parent)
        self.origin: BoardOrigin | None = None
        self.puzzle_id = ""
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

    def show_board(self, puzzle_id: str, origin: BoardOrigin | None) -> None:
        """The board now shown: its number in the box, and what the arrows will do."""
        self.puzzle_id, self.origin = puzzle_id, origin
        number = origin.number if origin else None
        if number is not None:
            self.number.blockSignals(True)
            self.number.setValue(number)
            self.number.blockSignals(False)
        if self._numbered_file():
            folder = Path(origin.path).parent.name or str(Path(origin.path).parent)
            self.label.setText(" Case: ")
            tip = f"The cases of {folder}/: ◀ and ▶ (Alt+← and Alt+→) open the previous and next file; " \
                  "type a number and press Enter to open that one"
        else:
            self.label.setText(" Seed: ")
            tip = "◀ and ▶ (Alt+← and Alt+→) generate the previous and next seed with the same options; " \
                  "type a seed and press Enter to generate it (Ctrl+N to change the options)"
        for widget in self.widgets:
            widget.setToolTip(tip)

    def _numbered_file(self) -> bool:
        return bool(self.origin and self.origin.path and case_number(self.origin.path) is not None)

    def _options(self) -> dict:
        same_puzzle = self.origin is not None and self.origin.puzzle_id == self.puzzle_id
        return dict(self.origin.options) if same_puzzle and self.origin.seed is not None else {}

    def step(self, direction: int) -> None:
        if self._numbered_file():
            following = neighbour_case(self.origin.path, direction)
            if following is None:
                end = "last" if direction > 0 else "first"
                self.refused.emit(f"{Path(self.origin.path).name} is the {end} case of its folder")
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
            found = case_file(self.origin.path, number)
            if found is None:
                folder = Path(self.origin.path).parent
                self.refused.emit(f"No case numbered {number} in {folder}")
                return
            self.openFile.emit(str(found), self.origin.puzzle_id)
            return
        self.generateSeed.emit(self.puzzle_id, number, self._options())

    def next_seed(self) -> int:
        """The seed the Generate dialog proposes: the one after a generated board's."""
        generated = self.origin is not None and self.origin.seed is not None
        return self.number.value() + 1 if generated else self.number.value()

    def _number_entered(self) -> None:
        if self.origin is None or self.number.value() != self.origin.number:
            self.go_to(self.number.value())
