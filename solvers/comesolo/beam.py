"""Iterated beam search by depth (one level = one more jump).

Each level keeps the ``width`` best distinct boards by evaluation (duplicates
removed by hash, ties broken by seeded noise). A run ends when a level has no
child; the next run starts again from the start with a doubled width (up to the
maximum) and fresh noise, so the search is anytime. All state lives in numpy
arrays, so a slice can stop after any expansion and resume there.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..base import FrontierEntry, Param, Progress, Solver
from ..kernels import argsort_descending_into, copy_into, stamped_set_add
from .kernels import (
    count_neighbours,
    counted_delta,
    jump_hash,
    jump_masks,
    key_value,
    list_masked,
    mask_size,
    mix64,
    move_counts,
    play_masked,
    sort_key,
)
from .layout import WARM_UP_BOARD, facts, layout_of

# meta slots
CUR, DEPTH, SLOT, COUNT, NCAND, WIDTH, RUN, EXPANDED, BEST, DONE, STAMP, CUT, THRESH = range(13)
NO_THRESHOLD = np.iinfo(np.int64).min
BYTES_PER_WIDTH_AND_DEPTH = 8  # history: parent slot + move, int32 each


@njit(cache=True, nogil=True)
def _set_has(keys, stamps, stamp, h):
    mask = keys.shape[0] - 1
    i = np.int64(h & np.uint64(mask))
    while stamps[i] == stamp:
        if keys[i] == h:
            return True
        i = (i + 1) & mask
    return False


@njit(cache=True, nogil=True)
def _keep_best(meta, ckey, cpar, cmove, chash, keep):
    """Move the ``keep`` best candidates to the front, best first."""
    n = meta[NCAND]
    order = np.empty(n, dtype=np.int64)
    argsort_descending_into(ckey, n, order)
    order = order[:keep]
    k2, p2, m2, h2 = ckey[order], cpar[order], cmove[order], chash[order]
    kept = order.shape[0]
    copy_into(ckey, k2)
    copy_into(cpar, p2)
    copy_into(cmove, m2)
    copy_into(chash, h2)
    if kept < n:
        meta[CUT] = 1
    meta[NCAND] = kept


@njit(cache=True, nogil=True)
def _compact(meta, ckey, cpar, cmove, chash, set_keys, set_stamps):
    """Buffer full: keep the width best, raise the entry threshold, rebuild the set."""
    _keep_best(meta, ckey, cpar, cmove, chash, meta[WIDTH])
    kept = meta[NCAND]
    meta[THRESH] = ckey[kept - 1]
    meta[STAMP] += 1
    for i in range(kept):
        stamped_set_add(set_keys, set_stamps, meta[STAMP], chash[i])


@njit(cache=True, nogil=True)
def _trace_paths(hist_par, hist_move, depth, first, paths):
    """Row i of ``paths``: the move codes from the start to slot ``first + i`` at ``depth``."""
    for i in range(paths.shape[0]):
        s = first + i
        for level in range(depth, 0, -1):
            paths[i, level - 1] = hist_move[level, s]
            s = hist_par[level, s]


@njit(cache=True, nogil=True)
def _start_run(
    meta, boards, counts, masks, bhash, bval, root, root_counts, root_mask, root_hash, root_val, width_max, width_start
):
    run = meta[RUN] + 1
    meta[RUN] = run
    meta[WIDTH] = min(width_max, width_start << min(run, 40))
    meta[CUR] = 0
    copy_into(boards[0, 0], root)
    copy_into(counts[0, 0], root_counts)
    copy_into(masks[0, 0], root_mask)
    bhash[0, 0] = root_hash
    bval[0, 0] = root_val
    meta[DEPTH] = 0
    meta[SLOT] = 0
    meta[COUNT] = 1
    meta[NCAND] = 0
    meta[CUT] = 0
    meta[THRESH] = NO_THRESHOLD
    meta[STAMP] += 1


@njit(cache=True, nogil=True)
def _next_level(
    meta, boards, counts, masks, bhash, bval, ckey, cpar, cmove, chash, hist_par, hist_move, best_path, offs
):
    _keep_best(meta, ckey, cpar, cmove, chash, meta[WIDTH])
    cur = meta[CUR]
    nxt = 1 - cur
    depth = meta[DEPTH] + 1
    count = meta[NCAND]
    cells = boards.shape[2]
    for j in range(count):
        board, parent_board = boards[nxt, j], boards[cur, cpar[j]]
        nbc, parent_nbc = counts[nxt, j], counts[cur, cpar[j]]
        for p in range(cells):  # explicit loops: numba's slice copies are much slower
            board[p] = parent_board[p]
            nbc[p] = parent_nbc[p]
        legal, parent_legal = masks[nxt, j], masks[cur, cpar[j]]
        for p in range(legal.shape[0]):
            legal[p] = parent_legal[p]
        play_masked(board, legal, cmove[j], offs)
        move_counts(nbc, cmove[j], offs)
        bhash[nxt, j] = chash[j]
        bval[nxt, j] = key_value(ckey[j])
        hist_par[depth, j] = cpar[j]
        hist_move[depth, j] = cmove[j]
    meta[CUR] = nxt
    meta[DEPTH] = depth
    meta[SLOT] = 0
    meta[COUNT] = count
    meta[NCAND] = 0
    meta[THRESH] = NO_THRESHOLD
    meta[STAMP] += 1
    if depth > meta[BEST]:
        meta[BEST] = depth
        slot = 0
        for level in range(depth, 0, -1):
            best_path[level - 1] = hist_move[level, slot]
            slot = hist_par[level, slot]


@njit(cache=True, nogil=True)
def beam_slice(
    budget,
    meta,
    boards,
    counts,
    masks,
    mask_words,
    bhash,
    bval,
    ckey,
    cpar,
    cmove,
    chash,
    set_keys,
    set_stamps,
    hist_par,
    hist_move,
    best_path,
    jumps,
    root,
    root_counts,
    root_mask,
    root_hash,
    root_val,
    seed,
    width_max,
    width_start,
    pieces,
    offs,
    zobrist,
    nb_score,
    cell_score,
    box_offs,
    box_change,
    first,
    last,
    halt,
):
    """Expand up to ``budget`` boards, fewer when another thread sets ``halt[0]``."""
    stop = meta[EXPANDED] + budget
    capacity = ckey.shape[0]
    while meta[EXPANDED] < stop and meta[DONE] == 0 and halt[0] == 0:
        cur = meta[CUR]
        slot = meta[SLOT]
        grid = boards[cur, slot]
        nbc = counts[cur, slot]
        h = bhash[cur, slot]
        val = bval[cur, slot]
        salt = mix64(seed ^ mix64(np.uint64(meta[RUN] + 1)))
        n = list_masked(mask_words[cur, slot], first, last, jumps)
        if meta[NCAND] + n > capacity:
            _compact(meta, ckey, cpar, cmove, chash, set_keys, set_stamps)
        for i in range(n):
            code = jumps[i]
            child = jump_hash(h, code, offs, zobrist)
            if _set_has(set_keys, set_stamps, meta[STAMP], child):
                continue
            delta = counted_delta(grid, nbc, code, offs, nb_score, cell_score, box_offs, box_change)
            key = sort_key(val + delta, child, salt)
            if key < meta[THRESH]:
                continue
            stamped_set_add(set_keys, set_stamps, meta[STAMP], child)
            c = meta[NCAND]
            ckey[c] = key
            cpar[c] = slot
            cmove[c] = code
            chash[c] = child
            meta[NCAND] = c + 1
        meta[EXPANDED] += 1
        meta[SLOT] = slot + 1
        if meta[SLOT] < meta[COUNT]:
            continue
        if meta[NCAND] > 0:
            _next_level(
                meta, boards, counts, masks, bhash, bval, ckey, cpar, cmove, chash, hist_par, hist_move, best_path, offs
            )
            if meta[BEST] >= pieces - 1:
                meta[DONE] = 1
        elif meta[CUT] == 0:
            # No level was cut in this run, so it saw every reachable board.
            meta[DONE] = 1
        else:
            _start_run(
                meta,
                boards,
                counts,
                masks,
                bhash,
                bval,
                root,
                root_counts,
                root_mask,
                root_hash,
                root_val,
                width_max,
                width_start,
            )


class BeamSolver(Solver):
    name = "beam"
    resumable = True  # beam_slice may stop after any expansion
    description = (
        "Iterated beam search by depth: keeps the best boards at each number of "
        "jumps (evaluation: isolated, corner and edge pieces, crowding), restarting "
        "with a doubled width and new tie-break noise until the budget ends."
    )
    params = (
        Param(
            "width",
            int,
            2048,
            1,
            1 << 20,
            "largest beam width (boards kept per level)",
            label="Largest beam width",
            turn="Higher: better answers on big boards, more time and memory; lower: stops widening sooner.",
        ),
        Param(
            "start_width",
            int,
            64,
            1,
            1 << 20,
            "width of the first run; each run doubles it",
            label="First beam width",
            turn="Higher: the first answer comes later but is better; lower: a quick first answer, then "
            "better ones as the width doubles.",
        ),
        Param(
            "memory_mb",
            int,
            1500,
            16,
            16384,
            "memory cap; lowers the width on huge boards",
            label="Memory cap (MB)",
            turn="Higher: allows wider beams on huge boards; lower it on a machine with little memory.",
        ),
    )

    def __init__(self, puzzle, view, seed=0, **params):
        super().__init__(puzzle, view, seed, **params)
        _, state = view
        self.layout = lay = layout_of(state)
        depth_slots = max(lay.pieces, 1)
        cells = lay.root.shape[0]
        per_width = 4 * cells + 2 * mask_size(cells) + 2 * 16 + depth_slots * BYTES_PER_WIDTH_AND_DEPTH
        width_max = max(1, min(self.settings["width"], self.settings["memory_mb"] * 2**20 // per_width))
        self.width_max = width_max
        self.width_start = min(self.settings["start_width"], width_max)
        capacity = 2 * width_max + 8 * lay.pieces + 8
        set_size = 1 << int(2 * capacity - 1).bit_length()
        self.meta = np.zeros(13, dtype=np.int64)
        self.meta[RUN] = -1
        self.boards = np.zeros((2, width_max, cells), dtype=np.uint8)
        self.counts = np.zeros((2, width_max, cells), dtype=np.uint8)
        self.root_counts = np.zeros(cells, dtype=np.uint8)
        count_neighbours(lay.root, lay.offs, lay.first, lay.last, self.root_counts)
        self.masks = np.zeros((2, width_max, mask_size(cells)), dtype=np.uint8)
        self.mask_words = self.masks.view(np.uint64)
        self.root_mask = np.zeros(mask_size(cells), dtype=np.uint8)
        jump_masks(lay.root, lay.offs, lay.first, lay.last, self.root_mask)
        self.bhash = np.zeros((2, width_max), dtype=np.uint64)
        self.bval = np.zeros((2, width_max), dtype=np.int64)
        self.ckey = np.zeros(capacity, dtype=np.int64)
        self.cpar = np.zeros(capacity, dtype=np.int32)
        self.cmove = np.zeros(capacity, dtype=np.int32)
        self.chash = np.zeros(capacity, dtype=np.uint64)
        self.set_keys = np.zeros(set_size, dtype=np.uint64)
        self.set_stamps = np.zeros(set_size, dtype=np.int64)
        self.hist_par = np.zeros((depth_slots, width_max), dtype=np.int32)
        self.hist_move = np.zeros((depth_slots, width_max), dtype=np.int32)
        self.best_path = np.zeros(depth_slots, dtype=np.int32)
        self.jumps = np.zeros(8 * lay.pieces + 8, dtype=np.int32)
        self.root_hash = lay.root_hash
        self.root_val = lay.root_score
        self._jump_of: dict[int, object] = {}
        self.salt = np.uint64(mix64(np.uint64(seed & (2**64 - 1))))
        _start_run(
            self.meta,
            self.boards,
            self.counts,
            self.masks,
            self.bhash,
            self.bval,
            lay.root,
            self.root_counts,
            self.root_mask,
            self.root_hash,
            self.root_val,
            self.width_max,
            self.width_start,
        )
        if lay.pieces <= 1:
            self.meta[DONE] = 1

    @classmethod
    def warm_up(cls) -> None:
        solver = cls(None, (WARM_UP_BOARD, WARM_UP_BOARD), width=8)
        solver.run_slice(50)
        solver.frontier()

    def run_slice(self, max_expansions: int) -> Progress:
        lay = self.layout
        beam_slice(
            max_expansions,
            self.meta,
            self.boards,
            self.counts,
            self.masks,
            self.mask_words,
            self.bhash,
            self.bval,
            self.ckey,
            self.cpar,
            self.cmove,
            self.chash,
            self.set_keys,
            self.set_stamps,
            self.hist_par,
            self.hist_move,
            self.best_path,
            self.jumps,
            lay.root,
            self.root_counts,
            self.root_mask,
            self.root_hash,
            self.root_val,
            self.salt,
            self.width_max,
            self.width_start,
            lay.pieces,
            lay.offs,
            lay.zobrist,
            lay.nb_score,
            lay.cell_score,
            lay.box_offs,
            lay.box_change,
            lay.first,
            lay.last,
            self.stop_flag,
        )
        return self.progress()

    def progress(self) -> Progress:
        m = self.meta
        open_boards = int(m[COUNT] - m[SLOT]) if not m[DONE] else 0
        return Progress(int(m[EXPANDED]), int(m[BEST]), open_boards, bool(m[DONE]))

    def best_moves(self):
        return self._jumps(self.best_path[: self.meta[BEST]])

    def _jumps(self, codes: np.ndarray) -> tuple:
        """The jumps of move codes; each code's Jump is made once per run (a frontier snapshot
        names ~10,000 of them on a 30x30 board, four times a second)."""
        made = self._jump_of
        jumps = []
        for code in codes.tolist():
            jump = made.get(code)
            if jump is None:
                jump = made[code] = self.layout.jump(code)
            jumps.append(jump)
        return tuple(jumps)

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        m = self.meta
        depth, cur, first = int(m[DEPTH]), int(m[CUR]), int(m[SLOT])
        count = max(0, min(int(m[COUNT]), first + limit) - first)
        # The paths are traced back by a kernel that lets go of the GIL: traced in Python, the
        # 20 paths held it 8.6 ms at each snapshot 313 levels deep (rand_30_d60), the window waiting.
        paths = np.empty((count, depth), dtype=np.int32)
        _trace_paths(self.hist_par, self.hist_move, depth, first, paths)
        figures = facts(self.layout, depth)
        return [
            FrontierEntry(float(self.bval[cur, first + i]), depth, self._jumps(paths[i]), figures) for i in range(count)
        ]
