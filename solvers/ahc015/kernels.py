"""Numba kernels for AHC015 playouts: tilt, drop, score, and the rules as fast policies.

Boards are uint8[100] arrays (row-major, row 0 at the front, 0 empty, 1..3 a
flavour) changed in place. Tilts are coded by their index in ``TILTS``:
0 = F, 1 = B, 2 = L, 3 = R. ``last_vertical`` is the last F/B code played, or
NO_TILT before any (rule 2 needs it).

A playout's random future is a pure function of (key, candy index), so the
same future can be replayed after each candidate tilt (common random numbers:
the tilts are compared on identical futures, which cuts the noise of their
difference) and a run gives the same numbers however it is sliced.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import trailing_zeros

SIDE = 10
CELLS = 100
F, B, L, R = 0, 1, 2, 3
NO_TILT = -1
STRAWBERRY, WATERMELON = 1, 2
RULE1, RULE2 = 1, 2


@njit(cache=True, nogil=True)
def mix64(x):
    """SplitMix64's finaliser: a well-spread 64-bit hash of x."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True, nogil=True)
def random_below(key, index, n):
    """The index-th number of the stream ``key``, uniform in 0..n-1 (n < 2^32)."""
    u = mix64(key + np.uint64(index) * np.uint64(0x9E3779B97F4A7C15))
    return np.int64(((u >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, nogil=True, inline="always")
def _pack(cells, first, step):
    """Pack the SIDE cells from ``first`` by ``step`` against their start, order kept. No branch
    on the data: every cell is read and cleared, then written where the next candy goes (a zero
    written there is overwritten by the next candy, or stays: the cell is empty). Unsigned
    indices (a negative step wraps modulo 2**64, the same address): numba then skips its
    negative-index wraparound on every read and write (1.12x the playouts of bench.engines)."""
    step = np.uint64(step)
    write = np.uint64(first)
    read = write
    for _ in range(SIDE):
        v = cells[read]
        cells[read] = 0
        cells[write] = v
        write += step * np.uint64(v != 0)
        read += step


@njit(cache=True, nogil=True)
def tilt_line(cells, direction, line):
    """Slide the candies of one column (F, B) or row (L, R) against the ``direction`` wall."""
    if direction == F:
        _pack(cells, line, SIDE)
    elif direction == B:
        _pack(cells, (SIDE - 1) * SIDE + line, -SIDE)
    elif direction == L:
        _pack(cells, line * SIDE, 1)
    else:
        _pack(cells, line * SIDE + SIDE - 1, -1)


@njit(cache=True, nogil=True)
def tilt_cells(cells, direction):
    """Slide every candy as far as it goes toward the ``direction`` wall, in place. One loop per
    direction, so each line's step is a constant the compiler unrolls (1.9x the loop that chose
    the step per line, measured by bench.engines' ahc015.playouts)."""
    if direction == F:
        for line in range(SIDE):
            _pack(cells, line, SIDE)
    elif direction == B:
        for line in range(SIDE):
            _pack(cells, (SIDE - 1) * SIDE + line, -SIDE)
    elif direction == L:
        for line in range(SIDE):
            _pack(cells, line * SIDE, 1)
    else:
        for line in range(SIDE):
            _pack(cells, line * SIDE + SIDE - 1, -1)


# Byte masks for reading 8 cells as one little-endian uint64 word (SWAR).
_ONES = np.uint64(0x0101010101010101)
_HIGH = np.uint64(0x8080808080808080)
_LOW7 = np.uint64(0x7F7F7F7F7F7F7F7F)
_FULL_TAIL = np.uint64(0xFFFFFFFF00000000)  # bytes 100..103 past the board: never empty


@njit(cache=True, nogil=True)
def _eight_cells(cells, first):
    """cells[first:first + 8] as a little-endian word, cell ``first`` in the low byte. LLVM
    inlines it and merges the eight byte loads into one 64-bit load (not numba's
    inline="always": that keeps the array's reference counting inside drop's loop)."""
    word = np.uint64(0)
    for k in range(8):
        word |= np.uint64(cells[np.uint64(first + k)]) << np.uint64(8 * k)
    return word


@njit(cache=True, nogil=True)
def _last_cells(cells):
    """cells[96:100] as a word whose four high bytes count as full."""
    word = _FULL_TAIL
    for k in range(4):
        word |= np.uint64(cells[np.uint64(96 + k)]) << np.uint64(8 * k)
    return word


@njit(cache=True, nogil=True, inline="always")
def drop(cells, nth, flavour):
    """Put ``flavour`` into the nth (0-based, row-major) empty cell; return that cell (-1 when
    there are not that many). Eight cells a step, without a branch inside the word, as the
    reference C++ engine does (1.2x the playouts of bench.engines over a cell-by-cell scan)."""
    want = np.uint64(nth + 1)
    for word_index in range(CELLS // 8 + 1):
        word = _eight_cells(cells, 8 * word_index) if word_index < CELLS // 8 else _last_cells(cells)
        empty = ~(((word & _LOW7) + _LOW7) | word | _LOW7)  # 0x80 in exactly the zero bytes
        before = (empty >> np.uint64(7)) * _ONES  # byte k: the empty cells among bytes 0..k
        count = before >> np.uint64(56)
        if want <= count:
            reached = ((before | _HIGH) - want * _ONES) & _HIGH  # bytes where the count reaches want
            cell = 8 * word_index + np.int64(trailing_zeros(reached) >> np.uint64(3))
            cells[cell] = flavour
            return cell
        want -= count
    return -1


@njit(cache=True, nogil=True)
def square_sum(cells, seen, stack):
    """Sum of n_c^2 over the 4-connected groups of equal candies (the score's numerator)."""
    for i in range(CELLS):  # a loop: numba's slice assignment is much slower here
        seen[i] = 0
    total = 0
    for start in range(CELLS):
        flavour = cells[start]
        if flavour == 0 or seen[start]:
            continue
        seen[start] = 1
        stack[0] = start
        top = 1
        size = 0
        while top > 0:
            top -= 1
            i = stack[top]
            size += 1
            r = i // SIDE
            c = i - r * SIDE
            if r > 0 and not seen[i - SIDE] and cells[i - SIDE] == flavour:
                seen[i - SIDE] = 1
                stack[top] = i - SIDE
                top += 1
            if r < SIDE - 1 and not seen[i + SIDE] and cells[i + SIDE] == flavour:
                seen[i + SIDE] = 1
                stack[top] = i + SIDE
                top += 1
            if c > 0 and not seen[i - 1] and cells[i - 1] == flavour:
                seen[i - 1] = 1
                stack[top] = i - 1
                top += 1
            if c < SIDE - 1 and not seen[i + 1] and cells[i + 1] == flavour:
                seen[i + 1] = 1
                stack[top] = i + 1
                top += 1
        total += size * size
    return total


@njit(cache=True, nogil=True)
def rule_tilt(rule, next_flavour, last_vertical):
    """Rule 1 or rule 2 of the write-up (see rules.py) as a tilt code."""
    if next_flavour == STRAWBERRY:
        return B
    if rule == RULE1 or last_vertical != F:
        return F
    return R if next_flavour == WATERMELON else L


@njit(cache=True, nogil=True)
def playout(cells, placed, flavours, last_tilt, last_vertical, rule, key, seen, stack):
    """Finish the game on ``cells`` (``placed`` candies in, just tilted ``last_tilt``) with
    random drops from stream ``key`` and ``rule`` tilts; return the final sum of n_c^2."""
    for k in range(placed, CELLS):
        cell = drop(cells, random_below(key, k, CELLS - k), flavours[k])
        if k + 1 < CELLS:
            t = rule_tilt(rule, flavours[k + 1], last_vertical)
            if t == last_tilt:
                # Every line is already packed against that wall but the new candy's.
                tilt_line(cells, t, cell % SIDE if t == F or t == B else cell // SIDE)
            else:
                tilt_cells(cells, t)
            last_tilt = t
            if t == F or t == B:
                last_vertical = t
    return square_sum(cells, seen, stack)


@njit(cache=True, nogil=True)
def leader(round_sums, active):
    """The tilt still in the race with the best total over the rounds."""
    best = -1
    for t in range(4):
        if active[t] and (best < 0 or round_sums[t] > round_sums[best]):
            best = t
    return best


@njit(cache=True, nogil=True)
def retire_beaten(round_sums, diff_squares, active, rounds, z):
    """Take out of the race every tilt the leader beats by more than z standard errors;
    return how many tilts are left in it.

    Tilts share their futures, so the spread of each round's difference is what
    counts. A tilt that leaves the same box as the leader differs by exactly 0
    every round: it is no better, so it leaves the race too.
    """
    best = leader(round_sums, active)
    left = 1
    for t in range(4):
        if not active[t] or t == best:
            continue
        gap = (round_sums[best] - round_sums[t]) / rounds
        spread = diff_squares[best, t] / rounds - gap * gap
        if spread <= 0.0 or gap * gap * rounds > z * z * spread:
            active[t] = 0
        else:
            left += 1
    return left


@njit(cache=True, nogil=True)
def monte_carlo_slice(
    budget,
    counters,
    sums,
    counts,
    round_values,
    round_sums,
    diff_squares,
    active,
    root,
    placed,
    flavours,
    last_vertical,
    rule,
    seed,
    z,
    min_rounds,
    work,
    seen,
    stack,
):
    """Up to ``budget`` playouts. Round r plays the same random future (stream r) after
    each tilt still in the race, in FBLR order, and adds each final numerator to that
    tilt's sum. counters: [0] playouts done, [1] 1 once a single tilt is left,
    [2] the round under way, [3] the tilt to play next in it.

    After each whole round, once ``min_rounds`` are in, the tilts the leader beats by
    ``z`` standard errors leave the race (z = 0: all four race to the end).
    """
    for _ in range(budget):
        if counters[1]:
            return
        tilt = counters[3]
        key = mix64(seed ^ mix64(np.uint64(counters[2]) + np.uint64(1)))
        for i in range(CELLS):
            work[i] = root[i]
        tilt_cells(work, tilt)
        vertical = tilt if tilt == F or tilt == B else last_vertical
        value = playout(work, placed, flavours, tilt, vertical, rule, key, seen, stack)
        sums[tilt] += value
        counts[tilt] += 1
        counters[0] += 1
        round_values[tilt] = value
        following = tilt + 1
        while following < 4 and not active[following]:
            following += 1
        if following < 4:
            counters[3] = following
            continue
        for a in range(4):
            if active[a]:
                round_sums[a] += round_values[a]
                for b in range(4):
                    if active[b]:
                        d = round_values[a] - round_values[b]
                        diff_squares[a, b] += d * d
        counters[2] += 1
        if z > 0.0 and counters[2] >= min_rounds:
            if retire_beaten(round_sums, diff_squares, active, counters[2], z) == 1:
                counters[1] = 1
        counters[3] = 0
        while not active[counters[3]]:
            counters[3] += 1
