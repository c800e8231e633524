"""The rows of a batch run as a Qt table model: sorted and filtered by the model itself.

Rows are ``results.csv`` rows (dicts). The model keeps ``order``, the rows shown (filtered) in the
shown order, instead of an item per cell or a proxy: a run of 100,000 cases opens in a moment and
a sort is one Python sort (a column of numbers: one numpy sort).
"""

from __future__ import annotations

import bisect
import math

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QColor

ROW_ROLE = Qt.UserRole  # the row's index in RowsModel.rows
# "flags": what is worth a look in the case (the Runs panel fills it from the run's flag rule).
LEADING, TRAILING = ("case",), ("score", "relative", "time_s", "cpu_s", "verdict", "flags", "message")


def relative_colour(relative: float) -> QColor:
    """Pale green at the best known, through yellow, to pale red at 90 % and below."""
    t = max(0.0, min(1.0, (relative - 0.9) / 0.1))
    return QColor.fromHsvF(0.33 * t, 0.35, 1.0)


# A few shades, made once: a colour per cell or point made anew costs the window time at 100,000 rows.
SHADES = [relative_colour(0.9 + i / 200) for i in range(21)]


FLAG_INK = QColor("#c0392b")


def shade(relative: float) -> QColor:
    return SHADES[max(0, min(20, int((relative - 0.9) * 200 + 0.5)))] if relative == relative else SHADES[0]


def as_number(value) -> float:
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
    number = as_number(value)
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
                return f"{as_number(value or 0):.4f}"
            return "" if value is None else str(value)
        if role == Qt.BackgroundRole and column in ("score", "relative"):
            return shade(as_number(row.get("relative") or 0))
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
