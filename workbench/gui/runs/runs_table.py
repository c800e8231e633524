"""The rows of a batch run: a sortable, filterable table and two plots, for the Runs panel.

Rows are ``results.csv`` rows (dicts). Columns between ``seed`` and ``score``
are the case's features and the data the program reported (``[DATA] name =
value``); any of them groups the bar plot, and the scatter plot shows the score
against any numeric column. A filter ("N>=8") hides rows from the table, the
plots and the summary alike. Clicking a point opens its case, as a double
click on its row does.

The table is a model over the rows (``RowsModel``), not an item per cell, and it sorts and filters
the row order itself: a run of 100,000 cases opens in a moment and a sort is one Python sort. The
scatter plot draws at most ``PLOTTED`` points (evenly spaced through the rows shown, the worst kept).
"""

from __future__ import annotations

import bisect
import math
import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QSplitter, QTableView,
                               QVBoxLayout, QWidget)

from workbench.batch.anomalies import FLAGGED
from workbench.batch.report import row_filter, summarize
from workbench.core.objective import Objective

from workbench.gui.common.plot_style import all_whole, set_whole_numbers, style_plot, y_range

ROW_ROLE = Qt.UserRole  # the row's index in RowsModel.rows
NO_GROUPS = "(no groups)"
# "flags": what is worth a look in the case (the Runs panel fills it from the run's flag rule).
LEADING, TRAILING = ("case",), ("score", "relative", "time_s", "cpu_s", "verdict", "flags", "message")
FILTER_TIP = ("Only the cases where NAME OP VALUE holds (OP: = != < <= > >=), or 'flagged': the cases flagged; "
              "Enter applies it")
PLOTTED = 4000  # scatter points at most: more cost the window seconds a refresh and show nothing more
# With more rows than this the plots and summary follow a live run once a second, not at every batch.
LARGE = 20_000


def relative_colour(relative: float) -> QColor:
    """Pale green at the best known, through yellow, to pale red at 90 % and below."""
    t = max(0.0, min(1.0, (relative - 0.9) / 0.1))
    return QColor.fromHsvF(0.33 * t, 0.35, 1.0)


# A few shades, made once: a colour per cell or point made anew costs the window time at 100,000 rows.
SHADES = [relative_colour(0.9 + i / 200) for i in range(21)]


FLAG_INK = QColor("#c0392b")


def shade(relative: float) -> QColor:
    return SHADES[max(0, min(20, int((relative - 0.9) * 200 + 0.5)))] if relative == relative else SHADES[0]


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


def sort_key(value) -> tuple:
    """Numbers before text, each in its own order; an empty cell last."""
    if value in (None, ""):
        return (2, 0.0, "")
    number = _number(value)
    return (0, number, "") if not math.isnan(number) else (1, 0.0, str(value))


class RowsModel(QAbstractTableModel):
    """The rows of a run as a table: ``order`` lists the rows shown (filtered), in the shown order."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list[dict] = []
        self.columns: list[str] = list(LEADING + TRAILING)
        self.order: list[int] = []
        self.test = None
        self.sort_column: str | None = None  # None: the rows' own order (cases as they came)
        self.descending = False
        self._ascending: list[tuple] = []  # the sort keys of the rows shown, ascending, when sorted

    # ------------------------------------------------------------ Qt's side
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.order)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and orientation == Qt.Horizontal and 0 <= section < len(self.columns):
            return self.columns[section]
        return None

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid() or index.row() >= len(self.order):
            return None
        number = self.order[index.row()]
        if role == ROW_ROLE:
            return number
        row, column = self.rows[number], self.columns[index.column()]
        if role == Qt.DisplayRole:
            value = row.get(column, "")
            if column == "relative":
                return f"{_number(value or 0):.4f}"
            return "" if value is None else str(value)
        if role == Qt.BackgroundRole and column in ("score", "relative"):
            return shade(_number(row.get("relative") or 0))
        if role == Qt.ForegroundRole and column == "flags":
            return FLAG_INK
        if role == Qt.TextAlignmentRole and column not in ("message", "verdict", "case"):
            return int(Qt.AlignRight | Qt.AlignVCenter)
        return None

    def sort(self, column: int, order=Qt.AscendingOrder) -> None:
        if not 0 <= column < len(self.columns):
            return
        self.layoutAboutToBeChanged.emit()
        shown = self._shown_rows()
        self.sort_column, self.descending = self.columns[column], order == Qt.DescendingOrder
        self._arrange(shown)
        self.layoutChanged.emit()

    # ------------------------------------------------------------ rows
    def row(self, position: int) -> dict | None:
        """The row shown at ``position`` (None when there is none there)."""
        return self.rows[self.order[position]] if 0 <= position < len(self.order) else None

    def position(self, number: int) -> int | None:
        """Where row ``number`` (of ``rows``) is shown, or None when the filter hides it."""
        try:
            return self.order.index(number)
        except ValueError:
            return None

    def set_rows(self, rows: list[dict], columns: list[str]) -> None:
        self.beginResetModel()
        self.rows, self.columns = list(rows), list(columns)
        self._arrange(range(len(self.rows)))
        self.endResetModel()

    def add_rows(self, rows: list[dict], columns: list[str]) -> None:
        """More rows (a live run); new columns reset the table, else the rows are slotted in place."""
        if columns != self.columns or len(rows) > 1000:
            self.set_rows(self.rows + rows, columns)
            return
        for row in rows:
            number = len(self.rows)
            self.rows.append(row)
            if self.test is not None and not self.test(row):
                continue
            where = len(self.order)
            if self.sort_column is not None:
                key = sort_key(row.get(self.sort_column, ""))
                ascending = bisect.bisect_right(self._ascending, key)
                self._ascending.insert(ascending, key)
                where = len(self.order) - ascending if self.descending else ascending
            self.beginInsertRows(QModelIndex(), where, where)
            self.order.insert(where, number)
            self.endInsertRows()

    def set_filter(self, test) -> None:
        self.beginResetModel()
        self.test = test
        self._arrange(range(len(self.rows)))
        self.endResetModel()

    def _shown_rows(self) -> list[int]:
        return sorted(self.order)

    def _arrange(self, numbers) -> None:
        """``order`` and the keys for the rows ``numbers`` (in their own order) that pass the filter.
        ``_ascending`` holds the sort keys in ascending order; descending shows them reversed. A column
        of numbers only is sorted by numpy (a tenth of the time of Python's sort of 100,000 keys)."""
        shown = [n for n in numbers if self.test is None or self.test(self.rows[n])] if self.test else list(numbers)
        if self.sort_column is None:
            self.order, self._ascending = shown, []
            return
        keys = [sort_key(self.rows[n].get(self.sort_column, "")) for n in shown]
        if all(key[0] == 0 for key in keys):
            values = np.fromiter((key[1] for key in keys), dtype=float, count=len(keys))
            positions = np.argsort(values, kind="stable")
            self.order = [shown[i] for i in positions]
            self._ascending = [keys[i] for i in positions]
        else:
            positions = sorted(range(len(keys)), key=keys.__getitem__)
            self.order = [shown[i] for i in positions]
            self._ascending = [keys[i] for i in positions]
        if self.descending:
            self.order.reverse()


class RunsView(QWidget):
    rowActivated = Signal(dict)  # double click on a row, or a click on its point
    rowSelected = Signal(dict)  # the table's current row changed
    filterChanged = Signal(str)  # "" when the filter is fine, else what is wrong with it

    def __init__(self, parent=None):
        super().__init__(parent)
        self.features: list[str] = []
        self.data: list[str] = []
        self.objective = Objective.MAX
        self.summary = summarize([])  # of the rows shown, as of the last refresh
        self._dirty = False
        self._refreshed = 0.0

        self.model = RowsModel(self)
        self.proxy = self.model  # the model sorts and filters itself: what the table shows
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.AscendingOrder)  # cases as they came
        self.table.setSelectionBehavior(QTableView.SelectRows)
        self.table.setSelectionMode(QTableView.SingleSelection)
        self.table.setEditTriggers(QTableView.NoEditTriggers)
        # Fixed sizes, fitted once: fitting 100,000 rows' contents at every change is seconds.
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.setMinimumHeight(120)
        self.table.doubleClicked.connect(self._activated)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)

        self.group_by = QComboBox()
        self.group_by.setToolTip("The column the bar plot groups cases by")
        self.group_by.currentTextChanged.connect(lambda _: self._touch())
        self.x_axis = QComboBox()
        self.x_axis.setToolTip("The column the scatter plot puts across, against the score")
        self.x_axis.currentTextChanged.connect(self._x_changed)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("filter, e.g. N>=8")
        self.filter.setToolTip(FILTER_TIP)
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
        self.group_by.setCurrentText(group if group in columns or group == NO_GROUPS else
                                     (self.features[0] if self.features else NO_GROUPS))
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
        self.filter.setToolTip(FILTER_TIP)
        if text != getattr(self, "_applied", ""):
            self._applied = text
            self.model.set_filter(test)
        self.filterChanged.emit("")
        self._touch()
        return True

    def _x_changed(self, text: str) -> None:
        self._touch()  # the refresh labels the axis

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
        chosen = self._plotted(visible)
        x_name = self.x_axis.currentText() or "seed"
        xs, scores, data, brushes = [], [], [], []
        for position in chosen:
            row = visible[position]
            value = _number(row.get(x_name))
            xs.append(position if math.isnan(value) else value)
            scores.append(_number(row.get("score")))
            data.append(numbers[position])
            brushes.append(shade(_number(row.get("relative") or 0)))
        set_whole_numbers(self.by_case, bottom=all_whole(xs), left=all_whole(scores))
        self.points.setData(x=xs, y=scores, data=data, brush=brushes)
        sampled = f" ({len(chosen):,} of {len(visible):,} cases drawn)" if len(chosen) < len(visible) else ""
        # Said along the width: the score axis is a short plot's height.
        self.by_case.setLabel("bottom", ("case (seed)" if x_name == "seed" else x_name) + sampled)
        group = self.group_by.currentText()
        grouped = bool(visible) and group not in ("", NO_GROUPS)
        summary = summarize(visible, group_by=group if grouped else "", objective=self.objective)
        # The panel's summary line reads this one: one summary a refresh, not one per reader.
        self.summary = summary
        # Without groups, one bar: the mean of every case shown. Means are over OK cases.
        bars = [(g.label.split(" ", 1)[-1], g.mean_score) for g in summary.groups if g.mean_score is not None] or (
            [("all cases", summary.mean_score)] if visible and summary.mean_score is not None else [])
        self.by_group.getAxis("bottom").setTicks([[(i, label) for i, (label, _) in enumerate(bars)]])
        means = [height for _, height in bars]
        # Bars rise from just under the lowest mean, not from 0: means of 870k and 880k drawn
        # from 0 look the same height. The axis says where they start.
        base = y_range(means)[0] if means else 0.0
        self.bars.setOpts(x=list(range(len(bars))), y0=base, height=[m - base for m in means])
        if means:
            self.by_group.setYRange(base, y_range(means)[1], padding=0)
        # Said under the bars, where there is width: the axis beside them is a short plot's height
        # (76 px in the default window's Runs dock, too short for even "mean score").
        self.by_group.setLabel("bottom", (f"{group}: " if grouped else "") + "mean score of the OK cases"
                               + (f", bars from {base:,.6g}" if base > 0 else ""))

    def _plotted(self, visible: list[dict]) -> list[int]:
        """The positions of ``visible`` to draw: all, or PLOTTED evenly spaced with the worst kept."""
        if len(visible) <= PLOTTED:
            return list(range(len(visible)))
        step = len(visible) / PLOTTED
        chosen = {int(i * step) for i in range(PLOTTED)}
        relatives = [(_number(r.get("relative") or 0), i) for i, r in enumerate(visible)]
        chosen.update(i for _, i in sorted(relatives)[:PLOTTED // 20])  # the worst cases stay in sight
        return sorted(chosen)

    def _point_clicked(self, item, points, event=None) -> None:
        if len(points):
            index = points[0].data()
            self.select(index)
            self.rowActivated.emit(self.rows[index])
