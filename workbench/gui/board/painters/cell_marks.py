"""Marks on a board's cells (balls, targets: one of a few kinds a cell) as one item.

Drawn as two items a cell (a disc and its digit), a 52x57 board's 300 balls and 300 targets
made every repaint of the board walk and paint 1,200 items: 9 ms of the window's thread, and a
frontier preview that moves every ball cost 25 ms. This item paints each kind once into a
small pixmap at the view's scale (a sprite) and blits one per marked cell; Qt keeps the whole
layer in a pixmap in screen pixels (its device coordinate cache), so a repaint that changes
no mark only blits that, and a changed mark repaints its cell alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QPixmapCache, QTransform
from PySide6.QtWidgets import QGraphicsItem

# The layers of a large board, each a viewport-sized pixmap in Qt's QPixmapCache (10 MB by
# default: three layers of a large window did not fit, and each repaint painted them again).
PIXMAP_CACHE_KB = 64 * 1024
MANY_CHANGED = 64  # past this many changed cells, the whole layer is repainted in one go
SPRITES_KEPT = 64  # sprites of a few zooms (a zoom makes one a kind); more, and the old ones go

Draw = Callable[[QPainter, QRectF, Hashable], None]


class CellMarks(QGraphicsItem):
    """``rows`` x ``cols`` cells of side ``cell`` from the item's origin, each with no mark or a
    mark of a kind that ``draw(painter, cell_rect, kind)`` paints within the cell."""

    def __init__(self, rows: int, cols: int, cell: float, draw: Draw):
        super().__init__()
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self.rows, self.cols, self.cell = rows, cols, cell
        self._draw = draw
        self._kinds: dict[int, Hashable] = {}  # cell index -> the kind of its mark
        self._sprites: dict[tuple, QPixmap] = {}  # (kind, scale, pixel ratio) -> its sprite
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption)  # paint() is told what to redraw

    def cell_rect(self, index: int) -> QRectF:
        r, c = divmod(index, self.cols)
        return QRectF(c * self.cell, r * self.cell, self.cell, self.cell)

    def kind(self, index: int) -> Hashable | None:
        """The kind of the mark on cell ``index`` (None: none)."""
        return self._kinds.get(index)

    def marks(self) -> dict[int, Hashable]:
        """Every marked cell's kind, by cell index."""
        return dict(self._kinds)

    def set_marks(self, kinds: dict[int, Hashable]) -> None:
        """Mark the cells as ``kinds`` says (cell index -> kind), every other cell unmarked; only
        the cells that change are painted again."""
        changed = [i for i in kinds.keys() | self._kinds.keys() if kinds.get(i) != self._kinds.get(i)]
        self._kinds = dict(kinds)
        if len(changed) > MANY_CHANGED:
            self.update()
        else:
            for index in changed:
                self.update(self.cell_rect(index))

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.cols * self.cell, self.rows * self.cell)

    def paint(self, painter, option, widget=None) -> None:
        exposed = option.exposedRect
        transform = painter.worldTransform()
        scale = transform.m11()
        if transform.type().value > QTransform.TxScale.value or not math.isclose(scale, transform.m22()) or scale <= 0:
            for index, kind in self._kinds.items():  # never in this app (no rotation): drawn as is
                self._draw(painter, self.cell_rect(index), kind)
            return
        ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
        painter.save()
        painter.resetTransform()  # sprites go on whole device pixels, as painted
        for index, kind in self._kinds.items():
            rect = self.cell_rect(index)
            if not rect.intersects(exposed):
                continue
            corner = transform.map(rect.topLeft())
            at = QPointF(round(corner.x() * ratio) / ratio, round(corner.y() * ratio) / ratio)
            painter.drawPixmap(at, self._sprite(kind, scale, ratio))
        painter.restore()

    def _sprite(self, kind: Hashable, scale: float, ratio: float) -> QPixmap:
        key = (kind, round(scale, 6), ratio)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) >= SPRITES_KEPT:
                self._sprites.clear()
            side = max(1, math.ceil(self.cell * scale * ratio))
            sprite = QPixmap(side, side)
            sprite.fill(Qt.transparent)
            sprite_painter = QPainter(sprite)
            sprite_painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
            sprite_painter.scale(scale * ratio, scale * ratio)
            self._draw(sprite_painter, QRectF(0, 0, self.cell, self.cell), kind)
            sprite_painter.end()
            sprite.setDevicePixelRatio(ratio)
            self._sprites[key] = sprite
        return sprite
