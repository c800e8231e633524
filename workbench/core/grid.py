"""A grid puzzle drawn, played and edited by the app's generic grid painter, declared as data (Qt-free).

A puzzle that mixes in ``GridPuzzle`` and defines ``grid_picture`` needs no Qt code: the painter
(``workbench/gui/board/painters/grid.py``) draws the cells it describes (a fill colour, a glyph, a few
characters of text), outlines the cells it marks, and asks the puzzle which move a click, a drag
or a key means, and what painting a cell in the editor makes of the instance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

GLYPHS = ("", "disc", "square", "diamond", "ring", "dot", "cross")


@dataclass(frozen=True)
class Cell:
    fill: str = "#f4efe6"  # the cell's colour ("#rrggbb")
    glyph: str = ""  # a shape on the cell, one of GLYPHS ("" for none)
    colour: str = "#3b5b92"  # the glyph's colour
    text: str = ""  # a few characters on top (a number, a letter)
    text_colour: str = "#222222"


@dataclass(frozen=True)
class GridPicture:
    rows: int
    cols: int
    cells: tuple[Cell, ...]  # row-major, rows * cols of them
    marks: tuple[tuple[int, int, str], ...] = ()  # (row, column, colour): cells to outline
    first: int = 0  # how the puzzle's files count rows and columns (0 or 1): the labels along the edges

    def __post_init__(self) -> None:
        if len(self.cells) != self.rows * self.cols:
            raise ValueError(
                f"a {self.rows}x{self.cols} picture needs {self.rows * self.cols} cells, got {len(self.cells)}"
            )
        for cell in self.cells:
            if cell.glyph not in GLYPHS:
                raise ValueError(f"unknown glyph '{cell.glyph}' (known: {', '.join(g for g in GLYPHS if g)})")


class GridPuzzle:
    """The hooks of a grid puzzle; mix it in before ``Puzzle`` (``class Mine(GridPuzzle, Puzzle)``)."""

    if TYPE_CHECKING:  # Puzzle's, which the class is mixed in with

        def initial_state(self, instance: Any) -> Any: ...

    # How to play and edit the board (Help ▸ Keyboard and mouse).
    grid_help: str = ""
    # (key, move): a key's name as Qt writes it ("Left", "Up", "Space", "A") and the move it plays.
    grid_keys: tuple[tuple[str, Any], ...] = ()
    # (label, value): what the editor paints with; the first is the default brush.
    brushes: tuple[tuple[str, Any], ...] = ()
    # The brush value of an empty cell: the editor's Clear paints every cell with it (None: no
    # Clear). Its Fill paints every cell with the brush chosen.
    blank: Any = None

    def grid_picture(self, instance: Any, state: Any, last_move: Any = None, selected: Any = None) -> GridPicture:
        """What ``state`` looks like; ``selected`` is the cell a first click chose (or None)."""
        raise NotImplementedError

    def grid_size(self, instance: Any) -> tuple[int, int]:
        picture = self.grid_picture(instance, self.initial_state(instance))
        return picture.rows, picture.cols

    def click_move(self, instance: Any, state: Any, cell: tuple[int, int], selected: Any) -> tuple[Any, Any]:
        """A click on ``cell`` in play mode: (a move to try or None, the selection afterwards)."""
        return None, None

    def drag_move(self, instance: Any, state: Any, start: tuple[int, int], end: tuple[int, int]) -> Any:
        """A drag from ``start`` to ``end``: a move to try, or None."""
        return None

    def grid_status(self, instance: Any, state: Any) -> str:
        """A few words for the status bar (what the board still needs); usually empty."""
        return ""

    def paint(self, instance: Any, cell: tuple[int, int], value: Any) -> Any:
        """The instance with ``cell`` painted ``value`` (a brush's); EditError when the rules forbid it."""
        raise NotImplementedError

    def resized(self, instance: Any, rows: int, cols: int) -> Any:
        """The instance on a board of ``rows`` x ``cols`` (leave undefined when boards have one size)."""
        raise NotImplementedError
