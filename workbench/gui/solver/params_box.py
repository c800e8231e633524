"""A solver's parameters as spin boxes, folded away under a toggle (ahc011 has ten of them)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QLabel,
    QScrollArea,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

MAX_INT_SPIN = 2_000_000_000
PARAMS_HEIGHT = 190  # pixels the unfolded parameters may take before they scroll


class ParamsBox(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.widgets: dict[str, QWidget] = {}
        self.toggle = QToolButton()
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.RightArrow)
        self.toggle.setAutoRaise(True)
        self.toggle.toggled.connect(self._show)
        box = QWidget()
        self.form = QFormLayout(box)
        self.form.setContentsMargins(12, 0, 0, 0)
        # Unfolded, they scroll inside a bounded box: the plots and the table keep their room
        # and the window never has to grow past the screen.
        self.scroll = QScrollArea()
        self.scroll.setWidget(box)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.NoFrame)
        self.scroll.setMaximumHeight(PARAMS_HEIGHT)
        self.scroll.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toggle)
        layout.addWidget(self.scroll)

    def _show(self, shown: bool) -> None:
        self.scroll.setVisible(shown)
        self.toggle.setArrowType(Qt.DownArrow if shown else Qt.RightArrow)

    def values(self) -> dict:
        return {name: widget.value() for name, widget in self.widgets.items()}

    def build(self, solver_class) -> None:
        """A labelled spin box for each of ``solver_class``'s parameters, at its default."""
        while self.form.rowCount():
            self.form.removeRow(0)
        self.widgets = {}
        for p in solver_class.params if solver_class else ():
            widget = _spin_box(p)
            tip = (
                p.tooltip()
                + "\n"
                + self.tr("(--param {0}=…, {1} to {2}, default {3})").format(p.name, p.low, p.high, p.default)
            )
            widget.setToolTip(tip)
            label = QLabel(p.label or p.name)
            label.setToolTip(tip)
            self.form.addRow(label, widget)
            self.widgets[p.name] = widget
        count = len(self.widgets)
        self.toggle.setText(self.tr("Parameters ({0})").format(count) if count else self.tr("No parameters"))
        self.toggle.setEnabled(bool(count))
        if not count:
            self.toggle.setChecked(False)


def _spin_box(param) -> QWidget:
    if param.kind is int:
        widget = QSpinBox()
        widget.setRange(int(param.low), int(min(param.high, MAX_INT_SPIN)))
    else:
        widget = QDoubleSpinBox()
        widget.setDecimals(3)
        widget.setRange(float(param.low), float(param.high))
    widget.setValue(param.default)
    return widget
