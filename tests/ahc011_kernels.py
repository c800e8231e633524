"""The ahc011 slide-search kernels as the tests call them: the tuning they share filled in (move
noise 0.5, hand-over rate 100, the plan's width 10, branch 3, noise 3.0 and lookahead 1.0, a
12-cell finish window, never stopped), so that a call names only what it varies."""

import numpy as np

from solvers.ahc011.attempt import slide_by_moves, slide_toward_any
from solvers.ahc011.move_beam import move_beam


def never_stop() -> np.ndarray:
    return np.zeros(1, dtype=np.uint8)


def slide_search(
    n, tiles, target, limit, move_width, moves, *, seed=0, k=0, rate=100.0, plan_width=10, finish_cells=12, stop=None
) -> int:
    """``slide_by_moves``: the slides toward ``target`` (on stream ``seed``, ``k``) into ``moves``; their count."""
    stop = never_stop() if stop is None else stop
    return slide_by_moves(
        n, tiles, target, limit, seed, k, move_width, 0.5, rate, plan_width, 3, 3.0, 1.0, finish_cells, stop, moves
    )


def pooled_slide_search(n, tiles, targets, limit, move_width, moves, aimed) -> int:
    """``slide_toward_any``: one search toward all ``targets`` (rows); ``aimed[0]`` the one it took."""
    return slide_toward_any(
        n, tiles, targets, limit, 0, 0, move_width, 0.5, 100.0, 10, 3, 3.0, 1.0, 12, never_stop(), moves, aimed
    )


def move_search(n, tiles, target, limit, width, rng, moves, *, finish_cells=12, stop=None) -> int:
    """``move_beam`` toward ``target`` alone on ``rng``'s stream: slides only, no plan (``-1 - d`` where it stalls)."""
    stop = never_stop() if stop is None else stop
    aimed = np.zeros(1, dtype=np.int64)
    return move_beam(n, tiles, target.reshape(1, -1), limit, width, 0.5, 100.0, finish_cells, rng, stop, moves, aimed)
