"""Editor mode: the board's input edited in place (cells, size, fields), each edit undone like a
move. A part of ``MainWindow``."""

from __future__ import annotations

from workbench.core.errors import WorkbenchError


class Editing:
    """MainWindow's editor (it supplies ``session``, ``adapter``, ``view``, ``editor_panel``,
    ``edit_action``, ``editor_dock``, ``end_preview`` and ``refresh``)."""

    def set_edit_mode(self, on: bool) -> None:
        self.end_preview()
        self.edit_action.setChecked(on)
        self.view.mode = "edit" if on else "play"
        self.editor_dock.setVisible(on)
        if self.session is not None:
            self.editor_panel.configure(self.adapter, self.session.instance)
            self.refresh()
        self.statusBar().showMessage(
            "Editor mode: edit the board (Help ▸ Keyboard and mouse says how)" if on else "Play mode", 5000)

    def _edit(self, change, merge: bool = False) -> None:
        """Replace the board by an edited copy. The session keeps the old board and its
        history, so Undo takes the edit back like a move; ``merge`` joins the cells of one drag."""
        if self.session is None:
            return
        try:
            instance = change(self.adapter, self.session.instance)
        except (WorkbenchError, ValueError) as error:
            self.show_error(f"Edit refused: {error}")
            return
        if instance is self.session.instance:  # nothing changed (nothing to edit on this puzzle)
            if not self.adapter.can_edit_cells:
                self.show_error(self.adapter.editor_note)
            return
        self.session.edit(instance, merge=merge)  # its board_changed redraws the board and the editor
        self.statusBar().showMessage("Board edited: Undo (Ctrl+Z) brings back the board before, with its moves",
                                     8000)

    def _edit_cell(self, cell, paint) -> None:
        painted = []

        def change(adapter, instance):
            new, value = adapter.edit_click(instance, cell, paint)
            painted.append(value)
            return new

        self._edit(change, merge=paint is not None)  # paint is set while a drag goes on
        if painted:
            self.view.set_paint(painted[0])
