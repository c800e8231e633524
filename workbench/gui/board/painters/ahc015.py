"""AHC015 board painter: the 10x10 candy box, the coming candies beside it.

Flavours are told apart by colour and by glyph (strawberry ●, watermelon ■,
pumpkin ▲, in Okabe–Ito colours that stay distinct for colour-blind eyes).
A thick line separates neighbouring cells of different components, so the
groups the score counts are visible at a glance. Play: the arrow keys tilt
(Up = F toward row 0, Down = B, Left = L, Right = R); the next candy then drops
where the input file says.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from workbench.core.words import QT_TRANSLATE_NOOP
from workbench.gui.board.painters.base import BoardAdapter, HintMarks, surround_ink
from workbench.puzzles.ahc015.box import CANDIES, FLAVOUR_NAMES, SIDE, Box, component_ids

CELL = 40.0
INSET = 7.0  # margin between a cell's edge and its candy
GAP = 30.0  # between the box and the queue of coming candies
QUEUE = 12  # coming flavours listed beside the box
SMALL = 24.0  # cell size of the queue
FLAVOUR_COLOURS = {1: QColor("#CC79A7"), 2: QColor("#009E73"), 3: QColor("#E69F00")}
FLAVOUR_GLYPHS = {1: "●", 2: "■", 3: "▲"}
BOX_FILL = QColor("#faf7f0")
GRID = QColor("#d8d0c0")
BORDER = QColor("#3a3a3a")
OUTLINE_DARK = "#b4a78c"  # the box's outline on the dark theme: light on the surround, darker than the box
HIGHLIGHT = QColor("#0072B2")
TEXT, TEXT_DARK = "#5a5040", "#d8ccb4"  # "next" and "then", on the view's background (light, dark theme)
CANDY_EDGE = QColor(0, 0, 0, 96)
KEY_TILTS = {Qt.Key_Up: "F", Qt.Key_Down: "B", Qt.Key_Left: "L", Qt.Key_Right: "R"}


def candy_path(flavour: int, size: float) -> QPainterPath:
    """The glyph of ``flavour`` filling a ``size`` square at the origin (less the inset)."""
    inset = size * INSET / CELL
    inner = QRectF(inset, inset, size - 2 * inset, size - 2 * inset)
    path = QPainterPath()
    if flavour == 1:
        path.addEllipse(inner)
    elif flavour == 2:
        path.addRect(inner.adjusted(1, 1, -1, -1))
    else:
        path.addPolygon(
            QPolygonF(
                [
                    QPointF(inner.center().x(), inner.top()),
                    inner.bottomRight(),
                    inner.bottomLeft(),
                    QPointF(inner.center().x(), inner.top()),
                ]
            )
        )
    return path


class Ahc015Adapter(BoardAdapter):
    help_text = QT_TRANSLATE_NOOP(
        "Painter",
        "Play: the arrow keys tilt the box (Up = F toward row 0, Down = B, Left = L, Right = R); "
        "the next candy then drops where the input file says. Flavours differ by colour and by "
        "glyph (strawberry ●, watermelon ■, pumpkin ▲), and a thick line separates neighbouring "
        "groups, the groups the score counts.\n\n"
        "Edit: nothing to draw. The box starts empty, and the input file fixes the order of the "
        "100 candies and where each one drops; open another input or use File ▸ Generate board….",
    )
    editor_note = (
        "An AHC015 case has nothing to draw: the box starts empty, and the input file fixes the "
        "order of the 100 candies and where each drops. Open another input file, or use "
        "File ▸ Generate board… for another seed."
    )
    can_edit_cells = False
    play_keys = QT_TRANSLATE_NOOP("Painter", "arrows tilt: ↑ F  ↓ B  ← L  → R")
    edit_keys = QT_TRANSLATE_NOOP("Painter", "nothing to draw: the input fixes the candies")

    def __init__(self, puzzle, scene):
        super().__init__(puzzle, scene)
        self.candies: list[QGraphicsPathItem] = []
        self.walls: dict[tuple[int, int], object] = {}  # (cell, right or lower neighbour) -> line
        self.queue: list[QGraphicsPathItem] = []
        self.marks: list = []
        self.paths = {f: candy_path(f, CELL) for f in FLAVOUR_NAMES}
        self.small_paths = {f: candy_path(f, SMALL) for f in FLAVOUR_NAMES}

    # ---------------------------------------------------------- drawing
    def build(self, instance) -> None:
        self.scene.clear()
        self.marks = []
        self.scene.addRect(QRectF(0, 0, SIDE * CELL, SIDE * CELL), QPen(Qt.NoPen), QBrush(BOX_FILL))
        grid_pen = QPen(GRID, 0)  # cosmetic: one pixel at any zoom
        for k in range(1, SIDE):
            self.scene.addLine(k * CELL, 0, k * CELL, SIDE * CELL, grid_pen)
            self.scene.addLine(0, k * CELL, SIDE * CELL, k * CELL, grid_pen)
        self.candies = []
        for i in range(SIDE * SIDE):
            r, c = divmod(i, SIDE)
            item = self.scene.addPath(QPainterPath(), QPen(CANDY_EDGE, 1))
            item.setPos(c * CELL, r * CELL)
            item.setZValue(2)
            self.candies.append(item)
        wall_pen = QPen(BORDER, 3.5)
        wall_pen.setCapStyle(Qt.RoundCap)
        self.walls = {}
        for i in range(SIDE * SIDE):
            r, c = divmod(i, SIDE)
            if c < SIDE - 1:
                self.walls[(i, i + 1)] = self.scene.addLine(
                    (c + 1) * CELL, r * CELL, (c + 1) * CELL, (r + 1) * CELL, wall_pen
                )
            if r < SIDE - 1:
                self.walls[(i, i + SIDE)] = self.scene.addLine(
                    c * CELL, (r + 1) * CELL, (c + 1) * CELL, (r + 1) * CELL, wall_pen
                )
        for line in self.walls.values():
            line.setZValue(3)
        # The box's outline half lies on the view's surround: dark ink vanished on the dark theme's.
        outline = QPen(surround_ink(BORDER.name(), OUTLINE_DARK), 4)
        self.scene.addRect(QRectF(0, 0, SIDE * CELL, SIDE * CELL), outline).setZValue(3)
        self._build_queue()
        width = SIDE * CELL + GAP + CELL
        self.scene.setSceneRect(QRectF(-8, -8, width + 16, SIDE * CELL + 16))

    def _build_queue(self) -> None:
        """The 'next' candy, large, then the flavours after it, small, top to bottom."""
        left = SIDE * CELL + GAP
        font = QFont()
        font.setPixelSize(13)
        label = self.scene.addSimpleText("next", font)
        label.setBrush(QBrush(surround_ink(TEXT, TEXT_DARK)))
        label.setPos(left, 0)
        self.queue = []
        big = self.scene.addPath(QPainterPath(), QPen(CANDY_EDGE, 1))
        big.setPos(left, 18)
        self.queue.append(big)
        then = self.scene.addSimpleText("then", font)
        then.setBrush(QBrush(surround_ink(TEXT, TEXT_DARK)))
        then.setPos(left, 18 + CELL + 6)
        top = 18 + CELL + 24
        for k in range(QUEUE):
            item = self.scene.addPath(QPainterPath(), QPen(CANDY_EDGE, 1))
            item.setPos(left + (CELL - SMALL) / 2, top + k * SMALL)
            self.queue.append(item)

    def show(self, instance, state: Box, last_move=None, highlight=(), hints=True) -> None:
        for item in self.marks:
            self.scene.removeItem(item)
        self.marks = []
        cells = state.cells
        for item, flavour in zip(self.candies, cells):
            self._paint(item, flavour, self.paths)
        ids = component_ids(cells)
        for (a, b), line in self.walls.items():
            line.setVisible(ids[a] != ids[b])  # two empty cells share the id -1: no wall
        coming = state.flavours[state.turn : state.turn + 1 + QUEUE]
        for k, item in enumerate(self.queue):
            flavour = coming[k] if k < len(coming) else 0
            self._paint(item, flavour, self.paths if k == 0 else self.small_paths)
        for r, c in highlight:
            mark = self.scene.addRect(
                QRectF(c * CELL + 2, r * CELL + 2, CELL - 4, CELL - 4), QPen(HIGHLIGHT, 3), QBrush(Qt.NoBrush)
            )
            mark.setZValue(4)
            self.marks.append(mark)

    def hint_marks(self, instance, state: Box, move) -> HintMarks:
        """The edge the candies slide to (F: row 0, B: row 9, L: column 0, R: column 9) and an arrow
        from the middle of the box toward it."""
        full, edge = (
            SIDE * CELL,
            {"F": (0, 0, SIDE, 1), "B": (SIDE - 1, 0, SIDE, 1), "L": (0, 0, 1, SIDE), "R": (0, SIDE - 1, 1, SIDE)}[
                move
            ],
        )
        row, col, width, height = edge
        band = QRectF(col * CELL, row * CELL, width * CELL, height * CELL)
        middle = QPointF(full / 2, full / 2)
        # The arrow stops short of the edge band, so it points at the band instead of hiding it.
        end = middle + (band.center() - middle) * 0.7
        return HintMarks((band,), (middle, end))

    @staticmethod
    def _paint(item: QGraphicsPathItem, flavour: int, paths) -> None:
        item.setVisible(flavour != 0)
        if flavour:
            item.setPath(paths[flavour])
            item.setBrush(QBrush(FLAVOUR_COLOURS[flavour]))

    def cell_at(self, point: QPointF):
        r, c = int(point.y() // CELL), int(point.x() // CELL)
        if point.x() >= 0 and point.y() >= 0 and r < SIDE and c < SIDE:
            return (r, c)
        return None

    def size_of(self, instance):
        return SIDE, SIDE

    # ---------------------------------------------------------- playing
    def key(self, instance, state: Box, key):
        return KEY_TILTS.get(key)

    def status_text(self, instance, state: Box) -> str:
        if state.over:
            return "the box is full"
        if state.turn == CANDIES:
            return "all candies in: the last tilt changes nothing"
        flavour = state.next_flavour
        return f"next: candy {state.turn + 1}, {FLAVOUR_NAMES[flavour]} {FLAVOUR_GLYPHS[flavour]}"


ADAPTER = Ahc015Adapter
