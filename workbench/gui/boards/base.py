"""What a puzzle's board painter provides to the generic board view.

An adapter owns the QGraphicsItems of one board in a scene. The view tells it
which state to show and forwards mouse and key input; the adapter answers with
a move to try (the view plays it through the Session, which checks it), so no
rule lives here. Editing returns a new instance or raises EditError.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QGraphicsScene


def label_coordinates(scene: QGraphicsScene, rows: int, cols: int, cell: float, margin: float,
                      first: int = 0) -> None:
    """Row numbers down the left margin and column numbers along the top, counted from
    ``first`` as the puzzle's answer files count them."""
    font = QFont()
    font.setPixelSize(int(cell * 0.32))
    for along_top, count in ((True, cols), (False, rows)):
        for index in range(count):
            text = scene.addSimpleText(str(index + first), font)
            text.setBrush(QBrush(QColor("#7a6f5c")))
            box = text.boundingRect()
            centre = index * cell + cell / 2
            if along_top:
                text.setPos(centre - box.width() / 2, -margin / 2 - box.height() / 2)
            else:
                text.setPos(-margin / 2 - box.width() / 2, centre - box.height() / 2)


@dataclass(frozen=True)
class EditorField:
    """A number of the instance the editor sets directly (an ojama stock, a gauge)."""

    name: str
    label: str
    low: int
    high: int


class BoardAdapter:
    # Editor features the generic editor panel offers for this puzzle.
    can_resize = False
    can_fill = False
    can_random_fill = False
    # Paint choices (label, value) for the editor; the chosen one is ``self.brush``.
    palette: tuple[tuple[str, Any], ...] = ()
    fields: tuple[EditorField, ...] = ()
    # Board display toggles (name, label, default) offered in the View menu.
    view_options: tuple[tuple[str, str, bool], ...] = ()

    def __init__(self, puzzle, scene: QGraphicsScene):
        self.puzzle = puzzle
        self.scene = scene
        self.selection: Any = None  # a cell picked by the first click of a two-click move
        self.brush: Any = self.palette[0][1] if self.palette else None
        self.options = {name: default for name, _label, default in self.view_options}

    # ---------------------------------------------------------- drawing
    def build(self, instance: Any) -> None:
        """Create the items for ``instance`` (called when the board size changes)."""
        raise NotImplementedError

    def show(self, instance: Any, state: Any, last_move: Any = None, highlight: tuple = (),
             hints: bool = True) -> None:
        """Update the items to show ``state``."""
        raise NotImplementedError

    def cell_at(self, point: QPointF) -> Any:
        """The board cell under a scene point, or None."""
        return None

    # ---------------------------------------------------------- playing
    def press(self, instance: Any, state: Any, cell: Any) -> Any:
        """A click on ``cell`` in play mode: a move to try, or None (selection changed)."""
        return None

    def release(self, instance: Any, state: Any, start: Any, cell: Any) -> Any:
        """A drag from ``start`` ended on ``cell``: a move to try, or None."""
        return None

    def key(self, instance: Any, state: Any, key: Qt.Key) -> Any:
        """A key press in play mode: a move to try, or None."""
        return None

    @property
    def help_text(self) -> str:
        """How to play and edit this board, for Help ▸ Keyboard and mouse (the module's docstring)."""
        return inspect.getdoc(inspect.getmodule(type(self))) or ""

    def clear_selection(self) -> None:
        self.selection = None

    def set_view_option(self, name: str, value: bool) -> None:
        """Switch a display toggle; the view redraws afterwards."""
        self.options[name] = value

    def status_text(self, instance: Any, state: Any) -> str:
        """Extra words for the status bar (a pack's position, the next candy); may be empty."""
        return ""

    # ---------------------------------------------------------- editing
    def edit_click(self, instance: Any, cell: Any, paint: Any = None) -> tuple[Any, Any]:
        """Edit ``cell`` (with ``self.brush`` when the adapter has a palette).

        Returns the new instance and the paint value a drag goes on painting with;
        raise EditError for an edit the rules do not allow.
        """
        return instance, paint

    def field_value(self, instance: Any, name: str) -> int:
        raise NotImplementedError

    def set_field(self, instance: Any, name: str, value: int) -> Any:
        raise NotImplementedError

    def size_of(self, instance: Any) -> tuple[int, int]:
        raise NotImplementedError

    def resize(self, instance: Any, rows: int, cols: int) -> Any:
        raise NotImplementedError

    def fill(self, instance: Any, value: bool) -> Any:
        raise NotImplementedError

    def random_fill(self, instance: Any, seed: int, density: float) -> Any:
        raise NotImplementedError
