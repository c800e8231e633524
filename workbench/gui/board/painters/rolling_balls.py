"""RollingBalls board painter: walls, numbered coloured balls, outlined targets.

Play: click a ball to select it, then press an arrow key (the selection follows
the ball, so arrow keys chain), click an empty cell in line with it, or drag
the ball the way it should roll. Edit (``rolling_balls/editing.py`` in the
rules package): walls, ball + target pairs of a colour, dragging a ball or a
target, erasing a pair, so the start and the target always stay a valid case.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsLineItem

from workbench.core.errors import IllegalMove
from workbench.core.words import QT_TRANSLATE_NOOP
from workbench.gui.board.painters.base import BoardAdapter, HintMarks, cell_square, label_coordinates
from workbench.gui.board.painters.cell_grid import CellGrid
from workbench.gui.board.painters.cell_marks import CellMarks
from workbench.puzzles.rolling_balls import Board, Case, Roll, editing
from workbench.puzzles.rolling_balls.board import WALL, is_ball, roll_end

CELL = 32.0
LABEL = 22.0  # margin for the coordinate labels
BALL_INSET = 4.0
TARGET_INSET = 1.5
# Okabe-Ito's colour-blind safe set, with indigo and wine from Paul Tol's for
# colours 7 and 9 (black would vanish against the walls); the digit is drawn
# on every ball and target as well, so no colour has to be told by hue alone.
COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#332288", "#999999", "#882255")
DARK_DIGIT = {0, 1, 3, 8}  # light balls get a black digit, the others white
FLOOR, FLOOR_EDGE, WALL_FILL = QColor("#f5f2ea"), QColor("#d6d0c2"), QColor("#4a4a4a")
SELECTED, LAST_MOVE = QColor("#d1005b"), QColor("#d1495b")
KEYS = {Qt.Key_Left: 0, Qt.Key_Down: 1, Qt.Key_Right: 2, Qt.Key_Up: 3}
STEP = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}  # unit step -> contest direction
ZERO = ord("0")


def _target_pen(colour: str) -> QPen:
    pen = QPen(QColor(colour), 3)
    pen.setJoinStyle(Qt.MiterJoin)
    return pen


# Made once: a layer paints a sprite of each colour at each zoom.
BALL_BRUSHES = tuple(QBrush(QColor(colour)) for colour in COLOURS)
DIGIT_PENS = tuple(QPen(Qt.black if k in DARK_DIGIT else Qt.white) for k in range(10))
BALL_PEN = QPen(QColor("#222222"), 1)
TARGET_PENS = tuple(_target_pen(colour) for colour in COLOURS)
TARGET_DIGIT_PEN = QPen(Qt.black)


def _colours(cells: bytes) -> dict[int, int]:
    """The colour (0-9) of the ball on each cell that holds one, by cell index."""
    return {index: cell - ZERO for index, cell in enumerate(cells) if is_ball(cell)}


class RollingBallsAdapter(BoardAdapter):
    help_text = QT_TRANSLATE_NOOP(
        "Painter",
        "Play: click a ball to select it, then press an arrow key (the selection follows the "
        "ball, so arrow keys chain), click an empty cell in line with it, or drag the ball the way "
        "it should roll. A ball rolls until a wall or another ball stops it.\n\n"
        "Edit: with the paint chosen in the editor panel, toggle walls, place a ball and its target "
        "of a colour, drag a ball or a target, or erase a pair; the start and the targets always "
        "stay a valid case.",
    )
    can_resize = True
    play_keys = QT_TRANSLATE_NOOP("Painter", "click a ball, then an arrow key or drag it")
    edit_keys = QT_TRANSLATE_NOOP(
        "Painter", "click or drag with the editor's paint: walls, a ball and its target, moves, erase"
    )
    palette = (
        ("Wall (toggle)", editing.WALL_BRUSH),
        *((f"Ball + target, colour {k}", editing.pair_brush(k)) for k in range(10)),
        ("Move a ball (drag it)", editing.MOVE_BALL),
        ("Move a target (drag it)", editing.MOVE_TARGET),
        ("Erase a ball with its target", editing.ERASE),
    )
    view_options = (
        ("balls", "Show balls (the start while editing, else the current board)", True),
        ("targets", "Show targets", True),
    )

    def __init__(self, puzzle, scene):
        super().__init__(puzzle, scene)
        self.rows = self.cols = 0
        self.grid: CellGrid | None = None  # the floor and the walls
        # The balls and the targets, each a layer of sprites (``CellMarks``): a 52x57 board has
        # 300 of each, and as 1,200 items every repaint of the board walked and painted them.
        self.ball_marks: CellMarks | None = None
        self.target_marks: CellMarks | None = None
        self.marks: list = []  # transient items: selection, last roll
        # What the cells show now (board, targets): a new state touches only the cells that
        # differ, not all 3,000 of a 52x57 board (a frontier preview, a step).
        self._shown: tuple | None = None
        self._ball_font = self._target_font = None  # made by build()
        self._follow = None  # where the selected ball stops, so the selection can follow it

    # ---------------------------------------------------------- drawing
    def build(self, instance: Case) -> None:
        self.scene.clear()
        self.marks = []
        self._shown = None
        self.rows, self.cols = instance.start.rows, instance.start.cols
        cells = self.rows * self.cols
        edge = QPen(FLOOR_EDGE, 0)  # cosmetic: one pixel at any zoom
        self.grid = CellGrid(self.rows, self.cols, CELL, edge, [FLOOR] * cells)
        self.scene.addItem(self.grid)
        self._ball_font, self._target_font = QFont(), QFont()
        self._ball_font.setPixelSize(int(CELL * 0.5))
        self._ball_font.setBold(True)
        self._target_font.setPixelSize(int(CELL * 0.28))
        self.target_marks = CellMarks(self.rows, self.cols, CELL, self._draw_target)
        self.ball_marks = CellMarks(self.rows, self.cols, CELL, self._draw_ball)
        for z, layer in ((1, self.target_marks), (2, self.ball_marks)):
            layer.setZValue(z)
            self.scene.addItem(layer)
        label_coordinates(self.scene, self.rows, self.cols, CELL, LABEL)  # as the answer's R C D count
        self.scene.setSceneRect(QRectF(-LABEL, -LABEL, self.cols * CELL + LABEL + 4, self.rows * CELL + LABEL + 4))

    def show(self, instance: Case, state: Board, last_move=None, highlight=(), hints=True) -> None:
        if (state.rows, state.cols) != (self.rows, self.cols):
            self.build(instance)
        for item in self.marks:
            self.scene.removeItem(item)
        self.marks = []
        self.ball_marks.setVisible(self.options["balls"])
        self.target_marks.setVisible(self.options["targets"])
        cells, targets = state.cells, instance.target.cells
        shown_cells, shown_targets = self._shown or (None, None)
        if cells != shown_cells:
            changed = (
                range(len(cells))
                if shown_cells is None
                else [i for i, (now, was) in enumerate(zip(cells, shown_cells)) if now != was]
            )
            for index in changed:
                self.grid.set_fill(index, WALL_FILL if cells[index] == WALL else FLOOR)
            self.ball_marks.set_marks(_colours(cells))
        if targets != shown_targets:
            self.target_marks.set_marks(_colours(targets))
        self._shown = (cells, targets)
        if last_move is not None:
            self._mark_roll(state, Roll(*last_move))
        for r, c in highlight:
            self._outline(r, c, SELECTED)
        if (
            self.selection is not None
            and hints
            and state.inside(*self.selection)
            and is_ball(state.at(*self.selection))
        ):
            self._outline(*self.selection, SELECTED)

    def hint_marks(self, instance: Case, state: Board, move) -> HintMarks:
        """The ball that rolls and the cell it stops on, an arrow along its way."""
        roll = Roll(*move)
        stop = roll_end(state.cells, state.rows, state.cols, roll.r, roll.c, roll.d)
        start, end = cell_square(roll.r, roll.c, CELL), cell_square(*stop, CELL)
        return HintMarks((start, end), (start.center(), end.center()))

    def _draw_ball(self, painter, cell: QRectF, k) -> None:
        """Ball ``k``: a disc of its colour with its digit in the middle."""
        painter.setPen(BALL_PEN)
        painter.setBrush(BALL_BRUSHES[k])
        painter.drawEllipse(cell.adjusted(BALL_INSET, BALL_INSET, -BALL_INSET, -BALL_INSET))
        painter.setFont(self._ball_font)
        painter.setPen(DIGIT_PENS[k])
        painter.drawText(cell, Qt.AlignCenter, str(k))

    def _draw_target(self, painter, cell: QRectF, k) -> None:
        """Target ``k``: an outline of its colour, its digit small in the top left corner."""
        painter.setPen(TARGET_PENS[k])
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(cell.adjusted(TARGET_INSET, TARGET_INSET, -TARGET_INSET, -TARGET_INSET))
        painter.setFont(self._target_font)
        painter.setPen(TARGET_DIGIT_PEN)
        painter.drawText(cell.adjusted(3, 1, 0, 0), Qt.AlignLeft | Qt.AlignTop, str(k))

    def _outline(self, r: int, c: int, colour: QColor) -> None:
        item = self.scene.addEllipse(
            QRectF(c * CELL + 1, r * CELL + 1, CELL - 2, CELL - 2), QPen(colour, 3), QBrush(Qt.NoBrush)
        )
        item.setZValue(4)
        self.marks.append(item)

    def _mark_roll(self, state: Board, roll: Roll) -> None:
        """A dashed line from where the last roll started to where its ball lies now."""
        r, c, d = roll
        if not state.inside(r, c) or not 0 <= d <= 3:
            return
        # After the roll, every cell between the start and the ball is empty.
        dr, dc = ((0, -1), (1, 0), (0, 1), (-1, 0))[d]
        er, ec = r, c
        while not is_ball(state.at(er, ec)) and state.inside(er + dr, ec + dc):
            er, ec = er + dr, ec + dc
        line = QGraphicsLineItem(c * CELL + CELL / 2, r * CELL + CELL / 2, ec * CELL + CELL / 2, er * CELL + CELL / 2)
        line.setPen(QPen(LAST_MOVE, 2, Qt.DashLine))
        line.setZValue(4)
        self.scene.addItem(line)
        self.marks.append(line)

    def cell_at(self, point: QPointF):
        if point.x() < 0 or point.y() < 0:
            return None
        r, c = int(point.y() // CELL), int(point.x() // CELL)
        return (r, c) if r < self.rows and c < self.cols else None

    # ---------------------------------------------------------- playing
    def press(self, instance: Case, state: Board, cell):
        if is_ball(state.at(*cell)):
            self.selection = None if self.selection == cell else cell
            return None
        if self.selection is None:
            return None
        (r0, c0), (r, c) = self.selection, cell
        if r != r0 and c != c0:
            raise IllegalMove(
                f"({r}, {c}) is not in a line with the selected ball at "
                f"({r0}, {c0}): click a cell in its row or column, or press an "
                "arrow key"
            )
        step = ((r > r0) - (r < r0), (c > c0) - (c < c0))
        return self._roll(state, STEP[step])

    def release(self, instance: Case, state: Board, start, cell):
        if start is None or not is_ball(state.at(*start)):
            return None
        dr, dc = cell[0] - start[0], cell[1] - start[1]
        step = ((dr > 0) - (dr < 0), 0) if abs(dr) >= abs(dc) else (0, (dc > 0) - (dc < 0))
        self.selection = start
        return self._roll(state, STEP[step])

    def key(self, instance: Case, state: Board, key):
        if key not in KEYS:
            return None
        if self.selection is None or not is_ball(state.at(*self.selection)):
            raise IllegalMove("no ball selected: click a ball, then press an arrow key")
        return self._roll(state, KEYS[key])

    def _roll(self, state: Board, d: int) -> Roll:
        r, c = self.selection
        self._follow = roll_end(state.cells, state.rows, state.cols, r, c, d)
        return Roll(r, c, d)

    def move_note(self, instance: Case, before: Board, move, after: Board) -> str:
        if after.cells != before.cells:
            return ""
        r, c, d = move
        dr, dc = ((0, -1), (1, 0), (0, 1), (-1, 0))[d]
        nr, nc = r + dr, c + dc
        if not (0 <= nr < before.rows and 0 <= nc < before.cols):
            blocker = "the edge of the board"
        elif before.at(nr, nc) == WALL:
            blocker = f"a wall at ({nr}, {nc})"
        else:
            blocker = f"a ball at ({nr}, {nc})"
        way = ("left", "down", "right", "up")[d]
        return (
            f"Blocked: the ball at ({r}, {c}) cannot roll {way}, {blocker} is in the way. "
            "The roll still counts toward the limit (Undo takes it back)."
        )

    def clear_selection(self) -> None:
        # Called as the roll is handed to the game: keep the ball selected where it stops.
        self.selection, self._follow = self._follow, None

    def status_text(self, instance: Case, state: Board) -> str:
        # The window redraws this line after moves, not after a click that only selects,
        # so it holds nothing about the selection (the board outlines the selected ball).
        left = instance.n_balls - sum(
            1 for now, wanted in zip(state.cells, instance.target.cells) if is_ball(wanted) and now == wanted
        )
        return f"{left} targets unmatched"

    # ---------------------------------------------------------- editing
    def edit_click(self, instance: Case, cell, paint=None):
        dragging = paint is not None
        return editing.edit(instance, cell, paint if dragging else self.brush, dragging)

    def size_of(self, instance: Case):
        return instance.start.rows, instance.start.cols

    def resize(self, instance: Case, rows: int, cols: int) -> Case:
        return editing.resize(instance, rows, cols)


ADAPTER = RollingBallsAdapter
