"""Beam search over single slides toward a target's types (numba): the solver of the contest's boards (up to 10x10).

On these boards it beats the row-by-row placement plan: every slide may
bring several tiles nearer at once, where the plan moves one tile at a time
around the ones already placed. A board is ranked by its travel
(the fewest total steps from its tiles to the target's cells of their types),
plus SWAP_WEIGHT for each pair of neighbouring tiles that stand in each other's
cells (``_swaps_at``), plus MISPLACED_WEIGHT (negative) for each tile off its type's
cells, plus READY_WEIGHT (negative) for each tile beside the empty square that would step
toward its cell by sliding into it (``_ready_beside``), plus seeded noise to break ties. A slide moves one tile,
so only that type's travel and the pairs at its two cells change: each board
keeps its least matching, and a child's travel is one step of the Hungarian
method from its parent's (``moved_matching``). Children are taken best first
bucket by bucket (``kernels.bucket_order``), so only the buckets the beam
reaches are sorted. Zobrist hashes drop boards already in the next level.
On large boards the beam widens once the travel is down to LATE_SHARE of
the start's: the endgame takes the most slides. The search ends at the
first board that is a full tree: travel zero (the target itself) or,
checked once travel is small, any other full tree; or sooner, once no
deeper level can beat an answer finished through a window:
each board of a new least travel whose tiles off their types sit close
together is finished by ``window_finish`` (the empty square walks to them,
a small window is searched exactly, it walks back). Where
the beam stalls (no less travel for STALL levels: with the swapped pairs
weighed, 1 search in 16 at N = 7 against 6 in 10 before, but still 7 in 16 at
N = 8 and most at N = 9-10 at their narrower widths), it hands over the least-travel board it saw,
most tiles already home, to be finished through a window or, where the tiles
left are far apart, by the placement plan (``attempt.slide_by_moves``).
The search may go toward several targets at once (the solver's pooled search):
it starts with one board per target, each ranked toward its own (its matching,
pairs and tiles off their types) and hashed with it, so the beam keeps the
targets it reaches cheapest and drops the others.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import bucket_of, bucket_order, sort_group
from .grid import is_full_tree, neighbour, next_random, random_unit
from .matching import cells_by_type
from .moved_matching import (
    SECTIONS,
    distances,
    fits,
    rematch,
    slide_away,
    slide_closer,
    start_matching,
    stepped_away,
    stepped_closer,
    store_rematch,
)
from .shortcut import workspace
from .window_finish import window_finish

CHECK_TRAVEL = 8  # boards with at most this travel are checked for being a full tree
STALL = 40  # levels without a new least travel before the search gives up
# The endgame takes the most slides: at N = 9 the last quarter of the travel took 40% of them (3.5-3.7
# slides a step of travel, against 1.4-2.2 before). So on boards of side LATE_SIDE and up, once the
# least total is down to LATE_SHARE of the start's, the beam is LATE_WIDTH times wider: 3.2% fewer
# slides for 1.46 times the time at N = 9 (less gain per second at N = 7-8), and at 3 s on one core
# +1.0k and +1.4k points a case at N = 9 (80 held-out cases each, seeds 31003-31398 and 34003-34398:
# 51 wins and 19 losses, 46 and 25). N = 10 has it too: its +9.0k over the plan (see ``move_side``)
# was measured with it.
LATE_SIDE, LATE_SHARE, LATE_WIDTH = 9, 0.3, 2
# Each board of a new least travel up to this is tried for a window finish (tried at every level,
# 16 and 30 gave the same slides and 30 took 20% longer: more travel seldom fits one window).
# With the finishes, here and at the handover, the shortened answers were 1.0% shorter (N = 8
# -1.1 to -1.3%, N = 9 -1.0 to -1.7%, N = 6-7 unchanged; 144 searches, seeds 8000-8119), and at
# 3 s on one core +0.3k and +0.5k points a case (80 cases each of N = 6-9, seeds 25200-25399;
# N = 8-9 +1.0k to +2.2k, N = 6-7 -1.0k to +0.1k, none significant).
FINISH_TRAVEL = 16
# Two neighbouring tiles each in the other's cell count 2 in travel, yet a sliding board needs a
# dozen slides or more to swap them: unweighted, the beam walked into such pairs and stalled a few
# steps from the end in 6 searches of 10 at N = 7, and the plan finished those at 34-86 slides.
# Weighted, the answers shortened were 5.1% (N = 6) and 6.6% (N = 7) shorter (64 searches each,
# seeds 8000-8099; weights 1, 3, 4, 6 and 9 gave less), and at 3 s on one core +7.4k and +7.0k
# points a case at N = 6-7 (80 held-out cases each, seeds 16000-16199 and 17000-17199).
SWAP_WEIGHT = 2
# Boards are ranked by travel plus MISPLACED_WEIGHT per tile off its type's cells. The weight is
# negative, so at equal travel the board whose travel is spread over more tiles ranks better: a
# tile one step from a cell of its type goes home with one slide when the empty square passes it,
# while every further step of one tile needs the empty square brought round it again (the plan
# spends 3-4 slides a step). Weights +1, +0.5, -0.5, -0.75, -1, -1.5 changed the shortened answers
# by +7.8%, +6.0%, -4.6%, -3.7%, +11.5%, +28.5% (72 searches at N = 7-9, seeds 8000-8059); keys are
# then half-steps, so move_noise below 0.5 only breaks ties (0.25 and 0.5 give the same slides, 1.0-2.0
# within 1%). A per-(type, cell) table that also weighed tiles two or more steps from their cells
# by +-0.5 or +1 gave -0.8% to +4.6%, so only the count is kept. At 3 s on one core, -0.5 gained
# +6.0k points a case on held-out seeds 23000-23099 (60 cases of N = 7-9, p = 3e-5) and +4.6k on
# 24000-24049 (40 cases of N = 6-9, p = 0.004). Only the ranking uses it: the stall, handover and
# end tests use travel and pairs.
MISPLACED_WEIGHT = -0.5
# How a child's matching follows from its parent's (``moved_matching``): one step shorter, one step
# longer, or matched again.
CLOSER, AWAY, REMATCH = 0, 1, 2
# Boards are ranked by READY_WEIGHT (negative) more per tile beside the empty square that would step
# toward its matched cell by sliding into it (``_ready_beside``): at equal travel, such a board has its
# next useful slide at hand, where another must walk the empty square round first. Offline, one search
# toward each of 2 targets, shortened (80 cases, seeds 81000-81039 and 82000-82039), weights -0.5, -1.0
# and -1.5 took 1.6%, 1.5%, 1.8% fewer slides at N = 6, 2.1-2.4% at N = 7, 1.0-2.8% at N = 8 and 1.9-2.8%
# at N = 9; at N = 10 +2.0%, +0.2%, +1.1%. With -1.0, at 3 s on one core: +2.1k points a case (160 cases,
# seeds 83000-83159, t = 4.6; N = 8 +3.3k, N = 10 +3.1k, N = 7 +0.7k), confirmed +1.0k (84000-84159, t = 1.8;
# N = 6 -1.6k) and +2.0k (85000-85159, t = 3.6).
READY_WEIGHT = -1.0


@njit(cache=True, nogil=True, inline="always")
def _copy_row(rows, layer, row, from_layer, from_row):
    """rows[layer, row] = rows[from_layer, from_row], with no views: a view per board kept
    costs two atomic reference counts, and those took a third of the search's time."""
    for i in range(rows.shape[2]):
        rows[layer, row, i] = rows[from_layer, from_row, i]


@njit(cache=True, nogil=True, inline="always")
def _swaps_at(n, board, targets, aim, cell):
    """Neighbours of ``cell`` that hold the tile ``cell`` wants (in ``targets[aim]``) while ``cell``
    holds theirs (two different tiles; the empty square is in no pair)."""
    mine = board[cell]
    if mine == 0 or mine == targets[aim, cell]:
        return 0
    found = 0
    for direction in range(4):
        other = neighbour(n, cell, direction)
        if other >= 0 and board[other] != 0 and board[other] == targets[aim, cell] and targets[aim, other] == mine:
            found += 1
    return found


@njit(cache=True, nogil=True, inline="always")
def _ready_beside(n, board, kind, other, empty, first, places, shift, steps, matchings, layer, row):
    """Tiles beside ``other`` (the empty square once the tile of type ``kind`` at ``other`` has slid to
    ``empty``) that would step toward their matched cells by sliding into it, by the parent's matching
    (``matchings[layer, row]``, of ``board``). Tiles of the moved tile's type are not counted: the slide
    may have changed their matching."""
    ready = 0
    for direction in range(4):
        near = neighbour(n, other, direction)
        if near < 0 or near == empty or board[near] == kind:
            continue
        if stepped_closer(n, board[near], near, other, first, places, shift, steps, matchings, layer, row):
            ready += 1
    return ready


@njit(cache=True, nogil=True, inline="always")
def _write_path(slides, parents, depth, state, out):
    """The slides to board ``state`` of level ``depth``, into ``out[:depth]``, by its parents."""
    for level in range(depth, 0, -1):
        out[level - 1] = slides[level, state]
        state = parents[level, state]


@njit(cache=True, nogil=True)
def move_beam(n, tiles, targets, limit, width, noise, rate, finish_cells, rng, stop, out, aimed):
    """Slides (into ``out``, letters 0..3) from ``tiles`` to a full tree; their count.

    The answer may end with a window finish (``finish_cells``: the largest window's cells).
    When it stalls or reaches ``limit`` first with none: ``-1 - d``, with ``out[:d]``
    the slides to the board seen that looks cheapest to finish by the plan:
    the fewest slides so far plus ``rate`` times its travel (the plan spends
    3-4 slides per step of travel; a high rate picks the least travel). Each of
    ``targets`` (rows) must hold the same tiles as ``tiles`` (a target tree). The
    beam starts with one board per target (at most ``width`` of them), each ranked
    toward its own; ``aimed[0]`` gets the target the answer or the board handed
    over was ranked toward. Another thread may set ``stop[0]`` to end the search early (-1).
    """
    size = n * n
    narrow = width
    if n >= LATE_SIDE:
        width *= LATE_WIDTH  # the arrays' room; the beam is ``narrow`` until the endgame
    boards = np.zeros((2, width, size), dtype=np.int8)
    empties = np.zeros((2, width), dtype=np.int64)
    lasts = np.zeros((2, width), dtype=np.int64)  # the slide that made the board (-1: none)
    travels = np.zeros((2, width, 16), dtype=np.int16)  # per type
    totals = np.zeros((2, width), dtype=np.int64)
    misplaced = np.zeros((2, width), dtype=np.int64)  # tiles not on a cell of their type
    hashes = np.zeros((2, width), dtype=np.uint64)
    aims = np.zeros((2, width), dtype=np.int64)  # the target each board is ranked toward
    parents = np.zeros((limit + 1, width), dtype=np.int32)
    slides = np.zeros((limit + 1, width), dtype=np.int8)
    zobrist = np.zeros((size, 16), dtype=np.uint64)
    for cell in range(size):
        for kind in range(16):
            zobrist[cell, kind] = next_random(rng)
    starts = min(targets.shape[0], narrow)
    aim_keys = np.zeros(starts, dtype=np.uint64)  # target 0's is 0: one target hashes as before
    for aim in range(1, starts):
        aim_keys[aim] = next_random(rng)
    places = np.zeros((16 * starts, size), dtype=np.int64)  # each target's cells of each type, by 16 * aim + type
    counts = np.zeros(16, dtype=np.int64)  # (the same for every target: they hold the same tiles)
    for aim in range(starts):
        cells_by_type(n, targets[aim], counts, places[16 * aim : 16 * aim + 16])
    if not fits(n, counts):
        return -1  # a board far past the contest's: the plan solves it all
    first = np.zeros(16, dtype=np.int64)  # each type's first tile and target cell in a matching
    for kind in range(1, 16):
        first[kind] = first[kind - 1] + counts[kind - 1]
    steps = distances(n)
    matchings = np.zeros((2, width, SECTIONS * size), dtype=np.int8)  # each board's (``moved_matching``)
    cells = np.zeros(size, dtype=np.int64)  # a type's matching being updated: tiles' cells,
    u = np.zeros(size + 1, dtype=np.int64)  # potentials,
    v = np.zeros(size + 1, dtype=np.int64)
    own = np.zeros(size + 1, dtype=np.int64)  # each target cell's tile
    work = np.zeros((3, size + 1), dtype=np.int64)
    children = 3 * width
    keys = np.zeros(children, dtype=np.float64)
    order = np.zeros(children, dtype=np.int64)
    work_keys = np.zeros(children, dtype=np.float64)
    work_order = np.zeros(children, dtype=np.int64)
    work_index = np.zeros(children, dtype=np.int64)
    child_parent = np.zeros(children, dtype=np.int64)
    child_slide = np.zeros(children, dtype=np.int64)
    child_total = np.zeros(children, dtype=np.int64)
    child_travel = np.zeros(children, dtype=np.int64)  # of the moved tile's type
    child_update = np.zeros(children, dtype=np.int8)  # how its matching follows: CLOSER, AWAY or REMATCH
    child_hash = np.zeros(children, dtype=np.uint64)
    child_misplaced = np.zeros(children, dtype=np.int64)
    table_size = 1
    while table_size < 2 * width:
        table_size *= 2
    table = np.zeros(table_size, dtype=np.uint64)
    stamps = np.zeros(table_size, dtype=np.int64)
    if is_full_tree(n, tiles):
        aimed[0] = 0
        return 0
    least, least_state = -1, 0
    for aim in range(starts):
        for cell in range(size):
            boards[0, aim, cell] = tiles[cell]
            if tiles[cell] == 0:
                empties[0, aim] = cell
            hashes[0, aim] ^= zobrist[cell, tiles[cell]]
        hashes[0, aim] ^= aim_keys[aim]
        aims[0, aim] = aim
        totals[0, aim] = start_matching(
            n, tiles, first, counts, places, 16 * aim, steps, matchings, aim, travels[0, aim], cells, u, v, own, work
        )
        pairs = 0
        for cell in range(size):
            pairs += _swaps_at(n, boards[0, aim], targets, aim, cell)  # each pair counted from both ends
        totals[0, aim] += SWAP_WEIGHT * (pairs // 2)
        lasts[0, aim] = -1
        for cell in range(size):
            if tiles[cell] != 0 and tiles[cell] != targets[aim, cell]:
                misplaced[0, aim] += 1
        if least < 0 or totals[0, aim] < least:
            least, least_state = totals[0, aim], aim
    alive, cur = starts, 0
    least_depth = 0
    finished = limit + 1  # the shortest answer by a window finish so far (limit + 1: none)
    finish = np.zeros(out.shape[0], dtype=np.int64)
    board_now = np.zeros(size, dtype=np.int64)
    finish_work = workspace()
    handover, handover_depth, handover_state = rate * least, 0, least_state
    handover_aim = finished_aim = aims[0, least_state]
    late_from, beam = LATE_SHARE * least, narrow
    for depth in range(limit):
        if least <= late_from:
            beam = width
        if stop[0]:
            return -1
        if depth - least_depth > STALL or depth + 1 >= finished:
            break
        made = 0
        for parent in range(alive):
            if parent & 1023 == 1023 and stop[0]:
                return -1  # a wide level takes a while: a deadline should not wait for it
            board, empty = boards[cur, parent], empties[cur, parent]
            aim = aims[cur, parent]
            shift = 16 * aim
            for direction in range(4):
                if lasts[cur, parent] >= 0 and direction == (lasts[cur, parent] + 2) % 4:
                    continue  # straight back
                other = neighbour(n, empty, direction)
                if other < 0:
                    continue
                kind = board[other]
                if stepped_closer(n, kind, other, empty, first, places, shift, steps, matchings, cur, parent):
                    update, travel = CLOSER, travels[cur, parent, kind] - 1
                elif stepped_away(n, kind, other, empty, first, counts, places, shift, steps, matchings, cur, parent):
                    update, travel = AWAY, travels[cur, parent, kind] + 1
                else:
                    update = REMATCH
                    travel = rematch(
                        n,
                        boards,
                        kind,
                        other,
                        empty,
                        first,
                        counts,
                        places,
                        shift,
                        steps,
                        matchings,
                        cur,
                        parent,
                        cells,
                        u,
                        v,
                        own,
                        work,
                    )
                # Only pairs with the moved tile change: those at its old cell go, at its new one come.
                before = _swaps_at(n, board, targets, aim, other)
                board[empty], board[other] = kind, 0
                after = _swaps_at(n, board, targets, aim, empty)
                board[other], board[empty] = kind, 0
                total = totals[cur, parent] - travels[cur, parent, kind] + travel + SWAP_WEIGHT * (after - before)
                count = misplaced[cur, parent] + (kind != targets[aim, empty]) - (kind != targets[aim, other])
                child_misplaced[made] = count
                ready = _ready_beside(n, board, kind, other, empty, first, places, shift, steps, matchings, cur, parent)
                keys[made] = total + MISPLACED_WEIGHT * count + READY_WEIGHT * ready + noise * random_unit(rng)
                child_parent[made], child_slide[made] = parent, direction
                child_total[made], child_travel[made], child_update[made] = total, travel, update
                child_hash[made] = (
                    hashes[cur, parent]
                    ^ zobrist[empty, 0]
                    ^ zobrist[other, kind]
                    ^ zobrist[empty, kind]
                    ^ zobrist[other, 0]
                )
                made += 1
        nxt, kept = 1 - cur, 0
        if made == 0:
            break
        # Children best first, each bucket of keys sorted once the beam reaches it.
        starts, low, scale = bucket_order(keys, made, order)
        sorted_to = group_end = 0
        for rank in range(made):
            if rank == sorted_to:  # sort on: as many as the beam has room for, twice (some are seen)
                if rank == group_end:
                    group_end = starts[bucket_of(keys[order[rank]], low, scale) + 1]
                sorted_to = sort_group(
                    keys, order, rank, group_end, 2 * (beam - kept), work_keys, work_order, work_index
                )
            c = order[rank]
            slot = np.int64(child_hash[c] & np.uint64(table_size - 1))
            seen = False
            while stamps[slot] == depth + 1:
                if table[slot] == child_hash[c]:
                    seen = True
                    break
                slot = (slot + 1) & (table_size - 1)
            if seen:
                continue
            stamps[slot], table[slot] = depth + 1, child_hash[c]
            parent, direction = child_parent[c], child_slide[c]
            empty = empties[cur, parent]
            other = neighbour(n, empty, direction)
            aim = aims[cur, parent]
            _copy_row(boards, nxt, kept, cur, parent)
            kind = boards[nxt, kept, other]
            _copy_row(matchings, nxt, kept, cur, parent)
            if child_update[c] == CLOSER:
                slide_closer(n, kind, other, empty, first, matchings, nxt, kept)
            elif child_update[c] == AWAY:
                slide_away(n, kind, other, empty, first, matchings, nxt, kept)
            else:  # matched again, as when it was ranked
                rematch(
                    n,
                    boards,
                    kind,
                    other,
                    empty,
                    first,
                    counts,
                    places,
                    16 * aim,
                    steps,
                    matchings,
                    cur,
                    parent,
                    cells,
                    u,
                    v,
                    own,
                    work,
                )
                store_rematch(n, kind, other, empty, first, counts, u, v, own, matchings, nxt, kept)
            boards[nxt, kept, empty], boards[nxt, kept, other] = kind, 0
            empties[nxt, kept], lasts[nxt, kept] = other, direction
            aims[nxt, kept] = aim
            _copy_row(travels, nxt, kept, cur, parent)
            travels[nxt, kept, kind] = child_travel[c]
            totals[nxt, kept], hashes[nxt, kept] = child_total[c], child_hash[c]
            misplaced[nxt, kept] = child_misplaced[c]
            parents[depth + 1, kept], slides[depth + 1, kept] = parent, direction
            kept += 1
            if child_total[c] < least:
                least, least_depth, least_state = child_total[c], depth + 1, kept - 1
            if depth + 1 + rate * child_total[c] < handover:
                handover, handover_depth, handover_state = depth + 1 + rate * child_total[c], depth + 1, kept - 1
                handover_aim = aim
            if child_total[c] == 0 or child_total[c] <= CHECK_TRAVEL and is_full_tree(n, boards[nxt, kept - 1]):
                _write_path(slides, parents, depth + 1, kept - 1, out)
                aimed[0] = aim
                return depth + 1
            if kept == beam:
                break
        # A board of less travel than any before, finished through a window where its tiles off their
        # types sit close together: an answer, and no level as deep can beat it.
        if least_depth == depth + 1 and least <= FINISH_TRAVEL:
            best = least_state
            for cell in range(size):
                board_now[cell] = boards[nxt, best, cell]
            found = window_finish(
                n, board_now, targets[aims[nxt, best]], finish_cells, finished - depth - 1, finish, finish_work, stop
            )
            if found >= 0:
                finished, finished_aim = depth + 1 + found, aims[nxt, best]
                _write_path(slides, parents, depth + 1, best, out)
                for i in range(found):
                    out[depth + 1 + i] = finish[i]
        alive, cur = kept, nxt
    if finished <= limit:
        aimed[0] = finished_aim
        return finished
    aimed[0] = handover_aim
    _write_path(slides, parents, handover_depth, handover_state, out)
    return -1 - handover_depth
