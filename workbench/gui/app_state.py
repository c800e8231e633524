"""What the window is showing, Qt-free: the current session and the solver's start node.

The window's features subscribe here instead of being told by the window: a widget connects to
``session_replaced`` (another board shown) and, through the session it is given, to the
session's own events (``step_changed``, ``history_changed``...). The board left behind with moves
on it is kept by ``left_boards`` so Undo can bring it back.
"""

from __future__ import annotations

from psygnal import Signal

from workbench.core.session import Session
from workbench.gui.board.left_boards import LeftBoards


class AppState:
    """The one current session of a window, with an event when it is replaced."""

    session_replaced = Signal(object)  # the new Session
    solver_start_changed = Signal(object)  # the history node a solver run started from, or None

    def __init__(self) -> None:
        self.session: Session | None = None
        self.left_boards = LeftBoards()  # boards gone from with moves played: Undo brings them back
        self.solver_start = None  # the history node the running solver started from

    def replace_session(self, session: Session) -> None:
        """Show ``session`` from now on (each subscriber follows its events from here)."""
        if session is self.session:
            return
        self.session = session
        self.session_replaced.emit(session)

    def set_solver_start(self, node) -> None:
        """The node a solver run starts from (None: no run); its answer is played from there."""
        self.solver_start = node
        self.solver_start_changed.emit(node)
