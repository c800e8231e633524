"""The window's exports, one family: the answer file, the board as a PNG (the same ``write_png``
``render`` uses), the line as a GIF or MP4 replay. An online game cut short is offered to be
finished (with its fast policy) before its answer is exported."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from workbench.core.errors import DestinationError, WorkbenchError
from workbench.core.files import check_destination
from workbench.gui.app_state import AppState
from workbench.gui.board.board_screen import BoardScreen
from workbench.gui.board.painters.base import pin_coordinate_labels
from workbench.gui.export.replay_export import write_png
from workbench.gui.play.step_panel import StepPanel
from workbench.gui.window.file_dialog_fit import fitted
from workbench.gui.window.messages import Messages
from workbench.gui.window.recent_files import RecentFiles
from workbench.gui.window.write_errors import report_unwritable, report_write_failure

PNG_SCALE = 2.0


class Exports(QObject):
    """Exports of the board on ``board``; ``finisher`` (SolverAnswers) finishes a game cut short;
    ``parent`` (the window) is the dialogs'."""

    def __init__(
        self,
        state: AppState,
        board: BoardScreen,
        step_panel: StepPanel,
        recent: RecentFiles,
        messages: Messages,
        finisher,
        parent: QWidget,
    ):
        super().__init__(parent)
        self.state, self.board, self.step_panel, self.recent = state, board, step_panel, recent
        self.messages, self.finisher, self.window = messages, finisher, parent
        self.finish_dialog: QMessageBox | None = None
        step_panel.exportReplayRequested.connect(self.export_replay_dialog)

    @property
    def session(self):
        return self.state.session

    def export_solution_dialog(self) -> None:
        if self.session is None:
            return
        suggestion = self.session.path.with_suffix(".out").name if self.session.path else "answer.out"
        path, _ = fitted(QFileDialog.getSaveFileName)(
            self.window,
            "Export the line to here as a contest answer",
            str(Path(self.recent.export_folder()) / suggestion),
        )
        if path:
            self.export_solution(path)

    def export_solution(self, path: str | Path) -> bool:
        """Write the moves from the start to the current position, validated first."""
        try:
            # Never over the board's own input file; never into a folder that cannot take it.
            check_destination(path, [self.session.path] if self.session.path else [])
            report = self.session.export_solution(path)
        except DestinationError as error:
            self.messages.error(f"Not exported: {error}")
            report_write_failure(self.window, "Answer not exported", str(error), path, self.session.solution_text)
            return False
        except WorkbenchError as error:
            self.messages.error(f"Not exported, the engine rejects the answer: {error}")
            self._offer_finish_and_export(path)
            return False
        except OSError as error:
            report_unwritable(
                self.window, self.messages, "Answer not exported", path, error, self.session.solution_text
            )
            return False
        self.messages.say(f"Exported {Path(path).name}: {report.summary()}", 8000)
        self.recent.remember_export(Path(path))
        return True

    def export_replay_dialog(self) -> None:
        from workbench.gui.export.replay_dialog import ask_path

        if self.session is not None:
            path = ask_path(self.window, self.session, self.recent.last_folder())
            if path:
                self.export_replay(path)

    def export_replay(self, path: str | Path) -> bool:
        """The current line as a GIF or MP4, at the step panel's speed and stage setting."""
        from workbench.gui.export.replay_dialog import export_replay

        self.step_panel.stop()
        try:
            result = export_replay(
                self.window,
                self.session,
                path,
                fps=self.step_panel.speed.value(),
                stages=self.step_panel.stages.isChecked(),
                options=dict(self.board.adapter.options),
            )
        except WorkbenchError as error:
            self.messages.error(f"Replay not exported: {error}")
            return False
        sampled = f" (sampled from {result.positions})" if result.sampled else ""
        self.messages.say(f"Exported {Path(path).name}: {result.frames} frames{sampled}", 8000)
        return True

    def export_png_dialog(self) -> None:
        path, _ = fitted(QFileDialog.getSaveFileName)(
            self.window, "Export the board as PNG", self.recent.last_folder(), "PNG images (*.png)"
        )
        if path:
            self.export_png(path)

    def board_image(self) -> QImage:
        """The whole board as drawn (not just what the view shows), at twice its scene size."""
        scene = self.board.view.scene()
        rect = scene.sceneRect()
        image = QImage(int(rect.width() * PNG_SCALE), int(rect.height() * PNG_SCALE), QImage.Format_ARGB32)
        image.fill(Qt.white)
        pin_coordinate_labels(scene, rect, None)  # the labels in the margins, not where the view pins them
        painter = QPainter(image)
        painter.setRenderHint(QPainter.Antialiasing)
        scene.render(painter, QRectF(image.rect()), rect)
        painter.end()
        self.board.view.show_labels()  # and back where the view pins them
        return image

    def export_png(self, path: str | Path) -> bool:
        try:
            write_png(self.board_image(), path)
        except OSError as error:
            report_unwritable(self.window, self.messages, "Image not exported", path, error)
            return False
        self.messages.say(f"Exported {Path(path).name}", 5000)
        return True

    def _offer_finish_and_export(self, path) -> None:
        """After an export refused for an unfinished online game: offer to finish, then export."""
        if not self.finisher.can_finish_game():
            return
        s, fast = self.session, self.finisher.fast_policy()
        self.finish_dialog = QMessageBox(
            QMessageBox.Question,
            self.tr("Finish the game?"),
            self.tr(
                "The game stops after {0} moves, so the judge would not accept it.\n\n"
                "Finish the remaining turns with the fast policy {1} and export the whole game "
                "to {2}?"
            ).format(s.depth, fast.name, Path(path).name),
            QMessageBox.Yes | QMessageBox.No,
            self.window,
        )
        self.finish_dialog.button(QMessageBox.Yes).setText(self.tr("Finish with {0} and export").format(fast.name))
        self.finish_dialog.accepted.connect(lambda: self.finisher.finish_game() and self.export_solution(path))
        self.finish_dialog.open()
