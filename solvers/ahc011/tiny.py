"""Boards with almost nothing to do: answer them exactly and at once.

With a move limit T of a few slides (T = 1 in a hand-made case) there are at
most 4^T answers, and a board that already is a full tree cannot beat the
empty answer. The search would spend its whole time budget looking for a full
tree it cannot reach; trying every short answer takes microseconds and is
exact, so the solver reports "done" straight away.
"""

from __future__ import annotations

from typing import Any

from workbench.puzzles.ahc011.board import legal_directions, slide, tree_size

TINY_LIMIT = 6  # 4^6 = 4096 answers at most


def best_tiny_answer(puzzle, case, board) -> tuple[int, tuple[str, ...]] | None:
    """(score, moves) of the best answer when it can be found exactly, else None."""
    if tree_size(board) == board.n * board.n - 1:
        return puzzle.evaluate(case, board, 0).score, ()
    if case.limit > TINY_LIMIT:
        return None
    best: tuple[int, tuple[str, ...]] = (puzzle.evaluate(case, board, 0).score, ())
    stack: list[tuple[Any, tuple[str, ...]]] = [(board, ())]
    while stack:
        state, moves = stack.pop()
        if len(moves) == case.limit:
            continue
        for move in legal_directions(state):
            after, played = slide(state, move), moves + (move,)
            score = puzzle.evaluate(case, after, len(played)).score
            # Higher score first; at equal score the shorter answer (found first by length) stays.
            if score > best[0] or (score == best[0] and len(played) < len(best[1])):
                best = (score, played)
            stack.append((after, played))
    return best
