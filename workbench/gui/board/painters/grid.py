"""The generic grid painter: draws any puzzle that describes itself as a ``GridPicture`` (workbench.core.grid).

Cells are one pixmap-cached item (``CellGrid``); glyphs and texts are items made the first time a
cell needs one and only touched when that cell's picture changes, so stepping through a long
answer repaints a few cells. Input is handed to the puzzle's own hooks: a click or a drag
(``click_move``, ``drag_move``), a key (``grid_keys``), a paint stroke in the editor (``paint``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QKeySequence, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsSimpleTextItem

from workbench.core.errors import EditError
from workbench.core.grid import Cell, GridPicture, GridPuzzle
from workbench.core.words import QT_TRANSLATE_NOOP
from workbench.gui.board.painters.base import BoardAdapter, HintMarks, cell_square, label_coordinates
from workbench.gui.board.painters.cell_grid import CellGrid

CELL = 40.0
LABEL = 24.0
INSET = 7.0


def glyph_path(kind: str, rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    if kind == "disc" or kind == "ring":
        path.addEllipse(rect)
        if kind == "ring":
            path.addEllipse(
                rect.adjusted(rect.width() * 0.22, rect.height() * 0.22, -rect.width() * 0.22, -rect.height() * 0.22)
            )
    elif kind == "square":
        path.addRoundedRect(rect, 4, 4)
    elif kind == "dot":
        d = rect.width() * 0.35
        path.addEllipse(rect.center(), d / 2, d / 2)
    elif kind == "diamond":
        c = rect.center()
        path.moveTo(c.x(), rect.top())
        path.lineTo(rect.right(), c.y())
        path.lineTo(c.x(), rect.bottom())
        path.lineTo(rect.left(), c.y())
        path.closeSubpath()
    elif kind == "cross":
        w = rect.width() * 0.18
        path.addRect(QRectF(rect.left(), rect.center().y() - w / 2, rect.width(), w))
        path.addRect(QRectF(rect.center().x() - w / 2, rect.top(), w, rect.height()))
    path.setFillRule(Qt.OddEvenFill)
    return path


class GridAdapter(BoardAdapter):
    def __init__(self, puzzle: GridPuzzle, scene):
        self.palette = tuple(puzzle.brushes)
        super().__init__(puzzle, scene)
        self.can_resize = type(puzzle).resized is not GridPuzzle.resized
        self.can_edit_cells = bool(self.palette)
        self.can_fill = bool(self.palette)  # Fill: every cell with the brush; Clear: with the blank one
        self.can_clear = self.can_fill and getattr(puzzle, "blank", None) is not None
        blank = next((label for label, value in self.palette if value == getattr(puzzle, "blank", None)), "")
        self.fill_tips = (f"Every cell painted {blank}", "Every cell painted with the brush chosen (Paint)")
        if not self.palette:
            self.editor_note = "This puzzle's boards are not edited cell by cell."
        self.rows = self.cols = 0
        self.grid: CellGrid | None = None
        self.shown: list[Cell | None] = []
        self.glyphs: dict[int, QGraphicsPathItem] = {}
        self.texts: dict[int, QGraphicsSimpleTextItem] = {}
        self.marks: list = []
        self.keys = dict(puzzle.grid_keys)

    @property
    def help_text(self) -> str:
        return self.puzzle.grid_help or QT_TRANSLATE_NOOP(
            "Painter", "Play: the puzzle's keys and clicks. Edit: click or drag to paint."
        )

    # ---------------------------------------------------------- drawing
    def build(self, instance: Any) -> None:
        picture = self.puzzle.grid_picture(instance, self.puzzle.initial_state(instance))
        self._build(picture)

    def _build(self, picture: GridPicture) -> None:
        self.scene.clear()
        self.marks, self.glyphs, self.texts = [], {}, {}
        self.rows, self.cols = picture.rows, picture.cols
        self.grid = CellGrid(
            self.rows, self.cols, CELL, QPen(QColor("#c9bfae"), 0), [QColor(cell.fill) for cell in picture.cells]
        )
        self.scene.addItem(self.grid)
        self.shown = [None] * (self.rows * self.cols)
        label_coordinates(self.scene, self.rows, self.cols, CELL, LABEL, first=picture.first)
        self.scene.setSceneRect(QRectF(-LABEL, -LABEL, self.cols * CELL + LABEL + 4, self.rows * CELL + LABEL + 4))

    def show(self, instance, state, last_move=None, highlight=(), hints=True) -> None:
        picture = self.puzzle.grid_picture(instance, state, last_move, self.selection if hints else None)
        if (picture.rows, picture.cols) != (self.rows, self.cols):
            self._build(picture)
        for index, cell in enumerate(picture.cells):
            if cell != self.shown[index]:
                self._show_cell(index, cell)
        for item in self.marks:
            self.scene.removeItem(item)
        self.marks = []
        outlines = list(picture.marks) + [(r, c, "#e07a1f") for r, c in highlight]
        for r, c, colour in outlines:
            if 0 <= r < self.rows and 0 <= c < self.cols:
                item = self.scene.addRect(
                    QRectF(c * CELL + 2, r * CELL + 2, CELL - 4, CELL - 4), QPen(QColor(colour), 3), QBrush(Qt.NoBrush)
                )
                item.setZValue(4)
                self.marks.append(item)

    def hint_marks(self, instance, state, move) -> HintMarks:
        """The cells whose picture the move changes (a step: the player's cell, the next, a box pushed),
        as the puzzle draws them: any grid puzzle gets its hints marked without a line of Qt."""
        after = self.puzzle.apply(instance, state, move).state
        before_cells = self.puzzle.grid_picture(instance, state).cells
        after_cells = self.puzzle.grid_picture(instance, after).cells
        return HintMarks(
            tuple(
                cell_square(*divmod(index, self.cols), CELL)
                for index, (a, b) in enumerate(zip(before_cells, after_cells))
                if a != b
            )
        )

    def _show_cell(self, index: int, cell: Cell) -> None:
        before = self.shown[index]
        self.shown[index] = cell
        self.grid.set_fill(index, QColor(cell.fill))
        r, c = divmod(index, self.cols)
        box = QRectF(c * CELL + INSET, r * CELL + INSET, CELL - 2 * INSET, CELL - 2 * INSET)
        if before is None or (before.glyph, before.colour) != (cell.glyph, cell.colour):
            item = self.glyphs.get(index)
            if cell.glyph and item is None:
                item = self.glyphs[index] = self.scene.addPath(QPainterPath(), QPen(Qt.NoPen))
                item.setZValue(2)
            if item is not None:
                item.setPath(glyph_path(cell.glyph, box) if cell.glyph else QPainterPath())
                colour = QColor(cell.colour)
                item.setBrush(QBrush(colour))
                item.setPen(QPen(colour.darker(140), 1.2))
        if before is None or (before.text, before.text_colour) != (cell.text, cell.text_colour):
            text = self.texts.get(index)
            if cell.text and text is None:
                text = self.texts[index] = self.scene.addSimpleText("")
                font = QFont()
                font.setPixelSize(int(CELL * 0.42))
                text.setFont(font)
                text.setZValue(3)
            if text is not None:
                text.setText(cell.text)
                text.setBrush(QBrush(QColor(cell.text_colour)))
                bounds = text.boundingRect()
                text.setPos(c * CELL + (CELL - bounds.width()) / 2, r * CELL + (CELL - bounds.height()) / 2)

    def cell_at(self, point: QPointF):
        r, c = int(point.y() // CELL), int(point.x() // CELL)
        if point.x() >= 0 and point.y() >= 0 and r < self.rows and c < self.cols:
            return (r, c)
        return None

    # ---------------------------------------------------------- playing
    def press(self, instance, state, cell):
        move, self.selection = self.puzzle.click_move(instance, state, cell, self.selection)
        return move

    def release(self, instance, state, start, cell):
        if start is None or start == cell:
            return None
        return self.puzzle.drag_move(instance, state, start, cell)

    def key(self, instance, state, key):
        return self.keys.get(QKeySequence(key).toString())

    def status_text(self, instance, state) -> str:
        return self.puzzle.grid_status(instance, state)

    # ---------------------------------------------------------- editing
    def edit_click(self, instance, cell, paint=None):
        value = self.brush if paint is None else paint
        return self.puzzle.paint(instance, cell, value), value

    def size_of(self, instance):
        return self.puzzle.grid_size(instance)

    def resize(self, instance, rows: int, cols: int):
        return self.puzzle.resized(instance, rows, cols)

    def fill(self, instance, value: bool):
        """Every cell painted with the brush chosen (``value``) or the puzzle's blank; a cell the
        rules keep (the player's) is left as it is, and EditError says when no cell could change."""
        brush = self.brush if value else self.puzzle.blank
        rows, cols = self.size_of(instance)
        painted, refused = 0, None
        for r in range(rows):
            for c in range(cols):
                try:
                    instance = self.puzzle.paint(instance, (r, c), brush)
                    painted += 1
                except EditError as error:
                    refused = error
        if not painted and refused is not None:
            raise refused
        return instance


ADAPTER = GridAdapter
