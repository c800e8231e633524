"""A contest's window: its runs (the Runs panel, running the contestant's program) beside the case shown.

A contest from its own tools has no board: a case is its input, the program's
output, what the program wrote on stderr, and the contest's visualizer. The
window opens with the contest's newest run, if it has one.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QSplitter

from workbench.batch.results import read_run
from workbench.contest.config import ContestConfig, load
from workbench.core.errors import WorkbenchError
from workbench.gui.common.plain_text import plain_tooltip
from workbench.gui.contest.case_view import CaseView
from workbench.gui.runs.runs_panel import RunsPanel
from workbench.gui.window.file_dialog_fit import fitted

GEOMETRY_KEY = "contest-window/geometry"


def newest_run(config: ContestConfig, root: Path) -> Path | None:
    """The latest run of this contest under ``root`` (by its start time, from run.json)."""
    found = []
    for folder in root.iterdir() if root.is_dir() else ():
        try:
            meta, _ = read_run(folder)
        except WorkbenchError:
            continue
        if meta.get("kind") == "contest" and meta.get("puzzle") == config.name:
            found.append((str(meta.get("started", "")), folder.name, folder))
    return max(found)[2] if found else None


class ContestWindow(QMainWindow):
    def __init__(self, config: ContestConfig, settings: QSettings | None = None, runs_root: Path | None = None):
        super().__init__()
        self.settings = settings or QSettings("PuzzleWorkbench", "workbench")
        self.config = config
        self.setWindowTitle(self.tr("{0} — Puzzle Workbench").format(config.name))
        self.runs_panel = RunsPanel(runs_root)
        self.runs_panel.set_contest(config)
        if runs_root is not None:
            self.runs_panel.runs_root = Path(runs_root)
        self.case_view = CaseView()
        self.case_view.set_contest(config)
        self.runs_panel.caseChosen.connect(self.show_case)
        self.runs_panel.runShown.connect(self.follow_run)
        self.runs_panel.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.statusBar().messageChanged.connect(lambda text: self.statusBar().setToolTip(plain_tooltip(text)))
        split = QSplitter(Qt.Horizontal)
        split.addWidget(self.runs_panel)
        split.addWidget(self.case_view)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        self.setCentralWidget(split)
        menu = self.menuBar().addMenu(self.tr("&File"))
        menu.addAction(self.tr("&Open run…"), self.runs_panel.open_run_dialog, QKeySequence.Open)
        menu.addAction(self.tr("&Compare with…"), self.runs_panel.compare_dialog)
        menu.addAction(self.tr("Open another &contest…"), self.open_contest_dialog)
        menu.addSeparator()
        menu.addAction(self.tr("&Close"), self.close, QKeySequence.Close)
        geometry = self.settings.value(GEOMETRY_KEY)
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1400, 860)
            split.setSizes([800, 600])
        self.others: list[ContestWindow] = []
        latest = newest_run(config, self.runs_panel.runs_root)
        if latest is not None:
            self.runs_panel.open_run(latest)
        self.statusBar().showMessage(
            f"{config.name}: {config.path}"
            + (
                self.tr("; showing {0}").format(latest.name)
                if latest
                else self.tr("; no run yet: type your program and press Start")
            )
        )

    def show_case(self, row: dict) -> None:
        if self.runs_panel.run_folder is not None:
            self.case_view.show_case(self.runs_panel.run_folder, row)

    def follow_run(self) -> None:
        """Another run in the table: the case shown becomes the same case of that run, when it has it,
        else the case view is cleared (it never shows a case of a run no longer shown)."""
        key = self.case_view.shown_key
        if key is None:
            self.case_view.clear()
            return
        rows = self.runs_panel.rows
        found = next((number for number, row in enumerate(rows) if row.get("key") == key), None)
        if found is None:
            self.case_view.clear(f"This run has no case {self.case_view.shown_case}: select one in the table")
            return
        self.runs_panel.view.select(found)
        self.show_case(rows[found])

    def open_contest_dialog(self) -> None:
        path, _ = fitted(QFileDialog.getOpenFileName)(
            self, "Open a contest", str(self.config.folder), "Contest files (*.toml)"
        )
        if path:
            try:
                other = ContestWindow(load(path), self.settings)
            except WorkbenchError as error:
                self.statusBar().showMessage(str(error), 10000)
                return
            self.others.append(other)
            other.show()

    def closeEvent(self, event) -> None:
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.runs_panel.shutdown()
        self.case_view.shutdown()
        super().closeEvent(event)
