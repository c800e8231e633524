"""The Runs panel's status line: the progress bar and the summary of the run shown.

It follows a ``BatchRunModel``'s events (a run started, rows arriving, a run opened, a run ended)
and reads the summary of the rows shown from the ``RunsView`` (made by the view's refresh, so a
filter narrows it too).
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QWidget

from workbench.batch.results import plain_number
from workbench.gui.common.plain_text import plain_label
from workbench.gui.runs.batch_model import BatchRunModel
from workbench.gui.runs.runs_table import RunsView


class RunStatus(QWidget):
    """``row`` is its layout: the panel adds the buttons that act on the run shown beside it."""

    def __init__(self, model: BatchRunModel, view: RunsView, parent=None):
        super().__init__(parent)
        self.model, self.view = model, view
        self.board_puzzle: str | None = None  # the board's puzzle: a run of another one is labelled
        self.progress = QProgressBar()
        self.summary = plain_label(self.tr("No run yet"))
        self.summary.setWordWrap(True)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.addWidget(self.progress)
        self.row.addWidget(self.summary, 3)
        model.started.connect(self._started)
        model.rows_added.connect(self._rows_added)
        model.shown.connect(self._shown)

    def say(self, text: str) -> None:
        self.summary.setText(text)

    def _started(self, run) -> None:
        self.progress.setRange(0, len(run.spec.cases))
        self.progress.setValue(0)
        self.say(
            self.tr("Running {0} cases: {1}, {2} at a time, into {3}").format(
                len(run.spec.cases), run.spec.runner.describe(), run.spec.workers, run.spec.out
            )
        )

    def _rows_added(self, rows: list[dict]) -> None:
        self.progress.setValue(len(self.view.rows))
        self.show_summary()

    def _shown(self) -> None:
        self.progress.setRange(0, max(len(self.view.rows), 1))
        self.progress.setValue(len(self.view.rows))
        self.show_summary()

    def show_summary(self) -> None:
        """The rows shown in a line (the plots redrawn first, when due: the summary is theirs)."""
        self.view.refresh()
        shown = self.view.visible_rows()
        if not shown:
            return
        summary, total = self.view.summary, len(self.view.rows)
        part = self.tr(" of {0}").format(total) if len(shown) != total else ""
        other = self.model.other_puzzle(self.board_puzzle)
        label = (
            self.tr("A run of {0}, not of the board's {1}: a row opens its {0} case. ").format(other, self.board_puzzle)
            if other
            else ""
        )
        mean = "-" if summary.mean_score is None else plain_number(round(summary.mean_score, 6))
        cpu = self.tr(", mean CPU {0:.2f} s").format(summary.mean_cpu) if summary.mean_cpu is not None else ""
        where = f" — {self.model.folder}" if self.model.folder else ""
        self.say(
            self.tr(
                "{0}{1}{2} cases ({3}): {4} OK, {5}; mean score {6} over the OK cases, mean relative {7:.4f}; "
                "mean time {8:.2f} s{9}{10}"
            ).format(
                label,
                summary.count,
                part,
                summary.objective.words,
                summary.ok,
                summary.failed_text(),
                mean,
                summary.mean_relative,
                summary.mean_seconds,
                cpu,
                where,
            )
        )
