"""The target-by-target beam search (MM90 2nd place, EvbCFfp1XB), as a resumable kernel.

Loop: pick a random target that lacks its colour; for n in a shuffled 1..10,
take the unmatched ball of that colour nearest to it (walking distance) and
the n balls nearest to that ball, and beam-search over rolls of those balls
only (depth <= 20, width 250, Zobrist-hash dedup over the whole beam). Nodes
rank by how many of the chosen balls sit on targets of their colour, then by
their summed walking distance to the target (a wrong colour on the target
costs PENALTY), then by seeded noise. The best node of any depth is played.
A target still empty after its attempts gets as many "fill" attempts that
count any ball on a target (half a point) when the case has several colours.
The change is kept when the board scores better than ever; otherwise it is
kept only while the rolls used stay within 20 per matched target (so every
unmatched target keeps the budget the contest gives it) and if the board
scores no less than before; else it is undone, as is a fill beam that does
not score. When fewer rolls are left than a beam's depth, compact.py first
drops the rolls the score does not need.

Every bit of state lives in numpy arrays owned by the solver, so a slice may
stop after any node expansion and the next one resumes there: the same seed
and node budget give the same answer however the budget is sliced.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import argsort_into, copy_into
from .compact import doubled_points, drop_roll, replay_without
from .kernels import EMPTY, heap_push, mix64, next_random, random_below, roll_end, set_add
from .layout import NO_TARGET

ROLLS_PER_BALL = 20
PENALTY = 1 << 20  # distance of a wrong-coloured ball that sits on the target
SCORE_SHIFT, DIST_SHIFT = 40, 12  # key = score << 40 - distance << 12 + 12 bits of noise
NOISE_SHIFT = np.uint64(64 - DIST_SHIFT)
NO_KEY = np.iinfo(np.int64).min

# phases of the outer loop
PICK, ATTEMPT, BEAM, COMPACT = 0, 1, 2, 3
# meta slots
(
    PHASE,
    TARGET,
    NS_I,
    K,
    DEPTH,
    LEVEL,
    SLOT,
    COUNT,
    HEAP_N,
    BEST_KEY,
    BEST_LEVEL,
    BEST_SLOT,
    CUR,
    EXPANDED,
    MOVES,
    TALLY,
    BEST_POINTS,
    BEST_LEN,
    BASE_MOVES,
    DONE,
    SALT,
    BEAMS,
    FILL,
    FILL_ROUNDS,
    BASE_POINTS,
    SET_SIZE,
    COMPACT_I,
    COMPACTED_AT,
    META_SIZE,
) = range(29)

# meta[TALLY] holds two counts, so that a roll updates both with one table look-up a cell
# and one add: the balls on a target of their colour (its low 32 bits) and the covered
# targets (its high 32 bits). _TALLY[colour * 16 + wanted + 1] is what a ball of that colour
# adds on a cell whose target is ``wanted`` (NO_TARGET: nothing).
COVER, SAME_MASK = 1 << 32, (1 << 32) - 1
COLOURS = 10
assert NO_TARGET == -1  # the table's index is wanted + 1
_TALLY = np.array(
    [(COVER + (wanted == colour)) if wanted >= 0 else 0 for colour in range(COLOURS) for wanted in range(-1, 15)],
    dtype=np.int64,
)


@njit(cache=True, nogil=True)
def same_count(meta):
    """How many balls sit on a target of their colour."""
    return meta[TALLY] & SAME_MASK


@njit(cache=True, nogil=True)
def doubled_tally(meta):
    """Twice the contest points: 2 a ball on its colour's target, 1 a ball on another's."""
    return (meta[TALLY] & SAME_MASK) + (meta[TALLY] >> 32)


@njit(cache=True, nogil=True)
def _on_target(grid, ball_colour, target_colour, z):
    b = grid[z]
    return b >= 0 and ball_colour[b] == target_colour[z]


@njit(cache=True, nogil=True)
def _cost(distance_row, tz, tc, z, colour, fill):
    if z == tz and colour != tc and not fill:
        return PENALTY
    return np.int64(distance_row[z])


@njit(cache=True, nogil=True)
def _points(wanted, colour, fill):
    """A chosen ball's worth on a cell: 1 on a target of its colour; in a fill
    beam the contest's doubled points (2 for its colour, 1 for another)."""
    if wanted < 0:
        return 0
    if wanted == colour:
        return 1 + fill
    return fill


@njit(cache=True, nogil=True)
def count_points(meta, grid, ball_colour, target_colour, target_cells):
    same = covered = 0
    for z in target_cells:
        if grid[z] >= 0:
            covered += 1
            same += ball_colour[grid[z]] == target_colour[z]
    meta[TALLY] = covered * COVER + same


@njit(cache=True, nogil=True)
def _pick_target(meta, rng, order, grid, ball_colour, target_colour, target_cells, max_balls):
    unmatched = target_cells.shape[0] - same_count(meta)
    if unmatched == 0:
        meta[DONE] = 1
        return
    chosen = random_below(rng, unmatched)
    for t in range(target_cells.shape[0]):
        if not _on_target(grid, ball_colour, target_colour, target_cells[t]):
            if chosen == 0:
                meta[TARGET] = t
                break
            chosen -= 1
    for i in range(max_balls):
        order[i] = i + 1
    for i in range(max_balls - 1, 0, -1):  # Fisher-Yates
        j = random_below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    meta[NS_I] = 0
    meta[PHASE] = ATTEMPT


@njit(cache=True, nogil=True)
def _choose_balls(t, n, fill, grid, ball_pos, ball_colour, target_colour, target_cells, distance, width, chosen):
    """The unmatched ball of the target's colour (of any colour in a fill beam) nearest to
    it, then the balls nearest that ball."""
    tc = target_colour[target_cells[t]]
    seed_ball, nearest = -1, np.int64(1 << 40)
    for b in range(ball_pos.shape[0]):
        z = ball_pos[b]
        if (fill or ball_colour[b] == tc) and not _on_target(grid, ball_colour, target_colour, z):
            if distance[t, z] < nearest:
                seed_ball, nearest = b, np.int64(distance[t, z])
    sr, sc = ball_pos[seed_ball] // width, ball_pos[seed_ball] % width
    balls = ball_pos.shape[0]
    away = np.empty(balls, dtype=np.int64)
    for b in range(balls):
        dr, dc = ball_pos[b] // width - sr, ball_pos[b] % width - sc
        away[b] = (dr * dr + dc * dc) * balls + b  # ties by ball index, as a stable sort keeps them
    by_distance = np.empty(balls, dtype=np.int64)
    argsort_into(away, balls, by_distance)
    k = min(n, balls)
    copy_into(chosen, by_distance[:k])
    return k


@njit(cache=True, nogil=True)
def _start_beam(
    meta,
    rng,
    order,
    chosen,
    root_pos,
    grid,
    ball_pos,
    ball_colour,
    target_colour,
    target_cells,
    distance,
    zobrist,
    width,
    set_keys,
    npos,
    nscore,
    ndist,
    nhash,
    nkey,
    max_rolls,
    depth_limit,
    width_limit,
    max_balls,
):
    t = meta[TARGET]
    tz = target_cells[t]
    attempt = meta[NS_I]
    # After max_balls attempts at its colour, an empty target gets as many fill
    # attempts, which count any ball on it (half a point) when colours differ.
    fill = 1 if attempt >= max_balls else 0
    if (
        attempt >= max_balls * (1 + meta[FILL_ROUNDS])
        or (fill and grid[tz] >= 0)
        or _on_target(grid, ball_colour, target_colour, tz)
    ):
        meta[PHASE] = PICK
        return
    if max_rolls - meta[MOVES] < depth_limit and meta[COMPACTED_AT] != meta[MOVES]:
        meta[COMPACT_I] = meta[MOVES] - 1  # short of rolls: first drop the needless ones
        meta[PHASE] = COMPACT
        return
    depth = min(depth_limit, max_rolls - meta[MOVES])
    if depth < 1:
        meta[DONE] = 1  # the roll budget is spent
        return
    n = order[attempt % max_balls]
    meta[NS_I] = attempt + 1
    meta[FILL] = fill
    k = _choose_balls(t, n, fill, grid, ball_pos, ball_colour, target_colour, target_cells, distance, width, chosen)
    # Size the hash set to what this beam can insert (a 4-direction move per ball from
    # every kept board, at half load), so small beams do not clear the whole table.
    size = 1 << 10
    while size < min(8 * k * depth * width_limit + 2, set_keys.shape[0]):
        size <<= 1
    meta[SET_SIZE] = size
    set_keys[:size] = 0
    h = np.uint64(0)
    score = dist = 0
    tc = target_colour[tz]
    for i in range(k):
        b = chosen[i]
        z = ball_pos[b]
        colour = ball_colour[b]
        grid[z] = EMPTY  # the chosen balls live in the nodes while the beam runs
        root_pos[i] = z
        npos[0, 0, i] = z
        h ^= zobrist[z, colour]
        score += _points(target_colour[z], colour, fill)
        dist += _cost(distance[t], tz, tc, z, colour, fill)
    set_add(set_keys, size, h | np.uint64(1))
    nscore[0, 0], ndist[0, 0], nhash[0, 0], nkey[0, 0] = score, dist, h, NO_KEY
    meta[K], meta[DEPTH], meta[LEVEL], meta[SLOT], meta[COUNT] = k, depth, 0, 0, 1
    meta[CUR], meta[HEAP_N] = 0, 0
    meta[BEST_KEY], meta[BEST_LEVEL] = NO_KEY, 0
    meta[BASE_MOVES] = meta[MOVES]
    meta[BASE_POINTS] = doubled_tally(meta)
    meta[SALT] = np.int64(next_random(rng))
    meta[BEAMS] += 1
    meta[PHASE] = BEAM


@njit(cache=True, nogil=True)
def _expand(
    meta,
    chosen,
    grid,
    ball_colour,
    target_colour,
    target_cells,
    distance,
    zobrist,
    deltas,
    set_keys,
    npos,
    nscore,
    ndist,
    nhash,
    nkey,
    hkey,
    hdata,
    width_limit,
):
    cur, slot, level, k = meta[CUR], meta[SLOT], meta[LEVEL], meta[K]
    pos = npos[cur, slot]
    if level >= 1 and nkey[cur, slot] > meta[BEST_KEY]:
        meta[BEST_KEY], meta[BEST_LEVEL], meta[BEST_SLOT] = nkey[cur, slot], level, slot
    if level >= meta[DEPTH]:
        return
    t = meta[TARGET]
    tz = target_cells[t]
    tc = target_colour[tz]
    row = distance[t]
    salt = np.uint64(meta[SALT])
    fill = meta[FILL]
    for i in range(k):
        grid[pos[i]] = chosen[i]
    heap_n = meta[HEAP_N]
    for i in range(k):
        z = pos[i]
        colour = ball_colour[chosen[i]]
        for d in range(4):
            end = roll_end(grid, z, deltas[d])
            if end == z:
                continue
            h = nhash[cur, slot] ^ zobrist[z, colour] ^ zobrist[end, colour]
            if not set_add(set_keys, meta[SET_SIZE], h | np.uint64(1)):
                continue
            score = (
                nscore[cur, slot] - _points(target_colour[z], colour, fill) + _points(target_colour[end], colour, fill)
            )
            dist = ndist[cur, slot] - _cost(row, tz, tc, z, colour, fill) + _cost(row, tz, tc, end, colour, fill)
            noise = np.int64(mix64(h ^ salt) >> NOISE_SHIFT)
            key = (score << SCORE_SHIFT) - (dist << DIST_SHIFT) + noise
            heap_n = heap_push(heap_n, width_limit, key, hkey, hdata, slot, i * 4 + d, end, score, dist, np.int64(h))
    meta[HEAP_N] = heap_n
    for i in range(k):
        grid[pos[i]] = EMPTY


@njit(cache=True, nogil=True)
def _next_level(meta, npos, nscore, ndist, nhash, nkey, hkey, hdata, hist_par, hist_move):
    cur, k = meta[CUR], meta[K]
    nxt = 1 - cur
    level = meta[LEVEL] + 1
    for j in range(meta[HEAP_N]):
        parent, move = hdata[j, 0], hdata[j, 1]
        copy_into(npos[nxt, j], npos[cur, parent, :k])
        npos[nxt, j, move >> 2] = hdata[j, 2]
        nscore[nxt, j], ndist[nxt, j] = hdata[j, 3], hdata[j, 4]
        nhash[nxt, j], nkey[nxt, j] = np.uint64(hdata[j, 5]), hkey[j]
        hist_par[level, j], hist_move[level, j] = parent, move
    meta[CUR], meta[LEVEL], meta[SLOT], meta[COUNT], meta[HEAP_N] = nxt, level, 0, meta[HEAP_N], 0


@njit(cache=True, nogil=True)
def play_roll(meta, grid, ball_pos, ball_colour, target_colour, deltas, move_from, move_dir, move_ball, b, d):
    """Roll ball b in direction d on the real board and record the roll."""
    z = ball_pos[b]
    end = roll_end(grid, z, deltas[d])
    m = meta[MOVES]
    move_from[m], move_dir[m], move_ball[m] = z, d, b
    meta[MOVES] = m + 1
    _relocate(meta, grid, ball_pos, ball_colour, target_colour, b, z, end)


@njit(cache=True, nogil=True)
def _relocate(meta, grid, ball_pos, ball_colour, target_colour, b, z, end):
    b, z, end = np.uint64(b), np.uint64(z), np.uint64(end)  # no negative-index wraparound
    # The move before the tally: its look-ups then reuse the registers the stores freed, so
    # LLVM no longer shuffles registers around them in a caller's loop (bench.engines' rolls
    # loop, with roll_end's first step a select: 7-8% less CPU time).
    grid[z] = EMPTY
    grid[end] = b
    ball_pos[b] = end
    row = np.uint64(ball_colour[b] * 16 + 1)  # a target colour of -1 wraps to row - 1: exact
    meta[TALLY] += _TALLY[row + np.uint64(target_colour[end])] - _TALLY[row + np.uint64(target_colour[z])]


@njit(cache=True, nogil=True)
def _finish_beam(
    meta,
    chosen,
    root_pos,
    grid,
    ball_pos,
    ball_colour,
    target_colour,
    deltas,
    hist_par,
    hist_move,
    move_from,
    move_dir,
    move_ball,
    best_from,
    best_dir,
):
    for i in range(meta[K]):
        grid[root_pos[i]] = chosen[i]
    meta[PHASE] = ATTEMPT
    if meta[BEST_LEVEL] == 0:
        return
    path = np.empty(meta[BEST_LEVEL], dtype=np.int64)
    slot = meta[BEST_SLOT]
    for level in range(meta[BEST_LEVEL], 0, -1):
        path[level - 1] = hist_move[level, slot]
        slot = hist_par[level, slot]
    for move in path:
        play_roll(
            meta,
            grid,
            ball_pos,
            ball_colour,
            target_colour,
            deltas,
            move_from,
            move_dir,
            move_ball,
            chosen[move >> 2],
            move & 3,
        )
    points = doubled_tally(meta)  # twice the contest points
    if points > meta[BEST_POINTS]:
        _snapshot(meta, move_from, move_dir, best_from, best_dir)
    elif meta[FILL] or points < meta[BASE_POINTS] or meta[MOVES] > ROLLS_PER_BALL * same_count(meta):
        while meta[MOVES] > meta[BASE_MOVES]:  # undo, last roll first
            m = meta[MOVES] - 1
            b = move_ball[m]
            _relocate(meta, grid, ball_pos, ball_colour, target_colour, b, ball_pos[b], move_from[m])
            meta[MOVES] = m


@njit(cache=True, nogil=True)
def _snapshot(meta, move_from, move_dir, best_from, best_dir):
    n = meta[MOVES]
    meta[BEST_POINTS] = doubled_tally(meta)
    meta[BEST_LEN] = n
    copy_into(best_from, move_from[:n])
    copy_into(best_dir, move_dir[:n])


@njit(cache=True, nogil=True)
def _compact_step(
    meta,
    grid,
    ball_pos,
    ball_colour,
    target_colour,
    target_cells,
    deltas,
    move_from,
    move_dir,
    move_ball,
    best_from,
    best_dir,
    root_grid,
    root_ball_pos,
    trial_grid,
    trial_pos,
    trial_ball,
):
    """Try to drop roll COMPACT_I (one replay, one expansion); then the next one down."""
    i = meta[COMPACT_I]
    if i < 0:
        meta[COMPACTED_AT] = meta[MOVES]
        points = doubled_tally(meta)
        if points > meta[BEST_POINTS] or (points == meta[BEST_POINTS] and meta[MOVES] < meta[BEST_LEN]):
            _snapshot(meta, move_from, move_dir, best_from, best_dir)
        meta[PHASE] = ATTEMPT
        return
    n = meta[MOVES]
    if replay_without(
        i, n, root_grid, root_ball_pos, deltas, move_from, move_dir, trial_grid, trial_pos, trial_ball
    ) and doubled_points(trial_grid, ball_colour, target_colour, target_cells) >= doubled_tally(meta):
        drop_roll(i, n, move_from, move_dir, move_ball, trial_ball)
        copy_into(grid, trial_grid)
        copy_into(ball_pos, trial_pos)
        meta[MOVES] = n - 1
        count_points(meta, grid, ball_colour, target_colour, target_cells)
    meta[COMPACT_I] = i - 1
    meta[EXPANDED] += 1


@njit(cache=True, nogil=True)
def search_slice(
    budget,
    meta,
    rng,
    order,
    chosen,
    root_pos,
    grid,
    ball_pos,
    ball_colour,
    target_colour,
    target_cells,
    distance,
    zobrist,
    deltas,
    width,
    set_keys,
    npos,
    nscore,
    ndist,
    nhash,
    nkey,
    hkey,
    hdata,
    hist_par,
    hist_move,
    move_from,
    move_dir,
    move_ball,
    best_from,
    best_dir,
    root_grid,
    root_ball_pos,
    trial_grid,
    trial_pos,
    trial_ball,
    max_rolls,
    depth_limit,
    width_limit,
    max_balls,
    halt,
):
    """Up to ``budget`` expansions, fewer when another thread sets ``halt[0]``; every pass of
    the loop leaves the state whole, so the next call resumes exactly there."""
    stop = meta[EXPANDED] + budget
    while meta[EXPANDED] < stop and meta[DONE] == 0 and halt[0] == 0:
        phase = meta[PHASE]
        if phase == PICK:
            _pick_target(meta, rng, order, grid, ball_colour, target_colour, target_cells, max_balls)
        elif phase == ATTEMPT:
            _start_beam(
                meta,
                rng,
                order,
                chosen,
                root_pos,
                grid,
                ball_pos,
                ball_colour,
                target_colour,
                target_cells,
                distance,
                zobrist,
                width,
                set_keys,
                npos,
                nscore,
                ndist,
                nhash,
                nkey,
                max_rolls,
                depth_limit,
                width_limit,
                max_balls,
            )
        elif phase == COMPACT:
            _compact_step(
                meta,
                grid,
                ball_pos,
                ball_colour,
                target_colour,
                target_cells,
                deltas,
                move_from,
                move_dir,
                move_ball,
                best_from,
                best_dir,
                root_grid,
                root_ball_pos,
                trial_grid,
                trial_pos,
                trial_ball,
            )
        else:
            _expand(
                meta,
                chosen,
                grid,
                ball_colour,
                target_colour,
                target_cells,
                distance,
                zobrist,
                deltas,
                set_keys,
                npos,
                nscore,
                ndist,
                nhash,
                nkey,
                hkey,
                hdata,
                width_limit,
            )
            meta[EXPANDED] += 1
            meta[SLOT] += 1
            if meta[SLOT] < meta[COUNT]:
                continue
            if meta[HEAP_N] > 0:
                _next_level(meta, npos, nscore, ndist, nhash, nkey, hkey, hdata, hist_par, hist_move)
            else:
                _finish_beam(
                    meta,
                    chosen,
                    root_pos,
                    grid,
                    ball_pos,
                    ball_colour,
                    target_colour,
                    deltas,
                    hist_par,
                    hist_move,
                    move_from,
                    move_dir,
                    move_ball,
                    best_from,
                    best_dir,
                )
