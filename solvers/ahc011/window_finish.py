"""Finishing a slide search inside one small window (numba).

Near its end, the slide-by-slide search often has a few tiles still off their target's
types, close together but far from the empty square: each slide toward them moves a placed
tile away, so the beam, ranked by travel, goes there late or never (it stalls). This finish
walks the empty square to a cell next to them (path P), rearranges a window of at most
``cells`` cells by the fewest slides (``shortcut.best_window``, breadth-first from both
ends), and walks back along the reverse of Q, the same kind of walk from the target's empty
square. The board ends as the target, tile type for tile type: P shifts the tiles along it
one step, and the window's goal is the target with Q's shifts, so outside the window the
two walks cancel. Every meeting cell in or next to the tiles' box, and each walk's turn
(rows first or columns first; the same for both where the two empty squares coincide), is
tried; the fewest slides win. On the boards where the search stalled (seeds 8000-8039,
N = 8-9) it took 30-52 slides where the placement plan took 32-86, in 0.003-0.03 s.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from .grid import col_of, empty_cell, manhattan, neighbour, row_of
from .shortcut import best_window, window_slides


@njit(cache=True, nogil=True)
def _walk(n, board, empty, to, rows_first, moves, at):
    """Slides the empty square from ``empty`` to ``to`` on ``board`` (in place), along rows
    first or columns first; the letters into ``moves[at:]`` (with ``moves`` empty: none)."""
    steps = 0
    for leg in range(2):
        along_rows = (leg == 0) == rows_first
        while True:
            if along_rows:
                row, to_row = row_of(n, empty), row_of(n, to)
                if row == to_row:
                    break
                direction = 1 if to_row < row else 3
            else:
                col, to_col = col_of(n, empty), col_of(n, to)
                if col == to_col:
                    break
                direction = 0 if to_col < col else 2
            nxt = neighbour(n, empty, direction)
            board[empty], board[nxt] = board[nxt], 0
            empty = nxt
            if moves.shape[0] > 0:
                moves[at + steps] = direction
            steps += 1
    return steps


@njit(cache=True, nogil=True)
def window_finish(n, board, target, cells, limit, moves, work, stop):
    """The fewest slides (fewer than ``limit``, letters into ``moves``) this finish takes from
    ``board`` to ``target`` (the same tiles); -1 when the tiles off their types do not fit one
    window of ``cells`` cells, or the finish takes ``limit`` slides or more, or another thread
    set ``stop[0]``. ``work``: the window search's memory (``shortcut.workspace``)."""
    size = n * n
    top, bottom, left, right = n, -1, n, -1
    for cell in range(size):
        if board[cell] != 0 and board[cell] != target[cell]:
            row, col = row_of(n, cell), col_of(n, cell)
            top, bottom = min(top, row), max(bottom, row)
            left, right = min(left, col), max(right, col)
    if bottom < 0:  # every tile on its type: the empty square is on the target's too
        return 0 if limit > 0 else -1
    if (bottom - top + 1) * (right - left + 1) > cells:
        return -1
    empty, goal_empty = empty_cell(board), empty_cell(target)
    before, after = board.copy(), target.copy()
    none = np.empty(0, dtype=np.int64)
    bounds, choice = np.empty(4, dtype=np.int64), np.empty(4, dtype=np.int64)
    best, best_choice = limit, np.full(4, -1, dtype=np.int64)
    best_meet, best_out, best_back = -1, False, False
    # The meeting cell: in or next to the tiles' box (further out, the walks only grow).
    for row in range(max(0, top - 1), min(n, bottom + 2)):
        for col in range(max(0, left - 1), min(n, right + 2)):
            meet = row * n + col
            walks = manhattan(n, empty, meet) + manhattan(n, meet, goal_empty)
            if walks >= best:
                continue
            for out_rows_first in (True, False):
                for back_rows_first in (True, False):
                    if empty == goal_empty and back_rows_first != out_rows_first:
                        continue  # the same walk out and back: its shifts cancel everywhere
                    before[:] = board
                    after[:] = target
                    _walk(n, before, empty, meet, out_rows_first, none, 0)
                    _walk(n, after, goal_empty, meet, back_rows_first, none, 0)
                    bounds[0], bounds[1], bounds[2], bounds[3] = row, row, col, col
                    for cell in range(size):
                        if before[cell] != after[cell]:
                            r, c = row_of(n, cell), col_of(n, cell)
                            bounds[0], bounds[1] = min(bounds[0], r), max(bounds[1], r)
                            bounds[2], bounds[3] = min(bounds[2], c), max(bounds[3], c)
                    if (bounds[1] - bounds[0] + 1) * (bounds[3] - bounds[2] + 1) > cells:
                        continue
                    found = best_window(n, before, after, bounds, cells, best - walks, work, choice, stop)
                    if stop[0]:
                        return -1
                    if found >= 0:
                        best = walks + found
                        best_choice[:] = choice
                        best_meet, best_out, best_back = meet, out_rows_first, back_rows_first
    if best_meet < 0:
        return -1
    before[:] = board
    after[:] = target
    at = _walk(n, before, empty, best_meet, best_out, moves, 0)
    back = _walk(n, after, goal_empty, best_meet, best_back, none, 0)
    inside = best - at - back
    path = np.empty(max(inside, 1), dtype=np.int64)
    window_slides(n, before, after, best_choice, inside, work, path, moves, at)
    # The walk back: Q's letters reversed, each the other way (recorded into the end of ``moves``).
    _walk(n, target.copy(), goal_empty, best_meet, best_back, moves, best - back)
    for i in range(back // 2):
        moves[best - back + i], moves[best - 1 - i] = moves[best - 1 - i], moves[best - back + i]
    for i in range(best - back, best):
        moves[i] = (moves[i] + 2) % 4
    return best
