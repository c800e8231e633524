"""Editor mode: the board's input edited in place (cells, size, fields), each edit undone like a
move. The editor panel's boxes follow the board shown (its size, its fields)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget

from workbench.core.errors import WorkbenchError
from workbench.gui.app_state import AppState
from workbench.gui.board.board_screen import BoardScreen
from workbench.gui.play.editor_panel import EditorPanel
from workbench.gui.window.messages import Messages


class Editing(QObject):
    """The editor: ``editor_panel`` in ``dock`` (shown in editor mode), edits made on ``board``."""

    def __init__(
        self,
        state: AppState,
        board: BoardScreen,
        editor_panel: EditorPanel,
        dock: QDockWidget,
        messages: Messages,
        parent=None,
    ):
        super().__init__(parent)
        self.state, self.board, self.panel, self.dock, self.messages = state, board, editor_panel, dock, messages
        self.edit_action = QAction(self.tr("&Editor mode"), self)
        self.edit_action.setShortcut(QKeySequence("Ctrl+M"))
        self.edit_action.setCheckable(True)
        self.edit_action.triggered.connect(self.set_edit_mode)
        panel = editor_panel
        panel.resizeRequested.connect(lambda rows, cols: self.edit(lambda a, i: a.resize(i, rows, cols)))
        panel.fillRequested.connect(lambda value: self.edit(lambda a, i: a.fill(i, value)))
        panel.randomRequested.connect(lambda seed, density: self.edit(lambda a, i: a.random_fill(i, seed, density)))
        panel.brushChosen.connect(lambda value: setattr(self.board.adapter, "brush", value))
        panel.fieldChanged.connect(lambda name, value: self.edit(lambda a, i: a.set_field(i, name, value)))
        board.view.cellEdited.connect(self.edit_cell)
        # Its boxes show the size and fields of the board shown, edited or another.
        self.session_events = state.follow(self._configure, board_changed=lambda _how: self._configure())

    def _configure(self, *_) -> None:
        if self.state.session is not None:
            self.panel.configure(self.board.adapter, self.state.session.instance)

    def set_edit_mode(self, on: bool) -> None:
        self.edit_action.setChecked(on)
        self.dock.setVisible(on)
        self.board.set_editing(on)
        self._configure()
        self.messages.say(
            self.tr("Editor mode: edit the board (Help ▸ Keyboard and mouse says how)") if on else self.tr("Play mode"),
            5000,
        )

    def edit(self, change, merge: bool = False) -> None:
        """Replace the board by an edited copy. The session keeps the old board and its
        history, so Undo takes the edit back like a move; ``merge`` joins the cells of one drag."""
        s, adapter = self.state.session, self.board.adapter
        if s is None:
            return
        try:
            instance = change(adapter, s.instance)
        except (WorkbenchError, ValueError) as error:
            self.messages.error(self.tr("Edit refused: {0}").format(error))
            return
        if instance is s.instance:  # nothing changed (nothing to edit on this puzzle)
            if not adapter.can_edit_cells:
                self.messages.error(adapter.editor_note)
            return
        s.edit(instance, merge=merge)  # its board_changed redraws the board and the editor
        self.messages.say(self.tr("Board edited: Undo (Ctrl+Z) brings back the board before, with its moves"), 8000)

    def edit_cell(self, cell, paint) -> None:
        painted = []

        def change(adapter, instance):
            new, value = adapter.edit_click(instance, cell, paint)
            painted.append(value)
            return new

        self.edit(change, merge=paint is not None)  # paint is set while a drag goes on
        if painted:
            self.board.view.set_paint(painted[0])
