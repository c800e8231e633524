"""Grid helpers shared by the ahc011 kernels: a seeded RNG, moves, tree checks.

Boards are flat int64 arrays of tile masks (1 left, 2 up, 4 right, 8 down, 0
empty), row-major. Moves are the contest letters as 0..3 = L, U, R, D: the
direction the EMPTY square goes, as in the answer file.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit
from workbench.puzzles.ahc011.formats import MAX_SIDE

LETTERS = "LURD"
# Stub bit on the side a move of the empty square goes toward, and its opposite.
SIDE_BIT = np.array([1, 2, 4, 8], dtype=np.int64)
OPPOSITE_BIT = np.array([4, 8, 1, 2], dtype=np.int64)
# ROW[n, cell] = cell // n and COLUMN[n, cell] = cell % n for every board side the formats
# allow, constants numba freezes into the kernels: a division by a runtime n costs more than
# the rest of a slide or of a distance (row_of, col_of, manhattan).
ROW = np.zeros((MAX_SIDE + 1, MAX_SIDE * MAX_SIDE), dtype=np.uint8)
COLUMN = np.zeros_like(ROW)
for _n in range(1, MAX_SIDE + 1):
    ROW[_n, : _n * _n], COLUMN[_n, : _n * _n] = np.divmod(np.arange(_n * _n), _n)


@njit(cache=True, nogil=True)
def next_random(rng):
    """xorshift64*: a private stream, so results never depend on thread or slicing."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return (x * np.uint64(2685821657736338717)) >> np.uint64(11)


@njit(cache=True, nogil=True)
def random_below(rng, bound):
    return np.int64(next_random(rng) % np.uint64(bound))


@njit(cache=True, nogil=True)
def random_unit(rng):
    return np.float64(next_random(rng)) / 9007199254740992.0  # 2^53


@njit(cache=True, nogil=True)
def seed_stream(rng, seed, stream):
    """Independent streams per (seed, stream) from one splitmix64 step."""
    z = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(stream) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    rng[0] = z | np.uint64(1)  # xorshift must not start at zero


@njit(cache=True, nogil=True)
def row_of(n, cell):
    return np.int64(ROW[np.uint64(n), np.uint64(cell)])  # unsigned: no negative-index wraparound


@njit(cache=True, nogil=True)
def col_of(n, cell):
    return np.int64(COLUMN[np.uint64(n), np.uint64(cell)])


@njit(cache=True, nogil=True)
def manhattan(n, a, b):
    """Steps between cells ``a`` and ``b``."""
    return abs(row_of(n, a) - row_of(n, b)) + abs(col_of(n, a) - col_of(n, b))


@njit(cache=True, nogil=True)
def neighbour(n, cell, direction):
    """The cell next to ``cell`` in ``direction`` (0..3 = L, U, R, D), or -1 off the board."""
    # Up and down need no column; left and right read it from a constant table, as the
    # reference engine does: a division by a runtime n sat on every slide's dependency chain
    # (0.80x the reference's slides/s with a 32-bit remainder, 1.0x with the table).
    if direction == 1:
        return cell - n if cell >= n else -1
    if direction == 3:
        return cell + n if cell + n < n * n else -1
    col = col_of(n, cell)
    if direction == 0:
        return cell - 1 if col > 0 else -1
    return cell + 1 if col + 1 < n else -1


@njit(cache=True, nogil=True)
def window_neighbour(hole, row, col, rows, cols, direction):
    """The index next to ``hole`` (at ``row``, ``col``: the caller divides once for four
    directions) in ``direction`` (0..3 = L, U, R, D) inside a rows x cols window, or -1 off it."""
    if direction == 0:
        return hole - 1 if col > 0 else -1
    if direction == 1:
        return hole - cols if row > 0 else -1
    if direction == 2:
        return hole + 1 if col < cols - 1 else -1
    return hole + cols if row < rows - 1 else -1


@njit(cache=True, nogil=True)
def slide_packed(key, hole, other):
    """A window's tile types packed four bits a cell, once the tile at ``other`` slides into the
    empty square at ``hole``."""
    tile = (key >> (4 * other)) & 15
    return key & ~(np.int64(15) << (4 * other)) | (tile << (4 * hole))


@njit(cache=True, nogil=True)
def tree_size(n, board, work):
    """S: the tiles of the largest connected component without a cycle (0 when none).

    ``work`` is int32 scratch of at least 2 * n * n. One pass marks each cell's matched
    edges (bit per side), then one DFS per component counts vertices and the degree sum;
    a component is a tree when edges = vertices - 1. Indices are unsigned: numba then
    skips its negative-index wraparound on every load and store of this hot loop.
    """
    size = np.uint64(n * n)
    un = np.uint64(n)
    one = np.uint64(1)
    matched = work[:size]  # bits 0-3: matched sides (L, U, R, D); bit 4: seen
    stack = work[size : 2 * size]
    # One pass in reading order: a cell's left and upper sides were decided by the cells
    # before it (the left one's R bit, the upper one's D bit), its right and lower sides now.
    cell = np.uint64(0)
    for row in range(un):
        left = 0
        for col in range(un):
            t = board[cell]
            m = left | (16 if t == 0 else 0)  # the empty square counts as seen
            if row > 0 and matched[cell - un] & 8:
                m |= 2
            left = 0
            if col + one < un and t & 4 and board[cell + one] & 1:
                m |= 4
                left = 1
            if row + one < un and t & 8 and board[cell + un] & 2:
                m |= 8
            matched[cell] = m
            cell += one
    best = 0
    for start in range(size):
        if matched[start] & 16:
            continue
        matched[start] |= 16
        stack[0] = start
        top = one
        vertices = 0
        degrees = 0
        while top > 0:
            top -= one
            c = np.uint64(stack[top])
            vertices += 1
            m = matched[c]
            degrees += (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1)
            if m & 1 and not matched[c - one] & 16:
                matched[c - one] |= 16
                stack[top] = c - one
                top += one
            if m & 2 and not matched[c - un] & 16:
                matched[c - un] |= 16
                stack[top] = c - un
                top += one
            if m & 4 and not matched[c + one] & 16:
                matched[c + one] |= 16
                stack[top] = c + one
                top += one
            if m & 8 and not matched[c + un] & 16:
                matched[c + un] |= 16
                stack[top] = c + un
                top += one
        if degrees == 2 * (vertices - 1) and vertices > best:
            best = vertices
    return best


@njit(cache=True, nogil=True)
def _root(parent, cell):
    while parent[cell] != cell:
        parent[cell] = parent[parent[cell]]
        cell = parent[cell]
    return cell


@njit(cache=True, nogil=True)
def is_full_tree(n, board):
    """All n*n - 1 tiles connected by exactly n*n - 2 matched edges (so no cycle)."""
    edges = 0
    for cell in range(n * n):
        if col_of(n, cell) + 1 < n and board[cell] & 4 and board[cell + 1] & 1:
            edges += 1
        if cell + n < n * n and board[cell] & 8 and board[cell + n] & 2:
            edges += 1
    if edges != n * n - 2:
        return False
    parent = np.arange(n * n)
    for cell in range(n * n):
        if col_of(n, cell) + 1 < n and board[cell] & 4 and board[cell + 1] & 1:
            a, b = _root(parent, cell), _root(parent, cell + 1)
            if a == b:
                return False
            parent[b] = a
        if cell + n < n * n and board[cell] & 8 and board[cell + n] & 2:
            a, b = _root(parent, cell), _root(parent, cell + n)
            if a == b:
                return False
            parent[b] = a
    return True


@njit(cache=True, nogil=True)
def cancel_back_and_forth(moves, count):
    """Drop adjacent opposite pairs (LR, UD...) in place; they leave the board unchanged."""
    kept = 0
    for i in range(count):
        m = moves[i]
        if kept > 0 and moves[kept - 1] == (m + 2) % 4:
            kept -= 1
        else:
            moves[kept] = m
            kept += 1
    return kept


@njit(cache=True, nogil=True)
def empty_cell(board):
    """The empty square's cell (-1: none)."""
    for cell in range(board.shape[0]):
        if board[cell] == 0:
            return cell
    return -1


@njit(cache=True, nogil=True)
def first_full_tree(n, start, moves, count):
    """The length of the shortest prefix of ``moves`` that leaves a full tree, or -1."""
    board = start.copy()
    empty = 0
    for cell in range(n * n):
        if board[cell] == 0:
            empty = cell
    if is_full_tree(n, board):
        return 0
    for i in range(count):
        nxt = neighbour(n, empty, moves[i])
        board[empty] = board[nxt]
        board[nxt] = 0
        empty = nxt
        if is_full_tree(n, board):
            return i + 1
    return -1
