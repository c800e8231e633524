"""Text from outside the app shown as it was written: a program's stderr line, a file's or a run
folder's name, an answer's line quoted in a message.

QLabel and QMessageBox (AutoText) and tooltips take a text that looks like HTML (Qt.mightBeRichText)
for rich text, so a program's "<h1>…" was drawn as a heading and "<a href=…>" as a link. Widgets
that show such text are made here, in plain text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QLabel, QMessageBox, QSizePolicy, QWidget


def plain_label(text: str = "", parent: QWidget | None = None, wrapped: bool = False) -> QLabel:
    """A label in plain text. ``wrapped``: its lines wrap at the width its layout gives it, which its
    text never widens (a program's 300-character word made a window 2,000 pixels wide): a word longer
    than that width is cut at the label's edge."""
    label = QLabel(text, parent)
    label.setTextFormat(Qt.PlainText)
    if wrapped:
        label.setWordWrap(True)
        label.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
    return label


def plain_box(
    icon: QMessageBox.Icon, title: str, text: str, buttons=QMessageBox.NoButton, parent: QWidget | None = None
) -> QMessageBox:
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.PlainText)
    return box


def plain_tooltip(text: str) -> str:
    """A tooltip that shows ``text`` as written (a tooltip has no plain-text mode: it is escaped)."""
    return GuiQt.convertFromPlainText(text, Qt.WhiteSpaceNormal) if text else ""
