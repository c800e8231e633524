"""Numba building blocks of the codevs search: a flat field, landing, chains, evaluation.

A node is one flat int8 array: the field with a frame of empty cells around it
(so the 8 neighbours of any cell are read without bounds checks; an empty cell
never pairs), column-major and bottom-up like the engine's ``Field``, followed
by the 10 column heights. Chains only look at cells that moved: a pair of two
blocks that both stayed put was already there, and was erased, the step before.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit
from workbench.puzzles.codevs.field import HEIGHT, VISIBLE, WIDTH, Field

COLS = WIDTH + 2  # a frame column each side
ROWS = HEIGHT + 2  # a frame row below the floor and above the highest transient row
CELLS = COLS * ROWS
HEIGHTS = CELLS  # node[HEIGHTS + x] is the height of column x
NODE = CELLS + WIDTH
NONE = 99  # "no dirty row" in a column
OJAMA_BLOCK = 11
OJAMA_ROW = WIDTH  # stock that makes one row of ojama fall
NEIGHBOURS = np.array([dx * ROWS + dy for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy], dtype=np.int64)
# Evaluation key fields, most significant first (the write-up's priority order).
HASH_BITS = 6
HALF = VISIBLE // 2  # a top block below half the field is not a risk worth scoring


def node_of(field: Field) -> np.ndarray:
    """The engine's field as a node."""
    node = np.zeros(NODE, dtype=np.int8)
    grid = field.array()
    for x in range(WIDTH):
        column = field.column(x)
        node[(x + 1) * ROWS + 1 : (x + 1) * ROWS + 1 + len(column)] = grid[x, : len(column)]
        node[HEIGHTS + x] = len(column)
    return node


def field_of(node: np.ndarray) -> Field:
    grid = node[:CELLS].reshape(COLS, ROWS)[1:-1, 1:-1]
    return Field.from_array(grid.astype(np.uint8))


def zobrist_table(seed: int) -> np.ndarray:
    """A random 64-bit word for every (cell, value 0..15), from a splitmix64 stream."""
    table = np.zeros(CELLS * 16, dtype=np.uint64)
    state = seed & (2**64 - 1)
    for i in range(table.shape[0]):
        state = (state + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        table[i] = z ^ (z >> 31)
    return table


@njit(cache=True, nogil=True, inline="always")
def at(x, y):
    return (x + 1) * ROWS + y + 1


@njit(cache=True, nogil=True, inline="always")
def copy_node(dst, src):
    """dst[:] = src as an explicit loop (numba's slice copy is many times slower on a node)."""
    for i in range(NODE):
        dst[i] = src[i]


@njit(cache=True, nogil=True)
def land(node, pack, x, dirty):
    """Stack a rotated pack's columns (left: c then a, right: d then b) on columns x, x+1."""
    for side in range(2):
        column = x + side
        h = node[HEIGHTS + column]
        dirty[column] = h
        for value in (pack[2 + side], pack[side]):
            if value:
                node[at(column, h)] = value
                h += 1
        node[HEIGHTS + column] = h


@njit(cache=True, nogil=True)
def resolve(node, dirty, marks):
    """Erase pairs and let blocks fall until none is left; the chain count.

    ``dirty[x]`` is the lowest row of column x whose block moved (NONE: none);
    ``marks`` is a CELLS-long scratch of zeros, left zeroed.
    """
    chains = 0
    # The lowest erased row per column lives in marks[0:WIDTH]: those are cells of the
    # left frame column, which is always empty and so is never marked (no allocation here).
    lowest = marks[:WIDTH]
    while True:
        erased = False
        for x in range(WIDTH):
            lowest[x] = NONE
        for x in range(WIDTH):
            top = node[HEIGHTS + x]
            for y in range(dirty[x], top):
                p = at(x, y)
                v = node[p]
                if v > 9:
                    continue
                for k in range(8):
                    q = p + NEIGHBOURS[k]
                    if node[q] + v == 10:
                        marks[p] = 1
                        marks[q] = 1
                        erased = True
                        qx = q // ROWS - 1
                        qy = q % ROWS - 1
                        if qy < lowest[qx]:
                            lowest[qx] = qy
                        if y < lowest[x]:
                            lowest[x] = y
        if not erased:
            for x in range(WIDTH):
                lowest[x] = 0
            return chains
        chains += 1
        for x in range(WIDTH):
            dirty[x] = NONE
            low = lowest[x]
            if low == NONE:
                continue
            top = node[HEIGHTS + x]
            write = at(x, low)
            for p in range(at(x, low), at(x, top)):
                if marks[p]:
                    marks[p] = 0
                else:
                    node[write] = node[p]
                    write += 1
            for p in range(write, at(x, top)):
                node[p] = 0
            height = write - at(x, 0)
            node[HEIGHTS + x] = height
            if low < height:
                dirty[x] = low


@njit(cache=True, nogil=True)
def drop(node, pack, x, dirty, marks):
    """Play a drop on ``node`` in place; the chain count, or -1 when the field dies."""
    for c in range(WIDTH):
        dirty[c] = NONE
    land(node, pack, x, dirty)
    chains = resolve(node, dirty, marks)
    for c in range(WIDTH):
        if node[HEIGHTS + c] > VISIBLE:
            return -1
    return chains


@njit(cache=True, nogil=True)
def play_turn(node, stock, incoming, pack, x, ojama_of, dirty, marks):
    """One turn on ``node`` in place, as the engine plays it: ``incoming`` joins the stock,
    a full row of ojama falls when the stock holds one, the pack drops, and the ojama the
    chains produce cancels the stock. Returns (chains or -1 when the field dies, stock)."""
    stock += incoming
    if stock >= OJAMA_ROW:
        stock -= OJAMA_ROW
        for c in range(WIDTH):
            h = node[HEIGHTS + c]
            node[at(c, h)] = OJAMA_BLOCK
            node[HEIGHTS + c] = h + 1
    chains = drop(node, pack, x, dirty, marks)
    if chains > 0:
        stock = max(0, stock - ojama_of[chains])
    return chains, stock


@njit(cache=True, nogil=True)
def field_hash(node, zobrist):
    h = np.uint64(0)
    for x in range(WIDTH):
        for y in range(node[HEIGHTS + x]):
            p = at(x, y)
            h ^= zobrist[p * 16 + node[p]]
    return h


@njit(cache=True, nogil=True)
def drop_alone(node, scratch, x, v, dirty, marks):
    """The chains block ``v`` fires dropped alone on column ``x`` of ``node`` (played on ``scratch``)."""
    h = node[HEIGHTS + x]
    copy_node(scratch, node)
    scratch[at(x, h)] = v
    scratch[HEIGHTS + x] = h + 1
    for c in range(WIDTH):
        dirty[c] = NONE
    dirty[x] = h
    return resolve(scratch, dirty, marks)


@njit(cache=True, nogil=True)
def candidate_chain(node, scratch, dirty, marks):
    """The longest chain one block could fire: every value that pairs with a neighbour
    of a column's landing cell, dropped alone on that column (the write-up's key)."""
    best = 0
    for x in range(WIDTH):
        h = node[HEIGHTS + x]
        if h >= VISIBLE:
            continue
        p = at(x, h)
        wanted = 0  # bit v: value v pairs with a neighbour
        for k in range(8):
            nb = node[p + NEIGHBOURS[k]]
            if 1 <= nb <= 9:
                wanted |= 1 << (10 - nb)
        for v in range(1, 10):
            if not wanted & (1 << v):
                continue
            chains = drop_alone(node, scratch, x, v, dirty, marks)
            if chains > best:
                best = chains
    return best


@njit(cache=True, nogil=True)
def evaluate(node, h, scratch, dirty, marks):
    """The sort key, higher is better, compared field by field in the write-up's order:
    the candidate chain, more blocks, fewer runs of blocks on the floor row, a lower top
    (only above half the field), then the low hash bits as a tie-break."""
    cand = candidate_chain(node, scratch, dirty, marks)
    blocks = 0
    top = 0
    runs = 0
    previous = False
    for x in range(WIDTH):
        height = node[HEIGHTS + x]
        blocks += height
        if height > top:
            top = height
        filled = height > 0
        if filled and not previous:
            runs += 1
        previous = filled
    risk = top - HALF if top > HALF else 0
    key = np.int64(cand)
    key = key * 256 + blocks
    key = key * 16 + (15 - runs)
    key = key * 16 + (15 - risk)
    return (key << HASH_BITS) + np.int64(h & np.uint64((1 << HASH_BITS) - 1))


def key_facts(key: int) -> tuple[int, int]:
    """(candidate chain, blocks) of an evaluation key."""
    rest = key >> HASH_BITS
    rest //= 16 * 16
    return rest // 256, rest % 256
