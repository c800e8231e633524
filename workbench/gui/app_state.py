"""What the window is showing, Qt-free: the current session, where its board came from, the
answer file followed on it, the boards left behind and the solver's start node.

The window's features subscribe here instead of being told by the window (napari-style): a widget
asks ``follow`` for the events it shows, and is moved from each session to the next one as boards
are replaced (``session_replaced``), never left connected to a board no longer shown. The board
left behind with moves on it is kept by ``left_boards`` so Undo can bring it back.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from psygnal import Signal

from workbench.core.session import Session
from workbench.gui.board.left_boards import LeftBoard, LeftBoards

SESSION_EVENTS = ("board_changed", "history_changed", "step_changed", "path_changed")


class SessionFollower:
    """Slots connected to the events of whichever session an AppState shows: disconnected from
    the session left, connected to the new one, then ``replaced(session)`` is called."""

    def __init__(self, state: AppState, replaced: Callable[[Session], Any] | None, slots: dict[str, Callable]):
        unknown = set(slots) - set(SESSION_EVENTS)
        if unknown:
            raise ValueError(f"a session has no event {sorted(unknown)[0]!r}")
        self.slots = slots
        self.replaced = replaced
        self.session: Session | None = None
        state.session_replaced.connect(self._session_replaced)
        if state.session is not None:
            self._session_replaced(state.session)

    def _session_replaced(self, session: Session) -> None:
        self._connect(False)
        self.session = session
        self._connect(True)
        if self.replaced is not None:
            self.replaced(session)

    def _connect(self, on: bool) -> None:
        if self.session is None:
            return
        for name, slot in self.slots.items():
            event = getattr(self.session, name)
            if on:
                event.connect(slot)
            else:
                event.disconnect(slot)

    def stop(self) -> None:
        """Follow no session any more (a widget closed)."""
        self._connect(False)
        self.session = None


class AppState:
    """The one current session of a window, with an event when it is replaced."""

    session_replaced = Signal(object)  # the new Session
    answer_changed = Signal(object)  # the answer file followed on the board (a Path), or None
    solver_start_changed = Signal(object)  # the history node a solver run started from, or None

    def __init__(self) -> None:
        self.session: Session | None = None
        self.origin: Any = None  # the BoardOrigin of the board shown (a file's case, a seed), or None
        self.answer_path: Path | None = None  # the answer file loaded on it, followed on disk
        self.left_boards = LeftBoards()  # boards gone from with moves played: Undo brings them back
        self.solver_start = None  # the history node the running solver started from

    def follow(self, replaced: Callable[[Session], Any] | None = None, **slots: Callable) -> SessionFollower:
        """Call ``slots`` (by event name: ``step_changed=...``) on the events of the session
        shown, whichever it is, and ``replaced(session)`` when another is shown."""
        return SessionFollower(self, replaced, slots)

    def replace_session(self, session: Session) -> None:
        """Show ``session`` from now on (each subscriber follows its events from here)."""
        if session is self.session:
            return
        self.session = session
        self.session_replaced.emit(session)

    def show(self, session: Session, origin: Any = None, returning: bool = False, answer: Path | None = None) -> str:
        """Show ``session``'s board, ``origin`` saying where it came from (None: pasted, made
        here), with the answer file ``answer`` followed on it. The board left is kept when it has
        moves or edits (``returning``: Undo or Redo brings a kept board back); a kept board made
        afresh (its seed or file again) comes back with its line. Returns what to tell the user
        of the boards kept ("" when nothing)."""
        note = ""
        kept = self.left_boards.take(origin, session) if origin is not None and not returning else None
        if self.session is not None and session is not self.session and not returning:
            left = self.this_board()
            if self.left_boards.leave(left):
                note = f"; the {left.moves} moves played on {left.name} are kept: Undo at the start brings them back"
        if kept is not None:
            session, origin, returning, answer = kept.session, kept.origin, True, kept.answer
            note = f"; its {kept.moves} moves played before are back (History: Start is the board afresh){note}"
        if origin is not None and not returning:  # a board brought back keeps the origin of its first board
            origin.instance = session.instance
        self.origin = origin
        self.answer_path = None  # the answer followed belongs to the board before
        self.replace_session(session)
        self.follow_answer(answer)
        return note

    def this_board(self) -> LeftBoard:
        """The board shown, as it would be kept on leaving it."""
        return LeftBoard(self.session, self.origin, self.answer_path)

    def board_origin(self) -> Any:
        """Where the board shown came from; None once it is edited (an edit makes another board)."""
        origin = self.origin
        if origin is not None and self.session is not None and origin.instance is self.session.instance:
            return origin
        return None

    def follow_answer(self, path: str | Path | None) -> None:
        """The answer file on the board, followed on disk (None: none)."""
        self.answer_path = Path(path).resolve() if path else None
        self.answer_changed.emit(self.answer_path)

    def set_solver_start(self, node) -> None:
        """The node a solver run starts from (None: no run); its answer is played from there."""
        self.solver_start = node
        self.solver_start_changed.emit(node)
