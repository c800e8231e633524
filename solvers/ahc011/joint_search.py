"""Searches over two tiles at once (numba): a line's last two cells, and a cell
placed with the next cell's tile in mind.

``place_pair`` brings a line's last two tiles in one after the other, which
costs some 10% more slides than the fewest that bring both (9x9 and 10x10
boards: its best of six tries against the best search over the 3x3 nearest
tiles), and ``place`` brings a tile in by a shortest path that may push the
next cell's tile away (over two cells, bringing each tile in with the next
one in mind costs 10-15% fewer slides than the best of three tiles brought
in alone). Both are an A* search over (tile a, tile b, empty square) positions,
the other tiles being moved about freely:

- ``place_pair_jointly``: the fewest slides that put a and b in two cells;
- ``place_ahead``: the fewest slides that put a in its cell, plus the fewest
  that would then bring b to the next cell.

The estimate is exact for one tile: the fewest slides that bring a tile from
a cell to a goal with the empty square in a given cell, a table made once
per step (``goal_slides``, all boards of a beam level have the same cells
locked). The larger of the two tiles' is a lower bound, so the answer is
the best there is. A search gives up past ``cap`` expansions.

States pack into 20 bits (boards up to JOINT_SIDE); a heap key holds, from
the top: f, 1023 - g (deeper first among equals), a bit for ``place_ahead``'s
finished entries, and the state.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from .grid import neighbour
from .placement import UNREACHABLE, _step, nth_cheapest

JOINT_SIDE = 10  # (10 * 10) ** 3 states fit 20 bits, and three int32 tables of 4 MB
STATE_BITS = 20
FINISHED = 1 << STATE_BITS


@njit(cache=True, nogil=True)
def goal_slides(n, locked, goal, out, queue):
    """``out[tile * n * n + empty]``: the fewest slides through unlocked cells that bring a tile
    from ``tile`` to ``goal`` with the empty square starting in ``empty`` (UNREACHABLE: never).
    Slides can be undone, so a breadth-first search out of every finished state gives them all."""
    size = n * n
    out[:] = UNREACHABLE
    tail = 0
    for empty in range(size):
        if empty != goal and not locked[empty]:
            out[goal * size + empty] = 0
            queue[tail] = goal * size + empty
            tail += 1
    head = 0
    while head < tail:
        state = queue[head]
        head += 1
        tile, empty = state // size, state % size
        for direction in range(4):
            other = neighbour(n, empty, direction)
            if other < 0 or locked[other]:
                continue
            child = (empty if other == tile else tile) * size + other
            if out[child] == UNREACHABLE:
                out[child] = out[state] + 1
                queue[tail] = child
                tail += 1


@njit(cache=True, nogil=True)
def _estimate(size, a, b, empty, to_first, to_second, either):
    """A lower bound on the slides left: the slower tile's own fewest (either tile may go first
    when both are of one type)."""
    bound = max(to_first[a * size + empty], to_second[b * size + empty])
    if either:
        bound = min(bound, max(to_first[b * size + empty], to_second[a * size + empty]))
    return bound


@njit(cache=True, nogil=True)
def _push(heap, count, key):
    heap[count] = key
    i = count
    while i > 0:
        up = (i - 1) >> 1
        if heap[up] <= heap[i]:
            break
        heap[up], heap[i] = heap[i], heap[up]
        i = up
    return count + 1


@njit(cache=True, nogil=True)
def _pop(heap, count):
    """The smallest key; the heap then holds ``count - 1`` keys."""
    top = heap[0]
    count -= 1
    heap[0] = heap[count]
    i = 0
    while True:
        left = 2 * i + 1
        if left >= count:
            break
        small = left + 1 if left + 1 < count and heap[left + 1] < heap[left] else left
        if heap[i] <= heap[small]:
            break
        heap[i], heap[small] = heap[small], heap[i]
        i = small
    return top


@njit(cache=True, nogil=True)
def _key(f, g, finished, state):
    return ((f << 10 | (1023 - g)) << (STATE_BITS + 1)) | finished | state


@njit(cache=True, nogil=True)
def _search(n, board, ctx, moves, first, second, a, b, locked, to_first, to_second, after, ahead, tables, heap, cap):
    """The A* search of both kinds (``ahead``: ``place_ahead``'s, with ``after`` the next
    cell's table once ``first`` is locked); it makes the slides it found. ``tables`` rows:
    stamp, g, parent, one slot per state (the stamp counter in the last slot)."""
    size = n * n
    either = not ahead and board[a] == board[b]
    tables[0, -1] += 1
    stamp = tables[0, -1]
    seen, cost, parent = tables[0], tables[1], tables[2]
    start = (a * size + b) * size + ctx[0]
    estimate = _estimate(size, a, b, ctx[0], to_first, to_second, either)
    if estimate >= UNREACHABLE:
        return False
    seen[start], cost[start], parent[start] = stamp, 0, -1
    count = _push(heap, 0, _key(estimate, 0, 0, start))
    expansions, found = 0, -1
    while count > 0 and expansions < cap:
        key = _pop(heap, count)
        count -= 1
        state = key & (FINISHED - 1)
        if key & FINISHED:
            found = state
            break
        g = 1023 - ((key >> (STATE_BITS + 1)) & 1023)
        if g > cost[state]:
            continue  # reached more cheaply since this entry was pushed
        tile_a, tile_b, hole = state // (size * size), (state // size) % size, state % size
        if not ahead and (tile_a == first and tile_b == second or either and tile_a == second and tile_b == first):
            found = state
            break
        if ahead and tile_a == first and after[tile_b * size + hole] < UNREACHABLE:
            count = _push(heap, count, _key(g + after[tile_b * size + hole], 0, FINISHED, state))
        expansions += 1
        if g + 1 >= 1023 or count + 5 >= heap.shape[0]:
            continue
        for direction in range(4):
            other = neighbour(n, hole, direction)
            if other < 0 or locked[other]:
                continue
            next_a = hole if other == tile_a else tile_a
            next_b = hole if other == tile_b else tile_b
            child = (next_a * size + next_b) * size + other
            if seen[child] == stamp and cost[child] <= g + 1:
                continue
            estimate = _estimate(size, next_a, next_b, other, to_first, to_second, either)
            if estimate >= UNREACHABLE:
                continue
            seen[child], cost[child], parent[child] = stamp, g + 1, state
            count = _push(heap, count, _key(g + 1 + estimate, g + 1, 0, child))
    if found < 0:
        return False
    length = 0
    path = heap  # the heap is done with: it holds the empty square's cells, last first
    while parent[found] >= 0:
        path[length] = found % size
        length += 1
        found = parent[found]
    for i in range(length - 1, -1, -1):
        _step(n, board, ctx, moves, path[i])
    locked[first] = True
    if not ahead:
        locked[second] = True
    return True


@njit(cache=True, nogil=True)
def place_pair_jointly(n, board, ctx, moves, first, second, a, b, locked, to_first, to_second, tables, heap, cap):
    """Slide the tiles in ``a`` and ``b`` into ``first`` and ``second`` (either way round if
    they are of one type) in the fewest slides, and lock both; False if that takes more than
    ``cap`` expansions or cannot be done."""
    return _search(
        n, board, ctx, moves, first, second, a, b, locked, to_first, to_second, to_second, False, tables, heap, cap
    )


@njit(cache=True, nogil=True)
def place_ahead(n, board, ctx, moves, first, after_cell, a, b, locked, to_first, to_next, after, tables, heap, cap):
    """Slide the tile in ``a`` into ``first`` and lock it, by the path that minimises its slides
    plus those the tile in ``b`` would then need to reach ``after_cell`` (``to_next``: that
    cell's table now, ``after``: once ``first`` is locked); False past ``cap`` expansions."""
    return _search(
        n, board, ctx, moves, first, after_cell, a, b, locked, to_first, to_next, after, True, tables, heap, cap
    )


@njit(cache=True, nogil=True)
def ranked_tile(n, board, kind, table, empty, locked, choice, skip):
    """The free tile of type ``kind`` (not in ``skip``) with the ``choice``-th fewest slides to
    the goal of ``table``; -1 if there are not that many."""
    size = n * n
    cells = np.empty(size, dtype=np.int64)
    costs = np.empty(size, dtype=np.int64)
    count = 0
    for cell in range(size):
        if board[cell] == kind and cell != skip and not locked[cell] and table[cell * size + empty] < UNREACHABLE:
            # ties by cell order, as a stable sort keeps them: each key unique
            cells[count], costs[count] = cell, table[cell * size + empty] * size + count
            count += 1
    return nth_cheapest(cells, costs, count, choice)
