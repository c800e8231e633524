"""Contests opened from the main window (File ▸ Open contest…, a contest run of the Runs panel):
each in a window of its own beside it, closed with it."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QFileDialog, QWidget

from workbench.core.errors import WorkbenchError
from workbench.gui.window.file_dialog_fit import fitted
from workbench.gui.window.messages import Messages


class ContestWindows:
    def __init__(self, settings: QSettings, messages: Messages, parent: QWidget):
        self.settings, self.messages, self.parent = settings, messages, parent
        self.windows: list = []

    def open_dialog(self) -> None:
        translate = QCoreApplication.translate  # lupdate reads translate("Context", ...)
        path, _ = fitted(QFileDialog.getOpenFileName)(
            self.parent,
            translate("ContestWindows", "Open a contest (made by 'puzzle-workbench contest init')"),
            "",
            translate("ContestWindows", "Contest files (contest.toml *.toml)"),
        )
        if path:
            self.open(path)

    def open(self, contest_file: str, run_folder: str = ""):
        """A contest's window (its runs and cases); None when its file is broken."""
        from workbench.contest.config import load
        from workbench.gui.contest.contest_window import ContestWindow

        try:
            window = ContestWindow(load(contest_file), self.settings)
        except WorkbenchError as error:
            self.messages.error(
                QCoreApplication.translate("ContestWindows", "Cannot open the contest: {0}").format(error)
            )
            return None
        self.windows.append(window)
        window.show()
        if run_folder:
            window.runs_panel.open_run(run_folder)
        return window

    def close_all(self) -> None:
        for window in self.windows:
            window.close()
