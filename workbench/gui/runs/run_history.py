"""Past runs and standings in the app: the run database of the Runs panel's folder.

The dialog lists every run of the puzzle or contest (newest last); a run opens in the panel, a
comment can be set, and Standings ranks the chosen runs (all, when none is chosen) on the cases
they share, with the mean score of each run over time. It follows the database: runs that
other processes start or finish (a batch in a terminal, a tuning study's trials) appear live.
"""

from __future__ import annotations

from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
)

from workbench.batch.database import RunDatabase, describe_run
from workbench.batch.results import plain_number
from workbench.batch.run_listing import COLUMNS as LISTING_COLUMNS
from workbench.batch.run_listing import figure_cells, no_shared_cases, program_cells, shortened
from workbench.batch.standings import COLUMNS, EXPLAINED, case_keys, choose_runs, standings
from workbench.core.errors import WorkbenchError
from workbench.core.objective import Objective
from workbench.gui.common.plain_text import plain_label
from workbench.gui.common.plot_style import set_whole_numbers, style_plot

RUN_COLUMNS = tuple(c for c in LISTING_COLUMNS if c != "puzzle")  # the dialog shows one puzzle
FOLLOW_MILLISECONDS = 1000  # one small query a second while the dialog is open
CURVE_COLOURS = ("#6a9fd8", "#e0884a", "#5fb36a", "#c06ac9", "#c9b63f", "#4fc1c1")


def _table(columns) -> tuple[QTableView, QStandardItemModel]:
    model = QStandardItemModel(0, len(columns))
    model.setHorizontalHeaderLabels(list(columns))
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QTableView.SelectRows)
    view.setEditTriggers(QTableView.NoEditTriggers)
    view.verticalHeader().hide()
    view.setWordWrap(False)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)  # fitted when filled
    view.horizontalHeader().setStretchLastSection(True)
    return view, model


def _fit(view: QTableView) -> None:
    """Columns as wide as their contents (the header's own ResizeToContents misses rows added later)."""
    view.resizeColumnsToContents()
    view.resizeRowsToContents()


class PastRunsDialog(QDialog):
    runOpened = Signal(str)  # a run folder

    def __init__(self, database: RunDatabase, puzzle: str, parent=None):
        super().__init__(parent)
        self.database, self.puzzle = database, puzzle
        self.setWindowTitle(self.tr("Runs of {0}").format(puzzle))
        self.resize(980, 640)
        self.runs: list[dict] = []
        self.table, self.model = _table(RUN_COLUMNS)
        self.table.doubleClicked.connect(lambda _: self.open_selected())
        self.standings_table, self.standings_model = _table(COLUMNS)
        self.plot = pg.PlotWidget()
        style_plot(self.plot, self.palette())
        self.plot.setLabel("left", self.tr("mean score"))
        self.plot.setLabel("bottom", self.tr("run (in the order they started)"))
        set_whole_numbers(self.plot, bottom=True)
        self.curves: list = []  # one line per set of cases
        self.note = plain_label()
        self.note.setWordWrap(True)
        self.comment = QLineEdit()
        self.comment.setPlaceholderText(self.tr("a comment for the selected run"))
        buttons = QHBoxLayout()
        for text, slot in (
            ("Open", self.open_selected),
            ("Set comment", self.set_comment),
            ("Standings", self.show_standings),
            ("Refresh", self.refresh),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        buttons.insertWidget(2, self.comment, 1)
        lower = QSplitter(Qt.Horizontal)
        lower.addWidget(self.standings_table)
        lower.addWidget(self.plot)
        lower.setSizes([600, 380])
        body = QSplitter(Qt.Vertical)
        body.addWidget(self.table)
        body.addWidget(lower)
        layout = QVBoxLayout(self)
        layout.addWidget(body, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.note)
        self.refresh()
        # Runs started elsewhere (a batch in a terminal, a tuning study's trials) appear as they go.
        self.live = QTimer(self)
        self.live.setInterval(FOLLOW_MILLISECONDS)
        self.live.timeout.connect(self.follow)
        self.live.start()

    def follow(self) -> None:
        """Refresh when a run started, advanced, finished or was commented since the last look."""
        try:
            runs = self.database.runs(self.puzzle)
        except WorkbenchError:
            return  # said by the last refresh, or the next one
        if [_progress(r) for r in runs] != [_progress(r) for r in self.runs]:
            self.refresh(runs)

    def refresh(self, runs: list[dict] | None = None) -> None:
        kept = {run["id"] for run in self.selected()}
        try:
            self.runs = runs if runs is not None else self.database.runs(self.puzzle)
        except WorkbenchError as error:
            self.note.setText(str(error))
            return
        self.model.removeRows(0, self.model.rowCount())
        programs = program_cells(self.runs)
        for run in self.runs:
            cpu = run["mean_cpu"]
            cells = (
                str(run["id"]),
                (run["started"] or "")[:19],
                run["label"] or "",
                shortened(describe_run(run), 60),
                *figure_cells(run),
                f"{cpu:.2f} s" if cpu is not None else "-",
                run["status"] or "",
                (run["git_commit"] or "")[:8],
                programs[run["id"]],
                run["comment"] or "",
            )
            self.model.appendRow([QStandardItem(c) for c in cells])
        _fit(self.table)
        self._plot_means()
        self.note.setText(self.tr("{0} in {1}").format(plural(len(self.runs), "run"), self.database.path))
        for row, run in enumerate(self.runs):
            if run["id"] in kept:
                self.table.selectRow(row)

    def _plot_means(self) -> None:
        """The mean score (OK cases) of each run in the order they started; a line joins only runs on
        the same cases (a tune's trials, its held-out runs and other runs are separate lines)."""
        for curve in self.curves:
            self.plot.removeItem(curve)
        self.curves = []
        groups: dict[str, list[tuple[int, float]]] = {}
        for x, run in enumerate(self.runs, start=1):
            if run["mean_score"] is not None:
                groups.setdefault(run.get("case_set") or f"run {run['id']}", []).append((x, run["mean_score"]))
        for number, points in enumerate(groups.values()):
            colour = CURVE_COLOURS[number % len(CURVE_COLOURS)]
            curve = self.plot.plot(
                [x for x, _ in points],
                [y for _, y in points],
                pen=pg.mkPen(colour, width=2),
                symbol="o",
                symbolSize=7,
                symbolBrush=colour,
            )
            self.curves.append(curve)

    def selected(self) -> list[dict]:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.runs[r] for r in rows]

    def open_selected(self) -> None:
        chosen = self.selected()
        if chosen:
            self.runOpened.emit(chosen[0]["folder"])

    def set_comment(self) -> None:
        for run in self.selected():
            self.database.comment(run["id"], self.comment.text())
        self.refresh()

    def show_standings(self) -> None:
        """Standings of the chosen runs; with none chosen, of the largest group sharing cases."""
        finished = [r for r in self.runs if r["finished"]]
        runs = [r for r in self.selected() if r["finished"]]
        if not finished:
            self.note.setText(self.tr("No finished run to rank"))
            return
        try:
            cases = {r["id"]: self.database.cases(r["id"]) for r in (runs or finished)}
        except WorkbenchError as error:  # a value the database should not hold (an edit)
            self.note.setText(str(error))
            return
        left_out: list[dict] = []
        if not runs:
            runs, left_out = choose_runs(finished, {rid: case_keys(rows) for rid, rows in cases.items()})
        objective = Objective.of(runs[-1]["objective"])
        result = standings(runs, cases, objective)
        self.standings_model.removeRows(0, self.standings_model.rowCount())
        programs = program_cells(runs)
        for place, row in enumerate(result.rows, start=1):
            run = row.run
            mean = "-" if row.mean is None else f"{plain_number(round(row.mean, 3))} ± {plain_number(round(row.sd, 3))}"
            cells = (
                str(place),
                str(run["id"]),
                run["label"] or "",
                run["comment"] or "",
                *row.figures(),
                mean,
                f"{row.ok}/{row.cases}",
                programs[run["id"]],
            )
            self.standings_model.appendRow([QStandardItem(c) for c in cells])
        _fit(self.standings_table)
        note = (
            f"Standings of {plural(len(runs), 'run')} on the {result.cases} cases they share ({objective.words})"
            if result.cases
            else no_shared_cases(runs, {rid: case_keys(rows) for rid, rows in cases.items()}, ())
        )
        if left_out:
            note += f"; {plural(len(left_out), 'run')} on other cases left out (select runs to rank them)"
        self.note.setText(note)
        self.standings_table.setToolTip(EXPLAINED)
        self.standings = result


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _progress(run: dict) -> tuple:
    return run["id"], run["finished"], run["status"], run["comment"], run["mean_score"]


def open_past_runs(panel) -> PastRunsDialog | None:
    """The Runs panel's past runs, from runs.sqlite in its runs folder."""
    from workbench.batch.database import database_path

    path = database_path(Path(panel.runs_root))
    if panel.problem is None:
        panel.message.emit("Open a board or a contest first: the past runs are its runs")
        return None
    if not path.is_file():
        panel.message.emit(f"No run database yet at {path}: start a run")
        return None
    dialog = PastRunsDialog(RunDatabase(path), panel.problem.id, panel)
    dialog.runOpened.connect(panel.open_run)
    dialog.open()
    return dialog
