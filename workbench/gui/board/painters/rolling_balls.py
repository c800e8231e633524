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


def _target_pen(colour: str) -> QPen:
    pen = QPen(QColor(colour), 3)
    pen.setJoinStyle(Qt.MiterJoin)
    return pen


# Made once: a preview can repaint hundreds of balls at a time.
BALL_BRUSHES = tuple(QBrush(QColor(colour)) for colour in COLOURS)
DIGIT_BRUSHES = tuple(QBrush(Qt.black if k in DARK_DIGIT else Qt.white) for k in range(10))
BALL_PEN = QPen(QColor("#222222"), 1)
TARGET_PENS = tuple(_target_pen(colour) for colour in COLOURS)


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
        # Per cell, the items of a ball and of a target (None until a ball or a target is
        # first shown there): a 52x57 board has 300 balls, and 12,000 hidden items made
        # every repaint of the board walk them.
        self.balls, self.digits, self.targets, self.target_digits = [], [], [], []
        self.marks: list = []  # transient items: selection, last roll
        # What the cells show now (options, board, targets): a new state touches only the
        # cells that differ, not all 3,000 of a 52x57 board (a frontier preview, a step).
        self._shown: tuple | None = None
        self._ball_font = self._target_font = None  # made by build()
        self._digit_offsets: dict[int, tuple[float, float]] = {}  # a digit's place in its cell
        self._follow = None  # where the selected ball stops, so the selection can follow it

    # ---------------------------------------------------------- drawing
    def build(self, instance: Case) -> None:
        self.scene.clear()
        self.marks = []
        self._shown = None
        self.rows, self.cols = instance.start.rows, instance.start.cols
        cells = self.rows * self.cols
        for items in (self.balls, self.digits, self.targets, self.target_digits):
            items[:] = [None] * cells
        edge = QPen(FLOOR_EDGE, 0)  # cosmetic: one pixel at any zoom
        self.grid = CellGrid(self.rows, self.cols, CELL, edge, [FLOOR] * cells)
        self.scene.addItem(self.grid)
        self._ball_font, self._target_font = QFont(), QFont()
        self._ball_font.setPixelSize(int(CELL * 0.5))
        self._ball_font.setBold(True)
        self._target_font.setPixelSize(int(CELL * 0.28))
        self._digit_offsets = {}
        label_coordinates(self.scene, self.rows, self.cols, CELL, LABEL)  # as the answer's R C D count
        self.scene.setSceneRect(QRectF(-LABEL, -LABEL, self.cols * CELL + LABEL + 4, self.rows * CELL + LABEL + 4))

    def show(self, instance: Case, state: Board, last_move=None, highlight=(), hints=True) -> None:
        if (state.rows, state.cols) != (self.rows, self.cols):
            self.build(instance)
        for item in self.marks:
            self.scene.removeItem(item)
        self.marks = []
        show_balls, show_targets = self.options["balls"], self.options["targets"]
        cells, targets = state.cells, instance.target.cells
        shown = self._shown
        if shown is not None and shown[0] != (show_balls, show_targets):
            shown = None
        for index, (now, wanted) in enumerate(zip(cells, targets)):
            if shown is not None and shown[1][index] == now and shown[2][index] == wanted:
                continue
            self.grid.set_fill(index, WALL_FILL if now == WALL else FLOOR)
            self._paint_ball(index, now if is_ball(now) else None, show_balls)
            self._paint_target(index, wanted if is_ball(wanted) else None, show_targets)
        self._shown = ((show_balls, show_targets), cells, targets)
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

    def _ball_items(self, index: int):
        """The disc and the digit of a ball on cell ``index``, made the first time."""
        if self.balls[index] is None:
            x, y = index % self.cols * CELL, index // self.cols * CELL
            disc = self.scene.addEllipse(
                QRectF(x + BALL_INSET, y + BALL_INSET, CELL - 2 * BALL_INSET, CELL - 2 * BALL_INSET)
            )
            disc.setZValue(2)
            disc.setPen(BALL_PEN)
            digit = self.scene.addSimpleText("", self._ball_font)
            digit.setZValue(3)
            self.balls[index], self.digits[index] = disc, digit
        return self.balls[index], self.digits[index]

    def _target_items(self, index: int):
        """The outline and the small digit of a target on cell ``index``, made the first time."""
        if self.targets[index] is None:
            x, y = index % self.cols * CELL, index // self.cols * CELL
            side = CELL - 2 * TARGET_INSET
            marker = self.scene.addRect(QRectF(x + TARGET_INSET, y + TARGET_INSET, side, side))
            marker.setZValue(1)
            marker.setBrush(QBrush(Qt.NoBrush))
            small = self.scene.addSimpleText("", self._target_font)
            small.setPos(x + 3, y + 1)
            small.setZValue(1)
            self.targets[index], self.target_digits[index] = marker, small
        return self.targets[index], self.target_digits[index]

    @staticmethod
    def _cell_items(index: int, colour_char, shown: bool, made: list, make):
        """A cell's two items (made on first use by ``make``), shown when it holds ``colour_char``
        and ``shown``; None when there is nothing to paint (an empty cell)."""
        if colour_char is None and made[index] is None:
            return None  # never painted here: nothing to hide
        items = make(index)
        for item in items:
            item.setVisible(colour_char is not None and shown)
        return None if colour_char is None else items

    def _paint_ball(self, index: int, colour_char, shown: bool) -> None:
        """The ball ``colour_char`` (None: no ball) on cell ``index``, hidden unless ``shown``."""
        items = self._cell_items(index, colour_char, shown, self.balls, self._ball_items)
        if items is None:
            return
        disc, digit = items
        k = colour_char - ord("0")
        disc.setBrush(BALL_BRUSHES[k])
        digit.setText(str(k))
        digit.setBrush(DIGIT_BRUSHES[k])
        if k not in self._digit_offsets:  # the digit's box, centred on a cell
            box = digit.boundingRect()
            self._digit_offsets[k] = ((CELL - box.width()) / 2, (CELL - box.height()) / 2)
        dx, dy = self._digit_offsets[k]
        digit.setPos(index % self.cols * CELL + dx, index // self.cols * CELL + dy)

    def _paint_target(self, index: int, colour_char, shown: bool) -> None:
        """The target ``colour_char`` (None: none) on cell ``index``, hidden unless ``shown``."""
        items = self._cell_items(index, colour_char, shown, self.targets, self._target_items)
        if items is None:
            return
        marker, small = items
        k = colour_char - ord("0")
        marker.setPen(TARGET_PENS[k])
        small.setText(str(k))

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
