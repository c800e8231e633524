"""How far the start tiles must travel to fill a layout of tile types (numba).

For one tile type, the cells that want it and the start tiles of that type
are matched one to one by the fewest total Manhattan steps (the Hungarian
method, rows <= columns). This is the target annealer's energy: summed over
the types it predicts the sliding cost of a target much better than each
cell's distance to its nearest tile of the type, since it cannot send two
cells to the same tile.
"""

from __future__ import annotations

from numba import njit

INFINITE = 1 << 40


@njit(cache=True, nogil=True)
def least_assignment(cost, rows, cols, work):
    """The least total of ``cost[i, assigned j]`` over assignments of every row to its own column.

    ``work`` rows: potentials u (rows) and v (columns), column owner, path and
    slack; all 1-based with 0 as the virtual start, as in the textbook version.
    """
    u, v, owner, way, slack = work[0], work[1], work[2], work[3], work[4]
    used = work[5]
    u[:rows + 1] = 0
    v[:cols + 1] = 0
    owner[:cols + 1] = 0
    for i in range(1, rows + 1):
        owner[0] = i
        j0 = 0
        slack[:cols + 1] = INFINITE
        used[:cols + 1] = 0
        while True:
            used[j0] = 1
            i0, delta, j1 = owner[j0], INFINITE, 0
            for j in range(1, cols + 1):
                if used[j] == 0:
                    reduced = cost[i0 - 1, j - 1] - u[i0] - v[j]
                    if reduced < slack[j]:
                        slack[j], way[j] = reduced, j0
                    if slack[j] < delta:
                        delta, j1 = slack[j], j
            for j in range(cols + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    slack[j] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while j0 != 0:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
    return -v[0]


@njit(cache=True, nogil=True)
def type_travel(n, mask, kind, cells, sources, counts, cost, work):
    """Fewest total steps matching the cells of ``mask`` holding ``kind`` with the start tiles of
    that type (``sources[kind, :counts[kind]]``), over as many pairs as the smaller side has.

    The bottom-right corner (the target's empty square) never counts.
    """
    found = 0
    for cell in range(n * n - 1):
        if mask[cell] == kind:
            cells[found] = cell
            found += 1
    tiles = counts[kind]
    if found == 0 or tiles == 0:
        return 0
    small, large = min(found, tiles), max(found, tiles)
    for i in range(small):
        for j in range(large):
            a = cells[i] if found <= tiles else cells[j]
            b = sources[kind, j] if found <= tiles else sources[kind, i]
            cost[i, j] = abs(a // n - b // n) + abs(a % n - b % n)
    return least_assignment(cost, small, large, work)


@njit(cache=True, nogil=True)
def cells_by_type(n, tiles, counts, cells):
    """Per type, how many tiles of it ``tiles`` holds (``counts``) and their cells (``cells``)."""
    counts[:] = 0
    for cell in range(n * n):
        kind = tiles[cell]
        if kind:
            cells[kind, counts[kind]] = cell
            counts[kind] += 1
