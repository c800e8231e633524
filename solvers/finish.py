"""Finishing a game cut short with a fast policy (Qt-free).

An online game whose run was cancelled stops after some turns, and the judge
accepts only a whole game. ``finish_moves`` plays the remaining turns with a
solver flagged ``fast_finish`` (ahc015's rule 2), each from the public view
only, as the contest would reveal it.
"""

from __future__ import annotations

from typing import Any

from .base import Solver
from .driver import Budget
from .online import TurnDecider
from .run_setup import solver_classes


def finisher(puzzle_id: str) -> type[Solver] | None:
    """The puzzle's fast policy for finishing games, if it has one."""
    return next((cls for cls in solver_classes(puzzle_id).values() if cls.fast_finish), None)


def finish_moves(puzzle, instance: Any, state: Any, depth: int, solver_cls: type[Solver], seed: int = 0) -> list:
    """The moves that play the game from ``state`` (``depth`` moves in) to its end."""
    limit = puzzle.max_moves(instance)
    decider = TurnDecider(puzzle, solver_cls, budget=Budget(nodes=1 << 30), seed=seed)
    moves: list = []
    while puzzle.legal_moves(instance, state) and (limit is None or depth + len(moves) < limit):
        turns_left = (limit - depth - len(moves)) if limit is not None else 1
        move = decider(puzzle.public_view(instance, state), turns_left)
        state = puzzle.apply(instance, state, move).state
        moves.append(move)
    return moves
