"""The board shown: the view drawing the session's position (the start position in editor mode,
a frontier state in a preview), the puzzle's adapter that paints it, its display toggles (View ▸
Board), and the facts line above it (puzzle, move, score, the adapter's words).

It follows the AppState's session: a step, an edit or another board redraws it; nobody pushes a
redraw into it except for what only the window knows (the theme changed, a preview ended)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QLabel, QMenu, QVBoxLayout, QWidget

from workbench.gui.app_state import AppState
from workbench.gui.board.board_view import BoardView
from workbench.gui.board.painters import adapter_class
from workbench.gui.window.messages import Messages


class BoardScreen(QObject):
    """``view`` under its facts line, in ``widget``; ``options_menu`` gets the display toggles."""

    def __init__(self, state: AppState, view: BoardView, options_menu: QMenu, messages: Messages, parent=None):
        super().__init__(parent)
        self.state, self.view, self.options_menu, self.messages = state, view, options_menu, messages
        self.facts = self._facts_line()
        self.widget = QWidget()
        layout = QVBoxLayout(self.widget)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.facts)
        layout.addWidget(view, 1)
        self.adapter = None
        self.editing = False  # editor mode: the start position shown, to be edited
        self.previewing = False  # a frontier state shown read-only until Esc
        view.inputHandled.connect(self.show_facts)
        self.session_events = state.follow(
            self._session_shown,
            step_changed=lambda _node: self.redraw(),
            board_changed=lambda how: self.redraw(rebuild=how != "edit"),
        )

    @staticmethod
    def _facts_line() -> QLabel:
        # The facts of the position (score, move, the adapter's words) get a line of their own
        # above the board, so the status bar keeps its whole width for messages and errors.
        facts = QLabel()
        facts.setObjectName("facts")
        facts.setWordWrap(True)
        facts.setTextInteractionFlags(Qt.TextSelectableByMouse)
        facts.setContentsMargins(8, 4, 8, 4)
        return facts

    def show_puzzle(self, puzzle) -> bool:
        """Paint ``puzzle``'s boards from now on (True: a puzzle other than the one shown; the
        window checked that the GUI has a painter for it)."""
        if self.adapter is not None and self.adapter.puzzle is puzzle:
            return False
        self.adapter = adapter_class(puzzle.id)(puzzle, self.view.scene())
        self.view.set_adapter(self.adapter)
        self._fill_options_menu()
        return True

    def _session_shown(self, _session) -> None:
        self.previewing = False
        self.view.mode = "edit" if self.editing else "play"
        self.redraw(rebuild=True)

    def set_editing(self, on: bool) -> None:
        self.end_preview()
        self.editing = on
        self.view.mode = "edit" if on else "play"
        self.redraw()

    def redraw(self, rebuild: bool = False) -> None:
        """The session's position on the board (its start in editor mode) and the facts line."""
        s = self.state.session
        if s is None:
            return
        if self.view.mode == "edit":
            # The editor edits the input, so it shows the start position, not the move reached.
            self.view.display(s.instance, s.history.root.state, None, rebuild=rebuild)
        else:
            node = s.history.current
            self.view.display(s.instance, node.state, node.move, rebuild=rebuild)
        self.show_facts()

    def show_facts(self) -> None:
        """The facts line: puzzle, move number, score and the adapter's own words."""
        s = self.state.session
        node = s.history.current
        translate = QCoreApplication.translate  # lupdate reads translate("Context", ...)
        if self.view.mode == "edit":  # the editor shows (and edits) the start position
            start = s.report(s.history.root)
            words = [
                s.puzzle.id,
                translate("BoardScreen", "editing the start position"),
                start.summary(),
                self.adapter.status_text(s.instance, s.history.root.state),
                translate("Painter", self.adapter.edit_keys),
                translate("BoardScreen", "the history stays at move {0}").format(node.depth),
            ]
        else:
            words = [
                s.puzzle.id,
                translate("BoardScreen", "move {0}").format(node.depth),
                s.report().summary(),
                self.adapter.status_text(s.instance, node.state),
                translate("Painter", self.adapter.play_keys),
            ]
        self.facts.setText("  |  ".join(word for word in words if word))

    # -------------------------------------------------- a frontier state, read-only
    def preview(self, state, move, summary: str) -> None:
        """Show ``state`` (reached by ``move``) until the user goes back to the game."""
        self.previewing = True
        self.view.mode = "preview"
        self.view.display(self.state.session.instance, state, move)
        self.messages.say(self.tr("Preview of a frontier state: {0} — Esc to go back").format(summary))

    def end_preview(self) -> None:
        if self.previewing:
            self.previewing = False
            self.view.mode = "edit" if self.editing else "play"
            self.messages.clear()
            self.redraw()

    # -------------------------------------------------- View ▸ Board
    def _fill_options_menu(self) -> None:
        """The adapter's display toggles, as checkable actions."""
        menu = self.options_menu
        menu.clear()
        for name, label, default in self.adapter.view_options:
            action = menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(default)
            action.toggled.connect(lambda on, n=name: self._set_view_option(n, on))
        menu.setEnabled(bool(self.adapter.view_options))

    def _set_view_option(self, name: str, on: bool) -> None:
        self.adapter.set_view_option(name, on)
        self.redraw(rebuild=True)
