"""The Solver panel's table: the best answers found and the states the run weighs, on the
contest's scale (rows: ``frontier_rows``). A view of a ``SolverRun``'s ``rows_changed``; a click
on a row asks to preview its position."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from workbench.gui.solver.follow import follow
from workbench.gui.solver.frontier_rows import contest_facts, solver_figures, solver_heading
from workbench.gui.solver.run_model import SolverRun
from workbench.gui.solver.run_text import score_text

FACTS_COLUMN, SOLVER_COLUMN = 2, 3  # the columns after score and moves


class FrontierTable(QWidget):
    previewRequested = Signal(object)  # moves of a row, to preview

    def __init__(self, run: SolverRun, parent=None):
        super().__init__(parent)
        self.run = run
        self.table = QTableWidget(0, 4)
        # The contest's facts before the solver's own figures: the table scrolls sideways, and the
        # facts (what the answer is worth) were pushed out of sight by a long solver column (codevs).
        self.table.setHorizontalHeaderLabels([self.tr("score"), self.tr("moves"), self.tr("facts"), self.tr("solver")])
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        # Every column as wide as its text (the table scrolls sideways), so no fact is cut to "bl…".
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeToContents)
        # Headings at their column's start: a wide column's centred heading was scrolled out of sight.
        header.setDefaultAlignment(Qt.AlignLeft | Qt.AlignVCenter)
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollPerPixel)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.cellClicked.connect(self._preview_row)
        self.label = QLabel(self._title(False))
        self.label.setWordWrap(True)  # never the reason the panel is wider than the board
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.table)
        follow(self, (run.rows_changed, self.show_rows), (run.cleared, self._clear), (run.puzzle_changed, self._head))

    def _title(self, online: bool) -> str:
        if online:
            return self.tr("This turn's moves (the one it plays first; click to preview)")
        return self.tr("Best answers and frontier (best score first; click to preview)")

    def _head(self, puzzle) -> None:
        """The headings' tips say what the columns mean for this puzzle (a game's or an answer's)."""
        online = puzzle.online
        self.label.setText(self._title(online))
        tips = (
            (
                0,
                self.tr(
                    "The contest score of the game from its start to the row's position (the status "
                    "bar's scale); hover a score for the solver's estimate of the final score"
                )
                if online
                else self.tr(
                    "The contest score of the whole answer from the game's start to the row's position "
                    "(the status bar's scale); hover a score for the solver's own figure"
                ),
            ),
            (
                FACTS_COLUMN,
                self.tr("The contest's facts of the whole answer from the game's start to the row's position"),
            ),
            (
                SOLVER_COLUMN,
                self.tr(
                    "The solver's own figures for this move: its playouts estimate the final "
                    "score (mean), they are not a contest score"
                )
                if online
                else self.tr(
                    "The solver's own figures, counted from the position it started from; its counts "
                    "that the facts give are left out"
                ),
            ),
        )
        for column, tip in tips:
            self.table.horizontalHeaderItem(column).setToolTip(tip)

    def _clear(self) -> None:
        self.table.setRowCount(0)

    def show_rows(self, rows) -> None:
        """The rows, best first, each position once; one change notice for the whole table."""
        online, origin_depth = self.run.puzzle.online, self.run.origin_depth
        self.table.setRowCount(len(rows))
        self.table.horizontalHeaderItem(SOLVER_COLUMN).setText(solver_heading(online, origin_depth))
        # One notice instead of one per cell: each had the view re-measure the columns sized to their
        # contents (6 ms for 20 rows, 4 times a second).
        model = self.table.model()
        model.blockSignals(True)
        try:
            for index, row in enumerate(rows):
                self._show_row(index, row, online, origin_depth)
        finally:
            model.blockSignals(False)
        if rows:
            model.dataChanged.emit(model.index(0, 0), model.index(len(rows) - 1, model.columnCount() - 1))

    def _show_row(self, index: int, row, online: bool, origin_depth: int) -> None:
        texts = (row.report.text, str(origin_depth + len(row.entry.moves)), contest_facts(row), solver_figures(row))
        for col, text in enumerate(texts):
            self._set_cell(index, col, text)
            self.table.item(index, col).setToolTip(text if col >= 2 else "")
        if row.answer:
            tip = self.tr("an answer the solver found")
        elif online:
            tip = self.tr("the solver's estimate of the final score: {0}").format(score_text(row.entry.score))
        else:
            tip = self.tr("the solver's own figure: {0}").format(score_text(row.entry.score))
        self.table.item(index, 0).setToolTip(tip)

    def _set_cell(self, row: int, col: int, text: str) -> None:
        """Change a cell's text in place (the rows are rewritten four times a second)."""
        item = self.table.item(row, col)
        if item is None:
            self.table.setItem(row, col, QTableWidgetItem(text))
        elif item.text() != text:
            item.setText(text)

    def _preview_row(self, row: int, _col: int = 0) -> None:
        if 0 <= row < len(self.run.rows):
            self.previewRequested.emit(self.run.rows[row].entry.moves)
