"""Randomized best-first search, after the author's editorial (seeds/004).

Open boards wait in one bucket per score (jumps made). Each step picks a
bucket at random with geometric preference for the highest ones (walking down
from the top, r *= ratio until r >= 1), pops its newest node and expands it.
Children unseen by the 64-bit Zobrist visited set become nodes storing only
their parent index and move, so a board is rebuilt from the last one expanded:
take back its jumps up to the common ancestor, then play the new node's.
Siblings are pushed worst first, so the best child by evaluation is popped
first. The node pool has a fixed capacity: when it is full the lowest bucket
is dropped; when only expanded nodes remain, the search restarts from the
start with new noise, keeping its best answer.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..base import FrontierEntry, Param, Progress, Solver
from ..kernels import copy_into
from .kernels import (
    jump_delta,
    jump_hash,
    jump_masks,
    key_value,
    list_masked,
    mask_size,
    mix64,
    next_uniform,
    play_masked,
    sort_key,
    table_add,
    table_has,
    undo_masked,
)
from .layout import WARM_UP_BOARD, facts, layout_of

# meta slots
USED, FREE, TOP, OPEN, EXPANDED, BEST, FILLED, DONE, LOSSY, RESTARTS, AT = range(11)
FREED = -1  # node depth of a slot on the free list
BYTES_PER_NODE = 28 + 2 * 8  # node arrays, plus the visited set at <= 50% load
MAX_LOAD = 0.7


@njit(cache=True, nogil=True)
def _pick(head, meta, rng, ratio):
    """The editorial's geometric choice among the non-empty buckets, -1 if none."""
    top = meta[TOP]
    while top >= 0 and head[top] < 0:
        top -= 1
    meta[TOP] = top
    r = next_uniform(rng)
    chosen = -1
    b = top
    while b >= 0:
        if head[b] >= 0:
            chosen = b
        b -= 1
        r *= ratio
        if r >= 1.0 and chosen != -1:
            break
    return chosen


@njit(cache=True, nogil=True)
def _drop_lowest(meta, head, nxt, ndepth, below):
    """Free the open nodes of the lowest non-empty bucket under ``below``."""
    for b in range(below):
        n = head[b]
        if n < 0:
            continue
        while n >= 0:
            following = nxt[n]
            ndepth[n] = FREED
            nxt[n] = meta[FREE]
            meta[FREE] = n
            meta[OPEN] -= 1
            n = following
        head[b] = -1
        meta[LOSSY] = 1
        return True
    return False


@njit(cache=True, nogil=True)
def _alloc(meta, head, nxt, ndepth, depth):
    if meta[FREE] < 0 and meta[USED] == nxt.shape[0]:
        _drop_lowest(meta, head, nxt, ndepth, depth)
    if meta[FREE] >= 0:
        n = meta[FREE]
        meta[FREE] = nxt[n]
        return n
    if meta[USED] < nxt.shape[0]:
        meta[USED] += 1
        return meta[USED] - 1
    return -1


@njit(cache=True, nogil=True)
def _rebuild_table(meta, table, nhash, ndepth):
    """The visited set is too full: keep only the boards still in the pool."""
    table[:] = 0
    meta[FILLED] = 0
    for n in range(meta[USED]):
        if ndepth[n] != FREED:
            table_add(table, nhash[n])
            meta[FILLED] += 1
    meta[LOSSY] = 1


@njit(cache=True, nogil=True)
def _restart(meta, head, nxt, parent, nhash, ndepth, nval, table, root_hash, root_val):
    head[:] = -1
    table[:] = 0
    parent[0] = -1
    nhash[0] = root_hash
    ndepth[0] = 0
    nval[0] = root_val
    nxt[0] = -1
    head[0] = 0
    table_add(table, root_hash)
    meta[USED] = 1
    meta[FREE] = -1
    meta[TOP] = 0
    meta[OPEN] = 1
    meta[FILLED] = 1


@njit(cache=True, nogil=True)
def _go_to(node, meta, parent, move, ndepth, grid, mask, path, on_path, climb, offs):
    """Turn grid (the board of node on_path[meta[AT]], reached by path[:meta[AT]]) into the
    board of ``node``. The nodes on the path were expanded, so no slot of them was reused."""
    at = meta[AT]
    m, dm, k = node, ndepth[node], 0
    while dm > at:
        climb[k] = m
        k += 1
        m = parent[m]
        dm -= 1
    while at > dm:
        at -= 1
        undo_masked(grid, mask, path[at], offs)
    while m != on_path[at]:
        climb[k] = m
        k += 1
        m = parent[m]
        at -= 1
        undo_masked(grid, mask, path[at], offs)
    while k > 0:
        k -= 1
        m = climb[k]
        play_masked(grid, mask, move[m], offs)
        path[at] = move[m]
        at += 1
        on_path[at] = m
    meta[AT] = at


@njit(cache=True, nogil=True)
def _back_to_root(meta, grid, mask, root, root_mask):
    for i in range(grid.shape[0]):  # explicit loops: numba's slice copies are much slower
        grid[i] = root[i]
    for i in range(mask.shape[0]):
        mask[i] = root_mask[i]
    meta[AT] = 0


@njit(cache=True, nogil=True)
def bf_slice(
    budget,
    meta,
    parent,
    move,
    nhash,
    ndepth,
    nval,
    nxt,
    head,
    table,
    best_path,
    grid,
    mask,
    mask_words,
    path,
    on_path,
    climb,
    jumps,
    ckey,
    chash,
    root,
    root_mask,
    seed,
    rng,
    ratio,
    pieces,
    width,
    offs,
    zobrist,
    nb_score,
    cell_score,
    first,
    last,
    halt,
):
    """Expand up to ``budget`` nodes, fewer when another thread sets ``halt[0]``."""
    stop = meta[EXPANDED] + budget
    table_limit = np.int64(MAX_LOAD * table.shape[0])
    while meta[EXPANDED] < stop and meta[DONE] == 0 and halt[0] == 0:
        b = _pick(head, meta, rng, ratio)
        if b < 0:
            if meta[LOSSY] == 0:
                meta[DONE] = 1  # every reachable board was expanded
                break
            meta[RESTARTS] += 1
            _restart(meta, head, nxt, parent, nhash, ndepth, nval, table, nhash[0], nval[0])
            _back_to_root(meta, grid, mask, root, root_mask)
            continue
        node = head[b]
        head[b] = nxt[node]
        meta[OPEN] -= 1
        meta[EXPANDED] += 1
        depth = ndepth[node]
        _go_to(node, meta, parent, move, ndepth, grid, mask, path, on_path, climb, offs)
        salt = mix64(seed ^ np.uint64(meta[RESTARTS]))
        h = nhash[node]
        n = list_masked(mask_words, first, last, jumps)
        count = 0
        for i in range(n):
            child = jump_hash(h, jumps[i], offs, zobrist)
            if table_has(table, child):
                continue
            value = nval[node] + jump_delta(grid, jumps[i], width, offs, nb_score, cell_score)
            jumps[count] = jumps[i]
            chash[count] = child
            ckey[count] = sort_key(value, child, salt)
            count += 1
        restart = False
        for j in np.argsort(ckey[:count]):  # worst first: the best ends on top
            slot = _alloc(meta, head, nxt, ndepth, depth + 1)
            if slot < 0:
                restart = True  # only expanded nodes are left in the pool
                break
            table_add(table, chash[j])
            meta[FILLED] += 1
            parent[slot] = node
            move[slot] = jumps[j]
            nhash[slot] = chash[j]
            ndepth[slot] = depth + 1
            nval[slot] = key_value(ckey[j])
            nxt[slot] = head[depth + 1]
            head[depth + 1] = slot
            meta[OPEN] += 1
            meta[TOP] = max(meta[TOP], depth + 1)
            if depth + 1 > meta[BEST]:
                meta[BEST] = depth + 1
                copy_into(best_path, path[:depth])
                best_path[depth] = jumps[j]
        if meta[BEST] >= pieces - 1:
            meta[DONE] = 1
        elif restart:
            meta[RESTARTS] += 1
            meta[LOSSY] = 1
            _restart(meta, head, nxt, parent, nhash, ndepth, nval, table, nhash[0], nval[0])
            _back_to_root(meta, grid, mask, root, root_mask)
        elif meta[FILLED] > table_limit:
            _rebuild_table(meta, table, nhash, ndepth)


class BestFirstSolver(Solver):
    name = "best-first"
    resumable = True  # bf_slice may stop after any expansion
    description = (
        "Randomized best-first search from the author's editorial: one bucket per "
        "number of jumps, geometric random choice among the top buckets, 64-bit "
        "Zobrist visited set; children ordered by evaluation."
    )
    params = (
        Param(
            "ratio",
            float,
            1.45,
            1.01,
            100.0,
            "geometric factor of the bucket choice (higher: stay nearer the top)",
            label="Depth preference",
            turn="Higher: stays near the deepest boards (greedy, a first answer sooner); lower: spreads the "
            "effort over more boards (broader, slower to go deep).",
        ),
        Param(
            "max_nodes",
            int,
            16_000_000,
            1_000,
            64_000_000,
            f"node pool capacity (about {BYTES_PER_NODE} bytes per node)",
            label="Node pool size",
            turn="Higher: the search runs longer before the pool is full, but takes more memory; lower it "
            "when memory is short.",
        ),
    )

    def __init__(self, puzzle, view, seed=0, **params):
        super().__init__(puzzle, view, seed, **params)
        _, state = view
        self.layout = lay = layout_of(state)
        cap = self.settings["max_nodes"]
        depth_slots = max(lay.pieces, 1)
        children = 8 * lay.pieces + 8
        self.meta = np.zeros(11, dtype=np.int64)
        self.parent = np.empty(cap, dtype=np.int32)
        self.move = np.empty(cap, dtype=np.int32)
        self.nhash = np.empty(cap, dtype=np.uint64)
        self.ndepth = np.empty(cap, dtype=np.int32)
        self.nval = np.empty(cap, dtype=np.int32)
        self.nxt = np.empty(cap, dtype=np.int32)
        self.head = np.full(depth_slots + 1, -1, dtype=np.int32)
        self.table = np.zeros(1 << int(2 * cap - 1).bit_length(), dtype=np.uint64)
        self.best_path = np.zeros(depth_slots, dtype=np.int32)
        self.grid = lay.root.copy()
        self.root_mask = np.zeros(mask_size(lay.root.shape[0]), dtype=np.uint8)
        jump_masks(lay.root, lay.offs, lay.first, lay.last, self.root_mask)
        self.mask = self.root_mask.copy()
        self.mask_words = self.mask.view(np.uint64)
        self.path = np.zeros(depth_slots, dtype=np.int32)  # the jumps that made grid
        self.on_path = np.zeros(depth_slots + 1, dtype=np.int32)  # the nodes along them
        self.climb = np.zeros(depth_slots + 1, dtype=np.int32)
        self.jumps = np.zeros(children, dtype=np.int32)
        self.ckey = np.zeros(children, dtype=np.int64)
        self.chash = np.zeros(children, dtype=np.uint64)
        self.seed_salt = np.uint64(mix64(np.uint64(seed & (2**64 - 1))))
        self.rng = np.array([self.seed_salt], dtype=np.uint64)
        _restart(
            self.meta,
            self.head,
            self.nxt,
            self.parent,
            self.nhash,
            self.ndepth,
            self.nval,
            self.table,
            lay.root_hash,
            lay.root_score,
        )
        if lay.pieces <= 1:
            self.meta[DONE] = 1

    @classmethod
    def warm_up(cls) -> None:
        cls(None, (WARM_UP_BOARD, WARM_UP_BOARD), max_nodes=1000).run_slice(50)

    def run_slice(self, max_expansions: int) -> Progress:
        lay = self.layout
        bf_slice(
            max_expansions,
            self.meta,
            self.parent,
            self.move,
            self.nhash,
            self.ndepth,
            self.nval,
            self.nxt,
            self.head,
            self.table,
            self.best_path,
            self.grid,
            self.mask,
            self.mask_words,
            self.path,
            self.on_path,
            self.climb,
            self.jumps,
            self.ckey,
            self.chash,
            lay.root,
            self.root_mask,
            self.seed_salt,
            self.rng,
            self.settings["ratio"],
            lay.pieces,
            lay.width,
            lay.offs,
            lay.zobrist,
            lay.nb_score,
            lay.cell_score,
            lay.first,
            lay.last,
            self.stop_flag,
        )
        m = self.meta
        return Progress(int(m[EXPANDED]), int(m[BEST]), int(m[OPEN]), bool(m[DONE]))

    def best_moves(self):
        return self.layout.jumps(self.best_path[: self.meta[BEST]])

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        entries: list[FrontierEntry] = []
        for bucket in range(int(self.meta[TOP]), -1, -1):
            node = int(self.head[bucket])
            while node >= 0 and len(entries) < limit:
                entries.append(
                    FrontierEntry(
                        float(self.nval[node]),
                        bucket,
                        self.layout.jumps(self._path_to(node)),
                        facts(self.layout, bucket),
                    )
                )
                node = int(self.nxt[node])
            if len(entries) >= limit:
                break
        return entries

    def _path_to(self, node: int) -> list[int]:
        codes = []
        while self.parent[node] >= 0:
            codes.append(int(self.move[node]))
            node = int(self.parent[node])
        return codes[::-1]
