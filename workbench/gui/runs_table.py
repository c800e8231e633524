"""The rows of a batch run: a sortable, filterable table and two plots, for the Runs panel.

Rows are ``results.csv`` rows (dicts). Columns between ``seed`` and ``score``
are the case's features and the data the program reported (``[DATA] name =
value``); any of them groups the bar plot, and the scatter plot shows the score
against any numeric column. A filter ("N>=8") hides rows from the table, the
plots and the summary alike. Clicking a point opens its case, as a double
click on its row does.
"""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QSplitter, QTableView,
                               QVBoxLayout, QWidget)

from workbench.batch.report import row_filter, summarize

from .plot_style import all_whole, set_whole_numbers, style_plot, y_range

SORT_ROLE = Qt.UserRole + 1
ROW_ROLE = Qt.UserRole  # the row's index in RunsView.rows
NO_GROUPS = "(no groups)"
LEADING, TRAILING = ("case",), ("score", "relative", "time_s", "verdict", "message")


def relative_colour(relative: float) -> QColor:
    """Pale green at the best known, through yellow, to pale red at 90 % and below."""
    t = max(0.0, min(1.0, (relative - 0.9) / 0.1))
    return QColor.fromHsvF(0.33 * t, 0.35, 1.0)


def _number(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def between_seed_and_score(row: dict) -> list[str]:
    """A row's features and reported data: its columns between ``seed`` and ``score``."""
    names = list(row)
    start = names.index("seed") + 1 if "seed" in names else 0
    end = names.index("score") if "score" in names else len(names)
    return names[start:end]


class RowFilter(QSortFilterProxyModel):
    def __init__(self, view: "RunsView"):
        super().__init__(view)
        self.view = view

    def filterAcceptsRow(self, source_row: int, parent) -> bool:
        test = self.view.row_test
        if test is None:
            return True
        index = self.sourceModel().index(source_row, 0, parent)
        return test(self.view.rows[index.data(ROW_ROLE)])


class RunsView(QWidget):
    rowActivated = Signal(dict)  # double click on a row, or a click on its point
    rowSelected = Signal(dict)  # the table's current row changed
    filterChanged = Signal(str)  # "" when the filter is fine, else what is wrong with it

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list[dict] = []
        self.features: list[str] = []
        self.data: list[str] = []
        self.row_test = None
        self._dirty = False

        self.model = QStandardItemModel(0, 0, self)
        self.proxy = RowFilter(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.AscendingOrder)  # cases in seed order until a header is clicked
        self.table.setSelectionBehavior(QTableView.SelectRows)
        self.table.setSelectionMode(QTableView.SingleSelection)
        self.table.setEditTriggers(QTableView.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().hide()
        self.table.setMinimumHeight(120)
        self.table.doubleClicked.connect(lambda index: self.rowActivated.emit(self.row_at(index)))
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)

        self.group_by = QComboBox()
        self.group_by.setToolTip("The column the bar plot groups cases by")
        self.group_by.currentTextChanged.connect(lambda _: self._touch())
        self.x_axis = QComboBox()
        self.x_axis.setToolTip("The column the scatter plot puts across, against the score")
        self.x_axis.currentTextChanged.connect(self._x_changed)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("filter, e.g. N>=8")
        self.filter.setToolTip("Only the cases where NAME OP VALUE holds (OP: = != < <= > >=); Enter applies it")
        self.filter.returnPressed.connect(self.apply_filter)
        self.filter.editingFinished.connect(self.apply_filter)

        self.by_case = pg.PlotWidget()
        style_plot(self.by_case, self.palette())
        self.by_case.setLabel("left", "score")
        self.points = pg.ScatterPlotItem(size=7, hoverable=True)
        self.points.sigClicked.connect(self._point_clicked)
        self.by_case.addItem(self.points)
        self.by_group = pg.PlotWidget()
        style_plot(self.by_group, self.palette())
        self.by_group.setLabel("left", "mean score")
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.6, brush="#6a9fd8")
        self.by_group.addItem(self.bars)

        controls = QHBoxLayout()
        for label, widget, stretch in (("Filter", self.filter, 2), ("Group by", self.group_by, 1),
                                       ("Plot score against", self.x_axis, 1)):
            controls.addWidget(QLabel(label))
            controls.addWidget(widget, stretch)
        plots = QSplitter(Qt.Vertical)
        plots.addWidget(self.by_case)
        plots.addWidget(self.by_group)
        body = QSplitter(Qt.Horizontal)
        body.addWidget(self.table)
        body.addWidget(plots)
        body.setStretchFactor(0, 3)
        body.setStretchFactor(1, 2)
        body.setSizes([600, 400])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(controls)
        layout.addWidget(body, 1)
        self._set_choices()

    # ------------------------------------------------------------ rows
    def columns(self) -> list[str]:
        return [*LEADING, *self.features, *self.data, *TRAILING]

    def show_rows(self, rows: list[dict], features: list[str]) -> None:
        self.rows = []
        self.model.clear()
        self.features = list(features)
        self.data = []
        self.model.setHorizontalHeaderLabels(self.columns())
        for row in rows:
            self.add_row(row)
        self._set_choices()
        self._dirty = True
        self.refresh()

    def add_row(self, row: dict) -> None:
        fresh = [c for c in between_seed_and_score(row) if c not in self.features and c not in self.data]
        for name in fresh:  # reported data a case brings: a column before "score"
            position = len(LEADING) + len(self.features) + len(self.data)
            self.data.append(name)
            self.model.insertColumn(position)
            self.model.setHorizontalHeaderItem(position, QStandardItem(name))
        if fresh:
            self._set_choices()
        self.rows.append(row)
        relative = _number(row.get("relative") or 0)
        items = []
        for column in self.columns():
            value = row.get(column, "")
            item = QStandardItem(f"{relative:.4f}" if column == "relative" else str(value))
            number = _number(value)
            item.setData(str(value) if math.isnan(number) else number, SORT_ROLE)
            if column in ("score", "relative"):
                item.setBackground(relative_colour(relative))
            item.setData(len(self.rows) - 1, ROW_ROLE)
            items.append(item)
        self.model.appendRow(items)
        self._dirty = True

    def row_at(self, proxy_index) -> dict:
        return self.rows[self.proxy.mapToSource(proxy_index).siblingAtColumn(0).data(ROW_ROLE)]

    def visible_rows(self) -> list[dict]:
        return [r for r in self.rows if self.row_test is None or self.row_test(r)]

    def select(self, index: int) -> None:
        """Make row ``index`` (of ``rows``) the table's current row."""
        for r in range(self.proxy.rowCount()):
            proxy_index = self.proxy.index(r, 0)
            if proxy_index.data(ROW_ROLE) == index:
                self.table.selectRow(r)
                self.table.scrollTo(proxy_index)
                return

    def _current_changed(self, current, previous) -> None:
        if current.isValid():
            self.rowSelected.emit(self.row_at(current))

    # ------------------------------------------------------------ view controls
    def _set_choices(self) -> None:
        columns = self.features + self.data
        group, x = self.group_by.currentText(), self.x_axis.currentText()
        for combo, items in ((self.group_by, [NO_GROUPS, *columns]), (self.x_axis, ["seed", *columns, "time_s"])):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(items)
            combo.blockSignals(False)
        self.group_by.setCurrentText(group if group in columns or group == NO_GROUPS else
                                     (self.features[0] if self.features else NO_GROUPS))
        self.x_axis.setCurrentText(x if x in columns or x == "time_s" else "seed")

    def apply_filter(self) -> bool:
        text = self.filter.text().strip()
        try:
            test = row_filter(text, self.columns()) if text else None
        except ValueError as error:
            self.filter.setStyleSheet("QLineEdit { color: #c0392b; }")
            self.filter.setToolTip(str(error))
            self.filterChanged.emit(str(error))
            return False
        self.filter.setStyleSheet("")
        self.filter.setToolTip("Only the cases where NAME OP VALUE holds (OP: = != < <= > >=); Enter applies it")
        if hasattr(self.proxy, "beginFilterChange"):  # Qt 6.9 and later
            self.proxy.beginFilterChange()
            self.row_test = test
            self.proxy.endFilterChange()
        else:
            self.row_test = test
            self.proxy.invalidateFilter()
        self.filterChanged.emit("")
        self._touch()
        return True

    def _x_changed(self, text: str) -> None:
        self.by_case.setLabel("bottom", "case (seed)" if text == "seed" else text)
        self._touch()

    def _touch(self) -> None:
        self._dirty = True
        self.refresh()

    # ------------------------------------------------------------ plots
    def refresh(self) -> None:
        if not self._dirty:
            return
        self._dirty = False
        indexed = [(i, r) for i, r in enumerate(self.rows) if self.row_test is None or self.row_test(r)]
        x_name = self.x_axis.currentText() or "seed"
        xs = []
        for position, (_, row) in enumerate(indexed):
            value = _number(row.get(x_name))
            xs.append(position if math.isnan(value) else value)
        scores = [_number(r.get("score")) for _, r in indexed]
        set_whole_numbers(self.by_case, bottom=all_whole(xs), left=all_whole(scores))
        self.points.setData(x=xs, y=scores,
                            data=[i for i, _ in indexed],
                            brush=[relative_colour(_number(r.get("relative") or 0)) for _, r in indexed])
        group = self.group_by.currentText()
        visible = [r for _, r in indexed]
        grouped = bool(visible) and group not in ("", NO_GROUPS)
        summary = summarize(visible, group_by=group if grouped else "")
        # Without groups, one bar: the mean of every case shown.
        bars = [(g.label.split(" ", 1)[-1], g.mean_score) for g in summary.groups] or (
            [("all cases", summary.mean_score)] if visible else [])
        self.by_group.setLabel("bottom", group if grouped else "")
        self.by_group.getAxis("bottom").setTicks([[(i, label) for i, (label, _) in enumerate(bars)]])
        means = [height for _, height in bars]
        # Bars rise from just under the lowest mean, not from 0: means of 870k and 880k drawn
        # from 0 look the same height. The axis says where they start.
        base = y_range(means)[0] if means else 0.0
        self.bars.setOpts(x=list(range(len(bars))), y0=base, height=[m - base for m in means])
        if means:
            self.by_group.setYRange(base, y_range(means)[1], padding=0)
        self.by_group.setLabel("left", f"mean score (bars from {base:,.6g})" if base > 0 else "mean score")

    def _point_clicked(self, item, points, event=None) -> None:
        if len(points):
            index = points[0].data()
            self.select(index)
            self.rowActivated.emit(self.rows[index])
