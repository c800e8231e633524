"""The solver's kinds of work, each one numba call that releases the GIL.

Target ``k`` is annealed from the random stream (seed, 2k) and slid into
(by the placement plan or by single slides) from the stream (seed, 2k + 1),
so each result is the same whenever and on whichever thread it is computed.
The searches take a ``stop`` flag (a one-element array) that another thread
may set to end them early, for time budgets.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import copy_into
from .beam import beam_solve
from .grid import cancel_back_and_forth, empty_cell, first_full_tree, neighbour, seed_stream
from .move_beam import move_beam
from .shortcut import REACH, shorten, workspace
from .target import build_target, plan_ends_on
from .window_finish import window_finish

# Annealing steps per cell for a new target at a handover (see ``slide_toward_any``).
HANDOVER_STEPS = 300


@njit(cache=True, nogil=True)
def make_target(n, tiles, seed, k, iterations, target, stop=None, hole=-1):
    """Target tree ``k`` into ``target``, its empty square at ``hole`` (-1: the corner); its travel,
    or -1 when no tree with the case's tiles was found (or ``stop[0]`` was set)."""
    rng = np.zeros(1, dtype=np.uint64)
    seed_stream(rng, seed, 2 * k)
    return build_target(n, tiles, rng, iterations, target, stop, hole)


@njit(cache=True, nogil=True)
def slide_into(n, tiles, target, limit, seed, k, width, branch, noise, lookahead, stop, moves):
    """Moves (into ``moves``) that make a full tree within ``limit`` by sliding toward target ``k``;
    their count, or -1."""
    rng = np.zeros(1, dtype=np.uint64)
    seed_stream(rng, seed, 2 * k + 1)
    count = beam_solve(n, tiles, target, limit, width, branch, noise, lookahead, rng, stop, moves)
    if count < 0:
        return -1
    count = cancel_back_and_forth(moves, count)
    # Stop at the first full tree: moves after it would only add to K.
    length = first_full_tree(n, tiles, moves, count)
    if length < 0 or length > limit:
        return -1
    return length


@njit(cache=True, nogil=True)
def slide_by_moves(
    n,
    tiles,
    target,
    limit,
    seed,
    k,
    move_width,
    move_noise,
    rate,
    width,
    branch,
    noise,
    lookahead,
    finish_cells,
    stop,
    moves,
):
    """``move_beam`` toward target ``k``; where it stalls, the least-travel board it reached is
    finished through one window of up to ``finish_cells`` cells (``window_finish``) or, where
    its tiles off their types are too far apart, by the placement plan (``beam_solve``; toward
    a new target with the empty square in the corner, where the plan ends, if the target's is
    elsewhere). The count of moves written, or -1."""
    aimed = np.zeros(1, dtype=np.int64)
    return slide_toward_any(
        n,
        tiles,
        target.reshape(1, -1),
        limit,
        seed,
        k,
        move_width,
        move_noise,
        rate,
        width,
        branch,
        noise,
        lookahead,
        finish_cells,
        stop,
        moves,
        aimed,
    )


@njit(cache=True, nogil=True)
def slide_toward_any(
    n,
    tiles,
    targets,
    limit,
    seed,
    k,
    move_width,
    move_noise,
    rate,
    width,
    branch,
    noise,
    lookahead,
    finish_cells,
    stop,
    moves,
    aimed,
):
    """``slide_by_moves`` toward whichever of ``targets`` (rows; ``k``: the first's number, for
    the random stream) the one search finds cheapest; ``aimed[0]``: the row it went to."""
    rng = np.zeros(1, dtype=np.uint64)
    seed_stream(rng, seed, 2 * k + 1)
    count = move_beam(n, tiles, targets, limit, move_width, move_noise, rate, finish_cells, rng, stop, moves, aimed)
    if count < 0 and stop[0]:
        return -1
    if count >= 0:  # a full tree, or a window finish (whose first slide may undo the search's last)
        count = cancel_back_and_forth(moves, count)
        return first_full_tree(n, tiles, moves, count)
    target = targets[aimed[0]]
    prefix = -1 - count
    board = tiles.copy()
    empty = empty_cell(board)
    for i in range(prefix):
        other = neighbour(n, empty, moves[i])
        board[empty], board[other] = board[other], 0
        empty = other
    suffix = np.zeros_like(moves)  # (a slice of ``moves`` would compile beam_solve a second time)
    rest = window_finish(n, board, target, finish_cells, limit, suffix, workspace(), stop)
    if rest < 0 and not plan_ends_on(n, target):
        # The plan's last block is the bottom-right 3x3: a tree with the empty square
        # elsewhere is swapped for one with it in the corner, annealed from this board.
        target = np.zeros(n * n, dtype=np.int64)
        if build_target(n, board, rng, HANDOVER_STEPS * n * n, target, stop) < 0:
            return -1
    if rest < 0:
        rest = beam_solve(n, board, target, limit, width, branch, noise, lookahead, rng, stop, suffix)
    if rest < 0 or prefix + rest > moves.shape[0]:
        return -1
    copy_into(moves[prefix:], suffix[:rest])
    count = cancel_back_and_forth(moves, prefix + rest)
    length = first_full_tree(n, tiles, moves, count)
    if length < 0 or length > limit:
        return -1
    return length


@njit(cache=True, nogil=True)
def cut_shortcuts(n, tiles, moves, count, cells, stop):
    """``moves[:count]`` (an answer ending on a full tree) with shortcuts through windows of up
    to ``cells`` cells spliced in, stopped at its first full tree; the new count. A stop
    keeps the passes already done, so the answer is valid either way."""
    count = shorten(n, tiles, moves, count, REACH, cells, stop)
    return first_full_tree(n, tiles, moves, count)
