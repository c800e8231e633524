"""Shortening an answer: a stretch of slides that only rearranges a small window of the board is
replaced by the fewest slides that make the same rearrangement inside it.

The placement plan builds its answers tile by tile, and the empty square's walks between
placements often undo part of each other. A pass looks at every stretch of at most ``reach``
slides whose first and last boards differ only inside a window of at most ``cells`` cells and
MAX_SIDE on a side (the empty square's first cell included), and searches each largest such
window (at 12 cells: 3x4, 4x3, 2x6, 6x2; a path inside a smaller window is inside a larger one
too) breadth-first from both ends, over tile types, for fewer slides between the two boards.
The non-overlapping stretches that save the most are replaced (weighted interval scheduling,
done as the stretches' ends advance, so a stretch is only searched when it could beat the
savings already found up to its end). Passes repeat until one saves nothing. The last board is
the same, tile type for tile type, so a full tree stays one.

Over the answers of a 3 s batch (seeds 0-99), windows of 12 cells and stretches of 30 slides
cut 0.4% / 2.2% / 4.8% / 5.8% / 5.1% of the slides at N = 6..10, in 0.01 to 0.18 s an answer
(9 cells cut 0.1-2.6%; 16 cells about 1% more than 12, in ten times the time).
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import copy_into
from .grid import col_of, neighbour, row_of, slide_packed, window_neighbour

REACH = 30  # the longest stretch of slides looked at
MAX_SIDE = 6  # a window's longest side (2x6 and 6x2 windows cut 0.2-0.7% more slides than 3x4 and 4x3 alone)
SIDE_STATES = 1 << 16  # a search from one end gives up past this many boards
SLOTS = 1 << 17  # hash slots per end, at most half full
PASSES = 4  # at most; the fourth rarely finds anything


@njit(cache=True, nogil=True)
def _slot(key):
    return np.int64((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - 17))


@njit(cache=True, nogil=True)
def _find(slot_key, slot_node, slot_stamp, stamp, side, key):
    """The node index of ``key`` on one end's side of the search, or -1."""
    slot = _slot(key)
    while slot_stamp[side, slot] == stamp:
        if slot_key[side, slot] == key:
            return slot_node[side, slot]
        slot = (slot + 1) & (SLOTS - 1)
    return -1


@njit(cache=True, nogil=True)
def _insert(slot_key, slot_node, slot_stamp, stamp, side, key, node):
    slot = _slot(key)
    while slot_stamp[side, slot] == stamp:
        slot = (slot + 1) & (SLOTS - 1)
    slot_stamp[side, slot] = stamp
    slot_key[side, slot] = key
    slot_node[side, slot] = node


@njit(cache=True, nogil=True)
def workspace():
    """The window search's memory, made once per answer: for each end, hash slots (key, node,
    stamp: a slot is taken when its stamp is the search's, so nothing is cleared between
    searches), the stamp counter, and the boards found (key, parent, hole, depth)."""
    return (
        np.empty((2, SLOTS), dtype=np.int64),
        np.empty((2, SLOTS), dtype=np.int32),
        np.zeros((2, SLOTS), dtype=np.int32),
        np.zeros(1, dtype=np.int32),
        np.empty((2, SIDE_STATES), dtype=np.int64),
        np.empty((2, SIDE_STATES), dtype=np.int32),
        np.empty((2, SIDE_STATES), dtype=np.int64),
        np.empty((2, SIDE_STATES), dtype=np.int64),
    )


@njit(cache=True, nogil=True)
def window_search(start, start_hole, goal, goal_hole, rows, cols, limit, work, path):
    """The fewest slides inside a rows x cols window (four bits a cell in ``start``/``goal``,
    holes as window indices) from start to goal, if fewer than ``limit``; else -1. With ``path``
    non-empty, the holes' window indices along the way go into it."""
    if start == goal:
        return 0
    slot_key, slot_node, slot_stamp, stamps, node_key, node_parent, node_hole, node_depth = work
    stamps[0] += 1
    stamp = stamps[0]
    count = np.zeros(2, dtype=np.int64)
    low = np.zeros(2, dtype=np.int64)  # each end's current layer: nodes low..count-1
    depth = np.zeros(2, dtype=np.int64)
    for side in range(2):
        key, hole = (start, start_hole) if side == 0 else (goal, goal_hole)
        node_key[side, 0], node_parent[side, 0], node_hole[side, 0], node_depth[side, 0] = key, -1, hole, 0
        _insert(slot_key, slot_node, slot_stamp, stamp, side, key, 0)
        count[side] = 1
    best, meet = limit, np.int64(0)
    while depth[0] + depth[1] + 1 < best:
        # The end with the smaller layer goes a layer deeper (an end with none left is done: every
        # board it reaches is known, and the other end may still meet it sooner).
        side = 0 if 0 < count[0] - low[0] <= count[1] - low[1] or count[1] == low[1] else 1
        if count[side] == low[side]:
            break
        layer_end = count[side]
        for node in range(low[side], layer_end):
            key, hole = node_key[side, node], node_hole[side, node]
            row, col = hole // cols, hole % cols
            for direction in range(4):
                other = window_neighbour(hole, row, col, rows, cols, direction)
                if other < 0:
                    continue
                child = slide_packed(key, hole, other)
                if _find(slot_key, slot_node, slot_stamp, stamp, side, child) >= 0:
                    continue
                if count[side] == SIDE_STATES:
                    return -1
                at = count[side]
                node_key[side, at], node_parent[side, at] = child, node
                node_hole[side, at], node_depth[side, at] = other, depth[side] + 1
                _insert(slot_key, slot_node, slot_stamp, stamp, side, child, at)
                count[side] += 1
                across = _find(slot_key, slot_node, slot_stamp, stamp, 1 - side, child)
                if across >= 0 and depth[side] + 1 + node_depth[1 - side, across] < best:
                    best = depth[side] + 1 + node_depth[1 - side, across]
                    meet = child
        low[side] = layer_end
        depth[side] += 1
    if best >= limit:
        return -1
    if path.shape[0] > 0:
        # Holes from the start's side, meeting board back to the start, reversed; then the goal's side.
        node = _find(slot_key, slot_node, slot_stamp, stamp, 0, meet)
        length = node_depth[0, node]
        at = length - 1
        while node_parent[0, node] >= 0:
            path[at] = node_hole[0, node]
            at -= 1
            node = node_parent[0, node]
        node = _find(slot_key, slot_node, slot_stamp, stamp, 1, meet)
        at = length
        while node_parent[1, node] >= 0:
            node = node_parent[1, node]
            path[at] = node_hole[1, node]
            at += 1
    return best


@njit(cache=True, nogil=True)
def _pack(n, board, row0, col0, rows, cols):
    """A window's tile types, four bits a cell, and the empty square's window index (-1: none)."""
    key, hole = np.int64(0), -1
    for i in range(rows * cols):
        tile = np.int64(board[(row0 + i // cols) * n + col0 + i % cols])
        key |= tile << (4 * i)
        if tile == 0:
            hole = i
    return key, hole


@njit(cache=True, nogil=True)
def best_window(n, before, after, bounds, cells, limit, work, choice, stop):
    """The fewest slides (below ``limit``) from board ``before`` to ``after`` inside a window
    holding ``bounds`` (rows and columns of the cells that differ and of the empty square);
    the window goes into ``choice`` (row, col, rows, cols). -1: none found. A stop ends it
    with the best found so far."""
    top, bottom, left, right = bounds
    height, width = bottom - top + 1, right - left + 1
    best = -1
    no_path = np.empty(0, dtype=np.int64)
    longest = min(MAX_SIDE, n)
    for rows in range(height, longest + 1):
        for cols in range(width, longest + 1):
            # Only windows no allowed window holds: a path inside one is inside the larger one too.
            if (
                rows * cols > cells
                or rows < longest
                and (rows + 1) * cols <= cells
                or cols < longest
                and rows * (cols + 1) <= cells
            ):
                continue
            for row0 in range(max(0, bottom - rows + 1), min(top, n - rows) + 1):
                for col0 in range(max(0, right - cols + 1), min(left, n - cols) + 1):
                    if stop[0]:
                        return best
                    start, start_hole = _pack(n, before, row0, col0, rows, cols)
                    goal, goal_hole = _pack(n, after, row0, col0, rows, cols)
                    found = window_search(start, start_hole, goal, goal_hole, rows, cols, limit, work, no_path)
                    if found >= 0:
                        best, limit = found, found
                        choice[0], choice[1], choice[2], choice[3] = row0, col0, rows, cols
    return best


@njit(cache=True, nogil=True)
def window_slides(n, before, after, choice, slides, work, path, out, at):
    """The ``slides`` letters (into ``out[at:]``) from board ``before`` to ``after`` inside the
    window ``choice`` (row, col, rows, cols) that ``best_window`` found; ``path`` holds at least
    ``slides`` entries."""
    row0, col0, rows, cols = choice[0], choice[1], choice[2], choice[3]
    start, hole = _pack(n, before, row0, col0, rows, cols)
    goal, goal_hole = _pack(n, after, row0, col0, rows, cols)
    window_search(start, hole, goal, goal_hole, rows, cols, slides + 1, work, path)
    for step in range(slides):
        nxt = path[step]
        if nxt // cols == hole // cols:  # (a one-column window's hole - 1 is the cell above)
            out[at + step] = 0 if nxt < hole else 2
        else:
            out[at + step] = 1 if nxt < hole else 3
        hole = nxt


@njit(cache=True, nogil=True)
def _boards(n, start, moves, count):
    """Every board along the answer (tile types, one row each) and its empty square's cell."""
    boards = np.empty((count + 1, n * n), dtype=np.int8)
    empties = np.empty(count + 1, dtype=np.int64)
    board = start.copy()
    empty = 0
    for cell in range(n * n):
        if board[cell] == 0:
            empty = cell
    for t in range(count + 1):
        if t > 0:
            nxt = neighbour(n, empty, moves[t - 1])
            board[empty] = board[nxt]
            board[nxt] = 0
            empty = nxt
        for cell in range(n * n):
            boards[t, cell] = board[cell]
        empties[t] = empty
    return boards, empties


@njit(cache=True, nogil=True)
def _pass(n, start, moves, count, reach, cells, work, stop, touched):
    """One pass: the best set of non-overlapping shortcuts, spliced into ``moves``; the slides saved.

    Only stretches holding a board marked in ``touched`` are looked at; on return it marks the
    boards of the new answer's spliced stretches (elsewhere the boards are as the pass found them,
    so the next pass looks there only: on stored answers, the same shortcuts in 30% less time)."""
    boards, empties = _boards(n, start, moves, count)
    size = n * n
    saved = np.zeros(count + 1, dtype=np.int64)  # most slides saved by shortcuts ending by slide j
    chosen = np.full((count + 1, 6), -1, dtype=np.int64)  # at j: i, slides, row, col, rows, cols
    differs = np.zeros(size, dtype=np.bool_)
    choice = np.empty(4, dtype=np.int64)
    bounds = np.empty(4, dtype=np.int64)
    touched_before = np.zeros(count + 2, dtype=np.int64)  # boards touched before board t
    for t in range(count + 1):
        touched_before[t + 1] = touched_before[t] + touched[t]
    for j in range(1, count + 1):
        if stop[0]:
            return 0
        saved[j] = saved[j - 1]
        differs[:] = False
        different = 0
        for i in range(j - 1, max(-1, j - reach - 1), -1):
            # Board i differs from board i + 1 in two cells only.
            for cell in (empties[i], empties[i + 1]):
                now = boards[i, cell] != boards[j, cell]
                if now != differs[cell]:
                    different += 1 if now else -1
                    differs[cell] = now
            if j - i < 2 or different > cells or touched_before[j + 1] == touched_before[i]:
                continue
            limit = j - i + saved[i] - saved[j]  # a shortcut must take fewer slides than this to help
            if limit <= 0:
                continue
            if different == 0:
                found = 0
                choice[:] = 0
            else:
                bounds[0], bounds[1], bounds[2], bounds[3] = n, -1, n, -1
                for cell in range(size):
                    if differs[cell] or cell == empties[i]:
                        row, col = row_of(n, cell), col_of(n, cell)
                        bounds[0], bounds[1] = min(bounds[0], row), max(bounds[1], row)
                        bounds[2], bounds[3] = min(bounds[2], col), max(bounds[3], col)
                if (bounds[1] - bounds[0] + 1) * (bounds[3] - bounds[2] + 1) > cells:
                    continue
                found = best_window(n, boards[i], boards[j], bounds, cells, limit, work, choice, stop)
            if found >= 0:
                saved[j] = saved[i] + j - i - found
                chosen[j, 0], chosen[j, 1] = i, found
                copy_into(chosen[j, 2:], choice)
    touched[:] = False
    if saved[count] == 0:
        return 0
    # Walk back over the chosen shortcuts, writing the new moves from the end.
    out = np.empty(count, dtype=np.int64)
    at = count - saved[count]
    path = np.empty(reach, dtype=np.int64)  # (the longest shortcut is shorter than a stretch)
    j = count
    while j > 0:
        if saved[j] == saved[j - 1] or chosen[j, 0] < 0:
            at -= 1
            out[at] = moves[j - 1]
            j -= 1
            continue
        i, slides = chosen[j, 0], chosen[j, 1]
        if slides > 0:
            window_slides(n, boards[i], boards[j], chosen[j, 2:], slides, work, path, out, at - slides)
        touched[at - slides : at + 1] = True
        at -= slides
        j = i
    total = count - saved[count]
    copy_into(moves, out[:total])
    return saved[count]


@njit(cache=True, nogil=True)
def shorten(n, start, moves, count, reach, cells, stop):
    """Shortcuts spliced into ``moves[:count]`` (from board ``start``) until a pass saves nothing;
    the new count. Every board along the way but the replaced stretches' is kept, and the last
    board is the same tile type for tile type."""
    work = workspace()
    touched = np.ones(count + 1, dtype=np.bool_)  # the first pass looks everywhere
    for _ in range(PASSES):
        done = _pass(n, start, moves, count, reach, cells, work, stop, touched)
        if done == 0:
            break
        count -= done
    return count
