"""Numba building blocks of the RollingBalls search: rolls, a seeded RNG, the
beam's hash set and its bounded heap of candidates.

Grids are the padded int32 grids of layout.py (WALL -2, EMPTY -1, else a ball
index), so a roll is a plain walk while the next cell is EMPTY.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import mix64, next_random  # noqa: F401 (the search modules import them from here)

EMPTY = -1


@njit(cache=True, nogil=True)
def random_below(rng, n):
    return np.int64(next_random(rng) % np.uint64(n))


@njit(cache=True, nogil=True)
def roll_end(grid, z, delta):
    """Where the ball on cell z stops when it rolls by ``delta`` (z itself when blocked)."""
    # unsigned: numba then skips its negative-index wraparound on each step (a negative
    # delta wraps modulo 2**64, which is the same address)
    u, step = np.uint64(z), np.uint64(delta)
    # The first step as a select (a cmov), not a branch: most rolls are blocked or stop after
    # one cell (71% of the engine benchmark's), so the loop below is seldom entered and its
    # entry is far easier to predict than "blocked or not", which the caller branches on anyway.
    u = u + step if grid[u + step] == EMPTY else u
    while grid[u + step] == EMPTY:
        u += step
    return np.int64(u)


# ------------------------------------------------------------ hash set
@njit(cache=True, nogil=True)
def set_add(keys, size, h):
    """Insert h (never 0) into the open-addressing set held in keys[:size] (a power
    of two); False when it was there."""
    mask = size - 1
    i = np.int64(h & np.uint64(mask))
    while keys[i] != 0:
        if keys[i] == h:
            return False
        i = (i + 1) & mask
    keys[i] = h
    return True


# ------------------------------------------------------------ bounded heap
# A min-heap of the best ``capacity`` candidates by key: the root is the worst
# kept, so a new candidate either replaces it or is dropped in O(log width).
# Each entry carries PAYLOAD int64 fields (see beam.py for their meaning).
PAYLOAD = 6


@njit(cache=True, nogil=True)
def _swap(i, j, hkey, hdata):
    hkey[i], hkey[j] = hkey[j], hkey[i]
    for f in range(PAYLOAD):
        hdata[i, f], hdata[j, f] = hdata[j, f], hdata[i, f]


@njit(cache=True, nogil=True)
def _store(hdata, i, a, b, c, d, e, f):
    hdata[i, 0] = a
    hdata[i, 1] = b
    hdata[i, 2] = c
    hdata[i, 3] = d
    hdata[i, 4] = e
    hdata[i, 5] = f


@njit(cache=True, nogil=True)
def heap_push(n, capacity, key, hkey, hdata, a, b, c, d, e, f):
    """Offer a candidate (key, payload a..f); returns the new size."""
    if n < capacity:
        hkey[n] = key
        _store(hdata, n, a, b, c, d, e, f)
        i = n
        while i > 0 and hkey[(i - 1) // 2] > hkey[i]:
            _swap(i, (i - 1) // 2, hkey, hdata)
            i = (i - 1) // 2
        return n + 1
    if key <= hkey[0]:
        return n
    hkey[0] = key
    _store(hdata, 0, a, b, c, d, e, f)
    i = 0
    while True:
        left, smallest = 2 * i + 1, i
        if left < n and hkey[left] < hkey[smallest]:
            smallest = left
        if left + 1 < n and hkey[left + 1] < hkey[smallest]:
            smallest = left + 1
        if smallest == i:
            return n
        _swap(i, smallest, hkey, hdata)
        i = smallest
