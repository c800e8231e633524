"""One restart of the solver: a fresh target tree, then a beam search sliding the tiles into it."""

from __future__ import annotations

import numpy as np
from numba import njit

from .grid import cancel_back_and_forth, first_full_tree, seed_stream
from .beam import beam_solve
from .target import build_target


@njit(cache=True, nogil=True)
def attempt(n, tiles, limit, seed, stream, tree_iterations, width, branch, noise, moves):
    """Moves (into ``moves``) that make a full tree within ``limit``; their count, or -1.

    Everything random comes from the stream (seed, stream), so an attempt is
    the same whenever and on whichever thread it runs.
    """
    rng = np.zeros(1, dtype=np.uint64)
    seed_stream(rng, seed, stream)
    target = np.zeros(n * n, dtype=np.int64)
    if not build_target(n, tiles, rng, tree_iterations, target):
        return -1
    count = beam_solve(n, tiles, target, limit, width, branch, noise, rng, moves)
    if count < 0:
        return -1
    count = cancel_back_and_forth(moves, count)
    # Stop at the first full tree: moves after it would only add to K.
    length = first_full_tree(n, tiles, moves, count)
    if length < 0 or length > limit:
        return -1
    return length
