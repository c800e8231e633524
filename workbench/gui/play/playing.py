"""Playing on the board: moves, undo and redo (of moves, edits and boards left), jumps along the
history, and a multi-stage move's stages shown one by one. Each action goes through the Session,
whose events redraw what shows it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence

from workbench.core.errors import IllegalMove
from workbench.core.history import HistoryNode
from workbench.gui.app_state import AppState
from workbench.gui.board.board_screen import BoardScreen
from workbench.gui.board.left_boards import LeftBoard
from workbench.gui.play.step_panel import StepPanel
from workbench.gui.window.messages import Messages


class Playing(QObject):
    """Play on ``board``; ``show_board(session, origin, returning=, answer=)`` shows another
    board (a board left, brought back by Undo or Redo)."""

    def __init__(
        self,
        state: AppState,
        board: BoardScreen,
        step_panel: StepPanel,
        messages: Messages,
        show_board: Callable,
        parent=None,
    ):
        super().__init__(parent)
        self.state, self.board, self.step_panel, self.messages = state, board, step_panel, messages
        self.show_board = show_board
        self._animation: list = []  # frames still to show for the move just played
        self._animation_timer = QTimer(self)
        self._animation_timer.timeout.connect(self._next_frame)
        self.undo_action = QAction(self.tr("&Undo"), self)
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction(self.tr("&Redo"), self)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(self.redo)
        board.view.moveRequested.connect(self.play)
        step_panel.stepChosen.connect(self.step_to)
        step_panel.forwardRequested.connect(self.step_forward)
        self.session_events = state.follow(
            self._session_shown,
            step_changed=lambda _node: self._enable_undo(),
            board_changed=lambda _how: self._enable_undo(),
        )

    @property
    def session(self):
        return self.state.session

    def _session_shown(self, _session) -> None:
        self.stop_animation()
        self.step_panel.stop()
        self._enable_undo()

    def _enable_undo(self) -> None:
        s, left = self.session, self.state.left_boards
        self.undo_action.setEnabled(s.can_undo() or bool(left.back))
        self.redo_action.setEnabled(s.can_redo() or bool(left.forward))

    def play(self, move) -> bool:
        s = self.session
        if s is None or self.board.view.mode != "play":
            return False
        before = s.state
        try:
            transition = s.play(move)  # its events redraw the board and the panels
        except IllegalMove as error:
            self.messages.error(self.tr("Illegal move: {0}").format(error))
            self.board.redraw()  # the view's half-made move (a selection) is dropped
            return False
        note = self.board.adapter.move_note(s.instance, before, move, transition.state)
        if note:  # a legal move worth a word (a roll that a wall blocked)
            self.messages.say(f"⚠ {note}", 10000)
        else:
            played = s.puzzle.played_text(s.instance, before, move, transition.state)
            self.messages.say(self.tr("Played {0}").format(played), 4000)
        self._animate(transition.frames)
        return True

    def undo(self) -> None:
        s = self.session
        if s is None or self.board.previewing:
            return
        left = s.history.current
        self.stop_animation()
        undone = s.undo()  # the session's events redraw the board and the panels
        if undone is None:
            self._return_to(
                self.state.left_boards.step_back(self.state.this_board()), self.tr("Back to"), self.tr("Redo")
            )
        elif undone == "edit":
            self.messages.say(self.tr("Edit undone: the board before it is back, with its moves"), 6000)
        else:  # each undo says what it did (an "Edit undone" must not stay while moves go)
            self.messages.say(self.tr("Undid move {0}: {1}").format(left.depth, s.puzzle.move_text(left.move)), 4000)

    def redo(self) -> None:
        s = self.session
        if s is None or self.board.previewing:
            return
        self.stop_animation()
        redone = s.redo()
        if redone is None:
            self._return_to(
                self.state.left_boards.step_forward(self.state.this_board()), self.tr("Forward to"), self.tr("Undo")
            )
        elif redone == "move":
            move = s.history.current.move
            self.messages.say(self.tr("Redid move {0}: {1}").format(s.depth, s.puzzle.move_text(move)), 4000)
            self._animate(s.history.current.frames)
        else:
            self.messages.say(self.tr("Edit redone"), 4000)

    def _return_to(self, board: LeftBoard | None, how: str, back: str) -> None:
        """A board left (Undo) or come back from (Redo), brought back as it was left."""
        if board is None:
            return
        name = self.state.this_board().name
        self.stop_animation()
        self.show_board(board.session, board.origin, returning=True, answer=board.answer)
        self.messages.say(
            self.tr("{0} {1}, with its {2} moves ({3} goes to {4} again)").format(
                how, board.name, board.moves, back, name
            ),
            8000,
        )

    def jump(self, node) -> None:
        if self.session is None:
            return
        self.board.end_preview()
        self.stop_animation()
        if node is self.session.history.current:
            # The settled position, over a stage the animation left on the board.
            self.board.redraw()
            self.step_panel.show_step(self.session)
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
            self.stop_animation()
            return
        item = self._animation.pop(0)
        if isinstance(item, HistoryNode):
            self.stop_animation()
            self.jump(item)
            return
        self.board.view.display(self.session.instance, item.state, None, item.highlight)
        self.messages.say(item.caption, 3000)
        self.step_panel.set_caption(self.tr("Stage: {0}").format(item.caption))

    def stop_animation(self) -> None:
        self._animation = []
        self._animation_timer.stop()
