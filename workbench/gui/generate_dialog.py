"""A dialog that asks for a seed and the puzzle's generator options."""

from __future__ import annotations

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QLineEdit,
                               QSpinBox, QVBoxLayout)


class GenerateDialog(QDialog):
    def __init__(self, puzzle, parent=None):
        super().__init__(parent)
        self.setWindowTitle(f"Generate a {puzzle.title} board")
        self.puzzle = puzzle
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 2_000_000_000)
        self.seed_box.setValue(1)
        form = QFormLayout()
        form.addRow("Seed", self.seed_box)
        self.option_widgets = {}
        for option in puzzle.generator_options:
            if option.kind is int:
                widget = QSpinBox()
                widget.setRange(0, 1_000_000)
                widget.setValue(option.default)
            elif option.kind is float:
                widget = QDoubleSpinBox()
                widget.setDecimals(3)
                widget.setRange(0.0, 1_000_000.0)
                widget.setValue(option.default)
            else:
                widget = QLineEdit(str(option.default))
            widget.setToolTip(option.help)
            form.addRow(option.name, widget)
            self.option_widgets[option.name] = widget
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def seed(self) -> int:
        return self.seed_box.value()

    def options(self) -> dict:
        values = {}
        for name, widget in self.option_widgets.items():
            values[name] = widget.text() if isinstance(widget, QLineEdit) else widget.value()
        return values
