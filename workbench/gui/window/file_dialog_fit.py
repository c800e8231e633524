"""Qt's own file dialog (where the desktop offers none, as under a bare X server) opens small,
its Type column cut to "pla…ent" and Size to "6.5…": the app's file dialogs are widened once
shown and their detail columns fit their text. The static ``QFileDialog.get…`` functions make
and run their dialog themselves, so ``fitted`` fits the one they show from inside its loop.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QHeaderView, QTreeView

WIDTH, HEIGHT = 900, 560  # at least, on a screen that has the room


def fitted(ask):
    """``ask`` (a static ``QFileDialog.get…`` function) that fits the dialog it shows."""

    def call(*args, **kwargs):
        QTimer.singleShot(0, fit_shown)  # runs in the dialog's own event loop, once it is up
        return ask(*args, **kwargs)

    return call


def fit_shown() -> None:
    """Fit the file dialog being shown, if it is Qt's own (a desktop's native one is left alone)."""
    dialog = QApplication.activeModalWidget()
    if isinstance(dialog, QFileDialog):
        fit(dialog)


def fit(dialog: QFileDialog) -> None:
    screen = dialog.screen().availableGeometry() if dialog.screen() else None
    width = min(WIDTH, screen.width() - 40) if screen else WIDTH
    height = min(HEIGHT, screen.height() - 40) if screen else HEIGHT
    centre = dialog.frameGeometry().center()
    dialog.resize(max(dialog.width(), width), max(dialog.height(), height))
    dialog.move(centre - dialog.rect().center())  # grown about its centre, not to the lower right
    for view in dialog.findChildren(QTreeView):
        header = view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.Stretch)  # the name takes what the others leave
        for column in range(1, header.count()):
            header.setSectionResizeMode(column, QHeaderView.ResizeToContents)
