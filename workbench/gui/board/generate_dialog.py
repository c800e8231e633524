"""A dialog that asks for a seed and the puzzle's generator options.

Each option shows its label, its limits and what it does (the same words as
``puzzle-workbench gen --help``); a text option with a fixed set of values is a choice list.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
)

SEED_MAX = 2_000_000_000
UNBOUNDED = 1_000_000


def limits_text(option) -> str:
    """ "1 to 200", "0 to 1" and, for a special low value, what it means."""
    if option.low is None and option.high is None:
        return ""
    if option.kind is float:
        text = f"{option.low:g} to {option.high:g}"
    else:
        text = f"{option.low} to {option.high}"
    if option.special:
        text += f"; {option.low}: {option.special}"
    return text


class GenerateDialog(QDialog):
    def __init__(self, puzzle, parent=None, seed: int = 1, options: dict | None = None):
        """``seed`` and ``options``: what the dialog proposes (the next seed, the options last used)."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Generate a {0} board").format(puzzle.title))
        self.setMinimumWidth(460)
        self.puzzle = puzzle
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, SEED_MAX)
        self.seed_box.setValue(seed)
        self.seed_box.setToolTip(self.tr("The same seed always gives the same board (the official generator's)"))
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.ExpandingFieldsGrow)
        form.addRow(self.tr("Seed"), self.seed_box)
        self.option_widgets = {}
        for option in puzzle.generator_options:
            widget = option_widget(option)
            tip = option.help[:1].upper() + option.help[1:]
            limits = limits_text(option)
            widget.setToolTip(f"{tip} ({limits})" if limits else tip)
            label = QLabel(option.label or option.name.replace("_", " ").capitalize())
            label.setToolTip(widget.toolTip())
            form.addRow(label, widget)
            if not option.choices:  # a choice list says its values itself
                note = QLabel(f"{tip}" + (self.tr(". Allowed: {0}.").format(limits) if limits else "."))
                note.setWordWrap(True)
                note.setContentsMargins(16, 0, 0, 6)
                note.setEnabled(False)  # drawn in the palette's muted text colour
                form.addRow(note)  # the whole width, under its field
            self.option_widgets[option.name] = widget
            if options and option.name in options:
                set_option_value(widget, options[option.name])
        intro = QLabel(
            self.tr(
                "A board from the {0} generator. Leave an option at its default for the contest's own cases."
            ).format(puzzle.title)
        )
        intro.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText(self.tr("Generate"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        # Any height the wrapped notes' estimates leave over goes under the form, not around the
        # intro (it drew as a blank band above the text).
        layout.addStretch(1)
        layout.addWidget(buttons)
        # The height its wrapped notes need at the dialog's width (its size hint measures them
        # at a narrower width and asked for ~80 px too many).
        self.resize(self.minimumWidth(), layout.totalHeightForWidth(self.minimumWidth()))

    def seed(self) -> int:
        return self.seed_box.value()

    def options(self) -> dict:
        return {name: option_value(widget) for name, widget in self.option_widgets.items()}


def option_widget(option):
    """An editor for a puzzle option: a choice list, a spin box within its limits, or a text field."""
    if option.choices:
        widget = QComboBox()
        widget.addItems([str(c) for c in option.choices])
        widget.setCurrentText(str(option.default))
    elif option.kind is int:
        widget = QSpinBox()
        widget.setRange(
            option.low if option.low is not None else 0, option.high if option.high is not None else UNBOUNDED
        )
        widget.setValue(option.default)
        if option.special:
            widget.setSpecialValueText(option.special)
    elif option.kind is float:
        widget = QDoubleSpinBox()
        widget.setDecimals(3)
        widget.setSingleStep(0.05)
        widget.setRange(
            option.low if option.low is not None else 0.0, option.high if option.high is not None else float(UNBOUNDED)
        )
        widget.setValue(option.default)
    else:
        widget = QLineEdit(str(option.default))
    return widget


def option_value(widget):
    if isinstance(widget, QComboBox):
        return widget.currentText()
    if isinstance(widget, QLineEdit):
        return widget.text()
    return widget.value()


def set_option_value(widget, value) -> None:
    if isinstance(widget, QComboBox):
        widget.setCurrentText(str(value))
    elif isinstance(widget, QLineEdit):
        widget.setText(str(value))
    else:
        widget.setValue(value)
