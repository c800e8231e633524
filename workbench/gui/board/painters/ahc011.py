"""AHC011 board painter: tiles drawn as pipe pieces, the largest tree and the cycles coloured.

Play: an arrow key slides a tile into the empty square in the arrow's
direction (Right moves the tile left of the gap to the right, so the empty
square goes left: contest letter L); the letters U, D, L, R play the contest
letters themselves (where the EMPTY square goes). A click on a tile beside the
empty square slides it in.
Edit: a click near a side of a tile toggles that stub; a click in the middle
of a tile moves the empty square there (the tile takes the empty square's
place). Saving checks the board (one empty square, enough matching stubs).
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsLineItem, QGraphicsRectItem

from workbench.core.errors import EditError, IllegalMove
from workbench.core.words import QT_TRANSLATE_NOOP
from workbench.gui.board.painters.base import BoardAdapter, HintMarks, cell_square, label_coordinates
from workbench.puzzles.ahc011 import Board, Case, board_problems, components
from workbench.puzzles.ahc011.board import DIRECTIONS, OPPOSITE

CELL = 48.0
LABEL = 24.0  # margin for the coordinate labels
SIDE_ZONE = 0.3  # a click within this share of the cell from a side is on that side
STUB_WIDTH = 7.0
BITS = {"L": 1, "U": 2, "R": 4, "D": 8}  # the stub toward each side
TILE = QColor("#f3eee4")
EMPTY = QColor("#5b5b66")
GRID = QColor("#c9bfae")
PIPE = {"largest": QColor("#2e9e5b"), "cycle": QColor("#d1495b"), "other": QColor("#5a6f8f")}
LAST_MOVE = QColor("#e07a1f")
# Arrow keys name where the TILE goes; the contest letter is where the empty square goes.
ARROWS = {Qt.Key_Left: "R", Qt.Key_Up: "D", Qt.Key_Right: "L", Qt.Key_Down: "U"}
LETTER_KEYS = {Qt.Key_L: "L", Qt.Key_U: "U", Qt.Key_R: "R", Qt.Key_D: "D"}


def cell_kinds(board: Board, parts: list) -> list[str]:
    """Per cell: 'largest' (the largest tree, S), 'cycle', 'other' or '' (the empty square).

    ``parts`` is ``components(board)``.
    """
    kinds = [""] * (board.n * board.n)
    trees = [cells for cells, is_tree in parts if is_tree]
    largest = max(trees, key=len, default=())  # max keeps the first of equal sizes, as the judge
    for cells, is_tree in parts:
        kind = "largest" if cells == largest else "other" if is_tree else "cycle"
        for cell in cells:
            kinds[cell] = kind
    return kinds


class Ahc011Adapter(BoardAdapter):
    help_text = QT_TRANSLATE_NOOP(
        "Painter",
        "Play: an arrow key slides a tile into the empty square in the arrow's direction (Right "
        "moves the tile left of the gap to the right, so the empty square goes left: contest letter "
        "L). The keys U, D, L and R play the contest letters themselves (where the empty square "
        "goes). A click on a tile beside the empty square slides it in.\n\n"
        "Edit: a click near a side of a tile toggles that stub; a click in the middle of a tile "
        "moves the empty square there. Saving checks the board (one empty square, enough matching "
        "stubs).",
    )
    editor_note = (
        "An AHC011 board keeps its size and its tiles. Click near a side of a tile to toggle that "
        "stub, or in the middle of a tile to move the empty square there. For another size, use "
        "File ▸ Generate board… (N from 6 to 10)."
    )
    view_options = (("components", "Colour the largest tree and the cycles", True),)
    play_keys = QT_TRANSLATE_NOOP(
        "Painter", "keys: arrows move a tile into the gap, U/D/L/R move the gap (contest letters)"
    )
    edit_keys = QT_TRANSLATE_NOOP(
        "Painter", "click near a side of a tile to toggle that stub, in its middle to move the gap there"
    )

    def __init__(self, puzzle, scene):
        super().__init__(puzzle, scene)
        self.n = 0
        self.cells: list[QGraphicsRectItem] = []
        self.stubs: list[dict[str, QGraphicsLineItem]] = []
        self.hubs: list[QGraphicsEllipseItem] = []
        self.marks: list = []  # transient outlines: last move, highlights

    # ---------------------------------------------------------- drawing
    def build(self, instance: Case) -> None:
        self.scene.clear()
        self.marks, self.cells, self.stubs, self.hubs = [], [], [], []
        self.n = instance.n
        for row in range(self.n):
            for col in range(self.n):
                x, y = col * CELL, row * CELL
                self.cells.append(self.scene.addRect(QRectF(x, y, CELL, CELL), QPen(GRID, 0), QBrush(TILE)))
                centre = QPointF(x + CELL / 2, y + CELL / 2)
                stubs = {}
                for side, (dr, dc) in DIRECTIONS.items():
                    end = centre + QPointF(dc * CELL / 2, dr * CELL / 2)
                    line = self.scene.addLine(QLineF(centre, end))
                    line.setZValue(1)
                    stubs[side] = line
                self.stubs.append(stubs)
                d = STUB_WIDTH * 1.6
                hub = self.scene.addEllipse(QRectF(centre.x() - d / 2, centre.y() - d / 2, d, d))
                hub.setZValue(2)
                self.hubs.append(hub)
        label_coordinates(self.scene, self.n, self.n, CELL, LABEL)  # 0-based, as the spec counts
        self.scene.setSceneRect(QRectF(-LABEL, -LABEL, self.n * CELL + LABEL + 4, self.n * CELL + LABEL + 4))

    def show(self, instance: Case, state: Board, last_move=None, highlight=(), hints=True) -> None:
        if state.n != self.n:
            self.build(instance)
        for item in self.marks:
            self.scene.removeItem(item)
        self.marks = []
        kinds = cell_kinds(state, components(state)) if self.options["components"] else None
        for cell, tile in enumerate(state.tiles):
            self.cells[cell].setBrush(QBrush(EMPTY if tile == 0 else TILE))
            colour = PIPE[kinds[cell]] if kinds and tile else PIPE["other"]
            pen = QPen(colour, STUB_WIDTH, Qt.SolidLine, Qt.FlatCap)
            for side, line in self.stubs[cell].items():
                line.setVisible(bool(tile & BITS[side]))
                line.setPen(pen)
            self.hubs[cell].setVisible(tile != 0)
            self.hubs[cell].setPen(QPen(Qt.NoPen))
            self.hubs[cell].setBrush(QBrush(colour))
        if last_move in DIRECTIONS:
            # The tile that just moved sits where the empty square came from.
            dr, dc = DIRECTIONS[OPPOSITE[last_move]]
            row, col = state.empty_cell
            self._outline(row + dr, col + dc, LAST_MOVE)
        for row, col in highlight:
            self._outline(row, col, LAST_MOVE)

    def hint_marks(self, instance: Case, state: Board, move) -> HintMarks:
        """The tile that slides (the empty square moves toward it) and an arrow into the empty square."""
        dr, dc = DIRECTIONS[move]
        row, col = state.empty_cell
        tile, hole = cell_square(row + dr, col + dc, CELL), cell_square(row, col, CELL)
        return HintMarks((tile,), (tile.center(), hole.center()))

    def _outline(self, row: int, col: int, colour: QColor) -> None:
        if not (0 <= row < self.n and 0 <= col < self.n):
            return
        item = self.scene.addRect(
            QRectF(col * CELL + 2, row * CELL + 2, CELL - 4, CELL - 4), QPen(colour, 3), QBrush(Qt.NoBrush)
        )
        item.setZValue(3)
        self.marks.append(item)

    def cell_at(self, point: QPointF):
        """(row, col, side): side is the letter of the side clicked near, or None for the middle."""
        if point.x() < 0 or point.y() < 0:
            return None
        row, col = int(point.y() // CELL), int(point.x() // CELL)
        if not (0 <= row < self.n and 0 <= col < self.n):
            return None
        fx, fy = point.x() / CELL - col, point.y() / CELL - row
        nearest = min((fx, "L"), (fy, "U"), (1 - fx, "R"), (1 - fy, "D"))
        return row, col, nearest[1] if nearest[0] < SIDE_ZONE else None

    def status_text(self, instance: Case, state: Board) -> str:
        parts = components(state)
        kinds = cell_kinds(state, parts)
        cycles = sum(1 for _cells, is_tree in parts if not is_tree)
        problems = board_problems(state)
        check = "board check: " + ("; ".join(problems) if problems else "ok")
        return (
            f"empty ({state.empty_cell[0]},{state.empty_cell[1]})  |  "
            f"{kinds.count('largest')} in the largest tree, {cycles} cycle(s)  |  {check}"
        )

    # ---------------------------------------------------------- playing
    def _toward(self, state: Board, row: int, col: int) -> str | None:
        """The letter that moves the empty square onto (row, col), if they are neighbours."""
        er, ec = state.empty_cell
        return next((d for d, (dr, dc) in DIRECTIONS.items() if (er + dr, ec + dc) == (row, col)), None)

    def press(self, instance: Case, state: Board, cell):
        row, col, _side = cell
        if (row, col) == state.empty_cell:
            return None
        move = self._toward(state, row, col)
        if move is None:
            er, ec = state.empty_cell
            raise IllegalMove(
                f"the tile at ({row},{col}) is not next to the empty square at ({er},{ec}): click a tile beside the gap"
            )
        return move

    def key(self, instance: Case, state: Board, key):
        return ARROWS.get(key) or LETTER_KEYS.get(key)

    # ---------------------------------------------------------- editing
    def edit_click(self, instance: Case, cell, paint=None):
        row, col, side = cell
        n, tiles = instance.n, bytearray(instance.start.tiles)
        index = row * n + col
        empty = instance.start.empty
        if side is None:
            # The middle of a cell: the empty square goes there, the tile to where it was.
            tiles[empty], tiles[index] = tiles[index], 0
        elif index == empty:
            raise EditError("the empty square has no stubs: click the middle of a tile to move the gap there")
        else:
            tiles[index] ^= BITS[side]
            if tiles[index] == 0:
                raise EditError(f"the tile at ({row},{col}) would have no stub left (0 is the empty square)")
        return Case(Board.from_tiles(n, bytes(tiles)), instance.limit), None

    def size_of(self, instance: Case):
        return instance.n, instance.n


ADAPTER = Ahc011Adapter
