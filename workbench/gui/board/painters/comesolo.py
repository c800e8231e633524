"""Comesolo board painter: a grid of cells, pieces as discs.

Play: click a piece, then its landing cell (or drag the piece there). The
selected piece's legal landings are marked. Edit: click or drag to paint
pieces/empty cells.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsLineItem

from workbench.core.errors import IllegalMove
from workbench.core.words import QT_TRANSLATE_NOOP
from workbench.gui.board.painters.base import BoardAdapter, HintMarks, cell_square, label_coordinates
from workbench.gui.board.painters.cell_grid import CellGrid
from workbench.puzzles.comesolo import Board, Jump, legal_jumps
from workbench.puzzles.comesolo.board import filled, resized
from workbench.puzzles.comesolo.generator import random_board

CELL = 40.0
LABEL = 24.0  # margin for the coordinate labels
PIECE_INSET = 6.0
# Cells are tinted by parity class (r mod 2, c mod 2): a piece never leaves its class.
CLASS_TINTS = ("#f4efe6", "#ece6da", "#e9e2d3", "#f1ebe0")
PIECE = QColor("#3b5b92")
PIECE_EDGE = QColor("#1f3358")
SELECTED = QColor("#e07a1f")
TARGET = QColor("#2e9e5b")
LAST_MOVE = QColor("#d1495b")


class ComesoloAdapter(BoardAdapter):
    help_text = QT_TRANSLATE_NOOP(
        "Painter",
        "Play: click a piece, then the cell it lands on (or drag the piece there). A piece "
        "jumps over a neighbour in any of the eight directions, and the neighbour is removed; "
        "the selected piece's legal landings are marked.\n\n"
        "Edit: click or drag to paint pieces and empty cells. The editor panel resizes the board, "
        "clears or fills it, or fills it at random with the generator's seed and density.",
    )
    can_resize = True
    can_fill = True
    can_random_fill = True
    play_keys = QT_TRANSLATE_NOOP("Painter", "click a piece, then where it lands (or drag it)")
    edit_keys = QT_TRANSLATE_NOOP("Painter", "click or drag to paint pieces and empty cells")

    def __init__(self, puzzle, scene):
        super().__init__(puzzle, scene)
        self.rows = self.cols = 0
        self.grid: CellGrid | None = None  # the cells, tinted by parity class
        self.pieces: list[QGraphicsEllipseItem] = []
        self.marks: list = []  # transient items: targets, last move
        # What the discs show now: only discs that change are touched, so a step repaints
        # a few cells instead of the whole board (scrubbing a 30x30 answer stays smooth).
        self._shown_cells: bytes | None = None
        self._selected: int | None = None

    # ---------------------------------------------------------- drawing
    def build(self, instance: Board) -> None:
        self.scene.clear()
        self.marks = []
        self.rows, self.cols = instance.rows, instance.cols
        self.pieces = []
        self._shown_cells, self._selected = None, None
        grid_pen = QPen(QColor("#c9bfae"), 0)  # cosmetic: one pixel at any zoom
        tints = [QColor(CLASS_TINTS[(r % 2) * 2 + c % 2]) for r in range(self.rows) for c in range(self.cols)]
        self.grid = CellGrid(self.rows, self.cols, CELL, grid_pen, tints)  # one item, from a pixmap
        self.scene.addItem(self.grid)
        for r in range(self.rows):
            for c in range(self.cols):
                disc = self.scene.addEllipse(
                    QRectF(
                        c * CELL + PIECE_INSET, r * CELL + PIECE_INSET, CELL - 2 * PIECE_INSET, CELL - 2 * PIECE_INSET
                    ),
                    QPen(PIECE_EDGE, 1.5),
                    QBrush(PIECE),
                )
                disc.setZValue(2)
                self.pieces.append(disc)
        label_coordinates(self.scene, self.rows, self.cols, CELL, LABEL, first=1)  # as the answers count
        self.scene.setSceneRect(QRectF(-LABEL, -LABEL, self.cols * CELL + LABEL + 4, self.rows * CELL + LABEL + 4))

    def show(self, instance, state: Board, last_move=None, highlight=(), hints=True) -> None:
        if (state.rows, state.cols) != (self.rows, self.cols):
            self.build(state)
        for item in self.marks:
            self.scene.removeItem(item)
        self.marks = []
        cells = bytes(state.cells)
        shown = self._shown_cells
        for index, disc in enumerate(self.pieces):
            if shown is None or shown[index] != cells[index]:
                disc.setVisible(cells[index] == 1)
        self._shown_cells = cells
        if self._selected is not None:
            self.pieces[self._selected].setBrush(QBrush(PIECE))
            self._selected = None
        if last_move is not None:
            self._mark_move(Jump(*last_move))
        for r, c in highlight:
            self._outline(r, c, SELECTED)
        if self.selection is not None and hints:
            r, c = self.selection
            if state.inside(r, c) and state.piece(r, c):
                self._selected = r * self.cols + c
                self.pieces[self._selected].setBrush(QBrush(SELECTED))
                for jump in legal_jumps(state):
                    if (jump.r, jump.c) == (r, c):
                        self._target(*jump.to)

    def _outline(self, r: int, c: int, colour: QColor) -> None:
        item = self.scene.addRect(
            QRectF(c * CELL + 2, r * CELL + 2, CELL - 4, CELL - 4), QPen(colour, 3), QBrush(Qt.NoBrush)
        )
        item.setZValue(3)
        self.marks.append(item)

    def _target(self, r: int, c: int) -> None:
        d = CELL * 0.3
        item = self.scene.addEllipse(
            QRectF(c * CELL + (CELL - d) / 2, r * CELL + (CELL - d) / 2, d, d), QPen(Qt.NoPen), QBrush(TARGET)
        )
        item.setZValue(3)
        self.marks.append(item)

    def _mark_move(self, jump: Jump) -> None:
        trow, tcol = jump.to
        if not all(0 <= r < self.rows and 0 <= c < self.cols for r, c in ((jump.r, jump.c), (trow, tcol))):
            return
        self._outline(trow, tcol, LAST_MOVE)
        line = QGraphicsLineItem(
            jump.c * CELL + CELL / 2, jump.r * CELL + CELL / 2, tcol * CELL + CELL / 2, trow * CELL + CELL / 2
        )
        line.setPen(QPen(LAST_MOVE, 2, Qt.DashLine))
        line.setZValue(3)
        self.scene.addItem(line)
        self.marks.append(line)

    def hint_marks(self, instance, state: Board, move) -> HintMarks:
        """The piece that jumps and its landing cell, an arrow over the piece it takes."""
        jump = Jump(*move)
        start, end = cell_square(jump.r, jump.c, CELL), cell_square(*jump.to, CELL)
        return HintMarks((start, end), (start.center(), end.center()))

    def cell_at(self, point: QPointF):
        r, c = int(point.y() // CELL), int(point.x() // CELL)
        if 0 <= r < self.rows and 0 <= c < self.cols and point.x() >= 0 and point.y() >= 0:
            return (r, c)
        return None

    # ---------------------------------------------------------- playing
    def press(self, instance, state: Board, cell):
        r, c = cell
        if state.piece(r, c):
            self.selection = None if self.selection == cell else cell
            return None
        if self.selection is None:
            return None
        move = self._jump_between(self.selection, cell)
        if move is None:
            (r1, c1), (r2, c2) = self.selection, cell
            raise IllegalMove(
                f"({r1 + 1},{c1 + 1}) to ({r2 + 1},{c2 + 1}) is not a jump: "
                "the landing cell must be two cells away in a line"
            )
        return move

    def release(self, instance, state: Board, start, cell):
        if start == cell or start is None or not state.piece(*start):
            return None
        self.selection = start
        return self.press(instance, state, cell)

    @staticmethod
    def _jump_between(start, end):
        dr, dc = end[0] - start[0], end[1] - start[1]
        if (dr, dc) == (0, 0) or abs(dr) not in (0, 2) or abs(dc) not in (0, 2):
            return None
        return Jump(start[0], start[1], dr // 2, dc // 2)

    # ---------------------------------------------------------- editing
    def edit_click(self, instance: Board, cell, paint=None):
        r, c = cell
        value = (0 if instance.piece(r, c) else 1) if paint is None else paint
        return instance.with_cells({(r, c): value}), value

    def size_of(self, instance: Board):
        return instance.rows, instance.cols

    def resize(self, instance: Board, rows: int, cols: int) -> Board:
        return resized(instance, rows, cols)

    def fill(self, instance: Board, value: bool) -> Board:
        return filled(instance, value)

    def random_fill(self, instance: Board, seed: int, density: float) -> Board:
        return random_board(instance.rows, instance.cols, density, seed)


ADAPTER = ComesoloAdapter
