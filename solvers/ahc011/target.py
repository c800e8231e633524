"""The target tree: a spanning tree of the board whose tiles are exactly the case's tiles.

The empty square goes to the bottom-right corner; every other cell's tile is
the mask of its tree edges. Annealing over spanning trees: add a random
non-tree edge, drop a random edge of the cycle it closes (so the graph stays a
spanning tree), and score the tile multiset against the case's by the sum of
per-type count differences. Zero means any layout of the case's tiles that
matches the tree's masks is a full tree.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .grid import OPPOSITE_BIT, SIDE_BIT, neighbour, random_below, random_unit

# Energy = MISMATCH_WEIGHT * (type-count mismatch) + the sum over cells of the
# distance to the nearest start tile of the cell's type.
MISMATCH, DISTANCE = 0, 1
MISMATCH_WEIGHT = 8
START_TEMPERATURE, END_TEMPERATURE = 3.0, 0.2


@njit(cache=True, nogil=True)
def _random_spanning_tree(n, rng, mask):
    corner = n * n - 1
    edges = np.empty((2 * n * n, 3), dtype=np.int64)  # cell, direction (2 right / 3 down)
    count = 0
    for cell in range(corner):
        for direction in (2, 3):
            other = neighbour(n, cell, direction)
            if other >= 0 and other != corner:
                edges[count, 0] = cell
                edges[count, 1] = direction
                count += 1
    for i in range(count - 1, 0, -1):
        j = random_below(rng, i + 1)
        for k in range(2):
            edges[i, k], edges[j, k] = edges[j, k], edges[i, k]
    parent = np.arange(n * n)
    mask[:] = 0
    for i in range(count):
        a, direction = edges[i, 0], edges[i, 1]
        b = neighbour(n, a, direction)
        ra, rb = a, b
        while parent[ra] != ra:
            ra = parent[ra]
        while parent[rb] != rb:
            rb = parent[rb]
        if ra != rb:
            parent[rb] = ra
            mask[a] |= SIDE_BIT[direction]
            mask[b] |= OPPOSITE_BIT[direction]


@njit(cache=True, nogil=True)
def _retype(have, need, near, totals, cell, old, new):
    """``cell``'s mask goes from ``old`` to ``new``: update ``totals`` (type-count
    mismatch, distance to the nearest start tile of each cell's type)."""
    if old == new:
        return
    delta = -abs(have[old] - need[old]) - abs(have[new] - need[new])
    have[old] -= 1
    have[new] += 1
    totals[MISMATCH] += delta + abs(have[old] - need[old]) + abs(have[new] - need[new])
    totals[DISTANCE] += near[new, cell] - near[old, cell]


@njit(cache=True, nogil=True)
def _tree_path(n, mask, start, goal, parent, queue):
    """Cells of the tree path from ``goal`` back to ``start``, written into ``queue``; its length."""
    parent[:] = -1
    parent[start] = start
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        cell = queue[head]
        head += 1
        if cell == goal:
            break
        for direction in range(4):
            if mask[cell] & SIDE_BIT[direction]:
                other = neighbour(n, cell, direction)
                if parent[other] < 0:
                    parent[other] = cell
                    queue[tail] = other
                    tail += 1
    length = 0
    cell = goal
    while True:
        queue[length] = cell
        length += 1
        if cell == start:
            break
        cell = parent[cell]
    return length


@njit(cache=True, nogil=True)
def _direction_between(n, a, b):
    for direction in range(4):
        if neighbour(n, a, direction) == b:
            return direction
    return -1


@njit(cache=True, nogil=True)
def _nearest_of_type(n, tiles):
    """near[t, cell]: Manhattan distance from ``cell`` to the closest start tile of type t."""
    far = 2 * n
    near = np.full((16, n * n), far, dtype=np.int64)
    for source in range(n * n):
        t = tiles[source]
        if t == 0:
            continue
        for cell in range(n * n):
            d = abs(cell // n - source // n) + abs(cell % n - source % n)
            if d < near[t, cell]:
                near[t, cell] = d
    return near


@njit(cache=True, nogil=True)
def build_target(n, tiles, rng, iterations, mask):
    """Anneal a tree into ``mask``; True when its tile multiset equals the case's.

    After ``iterations`` steps (or more, until the multiset first matches, up
    to ten times as many) ``mask`` holds the matching tree seen whose cells are
    nearest to start tiles of their types: tiles then travel less.
    """
    corner = n * n - 1
    need = np.zeros(16, dtype=np.int64)
    for tile in tiles:
        if tile:
            need[tile] += 1
    near = _nearest_of_type(n, tiles)
    _random_spanning_tree(n, rng, mask)
    have = np.zeros(16, dtype=np.int64)
    totals = np.zeros(2, dtype=np.int64)
    for cell in range(corner):
        have[mask[cell]] += 1
        totals[DISTANCE] += near[mask[cell], cell]
    for t in range(16):
        totals[MISMATCH] += abs(have[t] - need[t])
    best = mask.copy()
    best_distance = totals[DISTANCE] if totals[MISMATCH] == 0 else -1
    parent = np.empty(n * n, dtype=np.int64)
    path = np.empty(n * n, dtype=np.int64)
    touched = np.empty(4, dtype=np.int64)
    before = np.empty(4, dtype=np.int64)
    for step in range(10 * iterations):
        if step >= iterations and best_distance >= 0:
            break
        u = random_below(rng, corner)
        d = random_below(rng, 4)
        v = neighbour(n, u, d)
        if v < 0 or v == corner or mask[u] & SIDE_BIT[d]:
            continue
        length = _tree_path(n, mask, u, v, parent, path)
        k = random_below(rng, length - 1)
        a, b = path[k], path[k + 1]
        e = _direction_between(n, a, b)
        touched[0], touched[1], touched[2], touched[3] = u, v, a, b
        for i in range(4):
            before[i] = mask[touched[i]]
        energy = MISMATCH_WEIGHT * totals[MISMATCH] + totals[DISTANCE]
        _retype(have, need, near, totals, u, mask[u], mask[u] | SIDE_BIT[d])
        mask[u] |= SIDE_BIT[d]
        _retype(have, need, near, totals, v, mask[v], mask[v] | OPPOSITE_BIT[d])
        mask[v] |= OPPOSITE_BIT[d]
        _retype(have, need, near, totals, a, mask[a], mask[a] & ~SIDE_BIT[e])
        mask[a] &= ~SIDE_BIT[e]
        _retype(have, need, near, totals, b, mask[b], mask[b] & ~OPPOSITE_BIT[e])
        mask[b] &= ~OPPOSITE_BIT[e]
        delta = MISMATCH_WEIGHT * totals[MISMATCH] + totals[DISTANCE] - energy
        # Reheat every ``iterations`` steps while the multiset still does not match.
        temperature = START_TEMPERATURE * (1.0 - (step % iterations) / iterations) + END_TEMPERATURE
        if delta <= 0 or random_unit(rng) < np.exp(-delta / temperature):
            if totals[MISMATCH] == 0 and (best_distance < 0 or totals[DISTANCE] < best_distance):
                best_distance = totals[DISTANCE]
                best[:] = mask
            continue
        for i in range(3, -1, -1):  # undo in reverse so overlapping cells end as they began
            cell = touched[i]
            _retype(have, need, near, totals, cell, mask[cell], before[i])
            mask[cell] = before[i]
    mask[:] = best
    return best_distance >= 0
