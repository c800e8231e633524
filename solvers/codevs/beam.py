"""The beam kernel of one turn's plan (the write-up's method).

From the turn's root field, each level tries the 36 drops of the next pack on
every kept node, drops children already seen (Zobrist hash), keys them with
``kernels.evaluate`` and keeps the ``width`` best. A child whose drop fires a
chain is a fire plan worth ``ojama * discount^-depth``; the best one seen is
kept with its path. Each node carries its ojama stock, so rows of ojama fall
in the plan where the engine drops them (an editor's start stock, a case's
incoming schedule). The skill is not searched. All state lives in numpy arrays,
so the kernel can stop after any expansion and resume there; ``meta[DONE]``
says the plan is final.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import argsort_descending_into, mix64, stamped_set_add
from .kernels import NODE, copy_node, evaluate, field_hash, play_turn

# meta slots
CUR, DEPTH, SLOT, COUNT, NCAND, EXPANDED, STAMP, DONE, MAX_DEPTH, FIRE_DEPTH, FIRE_CHAIN = range(11)
META = 11
DROPS = 36  # column x 0..8, rotation r 0..3: move code x * 4 + r


@njit(cache=True, nogil=True)
def start_plan(meta, nodes, stocks, root, root_stock, max_depth):
    meta[CUR] = 0
    meta[DEPTH] = 0
    meta[SLOT] = 0
    meta[COUNT] = 1
    meta[NCAND] = 0
    meta[STAMP] += 1
    meta[DONE] = 0
    meta[MAX_DEPTH] = max_depth
    meta[FIRE_DEPTH] = 0
    meta[FIRE_CHAIN] = 0
    copy_node(nodes[0, 0], root)  # a loop: a slice assignment compiles numba's error messages
    stocks[0, 0] = root_stock


@njit(cache=True, nogil=True)
def path_to(hist_par, hist_move, depth, slot, out):
    """The move codes from the root to ``slot`` of level ``depth`` into out[:depth]."""
    for level in range(depth, 0, -1):
        out[level - 1] = hist_move[level, slot]
        slot = hist_par[level, slot]


@njit(cache=True, nogil=True)
def _next_level(
    meta,
    nodes,
    stocks,
    node_keys,
    ckey,
    cpar,
    cmove,
    hist_par,
    hist_move,
    packs,
    incoming,
    ojama_of,
    width,
    dirty,
    marks,
):
    n = meta[NCAND]
    order = np.empty(n, dtype=np.int64)
    argsort_descending_into(ckey, n, order)
    order = order[:width]
    cur = meta[CUR]
    nxt = 1 - cur
    depth = meta[DEPTH] + 1
    for j in range(order.shape[0]):
        c = order[j]
        child = nodes[nxt, j]
        copy_node(child, nodes[cur, cpar[c]])
        _, stocks[nxt, j] = play_turn(
            child,
            stocks[cur, cpar[c]],
            incoming[depth - 1],
            packs[depth - 1, cmove[c] & 3],
            cmove[c] >> 2,
            ojama_of,
            dirty,
            marks,
        )
        node_keys[nxt, j] = ckey[c]
        hist_par[depth, j] = cpar[c]
        hist_move[depth, j] = cmove[c]
    meta[CUR] = nxt
    meta[DEPTH] = depth
    meta[SLOT] = 0
    meta[COUNT] = order.shape[0]
    meta[NCAND] = 0
    meta[STAMP] += 1


@njit(cache=True, nogil=True)
def plan_slice(
    budget,
    meta,
    fire_value,
    nodes,
    stocks,
    node_keys,
    ckey,
    cpar,
    cmove,
    set_keys,
    set_stamps,
    hist_par,
    hist_move,
    fire_path,
    packs,
    incoming,
    ojama_of,
    discount,
    width,
    zobrist,
    child,
    scratch,
    dirty,
    marks,
    halt,
):
    """Expand up to ``budget`` nodes, fewer when another thread sets ``halt[0]`` (the
    state stays whole: the next call resumes where this one stopped). ``packs[d, r]`` is the pack of
    depth d turned r times, ``incoming[d]`` the ojama that joins the stock before it."""
    stop = meta[EXPANDED] + budget
    while meta[EXPANDED] < stop and meta[DONE] == 0 and halt[0] == 0:
        cur = meta[CUR]
        slot = meta[SLOT]
        depth = meta[DEPTH]
        parent = nodes[cur, slot]
        weight = discount ** -(depth + 1)
        for move in range(DROPS):
            copy_node(child, parent)
            chains, stock = play_turn(
                child, stocks[cur, slot], incoming[depth], packs[depth, move & 3], move >> 2, ojama_of, dirty, marks
            )
            if chains < 0:
                continue
            # Before the dedup: one field can be reached by a bigger chain than the first seen.
            if chains > 0 and ojama_of[chains] * weight > fire_value[0]:
                fire_value[0] = ojama_of[chains] * weight
                path_to(hist_par, hist_move, depth, slot, fire_path)
                fire_path[depth] = move
                meta[FIRE_DEPTH] = depth + 1
                meta[FIRE_CHAIN] = chains
            h = field_hash(child, zobrist) ^ mix64(np.uint64(stock + 1))
            if not stamped_set_add(set_keys, set_stamps, meta[STAMP], h):
                continue
            key = evaluate(child, h, scratch, dirty, marks)
            c = meta[NCAND]
            ckey[c] = key
            cpar[c] = slot
            cmove[c] = move
            meta[NCAND] = c + 1
        meta[EXPANDED] += 1
        meta[SLOT] = slot + 1
        if meta[SLOT] < meta[COUNT]:
            continue
        if meta[NCAND] == 0:
            meta[DONE] = 1  # every drop dies: the plan ends at this level
        else:
            _next_level(
                meta,
                nodes,
                stocks,
                node_keys,
                ckey,
                cpar,
                cmove,
                hist_par,
                hist_move,
                packs,
                incoming,
                ojama_of,
                width,
                dirty,
                marks,
            )
            if meta[DEPTH] >= meta[MAX_DEPTH]:
                meta[DONE] = 1


@njit(cache=True, nogil=True)
def leaf_path(meta, hist_par, hist_move, out):
    """The path to the best node of the deepest finished level; its length."""
    path_to(hist_par, hist_move, meta[DEPTH], 0, out)
    return meta[DEPTH]


# The arrays ``buffers`` makes, in the order plan_slice takes them.
PLAN_BUFFERS = (
    "nodes",
    "stocks",
    "node_keys",
    "ckey",
    "cpar",
    "cmove",
    "set_keys",
    "set_stamps",
    "hist_par",
    "hist_move",
    "fire_path",
)


def buffers(width: int, max_depth: int) -> dict:
    capacity = DROPS * width
    set_size = 1 << int(2 * capacity).bit_length()
    return dict(
        nodes=np.zeros((2, width, NODE), dtype=np.int8),
        stocks=np.zeros((2, width), dtype=np.int64),
        node_keys=np.zeros((2, width), dtype=np.int64),
        ckey=np.zeros(capacity, dtype=np.int64),
        cpar=np.zeros(capacity, dtype=np.int32),
        cmove=np.zeros(capacity, dtype=np.int32),
        set_keys=np.zeros(set_size, dtype=np.uint64),
        set_stamps=np.zeros(set_size, dtype=np.int64),
        hist_par=np.zeros((max_depth + 1, width), dtype=np.int32),
        hist_move=np.zeros((max_depth + 1, width), dtype=np.int32),
        fire_path=np.zeros(max_depth + 1, dtype=np.int32),
    )
