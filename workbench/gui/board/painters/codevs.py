"""CODE VS Reborn painter: the 10 x 16 field, the pending pack above it, the next packs,
the ojama stock and the skill gauge beside it.

Play: Left/Right move the pending pack, Z/X turn it anticlockwise/clockwise, Space
drops it (the command ``X R``), S fires the skill; a click on a column moves the pack
there. The three transient rows above the danger line (row 17) are drawn faded: a
chain may pass through them, a settled turn may not end there. Chain stages come
with the erased cells as ``highlight``, drawn with a thick outline.

Edit: paint blocks 1..9, ojama or empty cells (a block falls onto its column's
stack, and erasing lets the blocks above fall), and set the turn budget, the ojama
stock and the gauge of the start.
"""

from __future__ import annotations

import math
from dataclasses import replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen

from workbench.core.words import QT_TRANSLATE_NOOP
from workbench.gui.board.painters.base import BoardAdapter, EditorField, HintMarks, surround_ink
from workbench.puzzles.codevs import SKILL, Drop
from workbench.puzzles.codevs.field import HEIGHT, OJAMA, VISIBLE, WIDTH, land, painted, rotate
from workbench.puzzles.codevs.rules import GAUGE_MAX, SKILL_GAUGE

CELL = 32.0
PACK_ROWS = 2  # the pending pack is drawn on two rows above the field
SIDE = WIDTH * CELL + CELL  # left edge of the side panel
NEXT_PACKS = 3
MINI = CELL * 0.6  # cell size of the next packs
BLOCK_COLOURS = {
    1: "#e6194b",
    2: "#f58231",
    3: "#ffe119",
    4: "#bfef45",
    5: "#3cb44b",
    6: "#42d4f4",
    7: "#4363d8",
    8: "#911eb4",
    9: "#f032e6",
    OJAMA: "#8a8a8a",
}
EMPTY_VISIBLE = QColor("#f7f4ee")
EMPTY_TRANSIENT = QColor("#e4dfd6")
DANGER = QColor("#d1495b")
ERASED = QColor("#ff2d2d")
ERASED_FILL = QColor(255, 255, 255, 150)  # washes the erased blocks out, their numbers stay legible
LANDING = QColor("#2e9e5b")
GAUGE_READY = QColor("#e07a1f")
TEXT_PIXELS = 13  # the side panel's words, in scene units at full size...
READABLE_PIXELS = 10  # ...and at least this on screen, however small the board is fitted


def scene_row(y: int) -> float:
    """Scene top of field row ``y`` (0 = the floor row)."""
    return (PACK_ROWS + HEIGHT - 1 - y) * CELL


def ink() -> QColor:
    """The side panel's words and gauge frame, on the view's background in either theme."""
    return surround_ink("#222222", "#e8e8e8")


def block_colour(value: int) -> QColor:
    return QColor(BLOCK_COLOURS[value])


class CodevsAdapter(BoardAdapter):
    help_text = QT_TRANSLATE_NOOP(
        "Painter",
        "Play: Left and Right move the pending pack, Z and X turn it anticlockwise and clockwise, "
        "Space drops it, S fires the skill; a click on a column moves the pack there. The three "
        "faded rows above the danger line may hold a chain in progress, never a settled turn. "
        "With Show stages on, a chain plays erase by erase, the erased blocks outlined.\n\n"
        "Edit: paint blocks 1 to 9, ojama or empty cells (a block falls onto its column's stack, "
        "and erasing lets the blocks above fall), and set the turn budget, the ojama stock and the "
        "skill gauge of the start in the editor panel.",
    )
    play_keys = QT_TRANSLATE_NOOP("Painter", "←/→ move the pack, Z/X turn it, Space drops, S fires the skill")
    edit_keys = QT_TRANSLATE_NOOP("Painter", "click or drag to paint the start field with the editor's block")
    palette = tuple((str(v), v) for v in range(1, 10)) + (("Ojama", OJAMA), ("Empty (erase)", 0))
    fields = (
        EditorField("turns", "Turn budget K", 1, 500),
        EditorField("stock", "Ojama stock", 0, 9999),
        EditorField("gauge", "Skill gauge", 0, GAUGE_MAX),
    )
    view_options = (("ghost", "Show where the pending pack lands", True),)

    def __init__(self, puzzle, scene):
        super().__init__(puzzle, scene)
        self.pending = Drop(4, 0)  # the pack's column and rotation before Space drops it
        self.cells: dict = {}  # (x, y) -> (rect, text)
        self.marks: list = []  # items redrawn on every show
        self.text_pixels = TEXT_PIXELS
        self.danger_label = None

    def scale_changed(self, scale: float) -> bool:
        """The side panel's words grow in the scene as the board is fitted smaller (the Runs dock
        open), so they stay readable; the field and its numbers scale as drawn."""
        super().scale_changed(scale)
        pixels = max(TEXT_PIXELS, math.ceil(READABLE_PIXELS / max(scale, 1e-6)))
        if pixels == self.text_pixels:
            return False
        self.text_pixels = pixels
        self._place_danger_label()
        return True

    def _font(self) -> QFont:
        font = QFont()
        font.setPixelSize(self.text_pixels)
        return font

    # ---------------------------------------------------------- drawing
    def build(self, instance) -> None:
        self.scene.clear()
        self.marks = []
        self.cells = {}
        grid_pen = QPen(QColor("#c9bfae"), 0)
        font = QFont()
        font.setPixelSize(int(CELL * 0.55))
        font.setBold(True)
        for x in range(WIDTH):
            for y in range(HEIGHT):
                rect = self.scene.addRect(QRectF(x * CELL, scene_row(y), CELL, CELL), grid_pen)
                text = self.scene.addSimpleText("", font)
                text.setZValue(2)
                self.cells[(x, y)] = (rect, text)
        danger = self.scene.addLine(
            0, scene_row(VISIBLE) + CELL, WIDTH * CELL, scene_row(VISIBLE) + CELL, QPen(DANGER, 3)
        )
        danger.setZValue(4)
        self.danger_label = self.scene.addSimpleText("danger line (row 17)")
        self.danger_label.setBrush(QBrush(DANGER))
        self._place_danger_label()
        # The side panel's widest line ("Last turn: 13 chain, 1234 ojama") fits in 7 cells.
        self.scene.setSceneRect(QRectF(-4, -4, SIDE + 7 * CELL, (PACK_ROWS + HEIGHT) * CELL + 8))

    def show(self, instance, state, last_move=None, highlight=(), hints=True) -> None:
        for item in self.marks:
            self.scene.removeItem(item)
        self.marks = []
        grid = state.field.array()
        for (x, y), (rect, text) in self.cells.items():
            value = int(grid[x, y])
            if value:
                rect.setBrush(QBrush(block_colour(value)))
            else:
                rect.setBrush(QBrush(EMPTY_TRANSIENT if y >= VISIBLE else EMPTY_VISIBLE))
            text.setText("×" if value == OJAMA else str(value) if value else "")
            box = text.boundingRect()
            text.setPos(x * CELL + (CELL - box.width()) / 2, scene_row(y) + (CELL - box.height()) / 2)
        for x, y in highlight:
            self._outline(x, y, ERASED, 5, ERASED_FILL)
        # The pending pack is the hand-play cursor: the editor, which edits the start field, has none.
        if not self.editing and state.turn < instance.turns and state.turn < len(instance.packs):
            self._draw_pending(instance, state, hints and not highlight)
        self._draw_side(instance, state)

    def hint_marks(self, instance, state, move) -> HintMarks:
        """A drop: the pack's two columns above the field and the cells its blocks land on, an arrow
        down to them. The skill: every 5 on the field, which it explodes."""
        field_cell = lambda x, y: QRectF(x * CELL, scene_row(y), CELL, CELL)  # noqa: E731
        if move is SKILL or not isinstance(move, tuple):
            grid = state.field.array()
            return HintMarks(tuple(field_cell(x, y) for x in range(WIDTH) for y in range(HEIGHT) if grid[x, y] == 5))
        drop = Drop(*move)
        pack = QRectF(drop.x * CELL, 0, 2 * CELL, PACK_ROWS * CELL)
        _, landed = land(state.field, instance.packs[state.turn], drop.x, drop.r)
        cells = tuple(field_cell(x, y) for x, y in landed)
        if not cells:
            return HintMarks((pack,))
        highest = min(cells, key=lambda rect: rect.top())
        return HintMarks(
            (pack, *cells), (QPointF(pack.center().x(), pack.bottom()), QPointF(pack.center().x(), highest.top()))
        )

    def _outline(self, x: int, y: int, colour: QColor, width: float, fill=Qt.NoBrush) -> None:
        item = self.scene.addRect(
            QRectF(x * CELL + 2, scene_row(y) + 2, CELL - 4, CELL - 4), QPen(colour, width), QBrush(fill)
        )
        item.setZValue(5)
        self.marks.append(item)

    def _block(self, value: int, left: float, top: float, size: float) -> None:
        rect = self.scene.addRect(
            QRectF(left, top, size, size), QPen(QColor("#555555"), 0), QBrush(block_colour(value))
        )
        rect.setZValue(3)
        self.marks.append(rect)
        font = QFont()
        font.setPixelSize(int(size * 0.55))
        font.setBold(True)
        text = self.scene.addSimpleText(str(value), font)
        text.setZValue(4)
        box = text.boundingRect()
        text.setPos(left + (size - box.width()) / 2, top + (size - box.height()) / 2)
        self.marks.append(text)

    def _draw_pack(self, pack, left: float, top: float, size: float) -> None:
        for i, value in enumerate(pack):
            if value:
                self._block(value, left + (i % 2) * size, top + (i // 2) * size, size)

    def _draw_pending(self, instance, state, hints: bool) -> None:
        pack = instance.packs[state.turn]
        x, r = self.pending
        self._draw_pack(rotate(pack, r), x * CELL, 0, CELL)
        self._text(f"pending pack: X {x}  R {r}", SIDE, CELL)
        if hints and self.options["ghost"]:
            _, landed = land(state.field, pack, x, r)
            for cx, cy in landed:
                self._outline(cx, cy, LANDING, 2)

    def _place_danger_label(self) -> None:
        label = self.danger_label
        if label is not None:
            label.setFont(self._font())
            label.setPos(SIDE, scene_row(VISIBLE) + CELL - label.boundingRect().height() - 2)

    def _text(self, words: str, left: float, top: float, colour: QColor | None = None) -> float:
        item = self.scene.addSimpleText(words, self._font())
        item.setBrush(QBrush(colour or ink()))
        item.setPos(left, top)
        self.marks.append(item)
        return top + item.boundingRect().height() + 4

    def _draw_side(self, instance, state) -> None:
        top = self._text(f"{state.turn} of {instance.turns} turns played", SIDE, 0)
        top = self._text("Next", SIDE, scene_row(VISIBLE) + 2 * CELL)
        for k in range(1, NEXT_PACKS + 1):
            if state.turn + k < len(instance.packs):
                self._draw_pack(instance.packs[state.turn + k], SIDE, top, MINI)
                top += 2 * MINI + 6
        top = self._text(f"Ojama stock {state.stock}", SIDE, top + 8)
        top = self._text(f"Skill gauge {state.gauge}", SIDE, top, GAUGE_READY if state.gauge >= SKILL_GAUGE else None)
        width = 3.5 * CELL
        frame = self.scene.addRect(QRectF(SIDE, top, width, CELL * 0.4), QPen(ink(), 1), QBrush(Qt.NoBrush))
        fill = self.scene.addRect(
            QRectF(SIDE, top, width * state.gauge / GAUGE_MAX, CELL * 0.4), QPen(Qt.NoPen), QBrush(GAUGE_READY)
        )
        at_skill = SIDE + width * SKILL_GAUGE / GAUGE_MAX  # the gauge the skill needs
        ready = self.scene.addLine(at_skill, top - 3, at_skill, top + CELL * 0.4 + 3, QPen(DANGER, 2))
        self.marks += [frame, fill, ready]
        top += CELL * 0.4 + 10
        if state.last is not None and state.last.chains:
            top = self._text(f"Last turn: {state.last.chains} chain, {state.last.ojama} ojama", SIDE, top)
        top = self._text(f"Best: {state.max_chain} chain\n{state.best_ojama} ojama", SIDE, top)

    def cell_at(self, point: QPointF):
        x = int(point.x() // CELL)
        y = PACK_ROWS + HEIGHT - 1 - int(point.y() // CELL)
        if point.x() >= 0 and point.y() >= 0 and 0 <= x < WIDTH and 0 <= y < HEIGHT:
            return (x, y)
        return None

    def size_of(self, instance):
        return VISIBLE, WIDTH  # every field is the same: the editor shows it, nothing resizes

    # ---------------------------------------------------------- playing
    def press(self, instance, state, cell):
        """A click on a column brings the pending pack's left column there."""
        self.pending = Drop(min(cell[0], WIDTH - 2), self.pending.r)
        return None

    def key(self, instance, state, key):
        x, r = self.pending
        if key == Qt.Key_Left:
            self.pending = Drop(max(0, x - 1), r)
        elif key == Qt.Key_Right:
            self.pending = Drop(min(WIDTH - 2, x + 1), r)
        elif key == Qt.Key_Z:
            self.pending = Drop(x, (r + 3) % 4)
        elif key == Qt.Key_X:
            self.pending = Drop(x, (r + 1) % 4)
        elif key == Qt.Key_Space:
            return self.pending
        elif key == Qt.Key_S:
            return SKILL
        return None

    def status_text(self, instance, state) -> str:
        words = []
        if state.turn < instance.turns:
            a, b, c, d = instance.packs[state.turn]
            words.append(f"pack {a} {b} / {c} {d}")
        words.append(f"gauge {state.gauge}, stock {state.stock}")
        if instance.custom_start:
            words.append("custom start: Save input keeps the packs only")
        return "  ·  ".join(words)

    # ---------------------------------------------------------- editing
    def edit_click(self, instance, cell, paint=None):
        value = self.brush if paint is None else paint
        return replace(instance, start_field=painted(instance.start_field, *cell, value)), value

    def field_value(self, instance, name: str) -> int:
        return {"turns": instance.turns, "stock": instance.start_stock, "gauge": instance.start_gauge}[name]

    def set_field(self, instance, name: str, value: int):
        attribute = {"turns": "turns", "stock": "start_stock", "gauge": "start_gauge"}[name]
        return replace(instance, **{attribute: value})


ADAPTER = CodevsAdapter
