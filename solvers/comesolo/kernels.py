"""Numba building blocks shared by the comesolo searches.

A position is a flat uint8 grid with a 2-cell frame of WALL around the board,
so a jump from any board cell can test its over and landing cells without
bounds checks (a wall is neither a piece nor empty). A jump is coded as
``cell * 8 + direction`` with the direction in the editorial order. The legal
jumps are kept as a set of bits updated by each jump (see jump_masks).

Evaluation is a sum over pieces of ``cell_score[cell] + nb_score[neighbours]``
(neighbours = pieces among the 8 adjacent cells). Every term depends only on a
piece's 3x3 surroundings, so a jump changes it only within the 5x5 box around
the jumped cell, which makes the change of a child cheap to compute exactly.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import mix64, next_uniform  # noqa: F401 (the search modules import them from here)
from ..kernels import popcount as _popcount
from ..kernels import trailing_zeros as _trailing_zeros

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
def jump_hash(board_hash, code, offs, zobrist):
    x = code >> 3
    off = offs[code & 7]
    return board_hash ^ zobrist[x] ^ zobrist[x + off] ^ zobrist[x + 2 * off]


# The legal-move set: mask[c] bit d is set when jump c*8+d is legal. Read as uint64 words
# (little-endian, as on x86 and ARM), bit b of word i is then jump code i*64+b, so listing
# the legal jumps in code order is a walk over the set bits. A jump changes three cells, and bit d of cell c
# reads only c, c+o and c+2o (o = offs[d]), so play/undo rewrite just the bits that read
# a changed cell instead of rescanning the board.
@njit(cache=True, nogil=True)
def mask_size(cells):
    """Length of a mask array for a padded grid of ``cells`` cells (whole uint64 words)."""
    return (cells + 7) // 8 * 8


@njit(cache=True, nogil=True, inline="always")
def _legal(grid, c, o):
    # & on the three tests: no unpredictable short-circuit branches
    return (grid[c] == PIECE) & (grid[c + o] == PIECE) & (grid[c + 2 * o] == EMPTY)


@njit(cache=True, nogil=True)
def _cell_mask(grid, c, offs):
    m = 0
    for d in range(8):
        m |= np.int64(_legal(grid, c, offs[d])) << d
    return np.uint8(m)


@njit(cache=True, nogil=True)
def jump_masks(grid, offs, first, last, mask):
    """Fill mask (length mask_size(grid.size)) from scratch for the cells [first, last)."""
    mask[:] = 0
    for c in range(first, last):
        if grid[c] == PIECE:
            mask[c] = _cell_mask(grid, c, offs)


@njit(cache=True, nogil=True)
def list_masked(words, first, last, out):
    """Write the codes of all legal jumps into out (int32) in increasing code order (by cell,
    then direction); return how many. ``words`` is the mask viewed as uint64
    (``mask.view(np.uint64)``, made once by the caller: a view inside costs a call and
    reference counting each time, ~15% of a listing)."""
    n = np.uint64(0)  # unsigned: no negative-index wraparound in the store
    for i in range(first >> 3, (last + 7) >> 3):
        w = words[i]
        base = np.int32(i * 64)
        while w:
            out[n] = base + np.int32(_trailing_zeros(w))
            n += np.uint64(1)
            w &= w - np.uint64(1)
    return np.int64(n)


@njit(cache=True, nogil=True, inline="always")
def _emptied(grid, mask, q, offs):
    """Cell q became empty: no jump starts on or passes over it; one may land on it."""
    mask[q] = 0
    for d in range(8):
        o = offs[d]
        keep = np.uint8(255 ^ (1 << d))
        mask[q - o] &= keep
        c = q - 2 * o
        mask[c] = (mask[c] & keep) | (np.uint8((grid[c] == PIECE) & (grid[c + o] == PIECE)) << d)


@njit(cache=True, nogil=True, inline="always")
def _filled(grid, mask, q, offs):
    """Cell q got a piece: no jump lands on it; jumps may start on it or pass over it."""
    for d in range(8):
        o = offs[d]
        keep = np.uint8(255 ^ (1 << d))
        mask[q - 2 * o] &= keep
        c = q - o
        mask[c] = (mask[c] & keep) | (np.uint8((grid[c] == PIECE) & (grid[q + o] == EMPTY)) << d)
    mask[q] = _cell_mask(grid, q, offs)


@njit(cache=True, nogil=True)
def play_masked(grid, mask, code, offs):
    """Play jump ``code`` and keep mask up to date (each rewritten bit is recomputed from the
    new grid, so the order of the updates does not matter)."""
    x = code >> 3
    off = offs[code & 7]
    grid[x] = EMPTY
    grid[x + off] = EMPTY
    grid[x + 2 * off] = PIECE
    _emptied(grid, mask, x, offs)
    _emptied(grid, mask, x + off, offs)
    _filled(grid, mask, x + 2 * off, offs)


@njit(cache=True, nogil=True)
def undo_masked(grid, mask, code, offs):
    """Take back jump ``code`` (the last one played on grid) and keep mask up to date."""
    x = code >> 3
    off = offs[code & 7]
    grid[x] = PIECE
    grid[x + off] = PIECE
    grid[x + 2 * off] = EMPTY
    _filled(grid, mask, x, offs)
    _filled(grid, mask, x + off, offs)
    _emptied(grid, mask, x + 2 * off, offs)


# Random playouts pick one legal jump at random instead of listing them all: the set bits
# are also counted per block of 64 cells (counts), so the k-th legal jump in code
# order is found by skipping whole blocks, then whole words, then bits. A jump rewrites the
# bits that read its three cells (each cell's own byte, and 16 bits around it), keeping the
# block counts exact as it writes.
BLOCK_SHIFT = 6  # 64 cells = 8 mask words a block
WORD_SHIFT = 3  # 8 cells a mask word


@njit(cache=True, nogil=True)
def count_size(cells):
    """Length of a counts array for a padded grid of ``cells`` cells."""
    return (cells >> BLOCK_SHIFT) + 1


@njit(cache=True, nogil=True)
def count_masks(mask, counts):
    """Fill counts from mask; return the number of legal jumps."""
    counts[:] = 0
    total = 0
    for c in range(mask.shape[0]):
        n = np.int64(_popcount(mask[c]))
        counts[c >> BLOCK_SHIFT] += n
        total += n
    return total


@njit(cache=True, nogil=True, inline="always")
def _rewrite_bit(grid, mask, counts, c, o, d):
    """Recompute bit d of cell c; return its change. Unsigned indices: numba then skips
    its negative-index wraparound on each of these hot loads and stores."""
    c = np.uint64(c)
    bit = np.int64((grid[c] == PIECE) & (grid[c + np.uint64(o)] == PIECE) & (grid[c + np.uint64(2 * o)] == EMPTY))
    old = (np.int64(mask[c]) >> d) & 1
    mask[c] ^= np.uint8((old ^ bit) << d)
    counts[c >> np.uint64(BLOCK_SHIFT)] += bit - old
    return bit - old


@njit(cache=True, nogil=True, inline="always")
def _recount_around(grid, mask, counts, q, offs):
    """Rewrite every mask bit that reads cell q (whose content changed); return the change in
    the number of legal jumps."""
    u = np.uint64(q)
    piece = np.int64(grid[u] == PIECE)
    byte = 0
    change = 0
    for d in range(8):
        o = offs[d]
        step = np.uint64(o)
        # q's own jumps as a whole byte (from q over q+o onto q+2o)
        byte |= (piece & np.int64(grid[u + step] == PIECE) & np.int64(grid[u + step + step] == EMPTY)) << d
        change += _rewrite_bit(grid, mask, counts, q - o, o, d)
        change += _rewrite_bit(grid, mask, counts, q - 2 * o, o, d)
    old = np.int64(mask[u])
    mask[u] = np.uint8(byte)
    delta = np.int64(_popcount(np.uint8(byte))) - np.int64(_popcount(np.uint8(old)))
    counts[u >> np.uint64(BLOCK_SHIFT)] += delta
    return change + delta


@njit(cache=True, nogil=True)
def play_counted(grid, mask, counts, code, offs):
    """Play jump ``code`` keeping mask and counts exact; return the change in the number of
    legal jumps."""
    x = code >> 3
    off = offs[code & 7]
    grid[x] = EMPTY
    grid[x + off] = EMPTY
    grid[x + 2 * off] = PIECE
    return (
        _recount_around(grid, mask, counts, x, offs)
        + _recount_around(grid, mask, counts, x + off, offs)
        + _recount_around(grid, mask, counts, x + 2 * off, offs)
    )


@njit(cache=True, nogil=True)
def pick_jump(words, counts, k):
    """The code of the k-th (from 0) legal jump in code order; k < the number of legal jumps."""
    block = 0
    while k >= counts[block]:
        k -= counts[block]
        block += 1
    i = block << (BLOCK_SHIFT - WORD_SHIFT)
    while True:
        w = words[i]
        n = np.int64(_popcount(w))
        if k < n:
            for _ in range(k):
                w &= w - np.uint64(1)
            return np.int64(i * 64) + np.int64(_trailing_zeros(w))
        k -= n
        i += 1


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
def move_counts(counts, code, offs):
    """Update the neighbour counts for jump ``code`` (played before or after, the grid is
    not read)."""
    x = code >> 3
    off = offs[code & 7]
    y = x + off
    z = y + off
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
