"""The rows of a batch run: a sortable, filterable table and two plots, for the Runs panel.

Rows are ``results.csv`` rows (dicts), in a ``RowsModel``. Columns between ``seed`` and ``score``
are the case's features and the data the program reported (``[DATA] name = value``); any of them
groups the bar plot, and the scatter plot (``RunsPlots``) shows the score against any numeric
column. A filter ("N>=8") hides rows from the table, the plots and the summary alike. Clicking a
point opens its case, as a double click on its row does. ``follow`` ties the view to a
``BatchRunModel``: a run opened or started replaces the rows, rows arriving are added, and the
plots redraw when the panel's timer calls ``refresh``.
"""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from workbench.batch.anomalies import FLAGGED
from workbench.batch.report import row_filter, summarize
from workbench.core.objective import Objective
from workbench.gui.runs.batch_model import BatchRunModel
from workbench.gui.runs.rows_model import LEADING, TRAILING, RowsModel, between_seed_and_score
from workbench.gui.runs.runs_plots import RunsPlots

__all__ = ["RunsView", "between_seed_and_score"]
NO_GROUPS = "(no groups)"
# With more rows than this the plots and summary follow a live run once a second, not at every batch.
LARGE = 20_000


class RunsView(QWidget):
    rowActivated = Signal(dict)  # double click on a row, or a click on its point
    rowSelected = Signal(dict)  # the table's current row changed
    filterChanged = Signal(str)  # "" when the filter is fine, else what is wrong with it

    def __init__(self, parent=None):
        super().__init__(parent)
        self.filter_tip = self.tr(
            "Only the cases where NAME OP VALUE holds (OP: = != < <= > >=), or 'flagged': "
            "the cases flagged; Enter applies it"
        )
        self.features: list[str] = []
        self.data: list[str] = []
        self.objective = Objective.MAX
        self.summary = summarize([])  # of the rows shown, as of the last refresh
        self._dirty = False
        self._refreshed = 0.0

        self.model = RowsModel(self)
        self.proxy = self.model  # the model sorts and filters itself: what the table shows
        self.table = self._make_table()
        self.group_by = QComboBox()
        self.group_by.setToolTip(self.tr("The column the bar plot groups cases by"))
        self.group_by.currentTextChanged.connect(lambda _: self._touch())
        self.x_axis = QComboBox()
        self.x_axis.setToolTip(self.tr("The column the scatter plot puts across, against the score"))
        self.x_axis.currentTextChanged.connect(lambda _: self._touch())  # the refresh labels the axis
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("filter, e.g. N>=8"))
        self.filter.setToolTip(self.filter_tip)
        self.filter.returnPressed.connect(self.apply_filter)
        self.filter.editingFinished.connect(self.apply_filter)
        self.plots = RunsPlots()
        self.plots.pointClicked.connect(self._point_clicked)
        # The plots' parts, by the names the panel and the tests know them by.
        self.by_case, self.by_group = self.plots.by_case, self.plots.by_group
        self.points, self.bars = self.plots.points, self.plots.bars
        self._lay_out()
        self._set_choices()

    def _make_table(self) -> QTableView:
        table = QTableView()
        table.setModel(self.model)
        table.setSortingEnabled(True)
        table.horizontalHeader().setSortIndicator(-1, Qt.AscendingOrder)  # cases as they came
        table.setSelectionBehavior(QTableView.SelectRows)
        table.setSelectionMode(QTableView.SingleSelection)
        table.setEditTriggers(QTableView.NoEditTriggers)
        # Fixed sizes, fitted once: fitting 100,000 rows' contents at every change is seconds.
        table.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        table.horizontalHeader().setStretchLastSection(True)
        table.verticalHeader().setSectionResizeMode(QHeaderView.Fixed)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
        table.verticalHeader().hide()
        table.setWordWrap(False)
        table.setMinimumHeight(120)
        table.doubleClicked.connect(self._activated)
        table.selectionModel().currentRowChanged.connect(self._current_changed)
        return table

    def _lay_out(self) -> None:
        controls = QHBoxLayout()
        for label, widget, stretch in (
            (self.tr("Filter"), self.filter, 2),
            (self.tr("Group by"), self.group_by, 1),
            (self.tr("Plot score against"), self.x_axis, 1),
        ):
            controls.addWidget(QLabel(label))
            controls.addWidget(widget, stretch)
        body = QSplitter(Qt.Horizontal)
        body.addWidget(self.table)
        body.addWidget(self.plots)
        body.setStretchFactor(0, 3)
        body.setStretchFactor(1, 2)
        body.setSizes([600, 400])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(controls)
        layout.addWidget(body, 1)

    def follow(self, run: BatchRunModel) -> None:
        """Show the rows of ``run`` (a BatchRunModel): the run shown, and rows as they arrive."""
        run.shown.connect(lambda: self.show_rows(run.rows, run.features, run.objective))
        run.started.connect(lambda _: self.show_rows([], run.features, run.objective))
        run.rows_added.connect(self.add_rows)

    # ------------------------------------------------------------ rows
    @property
    def rows(self) -> list[dict]:
        return self.model.rows

    def columns(self) -> list[str]:
        return [*LEADING, *self.features, *self.data, *TRAILING]

    def show_rows(self, rows: list[dict], features: list[str], objective: Objective | str = Objective.MAX) -> None:
        """A run's rows (another run's, or none): the table, the plots and the choices start afresh."""
        self.table.clearSelection()
        self.features = list(features)
        self.objective = Objective.of(objective)
        self.data = []
        for row in rows[:1] + rows[-1:]:
            self._new_data(row)
        for row in rows:  # reported data: any case may bring a column (cheap: a set check per row)
            if len(row) > len(LEADING) + len(TRAILING) + len(self.features) + len(self.data) + 5:
                self._new_data(row)
        self.model.set_rows(rows, self.columns())
        self._set_choices()
        self._fit_columns()
        self._dirty = True
        self.refresh(force=True)

    def add_row(self, row: dict) -> None:
        self.add_rows([row])

    def add_rows(self, rows: list[dict]) -> None:
        fresh = False
        for row in rows:
            fresh |= self._new_data(row)
        first = not self.model.rows
        self.model.add_rows(rows, self.columns())
        if fresh:
            self._set_choices()
        if first:
            self._fit_columns()
        self._dirty = True

    def _new_data(self, row: dict) -> bool:
        fresh = [c for c in between_seed_and_score(row) if c not in self.features and c not in self.data]
        self.data.extend(fresh)  # reported data a case brings: a column before "score"
        return bool(fresh)

    def _fit_columns(self) -> None:
        """Columns as wide as their header and the first rows' cells (not all 100,000 of them)."""
        metrics = self.table.fontMetrics()
        for number, column in enumerate(self.model.columns):
            cells = [self.model.data(self.model.index(r, number)) or "" for r in range(min(50, self.model.rowCount()))]
            width = max([metrics.horizontalAdvance(column)] + [metrics.horizontalAdvance(c) for c in cells])
            self.table.setColumnWidth(number, min(400, width + 18))

    def row_at(self, index) -> dict | None:
        """The row shown at a table index (None for an index that shows no row)."""
        return self.model.row(index.row()) if index is not None and index.isValid() else None

    @property
    def row_test(self):
        return self.model.test

    def visible_rows(self) -> list[dict]:
        return [self.model.rows[n] for n in self.model.order] if self.model.test is not None else self.model.rows

    def select(self, index: int) -> None:
        """Make row ``index`` (of ``rows``) the table's current row."""
        position = self.model.position(index)
        if position is not None:
            self.table.selectRow(position)
            self.table.scrollTo(self.model.index(position, 0))

    def _activated(self, index) -> None:
        row = self.row_at(index)
        if row is not None:
            self.rowActivated.emit(row)

    def _current_changed(self, current, previous) -> None:
        row = self.row_at(current)
        if row is not None:
            self.rowSelected.emit(row)

    # ------------------------------------------------------------ view controls
    def _set_choices(self) -> None:
        columns = self.features + self.data
        group, x = self.group_by.currentText(), self.x_axis.currentText()
        for combo, items in ((self.group_by, [NO_GROUPS, *columns]), (self.x_axis, ["seed", *columns, "time_s"])):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(items)
            combo.blockSignals(False)
        self.group_by.setCurrentText(
            group if group in columns or group == NO_GROUPS else (self.features[0] if self.features else NO_GROUPS)
        )
        self.x_axis.setCurrentText(x if x in columns or x == "time_s" else "seed")

    def apply_filter(self) -> bool:
        text = self.filter.text().strip()
        try:
            if text.lower() == FLAGGED:  # the cases the Runs panel flagged
                test = lambda row: bool(row.get("flags"))  # noqa: E731 - a test like row_filter's
            else:
                test = row_filter(text, self.columns()) if text else None
        except ValueError as error:
            self.filter.setStyleSheet("QLineEdit { color: #c0392b; }")
            self.filter.setToolTip(str(error))
            self.filterChanged.emit(str(error))
            return False
        self.filter.setStyleSheet("")
        self.filter.setToolTip(self.filter_tip)
        if text != getattr(self, "_applied", ""):
            self._applied = text
            self.model.set_filter(test)
        self.filterChanged.emit("")
        self._touch()
        return True

    def _touch(self) -> None:
        self._dirty = True
        self.refresh(force=True)

    # ------------------------------------------------------------ plots
    def refresh(self, force: bool = False) -> None:
        """Redraw the plots when the rows changed: at once, or (a large live run) once a second."""
        if not self._dirty:
            return
        if not force and len(self.model.rows) > LARGE and time.monotonic() - self._refreshed < 1.0:
            return
        self._dirty = False
        self._refreshed = time.monotonic()
        visible = self.visible_rows()
        numbers = self.model.order if self.model.test is not None else range(len(self.model.rows))
        group = self.group_by.currentText()
        # The panel's summary line reads this one: one summary a refresh, not one per reader.
        self.summary = self.plots.draw(
            visible, numbers, self.x_axis.currentText() or "seed", "" if group == NO_GROUPS else group, self.objective
        )

    def _point_clicked(self, index: int) -> None:
        self.select(index)
        self.rowActivated.emit(self.rows[index])
