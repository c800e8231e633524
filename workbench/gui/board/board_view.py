"""The board: a QGraphicsView that a puzzle's adapter paints into.

Items are vector graphics, so the board stays crisp at any zoom. The view
turns mouse and key input into requests (a move to play, a cell to edit) and
leaves the decisions to the main window and the Session.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from workbench.core.errors import IllegalMove
from workbench.gui.board.painters.base import label_room, pin_coordinate_labels, show_coordinate_labels

ZOOM_STEP = 1.25


class BoardView(QGraphicsView):
    moveRequested = Signal(object)  # a move the user asked for (not yet checked)
    cellEdited = Signal(object, object)  # (cell, paint value) in edit mode
    refused = Signal(str)  # an input the adapter refused, with the reason
    inputHandled = Signal()  # the adapter took an input without asking for a move

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.NoDrag)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setFocusPolicy(Qt.StrongFocus)
        self.adapter = None
        self.instance = None
        self.state = None
        self.mode = "play"  # "play", "edit" or "preview" (read-only)
        self.fit = True
        self._drag_start = None
        self._paint = None
        self._last_edited = None
        self.marks = (None, ())  # last move and highlight of the shown state
        self.hinted = None  # the move a hint marks on the board (None: no hint shown)

    def set_adapter(self, adapter) -> None:
        self.clear_hint()  # the last painter's marks
        self.adapter = adapter
        self.instance = self.state = None  # the last puzzle's: never shown by this painter

    def display(self, instance, state, last_move=None, highlight=(), rebuild=False) -> None:
        if rebuild or state is not self.state or instance is not self.instance:
            self.clear_hint()  # a hint belongs to the position it was asked for
        if rebuild or self.instance is None or self.adapter.size_of(instance) != self.adapter.size_of(self.instance):
            self.scene().coordinate_labels = []  # the build makes them afresh (or none)
            self.adapter.build(instance)
            self.show_labels()
            rebuild = True
        self.instance, self.state = instance, state
        self.marks = (last_move, highlight)
        self.adapter.editing = self.mode == "edit"
        self.adapter.show(instance, state, last_move, highlight, hints=self.mode == "play")
        if rebuild and self.fit:
            self.fit_board()

    def show_hint(self, move) -> None:
        """Mark ``move`` on the position shown as the suggested next move (until the position changes
        or ``clear_hint``)."""
        self.adapter.show_hint(self.instance, self.state, move)
        self.hinted = move

    def clear_hint(self) -> None:
        if self.adapter is not None:
            self.adapter.clear_hint()
        self.hinted = None

    # ---------------------------------------------------------- zoom
    def fit_board(self) -> None:
        self.fit = True
        self.resetTransform()
        self._fit()
        self.show_labels()

    def _fit(self) -> None:
        """The whole board in the view, with room for its coordinate labels: they keep their pixel
        size, so a board fitted small needs a wider margin than its scene has (row 1 of a 30×30
        board once sat half under the column numbers)."""
        rect = self.scene().sceneRect()
        margin = float(self.scene().property("coordinate_margin") or 0.0)
        left, top = label_room(self.scene())
        self.fitInView(rect, Qt.KeepAspectRatio)
        for _ in range(3):  # a wider margin shrinks the board a little, which needs a little more
            scale = max(self.transform().m11(), 1e-6)
            more_left, more_top = max(0.0, left / scale - margin), max(0.0, top / scale - margin)
            if more_left < 0.5 and more_top < 0.5:
                break
            # Both sides alike: a scene smaller than the view is centred in it.
            self.fitInView(rect.adjusted(-more_left, -more_top, more_left, more_top), Qt.KeepAspectRatio)

    def zoom(self, factor: float) -> None:
        self.fit = False
        self.scale(factor, factor)
        self.show_labels()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.fit:
            self._fit()
            self.show_labels()

    def show_labels(self) -> None:
        """Thin the coordinate labels out to what fits at the current zoom; pin them in sight;
        let the painter keep its words readable at this zoom."""
        show_coordinate_labels(self.scene(), self.transform().m11())
        self._pin_labels()
        if self.adapter is not None and self.adapter.scale_changed(self.transform().m11()) and self.state is not None:
            self._refresh()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self._pin_labels()

    def _pin_labels(self) -> None:
        visible = self.mapToScene(self.viewport().rect()).boundingRect()
        pin_coordinate_labels(self.scene(), visible, self.transform().m11())

    def wheelEvent(self, event) -> None:
        if event.modifiers() & Qt.ControlModifier:
            self.zoom(ZOOM_STEP if event.angleDelta().y() > 0 else 1 / ZOOM_STEP)
        else:
            super().wheelEvent(event)

    # ---------------------------------------------------------- input
    def _cell(self, event):
        return self.adapter.cell_at(self.mapToScene(event.position().toPoint()))

    def mousePressEvent(self, event) -> None:
        if self.adapter is None or self.state is None or event.button() != Qt.LeftButton:
            return super().mousePressEvent(event)
        cell = self._cell(event)
        if cell is None or self.mode == "preview":
            return
        if self.mode == "edit":
            self._paint = None
            self._edit(cell)
            return
        self._drag_start = cell
        self._ask(lambda: self.adapter.press(self.instance, self.state, cell))

    def mouseMoveEvent(self, event) -> None:
        if self.mode == "edit" and event.buttons() & Qt.LeftButton and self._paint is not None:
            cell = self._cell(event)
            if cell is not None and cell != self._last_edited:
                self._edit(cell)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        if self.mode == "play" and event.button() == Qt.LeftButton and self._drag_start is not None:
            start, self._drag_start = self._drag_start, None
            cell = self._cell(event)
            if cell is not None and cell != start:
                self._ask(lambda: self.adapter.release(self.instance, self.state, start, cell))
        self._paint = None
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event) -> None:
        if self.mode == "play" and self.adapter is not None and self.state is not None:
            asked = self._ask(lambda: self.adapter.key(self.instance, self.state, event.key()))
            if asked:
                return
        super().keyPressEvent(event)

    def _ask(self, question) -> bool:
        """Run an adapter input handler; emit the move it asks for, or its refusal."""
        try:
            move = question()
        except IllegalMove as error:
            self.refused.emit(str(error))
            self._refresh()
            return True
        if move is None:
            self._refresh()
            self.inputHandled.emit()
            return False
        self.adapter.clear_selection()
        self.moveRequested.emit(move)
        return True

    def _refresh(self) -> None:
        self.adapter.editing = self.mode == "edit"
        self.adapter.show(self.instance, self.state, *self.marks, hints=self.mode == "play")

    def _edit(self, cell) -> None:
        self._last_edited = cell
        self.cellEdited.emit(cell, self._paint)

    def set_paint(self, value) -> None:
        """The main window reports the value the first edit painted, for the drag."""
        self._paint = value
