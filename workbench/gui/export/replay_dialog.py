"""Export replay… in the window: the current line as a GIF or MP4, with a progress dialog."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QProgressDialog

from workbench.core.errors import WorkbenchError
from workbench.gui.export import replay
from workbench.gui.export.replay_export import ReplayResult, mp4_available, write_replay
from workbench.gui.window.file_dialog_fit import fitted

GIF_FILTER = "Animated GIF (*.gif)"
MP4_FILTER = "MP4 video (*.mp4)"


def line_moves(session) -> list:
    """The moves of the whole current line (the step-through's line), from the start."""
    return [node.move for node in session.history.line()[1:]]


def ask_path(parent, session, folder: str) -> str | None:
    """A .gif or .mp4 path from a save dialog (the suffix follows the chosen filter)."""
    stem = session.path.stem if session.path else "replay"
    filters = [GIF_FILTER] + ([MP4_FILTER] if mp4_available() else [])
    path, chosen = fitted(QFileDialog.getSaveFileName)(
        parent, "Export the line as a replay", str(Path(folder) / f"{stem}.gif"), ";;".join(filters)
    )
    if not path:
        return None
    if Path(path).suffix.lower() not in (".gif", ".mp4"):
        path += ".mp4" if chosen == MP4_FILTER else ".gif"
    return path


def export_replay(
    parent, session, path: str | Path, *, fps: float, stages: bool, options: dict | None = None
) -> ReplayResult:
    """Render and write the replay on the GUI thread (the painters live there), showing
    progress; Cancel stops it and writes nothing. WorkbenchError says what went wrong."""
    moves = line_moves(session)
    total = replay.count_frames(session.puzzle, session.instance, moves, stages)
    total = min(total, replay.DEFAULT_MAX_FRAMES)
    progress = QProgressDialog(
        QCoreApplication.translate("ReplayDialog", "Rendering the replay…"),
        QCoreApplication.translate("ReplayDialog", "Cancel"),
        0,
        total,
        parent,
    )
    progress.setWindowTitle(QCoreApplication.translate("ReplayDialog", "Export replay"))
    progress.setWindowModality(Qt.WindowModal)
    progress.setMinimumDuration(300)

    def on_frame(done: int, count: int) -> bool:
        progress.setValue(done)
        QApplication.processEvents()
        return not progress.wasCanceled()

    try:
        return write_replay(
            session.puzzle, session.instance, moves, path, fps=fps, stages=stages, options=options, on_frame=on_frame
        )
    except OSError as error:
        raise WorkbenchError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        progress.close()
