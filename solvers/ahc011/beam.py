"""Beam search over placement steps (numba): which tile fills each cell.

The plan is the classic 15-puzzle order, ring by ring: row k and column k,
each line's last two cells placed together, walked as one L-shaped path
whose direction alternates so each line starts where the last one ended
(6.5% fewer slides at N = 8..10 than always going left to right and top to
bottom, where the empty square crossed the board before every line); then
the last 3x3 block by breadth-first search over tile types
(any full tree ends it), which saves about 1% of the slides over placing one
more row and searching a 2x3 block. All states of one beam level have placed
the same cells, so they compare by moves so far plus ``lookahead`` times the
distance from each of the next 2N cells of the plan to the nearest free tile
of the type it wants (ties broken by seeded noise): of two boards equally
far along, the one that left the coming tiles nearer is ahead. A
state's children bring the 1st, 2nd, ... ``branch``-th most promising tile of
the wanted type; the ``width`` shortest distinct boards go on. Width 1 and
branch 1 is the plain greedy solver. On boards up to JOINT_SIDE, searches over
two tiles at once (``joint_search``) add children: a line's last two cells
filled together, and, from the best boards, a cell's tile brought in by the
path that leaves the next cell's tile nearest (7.6% fewer slides over 36
searches at N = 8..10, in the same time). Minding either of the next cell's
two best tiles, not just the best, gave 1.3% fewer slides for 10% more time
(8 searches at N = 10), and +0.9k points a case on seeds 300-399 at 3 s.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import argsort_into, copy_into
from .grid import manhattan, random_unit
from .joint_search import JOINT_SIDE, goal_slides, place_ahead, place_pair_jointly, ranked_tile
from .placement import COUNT, EMPTY, NO_TABLE, place, place_pair, place_pair_through_second, solve_window
from .target import retarget

SINGLE, PAIR, BLOCK = 0, 1, 2
# The last block, solved by search: 3x3 (the plan stops a row and a column earlier), searched from
# the SQUARE_TRIES best boards it can be solved from only since a 3x3 search is slow (one whose tiles
# all differ may be the wrong parity: then the next board is tried, up to SQUARE_BOARDS); 2x3 from
# every board when 0.
SQUARE_TRIES = 3
SQUARE_BOARDS = 12
RETARGET_STEPS = 100  # annealing steps per cell not yet placed, after each line
RETARGET_TEMPERATURE = 0.5
# Searches over two tiles at once (joint_search), giving up past JOINT_CAP expansions: a line's last
# two cells are also filled by one, from the JOINT_TRIES best tiles for the first cell; and the
# AHEAD_BOARDS best boards also place a single cell's AHEAD_TRIES best tiles by one that minds one
# of the AHEAD_NEXT best tiles for the next cell (each pair a child).
JOINT_TRIES = 3
JOINT_CAP = 2000
AHEAD_TRIES = 2
AHEAD_NEXT = 2
AHEAD_BOARDS = 20


@njit(cache=True, nogil=True)
def _add(steps, done, locked, count, kind, first, second, parked):
    steps[count, 0], steps[count, 1], steps[count, 2], steps[count, 3] = kind, first, second, parked
    locked[first] = True
    if kind == PAIR:
        locked[second] = True
    copy_into(done[count], locked)
    return count + 1


@njit(cache=True, nogil=True)
def _add_line(steps, done, locked, count, cells, length, perpendicular):
    """Steps filling ``cells[:length]`` in order: singles, then the last two as a pair
    parked ``perpendicular`` away from the line (into the unsolved part)."""
    for i in range(length - 2):
        count = _add(steps, done, locked, count, SINGLE, cells[i], -1, -1)
    first = cells[length - 2]
    return _add(steps, done, locked, count, PAIR, first, cells[length - 1], first + perpendicular)


@njit(cache=True, nogil=True)
def plan(n, square):
    """The steps as rows (kind, first, second, parked), and the cells locked after each.

    Ring k is row k and column k (the unsolved part stays square, so tiles
    never have far to go), as one L-shaped path whose direction alternates:
    even rings go up column k and along row k to the right, odd rings come
    back along row k to the left and down column k. So each line starts
    where the last one ended and the empty square never crosses the board
    between lines. Each line's last two cells go in as a pair. The last 3x3
    block (``square``) or 2x3 block is left to the search.
    """
    steps = np.zeros((n * n, 4), dtype=np.int64)
    done = np.zeros((n * n, n * n), dtype=np.bool_)
    locked = np.zeros(n * n, dtype=np.bool_)
    cells = np.zeros(n, dtype=np.int64)
    count = 0
    for k in range(n - 3 if square else n - 2):
        last = not square and k == n - 3  # only row k, whose line leaves the 2x3 block below it
        if k % 2 == 0 or last:
            if not last:
                for i in range(n - k):  # up column k to the corner
                    cells[i] = (n - 1 - i) * n + k
                count = _add_line(steps, done, locked, count, cells, n - k, 1)
            start = k if last else k + 1
            for j in range(start, n):  # along row k to the right
                cells[j - start] = k * n + j
            count = _add_line(steps, done, locked, count, cells, n - start, n)
        else:
            for j in range(n - k):  # along row k to the left, to the corner
                cells[j] = k * n + n - 1 - j
            count = _add_line(steps, done, locked, count, cells, n - k, n)
            for i in range(k + 1, n):  # down column k
                cells[i - k - 1] = i * n + k
            count = _add_line(steps, done, locked, count, cells, n - k - 1, 1)
    steps[count, 0], steps[count, 1] = BLOCK, (n - 3) * n + n - 3 if square else (n - 2) * n + n - 3
    done[count] = True
    return steps[: count + 1], done[: count + 1]


@njit(cache=True, nogil=True)
def _board_hash(board):
    h = np.uint64(14695981039346656037)
    for tile in board:
        h = (h ^ np.uint64(tile)) * np.uint64(1099511628211)
    return h


@njit(cache=True, nogil=True)
def _plan_order(n, steps):
    """The cells the plan fills, in order, and how many are filled after each step."""
    order = np.zeros(n * n, dtype=np.int64)
    filled = np.zeros(steps.shape[0], dtype=np.int64)
    count = 0
    for s in range(steps.shape[0]):
        if steps[s, 0] != BLOCK:
            order[count] = steps[s, 1]
            count += 1
        if steps[s, 0] == PAIR:
            order[count] = steps[s, 2]
            count += 1
        filled[s] = count
    return order[:count], filled


@njit(cache=True, nogil=True)
def _coming_distance(n, board, target, order, start, free, spots, counts):
    """Sum over the next 2N cells of ``order`` (from ``start``) of the Manhattan distance to
    the nearest free tile of the wanted type (``spots``/``counts``: scratch, per type)."""
    counts[:] = 0
    for cell in range(n * n):
        if free[cell]:
            kind = board[cell]
            spots[kind, counts[kind]] = cell
            counts[kind] += 1
    total = 0
    for q in range(start, min(order.shape[0], start + 2 * n)):
        goal = order[q]
        kind = target[goal]
        nearest = 4 * n
        for i in range(counts[kind]):
            cell = spots[kind, i]
            nearest = min(nearest, manhattan(n, cell, goal))
        total += nearest
    return total


@njit(cache=True, nogil=True)
def _joint_pair_child(n, board, ctx, moves, target, first, second, locked, to_first, to_second, tables, heap, choice):
    """``place_pair_jointly`` with the ``choice``-th tile for ``first`` (fewest slides on its own)
    and the best other tile for ``second``."""
    if board[first] == target[first] and board[second] == target[second]:
        return False  # place_pair's first choice keeps them as they are
    a = ranked_tile(n, board, target[first], to_first, ctx[EMPTY], locked, choice, -1)
    b = ranked_tile(n, board, target[second], to_second, ctx[EMPTY], locked, 0, a)
    if a < 0 or b < 0:
        return False
    return place_pair_jointly(
        n, board, ctx, moves, first, second, a, b, locked, to_first, to_second, tables, heap, JOINT_CAP
    )


@njit(cache=True, nogil=True)
def _ahead_child(
    n, board, ctx, moves, target, first, coming, coming_type, locked, to_first, to_next, after, tables, heap, choice
):
    """``place_ahead`` with the ``choice // AHEAD_NEXT``-th tile for ``first`` (fewest slides on its
    own), minding the ``choice % AHEAD_NEXT``-th other tile of ``coming_type`` for the ``coming`` cell."""
    if board[first] == target[first]:
        return False  # place's first choice keeps it as it is
    a = ranked_tile(n, board, target[first], to_first, ctx[EMPTY], locked, choice // AHEAD_NEXT, -1)
    b = ranked_tile(n, board, coming_type, to_next, ctx[EMPTY], locked, choice % AHEAD_NEXT, a)
    if a < 0 or b < 0:
        return False
    return place_ahead(
        n, board, ctx, moves, first, coming, a, b, locked, to_first, to_next, after, tables, heap, JOINT_CAP
    )


@njit(cache=True, nogil=True)
def beam_solve(n, tiles, start_target, limit, width, branch, noise, lookahead, rng, stop, out):
    """Moves (into ``out``) that slide ``tiles`` into a full tree; their count, or -1.

    The types come from ``start_target``; after each line, the part of the
    target not yet placed is re-annealed toward where the best board's tiles
    are now (``retarget``): every board of a level has placed the same cells,
    so the new target fits them all (1.6% fewer slides over 72 searches at
    N = 8..10, for 12% more time). Another thread may set ``stop[0]`` to end
    the search early (-1)."""
    size = n * n
    target = start_target.copy()
    square = SQUARE_TRIES > 0 and n >= 3
    steps, done = plan(n, square)
    block_side = 3 if square else 2
    order, filled = _plan_order(n, steps)
    segment_cap = 8 * size  # longer steps are dropped: they would never be kept anyway
    history_cap = limit + size  # beyond that no answer fits in T even after trimming
    joint = JOINT_TRIES if n <= JOINT_SIDE else 0
    pair_choices = 2 * branch + joint  # both ways round, then by search
    children = width * max(pair_choices, branch + AHEAD_TRIES * AHEAD_NEXT)
    boards = np.zeros((2, width, size), dtype=np.int64)
    history = np.zeros((2, width, history_cap), dtype=np.int8)
    lengths = np.zeros((2, width), dtype=np.int64)
    empties = np.zeros((2, width), dtype=np.int64)
    child_board = np.zeros((children, size), dtype=np.int64)
    child_moves = np.zeros((children, segment_cap), dtype=np.int8)
    child_segment = np.zeros(children, dtype=np.int64)
    child_parent = np.zeros(children, dtype=np.int64)
    child_empty = np.zeros(children, dtype=np.int64)
    child_key = np.zeros(children, dtype=np.float64)
    child_order = np.zeros(children, dtype=np.int64)
    child_hash = np.zeros(children, dtype=np.uint64)
    kept_hash = np.zeros(width, dtype=np.uint64)
    locked = np.zeros(size, dtype=np.bool_)
    free = np.zeros(size, dtype=np.bool_)  # cells not yet filled once this step is done
    scratch_locked = np.zeros(size, dtype=np.bool_)
    blocked = np.zeros(size, dtype=np.bool_)
    dist = np.empty(size, dtype=np.int64)
    search = np.zeros((3, size * size), dtype=np.int64)
    queue = np.empty(size, dtype=np.int64)
    ctx = np.zeros(3, dtype=np.int64)
    tables = np.zeros((3, size**3 + 1 if joint else 1), dtype=np.int32)
    heap = np.zeros(4 * JOINT_CAP + 1024, dtype=np.int64)
    to_first = np.zeros(size * size, dtype=np.int64)
    to_second = np.zeros(size * size, dtype=np.int64)
    after = np.zeros(size * size, dtype=np.int64)
    to_parked = np.zeros(size * size if joint else 1, dtype=np.int64)
    to_beside = np.zeros(size * size if joint else 1, dtype=np.int64)
    table_queue = np.zeros(size * size, dtype=np.int64)
    spots = np.zeros((16, size), dtype=np.int64)  # _coming_distance's free tiles by type
    spot_counts = np.zeros(16, dtype=np.int64)
    copy_into(boards[0, 0], tiles)
    for cell in range(size):
        if tiles[cell] == 0:
            empties[0, 0] = cell
    alive, cur = 1, 0
    for s in range(steps.shape[0]):
        kind, first, second, parked = steps[s, 0], steps[s, 1], steps[s, 2], steps[s, 3]
        if stop[0]:
            return -1
        for cell in range(size):  # a loop: a slice assignment compiles numba's error messages
            free[cell] = not done[s, cell]
        # ``place_ahead`` brings a single cell's tile with the next tile in mind: the next cell's, or
        # before a pair, the one for its second cell that ``place_pair`` first brings to its first.
        next_cell, next_type = -1, -1
        if joint and kind == SINGLE:
            next_cell = steps[s + 1, 1]
            next_type = target[steps[s + 1, 2] if steps[s + 1, 0] == PAIR else next_cell]
        if kind == PAIR and joint or next_cell >= 0:  # every board of the level has the same cells locked
            goal_slides(n, locked, first, to_first, table_queue)
            goal_slides(n, locked, second if kind == PAIR else next_cell, to_second, table_queue)
        if kind == PAIR and joint:  # place_pair's parked tile, place_pair_through_second's beside tile
            locked[first] = locked[second] = True
            goal_slides(n, locked, parked, to_parked, table_queue)
            locked[first] = False
            goal_slides(n, locked, second + parked - first, to_beside, table_queue)
            locked[second] = False
        if next_cell >= 0:
            locked[first] = True
            goal_slides(n, locked, next_cell, after, table_queue)
            locked[first] = False
        made = 0
        for parent in range(alive):
            if kind == BLOCK and square and (made == SQUARE_TRIES or parent == SQUARE_BOARDS):
                break
            if stop[0]:  # a step of a wide beam can take tens of ms
                return -1
            ahead = AHEAD_TRIES * AHEAD_NEXT if next_cell >= 0 and parent < AHEAD_BOARDS else 0
            for choice in range(1 if kind == BLOCK else pair_choices if kind == PAIR else branch + ahead):
                board = child_board[made]
                copy_into(board, boards[cur, parent])
                ctx[EMPTY], ctx[COUNT] = empties[cur, parent], 0
                copy_into(scratch_locked, locked)
                moves = child_moves[made]
                if kind == SINGLE and choice >= branch:
                    ok = _ahead_child(
                        n,
                        board,
                        ctx,
                        moves,
                        target,
                        first,
                        next_cell,
                        next_type,
                        scratch_locked,
                        to_first,
                        to_second,
                        after,
                        tables,
                        heap,
                        choice - branch,
                    )
                elif kind == SINGLE:
                    ok = place(
                        n,
                        board,
                        ctx,
                        moves,
                        first,
                        target[first],
                        scratch_locked,
                        to_first if next_cell >= 0 else NO_TABLE,
                        dist,
                        queue,
                        search,
                        choice,
                        noise,
                        rng,
                    )
                elif kind == PAIR and choice >= 2 * branch:
                    ok = _joint_pair_child(
                        n,
                        board,
                        ctx,
                        moves,
                        target,
                        first,
                        second,
                        scratch_locked,
                        to_first,
                        to_second,
                        tables,
                        heap,
                        choice - 2 * branch,
                    )
                elif kind == PAIR and choice >= branch:
                    ok = place_pair_through_second(
                        n,
                        board,
                        ctx,
                        moves,
                        target,
                        first,
                        second,
                        parked,
                        scratch_locked,
                        blocked,
                        dist,
                        queue,
                        search,
                        choice - branch,
                        noise,
                        rng,
                        to_second if joint else NO_TABLE,
                        to_beside if joint else NO_TABLE,
                    )
                elif kind == PAIR:
                    ok = place_pair(
                        n,
                        board,
                        ctx,
                        moves,
                        target,
                        first,
                        second,
                        parked,
                        scratch_locked,
                        blocked,
                        dist,
                        queue,
                        search,
                        choice,
                        noise,
                        rng,
                        to_first if joint else NO_TABLE,
                        to_parked if joint else NO_TABLE,
                    )
                else:
                    ok = solve_window(n, board, ctx, moves, first, block_side, 3, target, ~locked, True, stop)
                total = lengths[cur, parent] + ctx[COUNT]
                if not ok or ctx[COUNT] > segment_cap or total > history_cap:
                    continue
                child_segment[made] = ctx[COUNT]
                child_parent[made] = parent
                child_empty[made] = ctx[EMPTY]
                coming = 0.0
                if lookahead > 0:
                    coming = lookahead * _coming_distance(n, board, target, order, filled[s], free, spots, spot_counts)
                child_key[made] = total + coming + 0.5 * random_unit(rng)
                child_hash[made] = _board_hash(board)
                made += 1
        if made == 0:
            return -1
        copy_into(locked, done[s])
        nxt = 1 - cur
        kept = 0
        argsort_into(child_key, made, child_order)
        for c in child_order[:made]:
            duplicate = False
            for k in range(kept):
                if kept_hash[k] == child_hash[c]:
                    duplicate = True
                    break
            if duplicate:
                continue
            parent, segment = child_parent[c], child_segment[c]
            start = lengths[cur, parent]
            copy_into(boards[nxt, kept], child_board[c])
            copy_into(history[nxt, kept], history[cur, parent, :start])
            for i in range(segment):
                history[nxt, kept, start + i] = child_moves[c, i]
            lengths[nxt, kept] = start + segment
            empties[nxt, kept] = child_empty[c]
            kept_hash[kept] = child_hash[c]
            kept += 1
            if kept == width:
                break
        alive, cur = kept, nxt
        if kind == PAIR and RETARGET_STEPS > 0:
            if (
                retarget(
                    n,
                    boards[cur, 0],
                    target,
                    done[s],
                    rng,
                    RETARGET_STEPS * (size - done[s].sum()),
                    RETARGET_TEMPERATURE,
                    stop,
                )
                < 0
            ):
                return -1
    count = lengths[cur, 0]
    for i in range(count):
        out[i] = history[cur, 0, i]
    return count
