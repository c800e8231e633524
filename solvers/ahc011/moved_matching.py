"""A board's least matching of tiles to target cells, kept up to date slide by slide (numba).

The slide search (``move_beam``) ranks every child board by its travel: per
type, the fewest total steps from its tiles to the target's cells of that type
(a least-cost assignment). Solving each child's assignment afresh took half the
search's time on 9x9 boards. A slide moves one tile one step, so every cost in
that tile's row changes by exactly one, and so does the least total (all
matchings of a type have the same parity). Kept with each board, the
Hungarian method's matching and potentials decide the child's travel:
- the tile stepped toward its own matched cell: the matching stays least, one
  shorter (``stepped_closer``, O(1));
- it stepped away from its matched cell and toward no other cell of its type
  that it is nearly tight with (reduced cost under 2): raising its potential
  by one keeps the potentials feasible, so the matching stays least, one
  longer (``stepped_away``, O(k); 9 in 10 of the slides away at N = 6);
- otherwise its pair is undone and one augmenting path matches it again
  (``rematch``, O(k^2) for the type's k tiles instead of O(k^3)).

A board's matching is one int8 array of four sections of n * n entries
(small, as it is copied with every board the beam keeps). Within a type, tiles
are rows and target cells columns, numbered from 1; a type's tiles and target
cells are numbered from ``first[kind]`` across types:
- TILE, by cell: the row of the tile standing there (0: the empty square);
- SLOT, by tile: the column it is matched with;
- ROW_POTENTIAL, by tile, and COLUMN_POTENTIAL, by target cell: the duals.
Potentials are shifted so the columns' largest is 0 (``_normalize``): then
they lie within -2(n - 1) .. 4(n - 1) and fit int8 up to n = 32.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit

from ..kernels import augment_row
from .grid import manhattan

TILE, SLOT, ROW_POTENTIAL, COLUMN_POTENTIAL = 0, 1, 2, 3
SECTIONS = 4
MAX_SIDE = 32  # potentials fit int8 up to here
MAX_TILES = 127  # tiles of one type that fit int8 rows


@njit(cache=True, nogil=True)
def fits(n, counts):
    """Whether a board's matching fits int8 (false only on boards far past the contest's)."""
    if n > MAX_SIDE:
        return False
    for kind in range(16):
        if counts[kind] > MAX_TILES:
            return False
    return True


@njit(cache=True, nogil=True)
def distances(n):
    """Steps between every two cells (a table: the matching reads thousands per level)."""
    size = n * n
    table = np.zeros((size, size), dtype=np.int8)
    for a in range(size):
        for b in range(size):
            table[a, b] = manhattan(n, a, b)
    return table


@njit(cache=True, nogil=True, inline="always")
def _normalize(rows, u, v):
    """Shift the potentials so the columns' largest is 0, the rows' up as much (their sums, the
    least travel, stay). Any two columns then differ by at most the largest cost, 2(n - 1),
    as each column's matched row is tight there and feasible at the other."""
    top = v[1]
    for j in range(2, rows + 1):
        top = max(top, v[j])
    for j in range(1, rows + 1):
        v[j] -= top
        u[j] += top


@njit(cache=True, nogil=True, inline="always")
def _store(n, kind, first, counts, u, v, own, matching, layer, board):
    """Write a type's matching (``rematch``'s results) into ``matching[layer, board]``."""
    size = n * n
    base = first[kind]
    for j in range(1, counts[kind] + 1):
        matching[layer, board, SLOT * size + base + own[j] - 1] = j
        matching[layer, board, ROW_POTENTIAL * size + base + j - 1] = u[j]
        matching[layer, board, COLUMN_POTENTIAL * size + base + j - 1] = v[j]


@njit(cache=True, nogil=True)
def start_matching(n, tiles, first, counts, places, shift, steps, matching, board, travels, cells, u, v, own, work):
    """Fill ``matching[0, board]`` and ``travels`` (per type) for the board ``tiles`` (the Hungarian
    method, a row at a time); its total travel. ``places[shift + kind]``: the target's cells of
    a type (``shift``, a multiple of 16, picks one of several targets' tables)."""
    size = n * n
    seen = np.zeros(16, dtype=np.int64)
    for cell in range(size):
        kind = tiles[cell]
        if kind:
            seen[kind] += 1
            matching[0, board, TILE * size + cell] = seen[kind]
    total = 0
    for kind in range(1, 16):
        rows = counts[kind]
        if rows == 0:
            continue
        for cell in range(size):
            if tiles[cell] == kind:
                cells[matching[0, board, TILE * size + cell] - 1] = cell
        for j in range(rows + 1):
            u[j], v[j], own[j] = 0, 0, 0
        for row in range(1, rows + 1):
            augment_row(steps, cells, places, shift + kind, row, rows, u, v, own, work)
        _normalize(rows, u, v)
        _store(n, kind, first, counts, u, v, own, matching, 0, board)
        travels[kind] = 0
        for j in range(1, rows + 1):
            travels[kind] += steps[cells[own[j] - 1], places[shift + kind, j - 1]]
        total += travels[kind]
    return total


@njit(cache=True, nogil=True, inline="always")
def stepped_closer(n, kind, start, end, first, places, shift, steps, matching, layer, board):
    """Whether the tile at ``start`` sliding to ``end`` steps toward its matched target cell
    (then the travel is one less, and ``slide_closer`` updates the matching)."""
    size = n * n
    tile = first[kind] + matching[layer, board, TILE * size + start] - 1
    slot = matching[layer, board, SLOT * size + tile]
    return (
        steps[end, places[shift + kind, slot - 1]]
        - matching[layer, board, ROW_POTENTIAL * size + tile]
        - matching[layer, board, COLUMN_POTENTIAL * size + first[kind] + slot - 1]
    ) == -1


@njit(cache=True, nogil=True, inline="always")
def slide_closer(n, kind, start, end, first, matching, layer, board):
    """Update ``matching[layer, board]`` (a copy of the parent's) for a slide ``stepped_closer``:
    the same pairs, the tile's potential one lower."""
    _slide_kept(n, kind, start, end, first, matching, layer, board, -1)


@njit(cache=True, nogil=True, inline="always")
def stepped_away(n, kind, start, end, first, counts, places, shift, steps, matching, layer, board):
    """Whether the tile at ``start`` sliding to ``end``, not ``stepped_closer``, leaves its
    matching least, one longer (then ``slide_away`` updates the matching).

    Its cost to every target cell changes by one. With its potential one higher,
    the cells it steps away from stay feasible, and its matched cell stays tight
    (the slide does not step toward it). A cell it steps toward stays feasible
    where its reduced cost was at least 2. If that holds for every such cell,
    the same matching is still least."""
    size = n * n
    base = first[kind]
    tile = base + matching[layer, board, TILE * size + start] - 1
    potential = matching[layer, board, ROW_POTENTIAL * size + tile]
    for j in range(counts[kind]):
        place = places[shift + kind, j]
        if (
            steps[end, place] < steps[start, place]
            and steps[start, place] - potential - matching[layer, board, COLUMN_POTENTIAL * size + base + j] < 2
        ):
            return False
    return True


@njit(cache=True, nogil=True, inline="always")
def slide_away(n, kind, start, end, first, matching, layer, board):
    """Update ``matching[layer, board]`` (a copy of the parent's) for a slide ``stepped_away``:
    the same pairs, the tile's potential one higher."""
    _slide_kept(n, kind, start, end, first, matching, layer, board, 1)


@njit(cache=True, nogil=True, inline="always")
def _slide_kept(n, kind, start, end, first, matching, layer, board, change):
    """The tile at ``start`` keeps its pair from ``end``, its potential moved by ``change``."""
    size = n * n
    row = matching[layer, board, TILE * size + start]
    matching[layer, board, TILE * size + end] = row
    matching[layer, board, TILE * size + start] = 0
    matching[layer, board, ROW_POTENTIAL * size + first[kind] + row - 1] += change


@njit(cache=True, nogil=True, inline="always")
def rematch(
    n, boards, kind, start, end, first, counts, places, shift, steps, matching, layer, board, cells, u, v, own, work
):
    """The least travel of ``kind`` once its tile at ``start`` on ``boards[layer, board]`` (its
    matching in ``matching[layer, board]``) slides to ``end``: its pair undone and matched
    again by one augmenting path. The new matching stays in ``u``, ``v``, ``own`` for
    ``store_rematch``."""
    size = n * n
    base, rows = first[kind], counts[kind]
    for cell in range(size):
        if boards[layer, board, cell] == kind:
            cells[matching[layer, board, TILE * size + cell] - 1] = cell
    row = matching[layer, board, TILE * size + start]
    cells[row - 1] = end
    for i in range(1, rows + 1):
        own[matching[layer, board, SLOT * size + base + i - 1]] = i
        u[i] = matching[layer, board, ROW_POTENTIAL * size + base + i - 1]
        v[i] = matching[layer, board, COLUMN_POTENTIAL * size + base + i - 1]
    own[matching[layer, board, SLOT * size + base + row - 1]] = 0
    augment_row(steps, cells, places, shift + kind, row, rows, u, v, own, work)
    _normalize(rows, u, v)
    travel = 0
    for j in range(1, rows + 1):
        travel += u[j] + v[j]  # all pairs tight: the potentials sum to the least travel
    return travel


@njit(cache=True, nogil=True, inline="always")
def store_rematch(n, kind, start, end, first, counts, u, v, own, matching, layer, board):
    """Update ``matching[layer, board]`` (a copy of the parent's) to ``rematch``'s result."""
    size = n * n
    row = matching[layer, board, TILE * size + start]
    matching[layer, board, TILE * size + end] = row
    matching[layer, board, TILE * size + start] = 0
    _store(n, kind, first, counts, u, v, own, matching, layer, board)
