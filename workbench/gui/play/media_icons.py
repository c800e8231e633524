"""The step-through buttons' icons, drawn in the palette's button ink.

Qt's standard media icons are fixed dark pixmaps: on the dark theme's buttons they were faint. These
are drawn as shapes (never as font glyphs, which drew as empty boxes with fonts that lack them) in
whatever colour the palette gives button text, and drawn again when the palette changes.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPixmap, QPolygonF

SIZE = 32  # drawn at this size; Qt scales it to the button's icon size

# Each icon as shapes on a 16x16 grid: ("bar", x) a bar 2 wide, ("right"|"left", x) a triangle 6 wide.
SHAPES = {
    "first": (("bar", 3), ("left", 5), ("left", 10)),
    "back": (("left", 3), ("left", 8)),
    "play": (("right", 5),),
    "pause": (("bar", 5), ("bar", 9)),
    "forward": (("right", 3), ("right", 8)),
    "last": (("right", 1), ("right", 6), ("bar", 11)),
}


def _path(shapes) -> QPainterPath:
    path = QPainterPath()
    for kind, x in shapes:
        if kind == "bar":
            path.addRect(QRectF(x, 3, 2, 10))
        else:
            tip, base = (x + 6, x) if kind == "right" else (x, x + 6)
            path.addPolygon(QPolygonF([QPointF(base, 3), QPointF(tip, 8), QPointF(base, 13)]))
            path.closeSubpath()
    return path


def media_icon(name: str, ink: QColor) -> QIcon:
    """The ``name`` icon (a key of SHAPES) filled with ``ink``."""
    pixmap = QPixmap(SIZE, SIZE)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.scale(SIZE / 16, SIZE / 16)
    painter.fillPath(_path(SHAPES[name]), ink)
    painter.end()
    return QIcon(pixmap)
