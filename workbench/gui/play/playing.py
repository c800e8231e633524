"""Playing on the board: moves, undo and redo (of moves, edits and boards left), jumps along the
history, and a multi-stage move's stages shown one by one. A part of ``MainWindow``: each action
goes through the Session, whose events redraw the window."""

from __future__ import annotations

from workbench.core.errors import IllegalMove
from workbench.core.history import HistoryNode

from workbench.gui.board.left_boards import LeftBoard


class Playing:
    """MainWindow's play (it supplies ``session``, ``view``, ``adapter``, ``step_panel``,
    ``left_boards``, ``set_session``, ``refresh`` and the animation timer)."""

    def play(self, move) -> bool:
        if self.session is None or self.view.mode != "play":
            return False
        before = self.session.state
        try:
            transition = self.session.play(move)  # its events redraw the board and the panels
        except IllegalMove as error:
            self.show_error(f"Illegal move: {error}")
            self.refresh()  # the view's half-made move (a selection) is dropped
            return False
        note = self.adapter.move_note(self.session.instance, before, move, transition.state)
        if note:  # a legal move worth a word (a roll that a wall blocked)
            self.statusBar().showMessage(f"⚠ {note}", 10000)
        else:
            played = self.session.puzzle.played_text(self.session.instance, before, move, transition.state)
            self.statusBar().showMessage(f"Played {played}", 4000)
        self._animate(transition.frames)
        return True

    def undo(self) -> None:
        if self.session is None or self.previewing:
            return
        left = self.session.history.current
        self._stop_animation()
        undone = self.session.undo()  # the session's events redraw the board and the panels
        if undone is None:
            self._return_to(self.left_boards.step_back(self._this_board()), "Back to", "Redo")
        else:
            if undone == "edit":
                self.statusBar().showMessage("Edit undone: the board before it is back, with its moves", 6000)
            else:  # each undo says what it did (an "Edit undone" must not stay while moves go)
                self.statusBar().showMessage(
                    f"Undid move {left.depth}: {self.session.puzzle.move_text(left.move)}", 4000)

    def redo(self) -> None:
        if self.session is None or self.previewing:
            return
        self._stop_animation()
        redone = self.session.redo()
        if redone is None:
            self._return_to(self.left_boards.step_forward(self._this_board()), "Forward to", "Undo")
        else:
            if redone == "move":
                move = self.session.history.current.move
                self.statusBar().showMessage(f"Redid move {self.session.depth}: {self.session.puzzle.move_text(move)}",
                                             4000)
                self._animate(self.session.history.current.frames)
            else:
                self.statusBar().showMessage("Edit redone", 4000)

    def _this_board(self) -> LeftBoard:
        return LeftBoard(self.session, self.origin, self.answer_path)

    def _return_to(self, board: LeftBoard | None, how: str, back: str) -> None:
        """A board left (Undo) or come back from (Redo), brought back as it was left."""
        if board is None:
            return
        name = self._this_board().name
        self._stop_animation()
        self.set_session(board.session, board.origin, returning=True)
        self._follow_answer(board.answer)
        self.statusBar().showMessage(f"{how} {board.name}, with its {board.moves} moves ({back} goes to {name} "
                                     "again)", 8000)

    def jump(self, node) -> None:
        if self.session is None:
            return
        self.end_preview()
        self._stop_animation()
        if node is self.session.history.current:
            self.refresh()  # the settled position, over a stage the animation left on the board
        else:
            self.session.jump(node)

    def step_to(self, index: int) -> None:
        """Move along the current line to ``index`` (the step-through slider)."""
        if self.session is None:
            return
        line = self.session.history.line()
        self.jump(line[max(0, min(index, len(line) - 1))])

    def step_forward(self) -> None:
        """One step along the line; with "Show stages", a multi-stage move's stages first."""
        if self.session is None:
            return
        if self._animation:
            self._next_frame()
            return
        line = self.session.history.line()
        if self.session.depth + 1 >= len(line):
            self.step_panel.stop()
            return
        following = line[self.session.depth + 1]
        if self.step_panel.stages.isChecked() and following.frames:
            self._animation = list(following.frames) + [following]
            self._next_frame()
        else:
            self.jump(following)

    # -------------------------------------------------- multi-stage moves
    def _animate(self, frames) -> None:
        """After a move is played, show its stages, then its settled state, on a timer."""
        if not frames:
            return
        self._animation = list(frames) + [self.session.history.current]
        interval = max(60, self.step_panel.timer.interval() // (len(frames) + 1))
        self._animation_timer.start(interval)
        self._next_frame()

    def _next_frame(self) -> None:
        """Show the next stage; the last item queued is the history node that settles it."""
        if not self._animation:
            self._stop_animation()
            return
        item = self._animation.pop(0)
        if isinstance(item, HistoryNode):
            self._stop_animation()
            self.jump(item)
            return
        self.view.display(self.session.instance, item.state, None, item.highlight)
        self.statusBar().showMessage(item.caption, 3000)
        self.step_panel.set_caption(f"Stage: {item.caption}")

    def _stop_animation(self) -> None:
        self._animation = []
        self._animation_timer.stop()
