"""One open board: its puzzle, instance, file and branching play history (Qt-free).

The GUI is a view of a Session; everything it can do to a board (play, undo,
load an answer, export) happens here first, so it is testable without Qt and
every failure leaves the session as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from .errors import FormatError, IllegalMove
from .files import read_text, write_atomic
from .history import History, HistoryNode
from .puzzle import Puzzle, ScoreReport, Transition


class Session:
    def __init__(self, puzzle: Puzzle, instance: Any, path: str | Path | None = None):
        self.puzzle = puzzle
        self.instance = instance
        self.path = Path(path) if path else None
        self.history = History(puzzle.initial_state(instance))

    @classmethod
    def open(cls, puzzle: Puzzle, path: str | Path) -> "Session":
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
        self.history.play(move, transition.state, transition.frames)
        return transition

    def add_line(self, moves: Sequence, from_root: bool = True) -> HistoryNode:
        """Add a whole line of moves as a branch (checked first; nothing is added on error)."""
        start = self.history.root if from_root else self.history.current
        limit = self.puzzle.max_moves(self.instance)
        if limit is not None and start.depth + len(moves) > limit:
            raise IllegalMove(f"the line would have {start.depth + len(moves)} moves, "
                              f"more than the limit of {limit}")
        states = [start.state]
        transitions = []
        for index, move in enumerate(moves, start=1):
            try:
                transitions.append(self.puzzle.apply(self.instance, states[-1], move))
            except IllegalMove as error:
                raise error.at(start.depth + index, None) from None
            states.append(transitions[-1].state)
        self.history.jump(start)
        for move, transition in zip(moves, transitions):
            self.history.play(move, transition.state, transition.frames)
        return self.history.current

    def load_solution(self, text: str) -> HistoryNode:
        """Parse and check an answer file, then add it as a branch from the start."""
        parsed = self.puzzle.parse_solution(self.instance, text)
        limit = self.puzzle.max_moves(self.instance)
        if limit is not None and len(parsed.moves) > limit:
            raise FormatError(f"{len(parsed.moves)} moves, more than the limit of {limit}")
        self.puzzle.replay(self.instance, parsed.moves, parsed.lines)  # names the bad line
        node = self.add_line(parsed.moves)
        self.history.jump(self.history.root)
        return node

    # ------------------------------------------------------------- reading
    def report(self, node: HistoryNode | None = None) -> ScoreReport:
        node = node or self.history.current
        return self.puzzle.evaluate(self.instance, node.state, node.depth)

    def moves(self, node: HistoryNode | None = None) -> list:
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
        self.path = Path(path)
