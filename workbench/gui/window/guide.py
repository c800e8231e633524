"""What a newcomer reaches for, wired into the window: File ▸ New (the start page), File ▸ New
contest…, Help ▸ Rules of this puzzle, Keyboard and mouse (made from the window's actions),
Start page and About; and the start page once, on the first start.

A collaborator of the window: it is given what it calls (a sample board of a puzzle, the solver's
start, the contest windows') and reads the AppState's session.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from workbench.gui.app_state import AppState
from workbench.gui.board.painters import playable_puzzles
from workbench.gui.contest.new_contest_dialog import new_contest
from workbench.gui.window.about import show_about
from workbench.gui.window.keys_help import keys_and_mouse_html
from workbench.gui.window.rules_view import show_rules
from workbench.gui.window.start_page import SAMPLE_SEED, StartPage, seen


class Guide(QObject):
    def __init__(
        self,
        window: QMainWindow,
        state: AppState,
        settings: QSettings,
        *,
        sample: Callable[[str, int], bool],
        start_solver: Callable[[], None],
        open_contest: Callable[[str], object],
        open_contest_dialog: Callable[[], None],
    ):
        super().__init__(window)
        self.window, self.state, self.settings = window, state, settings
        self.sample, self.start_solver = sample, start_solver  # a board of a puzzle's seed; F5
        self.open_contest, self.open_contest_dialog = open_contest, open_contest_dialog
        self.page: StartPage | None = None
        self.box: QMessageBox | None = None  # the last help or rules box shown

    def add_actions(self, file_menu: QMenu, help_menu: QMenu, before=None) -> None:
        """File ▸ New and New contest… (before ``before`` in the file menu), and the Help entries."""
        new = file_menu.addAction(self.tr("&New (start page)…"))
        new.setShortcut(QKeySequence("Ctrl+Shift+N"))
        new.triggered.connect(self.show_start_page)
        contest = file_menu.addAction(self.tr("New con&test…"))
        contest.triggered.connect(self.new_contest)
        if before is not None:
            file_menu.insertAction(before, new)
            file_menu.insertAction(before, contest)
        rules = help_menu.addAction(self.tr("&Rules of this puzzle"))
        rules.setShortcut(QKeySequence("Shift+F1"))
        rules.triggered.connect(self.show_rules)
        keys = help_menu.addAction(self.tr("&Keyboard and mouse"))
        keys.setShortcut(QKeySequence.HelpContents)
        keys.triggered.connect(self.show_keys)
        help_menu.addSeparator()
        help_menu.addAction(self.tr("&Start page"), self.show_start_page)
        help_menu.addAction(self.tr("&About Puzzle Workbench"), lambda: show_about(self.window))

    def show_start_page(self) -> StartPage:
        self.page = StartPage(playable_puzzles(), self.settings, self.window)
        self.page.playRequested.connect(lambda puzzle_id: self.sample(puzzle_id, SAMPLE_SEED))
        self.page.watchRequested.connect(self._watch)
        self.page.newContestRequested.connect(self.new_contest)
        self.page.openContestRequested.connect(self.open_contest_dialog)
        self.page.open()
        return self.page

    def welcome(self) -> None:
        """The start page on the first start only (it remembers it was seen)."""
        if not seen(self.settings):
            self.show_start_page()

    def _watch(self, puzzle_id: str) -> None:
        if self.sample(puzzle_id, SAMPLE_SEED):
            self.start_solver()

    def new_contest(self) -> None:
        config = new_contest(self.window)
        if config is not None:
            self.open_contest(str(config.path))

    def show_rules(self) -> None:
        if self.state.session is not None:
            self.box = show_rules(self.window, self.state.session.puzzle)

    @staticmethod
    def tr_painter(text: str) -> str:
        """A painter's words (its controls), in the user's language."""
        return QCoreApplication.translate("Painter", text)

    def show_keys(self) -> None:
        session = self.state.session
        adapter = getattr(self.window, "adapter", None)
        title = session.puzzle.title if session is not None else "Puzzle Workbench"
        self.box = QMessageBox(QMessageBox.Information, self.tr("Keyboard and mouse"), "", parent=self.window)
        self.box.setTextFormat(Qt.RichText)
        self.box.setText(
            keys_and_mouse_html(self.window, title, self.tr_painter(adapter.help_text) if adapter is not None else "")
        )
        self.box.open()
