"""Boards left with moves on them: going to another board (◀ ▶, a seed, a file, the Puzzle box,
a paste) never drops the line played on the one it leaves.

The board left is kept whole (its history with every branch, its edits, where it came from and
the answer file it followed); Undo at the start of the next board brings it back, as Undo at the
start of an edited board brings back the board before the edit, and Redo goes to the next board
again. Going to a kept board again (◀ ▶ back to its seed or case, its file opened again) brings it
back with its line, unless it was edited or its file has changed since. A board with nothing played
and nothing edited is not kept: nothing of it would be lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

KEPT = 20  # boards kept; the oldest goes first


@dataclass
class LeftBoard:
    session: Any  # workbench.core.session.Session
    origin: Any  # its BoardOrigin, or None (pasted, edited)
    answer: Path | None  # the answer file it followed

    @property
    def name(self) -> str:
        path = self.session.path
        return path.name if path else "the unsaved board"

    @property
    def moves(self) -> int:
        """Moves in its history, every branch counted."""
        return self.session.history.size - 1

    def is_board(self, origin, session) -> bool:
        """Whether ``session``, made from ``origin``, is this board afresh: the same case or seed,
        unedited, and the same input (a file rewritten since is another board)."""
        mine = self.origin
        if mine is None or origin is None or mine.instance is not self.session.instance or mine != origin:
            return False
        puzzle = self.session.puzzle
        return session.puzzle is puzzle and puzzle.format_input(session.instance) == puzzle.format_input(
            self.session.instance
        )


def worth_keeping(session) -> bool:
    return session.history.size > 1 or session.edits > 0


class LeftBoards:
    def __init__(self):
        self.back: list[LeftBoard] = []  # boards left, the last one last
        self.forward: list[LeftBoard] = []  # boards Undo came back from, for Redo

    def leave(self, board: LeftBoard) -> bool:
        """The window goes to another board: keep ``board`` when it holds something (True)."""
        self.forward.clear()
        if not worth_keeping(board.session):
            return False
        self.back.append(board)
        del self.back[:-KEPT]
        return True

    def take(self, origin, session) -> LeftBoard | None:
        """The kept board ``session`` (made from ``origin``) is afresh, the latest first, taken out of
        the lists; None when none is."""
        for boards in (self.back, self.forward):
            for index in range(len(boards) - 1, -1, -1):
                if boards[index].is_board(origin, session):
                    return boards.pop(index)
        return None

    def step_back(self, current: LeftBoard) -> LeftBoard | None:
        """The board left last (``current`` is kept for Redo), or None."""
        if not self.back:
            return None
        self.forward.append(current)
        return self.back.pop()

    def step_forward(self, current: LeftBoard) -> LeftBoard | None:
        if not self.forward:
            return None
        self.back.append(current)
        return self.forward.pop()
