"""Numba helpers every puzzle's solver kernels share: seeded randomness, a sort and a hash set.

Each solver keeps its random state in a one-element uint64 array it owns, so a
run never depends on threads or on how the budget is sliced.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from solvers.jit import njit

_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@intrinsic
def trailing_zeros(typingctx, x):
    """LLVM's cttz: the index of the lowest set bit (x != 0)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return x(x), codegen


@intrinsic
def popcount(typingctx, x):
    """LLVM's ctpop: the number of set bits."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])

    return x(x), codegen


@njit(cache=True, nogil=True)
def mix64(z):
    """The splitmix64 finaliser: a well spread 64-bit function of z."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, nogil=True)
def next_random(rng):
    """The next splitmix64 output of the stream whose state is rng[0]."""
    rng[0] += _GOLDEN
    return mix64(rng[0])


@njit(cache=True, nogil=True)
def next_uniform(rng):
    """A float in [0, 1) from the splitmix64 stream whose state is rng[0]."""
    return float(next_random(rng) >> np.uint64(11)) / 9007199254740992.0


@njit(cache=True, nogil=True)
def copy_into(target, source):
    """target[:len(source)] = source, as a loop: numba's array-to-slice assignment compiles its
    shape check and error message too, ~3 s of a puzzle's first compilation."""
    for i in range(source.shape[0]):
        target[i] = source[i]


SMALL_SORT = 15  # numba's quicksort: partitions shorter than this are insertion-sorted
SORT_STACK = 100  # and the most partitions it keeps pending


@njit(cache=True, nogil=True, inline="always")
def _insertion_sort(keys, order, begin, end):
    """Sort ``order[begin:end]`` by ``keys`` in place (ties keep their order)."""
    for i in range(begin + 1, end):
        index = order[i]
        key = keys[index]
        j = i
        while j > begin and key < keys[order[j - 1]]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = index


@njit(cache=True, nogil=True)
def argsort_into(keys, count, order):
    """``order[:count]`` = ``np.argsort(keys[:count])``.

    numba's own quicksort, ported into one kernel so that it returns the very same
    permutation, ties included (the beams' answers do not change). np.argsort compiled
    its quicksort as six functions per key type, ~2 s of a puzzle's first compilation;
    this compiles in about half of that, and sorts as fast. Keys must not be NaN."""
    argsort_first_into(keys, count, order, count)


@njit(cache=True, nogil=True)
def argsort_first_into(keys, count, order, needed):
    """``order[:needed]`` as ``argsort_into`` gives it, the rest of ``order[:count]`` the other
    indices in no order: the quicksort skips the parts past ``needed``."""
    for i in range(count):
        order[i] = i
    if count < 2:
        return
    stack = np.empty(2 * SORT_STACK, dtype=np.int64)
    stack[0], stack[1] = 0, count - 1
    pending = 1
    while pending > 0:
        pending -= 1
        low, high = stack[2 * pending], stack[2 * pending + 1]
        while high - low >= SMALL_SORT:
            # partition around the median of low, middle and high, with numba's exact swaps
            mid = (low + high) >> 1
            if keys[order[mid]] < keys[order[low]]:
                order[low], order[mid] = order[mid], order[low]
            if keys[order[high]] < keys[order[mid]]:
                order[high], order[mid] = order[mid], order[high]
            if keys[order[mid]] < keys[order[low]]:
                order[low], order[mid] = order[mid], order[low]
            pivot = keys[order[mid]]
            order[high], order[mid] = order[mid], order[high]
            i, j = low, high - 1
            while True:
                while i < high and keys[order[i]] < pivot:
                    i += 1
                while j >= low and pivot < keys[order[j]]:
                    j -= 1
                if i >= j:
                    break
                order[i], order[j] = order[j], order[i]
                i += 1
                j -= 1
            order[i], order[high] = order[high], order[i]
            if high - i > i - low:  # the larger side waits on the stack
                if high > i and i + 1 < needed:
                    stack[2 * pending], stack[2 * pending + 1] = i + 1, high
                    pending += 1
                high = i - 1
            else:
                if i > low:
                    stack[2 * pending], stack[2 * pending + 1] = low, i - 1
                    pending += 1
                low = i + 1
                if low >= needed:  # none of this side is needed
                    high = low - 1
        _insertion_sort(keys, order, low, high + 1)  # what is left


@njit(cache=True, nogil=True, inline="always")
def bucket_of(key, low, scale):
    """The bucket of ``key`` in ``bucket_order``'s grouping."""
    return int((key - low) * scale)


@njit(cache=True, nogil=True)
def bucket_order(keys, count, order):
    """``order[:count]``: the indices of ``keys[:count]`` in buckets of equal width, lowest
    first, about one key per bucket (a counting sort, O(count)); unsorted within a bucket.
    Returns ``starts``, ``low``, ``scale``: the bucket ``bucket_of(key, low, scale)`` fills
    ranks ``starts[b]`` up to ``starts[b + 1]``, and ``sort_group`` sorts them. A beam that
    keeps the best ``width`` of many children sorts only the buckets it reaches: a full sort
    of 12,000 children took a third of a slide search."""
    low, high = keys[0], keys[0]
    for i in range(1, count):
        low, high = min(low, keys[i]), max(high, keys[i])
    scale = (count - 1) / (high - low) if high > low else 0.0
    starts = np.zeros(count + 1, dtype=np.int64)
    for i in range(count):
        starts[bucket_of(keys[i], low, scale) + 1] += 1
    for bucket in range(1, count + 1):
        starts[bucket] += starts[bucket - 1]
    filled = starts.copy()
    for i in range(count):
        bucket = bucket_of(keys[i], low, scale)
        order[filled[bucket]] = i
        filled[bucket] += 1
    return starts, low, scale


@njit(cache=True, nogil=True)
def sort_group(keys, order, begin, end, needed, work_keys, work_order, work_index):
    """Sort the first ``needed`` of ``order[begin:end]`` by ``keys``, the least first
    (``argsort_first_into`` on the group; ``work_*``: at least as long as the group); where
    the sorted part ends."""
    size = end - begin
    needed = min(needed, size)
    if size < SMALL_SORT:  # most buckets: in place, no work arrays
        _insertion_sort(keys, order, begin, end)
        return end
    for i in range(size):
        work_keys[i] = keys[order[begin + i]]
        work_index[i] = order[begin + i]
    argsort_first_into(work_keys, size, work_order, needed)
    for i in range(size):
        order[begin + i] = work_index[work_order[i]]
    return begin + needed


@njit(cache=True, nogil=True)
def argsort_descending_into(keys, count, order):
    """``order[:count]`` = ``np.argsort(-keys[:count])``: best first for keys where higher is
    better, ties in np.argsort's order. (A direction flag tested inside the sort's loops
    made it 18% slower.)"""
    negated = np.empty(count, dtype=keys.dtype)
    for i in range(count):
        negated[i] = -keys[i]
    argsort_into(negated, count, order)


@njit(cache=True, nogil=True)
def stamped_set_add(keys, stamps, stamp, h):
    """Insert h into an open-addressing set; False when it was already there.

    Entries whose stamp is not ``stamp`` count as free, so a new stamp empties
    the set (one per beam level) without clearing the arrays.
    """
    mask = keys.shape[0] - 1
    i = np.int64(h & np.uint64(mask))
    while stamps[i] == stamp:
        if keys[i] == h:
            return False
        i = (i + 1) & mask
    keys[i] = h
    stamps[i] = stamp
    return True


ASSIGNMENT_INFINITE = 1 << 40


@njit(cache=True, nogil=True, inline="always")
def augment_row(cost, cells, places, kind, row, cols, u, v, own, work):
    """The Hungarian method's step for one row: match ``row`` by one shortest augmenting path.

    Rows and columns are 1-based (0: the virtual start, as in the textbook version).
    Row i's cost at column j is ``cost[i - 1, j - 1]``, or, with ``cells`` and
    ``places`` given, ``cost[cells[i - 1], places[kind, j - 1]]`` (a table of costs
    between cells: ahc011's tiles and target cells). ``own[j]``: the row matched with
    column j, 0 for none. ``u``, ``v``: potentials, feasible for every row but
    ``row`` (whose own is arbitrary) and tight on the matched pairs. ``work``'s first
    three rows hold the path, the slack and the columns used. Afterwards ``row`` is
    matched too, at least total cost.
    """
    way, slack, used = 0, 1, 2
    own[0] = row
    j0 = 0
    for j in range(cols + 1):
        work[slack, j] = ASSIGNMENT_INFINITE
        work[used, j] = 0
    while True:
        work[used, j0] = 1
        i0, delta, j1 = own[j0], ASSIGNMENT_INFINITE, 0
        here = i0 - 1 if cells is None else cells[i0 - 1]  # cost's row, read once
        for j in range(1, cols + 1):
            if work[used, j] == 0:
                column = j - 1 if places is None else places[kind, j - 1]
                reduced = cost[here, column] - u[i0] - v[j]
                if reduced < work[slack, j]:
                    work[slack, j], work[way, j] = reduced, j0
                if work[slack, j] < delta:
                    delta, j1 = work[slack, j], j
        for j in range(cols + 1):
            if work[used, j]:
                u[own[j]] += delta
                v[j] -= delta
            else:
                work[slack, j] -= delta
        j0 = j1
        if own[j0] == 0:
            break
    while j0 != 0:
        j1 = work[way, j0]
        own[j0] = own[j1]
        j0 = j1


@njit(cache=True, nogil=True)
def least_assignment(cost, rows, cols, work):
    """The least total of ``cost[i, assigned j]`` over assignments of every row to its own column
    (the Hungarian method, rows <= columns): ahc011's tile travel, and the box-to-goal matchings of a
    plugin's search.

    ``work`` rows: ``augment_row``'s path, slack and used columns, then potentials u
    (rows) and v (columns) and each column's owner.
    """
    u, v, owner = work[3], work[4], work[5]
    u[: rows + 1] = 0
    v[: cols + 1] = 0
    owner[: cols + 1] = 0
    for i in range(1, rows + 1):
        augment_row(cost, None, None, 0, i, cols, u, v, owner, work)
    return -v[0]
