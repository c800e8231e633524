"""One open board: its puzzle, instance, file and branching play history (Qt-free).

The GUI is a view of a Session; everything it can do to a board (play, undo,
load an answer, export) happens here first, so it is testable without Qt and
every failure leaves the session as it was.

A Session says what changed through psygnal events, as napari's models do; the
window and its panels connect to them instead of being told to redraw by hand.
Each operation emits once, at its end, whatever it changed (an answer of 900
moves is one ``history_changed``, not 900):

- ``board_changed(how)``: the instance was replaced, with its own history: everything
  shown is new; ``how`` is "edit" (cells changed on the board shown), "undo" or "redo"
  (a whole other board is back). Emitted alone.
- ``history_changed``: nodes were added to the history (a move, a line, an answer).
- ``step_changed(node)``: the position shown moved (play, undo, redo, jump), or the
  line through it changed; ``node`` is the current node.
- ``path_changed``: the board's file is another (saved under a new name).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from psygnal import Signal

from .errors import FormatError, IllegalMove, WorkbenchError
from .files import read_text, write_atomic
from .history import History, HistoryNode
from .puzzle import Puzzle, ScoreReport, Transition


@dataclass
class _Board:
    """A board as it was before an edit: undoing the edit brings it back whole."""

    instance: Any
    history: History
    path: Path | None
    node: HistoryNode  # where the history stood when the edit happened


class Session:
    board_changed = Signal(str)
    history_changed = Signal()
    step_changed = Signal(object)
    path_changed = Signal()

    def __init__(self, puzzle: Puzzle, instance: Any, path: str | Path | None = None):
        self.puzzle = puzzle
        self.instance = instance
        self.path = Path(path) if path else None
        self.history = History(puzzle.initial_state(instance))
        # Editor edits are undone like moves: each edit keeps the board it replaced,
        # with its whole history (loaded answers, branches, solver lines).
        self._before_edits: list[_Board] = []
        self._undone_edits: list[tuple[_Board, HistoryNode]] = []  # (edited board, node it left)
        # A node's score, computed once: the status line, the step-through caption and its plot
        # all ask for the same node's (a node's state and depth never change, nor its board).
        self._reports: weakref.WeakKeyDictionary[HistoryNode, ScoreReport] = weakref.WeakKeyDictionary()
        self._operations = 0  # operations under way (one calls another): events wait for the outer one
        self._how = ""  # how the outer one changes the board, if it does

    @classmethod
    def open(cls, puzzle: Puzzle, path: str | Path) -> Session:
        return cls(puzzle, puzzle.parse_input(read_text(path)), path)

    @property
    def state(self) -> Any:
        return self.history.state

    @property
    def depth(self) -> int:
        return self.history.current.depth

    # ------------------------------------------------------------- playing
    def play(self, move: Any) -> Transition:
        """Play ``move`` at the current node; IllegalMove leaves everything unchanged."""
        limit = self.puzzle.max_moves(self.instance)
        if limit is not None and self.depth >= limit:
            raise IllegalMove(f"the answer already has the maximum of {limit} moves")
        transition = self.puzzle.apply(self.instance, self.state, move)
        with self._changing():
            self.history.play(move, transition.state, transition.frames)
        return transition

    def add_line(
        self,
        moves: Sequence[Any],
        from_root: bool = True,
        start: HistoryNode | None = None,
        played: Sequence[Transition] | None = None,
    ) -> HistoryNode:
        """Add a whole line of moves as a branch (checked first; nothing is added on error), from
        ``start``, else the root or (``from_root`` False) the current node; the line's end is current.
        ``played``: the moves' transitions from ``start``'s state, computed already (a solver's
        answer, rescored): the line is then not played again."""
        start = start or (self.history.root if from_root else self.history.current)
        limit = self.puzzle.max_moves(self.instance)
        if limit is not None and start.depth + len(moves) > limit:
            raise IllegalMove(f"the line would have {start.depth + len(moves)} moves, more than the limit of {limit}")
        if played is not None and len(played) != len(moves):
            raise ValueError(f"{len(played)} transitions for a line of {len(moves)} moves")
        transitions = list(played) if played is not None else self._play_through(moves, start)
        with self._changing():
            self.history.jump(start)
            for move, transition in zip(moves, transitions):
                self.history.play(move, transition.state, transition.frames)
        return self.history.current

    def _play_through(self, moves: Sequence[Any], start: HistoryNode) -> list[Transition]:
        """Each move's transition from ``start``; IllegalMove names the first illegal one."""
        state, transitions = start.state, []
        for index, move in enumerate(moves, start=1):
            try:
                transitions.append(self.puzzle.apply(self.instance, state, move))
            except IllegalMove as error:
                raise error.at(start.depth + index, None) from None
            state = transitions[-1].state
        return transitions

    def load_solution(self, text: str) -> HistoryNode:
        """Parse and check an answer file, then add it as a branch from the start."""
        parsed = self.puzzle.parse_solution(self.instance, text)
        limit = self.puzzle.max_moves(self.instance)
        if limit is not None and len(parsed.moves) > limit:
            raise FormatError(f"{len(parsed.moves)} moves, more than the limit of {limit}")
        self.puzzle.replay(self.instance, parsed.moves, parsed.lines)  # names the bad line
        with self._changing():
            node = self.add_line(parsed.moves)
            self.history.jump(self.history.root)
        return node

    def load_legal_part(self, text: str) -> tuple[HistoryNode | None, WorkbenchError | None]:
        """An answer as far as it is legal: the whole of a good one (error None); of a bad one
        (a batch's WA), the moves before its fault, with the fault to say. The node is the line's
        end, None when not one move could be read; the history is left at the start."""
        try:
            return self.load_solution(text), None
        except WorkbenchError as error:
            fault = error
        legal = self._legal_moves(self._readable_moves(text, fault))
        if not legal:
            return None, fault
        with self._changing():
            node = self.add_line(legal)
            self.history.jump(self.history.root)
        return node, fault

    def _readable_moves(self, text: str, fault: WorkbenchError) -> Sequence[Any]:
        """The moves of an answer that can be read before ``fault``: all of them when a move is
        illegal, those on the lines before a line that cannot be read."""
        if isinstance(fault, FormatError) and fault.line is not None and fault.line > 1:
            text = "".join(text.splitlines(keepends=True)[: fault.line - 1])
        elif not isinstance(fault, IllegalMove):
            return ()
        try:
            return self.puzzle.parse_solution(self.instance, text).moves
        except WorkbenchError:  # the lines before do not make an answer on their own
            return ()

    def _legal_moves(self, moves: Sequence[Any]) -> list[Any]:
        """``moves`` up to the first illegal one (and the puzzle's move limit)."""
        limit = self.puzzle.max_moves(self.instance)
        state, legal = self.history.root.state, []
        for move in moves[:limit] if limit is not None else moves:
            try:
                state = self.puzzle.apply(self.instance, state, move).state
            except IllegalMove:
                break
            legal.append(move)
        return legal

    def jump(self, node: HistoryNode) -> None:
        """Go to ``node`` of this board's history."""
        with self._changing():
            self.history.jump(node)

    # ------------------------------------------------------------- undo / redo
    def can_undo(self) -> bool:
        return self.history.can_undo() or bool(self._before_edits)

    def can_redo(self) -> bool:
        return self.history.can_redo() or self._edit_to_redo() is not None

    def undo(self) -> str | None:
        """Undo a move, or (at the start of an edited board) the edit; say which, None if nothing."""
        with self._changing("undo"):
            if self.history.undo() is not None:
                return "move"
            if not self._before_edits:
                return None
            before = self._before_edits.pop()
            self._undone_edits.append((self._snapshot(), before.node))
            self._restore(before)
            return "edit"

    def redo(self) -> str | None:
        """Redo the edit undone at this very position, else follow the history's redo."""
        with self._changing("redo"):
            if self._edit_to_redo() is not None:
                edited, _where = self._undone_edits.pop()
                self._before_edits.append(self._snapshot())
                self._restore(edited)
                return "edit"
            return "move" if self.history.redo() is not None else None

    def _edit_to_redo(self) -> _Board | None:
        """The edited board an undo left, when the history stands where that edit was made."""
        if self._undone_edits and self._undone_edits[-1][1] is self.history.current:
            return self._undone_edits[-1][0]
        return None

    # ------------------------------------------------------------- editing
    def edit(self, instance: Any, merge: bool = False) -> None:
        """Replace the board by an edited one, starting its own history.

        The old board and its history are kept: ``undo`` at the start of the edited
        board brings them back. ``merge`` folds this edit into the previous one (the
        cells of one drag), as long as nothing was played on the edited board since.
        """
        initial = self.puzzle.initial_state(instance)
        pristine = self.history.current is self.history.root and not self.history.root.children
        with self._changing("edit"):
            if not (merge and self._before_edits and pristine):
                self._before_edits.append(self._snapshot())
            self._undone_edits.clear()
            self.instance, self.path, self.history = instance, None, History(initial)

    @property
    def edits(self) -> int:
        """How many edits undo can take back."""
        return len(self._before_edits)

    def _snapshot(self) -> _Board:
        return _Board(self.instance, self.history, self.path, self.history.current)

    def _restore(self, board: _Board) -> None:
        self.instance, self.history, self.path = board.instance, board.history, board.path
        self.history.jump(board.node)

    # ------------------------------------------------------------- events
    @contextmanager
    def _changing(self, how: str = "") -> Iterator[None]:
        """Run an operation, then emit what it changed (by comparing before and after: an
        operation that fails changes nothing, so it emits nothing); ``how`` names a change of board."""
        if self._operations == 0:
            self._how = how
            before = (self.instance, self.history, self.history.size, self.history.current, self._line_end(), self.path)
        self._operations += 1
        try:
            yield
        finally:
            self._operations -= 1
        if self._operations == 0:
            self._emit(*before)

    def _emit(
        self, instance: Any, history: History, size: int, current: HistoryNode, line_end: HistoryNode, path: Path | None
    ) -> None:
        if self.instance is not instance or self.history is not history:
            self.board_changed.emit(self._how)
            return
        grew = self.history.size != size
        if grew:
            self.history_changed.emit()
        if grew or self.history.current is not current or self._line_end() is not line_end:
            self.step_changed.emit(self.history.current)
        if self.path != path:
            self.path_changed.emit()

    def _line_end(self) -> HistoryNode:
        """The end of the line through the current node (where redo leads)."""
        node = self.history.current
        while node.children:
            node = node.last_child or node.children[-1]
        return node

    # ------------------------------------------------------------- reading
    def report(self, node: HistoryNode | None = None) -> ScoreReport:
        """The score if the answer stopped at ``node`` (the current one by default), computed
        once per node."""
        node = node or self.history.current
        report = self._reports.get(node)
        if report is None:
            report = self._reports[node] = self.puzzle.evaluate(self.instance, node.state, node.depth)
        return report

    def moves(self, node: HistoryNode | None = None) -> list[Any]:
        return self.history.moves(node)

    # ------------------------------------------------------------- files
    def solution_text(self, node: HistoryNode | None = None) -> str:
        """The answer file for the line to ``node``, re-validated by the engine."""
        text = self.puzzle.format_solution(self.instance, self.moves(node))
        self.puzzle.score_solution(self.instance, text)
        return text

    def export_solution(self, path: str | Path, node: HistoryNode | None = None) -> ScoreReport:
        text = self.solution_text(node)
        write_atomic(path, text)
        return self.puzzle.score_solution(self.instance, text)

    def save_input(self, path: str | Path) -> None:
        write_atomic(path, self.puzzle.format_input(self.instance))
        with self._changing():
            self.path = Path(path)
