"""Editor controls: board size, clear, fill and a seeded random fill.

Only the features the puzzle's adapter declares are shown (an empty, disabled
Paint box says nothing); the edits themselves are made by the adapter on a copy
of the instance.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


class EditorPanel(QWidget):
    resizeRequested = Signal(int, int)
    fillRequested = Signal(bool)  # True: every cell a piece; False: clear
    randomRequested = Signal(int, float)  # seed, density
    brushChosen = Signal(object)  # a palette value
    fieldChanged = Signal(str, int)  # an instance number (name, value)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows = QSpinBox()
        self.cols = QSpinBox()
        for spin in (self.rows, self.cols):
            spin.setRange(1, 200)
        self.resize_button = QPushButton(self.tr("Resize"))
        self.resize_button.clicked.connect(lambda: self.resizeRequested.emit(self.rows.value(), self.cols.value()))
        self.clear_button = QPushButton(self.tr("Clear"))
        self.clear_button.clicked.connect(lambda: self.fillRequested.emit(False))
        self.fill_button = QPushButton(self.tr("Fill"))
        self.fill_button.clicked.connect(lambda: self.fillRequested.emit(True))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        self.density = QDoubleSpinBox()
        self.density.setRange(0.0, 1.0)
        self.density.setSingleStep(0.05)
        self.density.setValue(0.5)
        self.random_button = QPushButton(self.tr("Random fill"))
        self.random_button.clicked.connect(lambda: self.randomRequested.emit(self.seed.value(), self.density.value()))

        self.palette = QComboBox()
        self.palette.activated.connect(lambda i: self.brushChosen.emit(self.palette.itemData(i)))
        self.fields_form = QFormLayout()
        self.field_spins: dict[str, QSpinBox] = {}

        size = QHBoxLayout()
        size.addWidget(self.rows)
        size.addWidget(QLabel("×"))
        size.addWidget(self.cols)
        size.addWidget(self.resize_button)
        fills = QHBoxLayout()
        fills.addWidget(self.clear_button)
        fills.addWidget(self.fill_button)
        self.form = QFormLayout()
        self.form.addRow(self.tr("Paint"), self.palette)
        self.form.addRow(self.tr("Size"), size)
        self.form.addRow(self.tr("Seed"), self.seed)
        self.form.addRow(self.tr("Density"), self.density)
        self.note = QLabel()
        self.note.setWordWrap(True)
        saving = QLabel(self.tr("Undo takes an edit back. Save the edited board with File ▸ Save input as…"))
        saving.setWordWrap(True)
        self.fills = QWidget()
        self.fills.setLayout(fills)
        fills.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(saving)
        layout.addLayout(self.form)
        layout.addWidget(self.random_button)
        layout.addWidget(self.fills)
        layout.addLayout(self.fields_form)
        layout.addStretch(1)

    def configure(self, adapter, instance) -> None:
        """Offer what ``adapter`` supports, showing the values of ``instance``."""
        size = adapter.size_of(instance)
        self.note.setText(adapter.editor_note)
        self.form.setRowVisible(self.palette, bool(adapter.palette))
        self.form.setRowVisible(1, adapter.can_resize)  # the size row
        self.fills.setVisible(adapter.can_fill)
        self.clear_button.setVisible(adapter.can_clear)
        self.clear_button.setToolTip(adapter.fill_tips[0])
        self.fill_button.setToolTip(adapter.fill_tips[1])
        for widget in (self.seed, self.density):
            self.form.setRowVisible(widget, adapter.can_random_fill)
        self.random_button.setVisible(adapter.can_random_fill)
        self.rows.setValue(size[0])
        self.cols.setValue(size[1])
        self.palette.clear()
        for label, value in adapter.palette:
            self.palette.addItem(label, value)
        if adapter.palette:
            self.palette.setCurrentIndex(max(0, self.palette.findData(adapter.brush)))
        self._configure_fields(adapter, instance)

    def _configure_fields(self, adapter, instance) -> None:
        names = [f.name for f in adapter.fields]
        if names != list(self.field_spins):
            while self.fields_form.rowCount():
                self.fields_form.removeRow(0)
            self.field_spins = {}
            for field in adapter.fields:
                spin = QSpinBox()
                spin.setRange(field.low, field.high)
                spin.editingFinished.connect(lambda name=field.name, s=spin: self.fieldChanged.emit(name, s.value()))
                self.fields_form.addRow(field.label, spin)
                self.field_spins[field.name] = spin
        for name, spin in self.field_spins.items():
            spin.blockSignals(True)
            spin.setValue(adapter.field_value(instance, name))
            spin.blockSignals(False)
