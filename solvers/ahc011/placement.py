"""Moves that bring tiles to cells, for the 15-puzzle style plan of ``beam`` (numba).

Tiles are chosen by type, not identity: a cell takes one of the free tiles of
the type the target wants (the ``choice``-th most promising one), which is
much shorter than a fixed one-to-one mapping. A tile is brought to its cell
by the fewest moves (a search over tile and empty square positions). The
last two cells of a line go in together (``place_pair``), and small windows
are finished by breadth-first search over tile types (``solve_window``), which
fails only when the window's tiles all differ and sit in the wrong parity.

``ctx`` holds [empty cell, moves written, search stamp]; ``moves`` receives
the letters 0..3.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import argsort_into, copy_into
from .grid import (
    OPPOSITE_BIT,
    SIDE_BIT,
    is_full_tree,
    manhattan,
    neighbour,
    random_unit,
    slide_packed,
    window_neighbour,
)

EMPTY, COUNT, STAMP = 0, 1, 2
NEVER = np.zeros(1, dtype=np.uint8)  # the stop flag of searches too small to need one
NO_TABLE = np.zeros(1, dtype=np.int64)  # ``place`` without a goal table searches for its path
UNREACHABLE = 1 << 20  # a goal table's entry for a tile that cannot get there


@njit(cache=True, nogil=True)
def _step(n, board, ctx, moves, to):
    """The empty square moves to the neighbouring cell ``to``; its letter goes to
    ``moves[count]`` while there is room (``moves`` has at least one slot), the count
    goes on regardless so that callers see an overflow."""
    empty = ctx[EMPTY]
    step = to - empty
    # L, U, R, D = 0..3 without unpredictable branches (step is -1, -n, 1 or n)
    letter = (step == -n) * 1 + (step == 1) * 2 + (step == n) * 3
    # unsigned indices: numba then skips its negative-index wraparound on each access
    board[np.uint64(empty)] = board[np.uint64(to)]
    board[np.uint64(to)] = 0
    ctx[EMPTY] = to
    count = ctx[COUNT]
    # No branch: past the end the last slot gets its own value back. A branch here kept an
    # atomic incref/decref pair per array around every call (numba cannot prune refcounts
    # across a callee's branches): 26 M slides/s in bench.engines, 35 M without.
    room = count < moves.shape[0]
    slot = np.uint64(min(count, moves.shape[0] - 1))
    moves[slot] = letter if room else moves[slot]
    ctx[COUNT] = count + 1


@njit(cache=True, nogil=True)
def _distances(n, blocked, source, dist, queue):
    """Breadth-first distances from ``source`` over unblocked cells (-1: unreachable)."""
    dist[:] = -1
    dist[source] = 0
    queue[0] = source
    head, tail = 0, 1
    while head < tail:
        cell = queue[head]
        head += 1
        for direction in range(4):
            other = neighbour(n, cell, direction)
            if other >= 0 and dist[other] < 0 and not blocked[other]:
                dist[other] = dist[cell] + 1
                queue[tail] = other
                tail += 1


@njit(cache=True, nogil=True)
def _empty_to(n, board, ctx, moves, goal, blocked, dist, queue):
    """Walk the empty square to ``goal`` by a shortest path avoiding blocked cells."""
    if ctx[EMPTY] == goal:
        return True
    _distances(n, blocked, goal, dist, queue)
    if dist[ctx[EMPTY]] < 0:
        return False
    while ctx[EMPTY] != goal:
        here = ctx[EMPTY]
        for direction in range(4):
            other = neighbour(n, here, direction)
            if other >= 0 and dist[other] == dist[here] - 1 and not blocked[other]:
                _step(n, board, ctx, moves, other)
                break
    return True


@njit(cache=True, nogil=True)
def _tile_to(n, board, ctx, moves, source, goal, locked, search):
    """Slide the tile at ``source`` to ``goal`` in the fewest moves, through unlocked cells.

    Breadth-first search over (tile cell, empty cell) pairs, stopping as soon
    as the tile reaches ``goal``. ``search`` rows: the stamp that marks a pair
    seen in this search, the pair it was reached from, and the queue.
    """
    size = n * n
    ctx[STAMP] += 1
    stamp = ctx[STAMP]
    seen, parent, queue = search[0], search[1], search[2]
    start = source * size + ctx[EMPTY]
    seen[start], parent[start] = stamp, -1
    queue[0] = start
    head, tail, found = 0, 1, -1
    while head < tail:
        pair = queue[head]
        head += 1
        tile, empty = pair // size, pair % size
        if tile == goal:
            found = pair
            break
        for direction in range(4):
            other = neighbour(n, empty, direction)
            if other < 0 or locked[other]:
                continue
            # The empty square swaps with the tile when it steps onto it.
            child = (empty if other == tile else tile) * size + other
            if seen[child] != stamp:
                seen[child], parent[child] = stamp, pair
                queue[tail] = child
                tail += 1
    if found < 0:
        return False
    length = 0
    while parent[found] >= 0:  # the empty square's cells, last first
        queue[length] = found % size
        length += 1
        found = parent[found]
    for i in range(length - 1, -1, -1):
        _step(n, board, ctx, moves, queue[i])
    return True


@njit(cache=True, nogil=True)
def _pick_tile(n, board, ctx, kind, goal, locked, choice, noise, rng, dist, queue):
    """The ``choice``-th cheapest-looking free tile of type ``kind`` to bring to ``goal`` (-1: none)."""
    _distances(n, locked, goal, dist, queue)
    cells = np.empty(n * n, dtype=np.int64)
    costs = np.empty(n * n, dtype=np.float64)
    count = 0
    for cell in range(n * n):
        if board[cell] == kind and not locked[cell] and dist[cell] >= 0:
            cells[count] = cell
            costs[count] = 5.0 * dist[cell] + manhattan(n, cell, ctx[EMPTY]) + noise * random_unit(rng)
            count += 1
    return nth_cheapest(cells, costs, count, choice)


@njit(cache=True, nogil=True)
def nth_cheapest(cells, costs, count, choice):
    """The cell of the ``choice``-th lowest of ``costs[:count]`` (in ``argsort_into``'s order; -1: fewer)."""
    if choice >= count:
        return -1
    order = np.empty(count, dtype=np.int64)
    argsort_into(costs, count, order)
    return cells[order[choice]]


@njit(cache=True, nogil=True)
def _walk_down(n, board, ctx, moves, tile, locked, table):
    """Slide the tile at ``tile`` to the goal of ``table`` in the fewest moves, each slide one
    step down the table (its goal's fewest slides from every (tile, empty square) pair)."""
    size = n * n
    left = table[tile * size + ctx[EMPTY]]
    if left >= UNREACHABLE:
        return False
    while left > 0:
        empty, was = ctx[EMPTY], left
        for direction in range(4):
            other = neighbour(n, empty, direction)
            if other < 0 or locked[other]:
                continue
            moved = empty if other == tile else tile
            if table[moved * size + other] == left - 1:
                _step(n, board, ctx, moves, other)
                tile, left = moved, left - 1
                break
        if left == was:
            return False  # a table made under other locks
    return True


@njit(cache=True, nogil=True)
def place(n, board, ctx, moves, goal, kind, locked, table, dist, queue, search, choice, noise, rng):
    """Bring the ``choice``-th candidate tile of type ``kind`` to ``goal``.

    ``table``: ``goal``'s fewest slides from every (tile, empty square) pair under
    these locks (``joint_search.goal_slides``, made once for a whole beam level),
    which the tile walks down; or NO_TABLE, and a search finds the path (the walk
    took 40% less of a search's time at N = 10, the same answers).
    """
    if board[goal] == kind:
        return choice == 0  # already there: other choices would only repeat this one
    source = _pick_tile(n, board, ctx, kind, goal, locked, choice, noise, rng, dist, queue)
    if source < 0:
        return False
    if table.shape[0] == 1:
        return _tile_to(n, board, ctx, moves, source, goal, locked, search)
    return _walk_down(n, board, ctx, moves, source, locked, table)


@njit(cache=True, nogil=True)
def _drop_pair(n, board, ctx, moves, locked, blocked, dist, queue, first, second, entry, through, waiting):
    """The last two slides of a pair: with one tile in ``through`` and the other in ``waiting``
    (beside it, off the line), the empty square comes to ``entry`` (the line's other cell)
    and slides ``through`` then ``waiting``, which pulls both tiles into ``first`` and ``second``."""
    locked[waiting] = True
    copy_into(blocked, locked)
    if not _empty_to(n, board, ctx, moves, entry, blocked, dist, queue):
        return False
    _step(n, board, ctx, moves, through)
    _step(n, board, ctx, moves, waiting)
    locked[waiting] = False
    locked[first] = locked[second] = True
    return True


@njit(cache=True, nogil=True)
def place_pair(
    n,
    board,
    ctx,
    moves,
    target,
    first,
    second,
    parked,
    locked,
    blocked,
    dist,
    queue,
    search,
    choice,
    noise,
    rng,
    table,
    parked_table,
):
    """Fill ``first`` and ``second`` (the last two cells of a line) together.

    The tile for ``second`` is parked in ``first`` and the tile for ``first``
    in ``parked`` (beside ``first``, away from the line); then the empty
    square comes round to ``second`` and two slides drop both into place.
    ``table`` and ``parked_table``: goal tables (or NO_TABLE) for ``first`` under
    ``locked``, and for ``parked`` with ``first`` and ``second`` locked too.
    """
    if board[first] == target[first] and board[second] == target[second]:
        locked[first] = locked[second] = True
        return choice == 0
    if not place(n, board, ctx, moves, first, target[second], locked, table, dist, queue, search, choice, noise, rng):
        return False
    locked[first] = True
    if ctx[EMPTY] == second:
        # ``second`` is a dead end now: leave it, or a tile there would wall the empty square in.
        _step(n, board, ctx, moves, second + parked - first)
    # A tile in ``second`` cannot come out to ``parked`` while ``first`` is locked.
    locked[second] = True
    placed = place(
        n, board, ctx, moves, parked, target[first], locked, parked_table, dist, queue, search, 0, noise, rng
    )
    locked[second] = False
    if not placed:
        # The only tile of that type is in ``second``: swap the two by search in the 2x3 window.
        locked[first] = False
        copy_into(blocked, locked)
        if not _empty_to(n, board, ctx, moves, parked, blocked, dist, queue):
            return False
        must = np.zeros(n * n, dtype=np.bool_)
        must[first] = must[second] = True
        rows, cols = (3, 2) if parked - first == n else (2, 3)
        if not solve_window(n, board, ctx, moves, min(first, second), rows, cols, target, must, False, NEVER):
            return False
        locked[first] = locked[second] = True
        return True
    return _drop_pair(n, board, ctx, moves, locked, blocked, dist, queue, first, second, second, first, parked)


@njit(cache=True, nogil=True)
def place_pair_through_second(
    n,
    board,
    ctx,
    moves,
    target,
    first,
    second,
    parked,
    locked,
    blocked,
    dist,
    queue,
    search,
    choice,
    noise,
    rng,
    table,
    beside_table,
):
    """``place_pair`` the other way round: the tile for ``first`` waits in ``second``, the one
    for ``second`` beside it (away from the line); the empty square comes to ``first`` through
    ``parked`` and two slides drop both into place. ``table`` and ``beside_table``: goal tables
    (or NO_TABLE) for ``second`` under ``locked``, and for the cell beside it with it locked too."""
    beside = second + parked - first
    if board[first] == target[first] and board[second] == target[second]:
        return False  # place_pair's first choice keeps it as it is
    if not place(n, board, ctx, moves, second, target[first], locked, table, dist, queue, search, choice, noise, rng):
        return False
    locked[second] = True
    if not place(
        n, board, ctx, moves, beside, target[second], locked, beside_table, dist, queue, search, 0, noise, rng
    ):
        return False
    return _drop_pair(n, board, ctx, moves, locked, blocked, dist, queue, first, second, first, second, beside)


@njit(cache=True, nogil=True)
def _full_tree_with(n, scratch, cells, key):
    """Whether the board is a full tree once the window ``cells`` hold the types packed in ``key``.

    The solver only searches boards whose tiles a target tree could use (a
    tree's tiles), so a full tree's N*N - 2 edges use up every stub, and the
    placed cells outside the window already
    meet each other. So first a cheap test: every stub of a window cell meets
    one, and no stub points into the window unmet. Only boards that pass it
    get the whole-board check.
    """
    for i in range(cells.shape[0]):
        scratch[cells[i]] = (key >> (4 * i)) & 15
    for i in range(cells.shape[0]):
        tile = scratch[cells[i]]
        for direction in range(4):
            other = neighbour(n, cells[i], direction)
            stub = tile & SIDE_BIT[direction] != 0
            if other < 0:
                if stub:
                    return False
            elif stub != (scratch[other] & OPPOSITE_BIT[direction] != 0):
                return False
    return is_full_tree(n, scratch)


@njit(cache=True, nogil=True)
def _slot(key, shift):
    """Fibonacci hashing: the top bits of key * 2^64/phi spread the packed types over the table."""
    return np.int64((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(shift))


@njit(cache=True, nogil=True)
def solve_window(n, board, ctx, moves, corner, rows, cols, goal, must, any_tree, stop):
    """Breadth-first search inside a small window (top-left ``corner``) holding the empty square.

    States are tile types, four bits per cell; the goal is reached when the
    cells marked in ``must`` hold ``goal``'s types or, with ``any_tree``, as
    soon as the whole board is a full tree (the empty square may end anywhere,
    and a tree other than the target's counts too). False if out of reach (parity)
    or if another thread set ``stop[0]``.
    """
    size = rows * cols
    states = 1
    for i in range(2, size + 1):
        states *= i
    table_size, shift = 1, 64
    while table_size < 2 * states:  # open addressing, at most half full
        table_size *= 2
        shift -= 1
    cells = np.empty(size, dtype=np.int64)
    for i in range(size):
        cells[i] = corner + (i // cols) * n + i % cols
    start, wanted, care = np.int64(0), np.int64(0), np.int64(0)
    for i in range(size):
        start |= board[cells[i]] << (4 * i)
        if must[cells[i]]:
            wanted |= goal[cells[i]] << (4 * i)
            care |= np.int64(15) << (4 * i)
    table = np.full(table_size, -1, dtype=np.int64)
    keys = np.empty(states, dtype=np.int64)
    parents = np.empty(states, dtype=np.int64)
    holes = np.empty(states, dtype=np.int64)  # window index of the empty square
    for i in range(size):
        if board[cells[i]] == 0:
            holes[0] = i
    keys[0], parents[0] = start, -1
    table[_slot(start, shift)] = start
    count, head = 1, 0
    scratch = board.copy()
    found = 0 if start & care == wanted or any_tree and _full_tree_with(n, scratch, cells, start) else -1
    while head < count and found < 0:
        if head & 4095 == 0 and stop[0]:  # a 3x3 search can take tens of ms
            return False
        key, hole = keys[head], holes[head]
        row, col = hole // cols, hole % cols
        for direction in range(4):
            other = window_neighbour(hole, row, col, rows, cols, direction)
            if other < 0:
                continue
            child = slide_packed(key, hole, other)
            slot = _slot(child, shift)
            seen = False
            while table[slot] >= 0:
                if table[slot] == child:
                    seen = True
                    break
                slot = (slot + 1) & (table_size - 1)
            if seen:
                continue
            table[slot] = child
            keys[count], parents[count], holes[count] = child, head, other
            count += 1
            if child & care == wanted or any_tree and _full_tree_with(n, scratch, cells, child):
                found = count - 1
                break
        head += 1
    if found < 0:
        return False
    path = np.empty(count, dtype=np.int64)
    length = 0
    while parents[found] >= 0:
        path[length] = holes[found]
        length += 1
        found = parents[found]
    for i in range(length - 1, -1, -1):
        _step(n, board, ctx, moves, cells[path[i]])
    return True
