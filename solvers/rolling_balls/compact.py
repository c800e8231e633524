"""Shortening an answer: drop rolls the score does not need (numba).

When the roll budget runs low, the search tries to leave out each roll in turn
(last first): the rest is replayed from the start, and the roll is dropped if
every remaining roll still starts on a ball and the board scores no less. The
freed rolls go back to the search. Ball identities are re-read during the
replay, since leaving a roll out can change which ball a later roll moves.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import copy_into
from .kernels import EMPTY, roll_end


@njit(cache=True, nogil=True)
def replay_without(skip, n, root_grid, root_ball_pos, deltas, move_from, move_dir, grid, ball_pos, move_ball):
    """Play rolls 0..n-1 but ``skip`` from the start into grid/ball_pos/move_ball;
    False when some roll would start on a cell without a ball."""
    copy_into(grid, root_grid)
    copy_into(ball_pos, root_ball_pos)
    for m in range(n):
        if m == skip:
            continue
        z = move_from[m]
        b = grid[z]
        if b < 0:
            return False
        end = roll_end(grid, z, deltas[move_dir[m]])
        grid[z] = EMPTY
        grid[end] = b
        ball_pos[b] = end
        move_ball[m] = b
    return True


@njit(cache=True, nogil=True)
def doubled_points(grid, ball_colour, target_colour, target_cells):
    """Twice the contest points: 2 per target holding its colour, 1 per other ball on one."""
    points = 0
    for z in target_cells:
        z = np.uint64(z)  # unsigned indices: no negative-index wraparound per access
        b = grid[z]
        if b >= 0:
            points += 1 + (ball_colour[np.uint64(b)] == target_colour[z])
    return points


@njit(cache=True, nogil=True)
def drop_roll(i, n, move_from, move_dir, move_ball, replayed_ball):
    """Remove roll i of n, taking the ball of every roll from the replay."""
    for m in range(n - 1):
        source = m if m < i else m + 1
        move_from[m] = move_from[source]
        move_dir[m] = move_dir[source]
        move_ball[m] = replayed_ball[source]
