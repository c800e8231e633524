"""The cases of the run shown worth a look (failed, far below the best-known, near the time limit).

It follows a ``BatchRunModel``'s ``flags_cleared`` and ``flagged`` events; a click on a case
says ``rowChosen`` (the panel opens it).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from workbench.gui.common.plain_text import plain_label
from workbench.gui.runs.batch_model import LISTED_FLAGS, BatchRunModel


class FlaggedList(QWidget):
    rowChosen = Signal(dict)

    def __init__(self, model: BatchRunModel, parent=None):
        super().__init__(parent)
        self.model = model
        self.label = plain_label()
        self.list = QListWidget()
        self.list.setToolTip(
            self.tr(
                "Cases worth a look: failed, far below the best-known, or near the time limit; click one to open it"
            )
        )
        self.list.setMaximumHeight(90)
        self.list.itemClicked.connect(lambda item: self.rowChosen.emit(item.data(Qt.UserRole)))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.list)
        model.flags_cleared.connect(self._clear)
        model.flagged.connect(self._add)
        self._show_count()

    def _clear(self) -> None:
        self.list.clear()
        self._show_count()

    def _add(self, rows: list[dict]) -> None:
        for row in rows:
            item = QListWidgetItem(self.tr("case {0}: {1}").format(row.get("case", "?"), row["flags"]))
            item.setData(Qt.UserRole, row)
            self.list.addItem(item)
        self._show_count()

    def _show_count(self) -> None:
        count = self.model.flagged_count
        self.list.setVisible(count > 0)
        self.label.setVisible(count > 0)
        listed = (
            self.tr(" (the first {0} listed; the filter 'flagged' shows them all)").format(LISTED_FLAGS)
            if count > LISTED_FLAGS
            else ""
        )
        cases = self.tr("1 case") if count == 1 else self.tr("{0} cases").format(count)
        self.label.setText(
            self.tr(
                "Flagged: {0} worth a look (failed, far below the best-known, or near the time "
                "limit){1}: click one to open it"
            ).format(cases, listed)
        )

    def cases(self) -> list[str]:
        """The cases listed, in their order."""
        return [self.list.item(i).data(Qt.UserRole).get("case", "") for i in range(self.list.count())]
