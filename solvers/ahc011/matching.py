"""How far the start tiles must travel to fill a layout of tile types (numba).

For one tile type, the cells that want it and the start tiles of that type
are matched one to one by the fewest total Manhattan steps (the Hungarian
method, rows <= columns). This is the target annealer's energy: summed over
the types it predicts the sliding cost of a target much better than each
cell's distance to its nearest tile of the type, since it cannot send two
cells to the same tile.
"""

from __future__ import annotations

from solvers.jit import njit

from ..kernels import least_assignment
from .grid import manhattan


@njit(cache=True, nogil=True)
def type_travel(n, mask, kind, cells, sources, counts, cost, work):
    """Fewest total steps matching the cells of ``mask`` holding ``kind`` with the start tiles of
    that type (``sources[kind, :counts[kind]]``), over as many pairs as the smaller side has.

    The target's empty square (type 0: no start tile has it) never counts.
    """
    found = 0
    for cell in range(n * n):
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
            cost[i, j] = manhattan(n, a, b)
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
