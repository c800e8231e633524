"""Qt's own file dialog (where the desktop offers none, as under a bare X server) opens small,
its Type column cut to "pla…ent" and Size to "6.5…": every file dialog the app opens, the static
``QFileDialog.get…`` ones included, is widened once shown and its detail columns fit their text.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QFileDialog, QHeaderView, QTreeView

WIDTH, HEIGHT = 900, 560  # at least, on a screen that has the room


class FileDialogFit(QObject):
    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Show and isinstance(watched, QFileDialog):
            fit(watched)
        return False


def fit(dialog: QFileDialog) -> None:
    screen = dialog.screen().availableGeometry() if dialog.screen() else None
    width = min(WIDTH, screen.width() - 40) if screen else WIDTH
    height = min(HEIGHT, screen.height() - 40) if screen else HEIGHT
    dialog.resize(max(dialog.width(), width), max(dialog.height(), height))
    for view in dialog.findChildren(QTreeView):
        header = view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.Stretch)  # the name takes what the others leave
        for column in range(1, header.count()):
            header.setSectionResizeMode(column, QHeaderView.ResizeToContents)


_installed: list[FileDialogFit] = []


def install() -> None:
    """Once per application: every file dialog shown from now on is fitted."""
    app = QApplication.instance()
    if app is None or _installed:
        return
    _installed.append(FileDialogFit(app))
    app.installEventFilter(_installed[0])
