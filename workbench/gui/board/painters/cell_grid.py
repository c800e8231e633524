"""A board's cells (filled squares with a thin edge) as one item, painted from a pixmap.

Drawn as one rectangle item per cell, a 52x57 board made the scene walk 3,000
items and paint 3,000 antialiased squares on every repaint of the board, though
the cells only change when the board is edited. This item paints them all
once into a pixmap in screen pixels (Qt's device coordinate cache) and blits it
after that; only a new zoom or a changed fill paints them again.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsItem


class CellGrid(QGraphicsItem):
    """``rows`` x ``cols`` squares of side ``cell`` from the item's origin, row-major fills."""

    def __init__(self, rows: int, cols: int, cell: float, edge: QPen, fills: list[QColor]):
        super().__init__()
        if len(fills) != rows * cols:
            raise ValueError("one fill per cell")
        self.rows, self.cols, self.cell = rows, cols, cell
        self.edge = edge
        self._fills = [QColor(colour) for colour in fills]
        self._rects = [self.cell_rect(index) for index in range(rows * cols)]
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption)  # paint() is told what to redraw

    def cell_rect(self, index: int) -> QRectF:
        r, c = divmod(index, self.cols)
        return QRectF(c * self.cell, r * self.cell, self.cell, self.cell)

    def fill(self, index: int) -> QColor:
        return QColor(self._fills[index])

    def set_fill(self, index: int, colour: QColor) -> None:
        if self._fills[index] != colour:
            self._fills[index] = QColor(colour)
            self.update(self.cell_rect(index))  # the cached pixmap is redrawn there

    def boundingRect(self) -> QRectF:
        # A unit of margin: the one-pixel edges on the outer border stay inside at any zoom.
        return QRectF(-1, -1, self.cols * self.cell + 2, self.rows * self.cell + 2)

    def paint(self, painter, option, widget=None) -> None:
        # Cell by cell in row-major order, as the rectangle items were painted.
        painter.setPen(self.edge)
        exposed = option.exposedRect
        whole = exposed.contains(self.boundingRect())
        for rect, colour in zip(self._rects, self._fills):
            if whole or rect.intersects(exposed):
                painter.setBrush(colour)
                painter.drawRect(rect)
