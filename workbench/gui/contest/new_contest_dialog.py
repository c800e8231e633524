"""File ▸ New contest…: ``contest init`` in a dialog. The same checks and the same questions
(``workbench.contest.init``: the tools are read and tried, what they cannot say is asked with the
same suggestions), and the same contest.toml written and remembered; the window then opens it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from workbench.contest.config import ContestConfig
from workbench.contest.init import NONE, Draft, draft_config, refusal, settle, write_contest
from workbench.core.errors import WorkbenchError


class NewContestDialog(QDialog):
    """The tools' notes, then one field a question, each filled with its suggestion."""

    def __init__(self, draft: Draft, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("new_contest")
        self.draft = draft
        self.written: ContestConfig | None = None
        self.setWindowTitle(self.tr("New contest: {0}").format(draft.config.name))
        notes = QLabel("\n".join(draft.notes))
        notes.setTextFormat(Qt.PlainText)  # the tools' own words, shown as they are
        notes.setWordWrap(True)
        form = QFormLayout()
        self.fields: dict[str, QLineEdit | QComboBox] = {}
        for question in draft.questions:
            if question.key == "objective":
                field = QComboBox()
                field.addItem(self.tr("max (higher scores win)"), "max")
                field.addItem(self.tr("min (lower scores win)"), "min")
                field.setCurrentIndex(max(0, field.findData(question.suggestion)))
            else:
                field = QLineEdit(question.suggestion)
                field.setPlaceholderText(self.tr("{0}: none").format(NONE))
            field.setToolTip(self.tr("Suggested {0}").format(question.source))
            field.setObjectName(question.key)
            self.fields[question.key] = field
            form.addRow(question.text, field)
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText(self.tr("Write contest.toml"))
        buttons.accepted.connect(self.write)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("{{DIR}} is {0}").format(draft.config.folder)))
        layout.addWidget(notes)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def answers(self) -> dict[str, str]:
        """Each question's answer as the terminal would take it (an empty field: the suggestion)."""
        given = {}
        for question in self.draft.questions:
            field = self.fields[question.key]
            text = field.currentData() if isinstance(field, QComboBox) else field.text().strip()
            given[question.key] = text if text else question.suggestion or NONE
        return given

    def write(self) -> None:
        """Check every answer, write the contest file and close; a wrong answer is said, the dialog stays."""
        given = self.answers()
        for question in self.draft.questions:
            try:
                question.read(given[question.key])
            except ValueError as error:
                self.problem.setText(f"{question.text}: {error}")
                self.fields[question.key].setFocus()
                return
        try:  # answered as on a terminal: the file's notes say "your answer at contest init"
            config, notes = settle(self.draft, {}, lambda question: question.read(given[question.key]))
            self.written = write_contest(config, notes)
        except WorkbenchError as error:
            self.problem.setText(str(error))
            return
        self.accept()


def new_contest(parent: QWidget) -> ContestConfig | None:
    """Ask for the contest's folder, read its tools and ask what they cannot say; the contest
    written, or None (cancelled, or a problem the user was told of)."""
    folder = QFileDialog.getExistingDirectory(
        parent, QCoreApplication.translate("NewContestDialog", "The contest's folder (its tools/, or a tester)")
    )
    if not folder:
        return None
    try:
        draft = draft_config(Path(folder).resolve())
    except WorkbenchError as error:
        QMessageBox.warning(parent, QCoreApplication.translate("NewContestDialog", "New contest"), str(error))
        return None
    refused = refusal(draft)
    if refused:
        QMessageBox.warning(parent, QCoreApplication.translate("NewContestDialog", "New contest"), refused)
        return None
    dialog = NewContestDialog(draft, parent)
    return dialog.written if dialog.exec() else None
