"""Numba helpers every puzzle's solver kernels share: seeded randomness and a hash set.

Each solver keeps its random state in a one-element uint64 array it owns, so a
run never depends on threads or on how the budget is sliced.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, nogil=True)
def mix64(z):
    """The splitmix64 finaliser: a well spread 64-bit function of z."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, nogil=True)
def next_random(rng):
    """The next splitmix64 output of the stream whose state is rng[0]."""
    rng[0] += _GOLDEN
    return mix64(rng[0])


@njit(cache=True, nogil=True)
def next_uniform(rng):
    """A float in [0, 1) from the splitmix64 stream whose state is rng[0]."""
    return float(next_random(rng) >> np.uint64(11)) / 9007199254740992.0


@njit(cache=True, nogil=True)
def stamped_set_add(keys, stamps, stamp, h):
    """Insert h into an open-addressing set; False when it was already there.

    Entries whose stamp is not ``stamp`` count as free, so a new stamp empties
    the set (one per beam level) without clearing the arrays.
    """
    mask = keys.shape[0] - 1
    i = np.int64(h & np.uint64(mask))
    while stamps[i] == stamp:
        if keys[i] == h:
            return False
        i = (i + 1) & mask
    keys[i] = h
    stamps[i] = stamp
    return True
