"""Telling the user that a save or an export could not be written, without losing it.

A failed write (a read-only or immutable folder, a full disk, a name that is a
folder, the answer about to replace its own board) shows a dialog saying why.
The board in the window is never touched, and the text that could not be
written is kept in a rescue file whose path the dialog gives.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from workbench.core.errors import WorkbenchError, readable
from workbench.core.files import save_fallback
from workbench.gui.common.plain_text import plain_box
from workbench.gui.window.messages import Messages


def report_write_failure(
    window: QWidget, title: str, reason: str, path: str | Path, make_text: Callable[[], str | bytes] | None = None
) -> QMessageBox:
    """Show a window-modal warning (it does not block the event loop); keep the text
    ``make_text`` returns in a rescue file."""
    message = readable(reason)
    try:
        text = make_text() if make_text is not None else None
    except WorkbenchError:
        text = None  # nothing valid to keep (the engine rejects it); the window still holds the board
    if text is not None:
        try:
            message += f"\n\nA copy is kept in {save_fallback(Path(path).name, text)}"
        except OSError as error:
            message += f"\n\nKeeping a copy failed too: {error.strerror or error}"
    box = plain_box(QMessageBox.Warning, title, message, QMessageBox.Ok, window)
    box.setWindowModality(Qt.WindowModal)
    box.setAttribute(Qt.WA_DeleteOnClose)
    box.open()
    window.write_error_box = box  # the last one, for tests and for closing it
    return box


def report_unwritable(
    window: QWidget,
    messages: Messages,
    title: str,
    path: str | Path,
    error: OSError,
    make_text: Callable[[], str | bytes] | None = None,
) -> None:
    """The system refused to write ``path``: say why on the status line and in the warning."""
    reason = f"Cannot write {path}: {error.strerror or error}"
    messages.error(reason)
    report_write_failure(window, title, reason, path, make_text)
