"""A puzzle's rules in the window: Help ▸ Rules of this puzzle, and the one line under the board.

The words are the puzzle's own (``Puzzle.rules``, ``rules_summary``: the contest's rules and score)
and its painter's controls (``help_text``): a plugin brings its own through the same protocol.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QGraphicsScene, QLabel, QMessageBox, QWidget

from workbench.core.session import Session
from workbench.gui.app_state import AppState
from workbench.gui.board.painters import adapter_class


def rules_html(puzzle) -> str:
    """The puzzle's title, rules paragraph and its painter's controls, as the dialog shows them."""
    rules, summary = puzzle.rules_in_language()
    cls = adapter_class(puzzle.id)
    # A painter may word its controls for the puzzle (the grid painter): ask one made for it.
    controls = QCoreApplication.translate("Painter", cls(puzzle, QGraphicsScene()).help_text) if cls is not None else ""
    parts = [f"<h3>{html.escape(puzzle.title)}</h3>", f"<p><i>{html.escape(summary)}</i></p>"]
    if rules:
        parts.append(f"<p>{html.escape(rules)}</p>")
    for block in controls.split("\n\n"):
        text = " ".join(line.strip() for line in block.splitlines() if line.strip())
        if text:
            parts.append(f"<p>{html.escape(text)}</p>")
    return "".join(parts)


def show_rules(parent: QWidget, puzzle) -> QMessageBox:
    """Help ▸ Rules of this puzzle: a box the user closes (not modal: the board stays playable)."""
    box = QMessageBox(
        QMessageBox.Information,
        QCoreApplication.translate("RulesView", "Rules of {0}").format(puzzle.title),
        "",
        parent=parent,
    )
    box.setTextFormat(Qt.RichText)
    box.setText(rules_html(puzzle))
    box.setObjectName("rules")
    box.open()
    return box


class RulesLine(QLabel):
    """The puzzle's rules in one line, under the board; it follows the board shown."""

    def __init__(self, state: AppState, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("rules_line")
        self.setWordWrap(True)
        self.setContentsMargins(8, 2, 8, 4)
        self._puzzle_id = ""
        state.session_replaced.connect(self._follow)
        if state.session is not None:
            self._follow(state.session)

    def _follow(self, session: Session) -> None:
        puzzle = session.puzzle
        if puzzle.id == self._puzzle_id:
            return
        self._puzzle_id = puzzle.id
        _, summary = puzzle.rules_in_language()
        self.setText(self.tr("Rules: {0} (Help ▸ Rules of this puzzle)").format(summary) if summary else "")
        self.setVisible(bool(summary))
