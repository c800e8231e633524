"""Numba building blocks shared by the comesolo searches.

A position is a flat uint8 grid with a 2-cell frame of WALL around the board,
so a jump from any board cell can test its over and landing cells without
bounds checks (a wall is neither a piece nor empty). A jump is coded as
``cell * 8 + direction`` with the direction in the editorial order.

Evaluation is a sum over pieces of ``cell_score[cell] + nb_score[neighbours]``
(neighbours = pieces among the 8 adjacent cells). Every term depends only on a
piece's 3x3 surroundings, so a jump changes it only within the 5x5 box around
the jumped cell, which makes the change of a child cheap to compute exactly.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels import mix64, next_uniform  # noqa: F401 (the search modules import them from here)

EMPTY, PIECE, WALL = 0, 1, 2
FRAME = 2
NOISE_BITS = 20  # low bits of a sort key: a seeded tie-break below one eval unit



@njit(cache=True, nogil=True)
def sort_key(value, child_hash, salt):
    """Higher is better; equal boards get equal keys, ties break by seeded noise."""
    noise = np.int64(mix64(child_hash ^ salt) >> np.uint64(64 - NOISE_BITS))
    return (np.int64(value) << NOISE_BITS) + noise


@njit(cache=True, nogil=True)
def key_value(key):
    return key >> NOISE_BITS


@njit(cache=True, nogil=True)
def play(grid, code, offs):
    x = code >> 3
    off = offs[code & 7]
    grid[x] = EMPTY
    grid[x + off] = EMPTY
    grid[x + 2 * off] = PIECE


@njit(cache=True, nogil=True)
def jump_hash(board_hash, code, offs, zobrist):
    x = code >> 3
    off = offs[code & 7]
    return board_hash ^ zobrist[x] ^ zobrist[x + off] ^ zobrist[x + 2 * off]


@njit(cache=True, nogil=True)
def list_jumps(grid, offs, first, last, out):
    """Write the codes of all legal jumps into out; return how many."""
    n = 0
    for x in range(first, last):
        if grid[x] != PIECE:
            continue
        for d in range(8):
            off = offs[d]
            if grid[x + off] == PIECE and grid[x + 2 * off] == EMPTY:
                out[n] = x * 8 + d
                n += 1
    return n


# Incremental legal-move set: mask[x] bit d is set when jump x*8+d is legal; row_count[r]
# is the number of legal jumps whose jumper is on padded row r. A jump changes three
# cells, so only the (cell, direction) pairs that read one of them need recomputing.
POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)
ROW_STEP = np.array([-1, -1, -1, 0, 0, 1, 1, 1], dtype=np.int64)  # row change of each direction


@njit(cache=True, nogil=True, inline="always")
def _legal(grid, x, off):
    return grid[x] == PIECE and grid[x + off] == PIECE and grid[x + 2 * off] == EMPTY


@njit(cache=True, nogil=True)
def jump_masks(grid, offs, width, first_row, rows, mask, row_count):
    """Fill mask and row_count for the board rows [first_row, first_row + rows); the total."""
    total = 0
    for r in range(first_row, first_row + rows):
        n = 0
        for x in range(r * width + FRAME, (r + 1) * width - FRAME):
            m = 0
            if grid[x] == PIECE:
                for d in range(8):
                    if _legal(grid, x, offs[d]):
                        m |= 1 << d
            mask[x] = m
            n += POPCOUNT[m]
        row_count[r] = n
        total += n
    return total


@njit(cache=True, nogil=True)
def list_masked(mask, row_count, width, first_row, rows, out):
    """list_jumps() from the legal-move set: the same codes in the same order, reading one
    byte per cell of the rows that have a legal jump; returns how many."""
    n = 0
    for r in range(first_row, first_row + rows):
        if row_count[r] == 0:
            continue
        for x in range(r * width + FRAME, (r + 1) * width - FRAME):
            m = np.int64(mask[x])
            while m:
                low = m & -m
                d = 0
                while low > 1:
                    low >>= 1
                    d += 1
                out[n] = x * 8 + d
                n += 1
                m &= m - 1
    return n


@njit(cache=True, nogil=True)
def nth_jump(mask, row_count, width, first_row, k):
    """The code of the k-th legal jump (0-based) in (row, column, direction) order."""
    r = first_row
    while k >= row_count[r]:
        k -= row_count[r]
        r += 1
    x = r * width + FRAME
    while True:
        pc = POPCOUNT[mask[x]]
        if k < pc:
            break
        k -= pc
        x += 1
    m = np.int64(mask[x])
    for _ in range(k):
        m &= m - 1
    d = 0
    while not m & (1 << d):
        d += 1
    return x * 8 + d


@njit(cache=True, nogil=True)
def play_masked(grid, mask, row_count, code, offs, width, first_row, total):
    """play() that keeps mask and row_count up to date; returns the new total of legal jumps.

    Bit d of cell c reads cells c, c + o, c + 2o (o = offs[d]), so for each changed
    cell q only bit d of q, q - o and q - 2o can change.
    """
    d0 = code & 7
    x = code >> 3
    off = offs[d0]
    grid[x] = EMPTY
    grid[x + off] = EMPTY
    grid[x + 2 * off] = PIECE
    row = x // width
    for i in range(3):
        q = x + i * off
        qrow = row + i * ROW_STEP[d0]
        for d in range(8):
            o = offs[d]
            step = ROW_STEP[d]
            bit = np.uint8(1 << d)
            for k in range(3):
                c = q - k * o
                # & on the three tests: no unpredictable short-circuit branches
                now = (grid[c] == PIECE) & (grid[c + o] == PIECE) & (grid[c + 2 * o] == EMPTY)
                was = (mask[c] & bit) != 0
                if now != was:
                    mask[c] ^= bit
                    delta = 1 if now else -1
                    row_count[qrow - k * step] += delta
                    total += delta
    return total


@njit(cache=True, nogil=True)
def piece_term(grid, p, offs, nb_score, cell_score):
    n = 0
    for d in range(8):
        if grid[p + offs[d]] == PIECE:
            n += 1
    return nb_score[n] + cell_score[p]


@njit(cache=True, nogil=True)
def box_score(grid, centre, width, offs, nb_score, cell_score):
    s = 0
    for dr in range(-2, 3):
        row = centre + dr * width
        for dc in range(-2, 3):
            p = row + dc
            if grid[p] == PIECE:
                s += piece_term(grid, p, offs, nb_score, cell_score)
    return s


@njit(cache=True, nogil=True)
def jump_delta(grid, code, width, offs, nb_score, cell_score):
    """How much the evaluation changes if jump ``code`` is played (grid restored)."""
    x = code >> 3
    off = offs[code & 7]
    y = x + off
    z = y + off
    before = box_score(grid, y, width, offs, nb_score, cell_score)
    grid[x] = EMPTY
    grid[y] = EMPTY
    grid[z] = PIECE
    after = box_score(grid, y, width, offs, nb_score, cell_score)
    grid[x] = PIECE
    grid[y] = PIECE
    grid[z] = EMPTY
    return after - before


@njit(cache=True, nogil=True)
def count_neighbours(grid, offs, first, last, counts):
    """counts[p] = pieces adjacent to p, for every p in [first, last)."""
    for p in range(first, last):
        n = 0
        for d in range(8):
            if grid[p + offs[d]] == PIECE:
                n += 1
        counts[p] = n


@njit(cache=True, nogil=True)
def play_counted(grid, counts, code, offs):
    """play() that also keeps the neighbour counts up to date."""
    x = code >> 3
    off = offs[code & 7]
    y = x + off
    z = y + off
    grid[x] = EMPTY
    grid[y] = EMPTY
    grid[z] = PIECE
    for d in range(8):
        o = offs[d]
        counts[x + o] -= 1
        counts[y + o] -= 1
        counts[z + o] += 1


@njit(cache=True, nogil=True)
def counted_delta(grid, counts, code, offs, nb_score, cell_score, box_offs, box_change):
    """jump_delta() from maintained neighbour counts, without touching the grid.

    box_change[d, i] is how the count of the cell at box_offs[i] from the
    jumped cell changes for a jump in direction d (0 for the jumper and the
    jumped cell, whose terms are removed whole).
    """
    d = code & 7
    x = code >> 3
    off = offs[d]
    y = x + off
    z = y + off
    delta = cell_score[z] + nb_score[counts[z] - 1]  # z loses y, x is two cells away
    delta -= cell_score[x] + nb_score[counts[x]] + cell_score[y] + nb_score[counts[y]]
    for i in range(box_offs.shape[0]):
        change = box_change[d, i]
        if change != 0:
            q = y + box_offs[i]
            if grid[q] == PIECE:
                delta += nb_score[counts[q] + change] - nb_score[counts[q]]
    return delta


@njit(cache=True, nogil=True)
def board_score(grid, offs, nb_score, cell_score, first, last):
    s = 0
    for p in range(first, last):
        if grid[p] == PIECE:
            s += piece_term(grid, p, offs, nb_score, cell_score)
    return s


@njit(cache=True, nogil=True)
def board_hash(grid, zobrist, first, last):
    h = np.uint64(0)
    for p in range(first, last):
        if grid[p] == PIECE:
            h ^= zobrist[p]
    return h


@njit(cache=True, nogil=True)
def table_add(table, h):
    """Insert h into an open-addressing set; False if it was already there."""
    key = h | np.uint64(1)  # 0 marks a free slot
    mask = np.uint64(table.shape[0] - 1)
    i = key & mask
    while table[i] != 0:
        if table[i] == key:
            return False
        i = (i + np.uint64(1)) & mask
    table[i] = key
    return True


@njit(cache=True, nogil=True)
def table_has(table, h):
    key = h | np.uint64(1)
    mask = np.uint64(table.shape[0] - 1)
    i = key & mask
    while table[i] != 0:
        if table[i] == key:
            return True
        i = (i + np.uint64(1)) & mask
    return False
