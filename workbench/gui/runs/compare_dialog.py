"""The comparison of two runs, case by case: what the Runs panel's "Compare with…" opens.

The figures are ``batch.report.compare``'s; a row (or its Side by side button) opens that case of
both runs side by side (``Comparisons.open_side_by_side``), and the windows it opened close with
the dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QDialog, QHeaderView, QPushButton, QTableView, QVBoxLayout, QWidget

from workbench.batch.noise import MIN_SHARED
from workbench.batch.report import compare, failed_text, noise_lines
from workbench.batch.results import at_scale, plain_number, read_run, significant
from workbench.core.errors import WorkbenchError
from workbench.core.objective import Objective
from workbench.gui.common.plain_text import plain_label


def close_all(windows) -> None:
    for window in list(windows):
        if window.isVisible():
            window.close()


class CompareDialog(QDialog):
    """Run B (``folder_b``) against run A (``folder_a``, None for a run with no folder), biggest
    losses first. ``open_pair(folder_a, folder_b, case_key)`` opens a case side by side."""

    def __init__(
        self,
        result,
        objective: Objective,
        folder_a: Path | None,
        folder_b: Path,
        open_pair: Callable[[Path, Path, str], QWidget | None],
        parent=None,
    ):
        super().__init__(parent)
        self.comparison = result
        self.side_by_side: list = []  # the cases it opened side by side: they close with it
        self._folders, self._open_pair = (folder_a, Path(folder_b)), open_pair
        name_a = folder_a.name if folder_a else self.tr("this run")
        name_b = Path(folder_b).name
        # Beside the window, not over it: the runs stay usable while the comparison is read.
        self.setWindowModality(Qt.NonModal)
        self.setWindowTitle(self.tr("B {0} against A {1}").format(name_b, name_a))
        text = plain_label(self._text(result, objective, name_a, name_b))
        text.setWordWrap(True)
        self.table = self._table(result, name_a, name_b)
        self.side_by_side_button = QPushButton(self.tr("Side by side"))
        self.side_by_side_button.setToolTip(
            self.tr("Open the selected case with both runs' answers side by side (or double-click its row)")
        )
        self.side_by_side_button.setEnabled(False)
        self.table.selectionModel().currentRowChanged.connect(
            lambda current, _: self.side_by_side_button.setEnabled(current.isValid())
        )
        self.table.doubleClicked.connect(self._chosen)
        self.side_by_side_button.clicked.connect(lambda: self._chosen())
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.table)
        layout.addWidget(self.side_by_side_button)
        self.resize(640, 480)
        self.finished.connect(lambda _code: close_all(self.side_by_side))

    def _text(self, result, objective: Objective, name_a: str, name_b: str) -> str:
        low, high = result.ci95
        if result.tested:
            tests = self.tr("B − A {0} (95% CI {1} .. {2}); paired t-test p = {3:.3g}, Wilcoxon p = {4:.3g}").format(
                at_scale(result.mean_diff, high - low),
                at_scale(low, high - low),
                at_scale(high, high - low),
                result.t_pvalue,
                result.wilcoxon_pvalue,
            )
        else:
            tests = self.tr("B − A {0}; no statistics on {1} shared cases (a test needs {2} or more)").format(
                significant(result.mean_diff, 4), len(result.diffs), MIN_SHARED
            )
        raw = (
            self.tr("Raw score on the {0} cases OK in both: mean A {1}, mean B {2}.").format(
                result.both_ok, significant(result.raw_mean_a), significant(result.raw_mean_b)
            )
            if result.both_ok
            else self.tr("No case is OK in both runs.")
        )
        lines = [
            self.tr("A = {0}, B = {1} ({2})").format(name_a, name_b, objective.words),
            self.tr(
                "{0} shared cases: B wins {1}, loses {2}, ties {3} (a case OK in one run only is a win for it)."
            ).format(len(result.diffs), result.wins, result.losses, result.ties),
            self.tr("Failed: A {0}, B {1}.").format(failed_text(result.failed_a), failed_text(result.failed_b)),
            self.tr(
                "Relative score (per case against the better of the two, a failed case 0): mean A {0:.4f}, "
                "mean B {1:.4f}; {2}."
            ).format(result.mean_a, result.mean_b, tests),
            raw,
        ]
        return "\n".join(lines) + "\n" + "\n".join(noise_lines(result))

    def _table(self, result, name_a: str, name_b: str) -> QTableView:
        model = QStandardItemModel(0, 6, self)
        model.setHorizontalHeaderLabels(
            [
                self.tr("case"),
                self.tr("group"),
                self.tr("A: {0}").format(name_a),
                self.tr("B: {0}").format(name_b),
                self.tr("relative B − A"),
                self.tr("verdicts"),
            ]
        )
        for d in result.diffs:
            verdicts = "" if d.both_ok else f"{d.verdict_a} → {d.verdict_b}"
            model.appendRow(
                [
                    QStandardItem(x)
                    for x in (
                        d.case,
                        d.group,
                        plain_number(d.score_a),
                        plain_number(d.score_b),
                        f"{d.diff:+.4f}",
                        verdicts,
                    )
                ]
            )
        table = QTableView()
        table.setModel(model)
        table.setSelectionBehavior(QTableView.SelectRows)
        table.setSelectionMode(QTableView.SingleSelection)
        table.setEditTriggers(QTableView.NoEditTriggers)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        return table

    def _chosen(self, index=None) -> None:
        index = index if index is not None else self.table.currentIndex()
        folder_a, folder_b = self._folders
        if index.isValid() and folder_a is not None:
            view = self._open_pair(folder_a, folder_b, self.comparison.diffs[index.row()].key)
            if view is not None:
                self.side_by_side.append(view)


class Comparisons(QObject):
    """The comparisons a Runs panel opened and the cases they opened side by side (a window each);
    what cannot be shown is said through ``message``."""

    message = Signal(str)

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.side_by_side: list = []  # the side-by-side windows opened from comparisons

    def compare(
        self, rows: list[dict], meta: dict, objective: Objective, folder_a: Path | None, folder_b: str | Path
    ) -> CompareDialog | None:
        """A dialog comparing ``rows`` (run A, in ``folder_a``, with its run.json ``meta``) with the
        run in ``folder_b`` (B), biggest losses first."""
        try:
            meta_b, other = read_run(Path(folder_b))
            result = compare(rows, other, objective, meta_a=meta or {}, meta_b=meta_b)
        except WorkbenchError as error:
            self.message.emit(str(error))
            return None
        dialog = CompareDialog(result, objective, folder_a, Path(folder_b), self.open_side_by_side, self.parent())
        dialog.show()
        return dialog

    def open_side_by_side(self, folder_a: str | Path, folder_b: str | Path, case: str):
        """One case of two runs in a window of its own: both answers stepped together (a puzzle's two
        boards, a contest's two vis views), both scores, the diff of the answers."""
        from workbench.batch.side_by_side import case_pair
        from workbench.gui.runs.side_by_side import SideBySideView

        try:
            view = SideBySideView(case_pair(Path(folder_a), Path(folder_b), case))
        except WorkbenchError as error:
            self.message.emit(self.tr("Cannot show the case side by side: {0}").format(error))
            return None
        self.side_by_side = [w for w in self.side_by_side if w.isVisible()] + [view]
        view.show()
        return view

    def close_all(self) -> None:
        close_all(self.side_by_side)
