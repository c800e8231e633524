"""The target tree: a spanning tree of the board whose tiles are exactly the case's tiles.

The empty square goes to a given cell (by default the bottom-right corner, where
the placement plan ends; the slide search's targets have it in the centre);
every other cell's tile is the mask of its tree edges. Annealing over spanning
trees: add a random non-tree edge, drop a random edge of the cycle it closes (so
the graph stays a spanning tree). The energy is ``weight * mismatch + travel``:
mismatch is the sum of per-type count differences between the tree's masks and
the case's tiles (zero means any layout of the case's tiles that matches the
masks is a full tree), travel the fewest total steps that bring start tiles to
the cells of their type (``matching``). The weight on mismatch grows during the
run, so early on the tree may wander through wrong multisets toward short
travel, and it must end on the right one.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import copy_into
from .grid import OPPOSITE_BIT, SIDE_BIT, empty_cell, neighbour, next_random, random_below, random_unit, seed_stream
from .matching import cells_by_type, type_travel

START_WEIGHT, END_WEIGHT = 3.0, 6.0
START_TEMPERATURE, END_TEMPERATURE = 2.0, 0.1
# Past the planned steps, while no matching tree has been seen: a heavy weight
# and a warm temperature trade travel for the right multiset.
REPAIR_WEIGHT, REPAIR_TEMPERATURE = 30.0, 1.0
REPAIR_ROUNDS = 3  # at most this many times the planned steps again
# Travel per type is remembered by the hash of the type's cells: a step changes a
# type's cells by one or two, and the annealer proposes the same changes again and
# again, so most steps find their travel here rather than in a new matching (8 targets at N = 10:
# 0.28 s rather than 0.60 s). 2^13 slots did as well as 2^16; 2^19 took longer to clear.
TRAVEL_CACHE_BITS = 15


@njit(cache=True, nogil=True)
def _random_spanning_tree(n, rng, mask, hole):
    edges = np.empty((2 * n * n, 3), dtype=np.int64)  # cell, direction (2 right / 3 down)
    count = 0
    for cell in range(n * n):
        if cell == hole:
            continue
        for direction in (2, 3):
            other = neighbour(n, cell, direction)
            if other >= 0 and other != hole:
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
def _distinct(cells, count, cell):
    for i in range(count):
        if cells[i] == cell:
            return False
    return True


@njit(cache=True, nogil=True)
def _cell_keys(size):
    """A random 64-bit key per (cell, type), from a fixed stream (so the annealer's own
    stream, and its results, are the same with or without the cache)."""
    rng = np.zeros(1, dtype=np.uint64)
    seed_stream(rng, 0, 0)
    keys = np.empty((size, 16), dtype=np.uint64)
    for cell in range(size):
        for kind in range(16):
            keys[cell, kind] = next_random(rng) | np.uint64(1)
    return keys


@njit(cache=True, nogil=True)
def _cached_travel(n, mask, kind, key, cache_keys, cache_travel, cells, sources, counts, cost, work):
    """``type_travel`` of ``kind``, whose cells hash to ``key``: from the cache, or computed
    and stored there (a direct-mapped table: a new key takes its slot)."""
    slot = np.int64(key & np.uint64(cache_keys.shape[0] - 1))
    if cache_keys[slot] == key:
        return cache_travel[slot]
    travel = type_travel(n, mask, kind, cells, sources, counts, cost, work)
    cache_keys[slot], cache_travel[slot] = key, travel
    return travel


@njit(cache=True, nogil=True)
def build_target(n, tiles, rng, iterations, mask, stop=None, hole=-1):
    """Anneal a tree into ``mask`` with its empty square at cell ``hole`` (-1: the bottom-right
    corner): the travel of the best tree whose tile multiset equals the case's (``mask`` ends as
    that tree), or -1 if none was seen. Another thread may set ``stop[0]`` to end the annealing
    early (-1).
    """
    size = n * n
    counts = np.zeros(16, dtype=np.int64)
    sources = np.zeros((16, size), dtype=np.int64)
    cells_by_type(n, tiles, counts, sources)
    _random_spanning_tree(n, rng, mask, n * n - 1 if hole < 0 else hole)
    fixed = np.zeros(size, dtype=np.bool_)
    return _anneal(n, mask, fixed, counts, sources, rng, iterations, START_TEMPERATURE, REPAIR_ROUNDS, stop)


def centre_cell(n: int) -> int:
    """The board's centre cell (on even sides, the one below and right of the centre)."""
    return (n // 2) * n + n // 2


@njit(cache=True, nogil=True)
def plan_ends_on(n, mask):
    """Whether tree ``mask`` has its empty square in the bottom-right 3x3 block, where the
    placement plan (``beam``) ends."""
    hole = empty_cell(mask)
    return hole // n >= n - 3 and hole % n >= n - 3


@njit(cache=True, nogil=True)
def retarget(n, board, mask, fixed, rng, iterations, temperature, stop):
    """Re-anneal the cells of tree ``mask`` not marked ``fixed`` toward the tiles where
    ``board`` has them now (``mask`` stays a tree with the same tiles, and keeps every
    fixed cell's edges); the new travel (never more than the old: the best tree seen wins).
    ``temperature`` is where the annealing starts. -1 if ``stop[0]`` was set (``mask`` is
    then left half-annealed)."""
    size = n * n
    counts = np.zeros(16, dtype=np.int64)
    sources = np.zeros((16, size), dtype=np.int64)
    cells_by_type(n, board, counts, sources)
    return _anneal(n, mask, fixed, counts, sources, rng, iterations, temperature, 0, stop)


@njit(cache=True, nogil=True)
def _anneal(n, mask, fixed, counts, sources, rng, iterations, start_temperature, repair_rounds, stop):
    """Anneal tree ``mask`` (its cells marked ``fixed`` keep their edges); see build_target.
    A step changes at most four cells, so only their old and new types' travel is
    looked up (``_cached_travel``), and only where that type's cells changed."""
    size = n * n
    hole = empty_cell(mask)  # the one cell without edges
    cost = np.zeros((size, size), dtype=np.int64)
    work = np.zeros((6, size + 1), dtype=np.int64)
    cells = np.zeros(size, dtype=np.int64)
    have = np.zeros(16, dtype=np.int64)
    for cell in range(size):
        if cell != hole:
            have[mask[cell]] += 1
    travel = np.zeros(16, dtype=np.int64)
    mismatch = 0
    for kind in range(16):
        mismatch += abs(have[kind] - counts[kind])
        travel[kind] = type_travel(n, mask, kind, cells, sources, counts, cost, work)
    cell_keys = _cell_keys(size)
    type_key = np.zeros(16, dtype=np.uint64)  # per type, the XOR of its cells' keys
    for cell in range(size):
        if cell != hole:
            type_key[mask[cell]] ^= cell_keys[cell, mask[cell]]
    cache_keys = np.zeros(1 << TRAVEL_CACHE_BITS, dtype=np.uint64)  # 0: an empty slot
    cache_travel = np.zeros(1 << TRAVEL_CACHE_BITS, dtype=np.int64)
    total = travel.sum()
    best = mask.copy()
    best_travel = total if mismatch == 0 else -1
    parent = np.empty(size, dtype=np.int64)
    path = np.empty(size, dtype=np.int64)
    touched = np.empty(4, dtype=np.int64)  # distinct cells a step changes
    before = np.empty(4, dtype=np.int64)
    kinds = np.empty(8, dtype=np.int64)  # distinct types those cells had or get
    old_travel = np.empty(8, dtype=np.int64)
    old_key = np.empty(8, dtype=np.uint64)
    for step in range((1 + repair_rounds) * iterations):
        if stop is not None and stop[0]:  # a step can take a millisecond on a 30x30 board
            return -1
        if step >= iterations:
            if best_travel >= 0:
                break
            weight, temperature = REPAIR_WEIGHT, REPAIR_TEMPERATURE
        else:
            progress = step / iterations
            weight = START_WEIGHT + (END_WEIGHT - START_WEIGHT) * progress
            temperature = start_temperature + (END_TEMPERATURE - start_temperature) * progress
        u = random_below(rng, size - 1)
        u += u >= hole  # any cell but the empty square
        d = random_below(rng, 4)
        v = neighbour(n, u, d)
        if v < 0 or v == hole or mask[u] & SIDE_BIT[d] or fixed[u] or fixed[v]:
            continue
        length = _tree_path(n, mask, u, v, parent, path)
        k = random_below(rng, length - 1)
        a, b = path[k], path[k + 1]
        if fixed[a] or fixed[b]:
            continue
        e = _direction_between(n, a, b)
        changed = 0
        for cell in (u, v, a, b):
            if _distinct(touched, changed, cell):
                touched[changed], before[changed] = cell, mask[cell]
                changed += 1
        mask[u] |= SIDE_BIT[d]
        mask[v] |= OPPOSITE_BIT[d]
        mask[a] &= ~SIDE_BIT[e]
        mask[b] &= ~OPPOSITE_BIT[e]
        distinct = 0
        for i in range(changed):
            for kind in (before[i], mask[touched[i]]):
                if _distinct(kinds, distinct, kind):
                    kinds[distinct] = kind
                    distinct += 1
        new_mismatch, new_total = mismatch, total
        for i in range(distinct):
            new_mismatch -= abs(have[kinds[i]] - counts[kinds[i]])
            old_key[i] = type_key[kinds[i]]
        for i in range(changed):
            cell, after = touched[i], mask[touched[i]]
            have[before[i]] -= 1
            have[after] += 1
            type_key[before[i]] ^= cell_keys[cell, before[i]]
            type_key[after] ^= cell_keys[cell, after]
        for i in range(distinct):
            kind = kinds[i]
            new_mismatch += abs(have[kind] - counts[kind])
            old_travel[i] = travel[kind]
            if type_key[kind] != old_key[i]:
                travel[kind] = _cached_travel(
                    n, mask, kind, type_key[kind], cache_keys, cache_travel, cells, sources, counts, cost, work
                )
            new_total += travel[kind] - old_travel[i]
        delta = weight * (new_mismatch - mismatch) + new_total - total
        if delta <= 0 or random_unit(rng) < np.exp(-delta / temperature):
            mismatch, total = new_mismatch, new_total
            if mismatch == 0 and (best_travel < 0 or total < best_travel):
                best_travel = total
                copy_into(best, mask)
            continue
        for i in range(changed):
            have[mask[touched[i]]] -= 1
            have[before[i]] += 1
            mask[touched[i]] = before[i]
        for i in range(distinct):
            travel[kinds[i]] = old_travel[i]
            type_key[kinds[i]] = old_key[i]
    copy_into(mask, best)
    return best_travel
