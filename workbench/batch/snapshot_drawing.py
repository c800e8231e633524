"""What a view draws of a live run's snapshot, made where the snapshot is scored (the live case's
scoring thread, in the child process of ``live_child``), never on the GUI thread.

A built-in puzzle's snapshot is drawn as the position its answer reaches: found here, it is all that
goes to the view (a board, however long the answer). A contest's snapshot is drawn by its vis from
a file: its answer is written into the view's folder here, so the texts never cross the pipe.
Bounded: an answer longer than MAX_DRAWN_CHARS, or with more moves than the puzzle allows
(``max_moves``; MAX_DRAWN_MOVES for a puzzle without a limit), is not played out: the view says why.
Before this, the view parsed and played each snapshot on the GUI thread (a 1 MB answer: 3 s frozen).
Qt-free.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from workbench.core.errors import WorkbenchError
from workbench.core.puzzle import Puzzle

from .cases import BatchCase, load_instance

MAX_DRAWN_CHARS = 16 * 1024 * 1024  # an answer longer than this is neither played out nor given to a vis
MAX_DRAWN_MOVES = 1_000_000  # moves played out for a puzzle that sets no limit of its own


@dataclass
class Drawing:
    """What a view shows of one snapshot."""

    position: Any = None  # a puzzle's: the position its answer reaches (None: not valid, or not drawn)
    answer_file: str = ""  # a contest's: the file in the view's folder holding its answer ("" : none)
    refused: str = ""  # why it is not drawn ("" : it is)


class Drawable(Protocol):
    """A ``live.Snapshot`` as the drawer sees it (``live`` names ``Drawing``: importing it here would
    make a circle)."""

    text: str | None
    drawing: Drawing | None


def size_text(chars: int) -> str:
    return f"{chars / (1024 * 1024):.1f} MB" if chars >= 1024 * 1024 else f"{chars:,} characters"


class SnapshotDrawer:
    """Draws the snapshots of one case: ``draw`` sets a snapshot's ``drawing`` and lets its text go
    once the drawing stands for it (a puzzle's position, a contest's file). ``puzzle``: the case's
    puzzle (None: a contest's case, drawn by its vis)."""

    def __init__(self, puzzle: Puzzle | None, case: BatchCase, answers_dir: str | Path | None = None) -> None:
        self.case = case
        self.answers_dir = Path(answers_dir) if answers_dir is not None else None
        self.puzzle = puzzle
        self._instance: Any = None  # the puzzle's own instance type, parsed once
        self._count = 0

    def draw(self, snapshot: Drawable) -> None:
        index, self._count = self._count, self._count + 1
        text = snapshot.text
        if text is None:
            snapshot.drawing = Drawing(refused="its answer was not kept")  # the score's message says why
            return
        if len(text) > MAX_DRAWN_CHARS:
            snapshot.drawing = Drawing(
                refused=f"its answer is {size_text(len(text))}, more than the {size_text(MAX_DRAWN_CHARS)} drawn"
            )
            snapshot.text = None
            return
        if self.puzzle is not None:
            snapshot.drawing = self._position(self.puzzle, text)
            snapshot.text = None
        elif self.answers_dir is not None:
            name = f"snapshot-{index}.out"
            # A scratch file, written before the view hears of the snapshot: no rename, no fsync needed.
            (self.answers_dir / name).write_text(text)
            snapshot.drawing = Drawing(answer_file=name)
            snapshot.text = None
        else:  # no folder to write it to: the text stays for its reader
            snapshot.drawing = Drawing()

    def _position(self, puzzle: Puzzle, text: str) -> Drawing:
        try:
            if self._instance is None:
                self._instance = load_instance(puzzle, self.case)
            instance = self._instance
            parsed = puzzle.parse_solution(instance, text)
        except (WorkbenchError, ValueError):  # not a valid answer: the view shows the start
            return Drawing()
        limit = puzzle.max_moves(instance)
        moves = len(parsed.moves)
        if limit is not None and moves > limit:
            return Drawing(refused=f"{moves:,} moves, more than the puzzle's limit of {limit:,}")
        if moves > MAX_DRAWN_MOVES:
            return Drawing(refused=f"{moves:,} moves, more than the {MAX_DRAWN_MOVES:,} played out here")
        try:
            return Drawing(position=puzzle.final_state(instance, parsed.moves, parsed.lines))
        except WorkbenchError:
            return Drawing()
