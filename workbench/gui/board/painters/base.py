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

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QGuiApplication, QPalette, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSimpleTextItem
from shiboken6 import isValid

from workbench.core.words import QT_TRANSLATE_NOOP

LABEL_PIXELS = 11  # coordinate labels keep this size on screen at any zoom
LABEL_STEPS = (1, 2, 5, 10, 20, 50, 100)
LABEL_Z = 100  # above every board item
LABEL_BACKING = QColor(255, 255, 255, 215)
LABEL_INK = "#6b604c"  # on the light board (pinned over its cells) and on a light surround
LABEL_INK_DARK = "#c9bfae"  # on the dark theme's surround
LABEL_EDGE = 0  # item data key: "top" for a column number, "left" for a row number
# A hint's marks: a colour no painter uses for its own marks (last move, selection, erased), drawn
# dashed above every board item but the labels, so it reads as a suggestion, not as a move played.
HINT_COLOUR = QColor("#7b2fbe")
HINT_FILL = QColor(123, 47, 190, 40)
HINT_Z = 60


def surround_ink(light: str, dark: str) -> QColor:
    """A colour for words drawn beside the board, on the view's own background: ``light`` in the
    light theme, ``dark`` in the dark one (where "#222222" or a dim brown vanish on near-black)."""
    dark_theme = QGuiApplication.palette().color(QPalette.Base).lightness() < 128
    return QColor(dark if dark_theme else light)


def label_coordinates(scene: QGraphicsScene, rows: int, cols: int, cell: float, margin: float, first: int = 0) -> None:
    """Row numbers down the left margin and column numbers along the top, counted from
    ``first`` as the puzzle's answer files count them.

    The labels keep a readable pixel size at any zoom (a 30x30 board fitted to the window
    would shrink scene-sized text to 7 px); when cells get too small for every number,
    ``show_coordinate_labels`` keeps every 2nd, 5th, 10th… one.
    """
    font = QFont()
    font.setPixelSize(LABEL_PIXELS)
    labels = []
    for along_top, count in ((True, cols), (False, rows)):
        for index in range(count):
            text = CoordinateLabel(str(index + first))
            text.setFont(font)
            scene.addItem(text)
            text.setBrush(QBrush(surround_ink(LABEL_INK, LABEL_INK_DARK)))
            text.setFlag(QGraphicsItem.ItemIgnoresTransformations)
            box = text.boundingRect()
            text.setTransform(QTransform.fromTranslate(-box.width() / 2, -box.height() / 2))
            centre = index * cell + cell / 2
            text.setPos(QPointF(centre, -margin / 2) if along_top else QPointF(-margin / 2, centre))
            text.setZValue(LABEL_Z)  # over the cells when the view pins it to its edge
            text.setData(LABEL_EDGE, "top" if along_top else "left")
            labels.append((index + first, text))
    scene.setProperty("coordinate_cell", cell)
    scene.setProperty("coordinate_margin", margin)
    scene.coordinate_labels = labels  # read by show_coordinate_labels and pin_coordinate_labels


class CoordinateLabel(QGraphicsSimpleTextItem):
    """A row or column number; pinned over the cells of a zoomed board, it gets a light backing
    so it reads over the pieces under it."""

    pinned = False

    def set_pinned(self, pinned: bool) -> None:
        """Pinned over the light cells it is dark on its backing; in the margin, the theme's ink."""
        colour = QColor(LABEL_INK) if pinned else surround_ink(LABEL_INK, LABEL_INK_DARK)
        if self.brush().color() != colour:
            self.setBrush(QBrush(colour))
        self.pinned = pinned

    def paint(self, painter, option, widget=None) -> None:
        if self.pinned:
            painter.fillRect(self.boundingRect().adjusted(-3, -1, 3, 1), LABEL_BACKING)
        super().paint(painter, option, widget)


def pin_coordinate_labels(scene: QGraphicsScene, visible, scale: float | None) -> None:
    """Keep the labels in sight on a zoomed board: a column number whose place above the board
    has scrolled out of ``visible`` (the scene rectangle the view shows) stays at its top edge,
    a row number at its left edge, so the coordinates stay readable however far one scrolls.
    ``scale`` None puts every label back in the margin (for a picture of the whole board)."""
    margin = float(scene.property("coordinate_margin") or 0.0)
    if scale is None:
        visible, scale = scene.sceneRect().adjusted(-1e9, -1e9, 0, 0), 1.0
    scale = max(scale, 1e-6)
    inset = (LABEL_PIXELS / 2 + 3) / scale  # half a label and a gap, in scene units
    left_room, top_room = label_room(scene)
    # In the margin, at least half a label and a gap off the board: a board shrunk to a few pixels
    # a cell keeps its numbers beside row 1 and column 1, never over them.
    top_home, left_home = -max(margin, top_room / scale) / 2, -max(margin, left_room / scale) / 2
    for _number, item in getattr(scene, "coordinate_labels", ()):
        position = item.pos()
        if item.data(LABEL_EDGE) == "top":
            y = max(top_home, visible.top() + inset)
            item.setPos(position.x(), y)
            item.set_pinned(y > top_home)
        else:
            x = max(left_home, visible.left() + inset)
            item.setPos(x, position.y())
            item.set_pinned(x > left_home)


def label_room(scene: QGraphicsScene) -> tuple[float, float]:
    """The pixels the coordinate labels need left of the board and above it, with a gap."""
    labels = getattr(scene, "coordinate_labels", ())
    if not labels:
        return 0.0, 0.0
    width = max(item.boundingRect().width() for _number, item in labels)
    height = max(item.boundingRect().height() for _number, item in labels)
    return width + 8, height + 6


def show_coordinate_labels(scene: QGraphicsScene, scale: float) -> None:
    """Show every k-th coordinate label, k the smallest step whose labels do not overlap
    at ``scale`` (view pixels per scene unit)."""
    labels = getattr(scene, "coordinate_labels", ())
    if not labels:
        return
    cell = float(scene.property("coordinate_cell") or 1.0) * max(scale, 1e-6)
    widest = max(item.boundingRect().width() for _number, item in labels)
    step = next((s for s in LABEL_STEPS if s * cell >= widest + 4), LABEL_STEPS[-1])
    for number, item in labels:
        item.setVisible(number % step == 0 or step == 1)


@dataclass(frozen=True)
class HintMarks:
    """Where a suggested move acts on the board, in scene coordinates: the areas it touches and,
    when it goes somewhere, an arrow from where it starts to where it ends."""

    rects: tuple[QRectF, ...] = ()
    arrow: tuple[QPointF, QPointF] | None = None


def cell_square(r: int, c: int, cell: float) -> QRectF:
    """The scene square of cell (r, c) on a board of ``cell``-sized squares from the origin."""
    return QRectF(c * cell, r * cell, cell, cell)


def arrow_head(start: QPointF, end: QPointF, size: float) -> QPolygonF:
    """A filled triangle at ``end`` pointing away from ``start``."""
    line = QLineF(end, start)
    if line.length() == 0:
        return QPolygonF()
    line.setLength(size)
    back = line.p2()
    normal = line.normalVector()
    normal.setLength(size * 0.5)
    offset = normal.p2() - normal.p1()
    return QPolygonF([end, back + offset, back - offset])


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
    can_clear = True  # with can_fill: Clear is offered beside Fill
    fill_tips = ("Every cell empty", "Every cell a piece")  # what Clear and Fill do, as their tooltips
    can_random_fill = False
    # Paint choices (label, value) for the editor; the chosen one is ``self.brush``.
    palette: tuple[tuple[str, Any], ...] = ()
    fields: tuple[EditorField, ...] = ()
    # Board display toggles (name, label, default) offered in the View menu.
    view_options: tuple[tuple[str, str, bool], ...] = ()
    # Shown at the top of the editor panel: what editing this puzzle means, and why the
    # panel's tools are off when they are (a puzzle whose file fixes everything).
    editor_note = "Click or drag on the board to edit it (Help ▸ Keyboard and mouse says how)."
    # Set by the view before each show: the start position shown in the editor (no hand-play cursor,
    # such as codevs's pending pack, belongs there).
    editing = False
    # Whether a click on the board can change anything in editor mode.
    can_edit_cells = True
    # How to play and how to edit, in a few words: the line above the board shows the one for
    # the mode it is in, after the position's facts (``status_text``).
    play_keys = ""
    edit_keys = QT_TRANSLATE_NOOP("Painter", "click or drag on the board to edit it")

    def __init__(self, puzzle, scene: QGraphicsScene):
        self.puzzle = puzzle
        self.scene = scene
        self.view_scale = 1.0  # view pixels per scene unit, as the view last said
        self.selection: Any = None  # a cell picked by the first click of a two-click move
        self.brush: Any = self.palette[0][1] if self.palette else None
        self.options = {name: default for name, _label, default in self.view_options}
        self.hint_items: list[QGraphicsItem] = []  # the marks of the hint shown (none: no hint)

    # ---------------------------------------------------------- a hint
    def hint_marks(self, instance: Any, state: Any, move: Any) -> HintMarks:
        """Where ``move``, played from ``state``, acts on the board: each painter says it in its own
        geometry (a jump's two cells, a tilt's edge); a painter that cannot shows no mark (the status
        bar still names the move)."""
        return HintMarks()

    def show_hint(self, instance: Any, state: Any, move: Any) -> None:
        """Mark ``move`` on the board as the suggested next move, until ``clear_hint``."""
        self.clear_hint()
        marks = self.hint_marks(instance, state, move)
        pen = QPen(HINT_COLOUR, 3, Qt.DashLine)
        pen.setCosmetic(True)  # as thick at any zoom
        for rect in marks.rects:
            self.hint_items.append(self.scene.addRect(rect.adjusted(1, 1, -1, -1), pen, QBrush(HINT_FILL)))
        if marks.arrow is not None:
            start, end = marks.arrow
            shaft = QPen(HINT_COLOUR, 4, Qt.SolidLine, Qt.RoundCap)
            self.hint_items.append(self.scene.addLine(QLineF(start, end), shaft))
            size = max(8.0, QLineF(start, end).length() * 0.25)
            self.hint_items.append(
                self.scene.addPolygon(arrow_head(start, end, min(size, 18.0)), QPen(Qt.NoPen), QBrush(HINT_COLOUR))
            )
        for item in self.hint_items:
            item.setZValue(HINT_Z)

    def clear_hint(self) -> None:
        for item in self.hint_items:
            if isValid(item) and item.scene() is self.scene:  # a rebuilt scene deleted it already
                self.scene.removeItem(item)
        self.hint_items = []

    # ---------------------------------------------------------- drawing
    def scale_changed(self, scale: float) -> bool:
        """The view now shows ``scale`` pixels per scene unit (a fit, a zoom, a resize): True when
        the board must be drawn again (a painter whose words keep a readable size)."""
        self.view_scale = scale
        return False

    def build(self, instance: Any) -> None:
        """Create the items for ``instance`` (called when the board size changes)."""
        raise NotImplementedError

    def show(self, instance: Any, state: Any, last_move: Any = None, highlight: tuple = (), hints: bool = True) -> None:
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

    def move_note(self, instance: Any, before: Any, move: Any, after: Any) -> str:
        """A word about a legal move that may surprise (it changed nothing); usually empty."""
        return ""

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
