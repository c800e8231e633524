"""Contest scores of the lines a solver reports, from the game's start (Qt-free).

Solvers rank their answers and frontier states with their own figures (ojama
counts, playout means, scores of the part they played). The window shows one
scale everywhere: the contest score the status bar shows, of the whole answer
from the game's start. ``LineScorer`` computes it by replaying a line from the
position the solver started at; consecutive lines share long prefixes (a beam's
states, an online game's turns), so the states of the last line are kept and
only the moves after the common prefix are replayed. ``transitions`` hands a line's moves as
played (states and frames) to ``Session.add_line``, so an applied answer is not replayed again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .puzzle import Puzzle, ScoreReport, Transition


class LineScorer:
    def __init__(self, puzzle: Puzzle, instance: Any, origin_state: Any, origin_depth: int = 0):
        self.puzzle = puzzle
        self.instance = instance
        self.origin_depth = origin_depth  # moves played before the solver's start
        self.origin_state = origin_state
        self._moves: list[Any] = []
        self._transitions: list[Transition] = []  # of the last line, move by move

    def state_after(self, moves: Sequence[Any]) -> Any:
        """The state ``moves`` reach from the origin (IllegalMove if they do not apply)."""
        shared = 0
        limit = min(len(moves), len(self._moves))
        while shared < limit and moves[shared] == self._moves[shared]:
            shared += 1
        del self._moves[shared:]
        del self._transitions[shared:]
        for move in moves[shared:]:
            state = self._transitions[-1].state if self._transitions else self.origin_state
            self._transitions.append(self.puzzle.apply(self.instance, state, move))
            self._moves.append(move)
        return self._transitions[-1].state if self._transitions else self.origin_state

    def transitions(self, moves: Sequence[Any]) -> tuple[Transition, ...]:
        """Each move of ``moves`` as played from the origin (replaying only what the last line
        does not share): what ``Session.add_line`` takes instead of playing them again."""
        self.state_after(moves)
        return tuple(self._transitions)

    def report(self, moves: Sequence[Any]) -> ScoreReport:
        """The contest score if the answer were the moves before the origin, then ``moves``."""
        state = self.state_after(moves)
        return self.puzzle.evaluate(self.instance, state, self.origin_depth + len(moves))
